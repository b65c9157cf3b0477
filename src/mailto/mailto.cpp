#include "mailtokit/mailto.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "header/address_detail.hpp"
#include "header/header_text.hpp"
#include "mailto/mailto_sink.hpp"
#include "mailto/uri_scan.hpp"
#include "mailto/warn.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/rfc2047.hpp"
#include "mailtokit/utf8.hpp"
#include "text/percent_run.hpp"
#include "text/scan.hpp"

namespace mailtokit {

namespace {

using detail::warn;

// A path that is one ASCII address to take as is: no pct-encoded (it may hide ',' or '"'), no
// quoted string, no "," between addresses, no white space around them, no non-ASCII (an IRI's
// UTF-8 is checked on the general path).
bool plain_path(std::string_view raw) noexcept {
  return detail::best_text_scanner().ascii_free_of(raw, {'%', '"', ',', ' '});
}

constexpr bool is_ascii_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

// True when raw[i] is the '%' of a valid triplet (a '%' that is not stands for itself).
bool triplet_at(std::string_view raw, std::size_t i) noexcept {
  return raw[i] == '%' && i + 2 < raw.size() && percent::hex_value(raw[i + 1]) >= 0 &&
         percent::hex_value(raw[i + 2]) >= 0;
}

// The offset in `raw` (percent-encoded) of the byte at `decoded_index` of its decoding.
std::size_t raw_offset(std::string_view raw, std::size_t decoded_index) noexcept {
  std::size_t r = 0;
  for (std::size_t d = 0; d < decoded_index && r < raw.size(); ++d) r += triplet_at(raw, r) ? 3u : 1u;
  return r < raw.size() ? r : raw.size();
}

// The byte that raw[i] (possibly a pct-encoded triplet) stands for, and its raw width. A '%'
// that does not start a valid triplet stands for itself (decoding reports it later).
char decoded_at(std::string_view raw, std::size_t i, std::size_t& width) noexcept {
  if (triplet_at(raw, i)) {
    width = 3;
    return static_cast<char>((percent::hex_value(raw[i + 1]) << 4) | percent::hex_value(raw[i + 2]));
  }
  width = 1;
  return raw[i];
}

// Input quoted in a warning message: at most 80 bytes cut at a character boundary, invalid
// UTF-8 as U+FFFD, controls as %XX, so messages are always valid UTF-8 text.
std::string quote_for_message(std::string_view s) {
  std::size_t n = std::min<std::size_t>(s.size(), 80);
  if (n < s.size())
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0u) == 0x80u) --n;
  std::string text;
  utf8::repair(s.substr(0, n), text);
  std::string out = "'";
  for (char c : text) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b == 0x7F) {
      out += "%";
      out += chars::hex_upper[b >> 4];
      out += chars::hex_upper[b & 0xF];
    } else {
      out += c;
    }
  }
  if (n < s.size()) out += "...";
  out += "'";
  return out;
}

// RFC 3986 section 2.1: HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F" (any case), as a
// table: the digit's value, or -1.
constexpr std::array<signed char, 256> hex_digit = [] {
  std::array<signed char, 256> t{};
  for (unsigned b = 0; b < 256; ++b) t[b] = static_cast<signed char>(percent::hex_value(static_cast<char>(b)));
  return t;
}();

// What decode_once() learned about the decoded text while writing it, so that later passes over
// it can be skipped: whether it is valid UTF-8, and whether clean_header_text() or
// clean_body_text() could change it. Raw (not pct-encoded) bytes of a value are never controls
// (the URI scan refuses them), so only decoded triplets and raw non-ASCII can need cleaning; the
// answers are conservative (true only when the cleaner would certainly change nothing).
struct decode_facts {
  bool utf8 = false;         // certainly valid UTF-8 (RFC 3629), known without utf8::validate()
  bool header_clean = true;  // no C0, DEL or lead byte C2/E2 (C1, NEL, U+2028/9) anywhere
  bool body_clean = true;    // the same but HTAB and CRLF pairs, and E2, are fine in a body
  // A '?' was decoded. A value never holds a raw '?' (after the first '?' of a URI, another raw
  // one is refused), so without a decoded one it holds no "=?" and so no encoded word.
  bool question = false;
  // Set by the slow paths only (the fast path never touches them): where the first '%' that
  // does not start a triplet is (relative to the raw text; read as a literal '%'), and whether
  // the value was not UTF-8 and was repaired or converted.
  std::size_t literal_percent = std::string_view::npos;
  bool repaired = false;
};

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

