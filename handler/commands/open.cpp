// `mailtokit open` and `preview`: the system's mailto: handler. The steps are named elsewhere:
// what `open` decides in open_plan.cpp and choose.cpp, what it shows in confirm.cpp, how it
// starts a program in launch/ and runtime/dispatch, each program's hand-over in clients/; this
// file reads arguments and the environment, runs the steps in order, and maps failures to
// messages and exit codes.
#include <unistd.h>

#include <chrono>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ask/policy.hpp"
#include "ask/dialog.hpp"
#include "clients/handover_safety.hpp"
#include "cli/cli.hpp"
#include "ask/confirm.hpp"
#include "commands/commands.hpp"
#include "launch/entries.hpp"
#include "launch/start.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "open/plan.hpp"
#include "ask/question.hpp"
#include "clients/dispatch.hpp"
#include "launch/process.hpp"
#include "attach/attachments.hpp"
#include "xdg/drafts.hpp"
#include "attach/provenance.hpp"
#include "xdg/config.hpp"
#include "base/i18n.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::cli {
namespace {

using handler::environment;

void out(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); }
void err(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stderr); }

// ---- the link -----------------------------------------------------------------------------

// "Input that is not a mailto URI (a string starting with '-', another scheme, an empty
// argument) is refused with a clear message and exit 64/65, before anything starts."
std::optional<open_failure> non_mailto(std::string_view uri) {
  const std::string advice = tr("Nothing was started: mailtokit opens only mailto: links. Check the link you "
                                 "clicked, or the command that started mailtokit.");
  if (uri.empty())
    return open_failure{exit_usage, tr("The link is empty: mailtokit was started without a mailto: link."), advice};
  if (uri.front() == '-')
    return open_failure{exit_usage,
                        fill(tr("{0} was refused: a word starting with '-' is an option, not a mailto: link."),
                             {preview::visible(uri.substr(0, 64))}),
                        advice};
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
    const std::string shown = preview::visible(uri.substr(0, 64)) + (uri.size() > 64 ? "..." : "");
    return open_failure{exit_dataerr,
                        colon == std::string_view::npos || colon > 32
                            ? fill(tr("{0} was refused: it is not a mailto: link (it has no scheme)."), {shown})
                            : fill(tr("{0} was refused: it is not a mailto: link (its scheme is '{1}')."),
                                   {shown, preview::visible(t.substr(0, colon))}),
                        advice};
  }
  return std::nullopt;
}

int refuse_non_mailto(std::string_view uri) {
  auto why = non_mailto(uri);
  if (!why) return exit_ok;
  print_failure(*why);
  return why->exit_code;
}

// ---- what the user sees -------------------------------------------------------------------

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
bool has_session_bus() {
  if (const char* a = std::getenv("DBUS_SESSION_BUS_ADDRESS"); a != nullptr && *a != '\0') return true;
  if (const char* r = std::getenv("XDG_RUNTIME_DIR"); r != nullptr && *r != '\0') {
    std::error_code ec;
    if (std::filesystem::is_socket(std::string(r) + "/bus", ec)) return true;
  }
  return has_display();
}

// XDG_CURRENT_DESKTOP; "KDE" for an older KDE session that only sets KDE_FULL_SESSION (as
// xdg-utils' detectDE does).
std::string current_desktop() {
  if (const char* d = std::getenv("XDG_CURRENT_DESKTOP"); d != nullptr && *d != '\0') return d;
  if (const char* k = std::getenv("KDE_FULL_SESSION"); k != nullptr && std::string_view(k) == "true") return "KDE";
  return {};
}

// Where `open` shows things besides stderr.
struct desktop_ui {
  bool failures = false;  // failures reach the desktop (not --dry-run, stderr not a terminal)
  bool notify = true;     // notifications allowed (notify = yes, no --no-notify)
  std::optional<dialog_program> dialog;  // a display and a dialog program
  std::optional<std::string> ask;        // a display and mailtokit-ask, the question's own window
};

// The fields a send-by-email request puts its files in: xdg-email's attach=, the Email portal's
// attachment= (any case).
bool is_attach_field(std::string_view name) {
  return chars::iequals(name, "attach") || chars::iequals(name, "attachment");
}

// Started detached (new session), without a shell: it outlives us, and we do not wait for it.
void show(const std::vector<std::string>& argv) { (void)launch::spawn(argv, {false, true}); }

