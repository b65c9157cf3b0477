#include "mailtokit/message.hpp"

#include <mimetic/mimetic.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "header/address_detail.hpp"
#include "header/header_text.hpp"
#include "mail/crlf.hpp"
#include "mailto/warn.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/rfc2047.hpp"
#include "mailtokit/transfer.hpp"
#include "mailtokit/utf8.hpp"
#include "text/no_memory.hpp"

namespace mailtokit {

using detail::warn;

namespace {

// RFC 2231 sections 3 and 4: a parameter written `name*=charset'language'%XX...` or in
// continuations `name*0*=charset''...`, `name*1*=...`, `name*2=...` (a "*" after the number marks
// a percent-encoded segment; the octets are joined before the charset applies). UTF-8 text, or
// nullopt when the parameter is not written that way or cannot be read.
std::optional<std::string> rfc2231_param(const mimetic::FieldParamList& params, std::string_view name) {
  struct segment {
    unsigned index;
    bool encoded;
    std::string_view text;
  };
  std::vector<segment> segments;
  for (const mimetic::FieldParam& p : params) {
    const std::string_view n(p.name().data(), p.name().size());
    if (n.size() <= name.size() || !chars::iequals(n.substr(0, name.size()), name) || n[name.size()] != '*')
      continue;
    std::string_view rest = n.substr(name.size() + 1);
    if (rest.empty()) {  // name*=
      segments.push_back({0, true, p.value()});
      continue;
    }
    const bool encoded = rest.back() == '*';
    if (encoded) rest.remove_suffix(1);
    // RFC 2231 section 3: the numbers are decimal without leading zeros.
    if (rest.empty() || rest.size() > 3 || (rest.size() > 1 && rest.front() == '0')) return std::nullopt;
    unsigned index = 0;
    for (char c : rest) {
      if (!chars::digit(c)) return std::nullopt;
      index = index * 10 + static_cast<unsigned>(c - '0');
    }
    segments.push_back({index, encoded, p.value()});
  }
  if (segments.empty()) return std::nullopt;
  std::sort(segments.begin(), segments.end(),
            [](const segment& a, const segment& b) { return a.index < b.index; });
  std::string charset, octets;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (segments[i].index != i) return std::nullopt;  // a gap or a repeated number
    std::string_view text = segments[i].text;
    if (i == 0 && segments[i].encoded) {
      // extended-initial-value := [charset] "'" [language] "'" extended-other-values
      const std::size_t q1 = text.find('\'');
      const std::size_t q2 = q1 == std::string_view::npos ? q1 : text.find('\'', q1 + 1);
      if (q2 == std::string_view::npos) return std::nullopt;
      charset = chars::lowered(text.substr(0, q1));
      text.remove_prefix(q2 + 1);
    }
    for (std::size_t j = 0; j < text.size(); ++j) {
      if (segments[i].encoded && text[j] == '%' && j + 2 < text.size() && chars::hexdig(text[j + 1]) &&
          chars::hexdig(text[j + 2])) {
        auto hex = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
        octets += static_cast<char>(hex(text[j + 1]) * 16 + hex(text[j + 2]));
        j += 2;
      } else {
        octets += text[j];
      }
    }
  }
  if (charset.empty() || charset == "utf-8" || charset == "utf8" || charset == "us-ascii") {
    if (!utf8::validate(octets)) return std::nullopt;
    return octets;
  }
  auto converted = charset::to_utf8(octets, charset);
  if (!converted) detail::rethrow_no_memory(converted.error());
  if (!converted) return std::nullopt;
  return std::move(*converted);
}

constexpr std::size_t npos = std::string_view::npos;

// One header field as the message writes it.
struct raw_field {
  std::string_view name;         // WSP before ':' removed (RFC 5322 section 4.5.3, obs-optional)
  std::string_view raw;          // everything after ':', folding line breaks included
  std::size_t offset = 0;        // of the name in the message
  std::size_t value_offset = 0;  // of `raw` in the message
};

struct header_block {
  std::vector<raw_field> fields;
  std::size_t body = 0;     // offset of the body (the message's size when there is none)
  bool terminated = false;  // an empty line ended the header section
};

// The end of the line starting at `pos` (its CR or LF), and the start of the next line. Bare CR
// and bare LF end lines too, as they do for mimetic and for files saved by Unix programs.
std::size_t line_end(std::string_view s, std::size_t pos) noexcept {
  const std::size_t e = s.find_first_of("\r\n", pos);
  return e == npos ? s.size() : e;
}
std::size_t next_line(std::string_view s, std::size_t end) noexcept {
  if (end == s.size()) return end;
  return end + ((s[end] == '\r' && end + 1 < s.size() && s[end + 1] == '\n') ? 2 : 1);
}

// RFC 5322 section 2.2: "Header fields are lines beginning with a field name, followed by a
// colon"; section 2.2.3: a line beginning with WSP continues the field before it (folding);
// section 2.1: the header section ends at an empty line. Anything else is not a message.
// RFC 5322 section 2.1.1: "Each line of characters MUST be no more than 998 characters" (the
// bound is read_options::max_line), and a field with its folded lines is bounded by max_field.
// One pass, before mimetic (whose time grows with the square of a header line's and a field's
// length) sees the message.
result<header_block> scan_header(std::string_view eml, std::size_t pos, const read_options& o) {
  header_block h;
  while (pos < eml.size()) {
    const std::size_t end = line_end(eml, pos);
    const std::size_t next = next_line(eml, end);
    if (end == pos) {
      h.terminated = true;
      h.body = next;
      return h;
    }
    if (end - pos > o.max_line) return fail(errc::message_malformed, pos + o.max_line);
    if (chars::wsp(eml[pos])) {
      if (h.fields.empty()) return fail(errc::message_malformed, pos);
      raw_field& f = h.fields.back();
      if (end - f.offset > o.max_field) return fail(errc::input_too_long, f.offset + o.max_field);
      f.raw = eml.substr(f.value_offset, end - f.value_offset);
    } else {
      const std::size_t colon = eml.find(':', pos);
      if (colon >= end) return fail(errc::message_malformed, pos);
      std::size_t name_end = colon;
      while (name_end > pos && chars::wsp(eml[name_end - 1])) --name_end;
      // RFC 5322 section 3.6.8: field-name = 1*ftext
      if (name_end == pos) return fail(errc::message_malformed, pos);
      for (std::size_t i = pos; i < name_end; ++i)
        if (!chars::ftext(eml[i])) return fail(errc::message_malformed, i);
      if (h.fields.size() == o.max_fields) return fail(errc::too_many_hfields, pos);
      if (end - pos > o.max_field) return fail(errc::input_too_long, pos + o.max_field);
      h.fields.push_back(raw_field{eml.substr(pos, name_end - pos), eml.substr(colon + 1, end - colon - 1), pos, colon + 1});
    }
    pos = next;
  }
  h.body = eml.size();
  return h;
}

// RFC 5322 section 3.2.2: "Unfolding is accomplished by simply removing any CRLF that is
// immediately followed by WSP." The white space around the value is not part of it.
std::string unfold(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (char c : chars::trim(raw, chars::wsp))
    if (c != '\r' && c != '\n') out += c;
  return out;
}

// The offset in `raw` of byte `i` of unfold(raw).
std::size_t raw_index(std::string_view raw, std::size_t i) noexcept {
  std::size_t k = 0;
  while (k < raw.size() && chars::wsp(raw[k])) ++k;
  for (; k < raw.size(); ++k) {
    if (raw[k] == '\r' || raw[k] == '\n') continue;
    if (i-- == 0) return k;
  }
  return raw.size();
}

// The fields compose() writes itself; a link cannot carry them (From becomes draft::from).
bool written_by_composer(std::string_view n) noexcept {
  return n == "mime-version" || n == "content-type" || n == "content-transfer-encoding" || n == "date" ||
         n == "message-id" || n == "x-unsent" || n == "from";
}

// mimetic's parse of the MIME structure. mimetic is not exception-safe where memory runs out:
// Rfc822Header::getField() turns a field's text into its parsed value (each entity's
// Content-Type, as the parser reads it) by deleting the text before it allocates the parsed value,
// so an allocation failing there leaves the field a deleted pointer, which the entity's destructor
// deletes again; its header parser loses its line buffers too. So a tree whose parse threw is
// left unfreed, never destroyed: that happens only when memory runs out (mimetic throws nothing
// else), and max_input and max_parts bound the tree.
std::unique_ptr<const mimetic::MimeEntity> parse_mime(std::string_view text) {
  auto tree = std::make_unique<mimetic::MimeEntity>();
  try {
    tree->load(text.data(), text.data() + text.size());
  } catch (...) {
    static_cast<void>(tree.release());
    throw;
  }
  return tree;
}

// Content-Disposition and Content-Transfer-Encoding parsed from the field's text into a value of
// the caller's, not through mimetic's Header accessors, which would convert the field in place as
// above (Content-Type is converted by the parser already). The first field of that name, as they
// take; none gives the empty value.
template <class T>
T parsed_field(const mimetic::MimeEntity& e) {
  for (const mimetic::Field& f : e.header())
    if (f.name() == T::label) return T(f.value());
  return T();
}

struct reader {
  std::string_view eml;
  const read_options& options;
  std::size_t body_start = 0;
  std::optional<std::string> body;
  std::vector<dropped_field> parts;
  std::vector<warning> warnings;

