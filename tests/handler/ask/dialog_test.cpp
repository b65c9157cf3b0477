// The question's window (mailtokit-ask) and the dialog programs it falls back to: the question as
// the window gets it, where the window is found, and the argv and answers of zenity, yad and
// kdialog (ask/dialog.hpp).
#include "ask/dialog.hpp"

#include "ask/question.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>
#include "ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;

namespace {

// A question as make_question() shapes it, with words of our own: the buttons in order, the
// safe one first.
ask::question sample(choice safe) {
  ask::question q;
  q.title = "mailtokit: check this link before it opens"_t;
  q.headline = "This link would send a hidden copy to x@evil.example"_t;
  q.findings = {q.headline, "admin@\xD0\xB0pple.com is not apple.com <b>"_t};
  q.choices = {"Open without the hidden copy: the draft opens without x@evil.example."_t};
  q.details = "To: admin@\xD0\xB0pple.com\nBcc: x@evil.example\n"_t;
  if (safe == choice::open_without_bcc)
    q.buttons.push_back({choice::open_without_bcc, "Open without the hidden copy"_t});
  q.buttons.push_back({choice::cancel, "Cancel"_t});
  if (safe == choice::cancel) q.buttons.push_back({choice::open_without_bcc, "Open without the hidden copy"_t});
  q.buttons.push_back({choice::open, "Open as it is"_t});
  q.safe = safe;
  return q;
}

}  // namespace

TEST_CASE("confirm window: mailtokit-ask's input: every field back as it was, the safe button the default",
          "[confirm]") {
  const auto q = sample(choice::open_without_bcc);
  const auto r = ask_request(q);
  CHECK(r.default_id == "open_without_bcc");
  REQUIRE(r.buttons.size() == 3);
  CHECK(r.buttons[0].id == "open_without_bcc");
  CHECK(r.buttons[1].id == "cancel");
  CHECK(r.buttons[2].label == "Open as it is");
  const std::string text = ask::encode(r);
  CHECK(text.rfind("mailtokit-ask 1\ntitle 42\nmailtokit: check this link before it opens\n", 0) == 0);
  const auto back = ask::decode(text);
  REQUIRE(back);
  CHECK(back->title == q.title);
  CHECK(back->headline == q.headline);
  CHECK(back->findings == q.findings);  // "<b>" stays text: nothing is read as markup
  CHECK(back->choices == q.choices);
  CHECK(back->details == q.details);  // line breaks kept
  CHECK(back->default_id == "open_without_bcc");
  REQUIRE(back->buttons.size() == 3);
  CHECK(back->buttons[2].id == "open");
  CHECK(choice_of("open_without_bcc\n") == choice::open_without_bcc);
  CHECK(choice_of("open") == choice::open);
  CHECK(choice_of("cancel") == choice::cancel);
  CHECK(choice_of("open ") == choice::cancel);
  CHECK(choice_of("") == choice::cancel);
  for (const choice c : {choice::open, choice::open_without_bcc, choice::cancel})
    CHECK(choice_of(id_of(c)) == c);
}

