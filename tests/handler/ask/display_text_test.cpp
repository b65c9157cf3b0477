#include "ask/display_text.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <type_traits>

#include "ask/format.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/utf8.hpp"
#include "ours_literal.hpp"

using mailtokit::ask::blank_runs_shown;
using mailtokit::ask::display_text;
using mailtokit::ask::is_blank;

// No raw text becomes display_text but through the sanitizer: not from a string, a view or a
// literal, neither by a constructor nor by a conversion.
static_assert(!std::is_constructible_v<display_text, std::string>);
static_assert(!std::is_constructible_v<display_text, const std::string&>);
static_assert(!std::is_constructible_v<display_text, std::string_view>);
static_assert(!std::is_constructible_v<display_text, const char*>);
static_assert(!std::is_convertible_v<std::string, display_text>);
static_assert(!std::is_convertible_v<const char*, display_text>);
static_assert(!std::is_assignable_v<display_text&, std::string>);
static_assert(!std::is_assignable_v<display_text&, const char*>);
// ... and so no question, request or notice holds a raw string.
static_assert(!std::is_assignable_v<decltype(mailtokit::ask::request::headline)&, std::string>);
static_assert(!std::is_assignable_v<decltype(mailtokit::ask::button::label)&, std::string>);
static_assert(std::is_default_constructible_v<display_text> && std::is_copy_constructible_v<display_text>);

namespace {
// `head`, `n` spaces, `tail` (appended piece by piece: GCC 12's -Wrestrict misreads
// `"..." + std::string(n, ' ')` at -O3).
std::string spaced(const char* head, std::size_t n, const char* tail) {
  std::string s(head);
  s.append(n, ' ');
  s.append(tail);
  return s;
}
}  // namespace

TEST_CASE("runs of blank characters are shown, never spread over a line", "[display_text]") {
  // U+2800 BRAILLE PATTERN BLANK and the Hangul fillers draw as nothing, though no space.
  CHECK(blank_runs_shown("a\u2800\u2800\u2800b") == "a<U+2800><U+2800><U+2800>b");
  CHECK(blank_runs_shown("a\u3164\u3164b") == "a<U+3164><U+3164>b");
  CHECK(blank_runs_shown("a\u2003\u2003b") == "a<U+2003><U+2003>b");
  CHECK(blank_runs_shown("a \u3000b") == "a <U+3000>b");
  CHECK(blank_runs_shown("\u00A0\u1680\u2000\u200A\u202F\u205F\u3000\u115F\u1160\uFFA0") ==
        "<U+00A0><U+1680><U+2000><U+200A><U+202F><U+205F><U+3000><U+115F><U+1160><U+FFA0>");
  // A run of ASCII spaces becomes its count: 40 spaces cannot push "b" to a line of its own.
  CHECK(blank_runs_shown(spaced("a", 40, "b")) == "a <40 x U+0020> b");
  CHECK(blank_runs_shown(spaced("a", 10, "\u2800\u2800b")) == "a <10 x U+0020> <U+2800><U+2800>b");
  // Up to three spaces, and one blank between words, stay (French and Japanese text).
  CHECK(blank_runs_shown("a   b") == "a   b");
  CHECK(blank_runs_shown("Prix\u00A0: 5\u202F\u20AC, \u65E5\u3000\u672C") ==
        "Prix\u00A0: 5\u202F\u20AC, \u65E5\u3000\u672C");
  CHECK(blank_runs_shown("") == "");
  CHECK(blank_runs_shown("\xFF  \xFF") == "\xFF  \xFF");
  CHECK(is_blank(U'\u2800'));
  CHECK_FALSE(is_blank(U'a'));
  CHECK_FALSE(is_blank(U'\u200B'));  // shown by preview::visible() as an invisible character
  // Shown twice is shown once.
  for (const std::string& s : {spaced("a", 40, "b"), spaced("a", 10, "\u2800\u2800b"), std::string("\u2800   \u2800")})
    CHECK(blank_runs_shown(blank_runs_shown(s)) == blank_runs_shown(s));
}

TEST_CASE("the sanitizer: link text is visible, bounded, isolated and its blanks shown", "[display_text]") {
  // Controls, format and invisible characters as tags, as preview::visible() shows them.
  CHECK(display_text::from_link("a\u202Eb\u200Bc\x07", 80) == mailtokit::preview::visible("a\u202Eb\u200Bc\x07"));
  CHECK(display_text::from_link("a\u202Eb", 80) == "a<U+202E>b");
  CHECK(display_text::from_link("one\ntwo", 80) == "one<U+000A>two");
  CHECK(display_text::from_link_lines("one\ntwo\u202E", 80) == "one\ntwo<U+202E>");
  // Cut to its bound, and the cut said.
  CHECK(display_text::from_link("abcdef", 3) == "abc ... (3 more characters)");
  CHECK(display_text::from_link(std::string(5000, 'x'), 80).size() < 120);
  // Its runs of blanks shown, after it was made visible.
  CHECK(display_text::from_link(spaced("a", 40, "b"), 80) == "a <40 x U+0020> b");
  CHECK(display_text::from_link("a\u2800\u2800b", 80) == "a<U+2800><U+2800>b");
  // A name or an address isolated: it cannot reorder the line it stands in.
  CHECK(display_text::isolated_from_link("\xD7\x90@b.example", 80, true) ==
        mailtokit::preview::isolate("\xD7\x90@b.example", true));
  CHECK(display_text::isolated_from_link("a\u202Eb", 80, false) == "\u2068a<U+202E>b\u2069");
  CHECK(display_text::file_name_from_link("x\u202E.pdf", 80) == "\u2068x<U+202E>.pdf\u2069");
  // The preview's report: every value visible.
  const auto d = mailtokit::parse_draft("mailto:a@b.example?subject=hi%E2%80%AE", {}, mailtokit::policy::defaults());
  REQUIRE(d);
  const auto report = display_text::report(*d, mailtokit::preview::check(*d), 20);
  CHECK(report.find("<U+202E>") != std::string::npos);
  CHECK(report.find("\u202E") == std::string::npos);
}

