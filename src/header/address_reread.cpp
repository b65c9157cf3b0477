// What readers of a hand-over read again in an address (address.hpp): percent escapes and
// encoded words they decode, separators in a display name, compatibility characters they map to
// separators. Shared by the header policy (mailto/policy.cpp: warnings, and refusals in strict
// mode), the preview's findings and the hand-over's reasons, so the three say the same.
#include "mailtokit/address.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "header/address_detail.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/utf8.hpp"
#include "text/simd.hpp"

namespace mailtokit {

bool decodes_again(std::string_view text) noexcept {
  for (std::size_t i = text.find('%'); i != text.npos; i = text.find('%', i + 1))
    if (i + 2 < text.size() && chars::hexdig(text[i + 1]) && chars::hexdig(text[i + 2])) return true;
  const auto open = text.find("=?");
  return open != text.npos && text.find("?=", open + 2) != text.npos;
}

namespace {

// True when `s` holds none of '%', '=' and '?', the bytes every match of decodes_again(address)
// starts or ends with; eight bytes at a time where the build has SWAR (most addresses hold none).
bool no_escape_bytes(std::string_view s) noexcept {
#if defined(MAILTOKIT_SWAR)
  const auto any = [](std::uint64_t w) noexcept {
    return (detail::match_byte(w, '%') | detail::match_byte(w, '=') | detail::match_byte(w, '?')) != 0;
  };
  const char* p = s.data();
  const char* const e = p + s.size();
#if defined(MAILTOKIT_SIMD_SSE2)
  // 8-16 bytes (a domain, most local parts): the first and the last eight in one register.
  if (s.size() >= 8 && s.size() <= 16) {
    const __m128i v = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)),
                                         _mm_loadl_epi64(reinterpret_cast<const __m128i*>(e - 8)));
    const __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('%')),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('=')), _mm_cmpeq_epi8(v, _mm_set1_epi8('?'))));
    return _mm_movemask_epi8(hit) == 0;
  }
#endif
  for (; e - p >= 8; p += 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    if (any(w)) return false;
  }
  // The last 0-7 bytes in a zero-padded word: a NUL matches none of the three.
  if (p == e) return true;
  // The last 1-7 bytes: in the last eight bytes of `s` (looked at again, which changes nothing),
  // else by two loads that may overlap, else one at a time (a word filled byte by byte would
  // stall its load).
  if (s.size() >= 8) {
    std::uint64_t w;
    std::memcpy(&w, e - 8, 8);
    return !any(w);
  }
  if (s.size() >= 4) {  // the first four and the last four bytes in one word
    std::uint32_t lo, hi;
    std::memcpy(&lo, s.data(), 4);
    std::memcpy(&hi, e - 4, 4);
    return !any(std::uint64_t{lo} | (std::uint64_t{hi} << 32));
  }
  for (; p != e; ++p)
    if (*p == '%' || *p == '=' || *p == '?') return false;
  return true;
#else
  return s.find_first_of("%=?") == s.npos;
#endif
}

// In an address, half an encoded word counts too: another entry of the same list can complete it.
// One pass per part: a percent escape ('%' and two hex digits), "=?" or "?=" (which covers
// decodes_again(s)'s "=?...?=").
bool part_decodes_again(std::string_view s) noexcept {
  if (no_escape_bytes(s)) return false;
  const std::size_t n = s.size();
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const char c = s[i];
    if (c == '%') {
      if (i + 2 < n && chars::hexdig(s[i + 1]) && chars::hexdig(s[i + 2])) return true;
    } else if ((c == '=' && s[i + 1] == '?') || (c == '?' && s[i + 1] == '=')) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool decodes_again(const address& a) noexcept {
  if (part_decodes_again(a.display_name)) return true;
  if (!a.valid) return part_decodes_again(a.original);
  return part_decodes_again(a.local_part) || part_decodes_again(a.domain) || part_decodes_again(a.domain_ascii);
}

bool detail::decodes_again_parsed(const address& a) noexcept {
  if (!a.display_name.empty() && part_decodes_again(a.display_name)) return true;  // most have none
  if (!a.valid) return part_decodes_again(a.original);
  // A domain literal is the link's text. Any other valid domain the parser made passed
  // check_hostname() in A-labels (letters, digits, '-' and '.'), and its U-labels take their
  // ASCII from those A-labels (RFC 3492 section 3.1: basic code points are copied as they are):
  // neither holds '%', '=' or '?'.
  if (!a.domain_ascii.empty() && a.domain_ascii.front() == '[')
    return part_decodes_again(a.local_part) || part_decodes_again(a.domain) || part_decodes_again(a.domain_ascii);
  return part_decodes_again(a.local_part);
}

namespace {

// How many of the characters in `set` `text` holds.
std::size_t count_of(std::string_view text, std::string_view set) noexcept {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [&](char c) { return set.find(c) != set.npos; }));
}

constexpr std::string_view name_separators = "@<>,;";
constexpr std::string_view address_separators = "@,;:<>\"\\[]() ";

}  // namespace

bool name_holds_separators(std::string_view name) {
  if (count_of(name, name_separators) != 0) return true;
  return !utf8::is_ascii(name) && count_of(charset::nfkc_casefold(name), name_separators) != 0;
}

bool compatibility_separators(std::string_view text) {
  if (utf8::is_ascii(text)) return false;
  return count_of(charset::nfkc_casefold(text), address_separators) > count_of(text, address_separators);
}

bool compatibility_separators(const address& a) {
  if (!a.valid) return compatibility_separators(a.original);
  return compatibility_separators(a.local_part) || compatibility_separators(a.domain);
}

bool detail::compatibility_separators_parsed(const address& a) {
  if (!a.valid) return compatibility_separators(a.original);
  return compatibility_separators(a.local_part);
}

}  // namespace mailtokit
