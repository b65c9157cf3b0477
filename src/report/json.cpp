#include "mailtokit/json.hpp"

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <cstring>
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

// Every string of `batch --json` passes through here, so the writer fills a buffer on the stack
// and appends it to `out` only when full and at the end: each string makes room for its longest
// escaping once (six bytes a byte), then constant text ("{\"address\":", keys with their quotes
// and colon) and runs of plain bytes (detail::json_copy_plain(), sixteen bytes at a time) are
// copied in with no check of their own. A std::string append per piece (a call, a capacity
// check and a terminating NUL each) was most of the writer's time on short strings. An address
// is written from its parts, not through address::unicode().
constexpr std::size_t k_buffer = 16u << 10;
// A longer string is escaped in pieces of about this size, so that its room fits the buffer.
constexpr std::size_t k_piece = 2u << 10;
static_assert(6 * (k_piece + 3) + 16 <= k_buffer);  // the room a piece makes (writer::piece)

class writer {
 public:
  writer(std::string& out, const options& o) noexcept : out_(out), o_(o), p_(buf_) {}
  writer(const writer&) = delete;
  writer& operator=(const writer&) = delete;

  /// The bytes written so far appended to `out`.
  void finish() { flush(); }

  /// Room for `n` more bytes (n <= k_buffer).
  void room(std::size_t n) {
    if (static_cast<std::size_t>(buf_ + k_buffer - p_) < n) flush();
  }
  template <std::size_t N>
  void lit(const char (&text)[N]) {
    static_assert(N - 1 <= 64);
    room(N - 1);
    std::memcpy(p_, text, N - 1);
    p_ += N - 1;
  }
  void put(char c) {
    room(1);
    *p_++ = c;
  }
  void number(std::size_t v) {
    room(24);
    p_ = std::to_chars(p_, p_ + 24, v).ptr;
  }
  /// `s` as a JSON string, quotes included.
  void string(std::string_view s) {
    put('"');
    escaped(s);
    put('"');
  }
  /// Where the next byte goes; valid while flushes() stays the same.
  [[nodiscard]] const char* mark() const noexcept { return p_; }
  [[nodiscard]] std::size_t flushes() const noexcept { return flushes_; }
  /// The bytes [from, to) written since mark() `from` written again, when no flush happened since
  /// (`flushes`) and the buffer has room for them; false, and nothing written, otherwise.
  bool repeat(const char* from, const char* to, std::size_t flushes) noexcept {
    const auto n = static_cast<std::size_t>(to - from);
    if (flushes != flushes_ || static_cast<std::size_t>(buf_ + k_buffer - p_) < n) return false;
    std::memcpy(p_, from, n);
    p_ += n;
    return true;
  }
  /// The last string written by string_again(): its text and where its JSON is in the buffer.
  struct last_string {
    std::string_view text;
    const char* from = nullptr;
    const char* to = nullptr;
    std::size_t flushes = 0;
  };
  /// string(s), or, when `s` is the text `last` holds and its JSON is still in the buffer, that
  /// JSON copied again: the reasons of dropped fields are a few constant texts, and a link of 300
  /// unknown fields has one of them 300 times (about 150 bytes each to scan again).
  void string_again(std::string_view s, last_string& last) {
    if (last.from != nullptr && s.size() == last.text.size() && std::memcmp(s.data(), last.text.data(), s.size()) == 0 &&
        repeat(last.from, last.to, last.flushes))
      return;
    room(6 * std::min(s.size(), k_piece) + 2);  // so that a short string is not cut by a flush
    const char* const from = p_;
    const std::size_t f = flushes_;
    string(s);
    last = flushes_ == f ? last_string{s, from, p_, f} : last_string{};
  }
  /// The escaped bytes of `s`, without quotes (RFC 8259 section 7; see append_string()).
  void escaped(std::string_view s) {
    const char* it = s.data();
    const char* const end = it + s.size();
    // Most strings of a draft: up to 16 plain bytes, copied here without a call.
    if (s.size() <= 16) {
      room(6 * 16 + 16);
      if (detail::json_all_plain_short(it, s.size())) {
        copy_short(it, s.size());
        return;
      }
    }
    // A text cut at a byte that is not a UTF-8 continuation byte, or after three of them,
    // escapes to the same bytes as its pieces: a code point or a maximal invalid subpart
    // (Unicode 15 section 3.9) is one lead byte and at most three continuation bytes.
    while (static_cast<std::size_t>(end - it) > k_piece + 3) {
      const char* cut = it + k_piece;
      for (int i = 0; i < 3 && (static_cast<unsigned char>(*cut) & 0xC0) == 0x80; ++i) ++cut;
      piece(it, cut);
      it = cut;
    }
    piece(it, end);
  }

