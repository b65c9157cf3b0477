#include "mailtokit/charset.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tsv.hpp"

using namespace mailtokit;
using test::check_expected;

TEST_CASE("charset conversion vectors (tests/data/charset.tsv)", "[charset]") {
  for (const auto& row : test::load_tsv("charset.tsv")) {
    INFO("line " << row.line << ": " << row.at(3));
    check_expected(charset::to_utf8(row.at(0), row.at(1)), row.at(2));
  }
}

TEST_CASE("every Latin-1 byte maps to the code point of the same value", "[charset]") {
  // ISO 8859-1 is by definition the first 256 code points of Unicode.
  std::string all;
  std::string want;
  for (int b = 0; b < 256; ++b) {
    all += static_cast<char>(b);
    if (b < 0x80) {
      want += static_cast<char>(b);
    } else {
      want += static_cast<char>(0xC0 | (b >> 6));
      want += static_cast<char>(0x80 | (b & 0x3F));
    }
  }
  auto r = charset::to_utf8(all, "ISO-8859-1");
  REQUIRE(r);
  CHECK(*r == want);
}

TEST_CASE("long input goes through the conversion loop in several chunks", "[charset]") {
  const std::string in(5000, '\xE9');
  auto r = charset::to_utf8(in + "x", "iso-8859-1");
  REQUIRE(r);
  CHECK(r->size() == 10001);
  CHECK(r->substr(9998) == "\xC3\xA9x");
  // An error far into the input keeps its absolute offset.
  auto bad = charset::to_utf8(std::string(3000, 'a') + "\xAE", "iso-8859-7");
  REQUIRE_FALSE(bad);
  CHECK(bad.error() == error{errc::charset_conversion, 3000});
}

TEST_CASE("NFC follows the UAX #15 examples", "[charset][nfc]") {
  CHECK(charset::nfc("e\xCC\x81") == "\xC3\xA9");                       // e + U+0301 -> U+00E9
  CHECK(charset::nfc("\xE2\x84\xAB") == "\xC3\x85");                    // U+212B ANGSTROM SIGN -> U+00C5
  CHECK(charset::nfc("\xE1\x84\x80\xE1\x85\xA1") == "\xEA\xB0\x80");    // U+1100 U+1161 -> U+AC00
  CHECK(charset::nfc("\xEF\xAC\x81") == "\xEF\xAC\x81");                // U+FB01 ligature: NFC keeps it
  CHECK(charset::nfc("plain ascii") == "plain ascii");
  CHECK(charset::nfc("") == "");
  CHECK(charset::nfc("a\xC0\xAF") == "a\xC0\xAF");                      // invalid UTF-8 unchanged
}

TEST_CASE("is_nfc", "[charset][nfc]") {
  CHECK(charset::is_nfc("abc"));
  CHECK(charset::is_nfc(""));
  CHECK(charset::is_nfc("\xC3\xA9"));
  CHECK_FALSE(charset::is_nfc("e\xCC\x81"));
  CHECK_FALSE(charset::is_nfc("\xE2\x84\xAB"));
  CHECK_FALSE(charset::is_nfc("\xFF"));
  CHECK(charset::is_nfc(charset::nfc("e\xCC\x81\xE2\x84\xAB")));
}

TEST_CASE("nfkc_casefold maps compatibility forms and case, as NFKC and IDNA mapping do", "[charset]") {
  CHECK(charset::nfkc_casefold("ABC@Example.ORG") == "abc@example.org");
  // Fullwidth A, at sign, b; a small comma; a fullwidth comma.
  CHECK(charset::nfkc_casefold("\uFF21\uFF20\uFF42") == "a@b");
  CHECK(charset::nfkc_casefold("a\uFE50b\uFF0Cc") == "a,b,c");
  // Mathematical bold b; a ligature; sharp s folds to ss; a zero-width joiner vanishes.
  CHECK(charset::nfkc_casefold("\U0001D41Boss") == "boss");
  CHECK(charset::nfkc_casefold("\uFB01") == "fi");
  CHECK(charset::nfkc_casefold("Stra\u00DFe") == "strasse");
  CHECK(charset::nfkc_casefold("a\u200Db") == "ab");
  // Invalid UTF-8 is returned as it is.
  CHECK(charset::nfkc_casefold("A\xFF") == "A\xFF");
}