  // Where the body of `e` is in the message. mimetic keeps no offsets; a part's body is a
  // verbatim substring of the message, so the first occurrence after the header is taken.
  std::size_t locate(const mimetic::MimeEntity& e, std::size_t depth) const {
    if (depth == 0 || e.body().empty()) return body_start;
    const std::size_t at = eml.find(e.body(), body_start);
    return at == npos ? body_start : at;
  }

  // RFC 2045 section 6: the octets of the body, from its Content-Transfer-Encoding.
  result<std::string> transfer_decode(const mimetic::MimeEntity& e, std::size_t depth, bool& identity) const {
    const auto encoding = parsed_field<mimetic::ContentTransferEncoding>(e);
    const std::string cte = chars::lowered(chars::trim(encoding.mechanism(), chars::wsp));
    const std::string& raw = e.body();
    std::string out;
    identity = cte.empty() || cte == "7bit" || cte == "8bit" || cte == "binary";
    if (identity) return std::string(raw);
    if (cte == "quoted-printable") {
      if (auto r = transfer::qp_decode_append(raw, out); !r) return fail(errc::body_malformed, locate(e, depth) + r.error().offset);
      return out;
    }
    if (cte == "base64") {
      // RFC 2045 section 6.8: the encoded lines are broken by CRLF; no other characters belong.
      std::string text;
      text.reserve(raw.size());
      for (char c : raw)
        if (c != '\r' && c != '\n' && !chars::wsp(c)) text += c;
      if (auto r = transfer::base64_decode_append(text, out, false); !r) {
        std::size_t k = r.error().offset, i = 0;
        for (; i < raw.size(); ++i) {
          const char c = raw[i];
          if (c == '\r' || c == '\n' || chars::wsp(c)) continue;
          if (k-- == 0) break;
        }
        return fail(errc::body_malformed, locate(e, depth) + i);
      }
      return out;
    }
    // RFC 2045 section 6.4: an unknown encoding cannot be read as text.
    return fail(errc::body_malformed, locate(e, depth));
  }

