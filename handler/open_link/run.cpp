#include "open_link/run.hpp"

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ask/dialog.hpp"
#include "attach/provenance.hpp"
#include "ask/policy.hpp"
#include "ask/question.hpp"
#include "ask/terminal.hpp"
#include "ask/turn.hpp"
#include "base/i18n.hpp"
#include "clients/dispatch.hpp"
#include "clients/handover_safety.hpp"
#include "launch/entries.hpp"
#include "launch/process.hpp"
#include "launch/request.hpp"
#include "launch/runner.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/files.hpp"
#include "open_link/first_choice.hpp"
#include "open_link/launched.hpp"
#include "open_link/prepare.hpp"
#include "open_link/link.hpp"
#include "open_link/plan.hpp"
#include "open_link/request.hpp"
#include "open_link/session.hpp"
#include "open_link/tell.hpp"
#include "open_link/waiting.hpp"
#include "xdg/drafts.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

using ask::answer;
using ask::ask_context;
using ask::ask_dialog;
using ask::ask_how;
using ask::ask_terminal;
using ask::choice;
using ask::confirm_mode;
using ask::decide_ask;
using ask::make_question;
using ask::needs_decision;
using ask::notify_argv;
using ask::parse_confirm_mode;
using ask::question;
using xdg::apply_from;
using xdg::config_failure_at;
using xdg::config_where;
using xdg::default_draft_max_age_days;
using xdg::loaded_config;
using xdg::make_policy;
using xdg::registration_paths;
using xdg::remembered_handler;
using xdg::self_exe;

