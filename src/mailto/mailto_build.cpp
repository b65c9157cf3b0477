// build_mailto() and make_draft(): the inverse of parse_draft() (RFC 6068 sections 2 and 5).
#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "header/address_detail.hpp"
#include "header/header_text.hpp"
#include "mailtokit/bidi.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/utf8.hpp"

namespace mailtokit {

namespace {

// RFC 6068 section 2 item 1: in an addr-spec "%", "/", "?", "#", "[", "]", "&", ";", "=" and
// every character a URI cannot hold MUST be percent-encoded; "," separates addresses. What
// remains of qchar may stay raw (RFC 6068 section 6.2 keeps "'" raw, encodes '"' and '\').
constexpr chars::char_class addr_raw = chars::unreserved | chars::of("!$'()*+:");
// RFC 6068 section 2: hfvalue = *qchar, and "percent-encoding is needed for the same
// characters as listed above for <addr-spec>" ("&", ";", "="). RFC 6068 section 5: "'+'
// characters MAY be encoded as %2B" -- done in text values, where form decoders would read a
// raw '+' as a space; addresses keep it (bill+ietf@example.org).
constexpr chars::char_class text_raw = chars::unreserved | chars::of("!$'()*,:@");
constexpr chars::char_class list_raw = text_raw | chars::of("+");
// RFC 5322 section 3.2.3 atext: a display name of such words separated by single spaces needs
// no quoting.
constexpr chars::char_class phrase_raw = chars::atext.without("=?");

void pct(std::string& out, unsigned char b) {
  out += '%';
  out += chars::hex_upper[b >> 4];
  out += chars::hex_upper[b & 0xF];
}

// RFC 3987 section 2.2: ucschar, less the bidi formatting characters that "IRIs MUST NOT
// contain" (section 4.1), U+061C, and the line and paragraph separators. iprivate is encoded.
constexpr bool iri_keeps(char32_t cp) noexcept {
  if (bidi::is_formatting(cp) || cp == 0x2028 || cp == 0x2029) return false;
  if (cp >= 0xA0 && cp <= 0xD7FF) return true;
  if (cp >= 0xF900 && cp <= 0xFDCF) return true;
  if (cp >= 0xFDF0 && cp <= 0xFFEF) return true;
  if (cp >= 0x10000 && cp <= 0xEFFFD && (cp & 0xFFFE) != 0xFFFE && !(cp >= 0xE0000 && cp < 0xE1000)) return true;
  return false;
}

// Percent-encode `s` (UTF-8) into `out`: ASCII outside `raw` always, non-ASCII unless `iri`
// and RFC 3987 allows the character raw.
void encode(std::string_view s, const chars::char_class& raw, bool iri, std::string& out) {
  const char* it = s.data();
  const char* end = it + s.size();
  while (it != end) {
    const auto b = static_cast<unsigned char>(*it);
    if (b < 0x80) {
      if (raw(b))
        out += static_cast<char>(b);
      else
        pct(out, b);
      ++it;
      continue;
    }
    const char* start = it;
    auto cp = utf8::decode(it, end);
    if (!cp) {
      pct(out, b);
      it = start + 1;
      continue;
    }
    if (iri && iri_keeps(*cp)) {
      out.append(start, it);
    } else {
      for (const char* q = start; q != it; ++q) pct(out, static_cast<unsigned char>(*q));
    }
  }
}

// The addr-spec text of `a` in the requested form (decoded; encode() escapes it afterwards).
std::string addr_spec_text(const address& a, uri_form form) {
  if (!a.valid) return a.original;
  std::string s = a.local_part;
  s += '@';
  s += form == uri_form::ascii ? a.domain_ascii : a.domain;
  return s;
}

// RFC 5322 section 3.2.5 phrase: plain words stay; anything else becomes a quoted-string.
std::string phrase_text(std::string_view name) {
  bool plain = !name.empty() && name.front() != ' ' && name.back() != ' ' && name.find("  ") == name.npos;
  for (char c : name)
    if (c != ' ' && !phrase_raw(c) && static_cast<unsigned char>(c) < 0x80) plain = false;
  if (plain) return std::string(name);
  std::string q = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  q += '"';
  return q;
}

// RFC 2047 section 4.1 B encoding of UTF-8 text, split into words of at most 75 characters
// (section 2) at character boundaries, separated by a space (dropped when decoding, 6.2).
std::string encoded_words(std::string_view s) {
  static constexpr char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t n = std::min<std::size_t>(45, s.size() - i);
    while (n > 1 && i + n < s.size() && (static_cast<unsigned char>(s[i + n]) & 0xC0u) == 0x80u) --n;
    if (!out.empty()) out += ' ';
    out += "=?utf-8?B?";
    for (std::size_t k = 0; k < n; k += 3) {
      const unsigned v0 = static_cast<unsigned char>(s[i + k]);
      const unsigned v1 = k + 1 < n ? static_cast<unsigned char>(s[i + k + 1]) : 0u;
      const unsigned v2 = k + 2 < n ? static_cast<unsigned char>(s[i + k + 2]) : 0u;
      const unsigned v = (v0 << 16) | (v1 << 8) | v2;
      out += b64[(v >> 18) & 63];
      out += b64[(v >> 12) & 63];
      out += k + 1 < n ? b64[(v >> 6) & 63] : '=';
      out += k + 2 < n ? b64[v & 63] : '=';
    }
    out += "?=";
    i += n;
  }
  return out;
}

struct writer {
  std::string& out;
  const build_options& options;
  bool first = true;