  // RFC 2046 section 4.1.2: the charset parameter, "US-ASCII" when absent (RFC 2045 section 5.2).
  result<std::string> text_body(const mimetic::MimeEntity& e, std::size_t depth) {
    bool identity = false;
    auto octets = transfer_decode(e, depth, identity);
    if (!octets) return octets.error();
    const std::string cs = chars::lowered(chars::trim(e.header().contentType().param("charset"), chars::wsp));
    auto at = [&](std::size_t i) { return locate(e, depth) + (identity ? i : 0); };
    std::string utf8_text;
    if (cs.empty() || cs == "us-ascii" || cs == "ascii" || cs == "utf-8" || cs == "utf8") {
      if (auto v = utf8::validate(*octets); !v) return fail(v.error().code, at(v.error().offset));
      if ((cs.empty() || cs == "us-ascii" || cs == "ascii") && !utf8::is_ascii(*octets))
        warn(warnings, warning_code::body_charset_assumed, "body",
             "the body has 8-bit octets but its charset is US-ASCII (or not given); it was read as UTF-8",
             locate(e, depth));
      utf8_text = std::move(*octets);
    } else {
      auto converted = charset::to_utf8(*octets, cs);
      if (!converted) return fail(converted.error().code, at(converted.error().offset));
      utf8_text = std::move(*converted);
    }
    return detail::crlf_lines(utf8_text);
  }

