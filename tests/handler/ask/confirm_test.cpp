#include "ask/confirm.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/utf8.hpp"
#include "ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;
using mailtokit::program::open_failure;

TEST_CASE("clip cuts between code points and counts the rest", "[confirm]") {
  CHECK(clip("abc", 3) == "abc");
  CHECK(clip("abcd", 3) == "abc ... (1 more character)");
  CHECK(clip("\xC3\xA9\xC3\xA9\xC3\xA9", 2) == "\xC3\xA9\xC3\xA9 ... (1 more character)");
  CHECK(clip("", 0).empty());
  const std::string long_cyrillic = [] {
    std::string s;
    for (int i = 0; i < 500; ++i) s += "\xD0\xB0";
    return s;
  }();
  const auto c = clip(long_cyrillic, 100);
  CHECK(utf8::validate(c));
  CHECK(c.find("(400 more characters)") != std::string::npos);
}

TEST_CASE("dialog programs: the desktop's own first, as xdg-utils picks", "[confirm]") {
  auto all = [](std::string_view) { return true; };
  auto only = [](std::string_view which) { return [which](std::string_view p) { return p == which; }; };
  CHECK(choose_dialog("", all) == dialog_program::zenity);
  CHECK(choose_dialog("GNOME", all) == dialog_program::zenity);
  CHECK(choose_dialog("KDE", all) == dialog_program::kdialog);
  CHECK(choose_dialog("LXQt", all) == dialog_program::kdialog);
  CHECK(choose_dialog("ubuntu:KDE", all) == dialog_program::kdialog);
  CHECK(choose_dialog("KDEX", all) == dialog_program::zenity);  // whole entries only
  CHECK(choose_dialog("KDE", only("yad")) == dialog_program::yad);
  CHECK(choose_dialog("KDE", only("zenity")) == dialog_program::zenity);
  CHECK(choose_dialog("GNOME", only("kdialog")) == dialog_program::kdialog);
  CHECK(choose_dialog("XFCE", only("yad")) == dialog_program::yad);
  CHECK_FALSE(choose_dialog("KDE", [](std::string_view) { return false; }));
}

TEST_CASE("qt_text shows the text as it is, within the argument limit", "[confirm]") {
  CHECK(qt_text("a <b>&\"x\"\nline 2") ==
        "<qt><div style=\"white-space:pre-wrap\">a &lt;b&gt;&amp;&quot;x&quot;\nline 2\n</div></qt>");
  CHECK(qt_text(std::string(100, 'x') + "\xC3\xA9" + "\n") ==
        "<qt><div style=\"white-space:pre-wrap\">" + std::string(80, 'x') + "\n" + std::string(20, 'x') +
            "\xC3\xA9\n</div></qt>");
  std::string big;
  for (int i = 0; i < 400; ++i) big += std::string(200, '<') + "\n";
  const auto q = qt_text(big);
  CHECK(q.size() <= 96 * 1024);
  CHECK(q.find('<', 40) == q.rfind("</div></qt>"));  // no '<' from the text: only our own tags
  CHECK(q.find("more lines (run `mailtokit preview` to see all)") != std::string::npos);
}

TEST_CASE("failure reports: reason, what to do, where the draft is, and no markup", "[confirm]") {
  const open_failure f{69, "cannot start mua: not found in PATH", "install it"};
  const auto t = failure_text(f, "/home/u/.local/state/mailtokit/drafts/draft-1.eml");
  CHECK(t ==
        "cannot start mua: not found in PATH\n\nWhat to do: install it\n\nThe draft was not handed over; it "
        "is kept in "
        "/home/u/.local/state/mailtokit/drafts/draft-1.eml: open that file with your mail program, or click the "
        "link again once mail goes where you want.");
  CHECK(t.find('`') == std::string::npos);  // plain words, no command syntax (issue 47)
  CHECK(choose_hint().find("Mail links") != std::string::npos);
  CHECK(choose_hint().find("mailtokit use NAME") != std::string::npos);
  CHECK(failure_text({65, "refused \xE2\x80\xAE", ""}, "") == "refused <U+202E>");
  const auto z = failure_argv(dialog_program::zenity, "a <b>"_t);
  CHECK(z == std::vector<std::string>{"zenity", "--error", "--no-markup", "--width=560",
                                      "--title=mailtokit: the link was not opened", "--text=a <b>"});
  const auto y = failure_argv(dialog_program::yad, "a <b>"_t);
  CHECK(y.front() == "yad");
  CHECK(y.back() == "--text=a <b>");
  CHECK(std::find(y.begin(), y.end(), "--no-markup") != y.end());
  // yad runs g_strcompress() on --text: each backslash doubled shows as itself (issue 46).
  CHECK(yad_text(R"(x\0y\n\342\\)") == R"(x\\0y\\n\\342\\\\)");
  CHECK(yad_text("plain") == "plain");
  CHECK(failure_argv(dialog_program::yad, R"(a\0b)"_t).back() == R"(--text=a\\0b)");
  CHECK(failure_argv(dialog_program::kdialog, "a <b>"_t) ==
        std::vector<std::string>{"kdialog", "--title=mailtokit: the link was not opened",
                                 "--error=" + qt_text("a <b>")});
  const auto n = notify_argv("s"_t, {"a <b>&"_t, "two"_t}, true);
  CHECK(n == std::vector<std::string>{"notify-send", "--app-name=mailtokit", "--urgency=critical", "--", "s",
                                      "a &lt;b&gt;&amp;\ntwo"});
  const auto m = notify_argv("s"_t, {"1"_t, "2"_t, "3"_t}, false, 2);
  CHECK(m.size() == 5);
  CHECK(m.back() == "1\n2\n(1 more: see the terminal or mailtokit preview)");
}

