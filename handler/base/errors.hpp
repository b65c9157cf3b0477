/// The program's own error codes (files, its configuration, starting mail programs), kept out of
/// the library's mailtokit::errc, and a result type whose error is either kind.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "mailtokit/result.hpp"

namespace mailtokit::errors {

/// The program's codes, one line per code: X(snake_case_name, "human message"). The names are
/// printed as the library's are (CLI, JSON, the man page's ERRORS section) and are as stable.
#define MAILTOKIT_PROGRAM_ERRC_LIST(X)                         \
  X(io_error, "file could not be read or written")           \
  X(config_error, "configuration file is malformed")         \
  X(exec_syntax, "command template is malformed")            \
  X(spawn_failed, "could not start the program")             \
  X(not_found, "program or file not found")

/// What went wrong in the program itself (never returned by the library).
enum class errc : std::uint16_t {
#define MAILTOKIT_PROGRAM_ERRC_ENUM(name, msg) name,
  MAILTOKIT_PROGRAM_ERRC_LIST(MAILTOKIT_PROGRAM_ERRC_ENUM)
#undef MAILTOKIT_PROGRAM_ERRC_ENUM
};

/// The stable snake_case name of a program code, e.g. "io_error".
[[nodiscard]] std::string_view to_name(errors::errc code) noexcept;
/// A human-readable sentence for a program code.
[[nodiscard]] std::string_view to_string(errors::errc code) noexcept;

/// A library code or one of the program's: what a step of the program reports.
class code {
 public:
  /// A library code.
  constexpr code(mailtokit::errc c) noexcept : lib_(c) {}
  /// A program code.
  constexpr code(errors::errc c) noexcept : own_(c), is_own_(true) {}
  /// The library code, when it is one.
  [[nodiscard]] constexpr bool is_library() const noexcept { return !is_own_; }
  /// The library code (is_library()).
  [[nodiscard]] constexpr mailtokit::errc library() const noexcept { return lib_; }
  /// The program code (!is_library()).
  [[nodiscard]] constexpr errors::errc own() const noexcept { return own_; }
  /// Same kind, same code.
  friend constexpr bool operator==(code a, code b) noexcept {
    return a.is_own_ == b.is_own_ && (a.is_own_ ? a.own_ == b.own_ : a.lib_ == b.lib_);
  }

 private:
  mailtokit::errc lib_{};
  errors::errc own_{};
  bool is_own_ = false;
};

/// The stable name of either kind of code.
[[nodiscard]] std::string_view to_name(code c) noexcept;
/// The sentence of either kind of code.
[[nodiscard]] std::string_view to_string(code c) noexcept;

/// An error of the program: a code of either kind and the byte offset it concerns.
struct error {
  errors::code code;      ///< what went wrong
  std::size_t offset = 0;  ///< byte offset in the input of the failing step
  /// A program error.
  constexpr error(errors::code c, std::size_t at) noexcept : code(c), offset(at) {}
  /// A library error, as it came.
  constexpr error(const mailtokit::error& e) noexcept : code(e.code), offset(e.offset) {}
  /// Same code and offset.
  friend bool operator==(const error&, const error&) = default;
};

/// "<name> at byte <offset>: <message>", as mailtokit::describe() formats a library error.
[[nodiscard]] std::string describe(const error& e);

/// Shorthand for returning a program error: `return fail(errors::errc::io_error, 0);`
[[nodiscard]] constexpr error fail(errors::errc c, std::size_t offset) noexcept { return error{c, offset}; }

/// A value or a program error: the library's result with errors::error as its error type (a
/// library result, or a library error, converts into it). One error convention for the program.
template <class T>
using result = mailtokit::result<T, errors::error>;

}  // namespace mailtokit::errors

namespace mailtokit {

/// The program's exit statuses (inline: every part of the program writes exit_ok as it is).
inline namespace exit_status {

/// sysexits.h values the program uses.
enum exit_code : int {
  exit_ok = 0,
  exit_usage = 64,     // EX_USAGE: bad command line
  exit_dataerr = 65,   // EX_DATAERR: bad input
  exit_noinput = 66,   // EX_NOINPUT
  exit_unavailable = 69,  // EX_UNAVAILABLE: no mail client
  exit_software = 70,  // EX_SOFTWARE: internal error
  exit_cantcreat = 73, // EX_CANTCREAT: output file cannot be written
  exit_ioerr = 74,     // EX_IOERR: a write to standard output or a file failed
  exit_tempfail = 75,  // EX_TEMPFAIL: the link was put aside, to be opened later
  exit_config = 78,    // EX_CONFIG: bad configuration
};

}  // namespace exit_status
}  // namespace mailtokit

namespace mailtokit::errors {

/// A failure of `open`, for stderr and the desktop: what went wrong and what to do about it.
struct open_failure {
  open_failure() = default;
  open_failure(int exit, std::string why, std::string todo, std::string error_code = {})
      : exit_code(exit), reason(std::move(why)), advice(std::move(todo)), code(std::move(error_code)) {}
  int exit_code = 0;
  std::string reason;
  std::string advice;
  std::string code;  ///< the error code printed (a library errc name); empty: by exit status (code_for_exit)
  /// What the desktop (dialog, notification) says instead of `reason` when that is for stderr
  /// only (a byte offset, the library's English words); empty: `reason`.
  std::string shown;
  /// Another mail program (or a webmail) would fix it: no program found, it could not be started,
  /// it stopped at once with an error, it cannot be given this draft or address, its desktop entry
  /// runs a shell, a webmail without a browser. The failure window then offers the Mail links window.
  bool another_program = false;
};

/// `f`, marked as a failure that another mail program would fix (open_failure::another_program).
[[nodiscard]] inline open_failure fixed_elsewhere(open_failure f) {
  f.another_program = true;
  return f;
}

/// A value, or why `open` cannot go on (what the user is told and the exit status): the
/// program's one result type with an open_failure as its error.
template <class T>
using open_result = mailtokit::result<T, open_failure>;

/// A configuration error at `where` ("<path>, line L, column C"): exit 78, "correct the file".
[[nodiscard]] open_failure config_failure(std::string_view where, std::string_view what);

}  // namespace mailtokit::errors
