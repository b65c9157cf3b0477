#include "mailtokit/iri.hpp"

#include <unicode/uchar.h>

#include <cstring>

#include "mailtokit/chars.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/idna.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/utf8.hpp"
#include "text/no_memory.hpp"

namespace mailtokit::iri {

namespace {

constexpr std::size_t npos = std::string_view::npos;

// The ASCII part of each RFC 3987 section 2.2 rule (ucschar, iprivate and pct-encoded are
// checked apart), composed from the RFC 3986 tables of chars.hpp:
//   iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
//   ireg-name = *( iunreserved / pct-encoded / sub-delims )
//   ipath-abempty etc. = *( "/" isegment ), isegment = *ipchar,
//   ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
//   iquery = *( ipchar / iprivate / "/" / "?" ), ifragment = *( ipchar / "/" / "?" )
constexpr chars::char_class path_ascii = chars::pchar | chars::of("/");
// RFC 3986 appendix A: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
constexpr chars::char_class ipvfuture_tail = chars::unreserved | chars::sub_delims | chars::of(":");

void append_pct(std::string& out, unsigned char b) {
  out += '%';
  out += chars::hex_upper[b >> 4];
  out += chars::hex_upper[b & 0xF];
}

// Check s[begin, end) against `ascii` + pct-encoded + ucschar (+ iprivate when `private_ok`).
result<void> check_chars(std::string_view s, std::size_t begin, std::size_t end, const chars::char_class& ascii,
                         bool private_ok) {
  const char* const base = s.data();
  for (std::size_t i = begin; i < end;) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      if (ascii(b)) {
        ++i;
        continue;
      }
      if (b == '%') {
        // RFC 3986 section 2.1: pct-encoded = "%" HEXDIG HEXDIG
        const std::size_t n = end - i < 3 ? end - i : 3;
        if (auto r = percent::check(s.substr(i, n), i); !r) return r.error();
        i += 3;
        continue;
      }
      return fail(errc::iri_bad_char, i);
    }
    const char* it = base + i;
    auto cp = utf8::decode(it, base + end);
    if (!cp) return fail(cp.error().code, i);
    if (!is_ucschar(*cp) && !(private_ok && is_iprivate(*cp))) {
      // "private UCS characters can occur only in query parts"
      return fail(is_iprivate(*cp) ? errc::iri_private_outside_query : errc::iri_bad_char, i);
    }
    i = static_cast<std::size_t>(it - base);
  }
  return {};
}

// RFC 3986 section 3.2.2:
//   dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
//   IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
bool is_ipv4(std::string_view s) noexcept {
  int octets = 0;
  std::size_t i = 0;
  while (octets < 4) {
    std::size_t j = i;
    while (j < s.size() && chars::digit(s[j]) && j - i < 4) ++j;
    const std::size_t len = j - i;
    if (len == 0 || len > 3 || (len > 1 && s[i] == '0')) return false;
    int v = 0;
    for (std::size_t k = i; k < j; ++k) v = v * 10 + (s[k] - '0');
    if (v > 255) return false;
    ++octets;
    i = j;
    if (octets < 4) {
      if (i >= s.size() || s[i] != '.') return false;
      ++i;
    }
  }
  return i == s.size();
}

// RFC 3986 section 3.2.2: IPv6address (the nine alternatives: 8 h16 groups, or fewer with one
// "::" standing for at least one group; ls32 may be an IPv4address). h16 = 1*4HEXDIG.
bool is_ipv6(std::string_view s) noexcept {
  int groups = 0;
  bool elided = false;
  std::size_t i = 0;
  if (s.size() >= 2 && s[0] == ':' && s[1] == ':') {
    elided = true;
    i = 2;
  } else if (!s.empty() && s[0] == ':') {
    return false;
  }
  while (i < s.size()) {
    std::size_t j = i;
    while (j < s.size() && chars::hexdig(s[j]) && j - i < 5) ++j;
    if (j < s.size() && s[j] == '.') {
      // ls32 = ( h16 ":" h16 ) / IPv4address, only at the end
      if (!is_ipv4(s.substr(i))) return false;
      groups += 2;
      i = s.size();
      break;
    }
    if (j == i || j - i > 4) return false;
    ++groups;
    i = j;
    if (i == s.size()) break;
    if (s[i] != ':') return false;
    ++i;
    if (i < s.size() && s[i] == ':') {
      if (elided) return false;
      elided = true;
      ++i;
    } else if (i == s.size()) {
      return false;  // a single trailing ':'
    }
  }
  return elided ? groups <= 7 : groups == 8;
}

