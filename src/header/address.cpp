#include "mailtokit/address.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>

#include "header/address_detail.hpp"
#include "header/header_text.hpp"
#include "header/hostname_scan.hpp"
#include "header/list_scan.hpp"
#include "mailtokit/bidi.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/idna.hpp"
#include "mailtokit/idna_cache.hpp"
#include "mailtokit/rfc2047.hpp"
#include "mailtokit/utf8.hpp"
#include "text/scan.hpp"
#include "text/no_memory.hpp"

namespace mailtokit {

namespace {

// RFC 5321 section 4.1.2: Let-dig = ALPHA / DIGIT; Ldh-str = *( ALPHA / DIGIT / "-" ) Let-dig
constexpr chars::char_class ldh = chars::alpha | chars::digit | chars::of("-");
// Bytes that give an address-list more structure than one bare addr-spec: quoted strings,
// comments, domain literals, angle brackets, separators, groups, quoted-pairs and white space.
constexpr chars::char_class list_structure = chars::of("\"()[]<>,;:\\ \t\r\n");

// Code points refused in a non-ASCII local part: controls (RFC 6532 section 3.2 keeps
// UTF8-non-ascii to printable text), the invisible format characters that can make an address
// look like another (bidi controls, RFC 3987 section 4.1; zero-width space, word joiner, BOM,
// tags), line and paragraph separators, interlinear annotations, U+FFFC and U+FFFD (which stands for
// bytes that were not UTF-8) and noncharacters.
constexpr bool forbidden_in_local(char32_t cp) noexcept {
  return (cp >= 0x80 && cp <= 0x9F) || bidi::is_formatting(cp) || cp == 0x200B || cp == 0x2028 ||
         cp == 0x2029 || (cp >= 0x2060 && cp <= 0x206F) || cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFD) ||
         (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE || (cp >= 0xE0000 && cp <= 0xE007F);
}

// One UTF8-non-ascii character of a local part (RFC 6532 section 3.2) at `it`.
result<void> parse_non_ascii(const char*& it, const char* end) {
  const char* start = it;
  auto cp = utf8::decode(it, end);
  if (!cp || forbidden_in_local(*cp)) {
    it = start;
    return fail(errc::address_bad_local, 0);
  }
  return {};
}

// RFC 5322 section 3.2.4 quoted-string without CFWS, with RFC 6532 UTF8-non-ascii in qtext and
// quoted-pair: DQUOTE *( [WSP] ( qtext / quoted-pair ) ) [WSP] DQUOTE. `it` is at the DQUOTE.
result<void> parse_quoted_local(const char*& it, const char* end, bool& non_ascii) {
  ++it;
  while (it != end) {
    const char c = *it;
    if (c == '"') {
      ++it;
      return {};
    }
    if (c == '\\') {
      ++it;
      if (it == end) break;
      // RFC 5322 section 3.2.1: quoted-pair = "\" (VCHAR / WSP)
      if (static_cast<unsigned char>(*it) >= 0x80) {
        if (!parse_non_ascii(it, end)) return fail(errc::address_bad_local, 0);
        non_ascii = true;
      } else if (chars::vchar(*it) || chars::wsp(*it)) {
        ++it;
      } else {
        return fail(errc::address_bad_local, 0);
      }
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x80) {
      if (!parse_non_ascii(it, end)) return fail(errc::address_bad_local, 0);
      non_ascii = true;
    } else if (chars::qtext(c) || chars::wsp(c)) {
      ++it;
    } else {
      return fail(errc::address_bad_local, 0);
    }
  }
  return fail(errc::address_bad_local, 0);
}

// RFC 5322 section 3.2.3 dot-atom-text = 1*atext *("." 1*atext), atext extended with
// UTF8-non-ascii (RFC 6532 section 3.2). Stops at the first character that is neither.
result<void> parse_dot_atom(const char*& it, const char* end, bool& non_ascii, errc code) {
  for (;;) {
    const char* atom = it;
    while (it != end) {
      if (chars::atext(*it)) {
        ++it;
      } else if (static_cast<unsigned char>(*it) >= 0x80) {
        if (!parse_non_ascii(it, end)) return fail(code, 0);
        non_ascii = true;
      } else {
        break;
      }
    }
    if (it == atom) return fail(code, 0);
    if (it == end || *it != '.') return {};
    ++it;
  }
}

// RFC 5321 section 4.1.2: Domain = sub-domain *("." sub-domain); sub-domain = Let-dig [Ldh-str];
// section 4.5.3.1.2: at most 255 octets; RFC 1035 section 2.3.4: labels of 63 octets at most.
// Returns the offset of the first bad label, or npos.
std::size_t check_hostname(std::string_view d) noexcept {
  if (d.size() > 253) return 0;
  std::size_t start = 0;
  for (;;) {
    const std::size_t dot = d.find('.', start);
    const std::string_view label = d.substr(start, dot == d.npos ? d.npos : dot - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-') return start;
    for (char c : label)
      if (!ldh(c)) return start;
    if (dot == d.npos) return std::string_view::npos;
    start = dot + 1;
  }
}

// True when the four bytes at p are "xn--" in any case (an A-label prefix).
inline bool ace_prefix(const char* p) noexcept {
  return (p[0] | 0x20) == 'x' && (p[1] | 0x20) == 'n' && p[2] == '-' && p[3] == '-';
}

// The '-' or '.' at i of the name `d` (n bytes, the current label starting at `label`): false
// when it breaks RFC 1035/5321 hostname rules or starts an A-label.
inline bool hostname_separator(const char* d, std::size_t n, std::size_t i, std::size_t& label) noexcept {
  if (d[i] == '-') return i != label;  // a '-' may not start a label
  // '.': the label before it is not empty, does not end in '-', has at most 63 octets.
  if (i == label || d[i - 1] == '-' || i - label > 63) return false;
  label = i + 1;
  return !(n - label >= 4 && ace_prefix(d + label));
}

// One pass over an ASCII domain: true when it is a valid hostname (as check_hostname() sees it)
// with no label starting "xn--" (so idna::is_plain_ascii() holds), writing it lower-cased to
// `out`. False says nothing; the caller then takes the general path, which finds the error.
bool plain_hostname_lowered(std::string_view d, std::string& out) {
  const char* const src = d.data();
  const std::size_t n = d.size();
  if (n == 0 || n > 253) return false;
  out.resize(n);
  char* const o = out.data();
  // No A-label ("xn--" at a label start): idna::is_plain_ascii() must hold.
  if (n >= 4 && ace_prefix(src)) return false;
  std::size_t label = 0;  // start of the current label
  // Eight bytes at a time (header/hostname_scan.hpp): lower-case, check every byte is a letter,
  // digit, '-' or '.', and look at the '-' and '.' one by one. The last block of a name of eight
  // bytes or more overlaps the one before it; its bytes already seen are masked off.
  const detail::hostname_scanner& scan = detail::best_hostname_scanner();
  for (std::size_t i = 0; i < n;) {
    const std::size_t at = n - i >= 8 || n < 8 ? i : n - 8;
    std::uint64_t sep = scan.block(src + at, std::min<std::size_t>(n - at, 8), o + at);
    if (sep == detail::hostname_bad) return false;
    if (at != i) sep &= ~0ull << (8 * (i - at));
    for (; sep != 0; sep &= sep - 1)
      if (!hostname_separator(src, n, at + (static_cast<std::size_t>(__builtin_ctzll(sep)) >> 3), label)) return false;
    i = at + 8;
  }
  // The last label is not empty, does not end in '-', and has at most 63 octets.
  return label < n && src[n - 1] != '-' && n - label <= 63;
}

void lower_ascii(std::string& s) noexcept {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
}

// Fills `a` from a.original as far as the text is valid; the error offset is relative to it.
result<void> parse_addr_spec_parts(address& a) {
  const std::string_view text = a.original;
  if (text.empty()) return fail(errc::address_empty, 0);
  const char* begin = text.data();
  const char* it = begin;
  const char* end = begin + text.size();
  bool non_ascii = false;
  // RFC 6068 section 2: local-part = dot-atom-text / quoted-string
  if (*it == '"') {
    if (auto r = parse_quoted_local(it, end, non_ascii); !r)
      return fail(errc::address_bad_local, static_cast<std::size_t>(it - begin));
  } else {
    if (auto r = parse_dot_atom(it, end, non_ascii, errc::address_bad_local); !r)
      return fail(errc::address_bad_local, static_cast<std::size_t>(it - begin));
  }
  if (it == end || *it != '@') {
    if (text.find('@') == text.npos) return fail(errc::address_no_at, text.size());
    return fail(errc::address_bad_local, static_cast<std::size_t>(it - begin));
  }
  a.local_part.assign(begin, it);
  a.needs_smtputf8 = non_ascii;
  ++it;
  const char* dstart = it;
  const auto doff = static_cast<std::size_t>(dstart - begin);
  // Fast path: an ASCII hostname without A-labels (most domains) in one pass.
  if (plain_hostname_lowered(std::string_view(dstart, static_cast<std::size_t>(end - dstart)), a.domain)) {
    a.domain_ascii = a.domain;
    a.valid = true;
    return {};
  }
  a.domain.assign(dstart, end);
  if (it == end) return fail(errc::address_bad_domain, doff);
  if (*it == '[') {
    // RFC 6068 section 2: domain = dot-atom-text / "[" *dtext-no-obs "]"
    ++it;
    while (it != end && chars::dtext_no_obs(*it)) ++it;
    if (it == end || *it != ']' || it + 1 != end) return fail(errc::address_bad_domain, static_cast<std::size_t>(it - begin));
    a.domain_ascii = a.domain;
    a.valid = true;
    return {};
  }
  bool domain_non_ascii = false;
  if (auto r = parse_dot_atom(it, end, domain_non_ascii, errc::address_bad_domain); !r || it != end)
    return fail(errc::address_bad_domain, static_cast<std::size_t>(it - begin));
  const std::string_view domain(dstart, static_cast<std::size_t>(end - dstart));
  if (idna::is_plain_ascii(domain)) {
    // Fast path: no libidn2 for ASCII domains without A-labels.
    if (auto bad = check_hostname(domain); bad != domain.npos) return fail(errc::address_bad_domain, doff + bad);
    a.domain_ascii.assign(domain);
    lower_ascii(a.domain_ascii);
    a.domain = a.domain_ascii;
  } else {
    // RFC 6068 section 2 item 4: "the name MUST be transformed to the IDNA encoding [RFC5891]".
    auto ascii = idna::cached_to_ascii(domain);
    if (!ascii) detail::rethrow_no_memory(ascii.error());
    if (!ascii) return fail(ascii.error().code, doff + ascii.error().offset);
    if (auto bad = check_hostname(*ascii); bad != std::string_view::npos) return fail(errc::address_bad_domain, doff);
    auto display = idna::cached_to_unicode(*ascii);
    if (!display) detail::rethrow_no_memory(display.error());
    if (display) a.domain = std::move(*display);
    a.domain_ascii = std::move(*ascii);
  }
  a.valid = true;
  return {};
}

// parse_addr_spec_parts(), and an addr-spec too long to be written on one header line (see
// max_addr_spec_octets) is refused, by parse_addr_spec() and in lists alike.
result<void> parse_addr_spec_into(address& a) {
  if (auto r = parse_addr_spec_parts(a); !r) return r;
  if (a.local_part.size() + a.domain.size() + a.domain_ascii.size() > max_addr_spec_octets)
    return fail(errc::input_too_long, 0);
  return {};
}

// ---- RFC 5322 section 3.4 address-list ----

// Skip a comment starting at text[i] == '('; returns the index after it (or text.size()).
std::size_t skip_comment(std::string_view text, std::size_t i) noexcept {
  std::size_t depth = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\\') {
      ++i;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      if (--depth == 0) return i + 1;
    }
  }
  return text.size();
}

// Skip a quoted string starting at text[i] == '"'; returns the index after the closing quote.
std::size_t skip_quoted(std::string_view text, std::size_t i) noexcept {
  for (++i; i < text.size(); ++i) {
    if (text[i] == '\\')
      ++i;
    else if (text[i] == '"')
      return i + 1;
  }
  return text.size();
}

// Skip a domain literal starting at text[i] == '['; returns the index after the closing ']'
// (RFC 5322 section 3.4.1: dtext holds '"', '(' and '<', which mean nothing inside it).
std::size_t skip_literal(std::string_view text, std::size_t i) noexcept {
  const std::size_t close = text.find(']', i);
  return close == text.npos ? text.size() : close + 1;
}

// The first `target` at or after `i` outside quoted strings, comments and domain literals.
std::size_t find_outside(std::string_view text, char target, std::size_t i) noexcept {
  while (i < text.size()) {
    const char c = text[i];
    if (c == target) return i;
    if (c == '"')
      i = skip_quoted(text, i);
    else if (c == '(')
      i = skip_comment(text, i);
    else if (c == '[')
      i = skip_literal(text, i);
    else
      ++i;
  }
  return std::string_view::npos;
}

// False when a comment or a quoted string in `text` is not closed (RFC 5322 section 3.2).
bool all_closed(std::string_view text) noexcept {
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '(') {
      std::size_t depth = 0, j = i;
      for (; j < text.size(); ++j) {
        if (text[j] == '\\') {
          ++j;
        } else if (text[j] == '(') {
          ++depth;
        } else if (text[j] == ')' && --depth == 0) {
          break;
        }
      }
      if (j >= text.size()) return false;
      i = j + 1;
    } else if (text[i] == '"') {
      std::size_t j = i + 1;
      bool closed = false;
      for (; j < text.size(); ++j) {
        if (text[j] == '\\') {
          ++j;
        } else if (text[j] == '"') {
          closed = true;
          break;
        }
      }
      if (!closed) return false;
      i = j + 1;
    } else if (text[i] == '[') {
      i = skip_literal(text, i);
    } else {
      ++i;
    }
  }
  return true;
}