// "When the policy dropped fields or raised warnings, the user is told: a desktop notification
// through notify-send when available, stderr always."
// With `unasked` (risky, but nobody could be asked) the notification is critical (it stays).
// `lines` come first: what the chosen client is known to lose or change. stderr names each
// dropped field, repair and finding as `inspect` does; the notification says the same in plain
// words (notice_lines()).
void tell_user(const draft& d, const std::vector<preview::finding>& findings, bool notify,
               std::vector<std::string> lines, std::string_view unasked = {}) {
  if (!unasked.empty()) lines.insert(lines.begin(), std::string(unasked));
  std::vector<std::string> plain = lines;
  for (const auto& f : d.dropped) {
    // attach= and attachment= are said by offer_files() (offered, or not attached and why).
    if (is_attach_field(f.name)) continue;
    lines.push_back(fill(tr("dropped {0}={1}: {2}"), {f.name, f.value, f.reason}));
  }
  for (const auto& w : d.warnings) lines.push_back(fill(tr("note: {0}"), {w.message}));
  for (const auto& f : findings) lines.push_back(fill(tr("warning: {0}: {1}"), {f.field, f.message}));
  if (lines.empty()) return;
  for (const auto& l : lines) err("mailtokit: " + preview::visible(l) + "\n");
  for (auto& l : notice_lines(d, findings)) plain.push_back(std::move(l));
  if (notify && !plain.empty() && installed("notify-send"))
    show(unasked.empty() ? notify_argv(tr("mailtokit changed or flagged this link"), plain, false)
                         : notify_argv(tr("mailtokit opened a risky link without asking"), plain, true));
}

// The draft as a file in the drafts directory, so that a failure loses nothing; "" when it
// cannot be written.
std::string keep_draft(const draft& d, const environment& env, const loaded_config* lc) {
  auto state = handler::state_home(env);
  if (!state) return {};
  const std::string dir = *state + "/mailtokit/drafts";
  open_failure ignored;
  auto bytes = draft_bytes(d, draft_options(lc != nullptr ? &lc->cfg : nullptr, false), ignored);
  if (!bytes) {  // kept for the user: RFC 6532 headers are fine
    compose_options utf8;
    utf8.allow_smtputf8 = true;
    bytes = draft_bytes(d, utf8, ignored);
  }
  if (!bytes || !drafts::ensure_private_dir(dir)) return {};
  auto path = drafts::write_draft(dir, *bytes);
  return path ? *path : std::string();
}

// Every failure of `open`: stderr always; the desktop (an error dialog, else a notification)
// when no terminal shows stderr. Returns the exit code.
int report(const open_failure& f, const std::string& kept, const desktop_ui& ui) {
  print_failure(f);
  if (!kept.empty())
    err("mailtokit: " + fill(tr("the draft was not handed over; it is kept in {0}"), {preview::visible(kept)}) + "\n");
  if (ui.failures) {
    const std::string text = failure_text(f, kept);
    if (ui.dialog) {
      show(failure_argv(*ui.dialog, text));
    } else if (ui.notify && installed("notify-send")) {
      // One body line per paragraph (notify_argv() shows a line break inside a line as <U+000A>).
      std::vector<std::string> lines;
      for (std::size_t at = 0; at < text.size();) {
        const auto nl = std::min(text.find('\n', at), text.size());
        if (nl > at) lines.push_back(text.substr(at, nl - at));
        at = nl + 1;
      }
      show(notify_argv(tr(failure_title.data()), lines, true, lines.size(), text.size()));
    }
  }
  return f.exit_code;
}

// ---- open ---------------------------------------------------------------------------------

struct open_options {
  std::string uri;
  std::string target;
  bool wait = false;
  bool dry_run = false;
  bool no_notify = false;
  bool strict = false;
  bool confirm = false;
  bool no_confirm = false;
  std::vector<std::string> attach;  ///< `send --attach FILE`: files the command line asks to attach
};

std::string json_argv(const std::vector<std::string>& argv) {
  std::string s = "[";
  for (std::size_t i = 0; i < argv.size(); ++i) {
    if (i > 0) s += ',';
    json::append_string(s, argv[i]);
  }
  return s + "]";
}

// How long a client has to fail at once (a bad option, no display) before we leave it running.
constexpr auto early_exit_window = std::chrono::milliseconds(1000);