  bool iri() const { return options.form == uri_form::iri; }

  void begin_hfield(std::string_view name) {
    if (first) {
      out += '?';
      first = false;
    } else {
      out += options.html ? "&amp;" : "&";
    }
    encode(name, addr_raw, iri(), out);
    out += '=';
  }

  // The addresses list[from..] as `name` fields, in order: runs of valid addresses as one
  // address list each, every invalid address that buildable() allows in a field of its own (its
  // text next to another entry's could join them: an open '"' or '(' takes the ',' after it),
  // and no other one.
  void address_list(std::string_view name, const std::vector<address>& list, std::size_t from) {
    std::string text;
    const auto flush = [&] {
      if (text.empty()) return;
      begin_hfield(name);
      encode(text, list_raw, iri(), out);
      text.clear();
    };
    for (std::size_t i = from; i < list.size(); ++i) {
      const address& a = list[i];
      if (!a.valid) {
        if (!buildable(a)) continue;
        flush();
        text = a.original;
        flush();
        continue;
      }
      if (!text.empty()) text += ',';
      if (!a.display_name.empty()) {
        text += phrase_text(a.display_name);
        text += " <";
        text += addr_spec_text(a, options.form);
        text += '>';
      } else {
        text += addr_spec_text(a, options.form);
      }
    }
    flush();
  }

  void text_field(std::string_view name, std::string_view value, bool body) {
    begin_hfield(name);
    // A value that holds an encoded word, or what a lenient decoder takes for one ("=?" and
    // later "?="), would be RFC 2047-decoded when read back (RFC 6068 section 2): write it as
    // encoded words that decode to exactly this text. A lone "=?" ("2+2=?") is no encoded word
    // and stays as it is: programs that decode no encoded word in a link (Claws Mail, Evolution,
    // Balsa) would show the encoded form.
    const auto open = body ? value.npos : value.find("=?");
    if (open != value.npos && value.find("?=", open + 2) != value.npos)
      encode(encoded_words(value), text_raw, iri(), out);
    else
      encode(value, text_raw, iri(), out);
  }
};

void html_escape_quotes(std::string& s) {
  if (s.find('\'') == s.npos) return;
  std::string out;
  out.reserve(s.size() + 16);
  for (char c : s) {
    if (c == '\'')
      out += "&#39;";
    else
      out += c;
  }
  s.swap(out);
}

}  // namespace

bool buildable(const address& a) {
  if (a.valid) return true;
  // Read as a field value is (RFC 5322 section 3.4 address-list): the text must come back as
  // this one address, invalid, with this text. A repaired address (U+FFFD, a legacy charset)
  // reads back valid; "x@example.com;id" reads back as two, one of them valid.
  std::vector<address> back;
  std::vector<detail::address_issue> issues;
  if (!detail::parse_address_list_into(a.original, back, issues, 2)) return false;
  return back.size() == 1 && !back.front().valid && back.front().original == a.original;
}

