#include "report/display.hpp"

#include <unicode/uchar.h>

#include <array>
#include <cstdio>

#include "mailtokit/bidi.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::preview {

namespace detail {

std::string hex_cp(char32_t cp) {
  std::array<char, 16> buf{};
  std::snprintf(buf.data(), buf.size(), "U+%04X", static_cast<unsigned>(cp));
  return buf.data();
}

std::string char_name(char32_t cp) {
  std::array<char, 128> buf{};
  UErrorCode st = U_ZERO_ERROR;
  const int32_t n = u_charName(static_cast<UChar32>(cp), U_UNICODE_CHAR_NAME, buf.data(),
                               static_cast<int32_t>(buf.size()), &st);
  std::string s = hex_cp(cp);
  if (U_SUCCESS(st) && n > 0) {
    s += ' ';
    s.append(buf.data(), static_cast<std::size_t>(n));
  }
  return s;
}

bool is_control(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

bool is_invisible(char32_t cp) {
  if (cp < 0x80 || bidi::is_formatting(cp)) return false;
  const auto c = static_cast<UChar32>(cp);
  return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) != 0 || u_charType(c) == U_FORMAT_CHAR;
}

bool is_hidden(char32_t cp, bool keep_newlines) {
  if (cp == '\t') return false;
  // UAX #14 mandatory breaks besides CR and LF: BK (VT, FF, U+2028 LINE SEPARATOR, U+2029
  // PARAGRAPH SEPARATOR) and NL (U+0085). GTK, Qt and terminals break a line there, so link text
  // could forge a line of the question (VT, FF and NEL are controls, below).
  if (cp == 0x2028 || cp == 0x2029) return true;
  if (keep_newlines && (cp == '\n' || cp == '\r')) return false;
  return is_control(cp) || bidi::is_formatting(cp) || is_invisible(cp);
}

// Appended in place: "\"" + std::string&& makes g++ 12 -O3 report -Wrestrict (GCC bug 105329).
std::string quoted(std::string_view s) {
  std::string out(1, '"');
  out += visible(s);
  out += '"';
  return out;
}

std::size_t count_lines(std::string_view body) {
  if (body.empty()) return 0;
  std::size_t n = 1;
  for (const char c : body) n += c == '\n';
  if (body.back() == '\n') --n;
  return n;
}

}  // namespace detail

using namespace detail;

// Marks stacked on one letter that are drawn: the scripts that stack them (Vietnamese, Hebrew
// points with a cantillation mark, Indic vowel signs) use at most three; "Zalgo" text stacks
// dozens, drawn over the lines above and below.
constexpr std::size_t max_stacked_marks = 3;

std::string visible(std::string_view text, bool keep_newlines) {
  std::string out;
  out.reserve(text.size());
  std::size_t marks = 0;  // non-spacing and enclosing marks in a row so far
  for_each_cp(text, [&](char32_t cp, bool bad) {
    const auto type = bad ? 0 : u_charType(static_cast<UChar32>(cp));
    marks = type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK ? marks + 1 : 0;
    if (bad) {
      std::array<char, 8> buf{};
      std::snprintf(buf.data(), buf.size(), "<0x%02X>", static_cast<unsigned>(cp));
      out += buf.data();
    } else if (is_hidden(cp, keep_newlines) || marks > max_stacked_marks) {
      out += '<';
      out += hex_cp(cp);
      out += '>';
    } else {
      utf8::append(out, cp);
    }
  });
  return out;
}

std::string isolate(std::string_view text, bool address) {
  // UAX #9 section 2.7: LRI U+2066, FSI U+2068, PDI U+2069.
  std::string out = address ? "\xE2\x81\xA6" : "\xE2\x81\xA8";
  out += visible(text);
  out += "\xE2\x81\xA9";
  return out;
}

}  // namespace mailtokit::preview