TEST_CASE("a refused link is said in words on the desktop, with the code and byte on stderr only", "[confirm]") {
  // Every library code has a sentence of its own kind, without the code, a byte offset or an RFC.
  // The size limits, which get their own advice in `open`, are the codes whose sentence says so.
  std::vector<mailtokit::errc> codes;
#define MAILTOKIT_TEST_ERRC(name, msg) codes.push_back(mailtokit::errc::name);
  MAILTOKIT_ERRC_LIST(MAILTOKIT_TEST_ERRC)
#undef MAILTOKIT_TEST_ERRC
  REQUIRE(codes.size() > 40);
  for (const auto code : codes) {
    const std::string s = refusal_words(code);
    INFO(mailtokit::to_name(code) << ": " << s);
    CHECK(s.size() > 10);
    CHECK(s.back() == '.');
    for (const char* bad : {"RFC", "byte", "_", "IDNA", "UTF-8", "hfield", "configured limit"})
      CHECK(s.find(bad) == std::string::npos);
    CHECK(is_size_limit(code) == (s.find("than mailtokit") != std::string::npos));
  }
  CHECK(is_size_limit(mailtokit::errc::too_many_encoded_words));
  CHECK_FALSE(is_size_limit(mailtokit::errc::percent_bad_hex));
  CHECK(refusal_words(mailtokit::errc::too_many_recipients) == "The link names more recipients than mailtokit accepts.");
  CHECK(refusal_words(mailtokit::errc::percent_bad_hex) ==
        "The link has a % sign that is not followed by a character code.");
  open_failure f{65, "the link at byte 12 ('%' followed by a character that is not a hex digit)", "fix it"};
  f.shown = refusal_words(mailtokit::errc::percent_bad_hex);
  CHECK(failure_text(f, "") == "The link has a % sign that is not followed by a character code.\n\nWhat to do: fix it");
}

