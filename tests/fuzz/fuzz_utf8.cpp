// Fuzz target: strict UTF-8 (include/mailtokit/utf8.hpp).
// Properties: validate() agrees with ICU's converter (an independent implementation); repair()
// gives exactly ICU's "U+FFFD per maximal subpart" output and the first bad offset; the error
// code matches RFC 3629's table; valid input decodes code point by code point and re-encodes to
// itself.
#include "mailtokit/utf8.hpp"

#include <unicode/ustring.h>
#include <unicode/utypes.h>

#include <string>
#include <vector>

#include "fuzz.hpp"

namespace {

using mailtokit::errc;
using mailtokit::fuzz::show;

// ICU oracle: UTF-8 -> UTF-16 with U+FFFD substitution (ICU >= 60 substitutes per maximal
// subpart, Unicode 15 section 3.9), then back to UTF-8. `subs` gets the number of substitutions.
std::string icu_repair(std::string_view s, int32_t& subs) {
  std::vector<UChar> u16(s.size() + 1);
  int32_t len16 = 0;
  UErrorCode err = U_ZERO_ERROR;
  u_strFromUTF8WithSub(u16.data(), static_cast<int32_t>(u16.size()), &len16, s.data(),
                       static_cast<int32_t>(s.size()), 0xFFFD, &subs, &err);
  MAILTOKIT_FUZZ_CHECK(U_SUCCESS(err), "ICU failed on " + show(s));
  std::string out(static_cast<std::size_t>(len16) * 3 + 1, '\0');
  int32_t len8 = 0;
  err = U_ZERO_ERROR;
  u_strToUTF8(out.data(), static_cast<int32_t>(out.size()), &len8, u16.data(), len16, &err);
  MAILTOKIT_FUZZ_CHECK(U_SUCCESS(err), "ICU failed back on " + show(s));
  out.resize(static_cast<std::size_t>(len8));
  return out;
}

// RFC 3629 section 4 and the codes documented in result.hpp: the code for an invalid sequence
// starting at s[0].
errc expected_code(std::string_view s) {
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char b0 = b(0);
  if (b0 >= 0x80 && b0 <= 0xBF) return errc::utf8_invalid_byte;
  if (b0 == 0xC0 || b0 == 0xC1) return errc::utf8_overlong;
  if (b0 >= 0xF5) return errc::utf8_too_large;
  if (s.size() < 2 || b(1) < 0x80 || b(1) > 0xBF) return errc::utf8_truncated;
  if (b0 == 0xE0 && b(1) < 0xA0) return errc::utf8_overlong;
  if (b0 == 0xF0 && b(1) < 0x90) return errc::utf8_overlong;
  if (b0 == 0xED && b(1) > 0x9F) return errc::utf8_surrogate;
  if (b0 == 0xF4 && b(1) > 0x8F) return errc::utf8_too_large;
  return errc::utf8_truncated;  // a later continuation byte is missing or not 80..BF
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view s = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;

  const auto v = mailtokit::utf8::validate(s);
  std::string repaired;
  const std::size_t first_bad = mailtokit::utf8::repair(s, repaired);
  int32_t subs = 0;
  const std::string oracle = icu_repair(s, subs);

  MAILTOKIT_FUZZ_CHECK(v.has_value() == (subs == 0), "validate disagrees with ICU on " + show(s));
  MAILTOKIT_FUZZ_CHECK(repaired == oracle, "repair(" + show(s) + ") = " + show(repaired) + ", ICU: " + show(oracle));
  MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(repaired).has_value(), "repair output invalid: " + show(repaired));

  bool ascii = true;
  for (char c : s) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::is_ascii(s) == ascii, "is_ascii wrong on " + show(s));

  if (v) {
    MAILTOKIT_FUZZ_CHECK(first_bad == std::string_view::npos, "repair reports a bad byte in valid " + show(s));
    // Decode code point by code point and re-encode.
    std::string again;
    std::size_t count = 0;
    const char* it = s.data();
    const char* end = s.data() + s.size();
    while (it != end) {
      const auto cp = mailtokit::utf8::decode(it, end);
      MAILTOKIT_FUZZ_CHECK(cp.has_value(), "decode fails inside valid " + show(s));
      MAILTOKIT_FUZZ_CHECK(*cp <= 0x10FFFF && (*cp < 0xD800 || *cp > 0xDFFF), "not a scalar value");
      mailtokit::utf8::append(again, *cp);
      ++count;
    }
    MAILTOKIT_FUZZ_CHECK(again == s, "decode+append does not give back " + show(s));
    MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::length(s) == count, "length wrong on " + show(s));
  } else {
    const std::size_t off = v.error().offset;
    MAILTOKIT_FUZZ_CHECK(off < s.size(), "error offset past the end");
    MAILTOKIT_FUZZ_CHECK(first_bad == off, "repair's first bad byte " + std::to_string(first_bad) +
                                               " != validate's offset " + std::to_string(off) + " in " + show(s));
    MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(s.substr(0, off)).has_value(), "prefix before the error is invalid");
    MAILTOKIT_FUZZ_CHECK(v.error().code == expected_code(s.substr(off)),
                         "code " + std::string(mailtokit::to_name(v.error().code)) + " at " + std::to_string(off) +
                             " in " + show(s));
    const char* it = s.data() + off;
    const auto d = mailtokit::utf8::decode(it, s.data() + s.size());
    MAILTOKIT_FUZZ_CHECK(!d && d.error().code == v.error().code && it == s.data() + off,
                         "decode disagrees with validate at the bad byte");
  }
  return 0;
}