 private:
  void flush() {
    out_.append(buf_, p_);
    p_ = buf_;
    ++flushes_;
  }
  // Unchecked: the caller made room for 6 bytes a byte of [it, end).
  void copy(const char* from, std::size_t n) noexcept {
    std::memcpy(p_, from, n);
    p_ += n;
  }
  // Unchecked, `n` <= 16: two copies that may overlap instead of a call of memcpy().
  void copy_short(const char* from, std::size_t n) noexcept {
    if (n >= 8) {
      std::memcpy(p_, from, 8);
      std::memcpy(p_ + n - 8, from + n - 8, 8);
    } else if (n >= 4) {
      std::memcpy(p_, from, 4);
      std::memcpy(p_ + n - 4, from + n - 4, 4);
    } else {
      for (std::size_t i = 0; i < n; ++i) p_[i] = from[i];
    }
    p_ += n;
  }
  void u16(unsigned v) noexcept {
    const char u[6] = {'\\', 'u', chars::hex_lower[(v >> 12) & 0xF], chars::hex_lower[(v >> 8) & 0xF],
                       chars::hex_lower[(v >> 4) & 0xF], chars::hex_lower[v & 0xF]};
    copy(u, 6);
  }
  void piece(const char* it, const char* end);
  const char* special(const char* it, const char* end);

  std::string& out_;
  const options& o_;
  char* p_;
  std::size_t flushes_ = 0;
  char buf_[k_buffer];
};

void writer::piece(const char* it, const char* end) {
  room(6 * static_cast<std::size_t>(end - it));
  while (it != end) {
    const std::size_t n = detail::json_copy_plain(it, end, p_);
    p_ += n;
    it += n;
    if (it == end) break;
    it = special(it, end);
  }
}

// The byte at `it`, which ends a plain run, and what it starts; returns where the next run
// starts. Six bytes of output a byte of input at most (\u00XX, \ufffd; a surrogate pair for the
// four bytes of a code point above U+FFFF).
const char* writer::special(const char* it, const char* end) {
  const auto b = static_cast<unsigned char>(*it);
  if (b < 0x80) {
    switch (b) {
      case '"': copy("\\\"", 2); break;
      case '\\': copy("\\\\", 2); break;
      case '\b': copy("\\b", 2); break;
      case '\f': copy("\\f", 2); break;
      case '\n': copy("\\n", 2); break;
      case '\r': copy("\\r", 2); break;
      case '\t': copy("\\t", 2); break;
      default: u16(b); break;
    }
    return it + 1;
  }
  const char* start = it;
  auto cp = utf8::decode(it, end);
  if (!cp) {
    // A maximal invalid subpart (Unicode 15 section 3.9) becomes one U+FFFD.
    if (o_.ascii_only)
      copy("\\ufffd", 6);
    else
      copy("\xEF\xBF\xBD", 3);
    return start + utf8::maximal_subpart(start, end);
  }
  if (*cp == 0x2028 || *cp == 0x2029 || (*cp >= 0x80 && *cp <= 0x9F)) {
    u16(static_cast<unsigned>(*cp));
  } else if (o_.ascii_only) {
    if (*cp >= 0x10000) {
      const auto v = static_cast<unsigned>(*cp) - 0x10000u;
      u16(0xD800u + (v >> 10));
      u16(0xDC00u + (v & 0x3FFu));
    } else {
      u16(static_cast<unsigned>(*cp));
    }
  } else {
    copy(start, static_cast<std::size_t>(it - start));  // valid UTF-8 as it is
  }
  return it;
}

// "local@domain" as one JSON string, what append_string(out, join of the three) writes.
void addr_spec(writer& w, std::string_view local, std::string_view domain) {
  w.put('"');
  w.escaped(local);
  w.put('@');
  w.escaped(domain);
  w.put('"');
}