// RFC 3986 section 3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]" (the inside).
bool is_ip_literal_body(std::string_view s) noexcept {
  if (!s.empty() && (s[0] == 'v' || s[0] == 'V')) {
    std::size_t i = 1;
    while (i < s.size() && chars::hexdig(s[i])) ++i;
    if (i == 1 || i >= s.size() || s[i] != '.' || i + 1 == s.size()) return false;
    for (++i; i < s.size(); ++i)
      if (!ipvfuture_tail(s[i])) return false;
    return true;
  }
  return is_ipv6(s);
}

// RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
result<void> check_scheme(std::string_view s, std::size_t colon) {
  if (colon == 0 || !chars::alpha(s[0])) return fail(errc::iri_bad_scheme, 0);
  for (std::size_t i = 1; i < colon; ++i)
    if (!chars::scheme_tail(s[i])) return fail(errc::iri_bad_scheme, i);
  return {};
}

result<void> parse_authority(std::string_view s, std::size_t begin, std::size_t end, components& c) {
  // iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
  std::size_t h = begin;
  if (const void* at = std::memchr(s.data() + begin, '@', end - begin)) {
    const auto at_i = static_cast<std::size_t>(static_cast<const char*>(at) - s.data());
    c.has_userinfo = true;
    c.userinfo = s.substr(begin, at_i - begin);
    c.userinfo_at = begin;
    if (auto r = check_chars(s, begin, at_i, chars::userinfo, false); !r) return r;
    h = at_i + 1;
  }
  c.host_at = h;
  std::size_t p = end;
  if (h < end && s[h] == '[') {
    const std::size_t close = s.find(']', h);
    if (close == npos || close >= end) return fail(errc::iri_bad_ip_literal, h);
    if (!is_ip_literal_body(s.substr(h + 1, close - h - 1))) return fail(errc::iri_bad_ip_literal, h);
    c.host = s.substr(h, close + 1 - h);
    c.host_type = host_kind::ip_literal;
    p = close + 1;
    if (p < end && s[p] != ':') return fail(errc::iri_bad_authority, p);
  } else {
    const void* colon = std::memchr(s.data() + h, ':', end - h);
    p = colon ? static_cast<std::size_t>(static_cast<const char*>(colon) - s.data()) : end;
    if (auto r = check_chars(s, h, p, chars::reg_name, false); !r) return r;
    c.host = s.substr(h, p - h);
    c.host_type = is_ipv4(c.host) ? host_kind::ipv4 : host_kind::reg_name;
  }
  if (p < end) {
    // port = *DIGIT
    c.has_port = true;
    c.port_at = p + 1;
    c.port = s.substr(p + 1, end - p - 1);
    for (std::size_t i = p + 1; i < end; ++i)
      if (!chars::digit(s[i])) return fail(errc::iri_bad_port, i);
  }
  return {};
}

// RFC 3987 section 3.2 step 4 for one character (its UTF-8 `bytes`): copy it when appropriate,
// else percent-encode its octets.
void emit_char(std::string_view bytes, char32_t cp, std::string& out) {
  if (is_appropriate(cp)) {
    out += bytes;
  } else {
    for (char b : bytes) append_pct(out, static_cast<unsigned char>(b));
  }
}

