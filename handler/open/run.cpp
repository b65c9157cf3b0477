#include "open/run.hpp"

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
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "open/files.hpp"
#include "open/first_choice.hpp"
#include "open/handover.hpp"
#include "open/link.hpp"
#include "open/plan.hpp"
#include "open/session.hpp"
#include "open/tell.hpp"
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

// One call of `open`, as the stages a reader follows top to bottom (run_open()). A stage that
// ends the call returns its exit status.
class open_run {
 public:
  explicit open_run(const open_options& o)
      : o_(o), env_(environment::current()), ui_(probe_desktop(o.dry_run)), reg_(user_paths(env_)) {}
  std::optional<int> read_link();
  std::optional<int> settle_mode();
  std::optional<int> choose_first();
  std::optional<int> plan();
  std::optional<int> ask();
  void attach();
  int hand_over();

 private:
  std::optional<int> make_plan();
  std::optional<int> answer_with(ask_how how, const ask_context& ctx, const question& q);
  std::optional<int> take_turn();
  std::string keep() const { return o_.dry_run ? std::string() : keep_draft(*d_, env_, &*lc_); }

  const open_options& o_;
  const environment env_;
  desktop_ui ui_;
  const std::optional<registration_paths> reg_;  // where registration keeps its files
  std::optional<loaded_config> lc_;
  parse_options po_;
  std::optional<draft> d_;
  confirm_mode mode_ = confirm_mode::risky;
  open_request req_;
  std::vector<std::string> made_safe_;
  std::optional<open_plan> plan_;
  std::vector<preview::finding> findings_;
  file_request files_;
  answer answer_{choice::open, {}, false};
  bool tell_later_ = false;  // nobody is asked: the notes go out after the files are told
  std::string unasked_;
  offered_files offered_;
  std::optional<ask::turn> turn_;  // held from the first window this call opens to the last answer
};

// The configuration, the policy and the link; a link that is no mailto: link or cannot be read
// is refused before anything starts.
std::optional<int> open_run::read_link() {
  auto lc = read_config(env_);
  ui_.notify = !o_.no_notify && !o_.dry_run && (!lc || lc->cfg.notify.value_or(true)) && has_session_bus();
  if (auto refused = non_mailto(o_.uri)) return report(*refused, {}, ui_);
  // Nothing the user clicked is lost: after a configuration error, the draft is kept as the
  // default policy reads the link.
  auto keep_default = [&] {
    auto d = parse_draft(o_.uri, {}, policy::defaults());
    return d && !o_.dry_run ? keep_draft(*d, env_, nullptr) : std::string();
  };
  if (!lc) return report(lc.error(), keep_default(), ui_);
  lc_ = std::move(*lc);
  auto p = make_policy(*lc_, {}, {});
  if (!p) return report(p.error(), keep_default(), ui_);
  po_.strict = o_.strict || lc_->cfg.strict.value_or(false);
  auto d = parse_draft(o_.uri, po_, *p);
  if (!d) return report(unreadable_link(d.error(), po_.strict && parse_draft(o_.uri, {}, *p).has_value()), {}, ui_);
  d_ = std::move(*d);
  if (auto from = apply_from(*lc_, *d_); !from) return report(from.error(), keep(), ui_);
  return std::nullopt;
}

// When to ask: --no-confirm, --confirm, else `confirm =` (risky by default).
std::optional<int> open_run::settle_mode() {
  if (o_.no_confirm) {
    mode_ = confirm_mode::never;
  } else if (o_.confirm) {
    mode_ = confirm_mode::always;
  } else if (lc_->cfg.confirm) {
    auto m = parse_confirm_mode(lc_->cfg.confirm->value);
    if (!m)
      return report(config_failure_at(*lc_, lc_->cfg.confirm->offset,
                                      fill(tr("confirm = {0} is not one of risky, always, never"),
                                           {preview::visible(lc_->cfg.confirm->value)})),
                    keep(), ui_);
    mode_ = *m;
  }
  return std::nullopt;
}