// The program the user had before `register` has gone (uninstalled): said once, on stderr and
// in a notification, with the program used instead.
void tell_gone_once(const registration_paths& reg, const chosen& c, bool notify) {
  auto told = read_small_file(reg.gone_told, 4096);
  if (told && *told && trim(**told) == c.gone) return;
  const std::string line = fill(tr("the mail program you used before ({0}) is no longer installed; drafts now go to {1}"),
                                {preview::visible(c.gone), chosen_name(c)});
  err("mailtokit: " + line + "\n");
  if (notify && installed("notify-send")) show(notify_argv(tr("mailtokit: your mail program has changed"), {line}, false));
  if (drafts::ensure_private_dir(reg.state_dir)) (void)write_atomic(reg.gone_told, c.gone + "\n", 0600);
}

// --dry-run for a desktop entry: what would be started, as one JSON object.
std::string json_start(const launch::start_request& s) {
  std::string j = "{\"desktop_entry\":";
  json::append_string(j, s.e->id);
  j += ",\"file\":";
  json::append_string(j, s.e->path);
  auto line = launch::exec_line(s);
  j += ",\"exec\":";
  json::append_string(j, line ? *line : s.e->exec);
  j += std::string(",\"dbus\":") + (launch::uses_dbus(s) ? "true" : "false");
  j += s.is_uri ? ",\"uris\":" : ",\"args\":";
  j += json_argv(s.args);
  return j + "}";
}

// Hands the draft to a desktop entry (the program the user chose on the desktop, or
// `target = desktop:ID`), as the desktop starts it.
template <class Kept>
int start_entry(const open_plan& plan, const draft& d, const std::string& body_path, const open_options& o,
                const Kept& kept, const desktop_ui& ui, const std::vector<std::string>& files) {
  open_failure why;
  auto req = open_start(plan, d, body_path, why, files);
  if (!req) return report(why, kept(), ui);
  if (o.dry_run) {
    out(json_start(*req) + "\n");
    return exit_ok;
  }
  const std::string name = chosen_name(plan.choice);
  const std::string advice = fill(tr("Check that {0} works, or choose another mail program with `target = NAME` "
                                    "(`mailtokit targets` lists them)."),
                                 {name});
  std::string failed;
  auto s = launch::start(*req, failed);
  if (!s) return report({exit_unavailable, fill(tr("{0} could not be started: {1}."), {name, preview::visible(failed)}), advice},
                  kept(), ui);
  if (s->pid > 0) {
    std::optional<int> status;
    status = o.wait ? launch::wait_exit(s->pid) : launch::early_exit(s->pid, early_exit_window);
    if (status && *status != 0)
      return report({exit_unavailable,
                     fill(o.wait ? tr("{0} failed: it exited with status {1}.")
                                 : tr("{0} failed at once: it exited with status {1}."),
                          {name, std::to_string(*status)}),
                     advice},
                    kept(), ui);
  }
  return exit_ok;
}

// ---- files a request asks to attach ----------------------------------------------------------

// What a request asks to attach: the attach= and attachment= fields the policy dropped (xdg-email
// --attach writes attach=, the Email portal's GTK backend attachment=), and `send --attach`.
std::vector<attachments::request> attach_requests(const draft& d, const std::vector<std::string>& from_command) {
  std::vector<attachments::request> out;
  for (const auto& f : from_command) out.push_back({f});
  for (const auto& f : d.dropped)
    if (is_attach_field(f.name)) out.push_back({f.value});
  return out;
}

// What a request asks to attach, vetted, and whether the question can offer it.
struct file_request {
  std::vector<attachments::vetted_file> files;
  std::string why_not;                       // why no file is offered; empty when they are
  std::vector<std::string> lost_with_files;  // what the program loses when it is given files
  file_offer offer;                          // the files part of the question (empty: none offered)
};

// The files offered and what became of them.
struct offered_files {
  std::vector<std::string> handed;  // private copies handed over (or empty: nothing attached)
  std::vector<std::string> told;    // what the user is told about the files
};

// A requested file as the user is told about it: its resolved path, else what was asked for.
std::string shown(const attachments::vetted_file& f) {
  if (!f.shown_path.empty()) return f.shown_path;
  return f.requested.path_as_given.empty() ? std::string(tr("(an empty attach field)")) : f.requested.path_as_given;
}

// The program that asked, for the question ("xdg-email, for soffice.bin").
std::string asker_name(const provenance::origin& o, bool from_command) {
  if (from_command) return "mailtokit send";
  if (o.send_program.empty()) return {};
  return o.send_program + (o.requester.empty() ? std::string() : " (for " + o.requester + ")");
}