// RFC 3987 section 3.2 steps 2-5 over s (already parsed).
void uri_to_iri_append(std::string_view s, std::string& out) {
  const char* const base = s.data();
  std::string octets;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    // Step 2, narrowed: only escapes of octets 0x80-0xFF are decoded; "%", reserved and all other
    // ASCII escapes stay as they are.
    if (b == '%' && i + 2 < s.size() && percent::hex_value(s[i + 1]) >= 8 && percent::hex_value(s[i + 2]) >= 0) {
      octets.clear();
      while (i + 2 < s.size() && s[i] == '%' && percent::hex_value(s[i + 1]) >= 8 &&
             percent::hex_value(s[i + 2]) >= 0) {
        octets += static_cast<char>((percent::hex_value(s[i + 1]) << 4) | percent::hex_value(s[i + 2]));
        i += 3;
      }
      const char* it = octets.data();
      const char* const end = it + octets.size();
      while (it != end) {
        const char* start = it;
        auto cp = utf8::decode(it, end);
        if (!cp) {
          // Step 3: "Re-percent-encode any octet produced in step 2 that is not part of a strictly
          // legal UTF-8 octet sequence."
          append_pct(out, static_cast<unsigned char>(*start));
          it = start + 1;
          continue;
        }
        // Step 4: "Re-percent-encode all octets ... that in UTF-8 represent characters that are not
        // appropriate according to sections 2.2, 4.1, and 6.1."
        emit_char(std::string_view(start, static_cast<std::size_t>(it - start)), *cp, out);
      }
      continue;
    }
    if (b < 0x80) {
      out += static_cast<char>(b);
      ++i;
      continue;
    }
    // A literal character of an IRI given as input: the same step 4 test.
    const char* it = base + i;
    auto cp = utf8::decode(it, base + s.size());
    const auto n = static_cast<std::size_t>(it - (base + i));
    if (cp) emit_char(s.substr(i, n), *cp, out);
    i += n;
  }
}

// RFC 3986 section 5.2.4: remove_dot_segments.
void remove_dot_segments(std::string_view in, std::string& out) {
  const std::size_t out_base = out.size();
  auto pop = [&] {
    const std::size_t slash = out.rfind('/');
    out.resize(slash == npos || slash < out_base ? out_base : slash);
  };
  auto starts = [&](std::string_view p) { return in.substr(0, p.size()) == p; };
  while (!in.empty()) {
    if (starts("../")) {
      in.remove_prefix(3);  // A
    } else if (starts("./")) {
      in.remove_prefix(2);  // A
    } else if (starts("/./")) {
      in.remove_prefix(2);  // B: "/./" -> "/"
    } else if (in == "/.") {
      in = "/";  // B
    } else if (starts("/../")) {
      in.remove_prefix(3);  // C: "/../" -> "/", and drop the last output segment
      pop();
    } else if (in == "/..") {
      in = "/";  // C
      pop();
    } else if (in == "." || in == "..") {
      in = {};  // D
    } else {
      // E: move the first segment, with its leading '/', to the output
      std::size_t next = in.find('/', 1);
      if (next == npos) next = in.size();
      out.append(in.substr(0, next));
      in.remove_prefix(next);
    }
  }
}

// RFC 3987 section 5.3.2.1 and 5.3.2.3 on one component of a URI: uppercase hex, decode escapes of
// unreserved characters; `lower_ascii` lower-cases the other ASCII letters (the host).
void normalize_escapes(std::string_view in, std::string& out, bool lower_ascii) {
  for (std::size_t i = 0; i < in.size(); ++i) {
    const char c = in[i];
    if (c == '%' && i + 2 < in.size() && percent::hex_value(in[i + 1]) >= 0 && percent::hex_value(in[i + 2]) >= 0) {
      const auto v = static_cast<unsigned char>((percent::hex_value(in[i + 1]) << 4) | percent::hex_value(in[i + 2]));
      if (chars::unreserved(v)) {
        out += lower_ascii ? chars::lower(static_cast<char>(v)) : static_cast<char>(v);
      } else {
        append_pct(out, v);
      }
      i += 2;
      continue;
    }
    out += lower_ascii ? chars::lower(c) : c;
  }
}

}  // namespace

bool is_appropriate(char32_t cp) noexcept {
  // Section 2.2: ucschar only (iprivate is refused even in the query: section 6.1 asks to avoid
  // characters that cannot be transcribed reliably).
  if (!is_ucschar(cp)) return false;
  // Section 4.1: "IRIs MUST NOT contain bidirectional formatting characters".
  if (bidi::is_formatting(cp)) return false;
  // Section 6.1 b: "full-width equivalents of Latin characters ... look-alikes of 'space',
  // 'delims', and 'unwise'".
  if ((cp >= 0xFF01 && cp <= 0xFF5E) || cp == 0x2044 || cp == 0x2215) return false;
  switch (u_charType(static_cast<UChar32>(cp))) {
    case U_UNASSIGNED:
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_SURROGATE:
    case U_PRIVATE_USE_CHAR:
    case U_SPACE_SEPARATOR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
      return false;
    default:
      return true;
  }
}

