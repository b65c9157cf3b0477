#include "ask/risks.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;

namespace {
std::vector<risk> risks_of(std::string_view uri) {
  auto d = parse_draft(uri, {}, policy::defaults());
  REQUIRE(d);
  return risky_items(*d, preview::check(*d));
}
}  // namespace

TEST_CASE("risks in words: worst first, one per address and kind", "[risks]") {
  const auto r = risks_of("mailto:admin@%D0%B0pple.com?bcc=x@evil.example&subject=a%E2%80%AEb");
  REQUIRE(r.size() == 3);
  CHECK(r[0].rank == 0);  // the look-alike address
  CHECK(r[0].field == "to[0]");
  CHECK(r[0].headline == "admin@\xD0\xB0pple.com is not apple.com");
  CHECK(r[1].key == "bcc");
  CHECK(r[1].headline == "This link would send a hidden copy to x@evil.example");
  CHECK(r[2].headline == "The subject contains hidden characters");
  CHECK(r[2].sentence.find("<U+202E>") != std::string::npos);  // shown, not obeyed
  for (std::size_t i = 1; i < r.size(); ++i) CHECK(r[i - 1].rank <= r[i].rank);
}

TEST_CASE("risks in words: an address named for what makes it invalid is not named again", "[risks]") {
  const auto r = risks_of("mailto:a@ex%E2%80%8Bample.com");
  REQUIRE(r.size() == 1);
  CHECK(r[0].headline == "The address a@ex<U+200B>ample.com contains invisible characters");
  CHECK(risks_of("mailto:friend@example.org").empty());
}
