/// Which mail program gets the draft: one choice for `open`, `status` and `targets`.
/// `--target`, else `target =` in the configuration (a name such as `thunderbird`, or
/// `desktop:ID` for a desktop entry); else the mailto handler the user had before `mailtokit
/// register` (remembered, looked up again at every click); else the desktop's own preference for
/// x-scheme-handler/mailto with mailtokit left out; else the first known program installed.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "clients/client.hpp"
#include "clients/webmail.hpp"
#include "launch/entries.hpp"
#include "clients/dispatch.hpp"
#include "launch/process.hpp"
#include "xdg/config.hpp"

namespace mailtokit::open_link {


/// Why a target was chosen.
/// desktop_default: a mimeapps.list names it (somebody chose it); desktop_pick: only the desktop's
/// first of the installed programs, nobody's choice.
enum class chosen_by { command_line, configuration, remembered, desktop_default, desktop_pick, fallback };
/// In words, for `status` ("the program you used before `mailtokit register`").
[[nodiscard]] std::string_view describe(chosen_by why) noexcept;

/// The choice.
struct chosen {
  dispatch::target t = dispatch::target::custom;
  std::optional<launch::entry> entry;       ///< t == desktop: the entry started
  const clients::client* known = nullptr;   ///< the program, when it is one mailtokit knows
  chosen_by why = chosen_by::fallback;
  std::string program_path;                 ///< fallback: the program found in PATH
  std::string gone;                         ///< the remembered entry id, when it has gone
  const webmail::service* service = nullptr;  ///< t == webmail: the service
  std::string webmail_address;              ///< t == webmail: its checked address or template ("" when hosted)
};

/// What choose() reads, gathered by the caller (the environment and the desktop stay outside,
/// so unit tests reach every rule).
struct choice_inputs {
  std::string cli_target;                   ///< --target ("" when not given)
  const xdg::config* cfg = nullptr;     ///< the configuration (never null)
  std::string remembered;                   ///< the handler before `register` ("" when none)
  std::function<std::optional<launch::entry>(std::string_view)> find_entry;  ///< launch::find
  std::function<std::vector<launch::entry>()> handlers;                     ///< launch::mailto_handlers
  std::function<std::optional<std::string>(std::string_view)> installed;    ///< launch::find_program
  std::string self_exe;                     ///< /proc/self/exe, to leave mailtokit out
  bool have_terminal = false;               ///< a terminal program can be started
  /// A mimeapps.list names this entry id as the default for mail links (named_mail_default());
  /// none: every handler counts as chosen.
  std::function<bool(const std::string&)> named_default;
};

/// A target value: a name from dispatch::parse_target(), or "desktop:ID".
struct target_value {
  dispatch::target t;
  std::string entry_id;                       ///< for desktop:ID
  const webmail::service* service = nullptr;  ///< for a webmail's name ("gmail", "roundcube", "webmail")
};
[[nodiscard]] std::optional<target_value> parse_target_value(std::string_view value);

/// The choice, or why not (an unknown name, a desktop entry that is not installed, no mail
/// program at all). `where` gives "<path>, line L, column C" of a configuration offset.
[[nodiscard]] errors::open_result<chosen> choose(const choice_inputs& in, const std::function<std::string(std::size_t)>& where);

/// What a person calls the chosen program: "Evolution (org.gnome.Evolution.desktop)", "mutt
/// (/usr/bin/mutt)", "Gmail (webmail)", "Roundcube at https://mail.example.org/".
[[nodiscard]] std::string chosen_name(const chosen& c);

}  // namespace mailtokit::open_link