// `text` without its top-level comments and without surrounding white space.
std::string strip_cfws(std::string_view text) {
  // Without a '(' there is no comment: the text is copied as it is (quoted strings and domain
  // literals included), only trimmed.
  if (text.find('(') == text.npos) return std::string(chars::trim(text, chars::fws));
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '(') {
      i = skip_comment(text, i);
    } else if (text[i] == '"' || text[i] == '[') {
      const std::size_t j = text[i] == '"' ? skip_quoted(text, i) : skip_literal(text, i);
      out.append(text.substr(i, j - i));
      i = j;
    } else {
      out += text[i++];
    }
  }
  return std::string(chars::trim(out, chars::fws));
}

// RFC 3987 section 4.1 names the bidi formatting characters (LRM, RLM, LRE, RLE, PDF, LRO,
// RLO; with UAX #9's isolates and ALM): a display name could use them to show an address
// reversed, so they are removed from display names.
void strip_bidi_controls(std::string& s) {
  if (s.find("\xE2\x80") == s.npos && s.find("\xE2\x81") == s.npos && s.find("\xD8\x9C") == s.npos) return;
  std::string out;
  out.reserve(s.size());
  const char* it = s.data();
  const char* end = it + s.size();
  while (it != end) {
    const char* start = it;
    auto cp = utf8::decode(it, end);
    if (!cp) {
      it = start + 1;
      out += *start;
      continue;
    }
    const char32_t c = *cp;
    if (bidi::is_formatting(c)) continue;
    out.append(start, it);
  }
  s.swap(out);
}