TEST_CASE("confirm window: the files go to mailtokit-ask whole, and only ticked files come back", "[confirm]") {
  auto q = sample(choice::open_without_bcc);
  q.recipients = {"To: \xE2\x81\xA6" "a@example.org\xE2\x81\xA9"_t, "Hidden copy, which the others do not see: x"_t};
  q.files.intro = "xdg-email asks to attach 2 files."_t;
  q.files.advice = "Tick a file only if you asked to send it yourself."_t;
  // Words of a test, so the override in the second name is there: the window must not obey it.
  q.files.files = {{"\xE2\x81\xA8\xD8\xAA\xD9\x82 a.pdf\xE2\x81\xA9"_t, "in /home/u, 1 kB, PDF"_t},
                   {"b\xE2\x80\xAE.pdf"_t, "in /tmp"_t}};
  q.files.notes = {"Never attached: x: hidden"_t};
  const auto back = ask::decode(ask::encode(ask_request(q)));
  REQUIRE(back);
  CHECK(back->recipients == q.recipients);  // the isolates stay
  CHECK(back->files_intro == q.files.intro + "\n"_t + q.files.advice);
  REQUIRE(back->files.size() == 2);
  CHECK(back->files[0].name == q.files.files[0].name);
  CHECK(back->files[0].about == "in /home/u, 1 kB, PDF");
  CHECK(back->files[1].name == "b\xEF\xBF\xBD.pdf");  // an override never reaches the window
  CHECK(back->file_notes == q.files.notes);
  // What the window prints: the button, then each file ticked.
  auto a = answer_of("open_without_bcc\nfile 1\n", 2);
  CHECK(a.what == choice::open_without_bcc);
  CHECK(a.files == std::vector<std::size_t>{1});
  CHECK(a.files_shown);
  a = answer_of("open\n", 2);
  CHECK(a.what == choice::open);
  CHECK(a.files.empty());
  CHECK(answer_of("open\nfile 2\n", 2).what == choice::cancel);    // no such file
  CHECK(answer_of("open\nfile x\n", 2).what == choice::cancel);
  CHECK(answer_of("open\nrm -rf\n", 2).what == choice::cancel);
  CHECK(answer_of("cancel\nfile 0\n", 2).files.empty());
  CHECK(answer_of("open\nfile 0\n", 0).what == choice::cancel);    // nothing was offered
  CHECK_FALSE(answer_of("open\n", 0).files_shown);
}

TEST_CASE("confirm window: mailtokit-ask is found: the override, beside the program, installed",
          "[confirm]") {
  std::vector<std::string> asked;
  auto only = [&](std::string ok) {
    return [&asked, ok](const std::string& p) {
      asked.push_back(p);
      return p == ok;
    };
  };
  CHECK(find_ask("/b/handler/mailtokit", "/t/ask", "/usr/libexec/mailtokit/mailtokit-ask", only("/t/ask")) ==
        "/t/ask");
  // An override that does not run is not replaced by another window.
  CHECK_FALSE(find_ask("/b/handler/mailtokit", "/t/ask", "/usr/libexec/mailtokit/mailtokit-ask",
                       only("/b/handler/mailtokit-ask")));
  CHECK(find_ask("/b/handler/mailtokit", "", "/usr/libexec/mailtokit/mailtokit-ask",
                 only("/b/handler/mailtokit-ask")) == "/b/handler/mailtokit-ask");
  asked.clear();
  CHECK(find_ask("/usr/bin/mailtokit", nullptr, "/usr/libexec/mailtokit/mailtokit-ask",
                 only("/usr/libexec/mailtokit/mailtokit-ask")) == "/usr/libexec/mailtokit/mailtokit-ask");
  CHECK(asked == std::vector<std::string>{"/usr/bin/mailtokit-ask", "/usr/libexec/mailtokit/mailtokit-ask"});
  CHECK_FALSE(find_ask("mailtokit", nullptr, "", only("x")));
}