// RFC 3629 section 4 as a DFA over decoded bytes, for values whose raw bytes are ASCII: then
// only triplets can hold non-ASCII, and a raw byte must not fall inside a sequence. States are
// premultiplied by the number of byte classes; 0 is "between characters".
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

// RFC 3986 section 2.1: decode every pct-encoded triplet of `raw` exactly once into `out`
// (replacing its content). With `strict`, a '%' that does not start a triplet is
// percent::check()'s error at its URI offset; otherwise it is a literal '%' (as WHATWG URL
// parsers, Python and Thunderbird read it) and facts.literal_percent says where the first was.
// Runs between triplets are copied by the best run_copier (text/percent_run.hpp).
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

enum class value_kind { address, body, text };

// A path that is evidently an RFC 5322 address list rather than addr-specs: a ';' (Outlook's
// separator) or a '<' (an angle address after a display name), raw or pct-encoded, outside
// quoted strings and domain literals ("Doe, Jane" <jane@example.org>, a@x;b@y).
bool path_is_list(std::string_view raw) {
  std::string text;
  for (std::size_t i = 0, w = 1; i < raw.size(); i += w) text += decoded_at(raw, i, w);
  return detail::has_list_structure(text);
}

// Header field names RFC 6068 and the default policy know: a second '?' followed by one of them
// and '=' is the '&' the author meant (RFC 6068 section 6 shows this mistake).
bool known_hfield_at(std::string_view query, std::size_t i) noexcept {
  static constexpr std::string_view names[] = {"to",       "cc",          "bcc",       "subject", "body",
                                               "keywords", "in-reply-to", "references", "attach"};
  for (std::string_view n : names) {
    if (query.size() - i <= n.size() || query[i + n.size()] != '=') continue;
    bool same = true;
    for (std::size_t k = 0; k < n.size() && same; ++k) same = chars::lower(query[i + k]) == n[k];
    if (same) return true;
  }
  return false;
}

// The length of an HTML character reference to '&' without its '&' at text[i] ("amp;", "#38;",
// "#x26;", "#X026;"), or 0. HTML's numeric references allow leading zeros and either case of
// 'x' (WHATWG HTML section 13.2.5.80); the named one is case-sensitive.
std::size_t html_ampersand_at(std::string_view text, std::size_t i) noexcept {
  const std::string_view rest = text.substr(std::min(i, text.size()));
  if (rest.starts_with("amp;")) return 4;
  if (!rest.starts_with("#")) return 0;
  std::size_t k = 1;
  const bool hex = k < rest.size() && (rest[k] == 'x' || rest[k] == 'X');
  if (hex) ++k;
  while (k < rest.size() && rest[k] == '0') ++k;
  const std::string_view digits = hex ? "26;" : "38;";
  return rest.substr(k).starts_with(digits) ? k + digits.size() : 0;
}

struct parser {
  std::string_view uri;
  const parse_options& options;
  detail::mailto_sink& out;
  std::size_t recipients = 0;
  hfield f;  // the hfield being read; its buffers are reused when the sink leaves them
  const detail::uri_scanner& scan = detail::best_uri_scanner();  // finds the bytes to look at
  bool raw_question = false;  // the query holds a raw '?' read as a literal
  // The '#' of "&#38;" may be read as part of an '&' (false: it starts the fragment, as strict
  // reads it); set when one was.
  bool hash_as_ampersand = true;
  bool read_hash_as_ampersand = false;

  // The first '%' of `raw` that decode_once() read as a literal '%', disclosed.
  // `name` says where for people, `field` is the field concerned (empty in a field's name).
  void note_literal_percent(const decode_facts& facts, std::size_t base, std::string_view name,
                            std::string_view field) {
    if (facts.literal_percent == std::string_view::npos) return;
    warn(out.warnings, options.limits.max_warnings, warning_code::percent_literal, field,
         "a '%' in '" + std::string(name) +
             "' is not followed by two hex digits; it was read as a literal '%' (written %25 in a clean link)",
         base + facts.literal_percent);
  }

