#include "open_link/session.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "ask/dialog.hpp"
#include "base/paths.hpp"
#include "launch/entries.hpp"
#include "launch/process.hpp"
#include "open_link/plan.hpp"
#include "xdg/mimeapps.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

using ask::ask_context;
using ask::choose_dialog;
using ask::find_ask;
using xdg::self_exe;

choice_inputs desktop_choice_inputs(const xdg::loaded_config& lc,
                                    const std::optional<xdg::registration_paths>& reg) {
  choice_inputs in;
  in.cfg = &lc.cfg;
  if (reg) in.remembered = xdg::remembered_handler(*reg);
  in.find_entry = launch::find;
  in.handlers = launch::mailto_handlers;
  in.installed = launch::program_path;
  in.self_exe = self_exe();
  if (reg) in.named_default = [paths = *reg](const std::string& id) { return named_mail_default(id, paths); };
  open_request r;
  r.cfg = &lc.cfg;
  r.installed = launch::program_path;
  if (const char* term = std::getenv("TERMINAL")) r.terminal_env = term;
  in.have_terminal = have_terminal(r);
  return in;
}

// The default xdg-mime answers is somebody's choice only when a mimeapps.list (the user's, the
// administrator's or the distribution's) names it; otherwise it is the desktop's pick among the
// installed entries (the first of mimeinfo.cache: aerc.desktop before thunderbird.desktop).
bool named_mail_default(const std::string& id, const xdg::registration_paths& p) {
  const char* config_dirs = std::getenv("XDG_CONFIG_DIRS");
  const char* data_dirs = std::getenv("XDG_DATA_DIRS");
  const std::string data_home = std::filesystem::path(p.applications).parent_path().string();
  std::vector<std::string> texts;
  for (const auto& f : mimeapps::list_paths(p.config_home, config_dirs != nullptr ? config_dirs : "", data_home,
                                            data_dirs != nullptr ? data_dirs : "", launch::current_desktops())) {
    auto t = xdg::read_small_file(f, 1 << 20);
    texts.push_back(t && *t ? **t : std::string());
  }
  const auto named = mimeapps::named_defaults(texts, xdg::scheme_type);
  return std::find(named.begin(), named.end(), id) != named.end();
}

bool has_display() {
  for (const char* v : {"DISPLAY", "WAYLAND_DISPLAY"})
    if (const char* s = std::getenv(v); s != nullptr && *s != '\0') return true;
  return false;
}

bool installed(std::string_view name) { return launch::find_program(name).has_value(); }

// A notification needs a session bus. Without one (no address, no $XDG_RUNTIME_DIR/bus) and
// without a display for D-Bus's X11 autolaunch, notify-send could only fail and print GLib's
// "Error spawning command line dbus-launch ...": stderr already says everything, so nothing is
// sent.
bool has_session_bus() { return paths::session_bus_known() || has_display(); }

// XDG_CURRENT_DESKTOP; "KDE" for an older KDE session that only sets KDE_FULL_SESSION (as
// xdg-utils' detectDE does).
std::string current_desktop() {
  if (const char* d = std::getenv("XDG_CURRENT_DESKTOP"); d != nullptr && *d != '\0') return d;
  if (const char* k = std::getenv("KDE_FULL_SESSION"); k != nullptr && std::string_view(k) == "true") return "KDE";
  return {};
}

desktop_ui probe_desktop(bool dry_run) {
  desktop_ui ui;
  ui.failures = !dry_run && isatty(STDERR_FILENO) == 0;
  if (has_display()) {
    ui.dialog = choose_dialog(current_desktop(), installed);
    ui.ask = find_ask(self_exe());
  }
  return ui;
}

ask_context probe_ask(const desktop_ui& ui) {
  ask_context ctx;
  ctx.stdin_tty = isatty(STDIN_FILENO) != 0;
  ctx.stderr_tty = isatty(STDERR_FILENO) != 0;
  ctx.display = has_display();
  ctx.dialog_program = ui.dialog.has_value() || ui.ask.has_value();
  return ctx;
}

}  // namespace mailtokit::open_link