// Nothing says where drafts go and no mail program was the default before `register`: ask once
// (open/first_choice.hpp) and read the configuration again with the answer in it. When the
// window cannot run, the choice is made as before (the desktop's handlers, the first program).
std::optional<int> open_run::choose_first() {
  // A part of mailtokit that cannot be found is said once, not lost in silence ($MAILTOKIT_ASK
  // naming another window, or none, is the user's own choice).
  if (!o_.dry_run && reg_) {
    const char* ask_env = std::getenv("MAILTOKIT_ASK");
    const bool window = !has_display() || ui_.ask.has_value() || (ask_env != nullptr && *ask_env != '\0');
    tell_missing_once(*reg_, missing_parts(window, !catalogs_dir().empty()), ui_.notify);
  }
  if (o_.dry_run || !o_.target.empty() || lc_->cfg.target || !ui_.ask || lc_->path.empty()) return std::nullopt;
  if (!reg_ || !xdg::registered_without_previous(*reg_)) return std::nullopt;
  if (auto code = take_turn()) return code;
  const auto c = ask_first_choice(*lc_, *ui_.ask);
  switch (c.what) {
    case first_choice::how::not_asked:
      if (!c.why.empty()) print_stderr("mailtokit: " + preview::visible(c.why) + "\n");
      return std::nullopt;
    case first_choice::how::closed: {
      const std::string kept = keep();
      print_stderr("mailtokit: " +
                   (kept.empty() ? std::string(tr("nothing was chosen, so nothing was opened"))
                                 : fill(tr("nothing was chosen, so nothing was opened; the draft is kept in {0}"),
                                        {preview::visible(kept)})) +
                   "\n");
      return exit_ok;
    }
    case first_choice::how::chosen: break;
  }
  auto lc = read_config(env_);
  if (!lc) return report(lc.error(), keep(), ui_);
  lc_ = std::move(*lc);
  print_stderr("mailtokit: " +
               fill(tr("mail links now go to {0}; `mailtokit use` changes it"), {preview::visible(c.name)}) + "\n");
  return std::nullopt;
}

// The mail program and how it gets the draft. The draft the mail program reads is the draft the
// user sees: what its decoder could turn into another address is left out (or its display name
// left off) first, and said with the losses.
std::optional<int> open_run::plan() {
  req_.cli_target = o_.target;
  req_.cfg = &lc_->cfg;
  req_.config_name = lc_->path;
  req_.config_where = [this](std::size_t offset) { return config_where(*lc_, offset); };
  req_.installed = launch::program_path;
  if (const char* term = std::getenv("TERMINAL")) req_.terminal_env = term;
  if (reg_) {
    req_.remembered = remembered_handler(*reg_);
    req_.named_default = [this](const std::string& id) { return named_mail_default(id, *reg_); };
  }
  req_.find_entry = launch::find;
  req_.handlers = launch::mailto_handlers;
  req_.browser = launch::browser;
  // A webmail opens in the browser the link was clicked in: our parents say which (Chromium runs
  // `xdg-email LINK`, Firefox GIO's gio-launch-desktop, which leaves us in its process group).
  req_.clicked_in = []() -> std::optional<clicked_program> {
    const auto o = provenance::classify(provenance::parents());
    if (o.link_kind != "browser") return std::nullopt;
    return clicked_program{o.link_program, o.link_exe};
  };
  req_.browsers = launch::browsers;
  req_.resolve = [](std::string_view program) -> std::optional<std::string> {
    auto path = launch::find_program(program);
    if (!path) return std::nullopt;
    std::error_code ec;
    auto real = std::filesystem::canonical(*path, ec);
    return ec ? std::nullopt : std::optional<std::string>(real.string());
  };
  req_.self_exe = self_exe();
  made_safe_ = clients::make_handover_safe(*d_);
  if (auto code = make_plan()) return code;
  if (!plan_->chosen_note.empty()) print_stderr("mailtokit: " + plan_->chosen_note + "\n");
  if (!plan_->browser_note.empty()) print_stderr("mailtokit: " + plan_->browser_note + "\n");
  if (!plan_->choice.gone.empty() && reg_ && !o_.dry_run) tell_gone_once(*reg_, plan_->choice, ui_.notify);
  return std::nullopt;
}

std::optional<int> open_run::make_plan() {
  auto p = plan_open(*d_, req_);
  if (!p) return report(p.error(), keep(), ui_);
  plan_ = std::move(*p);
  plan_->losses.insert(plan_->losses.begin(), made_safe_.begin(), made_safe_.end());
  return std::nullopt;
}

// Ask before a risky draft opens (confirm = risky), before every draft (always), or never; the
// files a send-by-email request asks to attach are in the same question, never ticked.
std::optional<int> open_run::ask() {
  findings_ = preview::check(*d_);
  const ask_context ctx = probe_ask(ui_);
  files_ = request_files(*d_, o_.attach, *plan_, {!o_.attach.empty(), po_.strict, mode_, o_.dry_run}, ctx, ui_, env_,
                         lc_->cfg);
  const bool offering = !files_.offer.files.empty();
  const ask_how how = o_.dry_run ? ask_how::no : decide_ask(mode_, needs_decision(*d_, findings_) || offering, ctx);
  if (auto code = answer_with(how, ctx, make_question(*d_, findings_, plan_->losses, {}, files_.offer))) return code;
  if (answer_.what == choice::cancel) {
    print_stderr("mailtokit: " + std::string(tr("cancelled; nothing was started")) + "\n");
    return exit_ok;
  }
  if (answer_.what == choice::open_without_bcc) {
    print_stderr("mailtokit: " +
                 fill(ntr("opening without the {0} hidden recipient (Bcc)",
                          "opening without the {0} hidden recipients (Bcc)", d_->bcc.size()),
                      {std::to_string(d_->bcc.size())}) +
                 "\n");
    d_->bcc.clear();
    if (auto code = make_plan()) return code;
  }
  return std::nullopt;
}

