/// What `open` finds in the session it runs in: a display, the desktop, a session bus, and the
/// programs it can show things with. Read from the environment; the decisions are elsewhere.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ask/answer.hpp"
#include "ask/dialog_text.hpp"
#include "ask/policy.hpp"
#include "open_link/choose.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

// Where `open` shows things besides stderr.
struct desktop_ui {
  bool failures = false;  // failures reach the desktop (not --dry-run, stderr not a terminal)
  bool notify = true;     // notifications allowed (notify = yes, no --no-notify)
  std::optional<ask::dialog_program> dialog;  // a display and a dialog program
  std::optional<std::string> ask;        // a display and mailtokit-ask, the question's own window
};

/// A mimeapps.list the desktop reads (the user's, the administrator's, the distribution's) names
/// `id` as a default for mail links: somebody chose it. Otherwise it is only the desktop's pick
/// among the installed programs (xdg-mime's first of mimeinfo.cache), nobody's choice.
[[nodiscard]] bool named_mail_default(const std::string& id, const xdg::registration_paths& p);
/// DISPLAY or WAYLAND_DISPLAY is set.
[[nodiscard]] bool has_display();
/// `name` is a program in PATH.
[[nodiscard]] bool installed(std::string_view name);
/// A notification can be sent: a session bus, or a display for D-Bus's X11 autolaunch.
[[nodiscard]] bool has_session_bus();
/// XDG_CURRENT_DESKTOP; "KDE" for an older KDE session that only sets KDE_FULL_SESSION.
[[nodiscard]] std::string current_desktop();
/// The desktop's ways to show things for a call of `open`: failures reach the desktop unless
/// --dry-run or stderr is a terminal; with a display, the desktop's dialog program and
/// mailtokit-ask. Notifications are decided with the configuration (desktop_ui::notify).
[[nodiscard]] desktop_ui probe_desktop(bool dry_run);
/// What choose() reads of this desktop and user (the entries, the programs in PATH, the
/// remembered handler, a terminal), for the commands that print or change the choice.
[[nodiscard]] choice_inputs desktop_choice_inputs(const xdg::loaded_config& lc,
                                                  const std::optional<xdg::registration_paths>& reg);
/// Who can be asked: the terminal (stdin and stderr), the display, a window to ask in.
[[nodiscard]] ask::ask_context probe_ask(const desktop_ui& ui);

}  // namespace mailtokit::open_link
