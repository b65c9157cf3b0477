// Internal: the classification of a mailto URI's bytes after the scheme (one pass, see
// parser::scan_bytes() in mailto.cpp), and the 16-byte block masks that find the bytes to look at:
// a plain scalar one (the reference), SSE2 and, when the CPU has it, SSSE3. The implementation
// is chosen once (best_uri_scanner()); tests run every one (available_uri_scanners()). The
// pattern of every fast path: text/simd.hpp.
// -DMAILTOKIT_NO_SIMD=ON builds only the scalar one.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <utility>

#include "mailtokit/chars.hpp"
#include "text/simd.hpp"

namespace mailtokit::detail {

// Raw ASCII a mailto URI may hold without a warning: RFC 6068 section 2 qchar (without
// pct-encoded), the '%' of pct-encoded, the delimiters "?", "&" and "=", and "/" (RFC 3986
// section 3.4 allows it in a query; it is common raw in bodies that hold links).
inline constexpr chars::char_class quiet_raw = chars::qchar | chars::of("%?&=/");

// One table for the scan of a URI's bytes after the scheme: 0 nothing to do (quiet_raw and
// non-ASCII), 1 a control character (refused), 2 ASCII that should have been percent-encoded
// (a warning), 3 an '&' (counted, to size the hfield list), 4 a '?' (the first ends the path, a
// second is an error), 5 the '#' that starts the fragment (the scan stops there).
inline constexpr std::array<unsigned char, 256> scan_class = [] {
  std::array<unsigned char, 256> t{};
  for (unsigned b = 0; b < 0x80; ++b) {
    const auto c = static_cast<unsigned char>(b);
    t[b] = chars::ctl(c) ? 1 : c == '&' ? 3 : c == '?' ? 4 : c == '#' ? 5 : !quiet_raw(c) ? 2 : 0;
  }
  return t;
}();

/// The reference block mask: a bit per byte of the 16 at `p` that is not class 0 of scan_class
/// (exact). Precondition: 16 readable bytes at `p`.
inline unsigned scan_mask16_scalar(const unsigned char* p) noexcept {
  unsigned m = 0;
  for (unsigned i = 0; i < 16; ++i)
    if (scan_class[p[i]] != 0) m |= 1u << i;
  return m;
}

#if defined(MAILTOKIT_SIMD_SSE2)
// A bit per byte of the 16 at `p` that may not be class 0 of scan_class (a superset is fine:
// flagged bytes are looked up in the table).
inline unsigned scan_mask16(const unsigned char* p) noexcept {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const auto set = [](char c) { return _mm_set1_epi8(c); };
  // Signed compares: bytes 0x80-0xFF are negative, so "v < 0x21" and not negative is C0 and space.
  __m128i m = _mm_andnot_si128(_mm_cmplt_epi8(v, _mm_setzero_si128()), _mm_cmplt_epi8(v, set(0x21)));
  m = _mm_or_si128(m, _mm_and_si128(_mm_cmpgt_epi8(v, set(0x5A)), _mm_cmplt_epi8(v, set(0x5F))));  // [ \ ] ^
  m = _mm_or_si128(m, _mm_cmpgt_epi8(v, set(0x7A)));  // { | } ~ DEL ('~' is looked up and passes)
  for (char c : {'"', '#', '&', '<', '>', '?', '`'}) m = _mm_or_si128(m, _mm_cmpeq_epi8(v, set(c)));
  return static_cast<unsigned>(_mm_movemask_epi8(m));
}

#endif

#if defined(MAILTOKIT_SIMD_SSSE3)
// Nibble tables for an exact SSSE3 classification: byte b is not class 0 exactly when
// scan_hi[b >> 4] & scan_lo[b & 15] is not zero. Each high nibble gets the bit of its set of
// low nibbles (the distinct sets need at most eight bits, checked here at compile time).
struct scan_nibbles {
  std::array<unsigned char, 16> hi{};
  std::array<unsigned char, 16> lo{};
};
inline constexpr scan_nibbles scan_nibble_tables = [] {
  scan_nibbles t;
  std::array<unsigned, 8> sets{};  // each bit's set of low nibbles
  unsigned used = 0;
  for (unsigned h = 0; h < 16; ++h) {
    unsigned set = 0;
    for (unsigned l = 0; l < 16; ++l)
      if (scan_class[h * 16 + l] != 0) set |= 1u << l;
    if (set == 0) continue;
    unsigned bit = 0;
    while (bit < used && sets[bit] != set) ++bit;
    if (bit == used) {
      if (used == 8) throw "more than eight distinct low-nibble sets";  // not a constant expression
      sets[used++] = set;
    }
    t.hi[h] = static_cast<unsigned char>(1u << bit);
    for (unsigned l = 0; l < 16; ++l)
      if (set & (1u << l)) t.lo[l] = static_cast<unsigned char>(t.lo[l] | (1u << bit));
  }
  return t;
}();

/// A bit per byte of the 16 at `p` that is not class 0 of scan_class (exact). Preconditions: 16
/// readable bytes at `p`, and a CPU with SSSE3 (see ssse3_scanner).
__attribute__((target("ssse3"))) inline unsigned scan_mask16_ssse3(const unsigned char* p) noexcept {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i nibble = _mm_set1_epi8(0x0F);
  const __m128i lo = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(scan_nibble_tables.lo.data())),
                                      _mm_and_si128(v, nibble));
  const __m128i hi = _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(scan_nibble_tables.hi.data())),
                                      _mm_and_si128(_mm_srli_epi16(v, 4), nibble));
  const __m128i none = _mm_cmpeq_epi8(_mm_and_si128(lo, hi), _mm_setzero_si128());
  return ~static_cast<unsigned>(_mm_movemask_epi8(none)) & 0xFFFFu;
}

