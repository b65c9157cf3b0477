#include "mailtokit/bidi.hpp"

#include <catch2/catch.hpp>

using namespace mailtokit;

TEST_CASE("bidi::scan on ASCII", "[bidi]") {
  auto r = bidi::scan("abc");
  CHECK(r.has_ltr);
  CHECK_FALSE(r.has_rtl);
  CHECK(r.ok());
  auto digits = bidi::scan("123-.%");
  CHECK_FALSE(digits.has_ltr);
  CHECK(digits.ok());
  CHECK(bidi::scan("").ok());
}

TEST_CASE("bidi::scan finds strong RTL and mixing (RFC 3987 section 4.2 rule 1)", "[bidi]") {
  auto hebrew = bidi::scan("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D");  // shalom
  CHECK(hebrew.has_rtl);
  CHECK_FALSE(hebrew.has_ltr);
  CHECK(hebrew.ok());
  auto arabic = bidi::scan("\xD8\xB9\xD8\xB1\xD8\xA8\xD9\x8A");  // AL class
  CHECK(arabic.has_rtl);
  CHECK(arabic.ok());
  auto mixed = bidi::scan("a\xD7\x90");
  CHECK(mixed.mixed());
  CHECK_FALSE(mixed.ok());
  auto cjk = bidi::scan("\xE7\xB4\x8D\xE8\xB1\x86");  // CJK is L
  CHECK(cjk.has_ltr);
  CHECK(cjk.ok());
}

TEST_CASE("bidi::scan rule 2: RTL components start and end with RTL", "[bidi]") {
  CHECK(bidi::scan("\xD7\x90" "123" "\xD7\x91").ok());       // digits inside
  CHECK_FALSE(bidi::scan("\xD7\x90" "1").rtl_at_edges);       // digit at the end
  CHECK_FALSE(bidi::scan("1" "\xD7\x90").rtl_at_edges);       // digit at the start
  CHECK_FALSE(bidi::scan("\xD7\x90" "%31").ok());             // escaped digit, RFC 3987 4.4 Example 9
  CHECK(bidi::scan("\xD7\x90\xD6\xB8").ok());                 // trailing non-spacing mark
  CHECK_FALSE(bidi::scan("\xD7\x90" ".").rtl_at_edges);
}

TEST_CASE("bidi::scan reports formatting characters with their offset", "[bidi]") {
  const char32_t controls[] = {0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x061C};
  for (char32_t cp : controls) {
    INFO(static_cast<unsigned>(cp));
    CHECK(bidi::is_formatting(cp));
  }
  CHECK_FALSE(bidi::is_formatting(0x200D));
  CHECK_FALSE(bidi::is_formatting(0x2065));
  CHECK_FALSE(bidi::is_formatting(0x202F));
  auto r = bidi::scan("ab\xE2\x80\xAE" "cd");
  CHECK(r.has_formatting);
  CHECK(r.first_formatting == 2);
  CHECK_FALSE(r.ok());
  auto iso = bidi::scan("x\xE2\x81\xA7y");
  CHECK(iso.has_formatting);
  CHECK(iso.first_formatting == 1);
}

TEST_CASE("bidi::scan tolerates invalid UTF-8", "[bidi]") {
  auto r = bidi::scan("\xD7\x90\xFF");
  CHECK(r.has_rtl);
  CHECK_FALSE(r.rtl_at_edges);
  CHECK_FALSE(bidi::scan("\xC0\xAF").has_rtl);
}
