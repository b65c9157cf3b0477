#include "mailtokit/rfc2047.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "mailtokit/charset.hpp"
#include "tsv.hpp"

using namespace mailtokit;

TEST_CASE("RFC 2047 decoding vectors (tests/data/encoded_word_decode.tsv)", "[rfc2047]") {
  for (const auto& row : test::load_tsv("encoded_word_decode.tsv")) {
    INFO("line " << row.line << ": " << row.at(2));
    test::check_expected(rfc2047::decode(row.at(0)), row.at(1));
  }
}

TEST_CASE("RFC 2047 decoding counts the words it keeps as text", "[rfc2047]") {
  std::size_t kept = 99;
  auto d = rfc2047::decode("=?bogus-cs?Q?J=F6rg?=", 10, kept);
  REQUIRE(d);
  CHECK(*d == "=?bogus-cs?Q?J=F6rg?=");
  CHECK(kept == 1);
  // Two runs in unknown charsets, one good word between them.
  d = rfc2047::decode("=?x-no?Q?a?= =?utf-8?Q?caf=C3=A9?= =?y-no?B?YQ==?=", 10, kept);
  REQUIRE(d);
  CHECK(kept == 2);
  // Octets invalid in their charset are kept as text too.
  d = rfc2047::decode("=?utf-8?Q?=FF?=", 10, kept);
  REQUIRE(d);
  CHECK(kept == 1);
  d = rfc2047::decode("=?utf-8?Q?caf=C3=A9?= plain", 10, kept);
  REQUIRE(d);
  CHECK(*d == "caf\xC3\xA9 plain");
  CHECK(kept == 0);
  // Malformed words are not encoded words at all: not counted.
  d = rfc2047::decode("=?utf-8?X?a?=", 10, kept);
  REQUIRE(d);
  CHECK(kept == 0);
}

TEST_CASE("RFC 2047 decoding is bounded by max_words", "[rfc2047]") {
  std::string v;
  for (int i = 0; i < 5; ++i) v += "=?utf-8?Q?a?= ";
  auto ok = rfc2047::decode(v, 5);
  REQUIRE(ok);
  CHECK(*ok == "aaaaa ");
  auto over = rfc2047::decode(v, 4);
  REQUIRE_FALSE(over);
  CHECK(over.error().code == errc::too_many_encoded_words);
  CHECK(over.error().offset == 4 * 14);
}

TEST_CASE("RFC 2047 decoding of adversarial input stays linear", "[rfc2047]") {
  // Many "=?" starts that never complete; a quadratic scan would take minutes here.
  std::string v;
  for (int i = 0; i < 200000; ++i) v += "=?a?q?=";
  auto r = rfc2047::decode(v);
  REQUIRE(r);
  CHECK(*r == v);
  std::string w(400000, '=');
  for (std::size_t i = 1; i < w.size(); i += 2) w[i] = '?';
  auto r2 = rfc2047::decode(w);
  REQUIRE(r2);
  CHECK(*r2 == w);
}

TEST_CASE("windows-1252 words decode as ICU converts them", "[rfc2047]") {
  // The decoder converts "windows-1252" with a table of its own; "cp1252" (the same ICU
  // converter, checked here octet by octet) still goes through ICU, with the same handling around
  // it: every octet, and a run of text, must decode alike under both names.
  static constexpr char hex[] = "0123456789ABCDEF";
  const auto word = [](std::string_view cs, std::string_view octets) {
    std::string w = "=?" + std::string(cs) + "?Q?";
    for (char c : octets) {
      const auto b = static_cast<unsigned char>(c);
      w += '=';
      w += hex[b >> 4];
      w += hex[b & 15];
    }
    return w + "?=";
  };
  // The text, or the error's code name: two results compared whole.
  const auto shown = [](const result<std::string>& r) {
    return r ? "ok: " + *r : "error: " + std::string(to_string(r.error().code));
  };
  for (int b = 0; b < 256; ++b) {
    const std::string octet(1, static_cast<char>(b));
    INFO("octet " << b);
    const auto icu = charset::to_utf8(octet, "windows-1252");
    REQUIRE(icu);
    CHECK(shown(charset::to_utf8(octet, "cp1252")) == shown(icu));
    CHECK(shown(rfc2047::decode(word("windows-1252", octet))) ==
          shown(rfc2047::decode(word("cp1252", octet))));
  }
  const std::string text = "Caf\xE9 \x80 \x93quoted\x94 \x8A\x9E \x85 \x81\x8D\x8F\x90\x9D";
  const auto got = rfc2047::decode(word("Windows-1252", text));
  REQUIRE(got);
  CHECK(shown(got) == shown(rfc2047::decode(word("cp1252", text))));
  CHECK(got->starts_with("Caf\xC3\xA9 \xE2\x82\xAC \xE2\x80\x9Cquoted\xE2\x80\x9D"));
}