TEST_CASE("confirm window: dialog programs without mailtokit-ask: Enter and Escape never open a risky draft",
          "[confirm]") {
  const auto safe_without = sample(choice::open_without_bcc);
  const auto safe_cancel = sample(choice::cancel);
  CHECK(question_summary(safe_cancel) ==
        "This link would send a hidden copy to x@evil.example\n\n- admin@\xD0\xB0pple.com is not apple.com "
        "<b>\n\n"
        "Open without the hidden copy: the draft opens without x@evil.example.");

  // zenity: every button an extra button, the safe one first (focused: Return, keypad Enter and
  // space give it); exit 0 (the window destroyed by another program) is Cancel.
  const auto z = question_argv(dialog_program::zenity, safe_without);
  CHECK(z == std::vector<std::string>{
                 "zenity", "--question", "--switch", "--no-markup", "--icon-name=dialog-warning",
                 "--width=560", "--title=mailtokit: check this link before it opens",
                 "--text=" + question_summary(safe_without).str(), "--extra-button=Open without the hidden copy",
                 "--extra-button=Cancel", "--extra-button=Open as it is", "--extra-button=Details"});
  CHECK(parse_answer(dialog_program::zenity, safe_without, 1, "") == choice::cancel);  // Escape, closed
  CHECK(parse_answer(dialog_program::zenity, safe_without, 0, "") == choice::cancel);  // destroyed
  CHECK(parse_answer(dialog_program::zenity, safe_without, 1, "Open without the hidden copy\n") ==
        choice::open_without_bcc);
  CHECK(parse_answer(dialog_program::zenity, safe_without, 1, "Cancel\n") == choice::cancel);
  CHECK(parse_answer(dialog_program::zenity, safe_without, 1, "Open as it is\n") == choice::open);
  CHECK_FALSE(parse_answer(dialog_program::zenity, safe_without, 1, "Details\n"));  // show them, ask again
  CHECK(parse_answer(dialog_program::zenity, safe_without, 5, "Open as it is") == choice::cancel);  // timeout
  CHECK(parse_answer(dialog_program::zenity, safe_without, 1, "Open") == choice::cancel);
  const auto z2 = question_argv(dialog_program::zenity, safe_cancel);
  CHECK(std::vector<std::string>(z2.end() - 4, z2.end()) ==
        std::vector<std::string>{"--extra-button=Cancel", "--extra-button=Open without the hidden copy",
                                 "--extra-button=Open as it is", "--extra-button=Details"});
  CHECK(parse_answer(dialog_program::zenity, safe_cancel, 0, "") == choice::cancel);
  CHECK(parse_answer(dialog_program::zenity, safe_cancel, 1, "Open as it is") == choice::open);

  // yad: the safe button exits 0 (Enter), Escape 252.
  const auto y = question_argv(dialog_program::yad, safe_cancel);
  CHECK(std::vector<std::string>(y.end() - 4, y.end()) ==
        std::vector<std::string>{"--button=Cancel:0", "--button=Open without the hidden copy:10",
                                 "--button=Open as it is:11", "--button=Details:20"});
  CHECK(parse_answer(dialog_program::yad, safe_cancel, 0, "") == choice::cancel);
  CHECK(parse_answer(dialog_program::yad, safe_cancel, 10, "") == choice::open_without_bcc);
  CHECK(parse_answer(dialog_program::yad, safe_cancel, 11, "") == choice::open);
  CHECK(parse_answer(dialog_program::yad, safe_cancel, 252, "") == choice::cancel);
  CHECK_FALSE(parse_answer(dialog_program::yad, safe_cancel, 20, ""));
  const auto y2 = question_argv(dialog_program::yad, safe_without);
  CHECK(std::vector<std::string>(y2.end() - 4, y2.end()) ==
        std::vector<std::string>{"--button=Open without the hidden copy:0", "--button=Cancel:10",
                                 "--button=Open as it is:11", "--button=Details:20"});
  CHECK(parse_answer(dialog_program::yad, safe_without, 0, "") == choice::open_without_bcc);
  CHECK(parse_answer(dialog_program::yad, safe_without, 10, "") == choice::cancel);
  CHECK(parse_answer(dialog_program::yad, safe_without, 11, "") == choice::open);
  CHECK(details_argv(dialog_program::yad, "/run/d")[1] == "--text-info");
  CHECK(details_argv(dialog_program::zenity, "/run/d")[2] == "--filename=/run/d");

  // kdialog: Enter gives Yes, so Yes is the safe answer; Escape exits 2.
  const auto k = question_argv(dialog_program::kdialog, safe_without);
  const std::string text = qt_text((question_summary(safe_without) + "\n\n"_t + safe_without.details).str());
  CHECK(k == std::vector<std::string>{"kdialog", "--title=mailtokit: check this link before it opens",
                                      "--yes-label=Open without the hidden copy", "--no-label=Open as it is",
                                      "--cancel-label=Cancel", "--warningyesnocancel=" + text});
  CHECK(text.find("&lt;b&gt;") != std::string::npos);
  CHECK(parse_answer(dialog_program::kdialog, safe_without, 0, "") == choice::open_without_bcc);
  CHECK(parse_answer(dialog_program::kdialog, safe_without, 1, "") == choice::open);
  CHECK(parse_answer(dialog_program::kdialog, safe_without, 2, "") == choice::cancel);
  // Safe answer Cancel: Cancel on both ends of the row (KDE's order Yes, No, Cancel; GNOME's
  // Cancel, No, Yes), the button that opens in the middle.
  const auto k2 = question_argv(dialog_program::kdialog, safe_cancel);
  CHECK(std::vector<std::string>(k2.begin(), k2.end() - 1) ==
        std::vector<std::string>{"kdialog", "--title=mailtokit: check this link before it opens",
                                 "--yes-label=Cancel", "--no-label=Open without the hidden copy",
                                 "--cancel-label=Cancel"});
  CHECK(k2.back().rfind("--warningyesnocancel=<qt>", 0) == 0);
  CHECK(parse_answer(dialog_program::kdialog, safe_cancel, 0, "") == choice::cancel);  // Yes
  CHECK(parse_answer(dialog_program::kdialog, safe_cancel, 2, "") == choice::cancel);  // Cancel, Escape
  CHECK(parse_answer(dialog_program::kdialog, safe_cancel, 1, "") == choice::open_without_bcc);
  // Cancel alone (a risky question in a dialog program: ask/question.hpp unguarded_question()):
  // kdialog's one-button box, and every exit status is Cancel.
  auto only_cancel = safe_cancel;
  only_cancel.buttons = {{choice::cancel, "Cancel"_t}};
  const auto k3 = question_argv(dialog_program::kdialog, only_cancel);
  CHECK(std::vector<std::string>(k3.begin(), k3.end() - 1) ==
        std::vector<std::string>{"kdialog", "--title=mailtokit: check this link before it opens", "--ok-label=Cancel"});
  CHECK(k3.back().rfind("--sorry=<qt>", 0) == 0);
  for (const int status : {0, 1, 2}) CHECK(parse_answer(dialog_program::kdialog, only_cancel, status, "") == choice::cancel);
  for (const auto& argv : {z, z2, y, y2, k, k2, k3})
    for (const auto& a : argv) CHECK((a == argv.front() || a.rfind("--", 0) == 0));
}

