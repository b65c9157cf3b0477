#include "launch/entries.hpp"

#include <gio/gdesktopappinfo.h>
#include <gio/gio.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <memory>

#include "mailtokit/chars.hpp"
#include "launch/process.hpp"

namespace mailtokit::launch {
namespace {

template <class T>
struct g_unref {
  void operator()(T* p) const { g_object_unref(p); }
};
using app_ptr = std::unique_ptr<GDesktopAppInfo, g_unref<GDesktopAppInfo>>;

std::string take(gchar* s) {
  std::string out = s != nullptr ? s : "";
  g_free(s);
  return out;
}

std::optional<entry> read(GDesktopAppInfo* info) {
  if (info == nullptr) return std::nullopt;
  entry e;
  if (const char* id = g_app_info_get_id(G_APP_INFO(info))) e.id = id;
  if (const char* file = g_desktop_app_info_get_filename(info)) e.path = file;
  if (const char* name = g_app_info_get_name(G_APP_INFO(info))) e.name = name;
  e.exec = take(g_desktop_app_info_get_string(info, "Exec"));
  e.terminal = g_desktop_app_info_get_boolean(info, "Terminal") != FALSE;
  e.dbus = g_desktop_app_info_get_boolean(info, "DBusActivatable") != FALSE;
  e.hidden = g_desktop_app_info_get_nodisplay(info) != FALSE;
  e.working_dir = take(g_desktop_app_info_get_string(info, "Path"));
  e.icon = take(g_desktop_app_info_get_string(info, "Icon"));
  if (e.icon.find('/') != std::string::npos) e.icon.clear();  // a file: only the theme's names are shown
  if (!e.exec.empty()) {
    // GLib splits Exec with g_shell_parse_argv() when it starts the entry; so do we.
    gint argc = 0;
    gchar** argv = nullptr;
    if (!g_shell_parse_argv(e.exec.c_str(), &argc, &argv, nullptr)) return std::nullopt;
    for (gint i = 0; i < argc; ++i) e.exec_argv.emplace_back(argv[i]);
    g_strfreev(argv);
  } else if (!e.dbus) {
    return std::nullopt;  // nothing to start
  }
  return e;
}

}  // namespace

std::string_view basename(std::string_view path) noexcept {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::size_t after_env(const std::vector<std::string>& argv) noexcept {
  std::size_t i = 0;
  if (i < argv.size() && basename(argv[i]) == "env") {
    ++i;
    while (i < argv.size() && (argv[i].find('=') != std::string::npos || argv[i].starts_with("-"))) {
      // GNU env's options that take the next argument: -u NAME, -C DIR (--unset=, --chdir= hold it).
      const bool takes_next = argv[i] == "-u" || argv[i] == "-C" || argv[i] == "--unset" || argv[i] == "--chdir";
      i += takes_next ? 2 : 1;
    }
  }
  return std::min(i, argv.size());
}

std::size_t program_index(const std::vector<std::string>& argv) noexcept {
  const std::size_t i = after_env(argv);
  if (i < argv.size() && basename(argv[i]) == "flatpak") {
    std::size_t k = i + 1;
    while (k < argv.size() && argv[k] != "run") ++k;
    for (++k; k < argv.size(); ++k)
      if (!argv[k].starts_with("-")) return k;
  }
  return i;
}

std::optional<entry> find(std::string_view id) {
  if (id.empty() || id.find('/') != std::string_view::npos) return std::nullopt;
  const std::string s(id);
  app_ptr info(g_desktop_app_info_new(s.c_str()));
  return read(info.get());
}

namespace {

// The handlers of each content type in turn, each entry once: the type's default first, then
// every entry that says it opens it, in the desktop's order of preference.
std::vector<entry> handlers_of(std::initializer_list<const char*> types) {
  std::vector<entry> out;
  auto add = [&](GAppInfo* app) {
    if (app == nullptr || !G_IS_DESKTOP_APP_INFO(app)) return;
    auto e = read(G_DESKTOP_APP_INFO(app));
    if (!e) return;
    if (std::none_of(out.begin(), out.end(), [&](const entry& o) { return o.id == e->id; })) out.push_back(std::move(*e));
  };
  for (const char* type : types) {
    if (GAppInfo* def = g_app_info_get_default_for_type(type, FALSE)) {
      add(def);
      g_object_unref(def);
    }
    GList* all = g_app_info_get_all_for_type(type);
    for (GList* l = all; l != nullptr; l = l->next) add(G_APP_INFO(l->data));
    g_list_free_full(all, g_object_unref);
  }
  return out;
}

}  // namespace

std::vector<entry> mailto_handlers() { return handlers_of({"x-scheme-handler/mailto"}); }

std::vector<entry> browsers() { return handlers_of({"x-scheme-handler/https", "x-scheme-handler/http"}); }

std::optional<entry> default_for(std::string_view content_type) {
  const std::string type(content_type);
  GAppInfo* def = g_app_info_get_default_for_type(type.c_str(), FALSE);
  if (def == nullptr) return std::nullopt;
  std::optional<entry> e;
  if (G_IS_DESKTOP_APP_INFO(def)) e = read(G_DESKTOP_APP_INFO(def));
  g_object_unref(def);
  return e;
}

std::optional<entry> browser() {
  if (auto e = default_for("x-scheme-handler/https")) return e;
  return default_for("x-scheme-handler/http");
}

bool is_mailtokit(const entry& e, std::string_view self_exe) {
  if (e.id == "mailtokit.desktop" || e.id == "mailtokit-handler.desktop") return true;
  if (e.exec_argv.empty()) return false;
  const std::string& prog = e.exec_argv.front();
  if (basename(prog) == "mailtokit") return true;
  if (self_exe.empty()) return false;
  auto path = launch::find_program(prog);
  if (!path) return false;
  std::error_code ec;
  const auto real = std::filesystem::weakly_canonical(*path, ec);
  return !ec && real.string() == self_exe;
}

std::optional<std::string> shell_wrapper(const std::vector<std::string>& exec_argv) {
  // Programs that run a string as code, and the options that give it.
  struct runner {
    std::string_view name;
    std::array<std::string_view, 3> code_options;
  };
  static constexpr std::array<runner, 22> runners{{
      {"sh", {"-c"}},          {"bash", {"-c"}},          {"dash", {"-c"}},    {"zsh", {"-c"}},
      {"ksh", {"-c"}},         {"mksh", {"-c"}},          {"ash", {"-c"}},     {"yash", {"-c"}},
      {"posh", {"-c"}},        {"fish", {"-c", "--command"}}, {"csh", {"-c"}}, {"tcsh", {"-c"}},
      {"busybox", {"sh", "ash"}}, {"python", {"-c"}},     {"python3", {"-c"}}, {"perl", {"-e", "-E"}},
      {"ruby", {"-e"}},        {"node", {"-e", "--eval", "-p"}}, {"lua", {"-e"}}, {"php", {"-r"}},
      {"emacs", {"--eval", "-eval"}}, {"emacsclient", {"--eval", "-e"}},
  }};
  for (std::size_t i = 0; i < exec_argv.size(); ++i) {
    const std::string_view prog = basename(exec_argv[i]);
    for (const auto& r : runners) {
      if (prog != r.name) continue;
      for (std::size_t k = i + 1; k < exec_argv.size(); ++k) {
        const std::string_view a = exec_argv[k];
        for (const auto opt : r.code_options) {
          if (opt.empty()) continue;
          // "-c" also inside a group of short options ("-lc", "-ic").
          const bool grouped = opt.size() == 2 && opt[0] == '-' && a.size() > 2 && a[0] == '-' && a[1] != '-' &&
                               a.find(opt[1]) != std::string_view::npos &&
                               std::all_of(a.begin() + 1, a.end(), [](char c) {
                                 return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
                               });
          if (a == opt || grouped || (opt.starts_with("--") && a.starts_with(std::string(opt) + "=")))
            return std::string(prog) + " " + std::string(opt);
        }
      }
    }
  }
  return std::nullopt;
}

std::vector<std::string> current_desktops() {
  std::vector<std::string> out;
  const char* v = std::getenv("XDG_CURRENT_DESKTOP");
  std::string_view rest = v != nullptr ? v : "";
  while (!rest.empty()) {
    const auto colon = rest.find(':');
    std::string name(rest.substr(0, colon));
    rest.remove_prefix(colon == std::string_view::npos ? rest.size() : colon + 1);
    if (!name.empty()) out.push_back(chars::lowered(name));
  }
  return out;
}

bool mailtokit_handles_mail_links(std::string_view self_exe) {
  const auto handlers = mailto_handlers();
  return !handlers.empty() && is_mailtokit(handlers.front(), self_exe);
}

}  // namespace mailtokit::launch