// Decode an unquoted run of words: RFC 2047 section 5 (1) allows encoded words in a phrase;
// section 6.2 drops the white space between adjacent ones (rfc2047::decode does that).
void append_decoded_run(std::string& out, std::string& run) {
  if (run.empty()) return;
  if (!out.empty()) out += ' ';
  if (run.find("=?") != run.npos) {
    if (auto d = rfc2047::decode(run); d && utf8::validate(*d)) {
      out += *d;
      run.clear();
      return;
    }
  }
  out += run;
  run.clear();
}

// RFC 5322 section 3.2.5 phrase = 1*word / obs-phrase (words and "."), words being atoms
// (UTF-8 allowed, RFC 6532) or quoted strings, with CFWS between. Quoted strings are unquoted
// and never searched for encoded words (RFC 2047 section 5 (3)).
result<std::string> decode_phrase(std::string_view text) {
  std::string out, run;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (chars::fws(c)) {
      ++i;
      continue;
    }
    if (c == '(') {
      i = skip_comment(text, i);
      continue;
    }
    if (c == '"') {
      append_decoded_run(out, run);
      const std::size_t j = skip_quoted(text, i);
      if (j == text.size() && (j - i < 2 || text[j - 1] != '"')) return fail(errc::address_bad_list, i);
      if (!out.empty()) out += ' ';
      for (std::size_t k = i + 1; k + 1 < j; ++k) {
        if (text[k] == '\\' && k + 2 < j) ++k;
        out += text[k];
      }
      i = j;
      continue;
    }
    if (chars::atext(c) || c == '.' || static_cast<unsigned char>(c) >= 0x80) {
      if (!run.empty()) run += ' ';
      while (i < text.size() && (chars::atext(text[i]) || text[i] == '.' || static_cast<unsigned char>(text[i]) >= 0x80))
        run += text[i++];
      continue;
    }
    return fail(errc::address_bad_list, i);
  }
  append_decoded_run(out, run);
  // A display name is text shown to the user: invalid UTF-8 (the caller passed undecoded bytes)
  // becomes U+FFFD first, so cleaning below works on whole characters and is idempotent
  // (found by the address fuzz target: a stray lead byte hid a C1 control from the cleaner).
  if (!utf8::validate(out)) {
    std::string fixed;
    utf8::repair(out, fixed);
    out.swap(fixed);
  }
  detail::clean_header_text(out);
  strip_bidi_controls(out);
  return out;
}

