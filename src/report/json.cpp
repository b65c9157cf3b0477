#include "mailtokit/json.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "mailtokit/chars.hpp"
#include "mailtokit/utf8.hpp"
#include "text/utf8_subpart.hpp"

namespace mailtokit::json {

namespace {

// RFC 8259 section 7: unescaped = %x20-21 / %x23-5B / %x5D-10FFFF. The ASCII bytes that may be
// copied as they are (DEL is escaped too, so terminals never see it raw).
constexpr chars::char_class plain_ascii = chars::range(0x20, 0x7E).without("\"\\");

void append_u16(std::string& out, unsigned v) {
  out += "\\u";
  out += chars::hex_lower[(v >> 12) & 0xF];
  out += chars::hex_lower[(v >> 8) & 0xF];
  out += chars::hex_lower[(v >> 4) & 0xF];
  out += chars::hex_lower[v & 0xF];
}

void append_null_or_string(std::string& out, const std::optional<std::string>& s, const options& o) {
  if (s)
    append_string(out, *s, o);
  else
    out += "null";
}

void append_key(std::string& out, std::string_view key) {
  // One growth check for the whole "key": instead of three (this runs for every key of every line
  // of `batch --json`).
  const std::size_t at = out.size();
  out.resize(at + key.size() + 3);
  char* p = out.data() + at;
  *p++ = '"';
  p = std::copy(key.begin(), key.end(), p);
  *p++ = '"';
  *p = ':';
}

void append_addresses(std::string& out, const std::vector<address>& list, const options& o) {
  out += '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) out += ',';
    append_address(out, list[i], o);
  }
  out += ']';
}

// "key":"value" (the value a JSON string).
void append_member(std::string& out, std::string_view key, std::string_view value, const options& o) {
  append_key(out, key);
  append_string(out, value, o);
}

// "key":[{...},{...}], followed by a ',': `members` writes the members of one object.
template <class T, class Members>
void append_objects(std::string& out, std::string_view key, const std::vector<T>& items, Members members) {
  append_key(out, key);
  out += '[';
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    out += '{';
    members(items[i]);
    out += '}';
  }
  out += "],";
}

// The keys after "ok" and "error", shared by drafts and errors so consumers see one schema.
void append_body(std::string& out, const draft& d, const options& o) {
  for (const auto& [key, list] : {std::pair{"to", &d.to}, {"cc", &d.cc}, {"bcc", &d.bcc}}) {
    out += ',';
    append_key(out, key);
    append_addresses(out, *list, o);
  }
  for (const auto& [key, text] : {std::pair{"subject", &d.subject}, {"body", &d.body}}) {
    out += ',';
    append_key(out, key);
    append_null_or_string(out, *text, o);
  }
  out += ',';
  const auto name_value = [&](std::string_view name, std::string_view value) {
    append_member(out, "name", name, o);
    out += ',';
    append_member(out, "value", value, o);
  };
  append_objects(out, "headers", d.headers, [&](const header_field& h) { name_value(h.name, h.value); });
  append_objects(out, "dropped", d.dropped, [&](const dropped_field& f) {
    name_value(f.name, f.value);
    out += ',';
    append_member(out, "reason", f.reason, o);
  });
  append_objects(out, "warnings", d.warnings, [&](const warning& w) {
    append_member(out, "code", to_name(w.code), o);
    out += ',';
    append_key(out, "field");
    if (w.field.empty())
      out += "null";
    else
      append_string(out, w.field, o);
    out += ',';
    append_member(out, "message", w.message, o);
    out += ',';
    append_key(out, "offset");
    if (w.offset == static_cast<std::size_t>(-1))
      out += "null";
    else
      out += std::to_string(w.offset);
  });
  append_key(out, "from");
  if (d.from)
    append_address(out, *d.from, o);
  else
    out += "null";
}

}  // namespace

void append_string(std::string& out, std::string_view s, const options& o) {
  out.reserve(out.size() + s.size() + 2);
  out += '"';
  const char* it = s.data();
  const char* end = it + s.size();
  while (it != end) {
    // Runs of plain ASCII are copied in one append.
    const char* run = it;
    while (it != end && plain_ascii(*it)) ++it;
    if (it != run) out.append(run, static_cast<std::size_t>(it - run));
    if (it == end) break;
    const auto b = static_cast<unsigned char>(*it);
    if (b < 0x80) {
      switch (b) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default: append_u16(out, b); break;
      }
      ++it;
      continue;
    }
    const char* start = it;
    auto cp = utf8::decode(it, end);
    if (!cp) {
      // A maximal invalid subpart (Unicode 15 section 3.9) becomes one U+FFFD.
      const char* bad_end = start + utf8::maximal_subpart(start, end);
      it = bad_end;
      if (o.ascii_only)
        out += "\\ufffd";
      else
        out += "\xEF\xBF\xBD";
      continue;
    }
    if (*cp == 0x2028 || *cp == 0x2029 || (*cp >= 0x80 && *cp <= 0x9F)) {
      append_u16(out, static_cast<unsigned>(*cp));
    } else if (o.ascii_only) {
      if (*cp >= 0x10000) {
        const auto v = static_cast<unsigned>(*cp) - 0x10000u;
        append_u16(out, 0xD800u + (v >> 10));
        append_u16(out, 0xDC00u + (v & 0x3FFu));
      } else {
        append_u16(out, static_cast<unsigned>(*cp));
      }
    } else {
      out.append(start, static_cast<std::size_t>(it - start));
    }
  }
  out += '"';
}

void append_address(std::string& out, const address& a, const options& o) {
  out += '{';
  append_key(out, "address");
  append_string(out, a.unicode(), o);
  out += ',';
  append_key(out, "ascii");
  append_null_or_string(out, a.ascii(), o);
  out += ',';
  append_key(out, "valid");
  out += a.valid ? "true" : "false";
  out += ',';
  append_key(out, "display_name");
  if (a.display_name.empty())
    out += "null";
  else
    append_string(out, a.display_name, o);
  out += ',';
  append_key(out, "smtputf8");
  out += a.needs_smtputf8 ? "true" : "false";
  out += '}';
}

void append_draft(std::string& out, const draft& d, const options& o) {
  out += "{\"ok\":true,\"error\":null";
  append_body(out, d, o);
  out += '}';
}

void append_error(std::string& out, const error& e, std::string_view message, const options& o) {
  out += "{\"ok\":false,\"error\":{";
  append_key(out, "code");
  append_string(out, to_name(e.code), o);
  out += ',';
  append_key(out, "offset");
  out += std::to_string(e.offset);
  out += ',';
  append_key(out, "message");
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
