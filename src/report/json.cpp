#include "mailtokit/json.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mailtokit/chars.hpp"
#include "mailtokit/utf8.hpp"
#include "report/json_scan.hpp"
#include "text/utf8_subpart.hpp"

namespace mailtokit::json {

namespace {

// Every string of `batch --json` passes through here, so the writer appends constant text in
// one piece ("{\"address\":", ",\"valid\":true,\"display_name\":"), copies runs of plain bytes
// whole (detail::json_plain_prefix(), sixteen bytes at a time) and builds no temporary string
// (an address is written from its parts, not through address::unicode()).

template <std::size_t N>
void lit(std::string& out, const char (&text)[N]) {
  out.append(text, N - 1);
}

void append_u16(std::string& out, unsigned v) {
  const char u[6] = {'\\', 'u', chars::hex_lower[(v >> 12) & 0xF], chars::hex_lower[(v >> 8) & 0xF],
                     chars::hex_lower[(v >> 4) & 0xF], chars::hex_lower[v & 0xF]};
  out.append(u, 6);
}

void append_number(std::string& out, std::size_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// The escaped bytes of `s`, without quotes (RFC 8259 section 7; see append_string()). A text cut
// at an ASCII byte escapes to the same bytes as its pieces: a maximal invalid subpart never
// spans an ASCII byte.
void append_escaped(std::string& out, std::string_view s, const options& o) {
  const char* it = s.data();
  const char* const end = it + s.size();
  const char* copy = it;  // [copy, it) is copied as it is, in one append
  while (it != end) {
    it += detail::json_plain_prefix(it, end);
    if (it == end) break;
    const auto b = static_cast<unsigned char>(*it);
    if (b < 0x80) {
      out.append(copy, it);
      switch (b) {
        case '"': lit(out, "\\\""); break;
        case '\\': lit(out, "\\\\"); break;
        case '\b': lit(out, "\\b"); break;
        case '\f': lit(out, "\\f"); break;
        case '\n': lit(out, "\\n"); break;
        case '\r': lit(out, "\\r"); break;
        case '\t': lit(out, "\\t"); break;
        default: append_u16(out, b); break;
      }
      copy = ++it;
      continue;
    }
    const char* start = it;
    auto cp = utf8::decode(it, end);
    if (!cp) {
      // A maximal invalid subpart (Unicode 15 section 3.9) becomes one U+FFFD.
      out.append(copy, start);
      it = start + utf8::maximal_subpart(start, end);
      if (o.ascii_only)
        lit(out, "\\ufffd");
      else
        lit(out, "\xEF\xBF\xBD");
      copy = it;
      continue;
    }
    if (*cp == 0x2028 || *cp == 0x2029 || (*cp >= 0x80 && *cp <= 0x9F)) {
      out.append(copy, start);
      append_u16(out, static_cast<unsigned>(*cp));
      copy = it;
    } else if (o.ascii_only) {
      out.append(copy, start);
      if (*cp >= 0x10000) {
        const auto v = static_cast<unsigned>(*cp) - 0x10000u;
        append_u16(out, 0xD800u + (v >> 10));
        append_u16(out, 0xDC00u + (v & 0x3FFu));
      } else {
        append_u16(out, static_cast<unsigned>(*cp));
      }
      copy = it;
    }  // else valid UTF-8 stays in the run being copied
  }
  out.append(copy, end);
}

// "local@domain" as one JSON string, what append_string(out, join of the three) writes.
void append_addr_spec(std::string& out, std::string_view local, std::string_view domain, const options& o) {
  out += '"';
  append_escaped(out, local, o);
  out += '@';
  append_escaped(out, domain, o);
  out += '"';
}

void append_null_or_string(std::string& out, const std::optional<std::string>& s, const options& o) {
  if (s)
    append_string(out, *s, o);
  else
    lit(out, "null");
}

void append_addresses(std::string& out, const std::vector<address>& list, const options& o) {
  out += '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out += ',';
    append_address(out, list[i], o);
  }
  out += ']';
}

// `[{...},{...}]`: `members` writes the members of one object.
template <class T, class Members>
void append_objects(std::string& out, const std::vector<T>& items, Members members) {
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    out += '{';
    members(items[i]);
    out += '}';
  }
  out += ']';
}

// The keys after "ok" and "error", shared by drafts and errors so consumers see one schema.
void append_body(std::string& out, const draft& d, const options& o) {
  lit(out, ",\"to\":");
  append_addresses(out, d.to, o);
  lit(out, ",\"cc\":");
  append_addresses(out, d.cc, o);
  lit(out, ",\"bcc\":");
  append_addresses(out, d.bcc, o);
  lit(out, ",\"subject\":");
  append_null_or_string(out, d.subject, o);
  lit(out, ",\"body\":");
  append_null_or_string(out, d.body, o);
  lit(out, ",\"headers\":");
  append_objects(out, d.headers, [&](const header_field& h) {
    lit(out, "\"name\":");
    append_string(out, h.name, o);
    lit(out, ",\"value\":");
    append_string(out, h.value, o);
  });
  lit(out, ",\"dropped\":");
  append_objects(out, d.dropped, [&](const dropped_field& f) {
    lit(out, "\"name\":");
    append_string(out, f.name, o);
    lit(out, ",\"value\":");
    append_string(out, f.value, o);
    lit(out, ",\"reason\":");
    append_string(out, f.reason, o);
  });
  lit(out, ",\"warnings\":");
  append_objects(out, d.warnings, [&](const warning& w) {
    lit(out, "\"code\":");
    append_string(out, to_name(w.code), o);
    lit(out, ",\"field\":");
    if (w.field.empty())
      lit(out, "null");
    else
      append_string(out, w.field, o);
    lit(out, ",\"message\":");
    append_string(out, w.message, o);
    lit(out, ",\"offset\":");
    if (w.offset == static_cast<std::size_t>(-1))
      lit(out, "null");
    else
      append_number(out, w.offset);
  });
  lit(out, ",\"from\":");
  if (d.from)
    append_address(out, *d.from, o);
  else
    lit(out, "null");
}

}  // namespace