TEST_CASE("choices window: only what the request holds comes back, anything else is a failure",
          "[confirm]") {
  ask::request r;
  r.toggles = {{"handler", "On"_t, false, {}}};
  r.groups = {{"target", "Where"_t, {}}, {"confirm", "When"_t, {}}};
  r.options = {{"target", "gmail", "Gmail"_t, "", {}, {}, false},
               {"target", "roundcube", "Roundcube"_t, "", "https://mail.example.org/"_t, {}, false},
               {"confirm", "risky", "Risky"_t, "", {}, {}, true}};
  r.buttons = {{"cancel", "Cancel"_t}, {"save", "Save"_t}};
  r.default_id = "save";
  using how = window_answer::how;
  auto a = window_answer_of(r, 0, "save\ntoggle handler on\nchoose target roundcube\naddress target https://m.example/ x\n"
                                  "choose confirm risky\n");
  REQUIRE(a.what == how::chosen);
  CHECK(a.button == "save");
  CHECK(a.chosen("target") == "roundcube");
  CHECK(a.address_of("target") == "https://m.example/ x");  // the rest of the line, spaces and all
  CHECK(a.chosen("confirm") == "risky");
  CHECK(a.toggle("handler") == std::optional<bool>(true));
  CHECK_FALSE(a.toggle("other"));
  CHECK(window_answer_of(r, 0, "cancel\n").what == how::chosen);  // a button alone
  CHECK(window_answer_of(r, 1, "").what == how::closed);            // Escape, closed
  // Anything else: failed, so the caller never acts on half an answer.
  for (const char* out : {"", "save", "open\n", "save\nchoose target outlook\n", "save\nchoose where gmail\n",
                          "save\nchoose target gmail\nchoose target roundcube\n", "save\ntoggle handler yes\n",
                          "save\ntoggle other on\n", "save\naddress where x\n", "save\nfile 0\n",
                          "save\nchoose target gmail", "save\naddress target https://a.example/\rtarget = custom\n",
                          "save\naddress target https://a.example/\tx\n", "save\x1b\n"})
    CHECK(window_answer_of(r, 0, out).what == how::failed);
  CHECK(window_answer_of(r, 2, "save\n").what == how::failed);  // bad input, no display
}

