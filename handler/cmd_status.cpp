// `mailtokit status` (the handler, and which mail program drafts go to and why) and `mailtokit
// targets` (the mail programs on this desktop and how each gets a draft). Both ask choose() and
// the desktop (launch/) the same questions `open` asks.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "choose.hpp"
#include "clients/client.hpp"
#include "commands.hpp"
#include "handler_commands.hpp"
#include "launch/entries.hpp"
#include "mailtokit/preview.hpp"
#include "open_plan.hpp"
#include "runtime/dispatch.hpp"
#include "user_files.hpp"

namespace mailtokit::cli {
namespace {

namespace fs = std::filesystem;

void out(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); }

std::optional<std::string> installed(std::string_view name) {
  auto path = dispatch::find_program(name);
  return path ? std::optional<std::string>(*path) : std::nullopt;
}

// How an entry (or a program started directly) gets the draft, in words.
std::string how(const launch::entry* e, const clients::client* k) {
  if (k != nullptr && k->hand != clients::uri_only && (e == nullptr || e->exec_argv.size() > 0)) {
    if (k->id == dispatch::target::aerc) return "the link, with the To list decoded";
    return "its own options in place of the link";
  }
  if (e != nullptr && e->dbus) return "the link, over D-Bus (org.freedesktop.Application.Open)";
  return "the link";
}

std::string entry_line(const launch::entry& e) {
  std::string s = e.exec.empty() ? std::string("(D-Bus only)") : preview::visible(e.exec);
  if (e.terminal) s += " (in a terminal)";
  return s;
}

choice_inputs inputs(const loaded_config& lc, const std::optional<registration_paths>& reg) {
  choice_inputs in;
  in.cfg = &lc.cfg;
  if (reg) in.remembered = remembered_handler(*reg);
  in.find_entry = launch::find;
  in.handlers = launch::mailto_handlers;
  in.installed = installed;
  in.self_exe = self_exe();
  open_request r;
  r.cfg = &lc.cfg;
  r.installed = installed;
  if (const char* term = std::getenv("TERMINAL")) r.terminal_env = term;
  in.have_terminal = have_terminal(r);
  return in;
}

int run_status() {
  const auto env = handler::environment::current();
  int code = exit_ok;
  const auto reg = user_paths(env);
  if (!reg) {
    report_error("usage", "HOME (or the XDG_*_HOME variables) must be set to an absolute path");
    return exit_usage;
  }
  std::string current = "(none)";
  auto handlers = launch::mailto_handlers();
  if (!handlers.empty()) current = handlers.front().id;
  std::error_code ec;
  const bool registered = fs::exists(reg->desktop_file, ec);
  out("default mailto: handler: " + preview::visible(current) + (current == desktop_id ? " (mailtokit)" : "") + "\n");
  out("user desktop file:       " + preview::visible(reg->desktop_file) + (registered ? "" : " (not installed)") + "\n");
  const std::string previous = remembered_handler(*reg);
  if (registered || !previous.empty())
    out("previous handler:        " + (previous.empty() ? std::string("(none)") : preview::visible(previous)) +
        " (restored by `mailtokit unregister`)\n");
  auto lc = load_config(env, code);
  if (!lc) return code;
  out("configuration:           " + (lc->path.empty() ? std::string("(no HOME)") : preview::visible(lc->path)) +
      (lc->exists ? "" : " (not present: defaults)") + "\n");
  out("confirm:                 " +
      (lc->cfg.confirm ? preview::visible(lc->cfg.confirm->value) +
                             (parse_confirm_mode(lc->cfg.confirm->value) ? "" : " (unknown!)")
                       : std::string("risky (default)")) +
      "\n");
  open_failure why;
  auto c = choose(inputs(*lc, reg), [&](std::size_t o) { return config_where(*lc, o); }, why);
  if (!c) {
    out("mail program:            none: " + preview::visible(why.reason) + "\n");
  } else {
    out("mail program:            " + chosen_name(*c) + "\n");
    out("  chosen because:        " + std::string(describe(c->why)) + "\n");
    if (c->entry) out("  started with:          " + entry_line(*c->entry) + "\n");
    if (!c->gone.empty())
      out("  note:                  " + preview::visible(c->gone) + ", the program you used before, is no longer installed\n");
    if (c->entry)
      if (auto sh = launch::shell_wrapper(c->entry->exec_argv))
        out("  refused:               its Exec hands the link to `" + *sh + "`; set `target =` to another program\n");
  }
  if (lc->cfg.command) out("command:                 " + preview::visible(lc->cfg.command->value) + "\n");
  if (auto state = handler::state_home(env))
    out("draft files:             " + preview::visible(*state + "/mailtokit/drafts") + " (deleted after " +
        std::to_string(lc->cfg.draft_max_age_days.value_or(default_draft_max_age_days)) + " days)\n");
  return exit_ok;
}

int run_targets() {
  const auto env = handler::environment::current();
  const std::string me = self_exe();
  out("Mail programs on this desktop (for mail links), in your desktop's order:\n");
  std::size_t n = 0;
  for (const auto& e : launch::mailto_handlers()) {
    if (launch::is_mailtokit(e, me)) continue;
    ++n;
    const auto* k = clients::recognize(e.id, e.exec_argv);
    out("  desktop:" + preview::visible(e.id.ends_with(".desktop") ? e.id.substr(0, e.id.size() - 8) : e.id) + "\n");
    out("    name:    " + preview::visible(e.name) + (e.hidden ? " (not shown in menus)" : "") + "\n");
    out("    starts:  " + entry_line(e) + "\n");
    if (auto sh = launch::shell_wrapper(e.exec_argv)) {
      out("    gets:    nothing: its Exec hands the link to `" + *sh + "`, so mailtokit refuses it\n");
      continue;
    }
    out("    gets:    " + how(&e, k) + "\n");
    out("    known:   " + (k != nullptr ? std::string(k->label) + ": " + std::string(k->notes) : std::string("no (it gets the clean link)")) + "\n");
  }
  if (n == 0) out("  (none)\n");
  out("\nKnown mail programs installed (target = NAME starts them directly):\n");
  std::size_t m = 0;
  for (const auto* k : clients::all()) {
    auto path = installed(k->programs.front());
    if (!path) continue;
    ++m;
    out("  " + std::string(k->name) + " (" + preview::visible(*path) + ")" + (k->terminal ? ", in a terminal" : "") + "\n");
  }
  if (m == 0) out("  (none)\n");
  out("\nAlso: target = gmail, outlook, fastmail (webmail in the browser), eml (the draft file), custom (`command =`),\n"
      "desktop:ID (one of the entries above).\n");
  int code = exit_ok;
  if (auto lc = load_config(env, code)) {
    const auto reg = user_paths(env);
    open_failure why;
    if (auto c = choose(inputs(*lc, reg), [&](std::size_t o) { return config_where(*lc, o); }, why))
      out("\nDrafts go to: " + chosen_name(*c) + " (" + std::string(describe(c->why)) + ")\n");
  }
  return code;
}

}  // namespace

void add_status_commands(CLI::App& app, context& ctx) {
  app.add_subcommand("status", "Print the mailto: handler, and which mail program drafts go to and why")
      ->callback([&ctx] { ctx.exit_code = run_status(); });
  app.add_subcommand("targets", "List the mail programs on this desktop and how each gets a draft")
      ->callback([&ctx] { ctx.exit_code = run_targets(); });
}

}  // namespace mailtokit::cli
