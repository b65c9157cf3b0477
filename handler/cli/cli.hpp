/// The subcommands of the `mailtokit` program; each file handler/cmd_<group>.cpp adds its own.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <limits>
#include <type_traits>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/address.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/result.hpp"
#include "base/errors.hpp"

namespace mailtokit::cli {


/// The largest --max-input: 64 MiB. `batch` holds a buffer of this size, so a larger value would be
/// an allocation the user did not mean (a mistyped 1 TB is refused, not attempted).
inline constexpr std::uint64_t max_input_limit = 64u << 20;
/// The largest --max-recipients, --max-hfields, --max-encoded-words.
inline constexpr std::uint64_t max_count_limit = 1u << 20;
/// The most `batch --jobs`: 64 worker threads. Memory grows with (2 * jobs + 2) chunks of up to
/// --max-input bytes; more threads than this only wait on each other on any current machine.
inline constexpr std::uint64_t max_jobs = 64;

/// Shared by the subcommands: the exit code the chosen one sets.
struct context {
  int exit_code = exit_ok;
};

/// How a link is read: the options inspect and batch share.
struct link_reading {
  bool strict_utf8 = false;  // --strict-utf8
  bool strict = false;       // --strict
  std::string charset;       // --charset
  std::vector<std::string> keep;
  std::vector<std::string> drop;
  limits lim{};  // --max-input, --max-recipients, --max-hfields, --max-encoded-words
};

/// The one error format of the program, on stderr:
///   error: <code>: <what is wrong, naming the option, argument, file or line> (<reason>)
///     <what to do>
/// The "(<reason>)" part is left out when `reason` is empty, the second line when `todo` is.
/// `code` is a stable name: a library errc name (to_name), or usage, io_error, cannot_create,
/// no_input, config_error, unknown_command.
void report_error(std::string_view code, std::string_view what, std::string_view reason = {},
                  std::string_view todo = {});
/// The code report_error() uses for a failure that has no library errc, by exit status: 64
/// usage, 65 refused, 66 no_input, 69 unavailable, 70 internal_error, 73 cannot_create, 74
/// io_error, 78 config_error (other statuses: "error"). E.g. for an open_failure `f`:
/// report_error(code_for_exit(f.exit_code), f.reason, {}, f.advice).
[[nodiscard]] std::string_view code_for_exit(int exit_code) noexcept;
/// A library error in `subject` (e.g. "the link", "--eml d.eml"):
/// "error: <code>: <subject> at byte <offset> (<message>)".
void print_error(const error& e, std::string_view subject = "the input");
/// Print "error: <text>" to stderr (older, untyped form; prefer report_error()).
void print_error(std::string_view text);

/// Writes `bytes` to standard output (through stdio, so it mixes with printf). A failure is
/// remembered with its errno and reported by finish_output(); later writes are skipped.
void write_stdout(std::string_view bytes);
/// Flushes standard output (stdio and std::cout). When any write to it failed (write_stdout(),
/// printf, std::cout, a full disk, a closed pipe, /dev/full), prints
/// "error: io_error: cannot write to standard output (<errno text>)" and returns exit_ioerr;
/// otherwise returns `code`. main() calls it after every command, so no command exits 0 after
/// losing output; a command that must report first (e.g. before deleting a file) may call it too.
[[nodiscard]] int finish_output(int code);

/// Adds option `names` (CLI11 syntax, e.g. "--jobs,-j") that takes a whole number from `lo` to
/// `hi`, handed to `set`; "(<lo> to <hi>, default <default_value>)" is appended to `help`.
/// Anything else (negative, too large, overflowing, empty, not a number, trailing bytes, given
/// twice) stops parsing with exit_usage and "error: usage: --jobs takes 0 to 64 ('-1' is out of
/// range)". `hi` must fit the destination: add_number_option() below checks that.
CLI::Option* add_number_option_to(CLI::App* cmd, const std::string& names, std::function<void(std::uint64_t)> set,
                                  std::uint64_t lo, std::uint64_t hi, std::uint64_t default_value,
                                  const std::string& help);
/// add_number_option_to() storing into `value` (an unsigned integer), whose current value is the default.
template <class T>
CLI::Option* add_number_option(CLI::App* cmd, const std::string& names, T& value, std::uint64_t lo, std::uint64_t hi,
                               const std::string& help) {
  static_assert(std::is_unsigned_v<T>);
  if (hi > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) hi = std::numeric_limits<T>::max();
  return add_number_option_to(
      cmd, names, [&value](std::uint64_t v) { value = static_cast<T>(v); }, lo, hi, value, help);
}
/// Adds option `names` that takes one of `choices` into `value` ("one of: a, b, c" appended to
/// `help`); anything else is exit_usage with "error: usage: --format takes text or json ('xml' is
/// not one of them)".
CLI::Option* add_choice_option(CLI::App* cmd, const std::string& names, std::string& value,
                               std::initializer_list<std::string_view> choices, const std::string& help);
/// Puts `text` (what the command's one-line description leaves out) before the exit statuses at
/// the end of `cmd --help`, so that `mailtokit --help` lists each command in one line.
void add_help_paragraph(CLI::App* cmd, const std::string& text);
/// `text` as a whole number from `lo` to `hi`, or nothing (no sign, no spaces, no overflow).
[[nodiscard]] std::optional<std::uint64_t> parse_number(std::string_view text, std::uint64_t lo, std::uint64_t hi);

/// The closest name in `names` to `typed` (Damerau-Levenshtein distance at most 2, and less than
/// the typed length), or empty: the "did you mean" of mistyped commands.
[[nodiscard]] std::string closest_name(std::string_view typed, const std::vector<std::string>& names);
/// Append the C-style escape of an ASCII control to `out`: \t, \n, \r, or \xHH written with the
/// digits of `hex` (chars::hex_upper or chars::hex_lower). False, with nothing appended, when
/// `b` is not a C0 control or DEL.
bool append_control_escape(std::string& out, unsigned char b, const char* hex);
/// Append the visible stand-in of a code point that must not be shown as itself: "<U+202E>", as
/// the library's preview::visible() writes it.
void append_code_point_tag(std::string& out, char32_t cp);
/// The address of a --from option (one valid address), or nothing after printing why not.
[[nodiscard]] std::optional<address> parse_from_option(std::string_view text);


/// RFC 5322 section 3.3 date-time (the current syntax, not the obsolete one), e.g.
/// "Wed, 25 Nov 2026 18:30:00 +0000" (cmd_compose.cpp).
[[nodiscard]] bool valid_date_time(std::string_view s);
/// RFC 5322 section 3.6.4 msg-id without comments, e.g. "<draft-1@example.org>".
[[nodiscard]] bool valid_msg_id(std::string_view s);
/// True when `date` is valid_date_time(); otherwise prints why --date is refused and what a
/// date-time looks like (exit_usage follows).
[[nodiscard]] bool check_date_option(std::string_view date);
/// `s` for a terminal: controls, bidi controls, line separators and invalid bytes shown as
/// escapes, never sent raw (a hostile link must not drive the terminal or reorder the display).
[[nodiscard]] std::string printable(std::string_view s);
/// `v` in single quotes for a message, controls escaped, at most 80 bytes.
[[nodiscard]] std::string shown_value(std::string_view v);

/// `o` into parse options and a header policy (cmd_mailto.cpp). False, after printing why, when
/// they cannot be used (exit_usage): --strict-utf8 with --charset, an unknown charset, a --keep
/// the policy refuses.
[[nodiscard]] bool apply_link_reading(const link_reading& o, parse_options& po, policy& p);

/// Add the options of `o` but --strict (which each command explains its own way) to `cmd`
/// (cmd_mailto.cpp): --strict-utf8, --charset, --keep, --drop, --max-input (explained by
/// `max_input_help`), --max-recipients, --max-hfields.
void add_link_reading_options(CLI::App* cmd, link_reading& o, const std::string& max_input_help);


}  // namespace mailtokit::cli
