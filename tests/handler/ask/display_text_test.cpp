#include "ask/display_text.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "ask/format.hpp"

using mailtokit::ask::blank_runs_shown;
using mailtokit::ask::is_blank;

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
}

TEST_CASE("the question window reads no run of blanks from any request", "[display_text]") {
  // Whoever wrote the request (the question, a failure, a notice), its lines are shown.
  mailtokit::ask::request r;
  r.title = "t";
  r.headline = spaced("Look at", 60, "this");
  r.findings = {"x\u2800\u2800\u2800\u2800y"};
  r.details = "body:\n    indented";
  r.buttons = {{"cancel", "Cancel"}};
  r.default_id = "cancel";
  auto back = mailtokit::ask::decode(mailtokit::ask::encode(r));
  REQUIRE(back);
  CHECK(back->headline == "Look at <60 x U+0020> this");
  CHECK(back->findings == std::vector<std::string>{"x<U+2800><U+2800><U+2800><U+2800>y"});
  CHECK(back->details == "body:\n    indented");
}