result<components> parse(std::string_view s) {
  components c;
  std::size_t i = 0;
  // RFC 3986 section 3 / appendix B: a ':' before any '/', '?' or '#' ends a scheme; a relative
  // reference cannot have one there (ipath-noscheme = isegment-nz-nc *( "/" isegment )).
  const std::size_t delim = s.find_first_of(":/?#");
  if (delim != npos && s[delim] == ':') {
    if (auto r = check_scheme(s, delim); !r) return r.error();
    c.scheme = s.substr(0, delim);
    i = delim + 1;
  }
  // ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty
  if (s.size() - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
    c.has_authority = true;
    const std::size_t begin = i + 2;
    std::size_t end = s.find_first_of("/?#", begin);
    if (end == npos) end = s.size();
    if (auto r = parse_authority(s, begin, end, c); !r) return r.error();
    i = end;
  }
  std::size_t path_end = s.find_first_of("?#", i);
  if (path_end == npos) path_end = s.size();
  if (auto r = check_chars(s, i, path_end, path_ascii, false); !r) return r.error();
  c.path = s.substr(i, path_end - i);
  c.path_at = i;
  i = path_end;
  if (i < s.size() && s[i] == '?') {
    std::size_t q_end = s.find('#', i + 1);
    if (q_end == npos) q_end = s.size();
    if (auto r = check_chars(s, i + 1, q_end, chars::query, true); !r) return r.error();
    c.has_query = true;
    c.query = s.substr(i + 1, q_end - i - 1);
    c.query_at = i + 1;
    i = q_end;
  }
  if (i < s.size()) {  // s[i] == '#'
    if (auto r = check_chars(s, i + 1, s.size(), chars::query, false); !r) return r.error();
    c.has_fragment = true;
    c.fragment = s.substr(i + 1);
    c.fragment_at = i + 1;
  }
  return c;
}

result<components> parse_absolute(std::string_view iri) {
  auto c = parse(iri);
  if (c && c->is_relative()) return fail(errc::iri_bad_scheme, 0);
  return c;
}

std::string_view trim(std::string_view input, std::size_t* leading) noexcept {
  const std::string_view t = chars::trim(input, chars::fws);
  if (leading) *leading = static_cast<std::size_t>(t.data() - input.data());
  return t;
}

void encode_non_ascii_append(std::string_view utf8, std::string& out) {
  std::size_t i = 0;
  while (i < utf8.size()) {
    std::size_t j = i;
    while (j < utf8.size() && static_cast<unsigned char>(utf8[j]) < 0x80) ++j;
    out.append(utf8, i, j - i);
    // Steps 2.1-2.3: each octet of the UTF-8 form becomes %HH.
    for (; j < utf8.size() && static_cast<unsigned char>(utf8[j]) >= 0x80; ++j)
      append_pct(out, static_cast<unsigned char>(utf8[j]));
    i = j;
  }
}

std::string encode_non_ascii(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size() + utf8.size() / 2);
  encode_non_ascii_append(utf8, out);
  return out;
}

result<std::string> to_uri(std::string_view iri, const to_uri_options& options) {
  std::string converted;
  std::string_view text = iri;
  if (!options.charset.empty()) {
    // Step 1 b: "convert the IRI to a sequence of characters from the UCS normalized according to NFC".
    auto r = charset::to_utf8(iri, options.charset);
    if (!r) detail::rethrow_no_memory(r.error());
    if (!r) return r.error();
    converted = std::move(*r);
    text = converted;
  }
  auto parts = parse(text);
  if (!parts) return parts.error();
  std::string out;
  out.reserve(text.size() + text.size() / 2);
  const std::string_view host = parts->host;
  const bool host_needs_idna = options.idna && parts->host_type == host_kind::reg_name &&
                               (!utf8::is_ascii(host) || host.find('%') != npos);
  if (!host_needs_idna) {
    encode_non_ascii_append(text, out);
    return out;
  }
  // "Replace the ireg-name part of the IRI by the part converted using the ToASCII operation"
  // (here UTS #46 + IDNA2008), "before step 2". Escaped UTF-8 octets of the host are decoded
  // first (RFC 3986 section 3.2.2: reg-name escapes are UTF-8); an ASCII escape cannot be part of
  // a domain name.
  std::string decoded;
  for (std::size_t i = 0; i < host.size(); ++i) {
    if (host[i] != '%') {
      decoded += host[i];
      continue;
    }
    const int v = (percent::hex_value(host[i + 1]) << 4) | percent::hex_value(host[i + 2]);
    if (v < 0x80) return fail(errc::idna_disallowed, parts->host_at + i);
    decoded += static_cast<char>(v);
    i += 2;
  }
  if (auto v = utf8::validate(decoded); !v) return fail(errc::idna_invalid, parts->host_at);
  auto ascii = idna::to_ascii(decoded);
  if (!ascii) {
    detail::rethrow_no_memory(ascii.error());
    const bool same = decoded.size() == host.size();
    return fail(ascii.error().code, parts->host_at + (same ? ascii.error().offset : 0));
  }
  encode_non_ascii_append(text.substr(0, parts->host_at), out);
  out += *ascii;
  encode_non_ascii_append(text.substr(parts->host_at + host.size()), out);
  return out;
}

