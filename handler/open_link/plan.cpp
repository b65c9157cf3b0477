#include "open_link/plan.hpp"

#include <algorithm>
#include <array>

#include "cli/cli.hpp"
#include "ask/answer.hpp"
#include "ask/failure.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/mailto.hpp"
#include "base/i18n.hpp"
#include "launch/process.hpp"
#include "mailtokit/chars.hpp"

namespace mailtokit::open_link {

using ask::refusal_words;
using errors::config_failure;
using errors::open_failure;
using errors::open_result;

namespace {

using dispatch::target;

std::string config_name(const open_request& r) {
  return r.config_name.empty() ? std::string(tr("the configuration")) : preview::visible(r.config_name);
}

open_failure config_failure_at(const open_request& r, std::size_t offset, std::string_view what) {
  return config_failure(r.config_where(offset), what);
}

}  // namespace

bool have_terminal(const open_request& r) {
  return r.cfg->terminal || (r.terminal_env && !r.terminal_env->empty()) ||
         r.installed("x-terminal-emulator").has_value();
}

namespace {

// Which program: choose() with the request's inputs; the note for a fallback choice.
open_result<void> plan_choice(open_plan& p, const open_request& r) {
  choice_inputs in;
  in.cli_target = r.cli_target;
  in.cfg = r.cfg;
  in.remembered = r.remembered;
  in.find_entry = r.find_entry ? r.find_entry : [](std::string_view) { return std::optional<launch::entry>{}; };
  in.handlers = r.handlers ? r.handlers : [] { return std::vector<launch::entry>{}; };
  in.installed = r.installed;
  in.self_exe = r.self_exe;
  in.named_default = r.named_default;
  in.have_terminal = have_terminal(r);
  auto c = choose(in, r.config_where ? r.config_where : [](std::size_t) { return std::string(tr("the configuration")); });
  if (!c) return c.error();
  p.choice = std::move(*c);
  p.t = p.choice.t;
  if (p.choice.why == chosen_by::fallback || p.choice.why == chosen_by::desktop_pick)
    p.chosen_note = fill(tr("no mail program chosen on this desktop; using {0}. `mailtokit use` or the Mail links window chooses."),
                         {chosen_name(p.choice)});
  return {};
}

// A webmail: the browser the link was clicked in (the user works there, and is logged in there),
// else the desktop's browser (its entry for https links), else Debian's x-www-browser, which
// xdg-open falls back to as well; and the service's compose link, which must fit what the service
// reads (else the draft is kept and the user told, before anything opens).
open_result<void> plan_webmail(open_plan& p, const draft& d, const open_request& r) {
  if (p.t != target::webmail) return {};
  const std::string name = chosen_name(p.choice);
  const auto clicked = r.clicked_in ? r.clicked_in() : std::nullopt;
  if (clicked && r.browsers)
    for (auto& e : r.browsers())
      if (entry_runs(e, *clicked, r.resolve)) {
        p.browser = std::move(e);
        // TRANSLATORS: {0} is a webmail such as "Gmail (webmail)", {1} a web browser's name.
        p.browser_note = fill(tr("opening {0} in {1}, the browser the link was clicked in"),
                              {name, preview::visible(p.browser->name)});
        break;
      }
  if (!p.browser && r.browser) {
    p.browser = r.browser();
    if (p.browser)
      // TRANSLATORS: {0} is a webmail such as "Gmail (webmail)", {1} a web browser's name.
      p.browser_note = fill(tr("opening {0} in {1}, the desktop's browser for web links"),
                            {name, preview::visible(p.browser->name)});
  }
  if (!p.browser)
    if (auto path = r.installed("x-www-browser")) {
      p.browser_program = *path;
      // TRANSLATORS: {0} is a webmail such as "Gmail (webmail)"; x-www-browser is a program's name.
      p.browser_note = fill(tr("opening {0} with x-www-browser: this desktop has no browser set for web links"), {name});
    }
  if (!p.browser && p.browser_program.empty())
    return errors::fixed_elsewhere({exit_unavailable,
                        fill(tr("{0} was not opened: this desktop has no web browser set for https links."), {name}),
                        tr("Choose a web browser in your desktop's settings (Default Applications), or choose a "
                           "mail program in the Mail links window or with mailtokit use NAME.")});
  auto link = webmail::compose_link(*p.choice.service, d, p.choice.webmail_address);
  if (!link)
    return open_failure{exit_dataerr, link.error().words,
                        tr("Open the kept draft in a mail program, or shorten the message.")};
  p.webmail_link = std::move(*link);
  return {};
}

// A desktop entry that would run the link through a shell is refused before anything starts.
open_result<void> plan_entry_is_safe(const open_plan& p) {
  const launch::entry* e = p.choice.entry ? &*p.choice.entry : p.browser ? &*p.browser : nullptr;
  if (e == nullptr) return {};
  auto sh = launch::shell_wrapper(e->exec_argv);
  if (!sh) return {};
  return errors::fixed_elsewhere({exit_unavailable,
         fill(tr("Your mail program was not started: its desktop entry {0} hands the link to {1}, which could "
                 "let a link run commands."),
              {preview::visible(e->id), *sh}),
         tr("Choose where mail goes in the Mail links window or with mailtokit use NAME, or change that entry's "
            "Exec line to run the program directly.")});
}

// The custom template and the terminal, checked before anything is written or started.
open_result<void> plan_command(open_plan& p, const open_request& r) {
  const xdg::config& cfg = *r.cfg;
  const bool terminal_entry = p.choice.entry && p.choice.entry->terminal;
  if (p.t == target::custom) {
    if (!cfg.command)
      return open_failure{exit_config, fill(tr("target = custom needs a `command = ...` line in {0}."), {config_name(r)}),
                          tr("Add the command line of your mail program, with %u or %f.")};
    auto args = exec_line::split_exec(cfg.command->value);
    if (!args)
      // The line and column say where; the words say what to do (Desktop Entry Exec quoting).
      return config_failure_at(r, cfg.command->offset + args.error().offset,
                               tr("command: this cannot be read as a command line: put an argument with spaces or "
                                  "special characters in double quotes, and write % only as %u, %f or %%"));
    if (!exec_line::uses_field(*args, 'u') && !exec_line::uses_field(*args, 'f'))
      return config_failure_at(r, cfg.command->offset,
                               tr("command has neither %u (the clean URI) nor %f (the draft file)"));
    p.custom = std::move(*args);
  } else if (dispatch::needs_terminal(p.t) || terminal_entry) {
    std::optional<std::string_view> configured;
    if (cfg.terminal) configured = cfg.terminal->value;
    std::optional<std::string_view> env;
    if (r.terminal_env) env = *r.terminal_env;
    auto prefix = launch::terminal_prefix(configured, env);
    if (!prefix)
      return config_failure_at(r, cfg.terminal->offset + prefix.error().offset,
                               prefix.error().code == errors::errc::not_found
                                   ? tr("terminal: the program was not found")
                                   : tr("terminal: this cannot be read as a command line: put an argument with "
                                        "spaces or special characters in double quotes"));
    p.terminal = std::move(*prefix);
  }
  return {};
}

// The clean URI, rebuilt by our builder from only what the policy kept (harden_uri: '+' as %2B
// and no file-like ending, spellings every client decodes the same; desktop_safe_uri for
// entries and commands: nothing a shell or a Lisp reader could act on); for a program whose
// running instance reads links from a socket (client::socket_fits), the form that socket reads.
open_result<void> plan_uri(open_plan& p, const draft& d) {
  p.uri = dispatch::harden_uri(build_mailto(d));
  if (p.t == target::desktop || p.t == target::custom) p.uri = dispatch::desktop_safe_uri(p.uri);
  const clients::client* k = p.choice.known != nullptr ? p.choice.known : clients::by_target(p.t);
  if (k == nullptr || k->socket_fits == nullptr) return {};
  // A running Claws Mail or Sylpheed reads a link from its socket into an 8 KB line and drops the
  // rest, or crashes, or (after a line that brings files) takes the rest for paths of files to
  // attach (handler/clients/README.md). A Claws Mail body goes in a private file (--insert) and the
  // link without it; a link too long even then is refused before anything starts, never cut.
  auto socket_form = [&](const draft& x) {
    std::string u = dispatch::claws_uri(x);
    return p.t == target::desktop ? dispatch::desktop_safe_uri(u) : u;
  };
  // The draft without its body: copied only when it is needed.
  auto without_body = [&] {
    draft no_body = d;
    no_body.body.reset();
    return no_body;
  };
  if (k->body_file) {
    p.claws_uri = socket_form(d);
    if (d.body && !k->socket_fits(p.claws_uri)) {
      p.claws_uri = socket_form(without_body());
      p.body_file = true;
    }
  }
  if (!k->socket_fits(k->body_file ? p.claws_uri : socket_form(without_body()))) {
    // TRANSLATORS: {0} is a mail program's name.
    return errors::fixed_elsewhere(open_failure{
        exit_dataerr,
        fill(tr("{0} was not started: the link is too long for it. When it is already running, it reads at most "
                "8 KB of a link and would lose the rest or stop working."),
             {k->label}),
        tr("Choose where mail goes in the Mail links window or with mailtokit use NAME, or open the kept draft in "
           "your mail program.")});
  }
  return {};
}

// What the chosen program is known to lose or change, said before it opens.
void plan_losses(open_plan& p, const draft& d) {
  const target program = p.choice.known != nullptr ? p.choice.known->id() : p.t;
  p.losses = p.t == target::custom    ? std::vector<std::string>{}
             : p.t == target::webmail ? webmail::losses(*p.choice.service, d)
                                      : dispatch::client_losses(program, d);
  if (p.t == target::desktop && p.choice.known != nullptr && p.choice.known->hand != nullptr) {
    // A program whose own URI is not in the safe form (aerc's decoded To list) gets it in that
    // form through a desktop entry, and the user is told what it will show.
    auto h = p.choice.known->hand({&d, p.uri, {}});
    if (h && h->is_uri && !h->args.empty() && !dispatch::is_desktop_safe(h->args.front()))
      // TRANSLATORS: {0} is a mail program's name; "%40" stays as it is (how '@' looks encoded).
      p.losses.push_back(fill(tr("{0}: this client changes To: a desktop entry passes it the addresses with "
                                 "codes such as %40 in them, and it shows them that way"),
                              {p.choice.known->name}));
  }
}

}  // namespace

bool entry_runs(const launch::entry& e, const clicked_program& p, const resolve_program& resolve) {
  const auto& argv = e.exec_argv;
  const std::size_t i = launch::program_index(argv);
  if (i >= argv.size() || p.name.empty()) return false;
  const std::string_view exe_name = launch::basename(p.exe);
  // The running browser's name (its comm) or its executable's.
  auto names_it = [&](std::string_view name) {
    return name == p.name || (!exe_name.empty() && name == exe_name);
  };
  const std::size_t launcher = launch::after_env(argv);
  if (i != launcher) {
    // `flatpak run APP-ID`: the id's last part names the program (org.mozilla.firefox: firefox).
    const std::string_view id = argv[i];
    const auto dot = id.rfind('.');
    const std::string last = chars::lowered(dot == std::string_view::npos ? id : id.substr(dot + 1));
    return names_it(last);
  }
  if (names_it(launch::basename(argv[i]))) return true;
  if (!resolve) return false;
  const auto real = resolve(argv[i]);
  if (!real) return false;
  if (!p.exe.empty() && *real == p.exe) return true;
  if (names_it(launch::basename(*real))) return true;
  // A launcher script beside the program it runs: the same folder, which is not a bin folder
  // (where every program lives).
  auto folder = [](std::string_view path) {
    const auto slash = path.rfind('/');
    return slash == std::string_view::npos || slash == 0 ? std::string_view() : path.substr(0, slash);
  };
  const std::string_view dir = folder(*real);
  return !dir.empty() && !p.exe.empty() && dir == folder(p.exe) && !dir.ends_with("/bin") && !dir.ends_with("/sbin");
}

open_result<open_plan> plan_open(const draft& d, const open_request& r) {
  open_plan p;
  if (auto c = plan_choice(p, r); !c) return c.error();
  if (auto w = plan_webmail(p, d, r); !w) return w.error();
  if (auto s = plan_entry_is_safe(p); !s) return s.error();
  if (auto c = plan_command(p, r); !c) return c.error();
  if (auto u = plan_uri(p, d); !u) return u.error();
  plan_losses(p, d);
  p.wants_file =
      dispatch::needs_draft_file(p.t) || (p.t == target::custom && exec_line::uses_field(p.custom, 'f'));
  return p;
}

bool can_attach(const open_plan& p) noexcept {
  if (p.wants_file) return true;  // the draft file carries them as MIME parts
  return p.choice.known != nullptr && p.choice.known->attach != nullptr && p.t != target::custom;
}

compose_options draft_options(const xdg::config* cfg, bool strict) {
  compose_options co;
  if (cfg != nullptr) {
    co.allow_smtputf8 = cfg->smtputf8.value_or(false);
    co.ascii_only = cfg->smtputf8 == false;  // an explicit `smtputf8 = no`
  }
  co.strict = strict;
  return co;
}

open_result<std::string> draft_bytes(const draft& d, const compose_options& co) {
  auto bytes = compose(d, co);
  if (!bytes) {
    const bool utf8 = bytes.error().code == errc::needs_smtputf8;
    open_failure why{exit_dataerr, describe(bytes.error()),
                     utf8 ? tr("The address needs a mail server that takes UTF-8 addresses (SMTPUTF8). If yours "
                               "does, allow it in the configuration file: man mailtokit.conf.")
                          : tr("Check the link with `mailtokit preview`.")};
    why.shown = refusal_words(bytes.error().code);
    return why;
  }
  return std::move(*bytes);
}

}  // namespace mailtokit::open_link