address parse_mailbox(std::string_view entry, error& why, bool& ok);

// One entry of an address list: a mailbox (name-addr / addr-spec) with optional CFWS, into the
// empty address `into` (an element of the list, so the address is not moved again).
void parse_mailbox_into(address& into, std::string_view entry, error& why, bool& ok) {
  ok = true;
  const std::size_t lt = find_outside(entry, '<', 0);
  if (lt == entry.npos) {
    into.original = strip_cfws(entry);
    ok = detail::addr_spec_or_invalid(into, why);
    if (!ok) {
      into.original.assign(entry);
      detail::clean_header_text(into.original);
    }
    return;
  }
  into = parse_mailbox(entry, why, ok);
}

// One entry of an address list: a mailbox (name-addr / addr-spec) with optional CFWS.
address parse_mailbox(std::string_view entry, error& why, bool& ok) {
  ok = true;
  // A top-level '<' makes it a name-addr: [display-name] "<" addr-spec ">" [CFWS]. A '<' inside
  // a domain literal is dtext (RFC 5322 section 3.4.1), as the list splitter also treats it:
  // "user@[192<.0.2.1]" is an addr-spec (found by the address fuzz target).
  const std::size_t lt = find_outside(entry, '<', 0);
  if (lt == entry.npos) {
    address a;
    a.original = strip_cfws(entry);
    ok = detail::addr_spec_or_invalid(a, why);
    if (!ok) {
      a.original.assign(entry);
      detail::clean_header_text(a.original);
    }
    return a;
  }
  const std::size_t gt = find_outside(entry, '>', lt + 1);
  auto invalid = [&](errc code, std::size_t off) {
    ok = false;
    why = fail(code, off);
    address a;
    a.original.assign(entry);
    detail::clean_header_text(a.original);
    return a;
  };
  if (gt == entry.npos) return invalid(errc::address_bad_list, entry.size());
  const std::string after = strip_cfws(entry.substr(gt + 1));
  if (!after.empty()) return invalid(errc::address_bad_list, gt + 1);
  auto name = decode_phrase(entry.substr(0, lt));
  if (!name) return invalid(name.error().code, name.error().offset);
  // RFC 5322 section 3.4.1: addr-spec = local-part "@" domain, each with optional CFWS.
  address a;
  a.original = strip_cfws(entry.substr(lt + 1, gt - lt - 1));
  ok = detail::addr_spec_or_invalid(a, why);
  if (!ok) why.offset += lt + 1;
  a.display_name = std::move(*name);
  a.original.assign(entry);
  detail::clean_header_text(a.original);
  return a;
}

