// `mailtokit register` and `unregister`: become the desktop's mailto: handler for this user, and
// give the link type back exactly as it was. What register found is kept in the state directory
// (the handler before it, whether the user's own mimeapps.list chose one, whether the
// applications folder had a mimeinfo.cache), so that unregister restores that state instead of
// writing an inherited choice into the user's files.
#include <fcntl.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "launch/entries.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/session.hpp"
#include "xdg/exec_line.hpp"
#include "clients/dispatch.hpp"
#include "launch/process.hpp"
#include "xdg/drafts.hpp"
#include "xdg/mimeapps.hpp"
#include "xdg/user_files.hpp"
#include "base/files.hpp"
#include "base/i18n.hpp"

namespace mailtokit::commands {

using cli::add_help_paragraph;
using cli::context;
using cli::report_error;
using cli::write_stdout;
using xdg::desktop_id;
using xdg::read_small_file;
using xdg::registration_paths;
using xdg::remembered_handler;
using xdg::scheme_type;
using xdg::self_exe;
using xdg::trim;

namespace {

namespace fs = std::filesystem;

// `xdg-mime query default x-scheme-handler/mailto`: the desktop file id, "" for none.
errors::result<std::string> query_default() {
  auto r = launch::run_capture({"xdg-mime", "query", "default", std::string(scheme_type)});
  if (!r) return r.error();
  return trim(r->out);
}

bool set_default(const std::string& id) {
  auto r = launch::spawn({"xdg-mime", "default", id, std::string(scheme_type)}, {true, false});
  return r && *r == 0;
}

void update_database(const std::string& dir) {
  if (launch::find_program("update-desktop-database"))
    (void)launch::spawn({"update-desktop-database", "-q", dir}, {true, false});
}

// The user's paths, and xdg-mime present: what register and unregister both need first.
std::optional<registration_paths> paths_for(bool registering, int& code) {
  auto p = user_paths(xdg::environment::current());
  if (!p) {
    report_error("usage", tr("HOME (or the XDG_*_HOME variables) must be set to an absolute path"));
    code = exit_usage;
    return std::nullopt;
  }
  if (!launch::find_program("xdg-mime")) {
    report_error("unavailable",
                 registering ? tr("xdg-mime (xdg-utils) is needed to register the handler")
                             : tr("xdg-mime (xdg-utils) is needed to unregister the handler"),
                 {}, tr("install xdg-utils"));
    code = exit_unavailable;
    return std::nullopt;
  }
  return p;
}

// The state register saw, as `key=value` lines in the state directory.
struct saved_state {
  std::optional<std::string> user_default;  // the user's own [Default Applications] mailto value
  bool had_mimeinfo_cache = true;           // the applications folder had a mimeinfo.cache
  bool had_mimeapps = true;                 // $XDG_CONFIG_HOME/mimeapps.list existed
  bool fallback = false;                    // register wrote the previous handler in data_mimeapps
  bool had_data_mimeapps = true;            // ... which existed before
  std::optional<std::string> data_default;  // ... with this mailto value
};

std::string yes_no(bool b) { return b ? "yes" : "no"; }

std::string render(const saved_state& s) {
  std::string t = "had_mimeinfo_cache=" + yes_no(s.had_mimeinfo_cache) + "\n";
  t += "had_mimeapps=" + yes_no(s.had_mimeapps) + "\n";
  if (s.user_default) t += "user_default=" + *s.user_default + "\n";
  if (s.fallback) {
    t += "fallback=yes\nhad_data_mimeapps=" + yes_no(s.had_data_mimeapps) + "\n";
    if (s.data_default) t += "data_default=" + *s.data_default + "\n";
  }
  return t;
}

std::optional<saved_state> load_state(const registration_paths& p) {
  auto text = read_small_file(p.saved_state, 64 * 1024);
  if (!text || !*text) return std::nullopt;
  saved_state s;
  std::string_view rest = **text;
  while (!rest.empty()) {
    const auto nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    const auto eq = line.find('=');
    if (eq == std::string_view::npos) continue;
    const auto key = line.substr(0, eq), value = line.substr(eq + 1);
    if (key == "had_mimeinfo_cache") s.had_mimeinfo_cache = value == "yes";
    if (key == "had_mimeapps") s.had_mimeapps = value == "yes";
    if (key == "user_default") s.user_default = std::string(value);
    if (key == "fallback") s.fallback = value == "yes";
    if (key == "had_data_mimeapps") s.had_data_mimeapps = value == "yes";
    if (key == "data_default") s.data_default = std::string(value);
  }
  return s;
}

std::string file_text(const std::string& path) {
  auto t = read_small_file(path, 1 << 20);
  return t && *t ? **t : std::string();
}

// What the user's files hold before the first register, for unregister to put back.
saved_state state_before(const registration_paths& p) {
  std::error_code ec;
  saved_state st;
  st.user_default = mimeapps::value(file_text(p.mimeapps), "Default Applications", scheme_type);
  st.had_mimeinfo_cache = fs::exists(p.applications + "/mimeinfo.cache", ec);
  st.had_mimeapps = fs::exists(p.mimeapps, ec);
  return st;
}

// The data folder's mimeapps.list as it was, the first time register writes the previous handler
// there (also over a registration by an older mailtokit, which did not).
void note_fallback(const registration_paths& p, saved_state& st) {
  if (st.fallback) return;
  std::error_code ec;
  st.fallback = true;
  st.had_data_mimeapps = fs::exists(p.data_mimeapps, ec);
  st.data_default = mimeapps::value(file_text(p.data_mimeapps), "Default Applications", scheme_type);
}

// `text` written to `path`, or the file removed when register created it and nothing is left in it.
errors::result<void> put_list(const std::string& path, const std::string& text, bool existed) {
  std::error_code ec;
  if (!existed && mimeapps::holds_no_entry(text)) {
    fs::remove(path, ec);
    return {};
  }
  return files::write_atomic(AT_FDCWD, path, text, {.mode = 0644});
}

// The registration that cannot outlive the program (MIME Applications Associations
// specification, "Default Application": the first installed and valid entry of the list is
// used): "mailtokit-handler.desktop;<previous>;" in the user's mimeapps.list, so that GIO takes
// the previous handler once mailtokit's program is gone (the entry's TryExec); and the previous
// handler alone in $XDG_DATA_HOME/applications/mimeapps.list, which xdg-utils reads next, since
// xdg-mime 1.1.3 reads only the first id of a line and skips it when its Exec program is gone.
bool write_defaults(const registration_paths& p, const std::string& previous) {
  const std::string list = mimeapps::default_list(desktop_id, previous);
  for (const auto& [path, value] : {std::pair{p.mimeapps, list}, std::pair{p.data_mimeapps, previous + ";"}}) {
    if (path == p.data_mimeapps && previous.empty()) break;
    auto w = files::write_atomic(AT_FDCWD, path, mimeapps::set_default(file_text(path), scheme_type, value), {.mode = 0644});
    if (!w) {
      report_error("cannot_create", fill(tr("cannot update {0}"), {preview::visible(path)}), files::reason(w.error()));
      return false;
    }
  }
  return true;
}

// mailtokit's entry out of the applications folder's mimeinfo.cache, when a cache lists it (an
// older register, or another program's update-desktop-database): GIO reads the entries
// themselves, and xdg-mime falls back to the first id a cache lists once mailtokit's program is
// gone, so a listed entry would outlive the program. A cache that cannot be read is left alone.
void unlist_from_cache(const registration_paths& p) {
  const std::string cache = p.applications + "/mimeinfo.cache";
  auto text = read_small_file(cache, 16 << 20);
  if (!text || !*text || (*text)->find(desktop_id) == std::string::npos) return;
  (void)files::write_atomic(AT_FDCWD, cache, mimeapps::drop_id(**text, scheme_type, desktop_id), {.mode = 0644});
}

// A desktop-specific list in the user's configuration ($XDG_CONFIG_HOME/$desktop-mimeapps.list)
// comes before mimeapps.list, which is all `xdg-mime default` writes: one that names another
// mailto handler overrides the registration. Its path and the handler it names.
std::optional<std::pair<std::string, std::string>> overriding_list(const registration_paths& p) {
  for (const auto& desk : launch::current_desktops()) {
    const std::string path = p.config_home + "/" + desk + "-mimeapps.list";
    auto v = mimeapps::value(file_text(path), "Default Applications", scheme_type);
    if (v && !v->starts_with(std::string(desktop_id))) {
      std::string first = v->substr(0, v->find(';'));
      return std::make_pair(path, first);
    }
  }
  return std::nullopt;
}

// What register did, and where the next mail link goes: a `target =` of the configuration
// (`mailtokit use gmail`) comes before the previous handler and before the first click's question.
void print_registered(const registration_paths& p, const std::string& exe, const std::string& picked,
                      const std::string& previous) {
  const auto lc = xdg::read_config(xdg::environment::current());
  const std::string target = lc && lc->cfg.target ? preview::visible(lc->cfg.target->value) : std::string();
  write_stdout(std::string(tr("mailtokit is now the mailto: handler.")) + "\n");
  write_stdout("  " + fill(tr("desktop file: {0}"), {preview::visible(p.desktop_file)}) + "\n");
  write_stdout("  " + fill(tr("runs:         {0}"), {preview::visible(exe) + " open %u"}) + "\n");
  if (!picked.empty())
    write_stdout("  " +
                 (target.empty()
                      ? fill(tr("{0} was only your desktop's first pick, not a choice: the next mail link asks where mail goes"),
                             {preview::visible(picked)})
                      : fill(tr("{0} was only your desktop's first pick, not a choice; mail links go to {1}, as your "
                                "configuration says (`mailtokit use` changes it)"),
                             {preview::visible(picked), target})) +
                 "\n");
  std::string line;
  if (previous.empty())
    line = tr("previous:     (none) (`mailtokit unregister` removes the registration)");
  else if (!target.empty())
    line = fill(tr("previous:     {0} (`mailtokit unregister` restores it; drafts go to {1}, as your configuration says)"),
                {preview::visible(previous), target});
  else
    line = fill(tr("previous:     {0} (drafts still go there; `mailtokit unregister` restores it)"), {preview::visible(previous)});
  write_stdout("  " + line + "\n");
}

}  // namespace

int run_register() {
  int code = exit_ok;
  auto p = paths_for(true, code);
  if (!p) return code;
  // Exec holds the absolute path of this very program (/proc/self/exe), so the registration
  // works for a build tree or an install outside PATH alike.
  const std::string exe = self_exe();
  auto entry = exec_line::render_entry(exe);
  if (exe.empty() || !entry) {
    report_error("internal_error", fill(tr("the path of this program ({0}) cannot be written in a desktop entry"), {preview::visible(exe)}));
    return exit_software;
  }
  auto current = query_default();
  if (!current) {
    report_error("unavailable", tr("xdg-mime query default failed"));
    return exit_unavailable;
  }
  std::error_code ec;
  fs::create_directories(p->applications, ec);
  if (!xdg::ensure_private_dir(p->state_dir)) {
    report_error("cannot_create", fill(tr("cannot create {0}"), {preview::visible(p->state_dir)}), std::strerror(errno));
    return exit_cantcreat;
  }
  // A second register keeps what the first one found (also after an older mailtokit's, which
  // registered under the installed entry's name).
  const bool again = xdg::is_own_id(*current) && fs::exists(p->saved_state, ec);
  // mailtokit's own entry (an install's mailtokit.desktop made the default by hand or by the
  // distribution) is never the handler before mailtokit.
  // Nor is a default nobody chose: then the first mail link asks (open_link/first_choice.hpp).
  const bool picked = !again && !current->empty() && !xdg::is_own_id(*current) && !open_link::named_mail_default(*current, *p);
  std::string previous = again ? remembered_handler(*p) : xdg::is_own_id(*current) || picked ? std::string() : *current;
  saved_state st = again ? load_state(*p).value_or(saved_state{}) : state_before(*p);
  if (!previous.empty()) note_fallback(*p, st);
  auto saved = again ? errors::result<void>{} : files::write_atomic(AT_FDCWD, p->saved_default, previous + "\n");
  if (saved) saved = files::write_atomic(AT_FDCWD, p->saved_state, render(st));
  if (!saved) {
    report_error("cannot_create", fill(tr("cannot write {0}"), {preview::visible(p->saved_default)}),
                 files::reason(saved.error()));
    return exit_cantcreat;
  }
  if (!again) fs::remove(p->gone_told, ec);
  if (auto w = files::write_atomic(AT_FDCWD, p->desktop_file, *entry, {.mode = 0644}); !w) {
    report_error("cannot_create", fill(tr("cannot write {0}"), {preview::visible(p->desktop_file)}),
                 files::reason(w.error()));
    return exit_cantcreat;
  }
  unlist_from_cache(*p);
  if (!set_default(std::string(desktop_id))) {
    report_error("unavailable", tr("xdg-mime default failed"));
    return exit_unavailable;
  }
  if (!write_defaults(*p, previous)) return exit_cantcreat;
  if (auto over = overriding_list(*p)) {
    report_error("unavailable",
                 fill(tr("{0} chooses {1} for mail links on this desktop, and it comes before mimeapps.list, so "
                         "the registration has no effect"),
                      {preview::visible(over->first), preview::visible(over->second)}),
                 {},
                 fill(tr("remove the x-scheme-handler/mailto line from {0}, or choose mailtokit in your desktop's "
                         "default-applications settings, then run `mailtokit register` again"),
                      {preview::visible(over->first)}));
    return exit_unavailable;
  }
  auto now = query_default();
  if (!now || *now != desktop_id) {
    report_error("unavailable",
                 now ? fill(tr("xdg-mime still names {0} as the mailto: handler"), {preview::visible(*now)})
                     : std::string(tr("xdg-mime names no mailto: handler")),
                 tr("your desktop may override it"), tr("choose mailtokit in your desktop's default-applications settings"));
    return exit_unavailable;
  }
  print_registered(*p, exe, picked ? *current : std::string(), previous);
  return exit_ok;
}

int run_unregister() {
  int code = exit_ok;
  auto p = paths_for(false, code);
  if (!p) return code;
  std::error_code ec;
  const bool had_file = fs::exists(p->desktop_file, ec);
  const auto state = load_state(*p);
  const std::string previous = remembered_handler(*p);
  if (!had_file && !state && previous.empty()) {
    write_stdout(std::string(tr("mailtokit is not registered for this user; nothing to do.")) + "\n");
    return exit_ok;
  }
  // The user's mimeapps.list as it was: their own mailto line back, or none (an older
  // registration without a saved state: the previous handler, as before).
  std::string text = file_text(p->mimeapps);
  if (state) {
    text = mimeapps::set_default(mimeapps::drop_id(text, scheme_type, desktop_id), scheme_type, state->user_default);
  } else if (!previous.empty()) {
    text = mimeapps::set_default(mimeapps::drop_id(text, scheme_type, desktop_id), scheme_type, previous + ";");
  } else {
    text = mimeapps::drop_id(text, scheme_type, desktop_id);
  }
  if (fs::exists(p->mimeapps, ec)) {
    if (auto w = put_list(p->mimeapps, text, !state || state->had_mimeapps); !w) {
      report_error("cannot_create", fill(tr("cannot update {0}"), {preview::visible(p->mimeapps)}),
                   files::reason(w.error()));
      return exit_cantcreat;
    }
  }
  if (state && state->fallback && fs::exists(p->data_mimeapps, ec)) {
    const std::string t = mimeapps::set_default(file_text(p->data_mimeapps), scheme_type, state->data_default);
    if (auto w = put_list(p->data_mimeapps, t, state->had_data_mimeapps); !w) {
      report_error("cannot_create", fill(tr("cannot update {0}"), {preview::visible(p->data_mimeapps)}),
                   files::reason(w.error()));
      return exit_cantcreat;
    }
  }
  fs::remove(p->desktop_file, ec);
  // An older mailtokit registered under the installed entry's name: that file goes only when it
  // is exactly what `register` wrote (an install's own mailtokit.desktop runs `mailtokit`, not
  // this program's path).
  const std::string legacy = p->applications + "/" + std::string(xdg::installed_desktop_id);
  if (auto mine = exec_line::render_entry(self_exe()); mine && file_text(legacy) == *mine) {
    fs::remove(legacy, ec);
    if (fs::exists(p->mimeapps, ec)) {
      const std::string t = file_text(p->mimeapps);
      (void)files::write_atomic(AT_FDCWD, p->mimeapps,
                                mimeapps::drop_id(t, scheme_type, xdg::installed_desktop_id), {.mode = 0644});
    }
  }
  if (state && !state->had_mimeinfo_cache)
    fs::remove(p->applications + "/mimeinfo.cache", ec);
  else
    update_database(p->applications);
  for (const auto* f : {&p->saved_default, &p->saved_state, &p->gone_told}) fs::remove(*f, ec);
  auto now = query_default();
  write_stdout(std::string(tr("mailtokit is no longer the mailto: handler.")) + "\n");
  write_stdout("  " +
      (previous.empty() ? std::string(tr("restored: (there was no previous handler)"))
                        : fill(tr("restored: {0}"), {preview::visible(previous)})) +
      "\n");
  write_stdout("  " + (now && !now->empty() ? fill(tr("now:      {0}"), {preview::visible(*now)}) : std::string(tr("now:      (none)"))) +
      "\n");
  return exit_ok;
}

namespace {

// `unregister --remove-data`: what mailtokit itself keeps in HOME, gone (the configuration
// folder, and the state folder with the kept drafts, the links that waited and what register
// remembered). Each folder is mailtokit's own; a symbolic link is removed, never followed.
int remove_user_data() {
  const auto env = xdg::environment::current();
  auto conf = xdg::config_home(env);
  auto state = xdg::state_home(env);
  if (!conf || !state) {
    report_error("usage", tr("HOME (or the XDG_*_HOME variables) must be set to an absolute path"));
    return exit_usage;
  }
  for (const std::string& dir : {*conf + "/mailtokit", *state + "/mailtokit"}) {
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(dir, ec))) continue;
    fs::remove_all(dir, ec);
    if (ec) {
      report_error("cannot_create", fill(tr("cannot remove {0}"), {preview::visible(dir)}), ec.message());
      return exit_cantcreat;
    }
    write_stdout("  " + fill(tr("removed:  {0}"), {preview::visible(dir)}) + "\n");
  }
  return exit_ok;
}

}  // namespace

void add_registration_commands(CLI::App& app, context& ctx) {
  auto* reg = app.add_subcommand(
      "register", tr("Make mailtokit your mailto: handler; drafts still go to the mail program you had"));
  add_help_paragraph(reg, tr("It installs the desktop entry for this user and makes it the default mailto: handler "
                             "with xdg-mime; `unregister` gives mail links back."));
  reg->callback([&ctx] { ctx.exit_code = run_register(); });
  auto* unreg = app.add_subcommand("unregister", tr("Give mail links back to the previous handler, as before `register`"));
  auto remove = std::make_shared<bool>(false);
  unreg->add_flag("--remove-data", *remove,
                  tr("also remove mailtokit's settings, kept drafts and state from your home folder (before "
                     "uninstalling it)"));
  unreg->callback([&ctx, remove] {
    ctx.exit_code = run_unregister();
    if (ctx.exit_code == exit_ok && *remove) ctx.exit_code = remove_user_data();
  });
}

}  // namespace mailtokit::commands
