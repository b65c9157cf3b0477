#include "text/percent_facts.hpp"

#include <array>

#include "mailtokit/percent.hpp"
#include "text/percent_run.hpp"
#include "text/utf8_dfa.hpp"

namespace mailtokit::detail {

namespace {

// RFC 3986 section 2.1: HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F" (any case), as a
// table: the digit's value, or -1.
constexpr std::array<signed char, 256> hex_digit = [] {
  std::array<signed char, 256> t{};
  for (unsigned b = 0; b < 256; ++b) t[b] = static_cast<signed char>(percent::hex_value(static_cast<char>(b)));
  return t;
}();

// Decoded bytes worth a note: bit 0 may make a header value unclean, bit 1 a body (CR and LF are
// checked for pairing separately), bit 2 is the '?' of an encoded word.
constexpr std::array<unsigned char, 256> notable = [] {
  std::array<unsigned char, 256> t{};
  for (unsigned b = 0; b < 256; ++b) {
    const bool ctl = b < 0x20 || b == 0x7F || b == 0xC2;
    t[b] = static_cast<unsigned char>((ctl || b == 0xE2 ? 1 : 0) | (ctl && b != '\t' && b != '\r' && b != '\n' ? 2 : 0) |
                                      (b == '?' ? 4 : 0));
  }
  return t;
}();

}  // namespace

result<void> decode_once(std::string_view raw, std::size_t base, std::string& out, decode_facts& facts,
                         bool strict) {
  const char* p = raw.data();
  const char* const e = p + raw.size();
  // The run copy may write up to e - p bytes at o, which never passes o0 + raw.size():
  // o - o0 <= p - raw.data() (decoding only shrinks).
  out.resize(raw.size());
  char* const o0 = out.data();
  char* o = o0;
  const detail::run_copier& copier = detail::best_run_copier();
  unsigned raw_non_ascii = 0;    // not zero when a raw byte copied is not ASCII
  unsigned char notable_or = 0;  // notable[] of the decoded triplets
  std::size_t bare_cr = 0;       // CRs not (yet) followed by LF
  bool bare_lf = false;
  unsigned char u8 = u8dfa::accept;  // the UTF-8 DFA over the decoded bytes
  unsigned char u8_cut = 0;          // non-zero when a raw byte came inside a sequence
  for (;;) {
    // A raw byte ends any UTF-8 sequence in progress. The run is empty only at the start, where
    // no sequence is, and at the end, where one in progress is not UTF-8 anyway (after triplets
    // the loop below stops at the end or at a byte that is not '%', which starts a run).
    copier.copy(p, e, o, raw_non_ascii);
    u8_cut |= u8;
    if (p == e) break;
    // *p == '%': one or more triplets in a row ("%C3%A9", "%0D%0A").
    do {
      int hi = -1, lo = -1;
      if (e - p >= 3) {
        hi = hex_digit[static_cast<unsigned char>(p[1])];
        lo = hex_digit[static_cast<unsigned char>(p[2])];
      }
      if ((hi | lo) < 0) {
        if (strict) {
          out.clear();
          if (auto r = percent::check(raw, base); !r) return r.error();
          return fail(errc::internal_error, base);
        }
        // A raw '%': it ends any UTF-8 sequence in progress like every raw byte.
        if (facts.literal_percent == std::string_view::npos)
          facts.literal_percent = static_cast<std::size_t>(p - raw.data());
        u8_cut |= u8;
        *o++ = '%';
        ++p;
        continue;
      }
      const auto byte = static_cast<unsigned char>((hi << 4) | lo);
      u8 = u8dfa::next[u8 + u8dfa::byte_class[byte]];
      if (const unsigned char u = notable[byte]; u != 0) {
        notable_or |= u;
        if (byte == '\r') {
          ++bare_cr;
        } else if (byte == '\n') {
          if (o != o0 && o[-1] == '\r')
            --bare_cr;
          else
            bare_lf = true;
        }
      }
      *o++ = static_cast<char>(byte);
      p += 3;
    } while (p != e && *p == '%');
    if (p == e) break;
  }
  out.resize(static_cast<std::size_t>(o - o0));
  const bool raw_ascii = raw_non_ascii == 0;
  facts.utf8 = raw_ascii && u8 == u8dfa::accept && u8_cut == 0;
  facts.header_clean = raw_ascii && (notable_or & 1) == 0;
  facts.body_clean = raw_ascii && (notable_or & 2) == 0 && bare_cr == 0 && !bare_lf;
  facts.question = (notable_or & 4) != 0;
  return {};
}

}  // namespace mailtokit::detail
