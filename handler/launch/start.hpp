/// Starting a mail program: a desktop entry as the desktop starts it (GIO's GDesktopAppInfo:
/// Exec field codes, Path, startup notification; D-Bus activation through
/// org.freedesktop.Application.Open for DBusActivatable entries), a program's own arguments in
/// place of the entry's URI field code, the user's terminal for Terminal=true entries, and the
/// watch for a program that fails at once.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "launch/entries.hpp"
#include "mailtokit/result.hpp"
#include "base/errors.hpp"

namespace mailtokit::launch {

/// How to start an entry.
struct start_request {
  const entry* e = nullptr;
  /// The program's hand-over (clients::handover): with `is_uri`, the one URI the entry gets as
  /// the desktop gives it; otherwise the arguments that stand where its URI field code is.
  std::vector<std::string> args;
  bool is_uri = true;
  /// With the program's own options: the option it needs before them when started without its
  /// entry's arguments (clients::client::direct_option: Balsa's -m, alpine's -url).
  std::string option_before;
  /// Terminal=true entries: the terminal prefix (launch::terminal_prefix: the `terminal =`
  /// configuration, $TERMINAL, else Debian's x-terminal-emulator, Debian Policy 11.8.3). GLib
  /// 2.74's own list of terminals lacks x-terminal-emulator, so the user's terminal would be
  /// missed; mailtokit puts the prefix in front itself.
  std::vector<std::string> terminal;
  /// The activation token the window that opens gets (activation_token(), read when the request
  /// was made: after a window of ours used it, there is none).
  std::string token;
};

/// The Exec line the entry is started with: the entry's own when it gets the URI as the desktop
/// gives it (with the terminal prefix in front for a Terminal=true entry); for a program's own
/// options, the entry's launcher and program (`env ...`, `flatpak run ... APP-ID`, the Snap
/// wrapper) followed by those options, the entry's own arguments left out (they are written for
/// a link). Every argument of a rebuilt line is quoted as the Desktop Entry Specification says,
/// '%' written "%%" in ours. exec_syntax when the entry takes no URI (%u, %U, %f, %F).
[[nodiscard]] errors::result<std::string> exec_line(const start_request& r);
/// Whether start() uses D-Bus activation for `r`.
[[nodiscard]] bool uses_dbus(const start_request& r) noexcept;

/// What start() did.
struct started {
  int pid = 0;        ///< the process started (0 for D-Bus activation)
  bool dbus = false;  ///< handed over by org.freedesktop.Application.Open
};

/// Start the entry. The child gets stdin from /dev/null, a new session (closing the browser does
/// not end it) and the inherited environment, with the activation token the browser gave us
/// (XDG_ACTIVATION_TOKEN, DESKTOP_STARTUP_ID), which D-Bus activation passes in its platform
/// data, so the compose window gets the focus. The error says in words what went wrong.
[[nodiscard]] mailtokit::result<started, std::string> start(const start_request& r);


}  // namespace mailtokit::launch
