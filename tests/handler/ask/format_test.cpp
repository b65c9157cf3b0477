// The question's file format (ask/format.hpp): what mailtokit-ask refuses, and what it shows of
// hostile text.
#include "ask/format.hpp"

#include <catch2/catch.hpp>

#include "../error_of.hpp"
#include "ours_literal.hpp"
#include <string>

using namespace mailtokit;

namespace {

// A question as the program writes one: the safe button first and the default.
ask::request sample() {
  ask::request r;
  r.title = "mailtokit: check this link before it opens"_t;
  r.headline = "admin@\xD0\xB0pple.com is not apple.com"_t;
  r.findings = {"x@evil.example would get the message"_t};
  r.choices = {"Cancel: nothing is opened."_t};
  r.details = "To: admin@\xD0\xB0pple.com\n"_t;
  r.buttons = {{"cancel", "Cancel"_t}, {"open", "Open as it is"_t}};
  r.default_id = "cancel";
  return r;
}

}  // namespace

TEST_CASE(
    "confirm window: mailtokit-ask's input: anything but the format is refused, hidden characters shown",
    "[confirm]") {
  std::string why;
  const std::string good = ask::encode(sample());
  CHECK(ask::decode(good));
  why = error_of(ask::decode(""));
  why = error_of(ask::decode("mailtokit-ask 2\n"));
  CHECK_FALSE(ask::decode(good.substr(0, good.size() - 1)));  // last record cut short
  why = error_of(ask::decode(good + "x"));
  why = error_of(ask::decode("mailtokit-ask 1\ntitle 99\nshort\n"));
  CHECK(why.find("shorter than its length") != std::string::npos);
  CHECK_FALSE(ask::decode("mailtokit-ask 1\ntitle 9999999\nx\n"));  // over max_field
  why = error_of(ask::decode("mailtokit-ask 1\ntitle -1\nx\n"));
  why = error_of(ask::decode("mailtokit-ask 1\nscript 1\nx\nbutton:cancel 1\nC\ndefault 6\ncancel\n"));
  CHECK(why.find("unknown record") != std::string::npos);
  // Invalid UTF-8 (an overlong '<'), no button, a default that is no button, bad ids.
  why = error_of(ask::decode("mailtokit-ask 1\ntitle 2\n\xC0\xBC\nbutton:cancel 1\nC\ndefault 6\ncancel\n"));
  CHECK(why.find("UTF-8") != std::string::npos);
  why = error_of(ask::decode("mailtokit-ask 1\ndefault 6\ncancel\n"));
  why = error_of(ask::decode("mailtokit-ask 1\nbutton:cancel 1\nC\ndefault 4\nopen\n"));
  why = error_of(ask::decode("mailtokit-ask 1\nbutton:Open 1\nC\ndefault 4\nOpen\n"));
  CHECK_FALSE(ask::decode("mailtokit-ask 1\nbutton:a 1\nA\nbutton:a 1\nB\ndefault 1\na\n"));
  std::string many = "mailtokit-ask 1\n";
  for (int i = 0; i < 40; ++i) many += "finding 1\nx\n";
  why = error_of(ask::decode(many + "button:cancel 1\nC\ndefault 6\ncancel\n"));
  CHECK_FALSE(ask::decode(std::string(ask::max_input + 1, 'x')));
  // A bidi override, an isolate and an escape become U+FFFD; line breaks and tabs stay.
  const std::string hostile =
      "a\xE2\x80\xAE"
      "b\xE2\x81\xA6"
      "c\x1B[31m\td\ne";
  const auto r = ask::decode("mailtokit-ask 1\nheadline " + std::to_string(hostile.size()) + "\n" + hostile +
                                 "\nbutton:cancel 1\nC\ndefault 6\ncancel\n");
  REQUIRE(r);
  CHECK(r->headline ==
        "a\xEF\xBF\xBD"
        "b\xEF\xBF\xBD"
        "c\xEF\xBF\xBD[31m\td\ne");
  // The details (the preview's text) keep their isolates, nothing else.
  const auto d = ask::decode("mailtokit-ask 1\ndetails " + std::to_string(hostile.size()) + "\n" + hostile +
                                 "\nbutton:cancel 1\nC\ndefault 6\ncancel\n");
  REQUIRE(d);
  CHECK(d->details ==
        "a\xEF\xBF\xBD"
        "b\xE2\x81\xA6"
        "c\xEF\xBF\xBD[31m\td\ne");
}

