#include "ask/dialog_text.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace mailtokit;
using namespace mailtokit::ask;

TEST_CASE("dialog programs: the desktop's own first, as xdg-utils picks", "[dialog_text]") {
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

TEST_CASE("qt_text shows the text as it is, within the argument limit", "[dialog_text]") {
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

TEST_CASE("dialog programs' text: a long word gets places to break, words and lines stay", "[dialog_text]") {
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

TEST_CASE("markup_escaped escapes what markup reads, and only that", "[dialog_text]") {
  CHECK(markup_escaped("a <b>&\"x\" 'y'") == "a &lt;b&gt;&amp;&quot;x&quot; 'y'");
  CHECK(markup_escaped("plain") == "plain");
}
