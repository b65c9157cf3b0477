#include "mailtokit/rfc2047.hpp"

#include <array>
#include <cstddef>
#include <limits>

#include "header/rfc2047_word.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/transfer.hpp"
#include "mailtokit/utf8.hpp"
#include "text/no_memory.hpp"

namespace mailtokit::rfc2047 {
namespace {

// RFC 2047 section 5 (1) / RFC 822 linear-white-space = 1*([CRLF] LWSP-char): its bytes are
// chars::fws.

struct parsed_word {
  std::string_view charset;  // without an RFC 2231 "*language" suffix
  char encoding = 0;         // 'Q' or 'B'
  std::string_view text;
  std::size_t end = 0;       // one past the closing "?="
};

// RFC 2047 section 2: encoded-word = "=?" charset "?" encoding "?" encoded-text "?="
// RFC 2231 section 5: charset may carry "*" language ("=?US-ASCII*EN?Q?Keith_Moore?=").
// Every scan stops at a byte the next part cannot hold, so trying every "=?" is linear overall.
bool parse_word(std::string_view s, std::size_t i, parsed_word& w) noexcept {
  const std::size_t n = s.size();
  std::size_t j = i + 2;
  while (j < n && chars::ew_token(s[j])) ++j;
  if (j == i + 2 || j >= n || s[j] != '?') return false;
  std::string_view cs = s.substr(i + 2, j - i - 2);
  if (const auto star = cs.find('*'); star != std::string_view::npos) {
    cs = cs.substr(0, star);
    if (cs.empty()) return false;
  }
  if (j + 2 >= n || s[j + 2] != '?') return false;
  const char e = s[j + 1];
  if (e != 'Q' && e != 'q' && e != 'B' && e != 'b') return false;
  std::size_t k = j + 3;
  while (k < n && chars::ew_encoded_text(s[k])) ++k;
  if (k == j + 3 || k + 1 >= n || s[k] != '?' || s[k + 1] != '=') return false;
  w.charset = cs;
  w.encoding = (e == 'Q' || e == 'q') ? 'Q' : 'B';
  w.text = s.substr(j + 3, k - j - 3);
  w.end = k + 2;
  return true;
}

// RFC 2047 section 4.2: "_" is SPACE (20 hex), "=" followed by two hexadecimal digits is that
// octet, other printable characters stand for themselves. Lower-case hex is accepted.
bool q_decode_append(std::string_view text, std::string& out) {
  // Runs of bytes other than '_' and '=' (most of a word) are appended whole, not byte by byte.
  std::size_t run = 0;  // text[run, i) is still to be appended as it is
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c != '_' && c != '=') continue;
    out.append(text.data() + run, i - run);
    run = i + 1;
    if (c == '_') {
      out += ' ';
      continue;
    }
    if (i + 2 >= text.size()) return false;
    const int hi = percent::hex_value(text[i + 1]);
    const int lo = percent::hex_value(text[i + 2]);
    if (hi < 0 || lo < 0) return false;
    out += static_cast<char>(hi * 16 + lo);
    i += 2;
    run = i + 1;
  }
  out.append(text.data() + run, text.size() - run);
  return true;
}

bool is_utf8_name(std::string_view cs) noexcept {
  return chars::iequals(cs, "utf-8") || chars::iequals(cs, "utf8");
}
bool is_ascii_name(std::string_view cs) noexcept {
  return chars::iequals(cs, "us-ascii") || chars::iequals(cs, "ascii");
}
bool is_latin1_name(std::string_view cs) noexcept {
  return chars::iequals(cs, "iso-8859-1") || chars::iequals(cs, "iso8859-1") || chars::iequals(cs, "latin1");
}

// Octets in `cs` to UTF-8, appended to `out`. False when the charset is unknown or the octets
// are not valid in it. UTF-8, US-ASCII and ISO-8859-1 need no ICU; others go through
// charset::to_utf8 (ICU, NFC).
bool to_utf8_append(std::string_view bytes, std::string_view cs, std::string& out) {
  if (is_utf8_name(cs)) {
    if (!utf8::validate(bytes)) return false;
    out += bytes;
    return true;
  }
  if (is_ascii_name(cs)) {
    if (!utf8::is_ascii(bytes)) return false;
    out += bytes;
    return true;
  }
  if (is_latin1_name(cs)) {
    // ISO-8859-1 octets are the code points U+0000..U+00FF.
    for (char c : bytes) utf8::append(out, static_cast<char32_t>(static_cast<unsigned char>(c)));
    return true;
  }
  if (chars::iequals(cs, "windows-1252")) {
    // What ICU's windows-1252 converter gives (0x81, 0x8D, 0x8F, 0x90 and 0x9D to the C1
    // controls of the same value, none refused), without opening a converter per run; NFC
    // leaves any sequence of these characters as it is (none combines). The unit test
    // "windows-1252 words decode as ICU converts them" checks every octet against ICU.
    static constexpr char16_t c1[32] = {0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
                                        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
                                        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};
    for (char c : bytes) {
      const auto b = static_cast<unsigned char>(c);
      utf8::append(out,
                   b >= 0x80 && b < 0xA0 ? static_cast<char32_t>(c1[b - 0x80]) : static_cast<char32_t>(b));
    }
    return true;
  }
  auto r = charset::to_utf8(bytes, cs);
  if (!r) detail::rethrow_no_memory(r.error());
  if (!r) return false;
  out += *r;
  return true;
}