#endif

/// One implementation of the block mask. `exact`: the mask has exactly the bytes that are not
/// class 0; otherwise a superset (flagged bytes are looked up in scan_class).
struct uri_scanner {
  isa id;
  const char* name;
  bool exact;
  /// Precondition: 16 readable bytes at `p`.
  [[nodiscard]] unsigned block_mask(const unsigned char* p) const noexcept {
    switch (id) {
#if defined(MAILTOKIT_SIMD_SSSE3)
      case isa::ssse3:
        return scan_mask16_ssse3(p);
#endif
#if defined(MAILTOKIT_SIMD_SSE2)
      case isa::sse2:
        return scan_mask16(p);
#endif
      default:
        return scan_mask16_scalar(p);
    }
  }
};

inline constexpr uri_scanner scalar_scanner{isa::scalar, "scalar", true};
#if defined(MAILTOKIT_SIMD_SSE2)
inline constexpr uri_scanner sse2_scanner{isa::sse2, "sse2", false};
#endif
#if defined(MAILTOKIT_SIMD_SSSE3)
inline constexpr uri_scanner ssse3_scanner{isa::ssse3, "ssse3", true};
#endif

/// The implementations this build has and this CPU can run, the reference first, best last.
inline std::span<const uri_scanner* const> available_uri_scanners() noexcept {
  static const auto list = [] {
    std::array<const uri_scanner*, 3> l{&scalar_scanner};
    std::size_t n = 1;
#if defined(MAILTOKIT_SIMD_SSE2)
    l[n++] = &sse2_scanner;
#endif
#if defined(MAILTOKIT_SIMD_SSSE3)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("ssse3")) l[n++] = &ssse3_scanner;
#endif
    return std::pair{l, n};
  }();
  return {list.first.data(), list.second};
}

/// The best implementation for this CPU, chosen once at the first call (a constant afterwards:
/// no global state changes while the library runs).
inline const uri_scanner& best_uri_scanner() noexcept {
  static const uri_scanner& best = *available_uri_scanners().back();
  return best;
}

}  // namespace mailtokit::detail