  // An address read from text that was not UTF-8 is marked invalid (its text has U+FFFD or was
  // converted from a legacy charset), so that the user looks at it before sending.
  void mark_repaired(address& a, std::size_t at, std::string_view field) {
    if (!a.valid) return;
    a.valid = false;
    a.domain_ascii.clear();
    warn(out.warnings, options.limits.max_warnings, warning_code::invalid_address, field,
         quote_for_message(a.original) + " was not valid UTF-8 and was repaired; it is kept so you can correct it", at);
  }

  // Percent-decode raw (at URI offset `base`) once into `value` and make it valid UTF-8.
  // RFC 6068 section 2 items 4-5: non-ASCII in an address "MUST first be encoded according to
  // UTF-8"; other values follow parse_options::on_invalid_utf8.
  // `facts` says what the cleaners could change (see decode_facts).
  result<void> decode_value(std::string_view raw, std::size_t base, value_kind kind, std::string& value,
                            std::string_view name, decode_facts& facts) {
    if (auto r = decode_once(raw, base, value, facts, options.strict); !r) return r;
    note_literal_percent(facts, base, name, name);
    // A raw '?' in the query (read as a literal, see run()) can start an encoded word.
    if (raw_question) facts.question = true;
    auto valid = facts.utf8 ? result<void>{} : utf8::validate(value);
    if (!valid) {
      // Repaired or converted: every later check as usual.
      facts = decode_facts{.utf8 = false, .header_clean = false, .body_clean = false, .question = true};
      facts.repaired = true;
      const std::size_t at = base + raw_offset(raw, valid.error().offset);
      if (options.on_invalid_utf8 == invalid_utf8::reject || (kind == value_kind::address && options.strict))
        return fail(errc::mailto_invalid_utf8, at);
      if (options.on_invalid_utf8 == invalid_utf8::legacy) {
        auto t = charset::to_utf8(value, options.legacy_charset);
        if (!t) {
          const auto& e = t.error();
          return fail(e.code, e.code == errc::charset_conversion ? base + raw_offset(raw, e.offset) : at);
        }
        value = std::move(*t);
        warn(out.warnings, options.limits.max_warnings, warning_code::legacy_charset_decoded, name,
             "the value of '" + std::string(name) + "' is not UTF-8 and was read as " + options.legacy_charset, at);
      } else {
        std::string fixed;
        utf8::repair(value, fixed);
        value.swap(fixed);
        warn(out.warnings, options.limits.max_warnings, warning_code::invalid_utf8_replaced, name,
             "the value of '" + std::string(name) +
                 "' is not valid UTF-8; the invalid bytes were replaced with U+FFFD",
             at);
      }
    }
    // RFC 6068 section 2: "MIME encoded words (as defined in [RFC2047]) are permitted in header
    // field values, but not in an <hfvalue> of a "body" <hfname>."
    if (kind == value_kind::text && facts.question && detail::has_encoded_word_start(value)) {
      facts.header_clean = false;  // the words may decode to anything
      std::size_t kept_as_text = 0;
      auto d = rfc2047::decode(value, options.limits.max_encoded_words, kept_as_text);
      if (!d || kept_as_text > 0) {
        if (!d && d.error().code == errc::too_many_encoded_words)
          return fail(errc::too_many_encoded_words, base + raw_offset(raw, d.error().offset));
        warn(out.warnings, options.limits.max_warnings, warning_code::encoded_word_undecodable, name,
             "the encoded words in the value of '" + std::string(name) + "' could not be decoded and were kept as text",
             base);
      }
      if (d && utf8::validate(*d)) {
        value = std::move(*d);
      } else if (d) {
        value.clear();
        utf8::repair(*d, value);
      }
    }
    return {};
  }