TEST_CASE("no field of a question grows past what mailtokit-ask reads (issue 46)", "[confirm]") {
  // Raw invisible characters in invalid addresses grow eight times when made visible; a link
  // of this kind once moved the question from the window to a dialog program without the list.
  std::string zw;
  for (int i = 0; i < 12000; ++i) zw += "\xE2\x80\x8B";  // U+200B ZERO WIDTH SPACE, raw
  std::string link = "mailto:";
  // Appended piece by piece: GCC 12's -Wrestrict misreads `"..." + std::string&&` at -O3.
  for (int i = 0; i < 3; ++i) link.append(i ? "," : "").append("a").append(zw).append("@b@c");
  link.append("?cc=d").append(zw).append("@e@f&bcc=g").append(zw).append("@h@i&subject=").append(zw).append("&body=").append(zw);
  REQUIRE(link.size() > 120 * 1024);
  auto d = parse_draft(link, {}, policy::defaults());
  REQUIRE(d);
  const auto q = make_question(*d, preview::check(*d), std::vector<std::string>(3000, "left out: " + zw));
  const std::string text = ask::encode(ask_request(q));
  CHECK(text.size() < ask::max_input / 2);
  const auto back = ask::decode(text);
  REQUIRE(back);
  CHECK(back->recipients == q.recipients);
  CHECK(back->recipients.size() == 3);
}


TEST_CASE("failure window: the failure in words, Close the default, the choice only when another program would do",
          "[confirm]") {
  const std::string text =
      "Mua did not open the message: it stopped at once and reported an error (exit status 1).\n\nWhat to do: "
      "choose another.\n\nThe draft was not handed over; it is kept in /tmp/d.eml: open that file.";
  const request r = failure_request(display_text::from_link_lines(text, 4096), true);
  CHECK(r.title == "mailtokit: the link was not opened");
  CHECK(r.icon == "dialog-error");
  CHECK(r.headline == "Mua did not open the message: it stopped at once and reported an error (exit status 1).");
  CHECK(texts(r.choices) == std::vector<std::string>{
                         "What to do: choose another.\n\nThe draft was not handed over; it is kept in /tmp/d.eml: open "
                         "that file."});
  REQUIRE(r.buttons.size() == 2);
  CHECK(r.buttons[0].id == choose_button);
  CHECK(r.buttons[0].label == "Choose where mail goes...");
  CHECK(r.buttons[1].id == "close");
  CHECK(r.default_id == "close");  // Enter never opens another window
  CHECK(r.options.empty());        // a report: the window's role is an alert
  // It goes to mailtokit-ask as it is, and a press of the choice comes back as that button.
  const auto back = decode(encode(r));
  REQUIRE(back);
  CHECK(back->headline == r.headline);
  CHECK(window_answer_of(r, 0, "choose\n").button == choose_button);
  CHECK(window_answer_of(r, 1, "").what == window_answer::how::closed);

  // A failure no other program fixes: Close only. One paragraph: the heading alone.
  const request only = failure_request("The link is not a mailto: link."_t, false);
  REQUIRE(only.buttons.size() == 1);
  CHECK(only.buttons[0].id == "close");
  CHECK(only.headline == "The link is not a mailto: link.");
  CHECK(only.choices.empty());
  CHECK(window_answer_of(only, 0, "choose\n").what == window_answer::how::failed);
}
