#include "open_link/tell.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "ask/answer.hpp"
#include "ask/failure.hpp"
#include "ask/notify.hpp"
#include "ask/notice.hpp"
#include "ask/turn.hpp"
#include "base/files.hpp"
#include "base/i18n.hpp"
#include "cli/cli.hpp"
#include "launch/process.hpp"
#include "mailtokit/chars.hpp"
#include "open_link/plan.hpp"
#include "xdg/drafts.hpp"

namespace mailtokit::open_link {

using ask::failure_argv;
using ask::failure_text;
using ask::failure_title;
using ask::notice_lines;
using ask::notify_argv;
using errors::open_failure;
using xdg::environment;
using xdg::loaded_config;
using xdg::print_failure;
using xdg::read_small_file;
using xdg::registration_paths;
using xdg::trim;

void print_stderr(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stderr); }
void print_stdout(std::string_view s) { std::fwrite(s.data(), 1, s.size(), stdout); }

void show(const std::vector<std::string>& argv) { (void)launch::spawn(argv, {false, true, true}); }
void send_notification(const std::vector<std::string>& argv) { (void)launch::spawn(argv, {false, true, false}); }

bool handover_said(warning_code c) {
  return c == warning_code::invalid_address || c == warning_code::address_decodes_again ||
         c == warning_code::display_name_separators || c == warning_code::address_compatibility_characters;
}

bool is_attach_field(std::string_view name) {
  return chars::iequals(name, "attach") || chars::iequals(name, "attachment");
}

// "When the policy dropped fields or raised warnings, the user is told: a desktop notification
// through notify-send when available, stderr always."
// With `unasked` (risky, but nobody could be asked) the notification is critical (it stays).
// `lines` come first: what the chosen client is known to lose or change. stderr names each
// dropped field, repair and finding as `inspect` does; the notification says the same in plain
// words (notice_lines()).
ask::display_text notice_title(bool unasked) {
  return ask::display_text::ours(unasked ? tr("mailtokit opened a risky link without asking")
                                         : tr("mailtokit changed or flagged this link"));
}

namespace {

// notify-send's `argv`, and whether the notification was shown: not when notify-send is missing
// or ends at once with an error (no notification server on the session bus). One still running
// after a moment is taken as shown.
bool notification_shown(const std::vector<std::string>& argv) {
  if (!installed("notify-send")) return false;
  const auto pid = launch::spawn(argv, {false, true, false});
  if (!pid || *pid <= 0) return false;
  const auto status = launch::early_exit(*pid, std::chrono::milliseconds(1500));
  return !status || *status == 0;
}

}  // namespace

void tell_user(const draft& d, const std::vector<preview::finding>& findings, const desktop_ui& ui,
               std::vector<std::string> lines, std::string_view unasked) {
  const bool notify = ui.notify;
  if (!unasked.empty()) lines.insert(lines.begin(), std::string(unasked));
  std::vector<ask::display_text> plain = ask::display_text::from_link_each(lines, 157);
  for (const auto& f : d.dropped) {
    // attach= and attachment= are said by offer_files() (offered, or not attached and why).
    if (is_attach_field(f.name)) continue;
    lines.push_back(fill(tr("dropped {0}={1}: {2}"), {f.name, f.value, f.reason}));
  }
  for (const auto& w : d.warnings)
    // What the hand-over did with such an address is said in its own line
    // (clients::make_handover_safe()): the library's "kept so you can correct it" is not what happened.
    if (!handover_said(w.code)) lines.push_back(fill(tr("note: {0}"), {w.message}));
  for (const auto& f : findings) lines.push_back(fill(tr("warning: {0}: {1}"), {f.field, f.message}));
  if (lines.empty()) return;
  for (const auto& l : lines) print_stderr("mailtokit: " + preview::visible(l) + "\n");
  for (auto& l : notice_lines(d, findings)) plain.push_back(std::move(l));
  if (!notify || plain.empty()) return;
  const auto title = notice_title(!unasked.empty());
  if (notification_shown(notify_argv(title, plain, !unasked.empty()))) return;
  // No notification server: where nobody reads stderr, mailtokit's own window says it (Close only).
  if (ui.failures && ui.ask) {
    // TRANSLATORS: the heading of the window that stands in for a notification; the lines follow.
    auto text = ask::display_text::ours(tr("The draft is in your mail program. What mailtokit changed or "
                                           "flagged in the link:"));
    text += ask::display_text::ours("\n\n");
    text += ask::display_text::join(plain, ask::display_text::ours("\n"));
    auto argv = failure_window_argv(xdg::self_exe(), text.str(), false, false);
    argv.insert(argv.begin() + 2, unasked.empty() ? "--notice=changed" : "--notice=unasked");
    show(argv);
  }
}