result<std::string> to_iri(std::string_view uri, const to_iri_options& options) {
  auto parts = parse(uri);
  if (!parts) return parts.error();
  std::string out;
  out.reserve(uri.size());
  const std::string_view host = parts->host;
  // Only ASCII hosts with an "xn--" label are converted: escaped or literal non-ASCII hosts are
  // already in Unicode form, and converting them would make the mapping not idempotent.
  const bool convert_host = options.idna && parts->host_type == host_kind::reg_name && !host.empty() &&
                            host.find('%') == npos && utf8::is_ascii(host) && !idna::is_plain_ascii(host);
  if (!convert_host) {
    uri_to_iri_append(uri, out);
    return out;
  }
  auto unicode = idna::to_unicode(host);
  if (!unicode) detail::rethrow_no_memory(unicode.error());
  if (!unicode) return fail(unicode.error().code, parts->host_at + unicode.error().offset);
  uri_to_iri_append(uri.substr(0, parts->host_at), out);
  out += *unicode;
  uri_to_iri_append(uri.substr(parts->host_at + host.size()), out);
  return out;
}

std::vector<bidi_issue> bidi_issues(const components& parts) {
  std::vector<bidi_issue> issues;
  // Each piece of `comp` between two of `seps` is a component of section 4.2.
  auto each = [&](std::string_view name, std::string_view comp, std::size_t at, std::string_view seps) {
    std::size_t start = 0;
    while (start <= comp.size()) {
      std::size_t stop = seps.empty() ? npos : comp.find_first_of(seps, start);
      if (stop == npos) stop = comp.size();
      const std::string_view piece = comp.substr(start, stop - start);
      if (!piece.empty()) {
        const bidi::report r = bidi::scan(piece);
        if (!r.ok()) issues.push_back(bidi_issue{name, at + start, piece.size(), r});
      }
      start = stop + 1;
    }
  };
  if (parts.has_userinfo) each("iuserinfo", parts.userinfo, parts.userinfo_at, "");
  if (parts.host_type == host_kind::reg_name) each("ireg-name label", parts.host, parts.host_at, ".");
  each("isegment", parts.path, parts.path_at, "/.");
  if (parts.has_query) each("iquery", parts.query, parts.query_at, "&;=");
  if (parts.has_fragment) each("ifragment", parts.fragment, parts.fragment_at, "");
  return issues;
}

result<components> check(std::string_view iri_reference) {
  auto parts = parse(iri_reference);
  if (!parts) return parts;
  const auto issues = bidi_issues(*parts);
  if (!issues.empty()) return fail(errc::iri_bidi, issues.front().offset);
  return parts;
}