  // RFC 6068 section 2: to = addr-spec *("," addr-spec). Entries are split on "," (raw or
  // %2C) outside quoted strings ('"' raw or %22, with '\' quoting) and outside domain literals
  // (RFC 5322 section 3.4.1 domain-literal "[" ... "]", raw or %5B/%5D: "user@[192,0.2.1]" is one
  // address; found by the mailto fuzz target as a build/parse round-trip failure), then decoded once.
  result<void> parse_path(std::string_view raw, std::size_t base) {
    if (raw.empty()) return {};
    // Fast path: one address, nothing to split or unquote.
    if (plain_path(raw)) {
      if (++recipients > options.limits.max_recipients) return fail(errc::too_many_recipients, base);
      address& a = out.to.emplace_back();
      if (raw.size() > 15) out.buffer(a.original);  // longer than std::string's own room
      a.original.assign(raw);
      error why{};
      bool ok = true;
      detail::addr_spec_or_invalid_in_place(a, why, ok);
      if (!ok && !options.strict && path_is_list(raw)) {
        out.to.pop_back();
        --recipients;
        return parse_path_list(raw, base);
      }
      if (!ok)
        warn(out.warnings, options.limits.max_warnings, warning_code::invalid_address, "to",
             quote_for_message(out.to.back().original) + " is not a valid address (" +
                 std::string(to_string(why.code)) + "); it is kept so you can correct it",
             base + why.offset);
      return {};
    }
    if (!options.strict && path_is_list(raw)) return parse_path_list(raw, base);
    std::size_t start = 0;
    bool in_quote = false;
    bool in_literal = false;
    std::string text;
    for (std::size_t i = 0; i <= raw.size();) {
      std::size_t w = 1;
      const char c = i < raw.size() ? decoded_at(raw, i, w) : ',';
      if (i < raw.size() && in_quote) {
        if (c == '\\' && i + w < raw.size()) {
          std::size_t w2 = 1;
          (void)decoded_at(raw, i + w, w2);
          i += w + w2;
          continue;
        }
        if (c == '"') in_quote = false;
        i += w;
        continue;
      }
      if (i < raw.size() && c == '"' && !in_literal) in_quote = true;
      if (c == '[') in_literal = true;
      if (c == ']') in_literal = false;
      if (i == raw.size() || (c == ',' && !in_literal)) {
        const std::string_view entry = raw.substr(start, i - start);
        const std::size_t entry_base = base + start;
        decode_facts facts;
        if (auto r = decode_value(entry, entry_base, value_kind::address, text, "to", facts); !r) return r;
        std::size_t lead = 0;
        while (lead < text.size() && is_ascii_space(text[lead])) ++lead;
        std::size_t tail = text.size();
        while (tail > lead && is_ascii_space(text[tail - 1])) --tail;
        if (tail == lead) {
          warn(out.warnings, options.limits.max_warnings, warning_code::empty_address, "to", "an empty address in the 'to' part was skipped", entry_base);
        } else {
          if (++recipients > options.limits.max_recipients) return fail(errc::too_many_recipients, entry_base);
          error why{};
          bool ok = true;
          if (lead == 0 && tail == text.size())
            detail::addr_spec_or_invalid_into(out.to.emplace_back(), std::move(text), why, ok);
          else
            detail::addr_spec_or_invalid_into(out.to.emplace_back(), text.substr(lead, tail - lead), why, ok);
          if (!ok)
            warn(out.warnings, options.limits.max_warnings, warning_code::invalid_address, "to",
                 quote_for_message(out.to.back().original) + " is not a valid address (" +
                     std::string(to_string(why.code)) + "); it is kept so you can correct it",
                 entry_base + raw_offset(entry, lead + why.offset));
          else if (facts.repaired)
            mark_repaired(out.to.back(), entry_base, "to");
        }
        if (i == raw.size()) break;
        start = i + w;
      }
      i += w;
    }
    return {};
  }