TEST_CASE("choices window: toggles, groups and options come back as written, bad ones are refused", "[confirm]") {
  ask::request r;
  r.title = "Mail links"_t;
  r.headline = "How mail links open"_t;
  r.icon = "mail-send";
  r.toggles = {{"handler", "Open mail links with mailtokit"_t, true, {}}};
  r.groups = {{"target", "Where mail goes"_t, {}}, {"confirm", "When to ask"_t, {}}};
  r.options = {{"target", "desktop:org.gnome.Evolution", "Evolution"_t, "org.gnome.Evolution", {}, {}, false},
               {"target", "roundcube", "Your organization's Roundcube"_t, "", "https://mail.example.org/"_t,
                "https://mail.example.net/"_t, true},
               {"confirm", "risky", "Before a risky link"_t, "", {}, {}, true},
               {"confirm", "never", "Never"_t, "", {}, {}, false}};
  r.buttons = {{"cancel", "Cancel"_t}, {"save", "Save"_t}};
  r.default_id = "save";
  auto back = ask::decode(ask::encode(r));
  REQUIRE(back);
  CHECK(back->icon == "mail-send");
  REQUIRE(back->toggles.size() == 1);
  CHECK(back->toggles[0].on);
  CHECK(back->toggles[0].label == "Open mail links with mailtokit");
  REQUIRE(back->groups.size() == 2);
  CHECK(back->groups[1].heading == "When to ask");
  REQUIRE(back->options.size() == 4);
  CHECK(back->options[0].id == "desktop:org.gnome.Evolution");
  CHECK(back->options[0].icon == "org.gnome.Evolution");
  CHECK_FALSE(back->options[0].chosen);
  CHECK(back->options[1].example == "https://mail.example.org/");
  CHECK(back->options[1].address == "https://mail.example.net/");
  CHECK(back->options[1].chosen);
  CHECK(back->options[2].group == "confirm");

  const std::string head = "mailtokit-ask 1\n";
  const std::string tail = "button:save 1\nS\ndefault 4\nsave\n";
  auto rec = [](const std::string& key, const std::string& value) {
    return key + " " + std::to_string(value.size()) + "\n" + value + "\n";
  };
  const std::string group = rec("group", "target\nWhere\n");
  auto opt = [&](const std::string& g, const std::string& id, const std::string& chosen) {
    return rec("option", g + "\n" + id + "\nLabel\n\n\n\n" + chosen + "\n");
  };
  CHECK(ask::decode(head + group + opt("target", "gmail", "no") + tail));
  // An option of a group not declared before it, two chosen in one group, the same id twice.
  CHECK(error_of(ask::decode(head + opt("target", "gmail", "no") + group + tail)).find("no group") != std::string::npos);
  CHECK(error_of(ask::decode(head + group + opt("target", "a", "yes") + opt("target", "b", "yes") + tail))
            .find("two options chosen") != std::string::npos);
  CHECK_FALSE(ask::decode(head + group + opt("target", "a", "no") + opt("target", "a", "no") + tail));
  // An id with a space (it would split the window's answer line), chosen that is not yes or no,
  // too few lines, a missing last line end.
  CHECK_FALSE(ask::decode(head + group + opt("target", "a b", "no") + tail));
  CHECK_FALSE(ask::decode(head + group + opt("target", "a", "maybe") + tail));
  CHECK_FALSE(ask::decode(head + group + rec("option", "target\na\nLabel\n") + tail));
  CHECK_FALSE(ask::decode(head + group + rec("option", "target\na\nL\n\n\n\nno") + tail));
  // A group id the answer could not carry, a toggle that is not yes or no, an icon that is a path.
  CHECK_FALSE(ask::decode(head + rec("group", "Target X\nWhere\n") + tail));
  CHECK_FALSE(ask::decode(head + rec("toggle", "handler\nOn\non\n") + tail));
  CHECK(error_of(ask::decode(head + rec("icon", "/etc/passwd") + tail)).find("path") != std::string::npos);
  // Too many options, groups or toggles.
  std::string many = head + group;
  // (the id built by append, not "o" + std::string: GCC 12's -Wrestrict misreads the inlined
  // operator+ at -O3, a known false positive)
  for (std::size_t i = 0; i <= ask::max_options; ++i) many += opt("target", std::string("o").append(std::to_string(i)), "no");
  CHECK(error_of(ask::decode(many + tail)).find("more than") != std::string::npos);
  std::string groups = head;
  for (std::size_t i = 0; i <= ask::max_groups; ++i) groups += rec("group", "g" + std::string(1, char('a' + i)) + "\nG\n");
  CHECK_FALSE(ask::decode(groups + tail));
  // A label's hidden characters are shown, not obeyed.
  auto shown = ask::decode(head + group + rec("option", "target\na\nGmail\xE2\x80\xAE\n\n\n\nno\n") + tail);
  REQUIRE(shown);
  CHECK(shown->options[0].label == "Gmail\xEF\xBF\xBD");
}