// A run of encoded words separated only by linear-white-space, with the same charset: their
// octets are converted together, so a character split over two words (which section 5 forbids
// but mailers produce) still decodes.
struct run {
  bool active = false;
  std::string_view charset;
  std::string octets;
  std::size_t begin = 0;  // the run's span in the input, for keeping it as text on failure
  std::size_t end = 0;
  std::string_view lead_gap;  // white space dropped between the previous run and this one
  bool last_ok = true;        // the previous run decoded
};

// Appends the run to `out`; false when it was kept as text (unknown charset, invalid octets).
bool flush(std::string_view s, run& r, std::string& out) {
  if (!r.active) return true;
  const std::size_t mark = out.size();
  const bool ok = to_utf8_append(r.octets, r.charset, out);
  if (!ok) {
    // Unknown charset or octets invalid in it: the words are kept as the text they were.
    out.resize(mark);
    out += s.substr(r.begin, r.end - r.begin);
  }
  // White space next to a word kept as text is text (section 6.2 drops it only between two
  // encoded words).
  if (!r.lead_gap.empty() && (!ok || !r.last_ok)) out.insert(mark, r.lead_gap);
  r.last_ok = ok;
  r.active = false;
  r.octets.clear();
  return ok;
}

}  // namespace

result<std::string> decode(std::string_view value) {
  return decode(value, std::numeric_limits<std::size_t>::max());
}

result<std::string> decode(std::string_view value, std::size_t max_words) {
  std::size_t kept_as_text = 0;
  return decode(value, max_words, kept_as_text);
}

result<std::string> decode(std::string_view value, std::size_t max_words, std::size_t& kept_as_text) {
  kept_as_text = 0;
  if (auto v = utf8::validate(value); !v) return v.error();
  std::string out;
  if (value.find("=?") == std::string_view::npos) {
    out.assign(value);
    return out;
  }
  out.reserve(value.size());
  const std::size_t n = value.size();
  std::size_t text_start = 0;  // literal text not yet copied to `out`
  std::size_t words = 0;
  run r;
  std::string payload;
  std::size_t i = 0;
  while (i + 1 < n) {
    if (value[i] != '=' || value[i + 1] != '?') {
      ++i;
      continue;
    }
    // RFC 2047 section 5 (1): an encoded-word in unstructured text "MUST be separated from any
    // adjacent 'encoded-word' or 'text' by 'linear-white-space'". We also accept two encoded
    // words that touch (a common mailer bug), but never one glued to ordinary text.
    // Parentheses delimit too, so the comment examples of section 8 decode as shown there.
    const bool starts_ok =
        i == 0 || chars::fws(value[i - 1]) || value[i - 1] == '(' || (r.active && r.end == i);
    parsed_word w;
    if (!starts_ok || !parse_word(value, i, w) ||
        !(w.end == n || chars::fws(value[w.end]) || value[w.end] == ')' || value.substr(w.end, 2) == "=?")) {
      ++i;
      continue;
    }
    payload.clear();
    const bool ok = w.encoding == 'Q'
                        ? q_decode_append(w.text, payload)
                        : static_cast<bool>(transfer::base64_decode_append(w.text, payload, /*require_padding=*/false));
    if (!ok) {
      ++i;  // malformed: kept as text
      continue;
    }
    if (++words > max_words) return fail(errc::too_many_encoded_words, i);
    const std::string_view gap = value.substr(text_start, i - text_start);
    bool gap_is_lwsp = true;
    for (char c : gap) gap_is_lwsp = gap_is_lwsp && chars::fws(c);
    if (r.active && gap_is_lwsp) {
      // RFC 2047 section 6.2: "any 'linear-white-space' that separates a pair of adjacent
      // 'encoded-word's is ignored."
      if (!chars::iequals(r.charset, w.charset)) {
        if (!flush(value, r, out)) ++kept_as_text;
        r.begin = i;
        r.lead_gap = gap;
      }
    } else {
      if (!flush(value, r, out)) ++kept_as_text;
      out += gap;
      r.begin = i;
      r.lead_gap = {};
    }
    r.active = true;
    r.charset = w.charset;
    r.octets += payload;
    r.end = w.end;
    i = text_start = w.end;
  }
  if (!flush(value, r, out)) ++kept_as_text;
  out += value.substr(text_start);
  return out;
}