// The draft as a file in the drafts directory, so that a failure loses nothing; "" when it
// cannot be written.
std::string keep_draft(const draft& d, const environment& env, const loaded_config* lc) {
  auto state = xdg::state_home(env);
  if (!state) return {};
  const std::string dir = xdg::folder_in(*state);
  auto bytes = draft_bytes(d, draft_options(lc != nullptr ? &lc->cfg : nullptr, false));
  if (!bytes) {  // kept for the user: RFC 6532 headers are fine
    compose_options utf8;
    utf8.allow_smtputf8 = true;
    bytes = draft_bytes(d, utf8);
  }
  if (!bytes || !xdg::ensure_private_dir(dir)) return {};
  auto path = xdg::write_draft(dir, *bytes);
  return path ? *path : std::string();
}

namespace {

// The one notice's id, how many failures it gathers, and under whose question or failure window
// they came; kept in the turn's folder: "ID COUNT HOLDER".
struct gathered {
  unsigned long id = 0;
  unsigned long count = 0;
  std::string holder;
};

gathered read_gathered(const std::string& dir) {
  gathered g;
  auto text = read_small_file(dir + "/notice", 64);
  if (text && *text) {
    const std::string& t = **text;
    char* end = nullptr;
    g.id = std::strtoul(t.c_str(), &end, 10);
    g.count = std::strtoul(end, &end, 10);
    while (*end == ' ') ++end;
    g.holder = std::string(end, std::strcspn(end, "\n"));
  }
  return g;
}

// One body line per paragraph (notify_argv() shows a line break inside a line as <U+000A>).
std::vector<ask::display_text> paragraphs(const ask::display_text& text) {
  std::vector<ask::display_text> lines;
  for (auto& line : text.lines())
    if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

}  // namespace

// Links that fail while a question or a failure window is on the screen (a page opening links
// in a loop) are gathered into one notification: each replaces the one before it by its id
// (Desktop Notifications Specification, "replaces_id"), counting them, so a flood shows one
// notice, never one each. A failure while nothing is on the screen starts the count again.
void notify_failure(const ask::display_text& text) {
  if (!installed("notify-send")) return;
  std::vector<ask::display_text> lines = paragraphs(text);
  const std::string dir = ask::turn_dir();
  files::fd_guard guard(dir.empty() ? -1 : ::open((dir + "/notice.lock").c_str(),
                                                  O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600));
  if (guard.get() < 0 || ::flock(guard.get(), LOCK_EX) != 0) {
    send_notification(notify_argv(ask::display_text::ours(tr(failure_title.data())), lines, true, lines.size(), text.size()));
    return;
  }
  gathered g = read_gathered(dir);
  std::string on_screen = ask::holder(dir, "question.lock");
  if (on_screen.empty()) on_screen = ask::holder(dir, "failure.lock");
  if (on_screen.empty()) on_screen = "-";
  g.count = on_screen != "-" && on_screen == g.holder ? g.count + 1 : 1;
  g.holder = on_screen;
  auto summary = ask::display_text::ours(tr(failure_title.data()));
  if (g.count > 1) {
    // TRANSLATORS: a notification that gathers the links a page opened while a question was open.
    summary = ask::display_text::ours(
        ntr("mailtokit: {0} mail link was not opened", "mailtokit: {0} mail links were not opened", g.count),
        {ask::display_text::number(g.count)});
    lines.insert(lines.begin(), ask::display_text::ours(tr("They came while another question or failure was on the "
                                                           "screen; each draft is kept. The newest:")));
  }
  auto argv = notify_argv(summary, lines, true, lines.size(), text.size() + 200);
  const auto options_end = std::find(argv.begin(), argv.end(), "--");
  std::vector<std::string> ours{"--print-id"};
  if (g.id != 0) ours.push_back("--replace-id=" + std::to_string(g.id));
  argv.insert(options_end, ours.begin(), ours.end());
  auto got = launch::run_capture(argv, 64);
  if (!got || got->status != 0) {
    // A notify-send without --print-id (before libnotify 0.7.10): one notification each.
    argv.erase(std::remove_if(argv.begin(), argv.end(), [](const std::string& a) {
                 return a == "--print-id" || a.rfind("--replace-id=", 0) == 0;
               }), argv.end());
    send_notification(argv);
  } else {
    g.id = std::strtoul(got->out.c_str(), nullptr, 10);
  }
  (void)files::write_atomic(AT_FDCWD, dir + "/notice", std::to_string(g.id) + " " + std::to_string(g.count) + " " + g.holder + "\n");
}

std::vector<std::string> failure_window_argv(std::string_view self_exe, std::string_view text, bool offer_choice,
                                             bool notify) {
  std::vector<std::string> argv{std::string(self_exe), std::string(failure_window_command)};
  if (offer_choice) argv.emplace_back("--offer-choice");
  if (!notify) argv.emplace_back("--no-notify");
  argv.emplace_back("--");  // the text is never read as an option
  argv.emplace_back(text);
  return argv;
}

// Every failure of `open`: stderr always; the desktop (an error dialog, else a notification)
// when no terminal shows stderr. Returns the exit code.
int report(const open_failure& f, const std::string& kept, const desktop_ui& ui) {
  print_failure(f);
  if (!kept.empty())
    print_stderr("mailtokit: " + fill(tr("the draft was not handed over; it is kept in {0}"), {preview::visible(kept)}) + "\n");
  if (ui.failures) {
    ask::display_text text = failure_text(f, kept);
    if (ui.ask || ui.dialog) {
      // mailtokit's own window (offering the Mail links window when another program would fix
      // it), else the dialog program's: shown by mailtokit itself (failure_window_argv()), which
      // shows one failure window at a time and gathers the others into one notification. Started
      // detached as a dialog program is, so that nothing waits for it and it holds none of the
      // caller's output.
      show(failure_window_argv(xdg::self_exe(), text.str(), f.another_program, ui.notify));
      return f.exit_code;
    }
    if (f.another_program) text += ask::display_text::ours("\n\n") + ask::choose_hint();
    if (ui.notify) notify_failure(text);
  }
  return f.exit_code;
}

// The program the user had before `register` has gone (uninstalled): said once, on stderr and
// in a notification, with the program used instead.
void tell_gone_once(const registration_paths& reg, const chosen& c, bool notify) {
  auto told = read_small_file(reg.gone_told, 4096);
  if (told && *told && trim(**told) == c.gone) return;
  const std::string line = fill(tr("the mail program you used before ({0}) is no longer installed; drafts now go to {1}"),
                                {preview::visible(c.gone), chosen_name(c)});
  print_stderr("mailtokit: " + line + "\n");
  if (notify && installed("notify-send"))
    send_notification(notify_argv(ask::display_text::ours(tr("mailtokit: your mail program has changed")),
                                  {ask::display_text::from_link(line, 400)}, false));
  if (xdg::ensure_private_dir(reg.state_dir)) (void)files::write_atomic(AT_FDCWD, reg.gone_told, c.gone + "\n");
}

}  // namespace mailtokit::open_link