void null_or_string(writer& w, const std::optional<std::string>& s) {
  if (s)
    w.string(*s);
  else
    w.lit("null");
}

void address_object(writer& w, const address& a) {
  // address::unicode() and address::ascii(), written from the parts; most domains are ASCII, and
  // then the second is the bytes of the first again.
  w.lit("{\"address\":");
  const char* const from = w.mark();
  const std::size_t flushes = w.flushes();
  if (a.valid)
    addr_spec(w, a.local_part, a.domain);
  else
    w.string(a.original);
  const char* const to = w.mark();
  w.lit(",\"ascii\":");
  if (a.valid && !a.needs_smtputf8) {
    if (a.domain != a.domain_ascii || !w.repeat(from, to, flushes)) addr_spec(w, a.local_part, a.domain_ascii);
  } else {
    w.lit("null");
  }
  if (a.valid)
    w.lit(",\"valid\":true,\"display_name\":");
  else
    w.lit(",\"valid\":false,\"display_name\":");
  if (a.display_name.empty())
    w.lit("null");
  else
    w.string(a.display_name);
  if (a.needs_smtputf8)
    w.lit(",\"smtputf8\":true}");
  else
    w.lit(",\"smtputf8\":false}");
}

void addresses(writer& w, const std::vector<address>& list) {
  w.put('[');
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i) w.put(',');
    address_object(w, list[i]);
  }
  w.put(']');
}

// `[{...},{...}]`: `members` writes the members of one object.
template <class T, class Members>
void objects(writer& w, const std::vector<T>& items, Members members) {
  w.put('[');
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) w.put(',');
    w.put('{');
    members(items[i]);
    w.put('}');
  }
  w.put(']');
}

// The keys after "ok" and "error", shared by drafts and errors so consumers see one schema.
void body(writer& w, const draft& d) {
  w.lit(",\"to\":");
  addresses(w, d.to);
  w.lit(",\"cc\":");
  addresses(w, d.cc);
  w.lit(",\"bcc\":");
  addresses(w, d.bcc);
  w.lit(",\"subject\":");
  null_or_string(w, d.subject);
  w.lit(",\"body\":");
  null_or_string(w, d.body);
  w.lit(",\"headers\":");
  objects(w, d.headers, [&](const header_field& h) {
    w.lit("\"name\":");
    w.string(h.name);
    w.lit(",\"value\":");
    w.string(h.value);
  });
  w.lit(",\"dropped\":");
  writer::last_string reason;
  objects(w, d.dropped, [&](const dropped_field& f) {
    w.lit("\"name\":");
    w.string(f.name);
    w.lit(",\"value\":");
    w.string(f.value);
    w.lit(",\"reason\":");
    w.string_again(f.reason, reason);
  });
  w.lit(",\"warnings\":");
  objects(w, d.warnings, [&](const warning& x) {
    w.lit("\"code\":");
    w.string(to_name(x.code));
    w.lit(",\"field\":");
    if (x.field.empty())
      w.lit("null");
    else
      w.string(x.field);
    w.lit(",\"message\":");
    w.string(x.message);
    w.lit(",\"offset\":");
    if (x.offset == static_cast<std::size_t>(-1))
      w.lit("null");
    else
      w.number(x.offset);
  });
  w.lit(",\"from\":");
  if (d.from)
    address_object(w, *d.from);
  else
    w.lit("null");
}

}  // namespace

void append_string(std::string& out, std::string_view s, const options& o) {
  writer w(out, o);
  w.string(s);
  w.finish();
}

void append_address(std::string& out, const address& a, const options& o) {
  writer w(out, o);
  address_object(w, a);
  w.finish();
}

void append_draft(std::string& out, const draft& d, const options& o) {
  writer w(out, o);
  w.lit("{\"ok\":true,\"error\":null");
  body(w, d);
  w.put('}');
  w.finish();
}

void append_error(std::string& out, const error& e, std::string_view message, const options& o) {
  writer w(out, o);
  w.lit("{\"ok\":false,\"error\":{\"code\":");
  w.string(to_name(e.code));
  w.lit(",\"offset\":");
  w.number(e.offset);
  w.lit(",\"message\":");
  w.string(message.empty() ? to_string(e.code) : message);
  w.put('}');
  body(w, draft{});
  w.put('}');
  w.finish();
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