// Why no file can be offered here, or "": never-attached kinds only, a browser or another
// program's hyperlink asked, strict, confirm = never, --dry-run, a program that cannot take
// files, or nobody to ask who can show them (mailtokit-ask or the terminal: with kdialog 22.12
// and yad, Return attached in issue 35's test; zenity shows no check boxes beside the link's
// choices).
std::string why_no_offer(const file_request& r, const provenance::origin& origin, const open_options& o,
                         const open_plan& plan, bool strict, confirm_mode mode, const ask_context& ctx,
                         const desktop_ui& ui) {
  std::size_t allowed = 0;
  for (const auto& f : r.files) allowed += f.allowed() ? 1u : 0u;
  if (allowed == 0) return tr("it may never be attached");
  if (origin.hyperlink && o.attach.empty())
    return fill(tr("the request came from a link in {0}, and a link never attaches files"), {origin.link_program});
  if (strict) return tr("strict = yes attaches no file");
  if (mode == confirm_mode::never) return tr("confirm = never attaches no file (attaching needs your answer)");
  if (o.dry_run) return tr("--dry-run attaches nothing");
  if (!can_attach(plan)) return fill(tr("{0} cannot be given files by another program"), {chosen_name(plan.choice)});
  if (ctx.stdin_tty && ctx.stderr_tty) return {};
  if (!ctx.display) return tr("there is no terminal and no display to ask on");
  if (!ui.ask)
    return tr("only mailtokit's own question window (mailtokit-ask) or a terminal can ask about files, and neither "
              "is here");
  return {};
}

// The requested files, vetted (never-attached kinds refused whatever the answer), and the files
// part of the question when they can be offered.
file_request request_files(const draft& d, const open_options& o, const open_plan& plan, bool strict,
                           confirm_mode mode, const ask_context& ctx, const desktop_ui& ui, const environment& env,
                           const handler::config& limits) {
  file_request r;
  const auto requests = attach_requests(d, o.attach);
  if (requests.empty()) return r;
  attachments::vet_context vc;
  if (env.home) vc.home = *env.home;
  if (limits.attach_max_size) vc.max_size = *limits.attach_max_size;
  if (limits.attach_max_files) vc.max_files = *limits.attach_max_files;
  if (limits.attach_max_total) vc.max_total = *limits.attach_max_total;
  r.files = attachments::vet_all(requests, vc);
  const auto origin = provenance::classify(provenance::parents());
  r.why_not = why_no_offer(r, origin, o, plan, strict, mode, ctx, ui);
  if (!r.why_not.empty()) return r;
  // What the program loses when it is given files (Thunderbird's -compose spec): said in the
  // question, so the answer is made knowing it, and again once the files were handed over.
  if (const auto* c = plan.choice.known; c != nullptr && c->losses_with_files != nullptr && !plan.wants_file)
    c->losses_with_files(d, r.lost_with_files);
  r.offer = offer_text(r.files, asker_name(origin, !o.attach.empty()), chosen_name(plan.choice), r.lost_with_files);
  return r;
}

// The files ticked in the answer `a`, copied (private, from the descriptor that was judged) for
// the hand-over or, for a draft file, read into the draft; every other file told and why.
offered_files attach_ticked(draft& d, file_request& r, const answer& a, const open_plan& plan,
                            const std::string& copies_dir) {
  offered_files out;
  auto not_attached = [&](const attachments::vetted_file& f, const std::string& why) {
    out.told.push_back(fill(tr("not attached: {0}: {1}"), {shown(f), why}));
  };
  std::size_t index = 0;  // among the files offered (the allowed ones, in order)
  for (auto& f : r.files) {
    if (!f.allowed()) {
      not_attached(f, f.refusal_text);
      continue;
    }
    const bool ticked = std::find(a.files.begin(), a.files.end(), index++) != a.files.end();
    if (!r.why_not.empty()) {
      not_attached(f, r.why_not);
    } else if (!a.files_shown) {
      not_attached(f, tr("the question that could be shown cannot offer files"));
    } else if (!ticked) {
      not_attached(f, tr("you did not choose to attach it"));
    } else if (!attachments::still_same(f)) {
      // The file sent is the file shown: re-checked, then read or copied through its descriptor.
      not_attached(f, tr("it changed after you were asked"));
    } else if (plan.wants_file) {
      auto bytes = attachments::read_contents(f);
      if (!bytes) {
        not_attached(f, tr("it could not be read"));
        continue;
      }
      d.attachments.push_back({f.name, f.mime_type, std::move(*bytes)});
      out.handed.push_back(f.shown_path);
    } else if (auto copy = attachments::copy_for_handover(f, copies_dir)) {
      out.handed.push_back(*copy);
    } else {
      not_attached(f, tr("it could not be copied for the hand-over"));
    }
  }
  if (!out.handed.empty()) out.told.insert(out.told.end(), r.lost_with_files.begin(), r.lost_with_files.end());
  return out;
}

