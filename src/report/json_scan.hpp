// Internal: the scan behind JSON string escaping (report/json.cpp): the length of the run of
// bytes that RFC 8259 lets a string hold as they are and that json::append_string() copies
// unchanged, printable ASCII but '"' and '\\' (0x20-0x7E; DEL, controls and every byte >= 0x80
// end the run). Every string of `batch --json` goes through it. A plain scalar reference, SWAR
// (eight bytes at a time) and SSE2 (sixteen) beside it, in the pattern of text/simd.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "text/simd.hpp"

namespace mailtokit::detail {

inline constexpr bool json_plain(unsigned char b) noexcept { return b >= 0x20 && b <= 0x7E && b != '"' && b != '\\'; }

inline std::size_t json_plain_prefix_scalar(const char* p, const char* e) noexcept {
  const char* q = p;
  while (q != e && json_plain(static_cast<unsigned char>(*q))) ++q;
  return static_cast<std::size_t>(q - p);
}

/// Whether all `n` <= 16 bytes at `p` are plain: most strings of a draft are that short (a local
/// part, a domain, a field name), and for them one test of the whole text, by loads that may
/// overlap, is cheaper than finding where the run ends.
inline bool json_all_plain_short_scalar(const char* p, std::size_t n) noexcept {
  return json_plain_prefix_scalar(p, p + n) == n;
}

#if defined(MAILTOKIT_SWAR)
/// Bit 7 set in the bytes of `w` that are not plain; exact for the lowest one (the "has less" and
/// match_byte() tricks only carry into bytes above a true one), so its index is the run's end.
inline std::uint64_t json_special_swar(std::uint64_t w) noexcept {
  return (w & highs8) | ((w - 0x20 * ones8) & ~w & highs8) | match_byte(w, 0x7F) | match_byte(w, '"') |
         match_byte(w, '\\');
}

/// The 1-7 bytes at `q` as the low bytes of a word, the rest zero, by two loads that may overlap
/// (an overlapping byte is the same byte in both, so OR keeps it).
inline std::uint64_t json_short_word(const char* q, unsigned n) noexcept {
  if (n >= 4) {
    std::uint32_t lo, hi;
    std::memcpy(&lo, q, 4);
    std::memcpy(&hi, q + n - 4, 4);
    return std::uint64_t{lo} | (std::uint64_t{hi} << (8 * (n - 4)));
  }
  const auto at = [q](unsigned i) { return std::uint64_t{static_cast<unsigned char>(q[i])} << (8 * i); };
  return at(0) | at(n / 2) | at(n - 1);
}

inline bool json_all_plain_short_swar(const char* p, std::size_t n) noexcept {
  std::uint64_t w;
  if (n >= 8) {
    std::uint64_t hi;
    std::memcpy(&w, p, 8);
    std::memcpy(&hi, p + n - 8, 8);
    return (json_special_swar(w) | json_special_swar(hi)) == 0;
  }
  if (n >= 4) {
    std::uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    w = std::uint64_t{lo} | (std::uint64_t{hi} << 32);
  } else {
    if (n == 0) return true;
    // Bytes 0, n/2 and n-1 (all of a text of 1-3 bytes), each used twice: every byte of the
    // word is one of the text's.
    const auto at = [p](std::size_t i) { return std::uint64_t{static_cast<unsigned char>(p[i])}; };
    const std::uint64_t four = at(0) | (at(n / 2) << 8) | (at(n - 1) << 16) | (at(n - 1) << 24);
    w = four | (four << 32);
  }
  return json_special_swar(w) == 0;
}

/// `base` <= p: where the readable bytes before `p` begin (the tail's word may start there).
inline std::size_t json_plain_prefix_swar(const char* p, const char* e, const char* base) noexcept {
  const char* q = p;
  while (e - q >= 8) {
    std::uint64_t w;
    std::memcpy(&w, q, 8);
    if (const std::uint64_t m = json_special_swar(w)) return static_cast<std::size_t>(q - p) + static_cast<std::size_t>(__builtin_ctzll(m) >> 3);
    q += 8;
  }
  if (q == e) return static_cast<std::size_t>(q - p);
  // The last 1-7 bytes in a zero-padded word: a NUL is not plain, so the run ends at the first
  // padding byte at the latest. The word is the eight bytes ending at `e`, shifted down (a word
  // filled byte by byte would stall its load); with fewer readable bytes, from loads inside
  // [q, e) that overlap (most strings of a draft are that short: a local part, a name).
  const auto n = static_cast<unsigned>(e - q);
  std::uint64_t w;
  if (e - base >= 8) {
    std::memcpy(&w, e - 8, 8);
    w >>= 8 * (8 - n);
  } else {
    w = json_short_word(q, n);
  }
  return static_cast<std::size_t>(q - p) + static_cast<std::size_t>(__builtin_ctzll(json_special_swar(w)) >> 3);
}

inline std::size_t json_plain_prefix_swar(const char* p, const char* e) noexcept { return json_plain_prefix_swar(p, e, p); }
#endif

#if defined(MAILTOKIT_SIMD_SSE2)
inline std::size_t json_plain_prefix_sse2(const char* p, const char* e) noexcept {
  const char* q = p;
  const __m128i space_less = _mm_set1_epi8(0x1F), del = _mm_set1_epi8(0x7F), quote = _mm_set1_epi8('"'),
                backslash = _mm_set1_epi8('\\');
  while (e - q >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
    // Signed compare: bytes >= 0x80 are negative, so not greater than 0x1F either.
    const __m128i printable = _mm_cmpgt_epi8(v, space_less);
    const __m128i excluded = _mm_or_si128(_mm_cmpeq_epi8(v, del), _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
    const auto plain = static_cast<unsigned>(_mm_movemask_epi8(_mm_andnot_si128(excluded, printable)));
    if (plain != 0xFFFFu) return static_cast<std::size_t>(q - p) + static_cast<std::size_t>(__builtin_ctz(~plain));
    q += 16;
  }
  return static_cast<std::size_t>(q - p) + json_plain_prefix_swar(q, e, p);
}

inline bool json_all_plain_short_sse2(const char* p, std::size_t n) noexcept {
  if (n < 8) return json_all_plain_short_swar(p, n);
  // The first and the last eight bytes in one register.
  const __m128i v = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)),
                                       _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + n - 8)));
  const __m128i printable = _mm_cmpgt_epi8(v, _mm_set1_epi8(0x1F));
  const __m128i excluded = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)),
                                        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
  return _mm_movemask_epi8(_mm_andnot_si128(excluded, printable)) == 0xFFFF;
}
#endif