std::optional<int> open_run::answer_with(ask_how how, const ask_context& ctx, const question& q) {
  switch (how) {
    case ask_how::no:
      tell_later_ = true;  // after the files, in one notification
      break;
    case ask_how::fallback_open:
      tell_later_ = true;
      unasked_ = fill(tr("opened without asking: {0}"), {no_way_to_ask(ctx)});
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
                    keep(), ui_);
    case ask_how::terminal:
      answer_ = ask_terminal(q);
      break;
    case ask_how::dialog:
      if (auto code = take_turn()) return code;
      answer_ = ask_dialog(q, ui_.ask, ui_.dialog);
      break;
  }
  turn_.reset();  // answered: the next link's question may open
  return std::nullopt;
}

// One window at a time: wait while another link's question or chooser is open. A link that more
// links have come after than may wait leaves the queue (ask::wait_turn()): its draft is kept and
// it is said in the one notification that gathers such links, never a window of its own. Nothing
// is opened unasked: every link that gets the turn is asked its own question.
std::optional<int> open_run::take_turn() {
  if (turn_) return std::nullopt;
  if (auto t = ask::wait_turn(ask::turn_dir())) {
    turn_.emplace(std::move(*t));
    return std::nullopt;
  }
  desktop_ui no_window = ui_;
  no_window.dialog.reset();
  no_window.ask.reset();
  return report({exit_unavailable,
                 tr("The link was not opened: newer mail links came while it waited for your answer."),
                 tr("Answer the open question, then click the link again if you want it.")},
                keep(), no_window);
}

// The files ticked are attached; every other one is told, with what nobody was asked about.
void open_run::attach() {
  const auto state = xdg::state_home(env_);
  const std::string drafts_dir = state ? drafts::folder_in(*state) : "";
  if (!drafts_dir.empty() && !o_.dry_run) (void)drafts::ensure_private_dir(drafts_dir);
  const unsigned days = lc_->cfg.draft_max_age_days.value_or(default_draft_max_age_days);
  offered_ = attach_ticked(*d_, files_, answer_, *plan_, attach_dir(drafts_dir, days, o_.dry_run));
  if (tell_later_) {
    // What the user was not asked about, and the files, in one message and one notification.
    auto lines = plan_->losses;
    lines.insert(lines.end(), offered_.told.begin(), offered_.told.end());
    tell_user(*d_, findings_, ui_.notify, lines, unasked_);
  } else {
    for (const auto& line : offered_.told) print_stderr("mailtokit: " + preview::visible(line) + "\n");
    if (!offered_.told.empty() && ui_.notify && installed("notify-send"))
      send_notification(notify_argv(ask::display_text::ours(tr("mailtokit: files were not attached")),
                                    ask::display_text::from_link_each(offered_.told, 157), false));
  }
}

// The draft file or body file the program needs, then the program: a desktop entry, or argv.
int open_run::hand_over() {
  const std::vector<std::string> handed = plan_->wants_file ? std::vector<std::string>{} : offered_.handed;
  std::string draft_path;
  if (plan_->wants_file) {
    auto bytes = draft_bytes(*d_, draft_options(&lc_->cfg, po_.strict));
    if (!bytes) return report(bytes.error(), keep(), ui_);
    auto path = write_private(*bytes, env_, lc_->cfg, o_.dry_run);
    if (!path) return report(path.error(), {}, ui_);
    draft_path = std::move(*path);
  }
  std::string body_path;
  if (plan_->body_file) {
    auto path = write_private(dispatch::claws_body_text(*d_->body), env_, lc_->cfg, o_.dry_run);
    if (!path) return report(path.error(), keep(), ui_);
    body_path = std::move(*path);
  }
  // A failure after this point leaves the draft in the drafts directory: the file written for
  // the client, or a new one.
  const std::function<std::string()> kept = [&] { return draft_path.empty() ? keep() : draft_path; };
  const handover_options how{o_.dry_run, o_.wait};
  if (plan_->t == dispatch::target::desktop || (plan_->t == dispatch::target::webmail && plan_->browser))
    return start_entry(*plan_, *d_, body_path, how, kept, ui_, handed);
  auto argv = open_argv(*plan_, *d_, draft_path, body_path, req_, handed);
  if (!argv) return report(argv.error(), kept(), ui_);
  return start_program(*argv, how, kept, ui_);
}

}  // namespace

int run_open(const open_options& o) {
  open_run run(o);
  if (auto code = run.read_link()) return *code;
  if (auto code = run.settle_mode()) return *code;
  if (auto code = run.choose_first()) return *code;
  if (auto code = run.plan()) return *code;
  if (auto code = run.ask()) return *code;
  run.attach();
  return run.hand_over();
}

}  // namespace mailtokit::open_link
