/// The protocol handler's configuration file ($XDG_CONFIG_HOME/mailtokit/config) and the XDG
/// base directories it and the draft files live in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/result.hpp"
#include "base/errors.hpp"

namespace mailtokit::xdg {

/// A value with the byte offset of its first character in the configuration file.
struct located {
  std::string value;
  std::size_t offset = 0;
  friend bool operator==(const located&, const located&) = default;
};

/// What a configuration file says. Unset keys are nullopt / empty. A value type.
struct config {
  std::optional<located> target;           ///< target = NAME
  std::optional<located> webmail;          ///< webmail = ADDRESS of a self-hosted webmail, or a template with %s
  std::optional<located> from;             ///< from = ADDRESS (the user's identity for drafts)
  std::optional<located> command;          ///< command = EXEC (for target = custom)
  std::optional<located> terminal;         ///< terminal = EXEC prefix (e.g. "foot" or "xterm -e")
  std::vector<located> keep;               ///< keep = name[, name...]: hfields to keep too
  std::vector<located> drop;               ///< drop = name[, name...]: hfields to drop too
  std::optional<bool> smtputf8;            ///< smtputf8 = yes|no: allow RFC 6532 UTF-8 headers
  std::optional<bool> notify;              ///< notify = yes|no: desktop notifications (default yes)
  std::optional<bool> strict;              ///< strict = yes|no: refuse what is repaired by default (parse_options::strict)
  std::optional<located> confirm;          ///< confirm = risky|always|never: ask before `open` hands over
  std::optional<unsigned> draft_max_age_days;  ///< draft_max_age_days = N (0: never delete)
  /// attach_max_size = N[kB|MB|GB]: the largest file a send-by-email request may attach (SI units)
  std::optional<std::uint64_t> attach_max_size;
  /// attach_max_files = N (1 to 12): the most files one request has offered
  std::optional<std::size_t> attach_max_files;
  /// attach_max_total = N[kB|MB|GB]: the most bytes one request has offered together
  std::optional<std::uint64_t> attach_max_total;
};

/// Largest configuration file read, in bytes.
inline constexpr std::size_t max_config_size = 64 * 1024;

/// Why a configuration file cannot be used: the code and the byte offset (config_error unless
/// said otherwise), and what is wrong in plain words, naming the key and what it takes:
/// "unknown key 'bogus_key' (the keys are target, from, ...)", "missing '=' after 'target' (a line
/// is key = value)", "notify takes yes or no, not 'maybe'". The program prints "<file>, line L,
/// column C: <words>" (the position from the offset).
struct config_problem {
  errors::error at;  ///< the code and the byte offset
  std::string words;  ///< what is wrong, for a person
};

/// Parse a configuration file: UTF-8 lines `key = value` (white space around both trimmed),
/// '#' comment lines and blank lines; a later line overrides an earlier one, except keep/drop,
/// which add up. Errors (config_error unless said otherwise) carry the byte offset: a line
/// without '=', an unknown key, a bad yes/no or number, invalid UTF-8 (the utf8_* code), a file
/// over max_config_size (input_too_long). Values are not interpreted here (open_link/plan.cpp and
/// xdg/user_files.cpp do).
[[nodiscard]] mailtokit::result<config, config_problem> parse_config(std::string_view text);

/// `text` (a configuration file) with `key = value`: the first line that sets `key` becomes
/// that line and any later one that sets it goes (it would override); else the line is added
/// at the end. Every other line, comments and blank lines included, stays as it was. `value`
/// must hold no line break.
[[nodiscard]] std::string with_value(std::string_view text, std::string_view key, std::string_view value);
/// `text` without the lines that set `key`; every other line stays as it was.
[[nodiscard]] std::string without_key(std::string_view text, std::string_view key);

/// The keys a configuration file may set, in the order the man page lists them.
inline constexpr std::string_view config_keys[] = {"target",   "webmail", "command", "terminal", "from",
                                                    "confirm",  "keep",    "drop",     "smtputf8",
                                                    "notify",   "strict",  "draft_max_age_days", "attach_max_size",
                                                    "attach_max_files", "attach_max_total"};

/// The environment the paths come from; each member is the variable's value or nullopt when
/// unset. Kept apart from getenv() so that the rules are testable.
struct environment {
  std::optional<std::string> home;              ///< HOME
  std::optional<std::string> xdg_config_home;   ///< XDG_CONFIG_HOME
  std::optional<std::string> xdg_data_home;     ///< XDG_DATA_HOME
  std::optional<std::string> xdg_state_home;    ///< XDG_STATE_HOME
  std::optional<std::string> mailtokit_config;  ///< MAILTOKIT_CONFIG
  /// The current process environment.
  [[nodiscard]] static environment current();
};

/// XDG Base Directory Specification: $XDG_CONFIG_HOME, else $HOME/.config ("If an
/// implementation encounters a relative path in any of these variables it should consider the
/// path invalid and ignore it"). not_found when neither gives an absolute path.
[[nodiscard]] errors::result<std::string> config_home(const environment& env);
/// $XDG_DATA_HOME, else $HOME/.local/share.
[[nodiscard]] errors::result<std::string> data_home(const environment& env);
/// $XDG_STATE_HOME, else $HOME/.local/state.
[[nodiscard]] errors::result<std::string> state_home(const environment& env);

/// The configuration file: $MAILTOKIT_CONFIG when set and not empty, else
/// config_home()/mailtokit/config.
[[nodiscard]] errors::result<std::string> config_path(const environment& env);

}  // namespace mailtokit::xdg