namespace {

// RFC 2047 section 5 (3): in a phrase only letters, digits, "!", "*", "+", "-", "/" may stand
// for themselves (and "=" and "_" are the encoding's own); this set is safe in all contexts.
constexpr chars::char_class kQLiteral = chars::ew_phrase_q.without("=_");

constexpr std::size_t q_cost(unsigned char c) noexcept { return (kQLiteral(c) || c == ' ') ? 1 : 3; }

// The length of the UTF-8 sequence that starts with `c` (1 for a stray byte).
constexpr std::size_t seq_len(unsigned char c) noexcept {
  return c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

}  // namespace

std::size_t encoded_length(std::string_view utf8, encoding e) noexcept {
  if (e == encoding::b) return (utf8.size() + 2) / 3 * 4;
  std::size_t n = 0;
  for (char c : utf8) n += q_cost(static_cast<unsigned char>(c));
  return n;
}

namespace {

// The character boundaries of the longest prefix of `utf8` whose encoded-text fits `budget`:
// b[0] = 0 < b[1] < ... < b[count-1]. At most budget+1 of them (each character costs >= 1).
struct boundaries {
  std::array<std::size_t, 80> at{};
  std::size_t count = 0;
  [[nodiscard]] std::size_t last() const noexcept { return at[count - 1]; }
};

boundaries fit(std::string_view utf8, encoding e, std::size_t budget) noexcept {
  boundaries b;
  b.at[b.count++] = 0;
  std::size_t used = 0;
  std::size_t cost = 0;
  while (used < utf8.size() && b.count < b.at.size()) {
    std::size_t len = seq_len(static_cast<unsigned char>(utf8[used]));
    if (len > utf8.size() - used) len = utf8.size() - used;
    std::size_t next;
    if (e == encoding::b) {
      next = (used + len + 2) / 3 * 4;
    } else {
      next = cost;
      for (std::size_t k = 0; k < len; ++k) next += q_cost(static_cast<unsigned char>(utf8[used + k]));
    }
    // At least one character, whatever the budget.
    if (next > budget && used > 0) break;
    cost = next;
    used += len;
    b.at[b.count++] = used;
  }
  return b;
}

// The last boundary after a space in the second half of the word, or 0.
std::size_t after_space(const boundaries& b, std::string_view utf8, std::size_t limit, bool want_mod3) noexcept {
  for (std::size_t i = b.count; i-- > 1;) {
    const std::size_t p = b.at[i];
    if (p > limit) continue;
    if (p * 2 < limit) break;
    if (utf8[p - 1] == ' ' && (!want_mod3 || p % 3 == 0)) return p;
  }
  return 0;
}

}  // namespace

std::size_t append_word(std::string& out, std::string_view utf8, encoding e, std::size_t max_len) {
  return detail::append_word(out, utf8, e, max_len, false);
}

}  // namespace mailtokit::rfc2047

namespace mailtokit::detail {

std::size_t append_word(std::string& out, std::string_view utf8, rfc2047::encoding e, std::size_t max_len,
                        bool break_after_space) {
  using rfc2047::encoding;
  if (utf8.empty()) return 0;
  max_len = max_len < 24 ? 24 : max_len > 75 ? 75 : max_len;
  // "=?" charset "?" encoding "?" encoded-text "?="
  const std::size_t budget = max_len - 12;
  // RFC 2047 section 5: "Each 'encoded-word' MUST represent an integral number of characters. A
  // multi-octet character may not be split across adjacent 'encoded-word's."
  rfc2047::boundaries b = rfc2047::fit(utf8, e, budget);
  std::size_t used = b.last();
  if (used < utf8.size()) {
    if (e == encoding::b) {
      // GMime 3.2 decodes adjacent B words of one charset as one base64 stream and loses what
      // follows a "=" pad: a B word that is not the last holds a multiple of 3 octets.
      std::size_t pick = break_after_space ? rfc2047::after_space(b, utf8, used, true) : 0;
      for (std::size_t i = b.count; pick == 0 && i-- > 1;)
        if (b.at[i] % 3 == 0) pick = b.at[i];
      if (pick == 0) {
        // No such boundary (e.g. "a" then 3-octet characters): this word goes in Q.
        e = encoding::q;
        b = rfc2047::fit(utf8, e, budget);
        used = b.last();
      } else {
        used = pick;
      }
    }
    if (e == encoding::q && used < utf8.size() && break_after_space) {
      // CPython before gh-128110 keeps the white space between two encoded words of a display
      // name; ending the word after a space limits that to a doubled space.
      if (const std::size_t p = rfc2047::after_space(b, utf8, used, false); p != 0) used = p;
    }
  }
  const std::string_view part = utf8.substr(0, used);
  out += e == encoding::b ? "=?utf-8?B?" : "=?utf-8?Q?";
  if (e == encoding::b) {
    transfer::base64_append(part, out);
  } else {
    // RFC 2047 section 4.2: (2) SPACE may be represented as "_"; (1) any octet as "=" and two
    // hexadecimal digits (uppercase, as section 4.2 asks).
    for (char ch : part) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == ' ') {
        out += '_';
      } else if (rfc2047::kQLiteral(c)) {
        out += ch;
      } else {
        out += '=';
        out += chars::hex_upper[c >> 4];
        out += chars::hex_upper[c & 15];
      }
    }
  }
  out += "?=";
  return used;
}

}  // namespace mailtokit::detail
