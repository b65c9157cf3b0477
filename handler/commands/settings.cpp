// `mailtokit settings`: the "Mail links" window, the choices `register`, `unregister`,
// `use` and `confirm =` make, in mailtokit-ask: mailtokit on or off as the desktop's mail-link
// handler, where mail goes, when to ask. Nothing changes until Save; Escape changes nothing.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ask/dialog.hpp"
#include "ask/turn.hpp"
#include "base/files.hpp"
#include "base/i18n.hpp"
#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "launch/entries.hpp"
#include "launch/process.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/first_choice.hpp"
#include "open_link/places.hpp"
#include "open_link/session.hpp"
#include "open_link/tell.hpp"
#include "xdg/config.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::commands {

using cli::add_help_paragraph;
using cli::context;
using cli::report_error;
using cli::write_stdout;
using open_link::chooser_group;

namespace {

constexpr std::string_view automatic = "automatic";  // no `target =`: the program before `register`, ...
// A `target =` value the window does not list (custom, a program not installed, any text): its
// option has this id, never the value, which need not be a word the window takes as an id.
constexpr std::string_view as_configured = "as_the_file_says";
constexpr std::string_view confirm_group = "confirm";
constexpr std::string_view handler_toggle = "handler";

// What the configuration chooses now, as the window names it.
struct current_choices {
  std::string target;   // `target =`, or `automatic` without one
  std::string address;  // `webmail =`
  std::string mode;     // `confirm =`, risky without one
};

current_choices current_of(const xdg::loaded_config& lc) {
  return {lc.cfg.target ? lc.cfg.target->value : std::string(automatic),
          lc.cfg.webmail ? lc.cfg.webmail->value : std::string(), lc.cfg.confirm ? lc.cfg.confirm->value : "risky"};
}

// What mail links do while mailtokit is off, in words: shown under the toggle while it is unticked
// (handler/ask/window/choices_part.cpp), so also the moment the user unticks it, before Save. `registered`: it
// is on now, so this is what Save will do.
std::string off_note(bool registered) {
  if (registered)
    return tr("After Save, mailtokit is off: mail links go back to the program that had them before, unchecked "
              "(or to none). The greyed choices below are kept as they are and saved, for when it is on again.");
  for (const auto& e : launch::mailto_handlers())
    if (!launch::is_mailtokit(e, xdg::self_exe()))
      return fill(tr("mailtokit is off: mail links go straight to {0}, unchecked. The greyed choices below are "
                     "kept as they are and saved, for when it is on again."),
                  {preview::visible(e.name)});
  return tr("mailtokit is off: no program opens mail links, so a click on one does nothing. The greyed choices "
            "below are kept as they are and saved, for when it is on again.");
}

// The window's request: the toggle, where mail goes (the current choice chosen), when to ask.
// After an answer that could not be saved (`last`), that answer is shown again as it was given,
// with the `problem`: nothing typed is lost.
ask::request settings_request(const xdg::loaded_config& lc, bool registered, std::string_view problem,
                              const ask::window_answer* last = nullptr) {
  auto now = current_of(lc);
  const std::string note = off_note(registered);  // what Save does, from the state before the window
  if (last != nullptr) {
    if (auto t = last->chosen(chooser_group); !t.empty())
      now = {t == as_configured ? now.target : t, last->address_of(chooser_group), now.mode};
    if (auto m = last->chosen(confirm_group); !m.empty()) now.mode = m;
    registered = last->toggle(handler_toggle).value_or(registered);
  }
  ask::request r;
  using ask::display_text;
  r.title = display_text::ours(tr("Mail links"));
  r.headline = display_text::ours(tr("How mail links open"));
  if (!problem.empty()) r.findings.push_back(display_text::from_link(problem, 400));
  r.icon = "mail-send";
  r.toggles.push_back({std::string(handler_toggle),
                       display_text::ours(tr("Open mail links with mailtokit: it checks each link, then hands the "
                                             "draft to where mail goes")),
                       registered, display_text::from_link(note, 400)});
  // While the toggle is off both groups are greyed; Save still writes what they show.
  r.groups.push_back({std::string(chooser_group), display_text::ours(tr("Where mail goes")), std::string(handler_toggle)});
  ask::option pick;
  pick.group = std::string(chooser_group);
  pick.id = std::string(automatic);
  pick.label = display_text::ours(tr("The mail program you had before, else the first one found"));
  pick.chosen = now.target == automatic;
  r.options.push_back(pick);
  auto here = open_link::place_options(open_link::places(), now.target, now.address);
  bool found = now.target == automatic;
  for (const auto& o : here) found = found || o.chosen;
  if (!found) {  // a value `use` does not list here (custom, a program not installed): kept as it is
    ask::option kept;
    kept.group = std::string(chooser_group);
    kept.id = std::string(as_configured);
    // TRANSLATORS: {0} is the value of `target =` in the configuration file, such as "custom".
    kept.label = display_text::ours(tr("{0}, as the configuration file says"), {display_text::from_link(now.target, 200)});
    kept.chosen = true;
    r.options.push_back(kept);
  }
  r.options.insert(r.options.end(), here.begin(), here.end());
  r.groups.push_back({std::string(confirm_group), display_text::ours(tr("When to ask")), std::string(handler_toggle)});
  for (const auto& [id, label] : std::vector<std::pair<std::string, std::string>>{
           {"risky", tr("Before a link that could do harm (recommended)")},
           {"always", tr("Before every link")},
           {"never", tr("Never: every link opens without a question")}}) {
    ask::option o;
    o.group = std::string(confirm_group);
    o.id = id;
    o.label = display_text::ours(label.c_str());
    o.chosen = id == now.mode;
    r.options.push_back(o);
  }
  r.buttons = {{"cancel", display_text::ours(tr("Cancel"))}, {"save", display_text::ours(tr("Save"))}};
  r.default_id = "save";
  return r;
}

// The configuration text with the window's answer in it, or why not.
// A bare host typed as the address is read as https://HOST/ (`read_as` says so).
mailtokit::result<std::string, webmail::problem> answered_text(const xdg::loaded_config& lc,
                                                              const ask::window_answer& a, std::string& read_as) {
  std::string text = lc.text;
  const auto now = current_of(lc);
  std::string target = a.chosen(chooser_group);
  if (target == as_configured) target = now.target;  // kept as the file says
  std::string address = a.address_of(chooser_group);
  if (auto https = open_link::https_of_bare_host(address)) {
    read_as = fill(tr("{0} was read as {1}."), {preview::visible(address), preview::visible(*https)});
    address = std::move(*https);
  }
  if (target == automatic) {
    text = xdg::without_key(text, "target");
  } else if (target != now.target || address != now.address) {
    auto with = open_link::with_choice(text, target, address);
    if (!with) return with.error();
    text = std::move(*with);
  }
  const std::string mode = a.chosen(confirm_group);
  if (!mode.empty() && mode != now.mode)
    text = xdg::with_value(text, "confirm", mode);
  return text;
}

int run_settings() {
  const auto env = xdg::environment::current();
  auto lc = xdg::load_config(env);
  if (!lc) return lc.error();
  const std::string_view instead =
      tr("`mailtokit use`, `mailtokit register` and `mailtokit unregister` make the same choices");
  if (lc->path.empty()) {
    report_error("unavailable", tr("HOME (or XDG_CONFIG_HOME) must be set to an absolute path"), {}, instead);
    return exit_unavailable;
  }
  const auto ask_program = find_window(tr("the Mail links window needs a display"), instead);
  if (!ask_program) return exit_unavailable;
  const bool registered = launch::mailtokit_handles_mail_links(xdg::self_exe());
  std::string problem;
  std::optional<ask::window_answer> last;
  for (int round = 0; round < 5; ++round) {
    const auto r = settings_request(*lc, registered, problem, last ? &*last : nullptr);
    const auto a = ask::ask_window(r, *ask_program);
    if (a.what == ask::window_answer::how::failed) {
      report_error("unavailable", tr("the Mail links window could not be shown"), {}, instead);
      return exit_unavailable;
    }
    if (a.what == ask::window_answer::how::closed || a.button != "save") {
      write_stdout(std::string(tr("Nothing was changed.")) + "\n");
      return exit_ok;
    }
    std::string read_as;
    auto text = answered_text(*lc, a, read_as);
    if (!text) {
      problem = text.error().words;
      last = a;
      continue;
    }
    if (!read_as.empty()) write_stdout(read_as + "\n");
    if (*text != lc->text) {
      if (auto w = open_link::write_config(*lc, *text); !w) {
        report_error("cannot_create", fill(tr("cannot write {0}"), {preview::visible(lc->path)}),
                     files::reason(w.error()));
        return exit_cantcreat;
      }
      write_stdout(fill(tr("Saved in {0}."), {preview::visible(lc->path)}) + "\n");
    }
    const bool on = a.toggle(handler_toggle).value_or(registered);
    if (on && !registered) return run_register();
    if (!on && registered) return run_unregister();
    return exit_ok;
  }
  report_error("usage", problem, {}, tr("`mailtokit use` lists the choices"));
  return exit_usage;
}

// `failure-window --notice=KIND`: what open_link/tell.cpp tell_user() could not show in a
// notification (no notification server), in mailtokit's window with Close only; one at a time
// (while a failure window or another notice is open, nothing more: the draft was opened).
int run_notice_window(const std::string& kind, const ask::display_text& text) {
  const auto title = open_link::notice_title(kind == "unasked");
  const std::string dir = ask::turn_dir();
  const auto one = ask::take_now(dir, "failure.lock");
  if (!one && !dir.empty()) return exit_ok;
  const auto ui = open_link::probe_desktop(false);
  if (!ui.ask) {
    report_error("unavailable", tr("the failure window needs a display"), {}, {});
    return exit_unavailable;
  }
  (void)ask::ask_window(ask::notice_request(title, text), *ui.ask);
  return exit_ok;
}

// The hidden `failure-window`: a failure of `open` (open_link/tell.cpp report() starts it detached) in
// mailtokit-ask; "Choose where mail goes..." goes on into the Mail links window. When the window
// cannot be shown, what report() falls back to: the desktop's error dialog, else a notification
// (unless `notify` is off), saying in words how to choose.
int run_failure_window(const std::string& raw_text, bool offer_choice, bool notify, const std::string& notice) {
  // Given on the command line (open_link/tell.cpp report()): shown only once sanitized again.
  const auto text = ask::display_text::from_link_lines(raw_text, 4096);
  if (!notice.empty()) return run_notice_window(notice, text);
  // One failure window at a time, held while it is open: a page that opens links in a loop gets
  // one window and one notification that counts the rest, never a window each.
  const std::string dir = ask::turn_dir();
  const auto one = ask::take_now(dir, "failure.lock");
  if (!one && !dir.empty()) {
    auto shown = text;
    if (offer_choice) shown += ask::display_text::ours("\n\n") + ask::choose_hint();
    if (notify) open_link::notify_failure(shown);
    return exit_ok;
  }
  const auto ui = open_link::probe_desktop(false);
  if (ui.ask) {
    const auto a = ask::ask_window(ask::failure_request(text, offer_choice), *ui.ask);
    if (a.what == ask::window_answer::how::chosen && a.button == ask::choose_button) return run_settings();
    if (a.what != ask::window_answer::how::failed) return exit_ok;
  }
  auto shown = text;
  if (offer_choice) shown += ask::display_text::ours("\n\n") + ask::choose_hint();
  if (ui.dialog) {
    (void)launch::run_capture(ask::failure_argv(*ui.dialog, shown), 4096);
    return exit_ok;
  }
  if (notify) open_link::notify_failure(shown);
  if (!ui.ask) {
    report_error("unavailable", tr("the failure window needs a display"), {}, {});
    return exit_unavailable;
  }
  return exit_ok;
}

}  // namespace

void add_settings_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("settings", tr("Open the Mail links window: on or off, where mail goes, when to ask"));
  add_help_paragraph(cmd, tr("The window of the menu entry \"Mail links\". It makes the choices of `register`, "
                             "`unregister` and `use`, and when to ask; nothing changes until Save."));
  cmd->callback([&ctx] { ctx.exit_code = run_settings(); });

  // Not for people: `open` starts it to show a failure (open_link/tell.cpp); hidden from --help.
  auto* failure = app.add_subcommand(std::string(open_link::failure_window_command), "");
  failure->group("");
  auto text = std::make_shared<std::string>();
  auto offer = std::make_shared<bool>(false);
  auto no_notify = std::make_shared<bool>(false);
  failure->add_flag("--offer-choice", *offer);
  failure->add_flag("--no-notify", *no_notify);
  auto notice = std::make_shared<std::string>();
  failure->add_option("--notice", *notice)->check(CLI::IsMember({"changed", "unasked"}));
  failure->add_option("text", *text)->required();
  failure->callback([&ctx, text, offer, no_notify, notice] {
    ctx.exit_code = run_failure_window(*text, *offer, !*no_notify, *notice);
  });
}

}  // namespace mailtokit::commands