TEST_CASE("the files part of the question: the files, the refusals, the losses", "[confirm]") {
  using mailtokit::attachments::refusal;
  std::vector<mailtokit::attachments::vetted_file> files(2);
  files[0].name = "report\u202E.odt";
  files[0].folder = "/home/u/Documents";
  files[0].size_text = "12.3 kB";
  files[0].type_text = "ODT document";
  files[1].requested.path_as_given = "/etc/passwd";
  files[1].shown_path = "/etc/passwd";
  files[1].name = "passwd";
  files[1].why = refusal::system_place;
  files[1].refusal_text = "it is in a system folder (/etc)";
  REQUIRE(files[0].allowed());
  REQUIRE_FALSE(files[1].allowed());
  const file_offer o = offer_text(files, "xdg-email (for soffice.bin)", "Thunderbird (thunderbird.desktop)");
  CHECK(o.intro == "xdg-email (for soffice.bin) asks to attach 2 files to the message for Thunderbird (thunderbird.desktop).");
  CHECK(o.advice.find("choose a file only if you asked to send it yourself") != std::string::npos);
  REQUIRE(o.files.size() == 1);  // only what may be attached is offered
  CHECK(o.files[0].name == "\xE2\x81\xA8report<U+202E>.odt\xE2\x81\xA9");  // a bidi override is shown, not obeyed
  CHECK(o.files[0].about == "in /home/u/Documents, 12.3 kB, ODT document");
  REQUIRE(o.notes.size() == 1);
  CHECK(o.notes[0] == "Never attached: \xE2\x81\xA8passwd\xE2\x81\xA9: it is in a system folder (/etc)");
  // What the program loses with files is said, each line shown, not obeyed.
  const file_offer l = offer_text(files, "", "Thunderbird", {"Thunderbird: loses In-Reply-To\xE2\x80\xAE"});
  CHECK(l.intro == "This request asks to attach 2 files to the message for Thunderbird.");
  REQUIRE(l.notes.size() == 2);
  CHECK(l.notes[1] == "If a file is attached: Thunderbird: loses In-Reply-To<U+202E>");
  // Nothing may be attached: nothing offered, and no loss said.
  files[0].why = refusal::hidden;
  files[0].refusal_text = "it is hidden";
  const file_offer none = offer_text(files, "", "Thunderbird", {"Thunderbird: loses In-Reply-To"});
  CHECK(none.files.empty());
  CHECK(none.notes.size() == 2);
  // Thirteen refused files: twelve named, the rest counted.
  std::vector<mailtokit::attachments::vetted_file> many(13);
  for (auto& f : many) {
    f.name = "passwd";
    f.why = refusal::system_place;
    f.refusal_text = "it is in a system folder (/etc)";
  }
  const file_offer m = offer_text(many, "", "Thunderbird");
  REQUIRE(m.notes.size() == 13);
  CHECK(m.notes.back() == "1 more file is never attached.");
}

TEST_CASE("the question says to whom, and shows names that cannot be reordered or cut at the end", "[confirm]") {
  // Issue 35: the question never said to whom (after "Open as it is", the files went to a Bcc
  // too); a right-to-left name was drawn reordered; a long name was cut at its end.
  auto d = mailtokit::parse_draft("mailto:boss@example.org?cc=team@example.org&bcc=spy@evil.example");
  REQUIRE(d);
  const auto r = recipient_lines(*d);
  REQUIRE(r.size() == 3);
  // The hidden copy first (issue 46): never pushed below the fold by a long To list.
  CHECK(r[0] == "Hidden copy, which the others do not see: \xE2\x81\xA6spy@evil.example\xE2\x81\xA9");
  CHECK(r[1] == "To: \xE2\x81\xA6" "boss@example.org\xE2\x81\xA9");
  CHECK(r[2].find("team@example.org") != std::string::npos);
  CHECK(recipient_lines(mailtokit::draft{}).empty());
  CHECK(shown_file_name("\xD8\xAA\xD9\x82\xD8\xB1\xD9\x8A\xD8\xB1 taxes-2023.pdf") ==
        "\xE2\x81\xA8" "\xD8\xAA\xD9\x82\xD8\xB1\xD9\x8A\xD8\xB1 taxes-2023.pdf\xE2\x81\xA9");

  const std::string long_name = std::string(200, 'a') + "-invoice.pdf.exe";
  const std::string shown(shown_file_name(long_name, 80));
  CHECK(shown.find("-invoice.pdf.exe\xE2\x81\xA9") != std::string::npos);  // the real ending stays
  CHECK(shown.find("\xE2\x80\xA6") != std::string::npos);
  CHECK(mailtokit::utf8::length(shown) == 80 + 2);  // 80 characters and the two isolates
  CHECK(shown_file_name("short.pdf") == "\xE2\x81\xA8short.pdf\xE2\x81\xA9");
  CHECK(shown_file_name("a\xE2\x80\xA8" "b") == "\xE2\x81\xA8" "a<U+2028>b\xE2\x81\xA9");
}

TEST_CASE("dialog programs' text: a long word gets places to break, words and lines stay (issue 46)", "[confirm]") {
  const std::string word(100, 'x');
  const std::string zw = "\xE2\x80\x8B";
  CHECK(breakable(word, 40) == std::string(40, 'x') + zw + std::string(40, 'x') + zw + std::string(20, 'x'));
  CHECK(breakable("short words stay as they are\nand lines too", 5) == "short words stay as they are\nand lines too");
  // Counted in code points, never inside a character.
  std::string wide;
  for (int i = 0; i < 6; ++i) wide += "\xEF\xBC\xB7";  // FULLWIDTH W
  CHECK(breakable(wide, 4) == "\xEF\xBC\xB7\xEF\xBC\xB7\xEF\xBC\xB7\xEF\xBC\xB7" + zw + "\xEF\xBC\xB7\xEF\xBC\xB7");
  CHECK(breakable(std::string(40, 'a'), 40) == std::string(40, 'a'));
}