  // A part that a link cannot carry: its type and file name, for the user.
  void drop_part(const mimetic::MimeEntity& e, std::string_view type) {
    const mimetic::Header& h = e.header();
    const auto disposition = parsed_field<mimetic::ContentDisposition>(e);
    std::string value(type);
    // RFC 2183 section 2.3 filename, else Content-Type's name; either RFC 2231-encoded (what
    // Thunderbird and mailtokit write for a non-ASCII name) or a plain value that some programs
    // fill with RFC 2047 words.
    std::optional<std::string> ext = rfc2231_param(disposition.paramList(), "filename");
    std::string file = ext ? std::string() : disposition.param("filename");
    if (!ext && file.empty()) {
      ext = rfc2231_param(h.contentType().paramList(), "name");
      if (!ext) file = h.contentType().param("name");
    }
    if (ext) {
      file = std::move(*ext);
    } else if (auto d = rfc2047::decode(file, options.max_encoded_words); d && !file.empty()) {
      file = std::move(*d);
    }
    if (!file.empty()) {
      detail::clean_header_text(file);
      value += "; filename=" + file;
    }
    const bool attachment = chars::lowered(disposition.type()) == "attachment" || !file.empty();
    parts.push_back(dropped_field{attachment ? "MIME attachment" : "MIME part", std::move(value),
                                  "attachment/part not representable in a mailto link: RFC 6068 section 2 has "
                                  "only a plain-text 'body', so this MIME part is left out"});
  }

