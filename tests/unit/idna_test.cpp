#include "mailtokit/idna.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tsv.hpp"

using namespace mailtokit;
using test::check_expected;

TEST_CASE("IDNA vectors (tests/data/idna.tsv)", "[idna]") {
  for (const auto& row : test::load_tsv("idna.tsv")) {
    INFO("line " << row.line << ": " << row.at(3));
    {
      INFO("to_ascii");
      check_expected(idna::to_ascii(row.at(0)), row.at(1));
    }
    {
      INFO("to_unicode");
      check_expected(idna::to_unicode(row.at(0)), row.at(2));
    }
  }
}

TEST_CASE("is_plain_ascii: ASCII without an xn-- label", "[idna]") {
  CHECK(idna::is_plain_ascii("example.com"));
  CHECK(idna::is_plain_ascii("EXAMPLE.COM"));
  CHECK(idna::is_plain_ascii(""));
  CHECK(idna::is_plain_ascii("axn--b.com"));      // "xn--" not at a label start
  CHECK(idna::is_plain_ascii("xn-.com"));
  CHECK_FALSE(idna::is_plain_ascii("xn--99zt52a.org"));
  CHECK_FALSE(idna::is_plain_ascii("www.XN--99zt52a.org"));
  CHECK_FALSE(idna::is_plain_ascii("www.Xn--a"));
  CHECK_FALSE(idna::is_plain_ascii("caf\xC3\xA9.com"));
  CHECK_FALSE(idna::is_plain_ascii("a\x80"));
}

TEST_CASE("to_ascii is idempotent and to_unicode round-trips", "[idna]") {
  for (const auto& row : test::load_tsv("idna.tsv")) {
    auto a = idna::to_ascii(row.at(0));
    if (!a) continue;
    INFO("line " << row.line);
    auto again = idna::to_ascii(*a);
    REQUIRE(again);
    CHECK(*again == *a);
    auto u = idna::to_unicode(*a);
    REQUIRE(u);
    auto back = idna::to_ascii(*u);
    REQUIRE(back);
    CHECK(*back == *a);
  }
}

TEST_CASE("plain ASCII domains longer than 253 octets are refused on the fast path", "[idna]") {
  std::string d;
  for (int i = 0; i < 4; ++i) d += std::string(63, 'a') + ".";
  d.pop_back();  // 4 * 63 + 3 = 255 octets
  auto r = idna::to_ascii(d);
  REQUIRE_FALSE(r);
  CHECK(r.error().code == errc::idna_too_long);
  CHECK(idna::to_ascii(d.substr(2)));  // 253 octets
}