void append_string(std::string& out, std::string_view s, const options& o) {
  out.reserve(out.size() + s.size() + 2);
  out += '"';
  append_escaped(out, s, o);
  out += '"';
}

void append_address(std::string& out, const address& a, const options& o) {
  // address::unicode() and address::ascii(), written from the parts.
  lit(out, "{\"address\":");
  if (a.valid)
    append_addr_spec(out, a.local_part, a.domain, o);
  else
    append_string(out, a.original, o);
  lit(out, ",\"ascii\":");
  if (a.valid && !a.needs_smtputf8)
    append_addr_spec(out, a.local_part, a.domain_ascii, o);
  else
    lit(out, "null");
  if (a.valid)
    lit(out, ",\"valid\":true,\"display_name\":");
  else
    lit(out, ",\"valid\":false,\"display_name\":");
  if (a.display_name.empty())
    lit(out, "null");
  else
    append_string(out, a.display_name, o);
  if (a.needs_smtputf8)
    lit(out, ",\"smtputf8\":true}");
  else
    lit(out, ",\"smtputf8\":false}");
}

void append_draft(std::string& out, const draft& d, const options& o) {
  lit(out, "{\"ok\":true,\"error\":null");
  append_body(out, d, o);
  out += '}';
}

void append_error(std::string& out, const error& e, std::string_view message, const options& o) {
  lit(out, "{\"ok\":false,\"error\":{\"code\":");
  append_string(out, to_name(e.code), o);
  lit(out, ",\"offset\":");
  append_number(out, e.offset);
  lit(out, ",\"message\":");
  append_string(out, message.empty() ? to_string(e.code) : message, o);
  out += '}';
  append_body(out, draft{}, o);
  out += '}';
}

std::string from_draft(const draft& d, const options& o) {
  std::string out;
  out.reserve(512);
  append_draft(out, d, o);
  return out;
}

std::string from_error(const error& e, std::string_view message, const options& o) {
  std::string out;
  out.reserve(256);
  append_error(out, e, message, o);
  return out;
}

}  // namespace mailtokit::json