TEST_CASE("our sentences hold display_text values, and joining shows the blanks two parts make", "[display_text]") {
  const auto s = display_text::ours("{0} and {1}", {display_text::from_link("x\u202E", 80), display_text::number(3)});
  CHECK(s == "x<U+202E> and 3");
  CHECK(display_text::ours("a  ") + display_text::ours("  b") == "a <4 x U+0020> b");
  CHECK(display_text::join({display_text::ours("a"), display_text::ours("b")}, display_text::ours(", ")) == "a, b");
  CHECK(display_text::ours("one\n\ntwo").lines().size() == 3);
  CHECK(display_text::ours("one\n").lines().size() == 1);
  CHECK(display_text().lines().empty());
  CHECK(display_text::ours("abcd").clipped(2) == "ab ... (2 more characters)");
}

TEST_CASE("the window's side: a field read back is sanitized again", "[display_text]") {
  CHECK(display_text::received("a\u202Eb\x01", false)->str() == "a\xEF\xBF\xBD" "b\xEF\xBF\xBD");
  CHECK(display_text::received("\u2068a\u2069", true)->str() == "\u2068a\u2069");
  CHECK(display_text::received("\u2068a\u2069", false)->str() == "\xEF\xBF\xBD" "a\xEF\xBF\xBD");
  CHECK(display_text::received(spaced("a", 40, "b"), false)->str() == "a <40 x U+0020> b");
  CHECK(display_text::received(spaced("a", 40, "b"), false, true)->str() == spaced("a", 40, "b"));
  CHECK_FALSE(display_text::received("\xC0\xBC", false));
}

TEST_CASE("the question window reads no run of blanks from any request", "[display_text]") {
  // Whoever wrote the request (the question, a failure, a notice), its lines are shown.
  mailtokit::ask::request r;
  r.title = display_text::ours("t");
  r.headline = display_text::from_link(spaced("Look at", 60, "this"), 200);
  r.findings = {display_text::ours("x\u2800\u2800\u2800\u2800y")};
  r.details = display_text::ours("body:\n  indented");
  r.buttons = {{"cancel", display_text::ours("Cancel")}};
  r.default_id = "cancel";
  auto back = mailtokit::ask::decode(mailtokit::ask::encode(r));
  REQUIRE(back);
  CHECK(back->headline == "Look at <60 x U+0020> this");
  CHECK(back->findings == std::vector<display_text>{display_text::ours("x<U+2800><U+2800><U+2800><U+2800>y")});
  CHECK(back->details == "body:\n  indented");
}

TEST_CASE("the draft's report keeps its own columns and shows the blank runs of its values", "[display_text]") {
  auto d = mailtokit::parse_draft("mailto:a@example.org?subject=%20%20%20%20%20%20%20%20x&body=b%E2%A0%80%E2%A0%80c",
                                  {}, mailtokit::policy::defaults());
  REQUIRE(d);
  const auto report = display_text::report(*d, {}, 10);
  // The columns after "To:" are ours: plain spaces, never a count.
  CHECK(report.find("To:       \u2066a@example.org\u2069") != std::string::npos);
  CHECK(report.find("x U+0020> ") != std::string::npos);         // the subject's eight spaces, counted
  CHECK(report.find("b<U+2800><U+2800>c") != std::string::npos);  // the body's blank letters, tagged
  CHECK(report.str().find("To: <") == std::string::npos);
  // Joined into the details line by line, the columns stay.
  CHECK(display_text::join(report.lines(), display_text::ours("\n")).find("To:       ") != std::string::npos);
  CHECK(mailtokit::ask::blank_runs_shown_in_isolates("a     \u2068b     c\u2069     d") ==
        "a     \u2068b <5 x U+0020> c\u2069     d");
}

TEST_CASE("clip cuts between code points and counts the rest", "[display_text]") {
  CHECK(mailtokit::ask::clip("abc", 3) == "abc");
  CHECK(mailtokit::ask::clip("abcd", 3) == "abc ... (1 more character)");
  CHECK(mailtokit::ask::clip("\xC3\xA9\xC3\xA9\xC3\xA9", 2) == "\xC3\xA9\xC3\xA9 ... (1 more character)");
  CHECK(mailtokit::ask::clip("", 0).empty());
  const std::string long_cyrillic = [] {
    std::string s;
    for (int i = 0; i < 500; ++i) s += "\xD0\xB0";
    return s;
  }();
  const auto c = mailtokit::ask::clip(long_cyrillic, 100);
  CHECK(mailtokit::utf8::validate(c));
  CHECK(c.find("(400 more characters)") != std::string::npos);
}
