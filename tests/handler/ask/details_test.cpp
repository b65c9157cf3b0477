#include "ask/details.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;

namespace {
std::string addresses(int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out.append(i ? "," : "").append("u").append(std::to_string(i)).append("@example.org");
  return out;
}
}  // namespace

TEST_CASE("the details: the draft as preview shows it, each part cut to its share", "[details]") {
  auto d = parse_draft("mailto:a@example.org?subject=hi%E2%80%AE&body=" + std::string(600, 'x'), {},
                       policy::defaults());
  REQUIRE(d);
  text_limits l;
  l.line_chars = 100;
  const auto t = draft_details(*d, preview::check(*d), l);
  CHECK(t.find("Subject:") != std::string::npos);
  CHECK(t.find("<U+202E>") != std::string::npos);
  CHECK(t.find("\u202E") == std::string::npos);
  CHECK(t.find("more characters)") != std::string::npos);  // the body's line is cut, the cut said
  CHECK(t.str().back() == '\n');
}

TEST_CASE("the details list every recipient while the question can show them all", "[details]") {
  auto many = parse_draft("mailto:" + addresses(30), {}, policy::defaults());
  REQUIRE(many);
  const text_limits l;
  CHECK(recipients_seen(*many, l));
  const auto t = draft_details(*many, preview::check(*many), l);
  CHECK(t.find("u29@example.org") != std::string::npos);
  CHECK(t.find("more lines of this part") == std::string::npos);
  auto too_many = parse_draft("mailto:" + addresses(101), {}, policy::defaults());
  REQUIRE(too_many);
  CHECK_FALSE(recipients_seen(*too_many, l));
  CHECK(draft_details(*too_many, preview::check(*too_many), l).find("more lines of this part") != std::string::npos);
  auto bcc = parse_draft("mailto:" + addresses(100) + "?bcc=x@evil.example", {}, policy::defaults());
  REQUIRE(bcc);
  CHECK_FALSE(recipients_seen(*bcc, l));
  CHECK(recipients_seen(*bcc, l, false));
}
