#include "ask/values.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::ask::words;

TEST_CASE("a draft's values in a sentence: the field's address, visible and bounded", "[values]") {
  auto d = parse_draft("mailto:a@example.org,b@example.org?cc=c@example.org&bcc=x@evil.example", {},
                       policy::defaults());
  REQUIRE(d);
  REQUIRE(address_at(*d, "to[1]") != nullptr);
  CHECK(mailbox(*address_at(*d, "to[1]")) == "b@example.org");
  CHECK(mailbox(*address_at(*d, "cc[0]")) == "c@example.org");
  CHECK(address_at(*d, "bcc[0]") == &d->bcc[0]);
  CHECK(address_at(*d, "to[2]") == nullptr);  // past the list
  CHECK(address_at(*d, "to[x]") == nullptr);
  CHECK(address_at(*d, "subject") == nullptr);
  CHECK(address_at(*d, "from") == nullptr);  // the draft has none
  CHECK(shown("a\u202Eb") == "a<U+202E>b");
  CHECK(shown(std::string(100, 'x')).find("20 more characters") != std::string::npos);
  CHECK(ours("{0} and {1}", {number(1), shown("x")}) == "1 and x");
}

TEST_CASE("a list in a sentence: three items, then how many more", "[values]") {
  const std::vector<mailtokit::ask::display_text> three = {ours("a"), ours("b"), ours("c")};
  CHECK(short_list(three, ", ") == "a, b, c");
  auto five = three;
  five.push_back(ours("d"));
  five.push_back(ours("e"));
  CHECK(short_list(five, "; ") == "a; b; c and 2 more");
  auto d = parse_draft("mailto:?bcc=h1@evil.example,h2@evil.example,h3@evil.example,h4@evil.example", {},
                       policy::defaults());
  REQUIRE(d);
  CHECK(address_list(d->bcc) == "h1@evil.example, h2@evil.example, h3@evil.example and 1 more");
}