// RFC 5322 section 3.4.1: addr-spec = local-part "@" domain
std::string join_addr_spec(std::string_view local_part, std::string_view domain) {
  std::string s;
  s.reserve(local_part.size() + 1 + domain.size());
  s += local_part;
  s += '@';
  s += domain;
  return s;
}

}  // namespace

std::string address::unicode() const { return valid ? join_addr_spec(local_part, domain) : original; }

std::optional<std::string> address::ascii() const {
  if (!valid || needs_smtputf8) return std::nullopt;
  return join_addr_spec(local_part, domain_ascii);
}

result<address> parse_addr_spec(std::string_view text) {
  address a;
  a.original.assign(text);
  if (auto r = parse_addr_spec_into(a); !r) return r.error();
  return a;
}

result<std::vector<address>> parse_address_list(std::string_view text) {
  std::vector<address> out;
  std::vector<detail::address_issue> issues;
  if (auto r = detail::parse_address_list_into(text, out, issues, std::numeric_limits<std::size_t>::max()); !r)
    return r.error();
  return out;
}

namespace detail {

bool has_list_structure(std::string_view text) noexcept {
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"') {
      i = skip_quoted(text, i);
    } else if (c == '[') {
      i = skip_literal(text, i);
    } else {
      if (c == ';' || c == '<') return true;
      ++i;
    }
  }
  return false;
}

