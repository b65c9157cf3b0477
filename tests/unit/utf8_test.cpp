#include "mailtokit/utf8.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tsv.hpp"

using namespace mailtokit;

TEST_CASE("UTF-8 validation vectors (tests/data/utf8.tsv)", "[utf8]") {
  for (const auto& row : test::load_tsv("utf8.tsv")) {
    INFO("line " << row.line << ": " << row.at(2));
    auto r = utf8::validate(row.at(0));
    if (row.at(1) == "ok") {
      CHECK(r.has_value());
    } else {
      REQUIRE_FALSE(r.has_value());
      const auto sp = row.at(1).find(' ');
      CHECK(std::string(to_name(r.error().code)) == row.at(1).substr(0, sp));
      CHECK(r.error().offset == std::stoul(row.at(1).substr(sp + 1)));
    }
  }
}

TEST_CASE("decode/append round-trip every scalar value", "[utf8]") {
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string s;
    utf8::append(s, cp);
    const char* it = s.data();
    auto r = utf8::decode(it, s.data() + s.size());
    REQUIRE(r);
    REQUIRE(*r == cp);
    REQUIRE(it == s.data() + s.size());
  }
}

TEST_CASE("decoding never turns an overlong into '/' or '.'", "[utf8]") {
  for (const char* bad : {"\xC0\xAF", "\xC0\xAE", "\xE0\x80\xAF", "\xF0\x80\x80\xAE"}) {
    std::string out;
    CHECK(utf8::repair(bad, out) == 0);
    CHECK(out.find('/') == std::string::npos);
    CHECK(out.find('.') == std::string::npos);
  }
}

TEST_CASE("repair replaces maximal subparts with U+FFFD", "[utf8]") {
  std::string out;
  CHECK(utf8::repair("caf\xC3\xA9", out) == std::string::npos);
  CHECK(out == "caf\xC3\xA9");
  out.clear();
  // Unicode 15 table 3-8: 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64 -> a FFFD FFFD FFFD b FFFD c FFFD FFFD d
  CHECK(utf8::repair("a\xF1\x80\x80\xE1\x80\xC2" "b\x80" "c\x80\xBF" "d", out) == 1);
  CHECK(out == "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD" "d");
  std::string fixed;
  utf8::repair(out, fixed);
  CHECK(utf8::validate(fixed));
}

TEST_CASE("is_ascii and length", "[utf8]") {
  CHECK(utf8::is_ascii("plain"));
  CHECK_FALSE(utf8::is_ascii("caf\xC3\xA9"));
  CHECK(utf8::length("caf\xC3\xA9") == 4);
  CHECK(utf8::length("\xF0\x9F\x98\x80") == 1);
}
