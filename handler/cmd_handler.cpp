// `mailtokit open`, `preview`, `register`, `unregister`, `status`: the system's mailto: handler.
// Everything a test should reach lives in the library (desktop_exec, handler_config, dispatch,
// draft_store, preview); this file reads arguments, the environment and files, and maps errors to
// messages and exit codes.
#include <fcntl.h>
#include <unistd.h>

#include <sys/stat.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/desktop_exec.hpp"
#include "mailtokit/dispatch.hpp"
#include "mailtokit/draft_store.hpp"
#include "mailtokit/handler_config.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::cli {
namespace {

namespace fs = std::filesystem;
using handler::environment;

constexpr std::string_view desktop_id = "mailtokit.desktop";
constexpr std::string_view scheme_type = "x-scheme-handler/mailto";
constexpr unsigned default_draft_max_age_days = 7;

void out(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); }
void err(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stderr); }

// ---- files --------------------------------------------------------------------------------

// A small file's bytes; nullopt when it does not exist; io_error when it cannot be read or is
// larger than `max`.
result<std::optional<std::string>> read_small_file(const std::string& path, std::size_t max) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::optional<std::string>{};
    return fail(errc::io_error, 0);
  }
  std::string data;
  std::array<char, 4096> buf{};
  for (;;) {
    const ssize_t n = read(fd, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      close(fd);
      return fail(errc::io_error, data.size());
    }
    if (n == 0) break;
    data.append(buf.data(), static_cast<std::size_t>(n));
    if (data.size() > max) {
      close(fd);
      return fail(errc::input_too_long, max);
    }
  }
  close(fd);
  return std::optional<std::string>{std::move(data)};
}


std::string trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return std::string(s);
}