TEST_CASE("choices window: a toggle governs groups and says what off means (issue 47)", "[confirm]") {
  ask::request r;
  r.title = "Mail links"_t;
  r.toggles = {{"handler", "Open mail links with mailtokit"_t, false, "mailtokit is off: links go to Stand-in Mail."_t}};
  r.groups = {{"target", "Where mail goes"_t, "handler"}, {"confirm", "When to ask"_t, ""}};
  r.options = {{"target", "gmail", "Gmail"_t, "", {}, {}, true}, {"confirm", "risky", "Risky"_t, "", {}, {}, true}};
  r.buttons = {{"save", "Save"_t}};
  r.default_id = "save";
  const std::string text = ask::encode(r);
  // The longer records only where they say something: a group no toggle governs is written as before.
  CHECK(text.find("toggle 87\nhandler\nOpen mail links with mailtokit\nno\nmailtokit is off: links go to Stand-in Mail.\n\n") !=
        std::string::npos);
  CHECK(text.find("group 31\ntarget\nWhere mail goes\nhandler\n\n") != std::string::npos);
  CHECK(text.find("group 20\nconfirm\nWhen to ask\n\n") != std::string::npos);
  auto back = ask::decode(text);
  REQUIRE(back);
  REQUIRE(back->toggles.size() == 1);
  CHECK_FALSE(back->toggles[0].on);
  CHECK(back->toggles[0].off_note == "mailtokit is off: links go to Stand-in Mail.");
  REQUIRE(back->groups.size() == 2);
  CHECK(back->groups[0].governed_by == "handler");
  CHECK(back->groups[1].governed_by.empty());
  CHECK(ask::encode(*back) == text);

  const std::string head = "mailtokit-ask 1\n";
  const std::string tail = "button:save 1\nS\ndefault 4\nsave\n";
  auto rec = [](const std::string& key, const std::string& value) {
    return key + " " + std::to_string(value.size()) + "\n" + value + "\n";
  };
  const std::string toggle = rec("toggle", "handler\nOn\nyes\n");
  CHECK(ask::decode(head + toggle + rec("group", "target\nWhere\nhandler\n") + tail));
  // A governing toggle that is not declared before the group, or not at all, or empty.
  CHECK(error_of(ask::decode(head + rec("group", "target\nWhere\nhandler\n") + toggle + tail)).find("no toggle") !=
        std::string::npos);
  CHECK(error_of(ask::decode(head + toggle + rec("group", "target\nWhere\nother\n") + tail)).find("no toggle") !=
        std::string::npos);
  CHECK_FALSE(ask::decode(head + toggle + rec("group", "target\nWhere\n\n") + tail));
  // A record with a line more than the note or the toggle id.
  CHECK_FALSE(ask::decode(head + rec("toggle", "handler\nOn\nyes\nnote\nmore\n") + tail));
  CHECK_FALSE(ask::decode(head + toggle + rec("group", "target\nWhere\nhandler\nmore\n") + tail));
}

TEST_CASE("choices window: a line the window prints holds no control character", "[confirm]") {
  CHECK(ask::printable_line("https://mail.example.org/ \xC3\xA9"));
  CHECK(ask::printable_line(""));
  for (const char* bad : {"a\rb", "a\nb", "a\tb", "a\x1b[31m", "a\x7f"})
    CHECK_FALSE(ask::printable_line(bad));
  CHECK_FALSE(ask::printable_line(std::string_view("a\0b", 3)));
}
