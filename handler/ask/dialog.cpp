#include "ask/dialog.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "clients/dispatch.hpp"
#include "launch/process.hpp"
#include "base/files.hpp"
#include "base/i18n.hpp"
#include "base/paths.hpp"

namespace mailtokit::ask {

std::string_view id_of(choice c) noexcept {
  switch (c) {
    case choice::open:
      return "open";
    case choice::open_without_bcc:
      return "open_without_bcc";
    case choice::cancel:
      return "cancel";
  }
  return "cancel";
}

choice choice_of(std::string_view id) noexcept {
  while (!id.empty() && (id.back() == '\n' || id.back() == '\r')) id.remove_suffix(1);
  for (const choice c : {choice::open, choice::open_without_bcc})
    if (id == id_of(c)) return c;
  return choice::cancel;
}

answer answer_of(std::string_view out, std::size_t offered) {
  answer a;
  a.files_shown = offered > 0;
  const auto nl = out.find('\n');
  const choice c = choice_of(out.substr(0, nl));
  out.remove_prefix(nl == std::string_view::npos ? out.size() : nl + 1);
  while (!out.empty()) {
    const auto end = out.find('\n');
    const std::string_view line = out.substr(0, end);
    out.remove_prefix(end == std::string_view::npos ? out.size() : end + 1);
    std::size_t n = 0;
    bool number = line.size() > 5 && line.size() <= 8 && line.substr(0, 5) == "file ";
    for (const char ch : line.substr(number ? 5 : 0)) {
      number = number && ch >= '0' && ch <= '9';
      n = n * 10 + static_cast<std::size_t>(ch - '0');
    }
    if (!number || n >= offered || c == choice::cancel) return {choice::cancel, {}, a.files_shown};
    if (std::find(a.files.begin(), a.files.end(), n) == a.files.end()) a.files.push_back(n);
  }
  a.what = c;
  std::sort(a.files.begin(), a.files.end());
  return a;
}

ask::request ask_request(const question& q) {
  ask::request r;
  r.title = q.title;
  r.headline = q.headline;
  r.findings = q.findings;
  r.choices = q.choices;
  r.recipients = q.recipients;
  if (!q.files.files.empty()) {
    r.files_intro = q.files.intro == q.headline ? q.files.advice
                                                : q.files.intro + display_text::ours("\n") + q.files.advice;
    for (const auto& f : q.files.files) r.files.push_back({f.name, f.about});
    r.file_notes = q.files.notes;
  }
  r.details = q.details;
  for (const auto& b : q.buttons) r.buttons.push_back({std::string(id_of(b.what)), b.label});
  r.default_id = std::string(id_of(q.safe));
  return r;
}

std::optional<std::string> find_ask(std::string_view self_exe, const char* env_override,
                                    std::string_view installed_path,
                                    const std::function<bool(const std::string&)>& executable) {
  if (env_override != nullptr && *env_override != '\0') {
    if (executable(env_override)) return std::string(env_override);
    return std::nullopt;  // an explicit choice that does not run: the dialog programs, not another
  }
  if (const auto slash = self_exe.rfind('/'); slash != std::string_view::npos) {
    std::string beside = std::string(self_exe.substr(0, slash + 1)) + "mailtokit-ask";
    if (executable(beside)) return beside;
  }
  if (!installed_path.empty() && executable(std::string(installed_path))) return std::string(installed_path);
  return std::nullopt;
}

std::optional<std::string> find_ask(std::string_view self_exe) {
  const auto executable = [](const std::string& path) { return access(path.c_str(), X_OK) == 0; };
  if (const char* env = std::getenv("MAILTOKIT_ASK"); env != nullptr && *env != '\0')
    return find_ask(self_exe, env, {}, executable);
  // Beside the program (the build tree), ../libexec/mailtokit/ from it (any prefix), the configured one.
  for (const auto& candidate : paths::ask_candidates(self_exe, MAILTOKIT_ASK_PATH))
    if (executable(candidate)) return candidate;
  return std::nullopt;
}

display_text question_summary(const question& q) {
  using d = display_text;
  display_text out = q.headline;
  bool first = true;
  for (const auto& f : q.findings) {
    if (f == q.headline) continue;
    out += d::ours(first ? "\n\n- " : "\n- ") + f;
    first = false;
  }
  // Who gets it, as the window says it: a dialog program is no reason to see less.
  if (!q.recipients.empty()) out += d::ours("\n\n") + d::ours(tr("The message goes to:"));
  for (const auto& r : q.recipients) out += d::ours("\n  ") + r;
  if (!q.choices.empty()) out += d::ours("\n");
  for (const auto& c : q.choices) out += d::ours("\n") + c;
  return out;
}

namespace {

// The buttons that open something, in the question's order.
std::vector<question_button> opening_buttons(const question& q) {
  std::vector<question_button> out;
  for (const auto& b : q.buttons)
    if (b.what != choice::cancel) out.push_back(b);
  return out;
}

std::string cancel_label(const question& q) {
  for (const auto& b : q.buttons)
    if (b.what == choice::cancel) return b.label.str();
  return display_text::ours(tr("Cancel")).str();
}

std::string label_of(const question& q, choice c) {
  for (const auto& b : q.buttons)
    if (b.what == c) return b.label.str();
  return {};
}

// yad's exit status for the i-th opening button that is not the safe one.
constexpr int yad_first_other = 10;
constexpr int yad_details = 20;

}  // namespace

display_text details_label() { return display_text::ours(tr("Details")); }

std::vector<std::string> question_argv(dialog_program p, const question& q) {
  const std::string title = "--title=" + q.title.str();
  const auto opening = opening_buttons(q);
  std::vector<std::string> argv;
  switch (p) {
    case dialog_program::zenity:
      // --switch: no OK or Cancel button, every answer an extra button that prints its label, the
      // safe one first (zenity 3.44 focuses it, so Return, keypad Enter and space give it). Exit
      // 0, which zenity also gives when another program destroys its window, is never an answer.
      argv = {"zenity",
              "--question",
              "--switch",
              "--no-markup",
              "--icon-name=dialog-warning",
              "--width=560",
              title,
              "--text=" + breakable(question_summary(q).str())};
      for (const auto& b : q.buttons)
        if (b.what == q.safe) argv.push_back("--extra-button=" + b.label.str());
      for (const auto& b : q.buttons)
        if (b.what != q.safe) argv.push_back("--extra-button=" + b.label.str());
      if (!q.details.empty()) argv.push_back("--extra-button=" + details_label().str());
      return argv;
    case dialog_program::yad: {
      argv = {"yad", "--image=dialog-warning",       "--no-markup", "--center", "--width=560", "--fixed",
              title, "--text=" + yad_text(breakable(question_summary(q).str()))};
      int other = yad_first_other;
      for (const auto& b : q.buttons)
        argv.push_back("--button=" + b.label.str() + ":" + std::to_string(b.what == q.safe ? 0 : other++));
      if (!q.details.empty())
        argv.push_back("--button=" + details_label().str() + ":" + std::to_string(yad_details));
      return argv;
    }
    case dialog_program::kdialog: {
      const std::string text = qt_text((question_summary(q) + display_text::ours("\n\n") + q.details).str());
      if (q.safe != choice::cancel) {
        std::string other;
        for (const auto& b : opening)
          if (b.what != q.safe && other.empty()) other = b.label.str();
        if (other.empty())
          return {"kdialog", title, "--continue-label=" + label_of(q, q.safe),
                  "--cancel-label=" + cancel_label(q), "--warningcontinuecancel=" + text};
        return {"kdialog",
                title,
                "--yes-label=" + label_of(q, q.safe),
                "--no-label=" + other,
                "--cancel-label=" + cancel_label(q),
                "--warningyesnocancel=" + text};
      } else {
        // Cancel on both ends: Qt focuses the first button of the row, which is Yes in KDE's
        // order (Yes, No, Cancel) and Cancel in GNOME's (Cancel, No, Yes), and Return gives the
        // focused one.
        // Cancel alone (a risky question unguarded_question() left nothing else): one button.
        if (opening.empty()) return {"kdialog", title, "--ok-label=" + cancel_label(q), "--sorry=" + text};
        argv = {"kdialog", title, "--yes-label=" + cancel_label(q)};
        if (!opening.empty()) argv.push_back("--no-label=" + opening.front().label.str());
        argv.push_back("--cancel-label=" + cancel_label(q));
        argv.push_back("--warningyesnocancel=" + text);
      }
      return argv;
    }
  }
  return argv;
}

std::vector<std::string> details_argv(dialog_program p, std::string_view details_file) {
  const std::string title = "--title=" + details_label().str();
  if (p == dialog_program::yad)
    return {"yad",
            "--text-info",
            "--filename=" + std::string(details_file),
            title,
            "--width=760",
            "--height=560",
            "--center",
            "--fontname=Monospace 10",
            "--button=" + std::string(tr("Close")) + ":0"};
  return {
      "zenity",       "--text-info",        "--filename=" + std::string(details_file), title, "--width=760",
      "--height=560", "--font=Monospace 10"};
}

std::optional<choice> parse_answer(dialog_program p, const question& q, int status, std::string_view out) {
  const auto opening = opening_buttons(q);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.remove_suffix(1);
  switch (p) {
    case dialog_program::zenity:
      // Each button prints its label and exits 1; Escape and closing exit 1 printing nothing;
      // a window destroyed by another program exits 0.
      if (status != 1 || out.empty()) return choice::cancel;
      if (!q.details.empty() && details_label() == out) return std::nullopt;
      for (const auto& b : q.buttons)
        if (b.label == out) return b.what;
      return choice::cancel;
    case dialog_program::yad: {
      if (status == 0) return q.safe;
      if (status == yad_details && !q.details.empty()) return std::nullopt;
      int other = yad_first_other;
      for (const auto& b : q.buttons)
        if (b.what != q.safe && other++ == status) return b.what;
      return choice::cancel;  // 252: Escape or the window closed
    }
    case dialog_program::kdialog:
      if (q.safe != choice::cancel) {
        if (status == 0) return q.safe;
        if (status == 1)
          for (const auto& b : opening)
            if (b.what != q.safe) return b.what;
        return choice::cancel;
      }
      if (status == 1 && !opening.empty()) return opening.front().what;
      return choice::cancel;  // 0: Yes is Cancel; 2: Escape
  }
  return choice::cancel;
}

namespace {

// `text` in a new private temporary file (mode 0600, in $XDG_RUNTIME_DIR when set, else /tmp),
// removed when it goes or a signal ends the program.
errors::result<files::temp_file> private_file(std::string_view prefix, std::string_view text) {
  std::string dir = "/tmp";
  if (const char* run = std::getenv("XDG_RUNTIME_DIR"); run != nullptr && run[0] == '/') dir = run;
  return files::temp_file::create(dir, prefix, text);
}

// `r` shown by mailtokit-ask (`program`), given in a private file removed as the call ends or by
// a signal while the window is open: its exit status and output (at most `max_output` bytes).
errors::result<launch::captured> run_ask(const std::string& program, std::string_view prefix, const request& r,
                                          std::size_t max_output) {
  const auto file = private_file(prefix, ask::encode(r));
  if (!file) return file.error();
  // The window ends with this process: its stdin is our lifeline (handler/ask/window/caller.hpp).
  return launch::run_capture({program, file->path()}, max_output, true);
}

// The question in a dialog program; "Details" shows them and asks again (a few times at most).
choice ask_with(dialog_program p, const question& q) {
  for (int round = 0; round < 8; ++round) {
    auto r = launch::run_capture(question_argv(p, q), 4096);
    if (!r) return choice::cancel;
    if (auto c = parse_answer(p, q, r->status, r->out)) return *c;
    const auto file = private_file("mailtokit-details-", q.details.str());
    if (!file) return choice::cancel;
    (void)launch::spawn(details_argv(p, file->path()), {true, false});
  }
  return choice::cancel;
}

}  // namespace

answer ask_dialog(const question& q, const std::optional<std::string>& ask_program,
                  std::optional<dialog_program> fallback) {
  // The browser's activation token activates the question's window, and nothing after it.
  std::optional<launch::window_token> token;
  if (ask_program || fallback) token.emplace();
  if (ask_program) {
    auto r = run_ask(*ask_program, "mailtokit-question-", ask_request(q), 4096);
    // 0: a button; 1: closed or Escape. Anything else (bad input, no display, a crash): the
    // dialog program below.
    if (r && r->status == 0) {
      auto a = answer_of(r->out, q.files.files.size());
      // Only what the question offered: it leaves out "Open as it is" when it cannot show every
      // recipient.
      const bool offered = std::any_of(q.buttons.begin(), q.buttons.end(), [&](const auto& b) { return b.what == a.what; });
      return offered ? a : answer{choice::cancel, {}, a.files_shown};
    }
    if (r && r->status == 1) return {choice::cancel, {}, !q.files.files.empty()};
  }
  if (!fallback) return {};
  // The dialog programs never offer files: asked without them, as if none had been asked for.
  question without_files = q;
  if (!q.files.files.empty()) {
    if (q.headline == q.files.intro)
      without_files.headline = display_text::ours(tr("Open this message without the files it asks to attach?"));
    without_files.findings.push_back(display_text::ours(
        tr("The files are not attached: only mailtokit's own question window or a terminal can ask about files.")));
    without_files.files = {};
  }
  // A dialog program takes input the moment it appears: a risky question is asked there
  // without its risky answers.
  return {ask_with(*fallback, unguarded_question(without_files)), {}, false};
}

std::string window_answer::chosen(std::string_view group) const {
  for (const auto& [g, o] : choose)
    if (g == group) return o;
  return {};
}

std::string window_answer::address_of(std::string_view group) const {
  for (const auto& [g, a] : address)
    if (g == group) return a;
  return {};
}

std::optional<bool> window_answer::toggle(std::string_view id) const {
  for (const auto& [t, on] : toggles)
    if (t == id) return on;
  return std::nullopt;
}

window_answer window_answer_of(const request& r, int status, std::string_view out) {
  window_answer a;
  if (status == 1) {
    a.what = window_answer::how::closed;
    return a;
  }
  if (status != 0) return a;
  const window_answer failed;
  std::vector<std::string_view> lines;
  while (!out.empty()) {
    const auto nl = out.find('\n');
    if (nl == std::string_view::npos) return failed;  // every line ends
    lines.push_back(out.substr(0, nl));
    out.remove_prefix(nl + 1);
  }
  if (lines.empty() || std::none_of(r.buttons.begin(), r.buttons.end(), [&](const button& b) { return b.id == lines[0]; }))
    return failed;
  a.button = lines[0];
  auto group_of = [&](std::string_view g) {
    return std::any_of(r.groups.begin(), r.groups.end(), [&](const option_group& x) { return x.id == g; });
  };
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    if (!printable_line(line)) return failed;  // the window never prints one
    const auto sp = line.find(' ');
    if (sp == std::string_view::npos) return failed;
    const std::string_view key = line.substr(0, sp), rest = line.substr(sp + 1);
    const auto sp2 = rest.find(' ');
    if (sp2 == std::string_view::npos) return failed;
    const std::string name(rest.substr(0, sp2)), value(rest.substr(sp2 + 1));
    if (key == "toggle") {
      const bool known = std::any_of(r.toggles.begin(), r.toggles.end(), [&](const toggle& t) { return t.id == name; });
      if (!known || (value != "on" && value != "off")) return failed;
      a.toggles.emplace_back(name, value == "on");
    } else if (key == "choose") {
      const bool known = std::any_of(r.options.begin(), r.options.end(),
                                     [&](const option& o) { return o.group == name && o.id == value; });
      if (!known || !a.chosen(name).empty()) return failed;
      a.choose.emplace_back(name, value);
    } else if (key == "address") {
      if (!group_of(name) || !a.address_of(name).empty()) return failed;
      a.address.emplace_back(name, value);
    } else {
      return failed;
    }
  }
  a.what = window_answer::how::chosen;
  return a;
}

