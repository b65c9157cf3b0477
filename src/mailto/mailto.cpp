#include "mailtokit/mailto.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "header/address_detail.hpp"
#include "header/header_text.hpp"
#include "mailto/mailto_sink.hpp"
#include "mailto/repairs.hpp"
#include "mailto/uri_scan.hpp"
#include "mailto/warn.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/rfc2047.hpp"
#include "mailtokit/utf8.hpp"
#include "text/no_memory.hpp"
#include "text/percent_facts.hpp"
#include "text/scan.hpp"

namespace mailtokit {

namespace {

using detail::decode_facts;
using detail::decode_once;
using detail::html_ampersand_at;
using detail::known_hfield_at;
using detail::path_is_list;
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

// A path that parse_path() reads as one entry of the general path without its splitting loop:
// no '"', '[', ']' or ',' (which quote, bracket or split) and no ';' or '<' (which make it an
// address list, path_is_list()), neither raw nor pct-encoded (decoded_at()). Most paths with a
// triplet ("walter@%E7%B4%8D%E8%B1%86.example.org") are such a path.
bool one_entry_path(std::string_view raw) noexcept {
  for (std::size_t i = 0, w = 1; i < raw.size(); i += w) {
    const char c = decoded_at(raw, i, w);
    if (c == '"' || c == '[' || c == ']' || c == ',' || c == ';' || c == '<') return false;
  }
  return true;
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

enum class value_kind { address, body, text };

// Where the one pass over a URI found the bytes that shape it (parser::scan_bytes()).
struct uri_marks {
  std::size_t raw_at = std::string_view::npos;  // the first raw character that should be percent-encoded
  std::size_t q = std::string_view::npos;       // the first '?'
  std::size_t q2 = std::string_view::npos;      // the second '?'
  std::size_t hash = std::string_view::npos;    // the '#' of the fragment
  std::size_t amps = 0;                         // how many '&'
  std::array<std::size_t, 16> amp_at{};         // where the first '&'s are (only amp_at[0..amps) are read)
};

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
          detail::rethrow_no_memory(e);
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
      detail::take_spare(a.original, raw.size(), out.spare_originals);
      a.original.assign(raw);
      error why{};
      const bool ok = detail::addr_spec_or_invalid(a, why);
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
    std::string text;
    // The loop below would find one entry, the whole path, one byte at a time.
    if (one_entry_path(raw)) return path_entry(raw, base, text);
    if (!options.strict && path_is_list(raw)) return parse_path_list(raw, base);
    std::size_t start = 0;
    bool in_quote = false;
    bool in_literal = false;
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
        if (auto r = path_entry(raw.substr(start, i - start), base + start, text); !r) return r;
        if (i == raw.size()) break;
        start = i + w;
      }
      i += w;
    }
    return {};
  }

  // One entry of the path, `entry` at URI offset `entry_base`: decoded (into `text`, whose
  // buffer the address may take), trimmed, and read as an addr-spec; an empty one is skipped.
  result<void> path_entry(std::string_view entry, std::size_t entry_base, std::string& text) {
    decode_facts facts;
    if (auto r = decode_value(entry, entry_base, value_kind::address, text, "to", facts); !r) return r;
    std::size_t lead = 0;
    while (lead < text.size() && is_ascii_space(text[lead])) ++lead;
    std::size_t tail = text.size();
    while (tail > lead && is_ascii_space(text[tail - 1])) --tail;
    if (tail == lead) {
      warn(out.warnings, options.limits.max_warnings, warning_code::empty_address, "to", "an empty address in the 'to' part was skipped", entry_base);
      return {};
    }
    if (++recipients > options.limits.max_recipients) return fail(errc::too_many_recipients, entry_base);
    error why{};
    address& a = out.to.emplace_back();
    if (lead == 0 && tail == text.size())
      a.original = std::move(text);
    else
      a.original.assign(text, lead, tail - lead);
    const bool ok = detail::addr_spec_or_invalid(a, why);
    if (!ok)
      warn(out.warnings, options.limits.max_warnings, warning_code::invalid_address, "to",
           quote_for_message(out.to.back().original) + " is not a valid address (" +
               std::string(to_string(why.code)) + "); it is kept so you can correct it",
           entry_base + raw_offset(entry, lead + why.offset));
    else if (facts.repaired)
      mark_repaired(out.to.back(), entry_base, "to");
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
    if (auto r = detail::parse_address_list_into(value, into, issues, first + room, false, out.spare_originals); !r)
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

  // "leading and trailing ASCII whitespace is trimmed", then the scheme: the offset after
  // "mailto:" (and after a "//" the default reading ignores); `e` becomes the end of the trimmed URI.
  result<std::size_t> read_scheme(std::size_t& e) {
    std::size_t b = 0;
    e = uri.size();
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
    return p;
  }

  // One byte of the pass over the URI that is not class 0 (detail::scan_class): false ends the
  // pass (a '#' that starts the fragment).
  result<bool> visit(std::size_t i, std::size_t e, uri_marks& m) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(uri.data());
    switch (detail::scan_class[bytes[i]]) {
      case 1: return fail(errc::mailto_bad_char, i);
      case 2:
        if (m.raw_at == uri.npos) m.raw_at = i;
        break;
      case 3:
        if (m.amps < m.amp_at.size()) m.amp_at[m.amps] = i;
        ++m.amps;
        break;
      case 4:
        if (m.q == uri.npos)
          m.q = i;
        else if (m.q2 == uri.npos)
          m.q2 = i;
        break;
      case 5:
        // "&#38;" / "&#x26;" between fields (below): the '#' of an HTML reference to '&',
        // not a fragment, where the default reading reads it as '&'.
        if (!options.strict && hash_as_ampersand && m.q != uri.npos && bytes[i - 1] == '&') {
          const std::size_t n = html_ampersand_at(uri.substr(0, e), i);
          if (n != 0 && !(i + n < e && uri[i + n] == '=')) {
            read_hash_as_ampersand = true;
            break;
          }
        }
        m.hash = i;
        return false;
      default:
        break;
    }
    return true;
  }

  // One pass over the bytes after the scheme, up to the fragment. RFC 3986 section 2: a URI
  // holds no control characters. Other characters RFC 6068 wants percent-encoded are taken as
  // themselves, with a warning; non-ASCII is an IRI's UTF-8. The pass also finds the '?'s and
  // the '#', and counts the '&'s.
  result<void> scan_bytes(std::size_t p, std::size_t e, uri_marks& m) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(uri.data());
    std::size_t i = p;
    for (; e - i >= 16 && m.hash == uri.npos; i += 16) {
      for (unsigned mask = scan.block_mask(bytes + i); mask != 0; mask &= mask - 1) {
        auto r = visit(i + static_cast<std::size_t>(__builtin_ctz(mask)), e, m);
        if (!r) return r.error();
        if (!*r) break;
      }
    }
    // The last bytes: one more 16-byte load ending at e, with the lanes already visited masked off.
    if (i < e && m.hash == uri.npos && e - p >= 16) {
      const std::size_t from = e - 16;
      for (unsigned mask = scan.block_mask(bytes + from) & (0xFFFFu << (i - from)); mask != 0; mask &= mask - 1) {
        auto r = visit(from + static_cast<std::size_t>(__builtin_ctz(mask)), e, m);
        if (!r) return r.error();
        if (!*r) break;
      }
      i = e;
    }
    for (; i < e && m.hash == uri.npos; ++i) {
      if (detail::scan_class[bytes[i]] == 0) continue;
      auto r = visit(i, e, m);
      if (!r) return r.error();
    }
    return {};
  }

  // RFC 6068 section 2: fragment identifiers "SHOULD be ignored upon resolution"; `e` becomes
  // the '#'. And the first raw character that should have been percent-encoded, disclosed.
  void end_at_fragment(const uri_marks& m, std::size_t& e) {
    if (m.hash != uri.npos) {
      if (m.hash + 1 < e)
        warn(out.warnings, options.limits.max_warnings, warning_code::fragment_ignored, "",
             "the fragment " + quote_for_message(uri.substr(m.hash, e - m.hash)) +
                 " means nothing in a mailto URI and was ignored",
             m.hash);
      e = m.hash;
    }
    if (m.raw_at != uri.npos)
      warn(out.warnings, options.limits.max_warnings, warning_code::raw_character, "",
           std::string("the character '") + uri[m.raw_at] + "' should be percent-encoded; it was taken as itself",
           m.raw_at);
  }

  // RFC 6068 section 2: hfields = "?" hfield *( "&" hfield ); a second raw '?' is wrong. The
  // default reading takes one before a known field name and '=' for '&' (the offsets returned),
  // any other as a literal '?' of the value.
  result<std::vector<std::size_t>> second_questions(std::size_t q2, std::size_t e) {
    std::vector<std::size_t> promoted;  // rare: only links with a second '?'
    if (q2 == uri.npos) return promoted;
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
    return promoted;
  }

  // "&amp;", "&#38;" or "&#x26;" copied from HTML source means '&' (Evolution reads "&amp;"
  // so too; mailing-list archives write "&#38;"), unless an '=' follows: that reading would
  // leave a field without a name, so nothing evident is gained and the field named "amp;"
  // is dropped as strict drops it. The bytes to skip after the '&' at `amp`.
  std::size_t html_ampersand_after(std::size_t amp, std::size_t e, bool& warned) {
    const std::size_t s = amp + 1;
    if (options.strict || amp >= e || uri[amp] != '&') return 0;
    const std::size_t n = html_ampersand_at(uri.substr(0, e), s);
    if (n == 0 || (s + n < e && uri[s + n] == '=')) return 0;
    if (!warned) {
      warned = true;
      // Appended in place: "'" + std::string&& makes g++ 12 -O3 report -Wrestrict (GCC bug 105329).
      std::string message(1, '\'');
      message.append(uri.substr(amp, n + 1)).append("' (HTML source) was read as '&'");
      warn(out.warnings, options.limits.max_warnings, warning_code::html_ampersand, "", std::move(message), amp);
    }
    return n;
  }

  // The hfields from `hb` to `e`, split at each '&' (m) and each '?' read as one (`promoted`).
  result<void> parse_query(std::size_t hb, std::size_t e, const uri_marks& m, const std::vector<std::size_t>& promoted) {
    std::size_t next_promoted = 0, count = 0;
    bool warned_amp = false, warned_empty = false;
    out.expect(std::min<std::size_t>(options.limits.max_hfields, m.amps + 1));
    const std::size_t recorded = std::min(m.amps, m.amp_at.size());
    std::size_t next = 0;  // the first recorded '&' not yet passed
    for (std::size_t s = hb; s <= e;) {
      while (next < recorded && m.amp_at[next] < s) ++next;
      std::size_t amp = e;
      if (next < recorded)
        amp = m.amp_at[next];
      else if (m.amps > recorded)
        amp = std::min(e, detail::find_byte(uri.substr(0, e), '&', s));
      while (next_promoted < promoted.size() && promoted[next_promoted] < s) ++next_promoted;
      if (next_promoted < promoted.size()) amp = std::min(amp, promoted[next_promoted]);
      if (amp == s) {
        if (!warned_empty) {
          warned_empty = true;
          warn(out.warnings, options.limits.max_warnings, warning_code::empty_hfield, "",
               "an empty header field ('&&', or '&' or '?' at an end) was skipped", s);
        }
      } else {
        if (++count > options.limits.max_hfields) return fail(errc::too_many_hfields, s);
        if (auto r = parse_hfield(uri.substr(s, amp - s), s); !r) return r;
      }
      s = amp + 1 + html_ampersand_after(amp, e, warned_amp);
    }
    return {};
  }

  result<void> run() {
    std::size_t e = 0;
    auto p = read_scheme(e);
    if (!p) return p.error();
    uri_marks m;
    if (auto r = scan_bytes(*p, e, m); !r) return r;
    end_at_fragment(m, e);
    const std::size_t path_end = m.q == uri.npos ? e : m.q;
    if (auto r = parse_path(uri.substr(*p, path_end - *p), *p); !r) return r;
    if (path_end == e) return {};
    auto promoted = second_questions(m.q2, e);
    if (!promoted) return promoted.error();
    return parse_query(path_end + 1, e, m, *promoted);
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