/// The plain run at the start of [p, e) copied to `out` (room for e - p bytes); its length. The
/// SSE2 one stores each block of sixteen bytes before testing it, so bytes of `out` after the run
/// (within e - p) may be overwritten too: what the writer puts after the run goes there.
inline std::size_t json_copy_plain_scalar(const char* p, const char* e, char* out) noexcept {
  const std::size_t n = json_plain_prefix_scalar(p, e);
  std::memcpy(out, p, n);
  return n;
}

#if defined(MAILTOKIT_SIMD_SSE2)
inline std::size_t json_copy_plain_sse2(const char* p, const char* e, char* out) noexcept {
  const char* q = p;
  const __m128i space_less = _mm_set1_epi8(0x1F), del = _mm_set1_epi8(0x7F), quote = _mm_set1_epi8('"'),
                backslash = _mm_set1_epi8('\\');
  // Bit i: byte i of the 16 at `at` is plain; they are stored at the same offset in `out`.
  const auto block = [&](const char* at) noexcept {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + (at - p)), v);
    const __m128i printable = _mm_cmpgt_epi8(v, space_less);
    const __m128i excluded = _mm_or_si128(_mm_cmpeq_epi8(v, del), _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)));
    return static_cast<unsigned>(_mm_movemask_epi8(_mm_andnot_si128(excluded, printable)));
  };
  while (e - q >= 16) {
    const unsigned plain = block(q);
    if (plain != 0xFFFFu) return static_cast<std::size_t>(q - p) + static_cast<std::size_t>(__builtin_ctz(~plain));
    q += 16;
  }
  // The last 1-15 bytes of a run of 16 or more: the sixteen bytes ending at `e`, those before `q`
  // (plain, and stored again as they are) masked as plain; no SWAR tail and memcpy() call.
  if (q != e && q != p) {
    const char* const t = e - 16;
    const unsigned plain = block(t) | ((1u << static_cast<unsigned>(q - t)) - 1u);
    if (plain != 0xFFFFu) return static_cast<std::size_t>(t - p) + static_cast<std::size_t>(__builtin_ctz(~plain));
    return static_cast<std::size_t>(e - p);
  }
  const std::size_t n = json_plain_prefix_swar(q, e, p);
  std::memcpy(out + (q - p), q, n);
  return static_cast<std::size_t>(q - p) + n;
}
#endif