namespace {

// A report that waits for no answer: `title`, `icon`, and `text` in paragraphs (lines apart by an
// empty line), the first the heading.
request report_request(display_text title, std::string icon, const display_text& text) {
  request r;
  r.title = std::move(title);
  r.icon = std::move(icon);
  std::vector<display_text> paragraph;
  auto end_paragraph = [&] {
    if (paragraph.empty()) return;
    const display_text part = display_text::join(paragraph, display_text::ours("\n"));
    paragraph.clear();
    if (r.headline.empty())
      r.headline = part;
    else if (r.choices.empty())
      r.choices.push_back(part);
    else
      r.choices.back() += display_text::ours("\n\n") + part;  // one text, its paragraphs apart as they were
  };
  for (const auto& line : text.lines()) {
    if (line.empty())
      end_paragraph();
    else
      paragraph.push_back(line);
  }
  end_paragraph();
  return r;
}

}  // namespace

request failure_request(const display_text& text, bool offer_choice) {
  request r = report_request(display_text::ours(tr(failure_title.data())), "dialog-error", text);
  if (offer_choice) r.buttons.push_back({std::string(choose_button), display_text::ours(tr("Choose where mail goes..."))});
  r.buttons.push_back({"close", display_text::ours(tr("Close"))});
  r.default_id = "close";
  return r;
}

request notice_request(const display_text& title, const display_text& text) {
  request r = report_request(title, "dialog-information", text);
  r.buttons.push_back({"close", display_text::ours(tr("Close"))});
  r.default_id = "close";
  return r;
}

window_answer ask_window(const request& r, const std::string& ask_program) {
  const launch::window_token token;  // the browser's activation token for this window only
  auto run = run_ask(ask_program, "mailtokit-choices-", r, 16 * 1024);
  if (!run) return {};
  return window_answer_of(r, run->status, run->out);
}

}  // namespace mailtokit::ask
