#include "mailtokit/mailto.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "address_detail.hpp"
#include "header_text.hpp"
#include "mailto_sink.hpp"
#include "scan.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/encoded_word.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/utf8.hpp"

namespace mailtokit {

namespace {

// Raw ASCII a mailto URI may hold without a warning: RFC 6068 section 2 qchar (without
// pct-encoded), the '%' of pct-encoded, the delimiters "?", "&" and "=", and "/" (RFC 3986
// section 3.4 allows it in a query; it is common raw in bodies that hold links).
constexpr chars::char_class quiet_raw = chars::qchar | chars::of("%?&=/");

// One table for the scan of a URI's bytes after the scheme: 0 nothing to do (quiet_raw and
// non-ASCII), 1 a control character (refused), 2 ASCII that should have been percent-encoded
// (a warning), 3 an '&' (counted, to size the hfield list), 4 a '?' (the first ends the path, a
// second is an error), 5 the '#' that starts the fragment (the scan stops there).
constexpr std::array<unsigned char, 256> scan_class = [] {
  std::array<unsigned char, 256> t{};
  for (unsigned b = 0; b < 0x80; ++b) {
    const auto c = static_cast<unsigned char>(b);
    t[b] = chars::ctl(c) ? 1 : c == '&' ? 3 : c == '?' ? 4 : c == '#' ? 5 : !quiet_raw(c) ? 2 : 0;
  }
  return t;
}();

#if defined(__SSE2__)
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

// What makes the path more than one address to decode as is: pct-encoded (it may hide ',' or
// '"'), a quoted string, the "," between addresses, and white space around them.
constexpr chars::char_class path_special = chars::of("%\", ");

constexpr bool is_ascii_space(char c) noexcept {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

constexpr char lower(char c) noexcept { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

void warn(std::vector<warning>& w, std::string_view code, std::string message, std::size_t offset) {
  w.push_back(warning{std::string(code), std::move(message), offset});
}

// The offset in `raw` (percent-encoded) of the byte at `decoded_index` of its decoding.
std::size_t raw_offset(std::string_view raw, std::size_t decoded_index) noexcept {
  std::size_t r = 0;
  for (std::size_t d = 0; d < decoded_index && r < raw.size(); ++d) r += raw[r] == '%' ? 3u : 1u;
  return r < raw.size() ? r : raw.size();
}

// The byte that raw[i] (possibly a pct-encoded triplet) stands for, and its raw width. A '%'
// that does not start a valid triplet stands for itself (decoding reports it later).
char decoded_at(std::string_view raw, std::size_t i, std::size_t& width) noexcept {
  if (raw[i] == '%' && i + 2 < raw.size() && percent::hex_value(raw[i + 1]) >= 0 && percent::hex_value(raw[i + 2]) >= 0) {
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
      static constexpr char hex[] = "0123456789ABCDEF";
      out += "%";
      out += hex[b >> 4];
      out += hex[b & 0xF];
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

// True when the `n` bytes at `p` are all ASCII (eight at a time).
bool all_ascii(const char* p, std::size_t n) noexcept {
  std::uint64_t acc = 0;
  std::size_t i = 0;
  for (; n - i >= 8; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    acc |= w;
  }
  for (; i < n; ++i) acc |= static_cast<unsigned char>(p[i]);
  return (acc & 0x8080808080808080ull) == 0;
}

// RFC 3986 section 2.1: decode every pct-encoded triplet of `raw` exactly once into `out`
// (replacing its content). Errors are percent::check()'s, at URI offsets. `ascii` tells whether
// the decoded text is all ASCII (then it is valid UTF-8 and needs no utf8::validate()).
result<void> decode_once(std::string_view raw, std::size_t base, std::string& out, bool& ascii) {
  const char* p = raw.data();
  const char* e = p + raw.size();
  const char* first = detail::find_byte(p, e, '%');
  if (first == e) {
    out.assign(raw);
    ascii = all_ascii(raw.data(), raw.size());
    return {};
  }
  out.resize(raw.size());
  char* o = out.data();
  const auto before = static_cast<std::size_t>(first - p);
  unsigned char high = all_ascii(p, before) ? 0 : 0x80;  // the OR of the decoded bytes' high bits
  std::memcpy(o, p, before);
  o += before;
  p = first;
  while (p != e) {
    const char c = *p;
    if (c != '%') {
      high |= static_cast<unsigned char>(c);
      *o++ = c;
      ++p;
      continue;
    }
    const int hi = e - p >= 3 ? hex_digit[static_cast<unsigned char>(p[1])] : -1;
    const int lo = e - p >= 3 ? hex_digit[static_cast<unsigned char>(p[2])] : -1;
    if ((hi | lo) < 0) {
      out.clear();
      if (auto r = percent::check(raw, base); !r) return r.error();
      return fail(errc::internal_error, base);
    }
    const auto byte = static_cast<unsigned char>((hi << 4) | lo);
    high |= byte;
    *o++ = static_cast<char>(byte);
    p += 3;
  }
  out.resize(static_cast<std::size_t>(o - out.data()));
  ascii = high < 0x80;
  return {};
}

enum class value_kind { address, body, text };

struct parser {
  std::string_view uri;
  const parse_options& options;
  detail::mailto_sink& out;
  std::size_t recipients = 0;
  hfield f;  // the hfield being read; its buffers are reused when the sink leaves them

  // Percent-decode raw (at URI offset `base`) once into `value` and make it valid UTF-8.
  // RFC 6068 section 2 items 4-5: non-ASCII in an address "MUST first be encoded according to
  // UTF-8"; other values follow parse_options::on_invalid_utf8.
  result<void> decode_value(std::string_view raw, std::size_t base, value_kind kind, std::string& value,
                            std::string_view name) {
    bool ascii = false;
    if (auto r = decode_once(raw, base, value, ascii); !r) return r;
    auto valid = ascii ? result<void>{} : utf8::validate(value);
    if (!valid) {
      const std::size_t at = base + raw_offset(raw, valid.error().offset);
      if (kind == value_kind::address || options.on_invalid_utf8 == invalid_utf8::reject)
        return fail(errc::mailto_invalid_utf8, at);
      if (options.on_invalid_utf8 == invalid_utf8::legacy) {
        auto t = charset::to_utf8(value, options.legacy_charset);
        if (!t) {
          const auto& e = t.error();
          return fail(e.code, e.code == errc::charset_conversion ? base + raw_offset(raw, e.offset) : at);
        }
        value = std::move(*t);
        warn(out.warnings, "legacy_charset_decoded",
             "the value of '" + std::string(name) + "' is not UTF-8 and was read as " + options.legacy_charset, at);
      } else {
        std::string fixed;
        utf8::repair(value, fixed);
        value.swap(fixed);
        warn(out.warnings, "invalid_utf8_replaced",
             "the value of '" + std::string(name) +
                 "' is not valid UTF-8; the invalid bytes were replaced with U+FFFD",
             at);
      }
    }
    // RFC 6068 section 2: "MIME encoded words (as defined in [RFC2047]) are permitted in header
    // field values, but not in an <hfvalue> of a "body" <hfname>."
    if (kind == value_kind::text && detail::has_encoded_word_start(value)) {
      auto d = rfc2047::decode(value, options.limits.max_encoded_words);
      if (!d) {
        if (d.error().code == errc::too_many_encoded_words)
          return fail(errc::too_many_encoded_words, base + raw_offset(raw, d.error().offset));
        warn(out.warnings, "encoded_word_undecodable",
             "the encoded words in the value of '" + std::string(name) + "' could not be decoded and were kept as text",
             base);
      } else if (utf8::validate(*d)) {
        value = std::move(*d);
      } else {
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
    if (std::none_of(raw.begin(), raw.end(), [](char c) { return path_special(c); })) {
      if (++recipients > options.limits.max_recipients) return fail(errc::too_many_recipients, base);
      std::string text = out.buffer();
      if (auto r = decode_value(raw, base, value_kind::address, text, "to"); !r) return r;
      error why{};
      bool ok = true;
      detail::addr_spec_or_invalid_into(out.to.emplace_back(), std::move(text), why, ok);
      if (!ok)
        warn(out.warnings, "invalid_address",
             quote_for_message(out.to.back().original) + " is not a valid address (" +
                 std::string(to_string(why.code)) + "); it is kept so you can correct it",
             base + why.offset);
      return {};
    }
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
        if (auto r = decode_value(entry, entry_base, value_kind::address, text, "to"); !r) return r;
        std::size_t lead = 0;
        while (lead < text.size() && is_ascii_space(text[lead])) ++lead;
        std::size_t tail = text.size();
        while (tail > lead && is_ascii_space(text[tail - 1])) --tail;
        if (tail == lead) {
          warn(out.warnings, "empty_address", "an empty address in the 'to' part was skipped", entry_base);
        } else {
          if (++recipients > options.limits.max_recipients) return fail(errc::too_many_recipients, entry_base);
          error why{};
          bool ok = true;
          if (lead == 0 && tail == text.size())
            detail::addr_spec_or_invalid_into(out.to.emplace_back(), std::move(text), why, ok);
          else
            detail::addr_spec_or_invalid_into(out.to.emplace_back(), text.substr(lead, tail - lead), why, ok);
          if (!ok)
            warn(out.warnings, "invalid_address",
                 quote_for_message(out.to.back().original) + " is not a valid address (" +
                     std::string(to_string(why.code)) + "); it is kept so you can correct it",
                 entry_base + raw_offset(entry, lead + why.offset));
        }
        if (i == raw.size()) break;
        start = i + w;
      }
      i += w;
    }
    return {};
  }

  // RFC 6068 section 2: hfield = hfname "=" hfvalue.
  result<void> parse_hfield(std::string_view raw, std::size_t base) {
    const std::size_t eq = detail::find_byte(raw, '=');
    if (eq == raw.npos) return fail(errc::mailto_bad_hfield, base);
    if (eq == 0) return fail(errc::mailto_bad_hname, base);
    f.addresses.clear();
    f.offset = base;
    f.value_offset = base + eq + 1;
    // "<hfname> is case-insensitive": decoded once, then lower-cased ("%74%4F" is "to").
    bool ascii = false;
    if (auto r = decode_once(raw.substr(0, eq), base, f.name, ascii); !r) return r;
    for (char& c : f.name) c = lower(c);
    // A name is never a field name unless it is ASCII (RFC 5322 section 3.6.8); it is made valid
    // UTF-8 so that a draft's dropped fields hold text like everything else in it.
    if (!ascii && !utf8::validate(f.name)) {
      std::string fixed;
      utf8::repair(f.name, fixed);
      f.name.swap(fixed);
    }
    const std::string_view vraw = raw.substr(eq + 1);
    value_kind kind = value_kind::text;
    if (detail::is(f.name, "to") || detail::is(f.name, "cc") || detail::is(f.name, "bcc"))
      kind = value_kind::address;
    else if (detail::is(f.name, "body"))
      kind = value_kind::body;
    if (f.value.capacity() < vraw.size()) f.value = out.buffer();
    if (auto r = decode_value(vraw, f.value_offset, kind, f.value, f.name); !r) return r;
    if (kind == value_kind::address) {
      // The RFC 2047 bound applies to display names too.
      std::size_t words = 0;
      for (std::size_t p = f.value.find("=?"); p != f.value.npos; p = f.value.find("=?", p + 2))
        if (++words > options.limits.max_encoded_words)
          return fail(errc::too_many_encoded_words, f.value_offset + raw_offset(vraw, p));
      if (detail::clean_header_text(f.value))
        warn(out.warnings, "header_controls_removed",
             "line breaks or control characters in '" + f.name + "' were removed", f.value_offset);
      std::vector<detail::address_issue> issues;
      const std::size_t room = options.limits.max_recipients - recipients;
      if (auto r = detail::parse_address_list_into(f.value, f.addresses, issues, room); !r)
        return fail(errc::too_many_recipients, f.value_offset);
      recipients += f.addresses.size();
      for (const auto& issue : issues)
        warn(out.warnings, "invalid_address",
             quote_for_message(f.addresses[issue.index].original) + " in '" + f.name + "' is not a valid address (" +
                 std::string(to_string(issue.err.code)) + "); it is kept so you can correct it",
             f.value_offset);
    }
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
    for (std::size_t i = 0; i < scheme.size(); ++i)
      if (lower(uri[b + i]) != scheme[i]) return fail(errc::not_mailto, b + i);
    std::size_t p = b + scheme.size();
    // One pass over the bytes after the scheme, up to the fragment. RFC 3986 section 2: a URI
    // holds no control characters. Other characters RFC 6068 wants percent-encoded are taken as
    // themselves, with a warning; non-ASCII is an IRI's UTF-8. The pass also finds the '?'s and
    // the '#', and counts the '&'s.
    std::size_t raw_at = uri.npos, q = uri.npos, q2 = uri.npos, hash = uri.npos, amps = 0;
    std::array<std::size_t, 16> amp_at{};  // where the first '&'s are (the hfield loop needs them)
    const auto* bytes = reinterpret_cast<const unsigned char*>(uri.data());
    // The byte at i, not class 0: false ends the pass (a '#').
    const auto visit = [&](std::size_t i) -> result<bool> {
      switch (scan_class[bytes[i]]) {
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
          hash = i;
          return false;
        default:
          break;
      }
      return true;
    };
    std::size_t i = p;
#if defined(__SSE2__)
    for (; e - i >= 16 && hash == uri.npos; i += 16) {
      for (unsigned m = scan_mask16(bytes + i); m != 0; m &= m - 1) {
        auto r = visit(i + static_cast<std::size_t>(__builtin_ctz(m)));
        if (!r) return r.error();
        if (!*r) break;
      }
    }
#endif
    for (; i < e && hash == uri.npos; ++i) {
      if (scan_class[bytes[i]] == 0) continue;
      auto r = visit(i);
      if (!r) return r.error();
    }
    // RFC 6068 section 2: fragment identifiers "SHOULD be ignored upon resolution".
    if (hash != uri.npos) {
      if (hash + 1 < e)
        warn(out.warnings, "fragment_ignored", "the fragment " + quote_for_message(uri.substr(hash, e - hash)) +
                                                   " means nothing in a mailto URI and was ignored",
             hash);
      e = hash;
    }
    if (raw_at != uri.npos)
      warn(out.warnings, "raw_character",
           std::string("the character '") + uri[raw_at] + "' should be percent-encoded; it was taken as itself",
           raw_at);
    const std::size_t path_end = q == uri.npos ? e : q;
    if (auto r = parse_path(uri.substr(p, path_end - p), p); !r) return r;
    if (path_end == e) return {};
    // RFC 6068 section 2: hfields = "?" hfield *( "&" hfield ); a second raw '?' is wrong.
    const std::size_t hb = path_end + 1;
    if (q2 != uri.npos) return fail(errc::mailto_second_question, q2);
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
      if (amp == s) {
        if (!warned_empty) {
          warned_empty = true;
          warn(out.warnings, "empty_hfield", "an empty header field ('&&', or '&' or '?' at an end) was skipped", s);
        }
      } else {
        if (++count > options.limits.max_hfields) return fail(errc::too_many_hfields, s);
        if (auto r = parse_hfield(uri.substr(s, amp - s), s); !r) return r;
      }
      s = amp + 1;
    }
    return {};
  }
};

}  // namespace

namespace detail {

result<void> parse_mailto_into(std::string_view uri, const parse_options& options, mailto_sink& sink) {
  parser p{uri, options, sink, 0, {}};
  return p.run();
}

}  // namespace detail

namespace {

// parse_mailto()'s sink: every hfield, in URI order.
class collect_all final : public detail::mailto_sink {
 public:
  explicit collect_all(mailto_uri& out) noexcept : mailto_sink(out.to, out.warnings), out_(out) {}
  void expect(std::size_t hfields) override { out_.hfields.reserve(hfields); }
  void field(hfield& f) override { out_.hfields.push_back(std::move(f)); }

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
    return fail(errc::internal_error, 0);
  }
}

}  // namespace mailtokit