bool addr_spec_or_invalid(address& a, error& why) {
  if (auto r = parse_addr_spec_into(a); !r) {
    why = r.error();
    a.valid = false;
    a.domain_ascii.clear();
    clean_header_text(a.original);
    return false;
  }
  return true;
}

namespace {

// One pass of parse_address_list_into() over an address list: the entries it reads, the group it
// is in.
struct list_reader {
  std::string_view text;
  std::vector<address>& out;
  std::vector<address_issue>& issues;
  std::size_t max_total;
  std::vector<std::string>* spare;  // buffers of earlier addresses, for `original` (or null)
  // No '"', '(', '[' or '<' in the entry being read (the loop notes them): a bare addr-spec with
  // nothing to close, strip or split, which parse_mailbox_into() would find in four more passes.
  bool plain = true;

  // Room for the entries at most the separators allow, in one allocation instead of a doubling
  // growth that moves every address again (a 500-recipient link: ten moves of the list, and a
  // 129 KB peak that made glibc give the heap back and fault it in again per link). Bounded, so
  // a text of separators alone reserves at most 4096 addresses; grown geometrically, so many
  // short lists appended to one vector stay linear.
  void reserve() {
    // One pass, in a loop the compiler turns into vector compares (two std::count() calls were
    // 6% of a 500-recipient link).
    std::size_t separators = 0;
    for (char c : text) separators += static_cast<std::size_t>(c == ',') + static_cast<std::size_t>(c == ';');
    const std::size_t room = max_total > out.size() ? max_total - out.size() : 0;
    const std::size_t want = out.size() + std::min({separators + 1, room, std::size_t{4096}});
    if (want > out.capacity()) out.reserve(std::max(want, out.capacity() * 2));
  }

  // The last address read is invalid: `why`, its offset moved by `offset` (where the entry is).
  void add_issue(error why, std::size_t offset) {
    why.offset += offset;
    issues.push_back({out.size() - 1, why});
  }

  // The entry text[from, end), trimmed.
  result<void> entry(std::size_t from, std::size_t end) {
    std::string_view entry = chars::trim(text.substr(from, end - from), chars::fws);
    const auto entry_off = static_cast<std::size_t>(entry.data() - text.data());
    if (entry.empty()) return {};
    const bool closed = plain || all_closed(entry);
    // An entry that is only comments is no address; an unclosed comment or quoted string is a
    // malformed entry, kept so the user sees it. (Without a '(' the trimmed entry is not empty.)
    if (!plain && closed && entry.find('(') != entry.npos && strip_cfws(entry).empty()) return {};
    if (out.size() >= max_total) return fail(errc::too_many_recipients, entry_off);
    error why{};
    address& a = out.emplace_back();
    if (plain) {
      take_spare(a.original, entry.size(), spare);
      a.original.assign(entry);
      if (!addr_spec_or_invalid(a, why)) add_issue(why, entry_off);
    } else if (bool ok = true; closed) {
      parse_mailbox_into(a, entry, why, ok);
      if (!ok) add_issue(why, entry_off);
    } else {
      a.original.assign(entry);
      clean_header_text(a.original);
      add_issue(fail(errc::address_bad_list, 0), entry_off);
    }
    return {};
  }

