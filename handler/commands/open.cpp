// `mailtokit open`, `send` and `preview`: their options, and `send`'s link and `preview`'s report.
// What `open` does is in open_link/ (run.cpp reads as its stages).
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/i18n.hpp"
#include "cli/cli.hpp"
#include "clients/client.hpp"
#include "commands/commands.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/link.hpp"
#include "open_link/plan.hpp"
#include "open_link/request.hpp"
#include "open_link/run.hpp"
#include "open_link/tell.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::commands {

using cli::add_choice_option;
using cli::add_help_paragraph;
using cli::context;
using cli::print_error;
using cli::report_error;
using open_link::draft_options;
using open_link::non_mailto;
using open_link::open_options;
using open_link::print_stderr;
using open_link::print_stdout;
using open_link::refuse_non_mailto;
using open_link::run_open;
using errors::open_failure;
using errors::open_result;
using xdg::print_failure;

namespace {

using xdg::environment;

// ---- send ---------------------------------------------------------------------------------

// `mailtokit send`: xdg-email's command line, for scripts and programs that call mailtokit
// directly. The files go through the same question as any other request.
struct send_options {
  std::vector<std::string> recipients;  // addresses or one mailto: URI
  std::vector<std::string> attach, cc, bcc;
  std::string subject, body;
  bool utf8 = false;  // xdg-email's --utf8: arguments are UTF-8 (always the case here)
  std::string target;
  bool dry_run = false;
  bool no_notify = false;
};

// The link the options describe: the mailto: URI given (if any) with the addresses and fields
// appended, every value percent-encoded; or why not (a usage error).
open_result<std::string> send_link(const send_options& s) {
  auto usage = [](std::string why) {
    return open_failure{exit_usage, std::move(why),
                        tr("give addresses and at most one mailto: URI; `mailtokit send --help` says more"), "usage"};
  };
  const auto enc = [](std::string_view v) { return percent::encode(v, chars::unreserved | chars::of("@")); };
  std::string base, to;
  std::vector<std::string> addrs;
  for (const auto& r : s.recipients) {
    if (r.size() >= 7 && (r.substr(0, 7) == "mailto:" || r.substr(0, 7) == "MAILTO:")) {
      if (!base.empty()) return usage(tr("send takes at most one mailto: URI"));
      base = r;
      continue;
    }
    if (!r.empty() && r.front() == '-')
      return usage(fill(tr("refusing {0}: an address cannot start with '-'"), {preview::visible(r)}));
    to += (to.empty() ? "" : ",") + enc(r);
    addrs.push_back(r);
  }
  std::string link = base.empty() ? "mailto:" + to : base;
  char sep = link.find('?') == std::string::npos ? '?' : '&';
  auto add = [&](std::string_view name, std::string_view value) {
    link += sep;
    sep = '&';
    link += name;
    link += '=';
    link += enc(value);
  };
  if (!base.empty())
    for (const auto& a : addrs) add("to", a);
  for (const auto& c : s.cc) add("cc", c);
  for (const auto& b : s.bcc) add("bcc", b);
  if (!s.subject.empty()) add("subject", s.subject);
  if (!s.body.empty()) add("body", s.body);
  return link;
}

int run_send(const send_options& s) {
  auto link = send_link(s);
  if (!link) {
    print_failure(link.error());
    return link.error().exit_code;
  }
  open_options o;
  o.uri = *link;
  o.target = s.target;
  o.dry_run = s.dry_run;
  o.no_notify = s.no_notify;
  std::error_code ec;
  for (const auto& f : s.attach) {
    // A relative path is the caller's: made absolute against the current directory.
    const auto abs = std::filesystem::absolute(f, ec);
    o.attach.push_back(ec ? f : abs.string());
  }
  return run_open(o);
}

// ---- preview ------------------------------------------------------------------------------

struct preview_options {
  std::string uri;
  std::string format = "text";
  std::vector<std::string> keep, drop;
  bool strict = false;
};

// What preview says of a request that cannot be read, as the commands that only print say it.
int refuse_preview(const preview_options& o, const open_link::read_failure& f) {
  switch (f.step) {
    case open_link::read_step::not_mailto:
      // --format json: a refused link gets the error object on stdout too, as inspect --json
      // prints it; a bad command line (an empty argument, an option-like word: exit 64) prints
      // nothing on stdout, as every command does.
      if (o.format == "json" && f.why.exit_code != exit_usage)
        print_stdout(json::from_error(error{errc::not_mailto, 0}, f.why.reason) + "\n");
      break;
    case open_link::read_step::link:
      if (o.format == "json") print_stdout(json::from_error(*f.link_error) + "\n");
      print_error(*f.link_error, tr("the link"));
      return exit_dataerr;
    case open_link::read_step::config:
    case open_link::read_step::policy:
    case open_link::read_step::from: break;
  }
  print_failure(f.why);
  return f.why.exit_code;
}

// The draft `open` would hand over (the same stages: open_link/request.hpp), decoded, with the risks
// of the link as it was read (among them what the hand-over changes, by its codes); the
// hand-over's changes on stderr too, as `open` tells them.
int run_preview(const preview_options& o) {
  auto r = open_link::read_request({o.uri, o.strict, o.keep, o.drop}, environment::current());
  if (!r) return refuse_preview(o, r.error());
  const auto findings = preview::check(r->d);
  for (const auto& line : open_link::hand_over_safe(r->d)) print_stderr("mailtokit: " + preview::visible(line) + "\n");
  const draft& d = r->d;
  if (o.format == "json") {
    print_stdout(preview::render_json(d, findings) + "\n");
  } else if (o.format == "eml") {
    auto bytes = compose(d, draft_options(&r->lc.cfg, r->po.strict));
    if (!bytes) {
      print_error(bytes.error(), tr("the draft"));
      return exit_dataerr;
    }
    print_stdout(*bytes);
  } else {
    print_stdout(preview::render_text(d, findings));
  }
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
  if (uri.empty() && extras.size() == 1 && non_mailto(extras.front())) {
    ctx.exit_code = refuse_non_mailto(extras.front());
  } else {
    report_error("usage", fill(tr("{0} takes one mailto: URI"), {cmd.get_name()}), {}, tr("quote the link, and give it once"));
    ctx.exit_code = exit_usage;
  }
  return false;
}

}  // namespace