std::string build_mailto(const draft& d, const build_options& options) {
  std::string out = "mailto:";
  out.reserve(64);
  // RFC 6068 section 2: to = addr-spec *("," addr-spec). Addresses with display names cannot
  // be written there and go to a "to" hfield, keeping their order; so do invalid addresses (an
  // addr-spec the path holds is read by a grammar of its own, in strict and lenient forms).
  // An invalid address that cannot be written (buildable()) is left out before the path is
  // chosen, so that the link built from what reads back is this one again (a fixed point).
  std::vector<address> to_kept;
  const bool unbuildable = std::any_of(d.to.begin(), d.to.end(), [](const address& a) { return !buildable(a); });
  if (unbuildable)
    std::copy_if(d.to.begin(), d.to.end(), std::back_inserter(to_kept), [](const address& a) { return buildable(a); });
  const std::vector<address>& to = unbuildable ? to_kept : d.to;
  std::size_t in_path = 0;
  while (in_path < to.size() && to[in_path].valid && to[in_path].display_name.empty()) ++in_path;
  // Local parts that hold no list structure alone can make one together (a quoted '"' in one
  // and another in the next): what the parser reads is the whole path, so check that.
  if (in_path > 1) {
    std::string path;
    for (std::size_t i = 0; i < in_path; ++i) {
      if (i) path += ',';
      path += to[i].local_part + "@" + to[i].domain;
    }
    if (detail::has_list_structure(path)) in_path = 0;
  }
  for (std::size_t i = 0; i < in_path; ++i) {
    if (i) out += ',';
    const address& a = to[i];
    // RFC 6068 section 2 item 5 (local part) and item 4 (domain: A-labels, or percent-encoded
    // UTF-8 "to denote an internationalized domain name").
    encode(a.local_part, addr_raw, options.form == uri_form::iri, out);
    out += '@';
    encode(options.form == uri_form::ascii ? a.domain_ascii : a.domain, addr_raw, options.form == uri_form::iri, out);
  }
  writer w{out, options};
  w.address_list("to", to, in_path);
  w.address_list("cc", d.cc, 0);
  w.address_list("bcc", d.bcc, 0);
  if (d.subject) w.text_field("subject", *d.subject, false);
  for (const auto& h : d.headers) w.text_field(h.name, h.value, false);
  if (d.body) w.text_field("body", *d.body, true);
  if (options.html) html_escape_quotes(out);
  return out;
}

result<draft> make_draft(const mailto_fields& fields) {
  draft d;
  auto add_list = [](const std::vector<std::string>& texts, std::vector<address>& list) -> result<void> {
    for (const auto& t : texts) {
      if (auto v = utf8::validate(t); !v) return fail(errc::mailto_invalid_utf8, v.error().offset);
      if (const auto at = detail::find_header_control(t); at != std::string_view::npos)
        return fail(errc::header_injection, at);
      std::vector<detail::address_issue> issues;
      if (auto r = detail::parse_address_list_into(t, list, issues, static_cast<std::size_t>(-1)); !r) return r;
      if (!issues.empty()) return fail(errc::invalid_address, issues.front().err.offset);
    }
    return {};
  };
  if (auto r = add_list(fields.to, d.to); !r) return r.error();
  if (auto r = add_list(fields.cc, d.cc); !r) return r.error();
  if (auto r = add_list(fields.bcc, d.bcc); !r) return r.error();
  auto check_text = [](std::string_view v) -> result<void> {
    if (auto ok = utf8::validate(v); !ok) return fail(errc::mailto_invalid_utf8, ok.error().offset);
    if (const auto at = detail::find_header_control(v); at != std::string_view::npos)
      return fail(errc::header_injection, at);
    return {};
  };
  if (fields.subject) {
    if (auto r = check_text(*fields.subject); !r) return r.error();
    d.subject = fields.subject;
  }
  for (const auto& h : fields.headers) {
    bool name_ok = !h.name.empty();
    for (char c : h.name) name_ok = name_ok && chars::ftext(c);
    if (!name_ok) return fail(errc::mailto_bad_hname, 0);
    if (auto r = check_text(h.value); !r) return r.error();
    d.headers.push_back(h);
  }
  if (fields.body) {
    if (auto ok = utf8::validate(*fields.body); !ok) return fail(errc::mailto_invalid_utf8, ok.error().offset);
    std::string body = *fields.body;
    detail::clean_body_text(body);
    d.body = std::move(body);
  }
  return d;
}

}  // namespace mailtokit