// "line L, column C" of a byte offset.
std::string position(std::string_view text, std::size_t offset) {
  std::size_t line = 1, col = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

// ---- configuration ------------------------------------------------------------------------

struct loaded_config {
  std::string path;
  bool exists = false;
  std::string text;
  handler::config cfg;
};

// The configuration, or an exit code after printing why it cannot be used (EX_CONFIG).
result<loaded_config> load_config(const environment& env, int& exit_code) {
  loaded_config lc;
  auto path = handler::config_path(env);
  if (!path) {
    // No HOME and no XDG_CONFIG_HOME: run with the defaults.
    return lc;
  }
  lc.path = *path;
  auto text = read_small_file(lc.path, handler::max_config_size);
  if (!text) {
    print_error("cannot read the configuration file " + preview::visible(lc.path) + ": " +
                std::string(to_string(text.error().code)));
    exit_code = exit_config;
    return text.error();
  }
  if (!*text) {
    if (env.mailtokit_config && !env.mailtokit_config->empty()) {
      print_error("MAILTOKIT_CONFIG names " + preview::visible(lc.path) + ", which does not exist");
      exit_code = exit_config;
      return fail(errc::not_found, 0);
    }
    return lc;
  }
  lc.exists = true;
  lc.text = std::move(**text);
  auto cfg = handler::parse_config(lc.text);
  if (!cfg) {
    print_error(preview::visible(lc.path) + ", " + position(lc.text, cfg.error().offset) + ": " +
                describe(cfg.error()));
    exit_code = exit_config;
    return cfg.error();
  }
  lc.cfg = std::move(*cfg);
  return lc;
}

void config_error(const loaded_config& lc, std::size_t offset, std::string_view what) {
  print_error(preview::visible(lc.path) + ", " + position(lc.text, offset) + ": " + std::string(what));
}

// The policy the configuration asks for (keep/drop), or nullopt after printing why not.
std::optional<policy> make_policy(const loaded_config& lc, const std::vector<std::string>& extra_keep,
                                  const std::vector<std::string>& extra_drop, int& exit_code) {
  policy p = policy::defaults();
  for (const auto& k : lc.cfg.keep) {
    if (!p.keep(k.value)) {
      config_error(lc, k.offset, "keep = " + preview::visible(k.value) + " is refused: " + p.reason_to_drop(k.value));
      exit_code = exit_config;
      return std::nullopt;
    }
  }
  for (const auto& d : lc.cfg.drop) p.drop(d.value);
  for (const auto& k : extra_keep) {
    if (!p.keep(k)) {
      print_error("--keep " + preview::visible(k) + " is refused: " + p.reason_to_drop(k));
      exit_code = exit_usage;
      return std::nullopt;
    }
  }
  for (const auto& d : extra_drop) p.drop(d);
  return p;
}

// from = ... : exactly one valid mailbox.
bool apply_from(const loaded_config& lc, draft& d, int& exit_code) {
  if (!lc.cfg.from) return true;
  auto list = parse_address_list(lc.cfg.from->value);
  if (!list || list->size() != 1 || !list->front().valid) {
    config_error(lc, lc.cfg.from->offset, "from = must be one valid address");
    exit_code = exit_config;
    return false;
  }
  d.from = list->front();
  return true;
}

// ---- the link -----------------------------------------------------------------------------

// "Input that is not a mailto URI (a string starting with '-', another scheme, an empty
// argument) is refused with a clear message and exit 64/65, before anything starts."
int refuse_non_mailto(std::string_view uri) {
  if (uri.empty()) {
    print_error("empty argument: expected a mailto: URI");
    return exit_usage;
  }
  if (uri.front() == '-') {
    print_error("refusing " + preview::visible(uri.substr(0, 64)) +
                ": an argument starting with '-' is an option, not a mailto: URI");
    return exit_usage;
  }
  std::string_view t = uri;
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t' || t.front() == '\n' || t.front() == '\r'))
    t.remove_prefix(1);
  bool is_mailto = t.size() >= 7;
  for (std::size_t i = 0; is_mailto && i < 7; ++i) {
    char c = t[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    is_mailto = c == "mailto:"[i];
  }
  if (!is_mailto) {
    const auto colon = t.find(':');
    std::string what = colon == std::string_view::npos || colon > 32
                           ? std::string("it has no scheme")
                           : "its scheme is '" + preview::visible(t.substr(0, colon)) + "'";
    print_error("refusing " + preview::visible(uri.substr(0, 64)) + (uri.size() > 64 ? "..." : "") +
                ": not a mailto: URI (" + what + ")");
    return exit_dataerr;
  }
  return exit_ok;
}

// Markup in notification bodies (Desktop Notifications Specification, "Markup") escaped.
std::string notify_escape(std::string_view s) {
  std::string o;
  for (const char c : preview::visible(s)) {
    if (c == '&') o += "&amp;";
    else if (c == '<') o += "&lt;";
    else if (c == '>') o += "&gt;";
    else o += c;
  }
  return o;
}

// "When the policy dropped fields or raised warnings, the user is told: a desktop notification
// through notify-send when available, stderr always."
void tell_user(const draft& d, const std::vector<preview::finding>& findings, bool notify,
               std::vector<std::string> lines = {}) {
  for (const auto& f : d.dropped)
    lines.push_back("dropped " + f.name + "=" + f.value + ": " + f.reason);
  for (const auto& w : d.warnings) lines.push_back("note: " + w.message);
  for (const auto& f : findings) lines.push_back("warning: " + f.field + ": " + f.message);
  if (lines.empty()) return;
  for (const auto& l : lines) err("mailtokit: " + preview::visible(l) + "\n");
  if (!notify || !dispatch::find_program("notify-send")) return;
  std::string body;
  for (std::size_t i = 0; i < lines.size() && i < 8; ++i) {
    std::string l = lines[i];
    if (l.size() > 160) l = l.substr(0, 157) + "...";
    body += (body.empty() ? "" : "\n") + notify_escape(l);
  }
  if (lines.size() > 8) body += "\n(" + std::to_string(lines.size() - 8) + " more: see the terminal or mailtokit preview)";
  // GOption: "--" ends the options, so nothing from the link can become one.
  (void)dispatch::spawn({"notify-send", "--app-name=mailtokit", "--", "mailtokit changed or flagged this link", body},
                        {false, true});
}

// ---- open ---------------------------------------------------------------------------------

struct open_options {
  std::string uri;
  std::string target;
  bool wait = false;
  bool dry_run = false;
  bool no_notify = false;
};

// The target to use and how it was chosen, or nullopt after printing why none.
std::optional<dispatch::target> choose_target(const open_options& o, const loaded_config& lc, int& exit_code) {
  if (!o.target.empty()) {
    auto t = dispatch::parse_target(o.target);
    if (!t) {
      print_error("unknown target '" + preview::visible(o.target) + "' for --target");
      exit_code = exit_usage;
    }
    return t;
  }
  if (lc.cfg.target) {
    auto t = dispatch::parse_target(lc.cfg.target->value);
    if (!t) {
      config_error(lc, lc.cfg.target->offset, "unknown target '" + preview::visible(lc.cfg.target->value) + "'");
      exit_code = exit_config;
    }
    return t;
  }
  // "With no configuration, pick a sensible default from what is installed and say which."
  const char* term = std::getenv("TERMINAL");
  const bool have_terminal = lc.cfg.terminal || (term != nullptr && *term != '\0') ||
                             dispatch::find_program("x-terminal-emulator").has_value();
  for (const auto t : dispatch::all_targets()) {
    if (t == dispatch::target::custom || t == dispatch::target::gmail || t == dispatch::target::outlook ||
        t == dispatch::target::fastmail)
      continue;
    if (dispatch::needs_terminal(t) && !have_terminal) continue;
    auto path = dispatch::find_program(dispatch::program(t));
    if (!path) continue;
    err("mailtokit: no target configured; using " + std::string(dispatch::to_name(t)) + " (" + preview::visible(*path) +
        "). Set `target = NAME` in " + (lc.path.empty() ? std::string("the configuration") : preview::visible(lc.path)) +
        " to choose.\n");
    return t;
  }
  print_error("no mail client found (tried thunderbird, evolution, kmail, claws-mail, neomutt, mutt, aerc, xdg-open); "
              "set `target = NAME` in " + (lc.path.empty() ? std::string("the configuration") : preview::visible(lc.path)));
  exit_code = exit_unavailable;
  return std::nullopt;
}

std::string json_argv(const std::vector<std::string>& argv) {
  std::string s = "[";
  for (std::size_t i = 0; i < argv.size(); ++i) {
    if (i > 0) s += ',';
    json::append_string(s, argv[i]);
  }
  return s + "]";
}

int run_open(const open_options& o) {
  if (int code = refuse_non_mailto(o.uri); code != exit_ok) return code;
  int code = exit_ok;
  const environment env = environment::current();
  auto lc = load_config(env, code);
  if (!lc) return code;
  auto p = make_policy(*lc, {}, {}, code);
  if (!p) return code;
  auto d = parse_draft(o.uri, {}, *p);
  if (!d) {
    print_error(d.error());
    return exit_dataerr;
  }
  if (!apply_from(*lc, *d, code)) return code;
  auto t = choose_target(o, *lc, code);
  if (!t) return code;

  // The custom template is checked before anything is written or started.
  std::vector<desktop::exec_arg> custom;
  if (*t == dispatch::target::custom) {
    if (!lc->cfg.command) {
      print_error("target = custom needs a `command = ...` line in " +
                  (lc->path.empty() ? std::string("the configuration") : preview::visible(lc->path)));
      return exit_config;
    }
    auto args = desktop::split_exec(lc->cfg.command->value);
    if (!args) {
      config_error(*lc, lc->cfg.command->offset + args.error().offset,
                   "command: " + describe(args.error()) + " (Desktop Entry Exec quoting)");
      return exit_config;
    }
    if (!desktop::uses_field(*args, 'u') && !desktop::uses_field(*args, 'f')) {
      config_error(*lc, lc->cfg.command->offset, "command has neither %u (the clean URI) nor %f (the draft file)");
      return exit_config;
    }
    custom = std::move(*args);
  }

  // What the chosen client is known to lose or change is told with the rest, before it starts.
  tell_user(*d, preview::check(*d), !o.no_notify && !o.dry_run && lc->cfg.notify.value_or(true),
            *t == dispatch::target::custom ? std::vector<std::string>{} : dispatch::client_losses(*t, *d));

  // The clean URI: rebuilt by our builder from only what the policy kept.
  // (harden_uri: '+' as %2B and no file-like ending, spellings every client decodes the same.)
  const std::string uri = dispatch::harden_uri(build_mailto(*d));

  // Writes bytes into a new file of the private draft directory (a fixed name under --dry-run).
  auto write_private = [&](std::string_view bytes, std::string& path) -> int {
    auto state = handler::state_home(env);
    if (!state) {
      print_error("neither XDG_STATE_HOME nor HOME is set: nowhere to write the draft file");
      return exit_cantcreat;
    }
    const std::string dir = *state + "/mailtokit/drafts";
    if (o.dry_run) {
      path = dir + "/draft-0123456789abcdef0123456789abcdef.eml";
      return exit_ok;
    }
    if (!drafts::ensure_private_dir(dir)) {
      print_error("cannot create the private draft directory " + preview::visible(dir));
      return exit_cantcreat;
    }
    const unsigned days = lc->cfg.draft_max_age_days.value_or(default_draft_max_age_days);
    if (days > 0) (void)drafts::clean_old(dir, std::chrono::hours(24) * days);
    auto written = drafts::write_draft(dir, bytes);
    if (!written) {
      print_error("cannot write a draft file in " + preview::visible(dir));
      return exit_cantcreat;
    }
    path = std::move(*written);
    return exit_ok;
  };

  std::string draft_path;
  const bool wants_file =
      dispatch::needs_draft_file(*t) || (*t == dispatch::target::custom && desktop::uses_field(custom, 'f'));
  if (wants_file) {
    compose_options co;
    co.allow_smtputf8 = lc->cfg.smtputf8.value_or(false);
    auto bytes = compose(*d, co);
    if (!bytes) {
      print_error(describe(bytes.error()) +
                  (bytes.error().code == errc::needs_smtputf8 ? " (set `smtputf8 = yes` to allow UTF-8 headers)" : ""));
      return exit_dataerr;
    }
    if (int rc = write_private(*bytes, draft_path); rc != exit_ok) return rc;
  }

  // A running Claws Mail reads a link from its socket into an 8 KB line: a longer link loses the
  // end of its body. The body goes in a private file (--insert) and the link without it.
  std::string body_path;
  std::string claws_uri;
  if (*t == dispatch::target::claws_mail && d->body && !dispatch::claws_link_fits(uri)) {
    draft no_body = *d;
    no_body.body.reset();
    claws_uri = dispatch::harden_uri(build_mailto(no_body));
    if (int rc = write_private(dispatch::claws_body_text(*d->body), body_path); rc != exit_ok) return rc;
  }

  std::vector<std::string> argv;
  if (*t == dispatch::target::custom) {
    auto expanded = desktop::expand_exec(custom, {uri, draft_path, "mailtokit", ""});
    if (!expanded) {
      config_error(*lc, lc->cfg.command->offset + expanded.error().offset, "command: " + describe(expanded.error()));
      return exit_config;
    }
    argv = std::move(*expanded);
  } else {
    dispatch::argv_inputs in;
    in.uri = claws_uri.empty() ? uri : claws_uri;
    in.draft_file = draft_path;
    in.body_file = body_path;
    in.d = &*d;
    if (dispatch::needs_terminal(*t)) {
      std::optional<std::string_view> configured;
      if (lc->cfg.terminal) configured = lc->cfg.terminal->value;
      const char* term = std::getenv("TERMINAL");
      auto prefix = dispatch::terminal_prefix(configured, term ? std::optional<std::string_view>(term) : std::nullopt);
      if (!prefix) {
        config_error(*lc, lc->cfg.terminal->offset + prefix.error().offset, "terminal: " + describe(prefix.error()));
        return exit_config;
      }
      in.terminal = std::move(*prefix);
    }
    auto built = dispatch::client_argv(*t, in);
    if (!built && built.error().code == errc::invalid_address) {
      print_error(std::string(dispatch::to_name(*t)) + ": To address " + std::to_string(built.error().offset + 1) +
                  " would be read as an option or as a URL to attach (KMail takes an argument with a scheme as "
                  "an attachment): refused");
      return exit_dataerr;
    }
    if (!built) {
      print_error(std::string(dispatch::to_name(*t)) + ": " + describe(built.error()));
      return built.error().code == errc::invalid_address ? exit_dataerr : exit_software;
    }
    argv = std::move(*built);
  }

  if (o.dry_run) {
    out(json_argv(argv) + "\n");
    return exit_ok;
  }
  // Started without a shell; detached (new session) unless --wait, so a browser is not blocked.
  auto r = dispatch::spawn(argv, {o.wait, true});
  if (!r) {
    print_error("cannot start " + preview::visible(argv.front()) + ": " +
                (r.error().code == errc::not_found ? std::string("not found in PATH")
                                                   : std::string(to_string(r.error().code))));
    return exit_unavailable;
  }
  if (o.wait && *r != 0) {
    print_error(preview::visible(argv.front()) + " exited with status " + std::to_string(*r));
    return exit_unavailable;
  }
  return exit_ok;
}

// ---- preview ------------------------------------------------------------------------------

struct preview_options {
  std::string uri;
  std::string format = "text";
  std::vector<std::string> keep, drop;
};

int run_preview(const preview_options& o) {
  if (int code = refuse_non_mailto(o.uri); code != exit_ok) return code;
  int code = exit_ok;
  const environment env = environment::current();
  auto lc = load_config(env, code);
  if (!lc) return code;
  auto p = make_policy(*lc, o.keep, o.drop, code);
  if (!p) return code;
  auto d = parse_draft(o.uri, {}, *p);
  if (!d) {
    if (o.format == "json")
      out(json::from_error(d.error()) + "\n");
    else
      print_error(d.error());
    return exit_dataerr;
  }
  if (!apply_from(*lc, *d, code)) return code;
  const auto findings = preview::check(*d);
  if (o.format == "json") {
    out(preview::render_json(*d, findings) + "\n");
  } else if (o.format == "eml") {
    compose_options co;
    co.allow_smtputf8 = lc->cfg.smtputf8.value_or(false);
    auto bytes = compose(*d, co);
    if (!bytes) {
      print_error(bytes.error());
      return exit_dataerr;
    }
    out(*bytes);
  } else {
    out(preview::render_text(*d, findings));
  }
  return exit_ok;
}

// ---- register / unregister / status -------------------------------------------------------

struct paths {
  std::string applications;  // $XDG_DATA_HOME/applications
  std::string desktop_file;  // .../mailtokit.desktop
  std::string state_dir;     // $XDG_STATE_HOME/mailtokit
  std::string saved_default; // .../previous-mailto-handler
  std::string mimeapps;      // $XDG_CONFIG_HOME/mimeapps.list
};

std::optional<paths> user_paths(const environment& env) {
  auto data = handler::data_home(env);
  auto state = handler::state_home(env);
  auto conf = handler::config_home(env);
  if (!data || !state || !conf) {
    print_error("HOME (or the XDG_*_HOME variables) must be set to an absolute path");
    return std::nullopt;
  }
  paths p;
  p.applications = *data + "/applications";
  p.desktop_file = p.applications + "/" + std::string(desktop_id);
  p.state_dir = *state + "/mailtokit";
  p.saved_default = p.state_dir + "/previous-mailto-handler";
  p.mimeapps = *conf + "/mimeapps.list";
  return p;
}

// `xdg-mime query default x-scheme-handler/mailto`: the desktop file id, "" for none.
result<std::string> query_default() {
  auto r = dispatch::run_capture({"xdg-mime", "query", "default", std::string(scheme_type)});
  if (!r) return r.error();
  return trim(r->out);
}

bool set_default(const std::string& id) {
  auto r = dispatch::spawn({"xdg-mime", "default", id, std::string(scheme_type)}, {true, false});
  return r && *r == 0;
}

void update_database(const std::string& dir) {
  if (dispatch::find_program("update-desktop-database"))
    (void)dispatch::spawn({"update-desktop-database", "-q", dir}, {true, false});
}

std::string self_exe() {
  std::error_code ec;
  const auto p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

int run_register() {
  const environment env = environment::current();
  auto p = user_paths(env);
  if (!p) return exit_usage;
  if (!dispatch::find_program("xdg-mime")) {
    print_error("xdg-mime (xdg-utils) is needed to register the handler");
    return exit_unavailable;
  }
  // Exec holds the absolute path of this very program (/proc/self/exe), so the registration
  // works for a build tree or an install outside PATH alike.
  const std::string exe = self_exe();
  auto entry = desktop::render_entry(exe);
  if (exe.empty() || !entry) {
    print_error("the path of this program (" + preview::visible(exe) + ") cannot be written in a desktop entry");
    return exit_software;
  }
  auto previous = query_default();
  if (!previous) {
    print_error("xdg-mime query default failed");
    return exit_unavailable;
  }
  std::error_code ec;
  fs::create_directories(p->applications, ec);
  if (!drafts::ensure_private_dir(p->state_dir)) {
    print_error("cannot create " + preview::visible(p->state_dir));
    return exit_cantcreat;
  }
  // Remember the previous default, unless it is us (a second register keeps the first answer).
  if (*previous != desktop_id && !write_atomic(p->saved_default, *previous + "\n", 0600)) {
    print_error("cannot write " + preview::visible(p->saved_default));
    return exit_cantcreat;
  }
  if (!write_atomic(p->desktop_file, *entry, 0644)) {
    print_error("cannot write " + preview::visible(p->desktop_file));
    return exit_cantcreat;
  }
  update_database(p->applications);
  if (!set_default(std::string(desktop_id))) {
    print_error("xdg-mime default failed");
    return exit_unavailable;
  }
  auto now = query_default();
  if (!now || *now != desktop_id) {
    print_error("xdg-mime still names " + preview::visible(now ? *now : std::string("nothing")) +
                " as the mailto: handler (your desktop may override it)");
    return exit_unavailable;
  }
  out("mailtokit is now the mailto: handler.\n");
  out("  desktop file: " + preview::visible(p->desktop_file) + "\n");
  out("  runs:         " + preview::visible(exe) + " open %u\n");
  out("  previous:     " + (previous->empty() || *previous == desktop_id ? std::string("(none)") : preview::visible(*previous)) +
      " (restored by `mailtokit unregister`)\n");
  return exit_ok;
}

// Remove `id` from the x-scheme-handler/mailto lines of a mimeapps.list (for when there was
// no previous handler to restore). Only those lines change.
bool drop_from_mimeapps(const std::string& path, std::string_view id) {
  auto text = read_small_file(path, 1 << 20);
  if (!text || !*text) return true;
  std::string result;
  std::string_view rest = **text;
  const std::string key = std::string(scheme_type) + "=";
  bool changed = false;
  while (!rest.empty()) {
    auto nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    if (line.substr(0, key.size()) == key) {
      std::string kept;
      std::string_view list = line.substr(key.size());
      while (!list.empty()) {
        auto semi = list.find(';');
        std::string_view item = list.substr(0, semi);
        list.remove_prefix(semi == std::string_view::npos ? list.size() : semi + 1);
        if (item.empty()) continue;
        if (item == id) {
          changed = true;
          continue;
        }
        kept += std::string(item) + ";";
      }
      if (kept.empty()) continue;
      result += key + kept + "\n";
      continue;
    }
    result += std::string(line) + "\n";
  }
  return !changed || write_atomic(path, result, 0644);
}

int run_unregister() {
  const environment env = environment::current();
  auto p = user_paths(env);
  if (!p) return exit_usage;
  if (!dispatch::find_program("xdg-mime")) {
    print_error("xdg-mime (xdg-utils) is needed to unregister the handler");
    return exit_unavailable;
  }
  auto saved = read_small_file(p->saved_default, 4096);
  std::error_code ec;
  const bool had_file = fs::exists(p->desktop_file, ec);
  if (!had_file && (!saved || !*saved)) {
    out("mailtokit is not registered for this user; nothing to do.\n");
    return exit_ok;
  }
  const std::string previous = saved && *saved ? trim(**saved) : std::string();
  if (!previous.empty() && previous != desktop_id) {
    if (!set_default(previous)) {
      print_error("xdg-mime default " + preview::visible(previous) + " failed");
      return exit_unavailable;
    }
  } else if (!drop_from_mimeapps(p->mimeapps, desktop_id)) {
    print_error("cannot update " + preview::visible(p->mimeapps));
    return exit_cantcreat;
  }
  fs::remove(p->desktop_file, ec);
  fs::remove(p->saved_default, ec);
  update_database(p->applications);
  auto now = query_default();
  out("mailtokit is no longer the mailto: handler.\n");
  out("  restored: " + (previous.empty() ? std::string("(there was no previous handler)") : preview::visible(previous)) + "\n");
  out("  now:      " + (now && !now->empty() ? preview::visible(*now) : std::string("(none)")) + "\n");
  return exit_ok;
}

int run_status() {
  const environment env = environment::current();
  int code = exit_ok;
  auto p = user_paths(env);
  if (!p) return exit_usage;
  std::string current = "(xdg-mime not found)";
  if (dispatch::find_program("xdg-mime")) {
    auto q = query_default();
    current = q ? (q->empty() ? std::string("(none)") : *q) : std::string("(xdg-mime failed)");
  }
  std::error_code ec;
  const bool registered = fs::exists(p->desktop_file, ec);
  out("default mailto: handler: " + preview::visible(current) + (current == desktop_id ? " (mailtokit)" : "") + "\n");
  out("user desktop file:       " + preview::visible(p->desktop_file) + (registered ? "" : " (not installed)") + "\n");
  auto saved = read_small_file(p->saved_default, 4096);
  if (saved && *saved)
    out("previous handler:        " + (trim(**saved).empty() ? std::string("(none)") : preview::visible(trim(**saved))) +
        " (restored by `mailtokit unregister`)\n");
  auto lc = load_config(env, code);
  if (!lc) return code;
  out("configuration:           " + (lc->path.empty() ? std::string("(no HOME)") : preview::visible(lc->path)) +
      (lc->exists ? "" : " (not present: defaults)") + "\n");
  if (lc->cfg.target) {
    out("target:                  " + preview::visible(lc->cfg.target->value) +
        (dispatch::parse_target(lc->cfg.target->value) ? "" : " (unknown!)") + "\n");
    if (lc->cfg.command) out("command:                 " + preview::visible(lc->cfg.command->value) + "\n");
  } else {
    std::string chosen = "(none found)";
    for (const auto t : dispatch::all_targets()) {
      if (t == dispatch::target::custom || t == dispatch::target::gmail || t == dispatch::target::outlook ||
          t == dispatch::target::fastmail)
        continue;
      if (auto path = dispatch::find_program(dispatch::program(t))) {
        chosen = std::string(dispatch::to_name(t)) + " (" + *path + ")";
        break;
      }
    }
    out("target:                  not configured; would use " + preview::visible(chosen) + "\n");
  }
  if (auto state = handler::state_home(env))
    out("draft files:             " + preview::visible(*state + "/mailtokit/drafts") + " (deleted after " +
        std::to_string(lc->cfg.draft_max_age_days.value_or(default_draft_max_age_days)) + " days)\n");
  return exit_ok;
}

// A link that starts with '-' reaches a command as an extra argument (allow_extras): it is
// refused here with the same message and exit code as any other argument that is not a link.
// False when the command must not run.
bool take_extras(CLI::App& cmd, const std::string& uri, context& ctx) {
  std::vector<std::string> extras;
  for (auto& e : cmd.remaining())
    if (e != "--") extras.push_back(e);
  if (extras.empty()) return true;
  if (uri.empty() && extras.size() == 1) {
    ctx.exit_code = refuse_non_mailto(extras.front());
    if (ctx.exit_code == exit_ok) ctx.exit_code = exit_usage;
  } else {
    print_error(cmd.get_name() + " takes one mailto: URI");
    ctx.exit_code = exit_usage;
  }
  return false;
}

}  // namespace

void add_handler_commands(CLI::App& app, context& ctx) {
  auto o = std::make_shared<open_options>();
  auto* open_cmd = app.add_subcommand(
      "open", "Hand a mailto: link to your mail client as a clean draft (what a browser runs). "
              "`mailtokit URI` is the same.");
  open_cmd->add_option("uri", o->uri, "the mailto: URI");
  open_cmd->allow_extras();  // see take_extras()
  open_cmd->add_option("--target", o->target,
                       "client for this call: thunderbird, evolution, kmail, claws-mail, neomutt, mutt, aerc, "
                       "gmail, outlook, fastmail, eml, custom");
  open_cmd->add_flag("--wait", o->wait, "wait for the client to exit (and return 69 if it fails)");
  open_cmd->add_flag("--dry-run", o->dry_run, "print the argv as a JSON array instead of starting anything");
  open_cmd->add_flag("--no-notify", o->no_notify, "no desktop notification (stderr still tells)");
  open_cmd->callback([o, open_cmd, &ctx] {
    if (!take_extras(*open_cmd, o->uri, ctx)) return;
    ctx.exit_code = run_open(*o);
  });

  auto po = std::make_shared<preview_options>();
  auto* preview_cmd = app.add_subcommand(
      "preview", "Show what a mailto: link asks for, decoded, with warnings (RFC 6068 section 7); sends nothing");
  preview_cmd->add_option("uri", po->uri, "the mailto: URI");
  preview_cmd->allow_extras();
  preview_cmd->add_option("--format", po->format, "text (default), json or eml")
      ->check(CLI::IsMember({"text", "json", "eml"}));
  preview_cmd->add_option("--keep", po->keep, "keep this header field too (repeatable)")->allow_extra_args(false);
  preview_cmd->add_option("--drop", po->drop, "drop this header field too (repeatable)")->allow_extra_args(false);
  preview_cmd->callback([po, preview_cmd, &ctx] {
    if (!take_extras(*preview_cmd, po->uri, ctx)) return;
    ctx.exit_code = run_preview(*po);
  });

  app.add_subcommand("register",
                     "Install the desktop entry for this user and make mailtokit the default mailto: handler "
                     "(xdg-mime), remembering the previous one")
      ->callback([&ctx] { ctx.exit_code = run_register(); });
  app.add_subcommand("unregister", "Restore the previous mailto: handler and remove the desktop entry")
      ->callback([&ctx] { ctx.exit_code = run_unregister(); });
  app.add_subcommand("status", "Print the current mailto: handler and the configured target")
      ->callback([&ctx] { ctx.exit_code = run_status(); });
}

}  // namespace mailtokit::cli