void add_open_commands(CLI::App& app, context& ctx) {
  auto o = std::make_shared<open_options>();
  auto* open_cmd = app.add_subcommand(
      "open", tr("Hand a mailto: link to your mail client as a clean draft (what a browser runs)"));
  add_help_paragraph(open_cmd, tr("`mailtokit URI` is the same."));
  open_cmd->add_option("uri", o->uri, tr("the mailto: URI"));
  open_cmd->allow_extras();  // see take_extras()
  open_cmd->add_option("--target", o->target,
                       // TRANSLATORS: {0} is the list of the mail programs' names (thunderbird, evolution, ...),
                       // which stay as they are.
                       fill(tr("mail program for this call: {0}, a webmail (gmail, outlook, roundcube, ...: `mailtokit "
                               "use` lists them), eml, custom, or desktop:ID (see `mailtokit targets`); default: the "
                               "program you chose with `mailtokit use` or on your desktop"),
                            {clients::list_of_names()}));
  open_cmd->add_flag("--wait", o->wait, tr("wait for the client to exit (and return 69 if it fails)"));
  open_cmd->add_flag("--dry-run", o->dry_run, tr("print what would be started instead of starting it, as one JSON object for every mail "
                     "program (target, desktop_entry or argv, uris, args, terminal, files, activation_token)"));
  open_cmd->add_flag("--no-notify", o->no_notify, tr("no desktop notification (stderr still tells)"));
  open_cmd->add_flag("--strict", o->strict,
                     tr("refuse a link that needs a repair (as inspect --strict); the configuration file can make it the "
                        "default"));
  auto* confirm_flag = open_cmd->add_flag(
      "--confirm", o->confirm, tr("ask before handing over any draft, this time"));
  open_cmd->add_flag("--no-confirm", o->no_confirm, tr("never ask, this time"))
      ->excludes(confirm_flag);
  open_cmd->callback([o, open_cmd, &ctx] {
    if (!take_extras(*open_cmd, o->uri, ctx)) return;
    ctx.exit_code = run_open(*o);
  });

  auto so = std::make_shared<send_options>();
  auto* send_cmd = app.add_subcommand(
      "send", tr("Compose a message to your mail program, with files attached after you agree"));
  add_help_paragraph(send_cmd, tr("It takes xdg-email's command line: addresses or one mailto: URI, and --attach FILE, "
                                  "--subject, --body, --cc, --bcc."));
  send_cmd->add_option("recipients", so->recipients, tr("addresses, or one mailto: URI"));
  send_cmd->add_option("--attach", so->attach, tr("a file to attach (repeatable); you are asked first"))->allow_extra_args(false);
  send_cmd->add_option("--cc", so->cc, tr("a Cc address (repeatable)"))->allow_extra_args(false);
  send_cmd->add_option("--bcc", so->bcc, tr("a Bcc address (repeatable)"))->allow_extra_args(false);
  send_cmd->add_option("--subject", so->subject, tr("the subject"));
  send_cmd->add_option("--body", so->body, tr("the body text"));
  send_cmd->add_flag("--utf8", so->utf8, tr("the arguments are UTF-8 (accepted for xdg-email's command line; always so)"));
  send_cmd->add_option("--target", so->target, tr("mail program for this call (as for open)"));
  send_cmd->add_flag("--dry-run", so->dry_run, tr("print what would be started (as for open); attaches nothing"));
  send_cmd->add_flag("--no-notify", so->no_notify, tr("no desktop notification (stderr still tells)"));
  send_cmd->callback([so, &ctx] { ctx.exit_code = run_send(*so); });

  auto po = std::make_shared<preview_options>();
  auto* preview_cmd = app.add_subcommand(
      "preview", tr("Show what a mailto: link asks for, decoded, with its risks; sends nothing"));
  preview_cmd->add_option("uri", po->uri, tr("the mailto: URI"));
  preview_cmd->allow_extras();
  add_choice_option(preview_cmd, "--format", po->format, {"text", "json", "eml"}, tr("the output"));
  preview_cmd->add_option("--keep", po->keep, tr("keep this header field too (repeatable)"))->allow_extra_args(false);
  preview_cmd->add_option("--drop", po->drop, tr("drop this header field too (repeatable)"))->allow_extra_args(false);
  preview_cmd->add_flag("--strict", po->strict, tr("refuse a link that needs a repair (as inspect --strict)"));
  preview_cmd->callback([po, preview_cmd, &ctx] {
    if (!take_extras(*preview_cmd, po->uri, ctx)) return;
    ctx.exit_code = run_preview(*po);
  });
}

}  // namespace mailtokit::commands