  // The decoded address list `value` of field `name` (raw text `vraw` at URI offset `at`) into
  // `into`: RFC 5322 section 3.4 address-list, with the bounds and the warnings for what is not
  // a valid address.
  result<void> read_address_list(std::string& value, std::string_view vraw, std::size_t at, std::string_view name,
                                 const decode_facts& facts, std::vector<address>& into) {
    // The RFC 2047 bound applies to display names too.
    std::size_t words = 0;
    if (facts.question) {
      for (std::size_t p = value.find("=?"); p != value.npos; p = value.find("=?", p + 2))
        if (++words > options.limits.max_encoded_words)
          return fail(errc::too_many_encoded_words, at + raw_offset(vraw, p));
    }
    if (!facts.header_clean && detail::clean_header_text(value))
      warn(out.warnings, options.limits.max_warnings, warning_code::header_controls_removed, name,
           "line breaks or control characters in '" + std::string(name) + "' were removed", at);
    std::vector<detail::address_issue> issues;
    const std::size_t first = into.size();
    const std::size_t room = options.limits.max_recipients - recipients;
    if (auto r = detail::parse_address_list_into(value, into, issues, first + room); !r)
      return fail(errc::too_many_recipients, at);
    recipients += into.size() - first;
    for (const auto& issue : issues)
      warn(out.warnings, options.limits.max_warnings, warning_code::invalid_address, name,
           quote_for_message(into[issue.index].original) + " in '" + std::string(name) + "' is not a valid address (" +
               std::string(to_string(issue.err.code)) + "); it is kept so you can correct it",
           at);
    // Repaired text: U+FFFD marks a replaced byte; a legacy conversion may have changed any
    // non-ASCII character.
    if (facts.repaired)
      for (std::size_t k = first; k < into.size(); ++k) {
        const std::string& o = into[k].original;
        const bool touched = options.on_invalid_utf8 == invalid_utf8::legacy
                                 ? std::any_of(o.begin(), o.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })
                                 : o.find("\xEF\xBF\xBD") != o.npos;
        if (touched) mark_repaired(into[k], at, name);
      }
    return {};
  }

  // A path that holds an RFC 5322 address list (path_is_list): RFC 6068 section 2 allows only
  // addr-specs there, but what the link means is plain, so it is read as a 'to' field value is.
  result<void> parse_path_list(std::string_view raw, std::size_t base) {
    warn(out.warnings, options.limits.max_warnings, warning_code::path_address_list, "to",
         "the 'to' part holds display names or ';' between addresses (RFC 6068 allows only addresses "
         "separated by ','); it was read as an address list",
         base);
    std::string text;
    decode_facts facts;
    if (auto r = decode_value(raw, base, value_kind::address, text, "to", facts); !r) return r;
    return read_address_list(text, raw, base, "to", facts, out.to);
  }

  // RFC 6068 section 2: hfield = hfname "=" hfvalue.
  result<void> parse_hfield(std::string_view raw, std::size_t base) {
    std::size_t eq = detail::find_byte(raw, '=');
    if (eq == raw.npos) {
      if (options.strict) return fail(errc::mailto_bad_hfield, base);
      // "?subject&body=x", "?attach": the field with an empty value (the policy then applies).
      warn(out.warnings, options.limits.max_warnings, warning_code::hfield_without_value, "",
           "the header field " + quote_for_message(raw) + " has no '='; it was read with an empty value", base);
      eq = raw.size();
    }
    if (eq == 0) {
      if (options.strict) return fail(errc::mailto_bad_hname, base);
      // "&=orphan": a value without a name belongs to no field; dropping it keeps the rest of
      // the link, which refusing the link would lose.
      warn(out.warnings, options.limits.max_warnings, warning_code::hfield_without_name, "",
           "the header field " + quote_for_message(raw) + " has no name; it was dropped", base);
      return {};
    }
    f.addresses.clear();
    f.offset = base;
    f.value_offset = base + eq + (eq < raw.size() ? 1 : 0);
    // "<hfname> is case-insensitive": decoded once, then lower-cased ("%74%4F" is "to"). Most
    // names hold no triplet: then one loop copies, lower-cases and checks for ASCII.
    bool valid_utf8 = true;
    const std::string_view nraw = raw.substr(0, eq);
    f.name.resize(eq);
    unsigned char name_or = 0;
    std::size_t k = 0;
    {
      char* const to = f.name.data();
      const char* const from = nraw.data();
      for (; k < eq; ++k) {
        const char c = from[k];
        if (c == '%') break;
        name_or |= static_cast<unsigned char>(c);
        to[k] = chars::lower(c);
      }
    }
    if (k < eq) {
      decode_facts facts;
      if (auto r = decode_once(nraw, base, f.name, facts, options.strict); !r) return r;
      note_literal_percent(facts, base, "the name of a header field", "");
      for (char& c : f.name) c = chars::lower(c);
      valid_utf8 = facts.utf8;
    } else {
      valid_utf8 = name_or < 0x80;  // ASCII
    }
    // A name is never a field name unless it is ASCII (RFC 5322 section 3.6.8); it is made valid
    // UTF-8 so that a draft's dropped fields hold text like everything else in it.
    if (!valid_utf8 && !utf8::validate(f.name)) {
      std::string fixed;
      utf8::repair(f.name, fixed);
      f.name.swap(fixed);
    }
    const std::string_view vraw = eq < raw.size() ? raw.substr(eq + 1) : std::string_view();
    value_kind kind = value_kind::text;
    if (detail::is(f.name, "to") || detail::is(f.name, "cc") || detail::is(f.name, "bcc"))
      kind = value_kind::address;
    else if (detail::is(f.name, "body"))
      kind = value_kind::body;
    if (f.value.capacity() < vraw.size()) out.buffer(f.value);
    decode_facts facts;
    if (auto r = decode_value(vraw, f.value_offset, kind, f.value, f.name, facts); !r) return r;
    out.value_clean = kind == value_kind::body ? facts.body_clean : facts.header_clean;
    if (kind == value_kind::address)
      if (auto r = read_address_list(f.value, vraw, f.value_offset, f.name, facts, f.addresses); !r) return r;
    out.field(f);
    return {};
  }

  result<void> run() {
    // "leading and trailing ASCII whitespace is trimmed"
    std::size_t b = 0, e = uri.size();
    while (b < e && is_ascii_space(uri[b])) ++b;
    while (e > b && is_ascii_space(uri[e - 1])) --e;
    if (b == e) return fail(errc::empty_input, 0);
    if (e - b > options.limits.max_input) return fail(errc::input_too_long, b + options.limits.max_input);
    // RFC 3986 section 3.1: "schemes are case-insensitive".
    static constexpr std::string_view scheme = "mailto:";
    if (e - b < scheme.size()) return fail(errc::not_mailto, b);
    // Usually one 8-byte compare (not in the scalar build): the six letters lower-cased (c | 0x20 is a lower-case letter
    // only for that letter in either case), the ':' as is; else byte by byte for the offset.
    bool scheme_ok = false;
#if defined(MAILTOKIT_SWAR)
    if (uri.size() - b >= 8) {
      std::uint64_t w, want, letters, seven;  // byte arrays, so any byte order works
      std::memcpy(&w, uri.data() + b, 8);
      std::memcpy(&want, "mailto:\0", 8);
      std::memcpy(&letters, "\x20\x20\x20\x20\x20\x20\0\0", 8);
      std::memcpy(&seven, "\xFF\xFF\xFF\xFF\xFF\xFF\xFF\0", 8);
      scheme_ok = ((w | letters) & seven) == want;
    }
#endif
    if (!scheme_ok)
      for (std::size_t i = 0; i < scheme.size(); ++i)
        if (chars::lower(uri[b + i]) != scheme[i]) return fail(errc::not_mailto, b + i);
    std::size_t p = b + scheme.size();
    // "mailto://a@example.org": the "//" of a hierarchical URI has no meaning in a mailto URI.
    if (!options.strict && e - p >= 2 && uri[p] == '/' && uri[p + 1] == '/') {
      warn(out.warnings, options.limits.max_warnings, warning_code::slashes_ignored, "", "the '//' after 'mailto:' means nothing in a mailto URI and was ignored", p);
      p += 2;
    }
    // One pass over the bytes after the scheme, up to the fragment. RFC 3986 section 2: a URI
    // holds no control characters. Other characters RFC 6068 wants percent-encoded are taken as
    // themselves, with a warning; non-ASCII is an IRI's UTF-8. The pass also finds the '?'s and
    // the '#', and counts the '&'s.
    std::size_t raw_at = uri.npos, q = uri.npos, q2 = uri.npos, hash = uri.npos, amps = 0;
    std::array<std::size_t, 16> amp_at;  // where the first '&'s are (only amp_at[0..amps) are read)
    const auto* bytes = reinterpret_cast<const unsigned char*>(uri.data());
    // The byte at i, not class 0: false ends the pass (a '#').
    const auto visit = [&](std::size_t i) -> result<bool> {
      switch (detail::scan_class[bytes[i]]) {
        case 1: return fail(errc::mailto_bad_char, i);
        case 2:
          if (raw_at == uri.npos) raw_at = i;
          break;
        case 3:
          if (amps < amp_at.size()) amp_at[amps] = i;
          ++amps;
          break;
        case 4:
          if (q == uri.npos)
            q = i;
          else if (q2 == uri.npos)
            q2 = i;
          break;
        case 5:
          // "&#38;" / "&#x26;" between fields (below): the '#' of an HTML reference to '&',
          // not a fragment, where the default reading reads it as '&'.
          if (!options.strict && hash_as_ampersand && q != uri.npos && bytes[i - 1] == '&') {
            const std::size_t n = html_ampersand_at(uri.substr(0, e), i);
            if (n != 0 && !(i + n < e && uri[i + n] == '=')) {
              read_hash_as_ampersand = true;
              break;
            }
          }
          hash = i;
          return false;
        default:
          break;
      }
      return true;
    };
    std::size_t i = p;
    const auto block_mask = [this](const unsigned char* at) { return scan.block_mask(at); };
    for (; e - i >= 16 && hash == uri.npos; i += 16) {
      for (unsigned m = block_mask(bytes + i); m != 0; m &= m - 1) {
        auto r = visit(i + static_cast<std::size_t>(__builtin_ctz(m)));
        if (!r) return r.error();
        if (!*r) break;
      }
    }
    // The last bytes: one more 16-byte load ending at e, with the lanes already visited masked off.
    if (i < e && hash == uri.npos && e - p >= 16) {
      const std::size_t from = e - 16;
      for (unsigned m = block_mask(bytes + from) & (0xFFFFu << (i - from)); m != 0; m &= m - 1) {
        auto r = visit(from + static_cast<std::size_t>(__builtin_ctz(m)));
        if (!r) return r.error();
        if (!*r) break;
      }
      i = e;
    }
    for (; i < e && hash == uri.npos; ++i) {
      if (detail::scan_class[bytes[i]] == 0) continue;
      auto r = visit(i);
      if (!r) return r.error();
    }
    // RFC 6068 section 2: fragment identifiers "SHOULD be ignored upon resolution".
    if (hash != uri.npos) {
      if (hash + 1 < e)
        warn(out.warnings, options.limits.max_warnings, warning_code::fragment_ignored, "", "the fragment " + quote_for_message(uri.substr(hash, e - hash)) +
                                                   " means nothing in a mailto URI and was ignored",
             hash);
      e = hash;
    }
    if (raw_at != uri.npos)
      warn(out.warnings, options.limits.max_warnings, warning_code::raw_character, "",
           std::string("the character '") + uri[raw_at] + "' should be percent-encoded; it was taken as itself",
           raw_at);
    const std::size_t path_end = q == uri.npos ? e : q;
    if (auto r = parse_path(uri.substr(p, path_end - p), p); !r) return r;
    if (path_end == e) return {};
    // RFC 6068 section 2: hfields = "?" hfield *( "&" hfield ); a second raw '?' is wrong.
    const std::size_t hb = path_end + 1;
    std::vector<std::size_t> promoted;  // '?'s read as '&' (rare: only links with a second '?')
    if (q2 != uri.npos) {
      if (options.strict) return fail(errc::mailto_second_question, q2);
      bool literal = false;
      for (std::size_t k = q2; k < e; k = detail::find_byte(uri.substr(0, e), '?', k + 1)) {
        if (known_hfield_at(uri.substr(0, e), k + 1)) {
          promoted.push_back(k);
          warn(out.warnings, options.limits.max_warnings, warning_code::question_as_ampersand, "",
               "a second '?' followed by a header field name was read as the '&' it stands for", k);
        } else if (!literal) {
          literal = true;
          raw_question = true;
          warn(out.warnings, options.limits.max_warnings, warning_code::question_literal, "",
               "a second '?' that does not start a header field was read as a literal '?' (written %3F in a clean link)", k);
        }
      }
    }
    std::size_t next_promoted = 0;
    bool warned_amp = false;
    std::size_t count = 0;
    bool warned_empty = false;
    out.expect(std::min<std::size_t>(options.limits.max_hfields, amps + 1));
    const std::size_t recorded = std::min(amps, amp_at.size());
    std::size_t next = 0;  // the first recorded '&' not yet passed
    for (std::size_t s = hb; s <= e;) {
      while (next < recorded && amp_at[next] < s) ++next;
      std::size_t amp = e;
      if (next < recorded)
        amp = amp_at[next];
      else if (amps > recorded)
        amp = std::min(e, detail::find_byte(uri.substr(0, e), '&', s));
      if (!promoted.empty()) {
        while (next_promoted < promoted.size() && promoted[next_promoted] < s) ++next_promoted;
        if (next_promoted < promoted.size()) amp = std::min(amp, promoted[next_promoted]);
      }
      if (amp == s) {
        if (!warned_empty) {
          warned_empty = true;
          warn(out.warnings, options.limits.max_warnings, warning_code::empty_hfield, "", "an empty header field ('&&', or '&' or '?' at an end) was skipped", s);
        }
      } else {
        if (++count > options.limits.max_hfields) return fail(errc::too_many_hfields, s);
        if (auto r = parse_hfield(uri.substr(s, amp - s), s); !r) return r;
      }
      s = amp + 1;
      // "&amp;", "&#38;" or "&#x26;" copied from HTML source means '&' (Evolution reads "&amp;"
      // so too; mailing-list archives write "&#38;"), unless an '=' follows: that reading would
      // leave a field without a name, so nothing evident is gained and the field named "amp;"
      // is dropped as strict drops it.
      if (!options.strict && amp < e && uri[amp] == '&') {
        if (const std::size_t n = html_ampersand_at(uri.substr(0, e), s);
            n != 0 && !(s + n < e && uri[s + n] == '=')) {
          if (!warned_amp) {
            warned_amp = true;
            warn(out.warnings, options.limits.max_warnings, warning_code::html_ampersand, "",
                 "'" + std::string(uri.substr(amp, n + 1)) + "' (HTML source) was read as '&'", amp);
          }
          s += n;
        }
      }
    }
    return {};
  }
};

}  // namespace

