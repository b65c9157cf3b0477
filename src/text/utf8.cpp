#include "mailtokit/utf8.hpp"

#include <cstdint>
#include <cstring>

#include "text/scan.hpp"
#include "text/utf8_subpart.hpp"

namespace mailtokit::utf8 {

result<char32_t> decode(const char*& it, const char* end) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(it);
  const auto* e = reinterpret_cast<const unsigned char*>(end);
  const unsigned char b0 = p[0];
  if (b0 < 0x80) {
    ++it;
    return static_cast<char32_t>(b0);
  }
  // RFC 3629 section 4:
  //   UTF8-2 = %xC2-DF UTF8-tail
  //   UTF8-3 = %xE0 %xA0-BF UTF8-tail / %xE1-EC 2( UTF8-tail ) / %xED %x80-9F UTF8-tail / %xEE-EF 2( UTF8-tail )
  //   UTF8-4 = %xF0 %x90-BF 2( UTF8-tail ) / %xF1-F3 3( UTF8-tail ) / %xF4 %x80-8F 2( UTF8-tail )
  std::size_t len;
  char32_t cp;
  unsigned char lo = 0x80, hi = 0xBF;
  if (b0 < 0xC0) return fail(errc::utf8_invalid_byte, 0);
  if (b0 < 0xC2) return fail(errc::utf8_overlong, 0);
  if (b0 < 0xE0) {
    len = 2;
    cp = b0 & 0x1Fu;
  } else if (b0 < 0xF0) {
    len = 3;
    cp = b0 & 0x0Fu;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;
  } else if (b0 < 0xF5) {
    len = 4;
    cp = b0 & 0x07u;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    return fail(errc::utf8_too_large, 0);
  }
  if (static_cast<std::size_t>(e - p) < 2) return fail(errc::utf8_truncated, 0);
  const unsigned char b1 = p[1];
  if (b1 < lo || b1 > hi) {
    if (b1 < 0x80 || b1 > 0xBF) return fail(errc::utf8_truncated, 0);
    if (b0 == 0xE0 || b0 == 0xF0) return fail(errc::utf8_overlong, 0);
    if (b0 == 0xED) return fail(errc::utf8_surrogate, 0);
    return fail(errc::utf8_too_large, 0);
  }
  cp = (cp << 6) | (b1 & 0x3Fu);
  for (std::size_t i = 2; i < len; ++i) {
    if (static_cast<std::size_t>(e - p) <= i || (p[i] & 0xC0u) != 0x80u) return fail(errc::utf8_truncated, 0);
    cp = (cp << 6) | (p[i] & 0x3Fu);
  }
  it += len;
  return cp;
}

result<void> validate(std::string_view s) noexcept {
  const char* it = s.data();
  const char* end = it + s.size();
  while (it != end) {
    // ASCII fast path up to the next non-ASCII byte (text/scan.hpp).
    it += detail::best_text_scanner().ascii_prefix(std::string_view(it, static_cast<std::size_t>(end - it)));
    if (it == end) break;
    auto r = decode(it, end);
    if (!r) return fail(r.error().code, static_cast<std::size_t>(it - s.data()));
  }
  return {};
}

bool is_ascii(std::string_view s) noexcept {
#if defined(MAILTOKIT_SWAR)
  // Every address part of a draft is tested (compatibility_separators()): eight bytes at a time,
  // and the last 4-15 bytes by loads that may overlap, not one byte at a time.
  const char* p = s.data();
  const std::size_t n = s.size();
  if (n >= 8) {
    std::uint64_t w, acc = 0;
    for (std::size_t i = 0; i + 8 <= n; i += 8) {
      std::memcpy(&w, p + i, 8);
      acc |= w;
    }
    std::memcpy(&w, p + n - 8, 8);
    return ((acc | w) & detail::highs8) == 0;
  }
  if (n >= 4) {
    std::uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    return ((lo | hi) & 0x80808080u) == 0;
  }
#endif
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

void append(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::size_t repair(std::string_view in, std::string& out) {
  std::size_t first_bad = std::string_view::npos;
  const char* it = in.data();
  const char* end = it + in.size();
  out.reserve(out.size() + in.size());
  while (it != end) {
    const char* start = it;
    auto r = decode(it, end);
    if (r) {
      out.append(start, static_cast<std::size_t>(it - start));
      continue;
    }
    if (first_bad == std::string_view::npos) first_bad = static_cast<std::size_t>(start - in.data());
    // Maximal subpart: the lead byte plus the continuation bytes that were acceptable so far.
    it = start + maximal_subpart(start, end);
    out += "\xEF\xBF\xBD";
  }
  return first_bad;
}

std::size_t length(std::string_view valid) noexcept {
  std::size_t n = 0;
  for (char c : valid)
    if ((static_cast<unsigned char>(c) & 0xC0u) != 0x80u) ++n;
  return n;
}

}  // namespace mailtokit::utf8
