// Internal: the copy of the raw bytes between pct-encoded triplets (RFC 3986 section 2.1) that
// percent decoding spends most of its time in (decode_once() in text/percent_facts.cpp holds the rules;
// this is the bulk copy). A plain scalar reference and the fast implementations (eight bytes at a
// time in a register, sixteen with SSE2) as implementation objects, chosen at compile time (see
// text/simd.hpp for the pattern).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "text/simd.hpp"

namespace mailtokit::detail {

// Every copy_run_*() has the preconditions and postconditions of run_copier::copy().

inline void copy_run_scalar(const char*& p, const char* e, char*& o, unsigned& non_ascii) noexcept {
  unsigned seen = 0;
  for (; p != e && *p != '%'; ++p, ++o) {
    seen |= static_cast<unsigned char>(*p);
    *o = *p;
  }
  non_ascii |= seen & 0x80u;
}

// The fast ones OR whole blocks into what they note as non-ASCII, the bytes after the run too:
// one OR a block instead of a mask a run (runs between triplets are short).
#if defined(MAILTOKIT_SWAR)
inline void copy_run_swar(const char*& p, const char* e, char*& o, unsigned& non_ascii) noexcept {
  if (e - p >= 8) {
    std::uint64_t seen = 0;
    do {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      std::memcpy(o, &w, 8);
      seen |= w;
      if (const std::uint64_t m = match_byte(w, '%')) {
        // The lowest flagged byte is the first '%' (later flags may be borrow artefacts).
        const unsigned n = static_cast<unsigned>(__builtin_ctzll(m)) >> 3;
        p += n;
        o += n;
        non_ascii |= (seen & highs8) != 0 ? 0x80u : 0u;
        return;
      }
      p += 8;
      o += 8;
    } while (e - p >= 8);
    non_ascii |= (seen & highs8) != 0 ? 0x80u : 0u;
  }
  copy_run_scalar(p, e, o, non_ascii);
}
#endif

#if defined(MAILTOKIT_SIMD_SSE2)
inline void copy_run_sse2(const char*& p, const char* e, char*& o, unsigned& non_ascii) noexcept {
  if (e - p >= 16) {
    __m128i seen = _mm_setzero_si128();
    do {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(o), v);
      seen = _mm_or_si128(seen, v);
      if (const auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('%'))))) {
        const auto n = static_cast<unsigned>(__builtin_ctz(m));
        p += n;
        o += n;
        non_ascii |= static_cast<unsigned>(_mm_movemask_epi8(seen));
        return;
      }
      p += 16;
      o += 16;
    } while (e - p >= 16);
    non_ascii |= static_cast<unsigned>(_mm_movemask_epi8(seen));
  }
  copy_run_swar(p, e, o, non_ascii);
}
#endif

/// One implementation of the run copy.
struct run_copier {
  isa id;
  [[nodiscard]] constexpr const char* name() const noexcept { return isa_name(id); }

  /// Copies the bytes of [p, e) before its first '%' (all of them when it has none) to `o`, and
  /// moves `p` and `o` past them: n bytes.
  /// Preconditions: p <= e; [p, e) readable; `o` writable for e - p bytes, not overlapping
  /// [p, e).
  /// Postconditions: o[0, n) == p[0, n) (the values on entry); p == e or *p == '%'; o[n, e - p)
  /// may have been overwritten (with bytes of p); `non_ascii` gets a non-zero value or'ed in
  /// when a byte of the run is >= 0x80, may get one when a byte after it is (the fast
  /// implementations note whole blocks), and is left as it was otherwise.
  void copy(const char*& p, const char* e, char*& o, unsigned& non_ascii) const noexcept {
#if defined(MAILTOKIT_SIMD_SSE2)
    if (id == isa::sse2) return copy_run_sse2(p, e, o, non_ascii);
#endif
#if defined(MAILTOKIT_SWAR)
    if (id == isa::swar) return copy_run_swar(p, e, o, non_ascii);
#endif
    return copy_run_scalar(p, e, o, non_ascii);
  }
};

/// The implementations this build has, the reference first, best last.
inline constexpr auto run_copiers = compiled_implementations<run_copier, isa::swar, isa::sse2>();

/// The best implementation (chosen at compile time).
constexpr const run_copier& best_run_copier() noexcept { return run_copiers.back(); }

}  // namespace mailtokit::detail