namespace {

using xdg::environment;

// Why nobody can be asked, as it is: no display, or no dialog program on it.
std::string no_way_to_ask(const ask_context& c) {
  if (!c.display) return tr("there is no terminal and no display to ask on");
  return tr("there is no terminal, and no dialog program (zenity, yad or kdialog) to ask with on the display");
}

// What every stage of one call reads besides the values the stages hand on: the command line,
// the session, where registration keeps its files, and the turn held from the first window this
// call opens to the last answer.
struct open_call {
  explicit open_call(const open_options& opts)
      : o(opts), env(environment::current()), ui(probe_desktop(opts.dry_run)), reg(user_paths(env)) {}
  const open_options& o;
  const environment env;
  desktop_ui ui;
  const std::optional<registration_paths> reg;
  std::optional<ask::turn> turn;
};

// A stage's value, or the exit status that ends the call.
template <class T>
using stage = mailtokit::result<T, int>;

// The draft kept in the private drafts folder, so that a failure loses nothing ("" under --dry-run).
std::string keep(const open_call& c, const link_request& r) {
  return c.o.dry_run ? std::string() : keep_draft(r.d, c.env, &r.lc);
}

// The request read (open_link/request.hpp); a link that is no mailto: link or cannot be read is
// refused before anything starts. Nothing the user clicked is lost: after a configuration
// error, the draft is kept as the default policy reads the link.
stage<link_request> read_stage(open_call& c) {
  auto r = read_request({c.o.uri, c.o.strict, {}, {}}, c.env);
  const bool notify = r ? r->lc.cfg.notify.value_or(true) : r.error().notify;
  c.ui.notify = !c.o.no_notify && !c.o.dry_run && notify && has_session_bus();
  if (r) return std::move(*r);
  const read_failure& f = r.error();
  std::string kept;
  if (!c.o.dry_run && f.by_default) kept = keep_draft(*f.by_default, c.env, nullptr);
  if (!c.o.dry_run && f.read) kept = keep_draft(*f.read, c.env, f.lc ? &*f.lc : nullptr);
  return report(f.why, kept, c.ui);
}

// When to ask: --no-confirm, --confirm, else `confirm =` (risky by default).
stage<confirm_mode> settle_mode(const open_call& c, const link_request& r) {
  if (c.o.no_confirm) return confirm_mode::never;
  if (c.o.confirm) return confirm_mode::always;
  const auto& confirm = r.lc.cfg.confirm;
  if (!confirm) return confirm_mode::risky;
  auto m = parse_confirm_mode(confirm->value);
  if (m) return *m;
  return report(config_failure_at(r.lc, confirm->offset,
                                  fill(tr("confirm = {0} is not one of risky, always, never"),
                                       {preview::visible(confirm->value)})),
                keep(c, r), c.ui);
}

// One window at a time: wait while another link's question or chooser is open. A link that more
// links have come after than may wait leaves the queue (ask::wait_turn()): it is put aside in the
// list of mail links that waited (open_link/waiting.hpp), never refused and never a window of its own,
// and said in the one notification that gathers such links; the user opens it from the list,
// where it is asked its own question. Nothing is opened unasked.
std::optional<int> take_turn(open_call& c, const link_request& r) {
  if (c.turn) return std::nullopt;
  if (auto t = ask::wait_turn(ask::turn_dir())) {
    c.turn.emplace(std::move(*t));
    return std::nullopt;
  }
  desktop_ui no_window = c.ui;
  no_window.dialog.reset();
  no_window.ask.reset();
  // `send --attach`'s files are not in its link: such a request is not put aside without them.
  const bool link_alone = c.reg && c.o.attach.empty();
  const auto aside = link_alone ? put_aside(waiting_dir(c.reg->state_dir), c.o.uri) : put_aside_result{};
  if (!aside.kept)
    return report({exit_unavailable,
                   tr("The link was not opened: newer mail links came while it waited for your answer."),
                   tr("Answer the open question, then click the link again if you want it.")},
                  keep(c, r), no_window);
  return report({exit_tempfail,
                 tr("The link waits in the list of mail links that waited: newer mail links came while it "
                    "waited for your answer."),
                 tr("Answer the open question, then open it from \"Mail links that waited\" in your applications "
                    "(mailtokit waiting).")},
                keep(c, r), no_window);
}

// A part of mailtokit that cannot be found is said once, not lost in silence ($MAILTOKIT_ASK
// naming another window, or none, is the user's own choice).
void tell_missing(const open_call& c) {
  if (c.o.dry_run || !c.reg) return;
  const char* ask_env = std::getenv("MAILTOKIT_ASK");
  const bool window = !has_display() || c.ui.ask.has_value() || (ask_env != nullptr && *ask_env != '\0');
  tell_missing_once(*c.reg, missing_parts(window, !catalogs_dir().empty()), c.ui.notify);
}

// Nothing says where drafts go and no mail program was the default before `register`: ask once
// (open_link/first_choice.hpp) and read the configuration again with the answer in it. When the
// window cannot run, the choice is made as before (the desktop's handlers, the first program).
// Returns the exit status when the call ends here.
std::optional<int> choose_first(open_call& c, link_request& r) {
  tell_missing(c);
  if (c.o.dry_run || !c.o.target.empty() || r.lc.cfg.target || !c.ui.ask || r.lc.path.empty()) return std::nullopt;
  if (!c.reg || !xdg::registered_without_previous(*c.reg)) return std::nullopt;
  if (auto code = take_turn(c, r)) return code;
  const auto first = ask_first_choice(r.lc, *c.ui.ask);
  switch (first.what) {
    case first_choice::how::not_asked:
      if (!first.why.empty()) print_stderr("mailtokit: " + preview::visible(first.why) + "\n");
      return std::nullopt;
    case first_choice::how::closed: {
      const std::string kept = keep(c, r);
      print_stderr("mailtokit: " +
                   (kept.empty() ? std::string(tr("nothing was chosen, so nothing was opened"))
                                 : fill(tr("nothing was chosen, so nothing was opened; the draft is kept in {0}"),
                                        {preview::visible(kept)})) +
                   "\n");
      return exit_ok;
    }
    case first_choice::how::chosen: break;
  }
  auto lc = read_config(c.env);
  if (!lc) return report(lc.error(), keep(c, r), c.ui);
  r.lc = std::move(*lc);
  print_stderr("mailtokit: " +
               fill(tr("mail links now go to {0}; `mailtokit use` changes it"), {preview::visible(first.name)}) + "\n");
  return std::nullopt;
}

// What plan_open() reads of the command line, the configuration and the system.
open_request system_request(const open_call& c, const xdg::loaded_config& lc) {
  open_request req;
  req.cli_target = c.o.target;
  req.cfg = &lc.cfg;
  req.config_name = lc.path;
  req.config_where = [&lc](std::size_t offset) { return config_where(lc, offset); };
  req.installed = launch::program_path;
  if (const char* term = std::getenv("TERMINAL")) req.terminal_env = term;
  if (c.reg) {
    req.remembered = remembered_handler(*c.reg);
    req.named_default = [reg = *c.reg](const std::string& id) { return named_mail_default(id, reg); };
  }
  req.find_entry = launch::find;
  req.handlers = launch::mailto_handlers;
  req.browser = launch::browser;
  // A webmail opens in the browser the link was clicked in: our parents say which (Chromium runs
  // `xdg-email LINK`, Firefox GIO's gio-launch-desktop, which leaves us in its process group).
  req.clicked_in = []() -> std::optional<clicked_program> {
    const auto o = provenance::classify(provenance::parents());
    if (o.link_kind != "browser") return std::nullopt;
    return clicked_program{o.link_program, o.link_exe};
  };
  req.browsers = launch::browsers;
  req.resolve = [](std::string_view program) -> std::optional<std::string> {
    auto path = launch::find_program(program);
    if (!path) return std::nullopt;
    std::error_code ec;
    auto real = std::filesystem::canonical(*path, ec);
    return ec ? std::nullopt : std::optional<std::string>(real.string());
  };
  req.self_exe = self_exe();
  return req;
}

// The plan for the draft as it is now, the hand-over's changes (`made_safe`) first among the
// losses.
stage<open_plan> plan_for(const open_call& c, const link_request& r, const open_request& req,
                          const std::vector<std::string>& made_safe) {
  auto p = plan_open(r.d, req);
  if (!p) return report(p.error(), keep(c, r), c.ui);
  p->losses.insert(p->losses.begin(), made_safe.begin(), made_safe.end());
  return std::move(*p);
}

// The mail program and how it gets the draft, for the draft made the hand-over (hand_over_safe()):
// the draft the mail program reads is the draft the user sees.
stage<open_plan> plan_stage(const open_call& c, const link_request& r, const open_request& req,
                            const std::vector<std::string>& made_safe) {
  auto p = plan_for(c, r, req, made_safe);
  if (!p) return p;
  if (!p->chosen_note.empty()) print_stderr("mailtokit: " + p->chosen_note + "\n");
  if (!p->browser_note.empty()) print_stderr("mailtokit: " + p->browser_note + "\n");
  if (!p->choice.gone.empty() && c.reg && !c.o.dry_run) tell_gone_once(*c.reg, p->choice, c.ui.notify);
  return p;
}

// What was decided before anything is written: the findings, the files offered, the answer, and
// what is told afterwards when nobody was asked.
struct decision {
  std::vector<preview::finding> findings;
  file_request files;
  answer reply{choice::open, {}, false};
  bool tell_later = false;  // nobody is asked: the notes go out after the files are told
  std::string unasked;
};

// How the question is answered: not at all, in the terminal, in a window; or the call ends.
std::optional<int> answer_with(open_call& c, const link_request& r, ask_how how, const ask_context& ctx,
                               const question& q, decision& out) {
  switch (how) {
    case ask_how::no:
      out.tell_later = true;  // after the files, in one notification
      break;
    case ask_how::fallback_open:
      out.tell_later = true;
      out.unasked = fill(tr("opened without asking: {0}"), {no_way_to_ask(ctx)});
      break;
    case ask_how::refuse:
      return report({exit_unavailable,
                     fill(tr("The link was not opened: you chose to be asked before every link, but {0}."),
                          {no_way_to_ask(ctx)}),
                     ctx.display ? tr("Install zenity, yad or kdialog, run `mailtokit open` in a terminal, or choose to be "
                                      "asked only before a link that could do harm in the Mail links window.")
                                 : tr("Run `mailtokit open` in a terminal or on the desktop, or choose to be asked only "
                                      "before a link that could do harm (in the Mail links window, or in the "
                                      "configuration file: man mailtokit.conf).")},
                    keep(c, r), c.ui);
    case ask_how::terminal:
      out.reply = ask_terminal(q);
      break;
    case ask_how::dialog:
      if (auto code = take_turn(c, r)) return code;
      out.reply = ask_dialog(q, c.ui.ask, c.ui.dialog);
      break;
  }
  c.turn.reset();  // answered: the next link's question may open
  return std::nullopt;
}

// Ask before a risky draft opens (confirm = risky), before every draft (always), or never; the
// files a send-by-email request asks to attach are in the same question, never ticked.
stage<decision> decide(open_call& c, const link_request& r, confirm_mode mode, const open_plan& plan) {
  decision out;
  out.findings = preview::check(r.d);
  const ask_context ctx = probe_ask(c.ui);
  out.files = request_files(r.d, c.o.attach, plan, {!c.o.attach.empty(), r.po.strict, mode, c.o.dry_run}, ctx, c.ui,
                            c.env, r.lc.cfg);
  const bool offering = !out.files.offer.files.empty();
  const ask_how how =
      c.o.dry_run ? ask_how::no : decide_ask(mode, needs_decision(r.d, out.findings) || offering, ctx);
  const question q = make_question(r.d, out.findings, plan.losses, {}, out.files.offer);
  if (auto code = answer_with(c, r, how, ctx, q, out)) return *code;
  if (out.reply.what == choice::cancel) {
    print_stderr("mailtokit: " + std::string(tr("cancelled; nothing was started")) + "\n");
    return exit_ok;
  }
  return out;
}

// The answer "without the hidden copies": the draft without Bcc, planned again.
stage<open_plan> without_bcc(const open_call& c, link_request& r, const open_request& req,
                             const std::vector<std::string>& made_safe) {
  print_stderr("mailtokit: " +
               fill(ntr("opening without the {0} hidden recipient (Bcc)",
                        "opening without the {0} hidden recipients (Bcc)", r.d.bcc.size()),
                    {std::to_string(r.d.bcc.size())}) +
               "\n");
  r.d.bcc.clear();
  return plan_for(c, r, req, made_safe);
}

// The files ticked are attached; every other one is told, with what nobody was asked about.
offered_files attach(const open_call& c, link_request& r, const open_plan& plan, decision& dec) {
  const auto state = xdg::state_home(c.env);
  const std::string drafts_dir = state ? xdg::folder_in(*state) : "";
  if (!drafts_dir.empty() && !c.o.dry_run) (void)xdg::ensure_private_dir(drafts_dir);
  const unsigned days = r.lc.cfg.draft_max_age_days.value_or(default_draft_max_age_days);
  offered_files offered = attach_ticked(r.d, dec.files, dec.reply, plan, attach_dir(drafts_dir, days, c.o.dry_run));
  if (dec.tell_later) {
    // What the user was not asked about, and the files, in one message and one notification.
    auto lines = plan.losses;
    lines.insert(lines.end(), offered.told.begin(), offered.told.end());
    tell_user(r.d, dec.findings, c.ui, lines, dec.unasked);
  } else {
    for (const auto& line : offered.told) print_stderr("mailtokit: " + preview::visible(line) + "\n");
    if (!offered.told.empty() && c.ui.notify && installed("notify-send"))
      send_notification(notify_argv(ask::display_text::ours(tr("mailtokit: files were not attached")),
                                    ask::display_text::from_link_each(offered.told, 157), false));
  }
  return offered;
}

// The launch request, prepared from the draft by the target's descriptor (open_link/prepare.hpp): the
// files the program needs, then the desktop entry or the argv.
stage<launch::request> prepare_stage(const open_call& c, const link_request& r, const open_request& req,
                                     const open_plan& plan, const offered_files& offered) {
  prepare_inputs in;
  in.r = &req;
  if (!plan.wants_file) in.attachments = offered.handed;  // a draft file carries them itself
  const auto state = xdg::state_home(c.env);
  if (state) in.drafts_dir = xdg::folder_in(*state);
  in.dry_run = c.o.dry_run;
  in.co = draft_options(&r.lc.cfg, r.po.strict);
  in.activation_token = launch::activation_token();
  auto q = prepare_launch(plan, r.d, in);
  if (!q) return report(q.error(), keep(c, r), c.ui);
  return std::move(*q);
}

// The request started by the one runner (launch/runner.hpp); under --dry-run, printed instead.
mailtokit::result<void, launch::launch_failure> launch_stage(const open_call& c, const link_request& r,
                                                            const launch::request& q) {
  if (c.o.dry_run) {
    print_stdout(launch::to_json(q) + "\n");
    return {};
  }
  const unsigned days = r.lc.cfg.draft_max_age_days.value_or(default_draft_max_age_days);
  auto done = launch::run(q, {c.o.wait, days});
  if (!done) return done.error();
  return {};
}

// A launch that failed, told (open_link/tell.hpp) with where the draft is kept: the draft file it
// wrote, else a new one (none when the draft file itself could not be written).
int tell_failure(const open_call& c, const link_request& r, const launch::request& q,
                 const launch::launch_failure& f) {
  using what = launch::launch_failure::what;
  std::string kept = written_draft(q, f);
  const bool draft_unwritable = (f.kind == what::folder || f.kind == what::file) && f.file_what == "draft";
  if (kept.empty() && !draft_unwritable) kept = keep(c, r);
  return report(launch_failure_words(q, f, c.o.wait), kept, c.ui);
}

}  // namespace

int run_open(const open_options& o) {
  open_call c(o);
  auto r = read_stage(c);
  if (!r) return r.error();
  const auto mode = settle_mode(c, *r);
  if (!mode) return mode.error();
  if (auto code = choose_first(c, *r)) return *code;
  const auto made_safe = hand_over_safe(r->d);
  const open_request req = system_request(c, r->lc);
  auto plan = plan_stage(c, *r, req, made_safe);
  if (!plan) return plan.error();
  auto dec = decide(c, *r, *mode, *plan);
  if (!dec) return dec.error();
  if (dec->reply.what == choice::open_without_bcc) {
    plan = without_bcc(c, *r, req, made_safe);
    if (!plan) return plan.error();
  }
  const offered_files offered = attach(c, *r, *plan, *dec);
  const auto request = prepare_stage(c, *r, req, *plan, offered);
  if (!request) return request.error();
  const auto launched = launch_stage(c, *r, *request);
  if (!launched) return tell_failure(c, *r, *request, launched.error());
  return exit_ok;
}

}  // namespace mailtokit::open_link