  // RFC 2046 section 5.1: the first text/plain part that is not an attachment is the body.
  result<void> walk(const mimetic::MimeEntity& e, std::size_t depth) {
    if (depth > options.max_depth) return fail(errc::nesting_too_deep, locate(e, depth));
    const mimetic::ContentType& ct = e.header().contentType();
    if (ct.isMultipart()) {
      if (e.body().parts().empty()) return fail(errc::message_malformed, locate(e, depth));
      for (const mimetic::MimeEntity* part : e.body().parts())
        if (auto r = walk(*part, depth + 1); !r) return r;
      return {};
    }
    // RFC 2045 section 5.2: no (or an unreadable) Content-Type means text/plain.
    const std::string type =
        ct.type().empty() ? "text/plain" : chars::lowered(ct.type()) + "/" + chars::lowered(ct.subtype());
    const bool attachment =
        depth > 0 && chars::lowered(parsed_field<mimetic::ContentDisposition>(e).type()) == "attachment";
    if (type != "text/plain" || attachment || body) {
      drop_part(e, type);
      return {};
    }
    auto text = text_body(e, depth);
    if (!text) return text.error();
    body = std::move(*text);
    return {};
  }
};

// RFC 2046 section 5.1.1: every body part follows a delimiter line "--boundary", so the lines
// starting "--" bound the entities mimetic builds, before it builds them. The lines after such
// a line up to an empty one may be a part's header section, which mimetic parses as it does the
// message's: they are held to read_options::max_line (RFC 5322 section 2.1.1) and max_field too.
result<void> check_parts(std::string_view eml, const read_options& o) {
  std::size_t n = 0;
  bool part_header = false;
  std::size_t field = 0;  // where the part header's current field starts
  for (std::size_t pos = 0; pos < eml.size();) {
    const std::size_t end = line_end(eml, pos);
    if (eml.compare(pos, 2, "--") == 0) {
      if (++n > o.max_parts) return fail(errc::too_many_parts, pos);
      part_header = true;
      field = next_line(eml, end);
    } else if (end == pos) {
      part_header = false;
    } else if (part_header) {
      if (end - pos > o.max_line) return fail(errc::message_malformed, pos + o.max_line);
      if (!chars::wsp(eml[pos])) field = pos;
      if (end - field > o.max_field) return fail(errc::input_too_long, field + o.max_field);
    }
    pos = next_line(eml, end);
    if (pos == end) break;
  }
  return {};
}

// What the header fields of a message become: hfields for the policy, the author, the fields
// left out, how many recipients so far.
struct read_fields {
  mailto_uri uri;
  std::optional<address> from;
  std::vector<dropped_field>& parts;
  std::size_t recipients = 0;
};

// One header field: an hfield, decoded as parse_mailto() decodes a URI's, for the policy; the
// author; or a field left out.
result<void> read_field(const raw_field& f, const read_options& o, read_fields& m) {
  hfield h;
  h.name = chars::lowered(f.name);
  h.offset = f.offset;
  h.value_offset = f.value_offset;
  std::string value = unfold(f.raw);
  auto at = [&](std::size_t k) { return f.value_offset + raw_index(f.raw, k); };
  // RFC 6532 section 3.2: raw non-ASCII header text is UTF-8.
  if (auto v = utf8::validate(value); !v) return fail(v.error().code, at(v.error().offset));
  const bool addresses = h.name == "to" || h.name == "cc" || h.name == "bcc" || h.name == "from";
  if (addresses) {
    std::size_t words = 0;
    for (std::size_t k = value.find("=?"); k != npos; k = value.find("=?", k + 2))
      if (++words > o.max_encoded_words) return fail(errc::too_many_encoded_words, at(k));
    if (detail::clean_header_text(value))
      warn(m.uri.warnings, warning_code::header_controls_removed, h.name,
           "line breaks or control characters in '" + h.name + "' were removed", f.value_offset);
  }
  if (h.name == "from") {
    // RFC 5322 section 3.6.2: the author; a link has no place for it, the draft keeps it.
    std::vector<address> list;
    std::vector<detail::address_issue> issues;
    if (detail::parse_address_list_into(value, list, issues, 100) && !list.empty() && list.front().valid) {
      m.from = std::move(list.front());
      if (list.size() > 1) warn(m.uri.warnings, warning_code::from_multiple, "from", "'from' names several authors; the first is used", f.offset);
    } else {
      warn(m.uri.warnings, warning_code::from_unreadable, "from", "'from' holds no valid address; it was ignored", f.offset);
    }
    return {};
  }
  if (written_by_composer(h.name)) return {};
  if (h.name == "body") {
    // A message's body is what follows its header; a field named "Body" must not become it.
    auto decoded = rfc2047::decode(value, o.max_encoded_words);
    m.parts.push_back(dropped_field{"body", decoded ? std::move(*decoded) : std::move(value),
                                     "a header field named 'Body' is not the message's body (that is the text "
                                     "after the header section), so it is left out"});
    return {};
  }
  if (addresses) {
    h.value = std::move(value);
    std::vector<detail::address_issue> issues;
    // compose() writes an address that is not valid as an empty group ("To: not-an-address : ;"):
    // read back, it is that text again, not nothing.
    if (!detail::parse_address_list_into(h.value, h.addresses, issues, o.max_recipients - m.recipients,
                                         /*empty_group_as_text=*/true))
      return fail(errc::too_many_recipients, f.value_offset);
    m.recipients += h.addresses.size();
    for (const auto& issue : issues)
      warn(m.uri.warnings, warning_code::invalid_address, h.name,
           "an address in '" + h.name + "' is not valid (" + std::string(to_string(issue.err.code)) +
               "); it is kept so you can correct it",
           f.value_offset);
  } else {
    // RFC 2047 section 5 (1): unstructured text may hold encoded words.
    auto decoded = rfc2047::decode(value, o.max_encoded_words);
    if (!decoded) return fail(decoded.error().code, at(decoded.error().offset));
    h.value = std::move(*decoded);
  }
  m.uri.hfields.push_back(std::move(h));
  return {};
}

// Our scan and mimetic must see the same fields, else one of us misreads the message.
result<void> same_fields(const mimetic::MimeEntity& me, const header_block& hb) {
  std::size_t i = 0;
  for (const mimetic::Field& f : me.header()) {
    if (i == hb.fields.size() || chars::lowered(f.name()) != chars::lowered(hb.fields[i].name))
      return fail(errc::message_malformed, i < hb.fields.size() ? hb.fields[i].offset : hb.body);
    ++i;
  }
  if (i != hb.fields.size()) return fail(errc::message_malformed, hb.fields[i].offset);
  return {};
}

result<draft> read(std::string_view eml, const read_options& o, const policy& p) {
  // An mbox "From " separator line before the header section is not part of the message.
  const std::size_t start = eml.starts_with("From ") ? next_line(eml, line_end(eml, 0)) : 0;
  auto hb = scan_header(eml, start, o);
  if (!hb) return hb.error();
  if (auto r = check_parts(eml.substr(hb->body), o); !r) return fail(r.error().code, hb->body + r.error().offset);

  // mimetic parses the MIME structure. It drops a last field that no line break ends, so an
  // unterminated header section gets its empty line.
  std::string copy;
  std::string_view text = eml.substr(start);
  if (!hb->terminated) {
    copy.assign(text);
    if (!copy.empty() && copy.back() != '\n' && copy.back() != '\r') copy += "\r\n";
    copy += "\r\n";
    text = copy;
  }
  const std::unique_ptr<const mimetic::MimeEntity> tree = parse_mime(text);
  const mimetic::MimeEntity& me = *tree;
  if (auto r = same_fields(me, *hb); !r) return r.error();

  reader rd{eml, o, hb->body, {}, {}, {}};
  if (auto r = rd.walk(me, 0); !r) return r.error();

  // Every other field becomes an hfield, decoded as parse_mailto() decodes a URI's, for the policy.
  read_fields m{{}, {}, rd.parts, 0};
  m.uri.warnings = std::move(rd.warnings);
  for (const raw_field& f : hb->fields)
    if (auto r = read_field(f, o, m); !r) return r.error();
  if (rd.body && !rd.body->empty()) {
    hfield b;
    b.name = "body";
    b.value = std::move(*rd.body);
    b.offset = b.value_offset = hb->body;
    m.uri.hfields.push_back(std::move(b));
  }
  draft d = apply_policy(m.uri, p);
  d.from = std::move(m.from);
  for (auto& part : rd.parts) d.dropped.push_back(std::move(part));
  return d;
}

}  // namespace

result<draft> read_message(std::string_view eml, const read_options& options, const policy& p) {
  if (eml.empty()) return fail(errc::empty_input, 0);
  if (eml.size() > options.max_input) return fail(errc::input_too_long, options.max_input);
  try {
    return read(eml, options, p);
  } catch (const std::bad_alloc&) {
    return fail(errc::no_memory, 0);
  } catch (...) {
    // mimetic reports what it cannot parse by throwing; it keeps no position.
    return fail(errc::message_malformed, 0);
  }
}

}  // namespace mailtokit
