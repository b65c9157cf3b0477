// Internal: RFC 3629 section 4 (the rule utf8::decode() in text/utf8.cpp implements byte by
// byte with branches) as a DFA over one byte at a time, for a decoder that writes bytes one at a
// time and learns whether its output is UTF-8 as it goes (decode_once(), text/percent_facts.hpp).
// tests/unit/shortcuts_test.cpp checks it against utf8::validate() on every sequence of up to
// three bytes and on the UTF-8 vectors.
#pragma once

#include <array>
#include <string_view>

namespace mailtokit::detail {

// States are premultiplied by the number of byte classes; 0 is "between characters" (accept).
namespace u8dfa {
constexpr unsigned classes = 12;
// 0 ASCII, 1 80-8F, 2 90-9F, 3 A0-BF, 4 never (C0 C1 F5-FF), 5 C2-DF, 6 E0, 7 E1-EC EE EF, 8 ED,
// 9 F0, 10 F1-F3, 11 F4
constexpr std::array<unsigned char, 256> byte_class = [] {
  std::array<unsigned char, 256> t{};
  for (unsigned b = 0; b < 256; ++b)
    t[b] = b < 0x80 ? 0 : b < 0x90 ? 1 : b < 0xA0 ? 2 : b < 0xC0 ? 3 : b < 0xC2 ? 4 : b < 0xE0 ? 5 : b == 0xE0 ? 6
         : b == 0xED ? 8 : b < 0xF0 ? 7 : b == 0xF0 ? 9 : b < 0xF4 ? 10 : b == 0xF4 ? 11 : 4;
  return t;
}();
// States: 0 accept, 1 reject, 2-4 need 1-3 continuation bytes (80-BF), 5 after E0 (A0-BF),
// 6 after ED (80-9F), 7 after F0 (90-BF), 8 after F4 (80-8F).
constexpr unsigned char accept = 0, reject = 1 * classes;
constexpr std::array<unsigned char, 9 * classes> next = [] {
  std::array<unsigned char, 9 * classes> t{};
  for (auto& x : t) x = reject;
  const auto to = [&](unsigned from, unsigned cls, unsigned state) { t[from * classes + cls] = static_cast<unsigned char>(state * classes); };
  to(0, 0, 0);
  to(0, 5, 2);
  to(0, 6, 5);
  to(0, 7, 3);
  to(0, 8, 6);
  to(0, 9, 7);
  to(0, 10, 4);
  to(0, 11, 8);
  for (unsigned cls : {1u, 2u, 3u}) {
    to(2, cls, 0);
    to(3, cls, 2);
    to(4, cls, 3);
  }
  to(5, 3, 2);
  to(6, 1, 2);
  to(6, 2, 2);
  to(7, 2, 3);
  to(7, 3, 3);
  to(8, 1, 3);
  return t;
}();
}  // namespace u8dfa


/// True when `s` is UTF-8 by the DFA alone (utf8::validate() gives the same answer).
[[nodiscard]] inline bool dfa_valid(std::string_view s) noexcept {
  unsigned char state = u8dfa::accept;
  for (const char c : s) state = u8dfa::next[state + u8dfa::byte_class[static_cast<unsigned char>(c)]];
  return state == u8dfa::accept;
}

}  // namespace mailtokit::detail