namespace detail {

namespace {

// The default reading, and the strict one's reading of a '#' when that repair meets an error in
// what strict ignores as the fragment ("a repair must never refuse what strict reads"): the link
// is then read again with the '#' as the fragment (fragment_ignored says what was left out).
result<void> run_parser(std::string_view uri, const parse_options& options, mailto_sink& sink,
                        const uri_scanner& scan) {
  parser p{uri, options, sink, 0, {}, scan};
  auto r = p.run();
  if (r || !p.read_hash_as_ampersand) return r;
  // invalid_utf8::reject refuses what the replacing reading reads with a replacement: when that
  // reading of the repair succeeds, its value is not UTF-8 and the link is refused here too.
  if (options.on_invalid_utf8 == invalid_utf8::reject && r.error().code == errc::mailto_invalid_utf8) {
    parse_options replacing = options;
    replacing.on_invalid_utf8 = invalid_utf8::replace;
    sink.reset();
    parser t{uri, replacing, sink, 0, {}, scan};
    const bool read = t.run().has_value();
    sink.reset();
    if (read) return r;
  }
  sink.reset();
  parser again{uri, options, sink, 0, {}, scan};
  again.hash_as_ampersand = false;
  return again.run();
}

}  // namespace

result<void> parse_mailto_into(std::string_view uri, const parse_options& options, mailto_sink& sink) {
  return run_parser(uri, options, sink, best_uri_scanner());
}

result<void> parse_mailto_into(std::string_view uri, const parse_options& options, mailto_sink& sink,
                               const uri_scanner& scan) {
  return run_parser(uri, options, sink, scan);
}

}  // namespace detail

namespace {

// parse_mailto()'s sink: every hfield, in URI order.
class collect_all final : public detail::mailto_sink {
 public:
  explicit collect_all(mailto_uri& out) noexcept : mailto_sink(out.to, out.warnings), out_(out) {}
  void expect(std::size_t hfields) override { out_.hfields.reserve(hfields); }
  void field(hfield& f) override { out_.hfields.push_back(std::move(f)); }
  void reset() override { out_ = mailto_uri{}; }

 private:
  mailto_uri& out_;
};

}  // namespace

result<mailto_uri> parse_mailto(std::string_view uri, const parse_options& options) {
  try {
    mailto_uri out;
    collect_all sink(out);
    if (auto r = detail::parse_mailto_into(uri, options, sink); !r) return r.error();
    return out;
  } catch (const std::bad_alloc&) {
    return fail(errc::no_memory, 0);
  }
}

}  // namespace mailtokit