/// One implementation of the scan.
struct json_scanner {
  isa id;
  [[nodiscard]] constexpr const char* name() const noexcept { return isa_name(id); }
  /// The number of plain bytes at the start of [p, e).
  [[nodiscard]] std::size_t plain_prefix(const char* p, const char* e) const noexcept {
#if defined(MAILTOKIT_SIMD_SSE2)
    if (id == isa::sse2) return json_plain_prefix_sse2(p, e);
#endif
#if defined(MAILTOKIT_SWAR)
    if (id == isa::swar) return json_plain_prefix_swar(p, e);
#endif
    return json_plain_prefix_scalar(p, e);
  }
  /// json_copy_plain_scalar() by this implementation.
  [[nodiscard]] std::size_t copy_plain(const char* p, const char* e, char* out) const noexcept {
#if defined(MAILTOKIT_SIMD_SSE2)
    if (id == isa::sse2) return json_copy_plain_sse2(p, e, out);
#endif
#if defined(MAILTOKIT_SWAR)
    if (id == isa::swar) {
      const std::size_t n = json_plain_prefix_swar(p, e);
      std::memcpy(out, p, n);
      return n;
    }
#endif
    return json_copy_plain_scalar(p, e, out);
  }
  /// Whether all `n` <= 16 bytes at `p` are plain.
  [[nodiscard]] bool all_plain_short(const char* p, std::size_t n) const noexcept {
#if defined(MAILTOKIT_SIMD_SSE2)
    if (id == isa::sse2) return json_all_plain_short_sse2(p, n);
#endif
#if defined(MAILTOKIT_SWAR)
    if (id == isa::swar) return json_all_plain_short_swar(p, n);
#endif
    return json_all_plain_short_scalar(p, n);
  }
};

/// The implementations this build has, the reference first, best last.
inline constexpr auto json_scanners = compiled_implementations<json_scanner, isa::swar, isa::sse2>();

/// The number of plain bytes at the start of [p, e), by the best implementation.
inline std::size_t json_plain_prefix(const char* p, const char* e) noexcept { return json_scanners.back().plain_prefix(p, e); }

/// Whether all `n` <= 16 bytes at `p` are plain, by the best implementation.
inline bool json_all_plain_short(const char* p, std::size_t n) noexcept { return json_scanners.back().all_plain_short(p, n); }

/// The plain run at the start of [p, e) copied to `out` (room for e - p bytes), by the best
/// implementation; its length.
inline std::size_t json_copy_plain(const char* p, const char* e, char* out) noexcept { return json_scanners.back().copy_plain(p, e, out); }

}  // namespace mailtokit::detail
