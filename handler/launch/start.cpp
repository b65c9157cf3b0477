#include "launch/start.hpp"

#include "launch/process.hpp"
#include "base/i18n.hpp"

#include <gio/gdesktopappinfo.h>
#include <gio/gio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <algorithm>
#include <cstdlib>
#include <memory>

namespace mailtokit::launch {

namespace {

// The URI field codes an entry can take the hand-over in.
bool uri_field(std::string_view a) { return a == "%u" || a == "%U" || a == "%f" || a == "%F"; }
// Field codes GLib expands into one argument of their own (%i into two: --icon NAME).
bool whole_field(std::string_view a) { return a == "%c" || a == "%k" || a == "%i"; }

// Desktop Entry Specification, "The Exec key": an argument quoted in whole, '"', '`', '$' and
// '\' escaped. `literal_percent`: a '%' of ours is written "%%" (GLib expands field codes before
// it splits the line); an argument of the entry's own keeps its field codes and "%%" as written.
std::string quote(std::string_view arg, bool literal_percent) {
  std::string out = "\"";
  for (const char c : arg) {
    if (c == '"' || c == '`' || c == '$' || c == '\\') out += '\\';
    if (c == '%' && literal_percent) out += '%';
    out += c;
  }
  return out + "\"";
}

struct keyfile_deleter {
  void operator()(GKeyFile* k) const { g_key_file_unref(k); }
};
template <class T>
struct g_unref {
  void operator()(T* p) const { g_object_unref(p); }
};

std::string error_text(GError* e) {
  std::string s = e != nullptr && e->message != nullptr ? e->message : tr("unknown error");
  if (e != nullptr) g_error_free(e);
  return s;
}

// org.freedesktop.Application.Open on the session bus (Desktop Entry Specification, "D-Bus
// Activation"): the bus name is the id without ".desktop", the object path that name with '.'
// as '/' and '-' as '_'. Waits for the answer, so a failure is reported, not lost.
mailtokit::result<void, std::string> dbus_open(const entry& e, const std::string& uri, const std::string& token) {
  std::string app = e.id;
  if (app.size() > 8 && app.ends_with(".desktop")) app.resize(app.size() - 8);
  if (!g_dbus_is_name(app.c_str())) return std::string(tr("its desktop entry id is not a D-Bus name"));
  std::string object = "/" + app;
  for (char& c : object) {
    if (c == '.') c = '/';
    if (c == '-') c = '_';
  }
  GError* err = nullptr;
  std::unique_ptr<GDBusConnection, g_unref<GDBusConnection>> bus(g_bus_get_sync(G_BUS_TYPE_SESSION, nullptr, &err));
  if (!bus) return fill(tr("no session bus: {0}"), {error_text(err)});
  GVariantBuilder uris;
  g_variant_builder_init(&uris, G_VARIANT_TYPE_STRING_ARRAY);
  g_variant_builder_add(&uris, "s", uri.c_str());
  GVariantBuilder platform;
  g_variant_builder_init(&platform, G_VARIANT_TYPE_VARDICT);
  if (!token.empty()) {
    g_variant_builder_add(&platform, "{sv}", "activation-token", g_variant_new_string(token.c_str()));
    g_variant_builder_add(&platform, "{sv}", "desktop-startup-id", g_variant_new_string(token.c_str()));
  }
  GVariant* reply = g_dbus_connection_call_sync(bus.get(), app.c_str(), object.c_str(), "org.freedesktop.Application",
                                                "Open", g_variant_new("(as@a{sv})", &uris, g_variant_builder_end(&platform)),
                                                nullptr, G_DBUS_CALL_FLAGS_NONE, 60'000, nullptr, &err);
  if (reply == nullptr) return error_text(err);
  g_variant_unref(reply);
  return {};
}

// In the child, before exec: a session of its own, so that closing the browser does not end it.
void child_setup(gpointer) { setsid(); }

void record_pid(GDesktopAppInfo*, GPid pid, gpointer data) { *static_cast<int*>(data) = pid; }

}  // namespace

bool uses_dbus(const start_request& r) noexcept {
  return r.e != nullptr && r.e->dbus && r.is_uri && !r.e->terminal;
}

errors::result<std::string> exec_line(const start_request& r) {
  if (r.e == nullptr) return fail(errors::errc::spawn_failed, 0);
  const entry& e = *r.e;
  const bool wrap = e.terminal && !r.terminal.empty();
  if (r.is_uri && !wrap) return e.exec;
  std::string line;
  auto add = [&](std::string arg) {
    if (!line.empty()) line += ' ';
    line += arg;
  };
  if (wrap)
    for (const auto& t : r.terminal) add(quote(t, true));
  if (!r.is_uri) {
    // A program's own options replace the entry's arguments: the launcher and the program stay
    // (env, flatpak run ... APP-ID, the Snap wrapper), the arguments after it go, since they are
    // written for a link (KMail's entry has `-qwindowtitle %c %u`, and with its options after
    // that KMail opens no composer: seen with the real KMail 5.22).
    if (std::none_of(e.exec_argv.begin(), e.exec_argv.end(), [](const std::string& a) { return uri_field(a); }))
      return fail(errors::errc::exec_syntax, 0);
    const std::size_t program = program_index(e.exec_argv);
    for (std::size_t i = 0; i <= program && i < e.exec_argv.size(); ++i)
      add(whole_field(e.exec_argv[i]) ? e.exec_argv[i] : quote(e.exec_argv[i], false));
    if (!r.option_before.empty()) add(quote(r.option_before, true));
    for (const auto& mine : r.args) add(quote(mine, true));
    return line;
  }
  bool placed = false;
  for (const auto& a : e.exec_argv) {
    if (uri_field(a) && !placed) {
      placed = true;
      add(a);  // the URI goes in as the desktop gives it
    } else if (uri_field(a) || whole_field(a)) {
      add(a);
    } else {
      add(quote(a, false));
    }
  }
  if (!placed) return fail(errors::errc::exec_syntax, 0);
  return line;
}

mailtokit::result<started, std::string> start(const start_request& r) {
  if (r.e == nullptr) return std::string(tr("no desktop entry"));
  const entry& e = *r.e;
  if (uses_dbus(r)) {
    auto opened = dbus_open(e, r.args.front(), r.token);
    if (opened) return started{0, true};
    if (e.exec_argv.empty()) return fill(tr("D-Bus activation failed: {0}"), {opened.error()});
    // As the desktop would, when the program is not D-Bus activatable after all: its Exec.
  }
  // The entry as the desktop holds it, with Exec rebuilt when the hand-over or the terminal
  // needs it, and never D-Bus activation (that takes only URIs).
  std::unique_ptr<GKeyFile, keyfile_deleter> kf(g_key_file_new());
  GError* err = nullptr;
  if (!g_key_file_load_from_file(kf.get(), e.path.c_str(), G_KEY_FILE_KEEP_TRANSLATIONS, &err))
    return fill(tr("cannot read {0}: {1}"), {e.path, error_text(err)});
  auto line = exec_line(r);
  if (!line) return std::string(tr("its Exec line has no %u, %U, %f or %F to hand the draft to"));
  constexpr const char* group = G_KEY_FILE_DESKTOP_GROUP;
  g_key_file_set_string(kf.get(), group, G_KEY_FILE_DESKTOP_KEY_EXEC, line->c_str());
  if (e.terminal && !r.terminal.empty()) g_key_file_set_boolean(kf.get(), group, G_KEY_FILE_DESKTOP_KEY_TERMINAL, FALSE);
  g_key_file_remove_key(kf.get(), group, "DBusActivatable", nullptr);
  std::unique_ptr<GDesktopAppInfo, g_unref<GDesktopAppInfo>> info(g_desktop_app_info_new_from_keyfile(kf.get()));
  if (!info) return fill(tr("GIO cannot use the entry {0}"), {e.path});
  std::unique_ptr<GAppLaunchContext, g_unref<GAppLaunchContext>> ctx(g_app_launch_context_new());
  // The activation token the program that started us gave (start_request::token), for the window
  // this start opens: a plain GAppLaunchContext makes no startup id of its own, so GLib 2.74
  // starts the entry with our environment as it is (seen: a recorder entry got
  // DESKTOP_STARTUP_ID and XDG_ACTIVATION_TOKEN unchanged). A browser reads one name or the
  // other (X11: DESKTOP_STARTUP_ID; Wayland: XDG_ACTIVATION_TOKEN), so the child gets the token
  // under both, as GLib 2.76 sets both when it makes a token itself. After a window of ours used
  // the token (window_token), neither name is left and nothing is passed: a token activates one
  // window. Whether the window manager then raises the window is the browser's and its own
  // affair (a running Chromium or Firefox gets the link from the process started here).
  if (!r.token.empty()) {
    g_app_launch_context_setenv(ctx.get(), "DESKTOP_STARTUP_ID", r.token.c_str());
    g_app_launch_context_setenv(ctx.get(), "XDG_ACTIVATION_TOKEN", r.token.c_str());
  }
  GList* uris = nullptr;
  if (r.is_uri) uris = g_list_append(uris, const_cast<char*>(r.args.front().c_str()));
  int pid = 0;
  const auto flags = static_cast<GSpawnFlags>(G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDIN_FROM_DEV_NULL);
  const gboolean ok = g_desktop_app_info_launch_uris_as_manager(info.get(), uris, ctx.get(), flags, child_setup, nullptr,
                                                                record_pid, &pid, &err);
  g_list_free(uris);
  if (!ok) return error_text(err);
  return started{pid, false};
}

}  // namespace mailtokit::launch