// Why nobody can be asked, as it is: no display, or no dialog program on it.
std::string no_way_to_ask(const ask_context& c) {
  if (!c.display) return tr("there is no terminal and no display to ask on");
  return tr("there is no terminal, and no dialog program (zenity, yad or kdialog) to ask with on the display");
}

int run_open(const open_options& o) {
  const environment env = environment::current();
  desktop_ui ui;
  ui.failures = !o.dry_run && isatty(STDERR_FILENO) == 0;
  if (has_display()) {
    ui.dialog = choose_dialog(current_desktop(), installed);
    ui.ask = find_ask(self_exe());
  }
  open_failure why;
  const auto lc = read_config(env, why);
  ui.notify = !o.no_notify && !o.dry_run && (!lc || lc->cfg.notify.value_or(true)) && has_session_bus();
  if (auto refused = non_mailto(o.uri)) return report(*refused, {}, ui);
  // Nothing the user clicked is lost: after a configuration error, the draft is kept as the
  // default policy reads the link.
  auto keep_default = [&] {
    auto d = parse_draft(o.uri, {}, policy::defaults());
    return d && !o.dry_run ? keep_draft(*d, env, nullptr) : std::string();
  };
  if (!lc) return report(why, keep_default(), ui);
  auto p = make_policy(*lc, {}, {}, why);
  if (!p) return report(why, keep_default(), ui);
  parse_options po;
  po.strict = o.strict || lc->cfg.strict.value_or(false);
  auto d = parse_draft(o.uri, po, *p);
  if (!d) {
    // stderr keeps the documented "error: <code>: the link at byte <offset> (<message>)" form;
    // the desktop says it in words (refusal_words()).
    const errc c = d.error().code;
    const bool repairable = po.strict && parse_draft(o.uri, {}, *p).has_value();
    const bool too_large = is_size_limit(c);
    std::string advice =
        repairable ? tr("Nothing was started: mailtokit reads links strictly here (--strict or `strict = yes`). "
                        "Without that, it would repair this link and open it; `mailtokit preview` shows what it "
                        "would change.")
        : too_large ? tr("Nothing was started, so that a link this large cannot flood your mail program. Write the "
                         "message yourself, or ask whoever gave you the link for a shorter one.")
                    : tr("This is not a valid mailto: link, so nothing was started; `mailtokit preview` shows why.");
    open_failure f{exit_dataerr, fill(tr("the link at byte {0} ({1})"), {std::to_string(d.error().offset), to_string(c)}),
                   std::move(advice), std::string(to_name(c))};
    f.shown = refusal_words(c);
    return report(f, {}, ui);
  }
  auto keep = [&] { return o.dry_run ? std::string() : keep_draft(*d, env, &*lc); };
  if (!apply_from(*lc, *d, why)) return report(why, keep(), ui);

  confirm_mode mode = confirm_mode::risky;
  if (o.no_confirm) {
    mode = confirm_mode::never;
  } else if (o.confirm) {
    mode = confirm_mode::always;
  } else if (lc->cfg.confirm) {
    auto m = parse_confirm_mode(lc->cfg.confirm->value);
    if (!m)
      return report(config_failure_at(*lc, lc->cfg.confirm->offset,
                                   fill(tr("confirm = {0} is not one of risky, always, never"),
                                        {preview::visible(lc->cfg.confirm->value)})),
                    keep(), ui);
    mode = *m;
  }

  open_request req;
  req.cli_target = o.target;
  req.cfg = &lc->cfg;
  req.config_name = lc->path;
  req.config_where = [&](std::size_t offset) { return config_where(*lc, offset); };
  req.installed = [](std::string_view name) -> std::optional<std::string> {
    auto path = launch::find_program(name);
    return path ? std::optional<std::string>(*path) : std::nullopt;
  };
  if (const char* term = std::getenv("TERMINAL")) req.terminal_env = term;
  const auto reg = user_paths(env);
  if (reg) req.remembered = remembered_handler(*reg);
  req.find_entry = launch::find;
  req.handlers = launch::mailto_handlers;
  req.self_exe = self_exe();
  // The draft the mail program reads is the draft the user sees: what its decoder could turn into
  // another address is left out (or its display name left off) now, and said with the losses.
  const std::vector<std::string> made_safe = clients::make_handover_safe(*d);
  auto plan = plan_open(*d, req, why);
  if (!plan) return report(why, keep(), ui);
  plan->losses.insert(plan->losses.begin(), made_safe.begin(), made_safe.end());
  if (!plan->chosen_note.empty()) err("mailtokit: " + plan->chosen_note + "\n");
  if (!plan->choice.gone.empty() && reg && !o.dry_run) tell_gone_once(*reg, plan->choice, ui.notify);

  // Ask before a risky draft opens (confirm = risky), before every draft (always), or never.
  const auto findings = preview::check(*d);
  ask_context ctx;
  ctx.stdin_tty = isatty(STDIN_FILENO) != 0;
  ctx.stderr_tty = isatty(STDERR_FILENO) != 0;
  ctx.display = has_display();
  ctx.dialog_program = ui.dialog.has_value() || ui.ask.has_value();
  // Files a send-by-email request asks to attach: offered in the same question, never ticked.
  file_request files = request_files(*d, o, *plan, po.strict, mode, ctx, ui, env, lc->cfg);
  const bool offering = !files.offer.files.empty();
  const ask_how how = o.dry_run ? ask_how::no : decide_ask(mode, needs_decision(*d, findings) || offering, ctx);
  const question q = make_question(*d, findings, plan->losses, {}, files.offer);
  bool tell_later = false;  // nobody is asked: the notes go out after the files are told
  std::string unasked;
  answer answer{choice::open, {}, false};
  switch (how) {
    case ask_how::no:
      tell_later = true;  // after the files, in one notification
      break;
    case ask_how::fallback_open:
      tell_later = true;
      unasked = fill(tr("opened without asking: {0}"), {no_way_to_ask(ctx)});
      break;
    case ask_how::refuse:
      return report({exit_unavailable,
                     fill(tr("The link was not opened: you asked to be asked first (confirm = always or --confirm), "
                             "but {0}."),
                          {no_way_to_ask(ctx)}),
                     ctx.display ? tr("Install zenity, yad or kdialog, run `mailtokit open` in a terminal, or set "
                                      "`confirm = risky`.")
                                 : tr("Run `mailtokit open` in a terminal or on the desktop, or set `confirm = risky`.")},
                    keep(), ui);
    case ask_how::terminal:
      answer = ask_terminal(q);
      break;
    case ask_how::dialog:
      answer = ask_dialog(q, ui.ask, ui.dialog);
      break;
  }
  if (answer.what == choice::cancel) {
    err("mailtokit: " + std::string(tr("cancelled; nothing was started")) + "\n");
    return exit_ok;
  }
  if (answer.what == choice::open_without_bcc) {
    err("mailtokit: " +
        fill(ntr("opening without the {0} hidden recipient (Bcc)", "opening without the {0} hidden recipients (Bcc)",
                 d->bcc.size()),
             {std::to_string(d->bcc.size())}) +
        "\n");
    d->bcc.clear();
    plan = plan_open(*d, req, why);
    if (!plan) return report(why, keep(), ui);
    plan->losses.insert(plan->losses.begin(), made_safe.begin(), made_safe.end());
  }

  // The files ticked are attached; every other one is told.
  const std::string drafts_dir = handler::state_home(env) ? *handler::state_home(env) + "/mailtokit/drafts" : "";
  if (!drafts_dir.empty() && !o.dry_run) (void)drafts::ensure_private_dir(drafts_dir);
  // The private copies of files to attach go in XDG_RUNTIME_DIR/mailtokit when the session has
  // one (the user's own folder, emptied at logout), else in the drafts folder. Not under a hidden
  // folder where that can be helped: Evolution warns "Hidden file is attached ... may contain
  // sensitive data" for an attach= path in a hidden folder, as ~/.local/state is (its
  // "blacklisted-file" alert, seen with Evolution 3.46 in tests/clients/xdg-email_evolution_test.py).
  std::string attach_dir = drafts_dir;
  if (const char* run = std::getenv("XDG_RUNTIME_DIR");
      run != nullptr && run[0] == '/' && std::string_view(run).find("/.") == std::string_view::npos) {
    const std::string dir = std::string(run) + "/mailtokit";
    if (o.dry_run || drafts::ensure_private_dir(dir)) attach_dir = dir;
    // Copies older than drafts are kept are deleted, as in the drafts folder (a tmpfs, in memory).
    const unsigned days = lc->cfg.draft_max_age_days.value_or(default_draft_max_age_days);
    if (!o.dry_run && attach_dir == dir && days > 0) (void)drafts::clean_old(dir, std::chrono::hours(24) * days);
  }
  const auto offered = attach_ticked(*d, files, answer, *plan, attach_dir);
  if (tell_later) {
    // What the user was not asked about, and the files, in one message and one notification.
    auto lines = plan->losses;
    lines.insert(lines.end(), offered.told.begin(), offered.told.end());
    tell_user(*d, findings, ui.notify, lines, unasked);
  } else {
    for (const auto& line : offered.told) err("mailtokit: " + preview::visible(line) + "\n");
    if (!offered.told.empty() && ui.notify && installed("notify-send"))
      show(notify_argv(tr("mailtokit: files were not attached"), offered.told, false));
  }
  const std::vector<std::string> handed = plan->wants_file ? std::vector<std::string>{} : offered.handed;

  // Writes bytes into a new file of the private draft directory (a fixed name under --dry-run).
  auto write_private = [&](std::string_view bytes) -> std::optional<std::string> {
    auto state = handler::state_home(env);
    if (!state) {
      why = {exit_cantcreat, tr("The draft could not be written: neither XDG_STATE_HOME nor HOME is set."),
             tr("Set HOME (or XDG_STATE_HOME) and open the link again.")};
      return std::nullopt;
    }
    const std::string dir = *state + "/mailtokit/drafts";
    if (o.dry_run) return dir + "/draft-0123456789abcdef0123456789abcdef.eml";
    if (!drafts::ensure_private_dir(dir)) {
      why = {exit_cantcreat, fill(tr("The private draft folder {0} could not be created."), {preview::visible(dir)}),
             fill(tr("Check the permissions of {0}, then open the link again."), {preview::visible(*state)})};
      return std::nullopt;
    }
    const unsigned days = lc->cfg.draft_max_age_days.value_or(default_draft_max_age_days);
    if (days > 0) (void)drafts::clean_old(dir, std::chrono::hours(24) * days);
    auto path = drafts::write_draft(dir, bytes);
    if (!path) {
      why = {exit_cantcreat, fill(tr("The draft could not be written in {0}."), {preview::visible(dir)}),
             fill(tr("Check the free space and the permissions of {0}, then open the link again."),
                  {preview::visible(dir)})};
      return std::nullopt;
    }
    return std::move(*path);
  };

  std::string draft_path;
  if (plan->wants_file) {
    auto bytes = draft_bytes(*d, draft_options(&lc->cfg, po.strict), why);
    if (!bytes) return report(why, keep(), ui);
    auto path = write_private(*bytes);
    if (!path) return report(why, {}, ui);
    draft_path = std::move(*path);
  }
  std::string body_path;
  if (plan->body_file) {
    auto path = write_private(dispatch::claws_body_text(*d->body));
    if (!path) return report(why, keep(), ui);
    body_path = std::move(*path);
  }
  // A failure after this point leaves the draft in the drafts directory: the file written for
  // the client, or a new one.
  auto kept = [&] { return draft_path.empty() ? keep() : draft_path; };

  if (plan->t == dispatch::target::desktop) return start_entry(*plan, *d, body_path, o, kept, ui, handed);
  auto argv = open_argv(*plan, *d, draft_path, body_path, req, why, handed);
  if (!argv) return report(why, kept(), ui);
  if (o.dry_run) {
    out(json_argv(*argv) + "\n");
    return exit_ok;
  }
  const std::string client = preview::visible(argv->front());
  const std::string advice =
      fill(tr("Check that {0} works, or choose another mail program with `target = NAME`."), {client});
  // Started without a shell; detached (new session) unless --wait, so a browser is not blocked.
  auto r = launch::spawn(*argv, {o.wait, true});
  if (!r) {
    return report({exit_unavailable,
                   r.error().code == program::errc::not_found
                       ? fill(tr("{0} could not be started: it was not found in PATH."), {client})
                       : fill(tr("{0} could not be started."), {client}),
                   advice},
                  kept(), ui);
  }
  const std::optional<int> status = o.wait ? std::optional<int>(*r) : launch::early_exit(*r, early_exit_window);
  if (status && *status != 0)
    return report({exit_unavailable,
                   fill(o.wait ? tr("{0} failed: it exited with status {1}.")
                               : tr("{0} failed at once: it exited with status {1}."),
                        {client, std::to_string(*status)}),
                   advice},
                  kept(), ui);
  return exit_ok;
}

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
// appended, every value percent-encoded.
std::optional<std::string> send_link(const send_options& s, std::string& why) {
  const auto enc = [](std::string_view v) { return percent::encode(v, chars::unreserved | chars::of("@")); };
  std::string base, to;
  std::vector<std::string> addrs;
  for (const auto& r : s.recipients) {
    if (r.size() >= 7 && (r.substr(0, 7) == "mailto:" || r.substr(0, 7) == "MAILTO:")) {
      if (!base.empty()) {
        why = tr("send takes at most one mailto: URI");
        return std::nullopt;
      }
      base = r;
      continue;
    }
    if (!r.empty() && r.front() == '-') {
      why = fill(tr("refusing {0}: an address cannot start with '-'"), {preview::visible(r)});
      return std::nullopt;
    }
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
  std::string why;
  auto link = send_link(s, why);
  if (!link) {
    report_error("usage", why, {}, tr("give addresses and at most one mailto: URI; `mailtokit send --help` says more"));
    return exit_usage;
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

int run_preview(const preview_options& o) {
  if (auto refused = non_mailto(o.uri)) {
    // --format json: a refused link gets the error object on stdout too, as inspect --json
    // prints it; a bad command line (an empty argument, an option-like word: exit 64) prints
    // nothing on stdout, as every command does.
    if (o.format == "json" && refused->exit_code != exit_usage)
      out(json::from_error(error{errc::not_mailto, 0}, refused->reason) + "\n");
    print_failure(*refused);
    return refused->exit_code;
  }
  int code = exit_ok;
  const environment env = environment::current();
  auto lc = load_config(env, code);
  if (!lc) return code;
  open_failure why;
  auto p = make_policy(*lc, o.keep, o.drop, why);
  if (!p) {
    print_failure(why);
    return why.exit_code;
  }
  parse_options po;
  po.strict = o.strict || lc->cfg.strict.value_or(false);
  auto d = parse_draft(o.uri, po, *p);
  if (!d) {
    if (o.format == "json") out(json::from_error(d.error()) + "\n");
    print_error(d.error(), tr("the link"));
    return exit_dataerr;
  }
  if (!apply_from(*lc, *d, why)) {
    print_failure(why);
    return why.exit_code;
  }
  const auto findings = preview::check(*d);
  if (o.format == "json") {
    out(preview::render_json(*d, findings) + "\n");
  } else if (o.format == "eml") {
    auto bytes = compose(*d, draft_options(&lc->cfg, po.strict));
    if (!bytes) {
      print_error(bytes.error(), tr("the draft"));
      return exit_dataerr;
    }
    out(*bytes);
  } else {
    out(preview::render_text(*d, findings));
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

void add_handler_commands(CLI::App& app, context& ctx) {
  auto o = std::make_shared<open_options>();
  auto* open_cmd = app.add_subcommand(
      "open", tr("Hand a mailto: link to your mail client as a clean draft (what a browser runs)"));
  add_help_paragraph(open_cmd, tr("`mailtokit URI` is the same."));
  open_cmd->add_option("uri", o->uri, tr("the mailto: URI"));
  open_cmd->allow_extras();  // see take_extras()
  open_cmd->add_option("--target", o->target,
                       tr("mail program for this call: thunderbird, evolution, kmail, claws-mail, geary, balsa, "
                       "sylpheed, neomutt, mutt, aerc, alpine, gmail, outlook, fastmail, eml, custom, or desktop:ID "
                       "(see `mailtokit targets`); default: the program you chose on your desktop"));
  open_cmd->add_flag("--wait", o->wait, tr("wait for the client to exit (and return 69 if it fails)"));
  open_cmd->add_flag("--dry-run", o->dry_run, tr("print what would be started instead of starting it: the argv as a JSON array, or for a desktop "
                     "entry a JSON object (desktop_entry, file, exec, dbus, uris or args)"));
  open_cmd->add_flag("--no-notify", o->no_notify, tr("no desktop notification (stderr still tells)"));
  open_cmd->add_flag("--strict", o->strict,
                     tr("refuse a link that needs a repair (as inspect --strict; also `strict = yes` in the configuration)"));
  auto* confirm_flag = open_cmd->add_flag(
      "--confirm", o->confirm, tr("ask before handing over any draft (confirm = always for this call)"));
  open_cmd->add_flag("--no-confirm", o->no_confirm, tr("never ask (confirm = never for this call)"))
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

  add_registration_commands(app, ctx);
  add_status_commands(app, ctx);
}

}  // namespace mailtokit::cli
