// Internal: the skip of parse_address_list_into() in header/address.cpp over the bytes of an
// address list it does not act on (all but '"', '(', '[', '<', '>', ',', ';' and ':': most of
// every address). A plain scalar reference and SSE2 (sixteen bytes at a time) as implementation
// objects, chosen at compile time (see text/simd.hpp for the pattern).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "text/simd.hpp"

namespace mailtokit::detail {

// list_acts[c]: the address-list reader acts on byte c.
inline constexpr std::array<bool, 256> list_acts = [] {
  std::array<bool, 256> t{};
  for (char c : std::string_view("\"([<>,;:")) t[static_cast<unsigned char>(c)] = true;
  return t;
}();

inline std::size_t list_skip_scalar(std::string_view text, std::size_t i) noexcept {
  while (i < text.size() && !list_acts[static_cast<unsigned char>(text[i])]) ++i;
  return i;
}

#if defined(MAILTOKIT_SIMD_SSE2)
inline std::size_t list_skip_sse2(std::string_view text, std::size_t i) noexcept {
  const char* const p = text.data();
  const __m128i quote = _mm_set1_epi8('"'), paren = _mm_set1_epi8('('), bracket = _mm_set1_epi8('['),
                lt = _mm_set1_epi8('<'), gt = _mm_set1_epi8('>'), comma = _mm_set1_epi8(','),
                semicolon = _mm_set1_epi8(';'), colon = _mm_set1_epi8(':');
  for (; text.size() - i >= 16; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    const __m128i a = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, paren)),
                                   _mm_or_si128(_mm_cmpeq_epi8(v, bracket), _mm_cmpeq_epi8(v, lt)));
    const __m128i b = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, gt), _mm_cmpeq_epi8(v, comma)),
                                   _mm_or_si128(_mm_cmpeq_epi8(v, semicolon), _mm_cmpeq_epi8(v, colon)));
    if (const auto m = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(a, b))))
      return i + static_cast<std::size_t>(__builtin_ctz(m));
  }
  return list_skip_scalar(text, i);
}
#endif

/// One implementation of the skip.
struct list_scanner {
  isa id;
  [[nodiscard]] constexpr const char* name() const noexcept { return isa_name(id); }
  /// The first index >= i (i <= text.size()) of a byte the list reader acts on, or text.size().
  [[nodiscard]] std::size_t skip(std::string_view text, std::size_t i) const noexcept {
#if defined(MAILTOKIT_SIMD_SSE2)
    if (id == isa::sse2) return list_skip_sse2(text, i);
#endif
    return list_skip_scalar(text, i);
  }
};

/// The implementations this build has, the reference first, best last.
inline constexpr auto list_scanners = compiled_implementations<list_scanner, isa::sse2>();

/// The best implementation (chosen at compile time).
constexpr const list_scanner& best_list_scanner() noexcept { return list_scanners.back(); }

}  // namespace mailtokit::detail