result<std::string> normalize(std::string_view iri_reference) {
  // Section 5.3.2.3: "converting both IRIs to URIs (see section 3.1), eliminating escape
  // differences in the resulting URIs, and making sure that the case of the hexadecimal
  // characters in the percent-encoding is always the same (preferably uppercase)".
  auto uri = to_uri(iri_reference);
  if (!uri) return uri.error();
  auto parts = parse(*uri);
  if (!parts) return parts.error();
  const components& c = *parts;
  std::string out;
  out.reserve(uri->size());
  if (!c.is_relative()) {
    // Section 5.3.2.1: "the scheme and US-ASCII only host are case insensitive and therefore should
    // be normalized to lowercase".
    for (char ch : c.scheme) out += chars::lower(ch);
    out += ':';
  }
  if (c.has_authority) {
    out += "//";
    if (c.has_userinfo) {
      normalize_escapes(c.userinfo, out, false);
      out += '@';
    }
    normalize_escapes(c.host, out, true);
    if (c.has_port) {
      out += ':';
      out += c.port;
    }
  }
  std::string path;
  normalize_escapes(c.path, path, false);
  // Section 5.3.2.4: "IRI normalizers should remove dot-segments by applying the
  // remove_dot_segments algorithm to the path".
  if (!c.is_relative() || (!path.empty() && path[0] == '/')) {
    const std::size_t path_start = out.size();
    remove_dot_segments(path, out);
    // Without an authority, a path that now starts with "//" would read as one ("/..//x"):
    // "/." keeps it a path and means the same.
    if (!c.has_authority && out.compare(path_start, 2, "//") == 0) out.insert(path_start, "/.");
  } else {
    out += path;
  }
  if (c.has_query) {
    out += '?';
    normalize_escapes(c.query, out, false);
  }
  if (c.has_fragment) {
    out += '#';
    normalize_escapes(c.fragment, out, false);
  }
  return out;
}

result<std::string> normalize_for_scheme(std::string_view iri_reference) {
  auto parts = parse(iri_reference);
  if (!parts) return parts.error();
  // Default ports: RFC 9110 section 4.2 (http 80, https 443), RFC 6455 section 3 (ws 80, wss 443),
  // RFC 1738 section 3.2 (ftp 21).
  struct known {
    std::string_view scheme;
    std::string_view port;
  };
  static constexpr known table[] = {{"http", "80"}, {"https", "443"}, {"ws", "80"}, {"wss", "443"}, {"ftp", "21"}};
  std::string_view default_port;
  bool found = false;
  for (const auto& k : table) {
    if (parts->scheme.size() != k.scheme.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < k.scheme.size(); ++i)
      same = same && chars::lower(parts->scheme[i]) == k.scheme[i];
    if (same) {
      default_port = k.port;
      found = true;
    }
  }
  if (!found || !parts->has_authority) return normalize(iri_reference);
  // "Validated IDN components ... may be considered equivalent" to their punycode form.
  auto uri = to_uri(iri_reference, to_uri_options{true, {}});
  if (!uri) uri = to_uri(iri_reference);
  if (!uri) return uri.error();
  auto norm = normalize(*uri);
  if (!norm) return norm;
  auto c = parse(*norm);
  if (!c) return c.error();
  std::string out;
  out.reserve(norm->size() + 1);
  out.append(*norm, 0, c->host_at + c->host.size());
  // "an explicit ':port', for which the port is empty or the default for the scheme, is
  // equivalent to one where the port and its ':' delimiter are elided"
  std::string_view port = c->port;
  while (port.size() > 1 && port[0] == '0') port.remove_prefix(1);
  if (c->has_port && !port.empty() && port != default_port) {
    out += ':';
    out += port;
  }
  // "an IRI that uses the generic syntax for authority with an empty path should be normalized
  // to a path of '/'"
  if (c->path.empty()) out += '/';
  out.append(*norm, c->path_at);
  return out;
}

result<comparison> compare(std::string_view a, std::string_view b) {
  if (auto pa = parse(a); !pa) return pa.error();
  if (auto pb = parse(b); !pb) return pb.error();
  // Section 5.3.1: "If two IRIs, when considered as character strings, are identical, then it is
  // safe to conclude that they are equivalent." UTF-8 strings are identical code point by code
  // point exactly when they are identical byte by byte.
  if (a == b) return comparison{true, ladder_step::simple_string};
  auto na = normalize(a);
  if (!na) return na.error();
  auto nb = normalize(b);
  if (!nb) return nb.error();
  if (*na == *nb) return comparison{true, ladder_step::syntax_based};
  auto sa = normalize_for_scheme(a);
  if (!sa) return sa.error();
  auto sb = normalize_for_scheme(b);
  if (!sb) return sb.error();
  return comparison{*sa == *sb, ladder_step::scheme_based};
}

}  // namespace mailtokit::iri