  // An empty group: its name text[name, colon), decoded (quoted-pairs, encoded words), is the entry.
  result<void> empty_group(std::size_t name, std::size_t colon) {
    auto decoded = decode_phrase(text.substr(name, colon - name));
    if (!decoded || decoded->empty()) return {};
    if (out.size() >= max_total) return fail(errc::too_many_recipients, name);
    error why{};
    bool ok = true;
    out.push_back(parse_mailbox(*decoded, why, ok));
    if (!ok) {
      out.back().original = *decoded;
      clean_header_text(out.back().original);
      why.offset = 0;
      add_issue(why, name);
    }
    return {};
  }
};

}  // namespace

result<void> parse_address_list_into(std::string_view text, std::vector<address>& out,
                                     std::vector<address_issue>& issues, std::size_t max_total,
                                     bool empty_group_as_text, std::vector<std::string>* spare) {
  // RFC 5322 section 3.4: address-list = address *("," address); address = mailbox / group;
  // group = display-name ":" [group-list] ";" [CFWS]. Group names are dropped (a draft lists
  // mailboxes); ';' outside a group is taken as a separator too, as many clients write it.
  list_reader r{text, out, issues, max_total, spare};
  // Fast path: one bare addr-spec ("bob@example.com", most hfield values). What the general
  // path below does for it, without splitting, trimming and copying the entry twice.
  if (!text.empty() && std::none_of(text.begin(), text.end(), [](char c) { return list_structure(c); }))
    return r.entry(0, text.size());
  r.reserve();
  std::size_t start = 0;
  bool angle = false, colon_seen = false;
  // The open group's name (text[group_name, group_colon)) while no member was seen.
  std::size_t group_name = 0, group_colon = std::string_view::npos;
  // Runs of bytes the loop does not act on (most of an address) are skipped sixteen at a time.
  const list_scanner& skip = best_list_scanner();
  for (std::size_t i = 0; i < text.size();) {
    i = skip.skip(text, i);
    if (i == text.size()) break;
    const char c = text[i];
    if (c == '"' || c == '(' || c == '[') {
      r.plain = false;
      i = c == '"' ? skip_quoted(text, i) : c == '(' ? skip_comment(text, i) : skip_literal(text, i);
      continue;
    }
    if (c == '<') {
      r.plain = false;
      angle = true;
    }
    if (c == '>') angle = false;
    if (!angle && (c == ',' || c == ';')) {
      const std::size_t before = out.size();
      if (auto e = r.entry(start, i); !e) return e;
      if (group_colon != std::string_view::npos && c == ';' && out.size() == before && empty_group_as_text)
        if (auto e = r.empty_group(group_name, group_colon); !e) return e;
      if (out.size() != before || c == ';') group_colon = std::string_view::npos;
      start = i + 1;
      r.plain = true;
      colon_seen = false;
    } else if (!angle && c == ':' && !colon_seen) {
      // A group only when what precedes is a display name (so "a@x Bcc:b@y" stays one entry).
      // One look per entry keeps this linear ("@:@:@:..." would otherwise rescan).
      colon_seen = true;
      // Syntax decides, not the decoded text: a phrase whose encoded words decode to nothing
      // visible (a lone bidi control, which cleaning removes) is still a display name.
      const std::string_view phrase = text.substr(start, i - start);
      if (auto name = decode_phrase(phrase); name && !chars::trim(phrase, chars::fws).empty()) {
        group_name = start;
        group_colon = i;
        start = i + 1;
        r.plain = true;
      }
    }
    ++i;
  }
  return r.entry(start, text.size());
}

}  // namespace detail

}  // namespace mailtokit
