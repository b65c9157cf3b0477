#include "mailtokit/compose.hpp"

#include <sys/random.h>
#include <unistd.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "header/header_writer.hpp"
#include "mail/crlf.hpp"
#include "mailto/warn.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/idna.hpp"
#include "mailtokit/transfer.hpp"
#include "mailtokit/utf8.hpp"
#include "text/no_memory.hpp"

namespace mailtokit {
namespace {

constexpr std::size_t npos = std::string_view::npos;

// Defence in depth against header injection (the policy layer strips controls too): a header
// value may not hold a C0 control other than HTAB, DEL, a C1 control (U+0080..U+009F, NEL among
// them), U+2028 or U+2029, since some reader could take any of them for a line break. Refused,
// not repaired: the offset of the first one, or npos.
std::size_t find_forbidden(std::string_view v) noexcept {
  const auto* p = reinterpret_cast<const unsigned char*>(v.data());
  const std::size_t n = v.size();
  for (std::size_t i = 0; i < n; ++i) {
    const unsigned char c = p[i];
    if ((c < 0x20 && c != '\t') || c == 0x7F) return i;
    if (c == 0xC2 && i + 1 < n && p[i + 1] >= 0x80 && p[i + 1] <= 0x9F) return i;
    if (c == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9)) return i;
  }
  return npos;
}

result<void> check_value(std::string_view v) {
  if (auto r = utf8::validate(v); !r) return r.error();
  if (const std::size_t i = find_forbidden(v); i != npos) return fail(errc::header_injection, i);
  return {};
}

// RFC 5322 section 3.4.1 local-part = dot-atom / quoted-string (RFC 6532 section 3.2: atext and
// qtext also take UTF8-non-ascii). Returns the offset of the first bad byte, or npos.
std::size_t bad_local_part(std::string_view s) noexcept {
  if (s.empty()) return 0;
  if (s.front() == '"') {
    if (s.size() < 2 || s.back() != '"') return s.size() - 1;
    for (std::size_t i = 1; i + 1 < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (c == '\\') {
        // quoted-pair = "\" (VCHAR / WSP); RFC 6532 section 3.2 extends VCHAR with
        // UTF8-non-ascii, as the parser does ("\" before U+0301: compose fuzz finding).
        if (i + 2 >= s.size()) return i;
        const auto d = static_cast<unsigned char>(s[++i]);
        if (!(chars::vchar(d) || chars::wsp(d) || d >= 0x80)) return i;
      } else if (!(chars::qtext(c) || c == ' ' || c == '\t' || c >= 0x80)) {
        return i;
      }
    }
    return npos;
  }
  // dot-atom-text = 1*atext *("." 1*atext)
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '.') {
      if (i == 0 || i + 1 == s.size() || s[i - 1] == '.') return i;
    } else if (!(chars::atext(c) || c >= 0x80)) {
      return i;
    }
  }
  return npos;
}

// The domain as written: ASCII dot-atom-text (A-labels) or domain-literal "[" *dtext "]".
bool good_ascii_domain(std::string_view s) noexcept {
  if (s.empty()) return false;
  if (s.front() == '[') {
    if (s.size() < 2 || s.back() != ']') return false;
    for (char c : s.substr(1, s.size() - 2))
      if (!chars::dtext_no_obs(c)) return false;
    return true;
  }
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '.') {
      if (i == 0 || i + 1 == s.size() || s[i - 1] == '.') return false;
    } else if (!chars::atext(s[i])) {
      return false;
    }
  }
  return true;
}

bool has_non_ascii(std::string_view s) noexcept {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  return false;
}

// "local@domain" with the domain in A-labels (IDNA2008 through idna::to_ascii when the address
// carries only its Unicode form).
// An addr-spec is one token that is never folded: it must fit on a line (RFC 5322 section
// 2.1.1, 998 octets) with room to spare.
constexpr std::size_t kMaxAddrSpec = max_addr_spec_octets;

result<void> append_addr_spec(const address& a, std::string& out) {
  if (!a.valid) return fail(errc::invalid_address, 0);
  if (a.local_part.size() + a.domain.size() + a.domain_ascii.size() > kMaxAddrSpec)
    return fail(errc::invalid_address, 0);
  if (auto r = check_value(a.local_part); !r) return r.error();
  if (const std::size_t bad = bad_local_part(a.local_part); bad != npos) return fail(errc::invalid_address, bad);
  out += a.local_part;
  out += '@';
  if (!a.domain_ascii.empty()) {
    if (!good_ascii_domain(a.domain_ascii)) return fail(errc::invalid_address, 0);
    out += a.domain_ascii;
    return {};
  }
  if (a.domain.empty()) return fail(errc::invalid_address, 0);
  if (a.domain.front() == '[') {
    if (!good_ascii_domain(a.domain)) return fail(errc::invalid_address, 0);
    out += a.domain;
    return {};
  }
  auto ascii = idna::to_ascii(a.domain);
  if (!ascii) detail::rethrow_no_memory(ascii.error());
  if (!ascii || !good_ascii_domain(*ascii)) return fail(errc::invalid_address, 0);
  out += *ascii;
  return {};
}

// The text an address that cannot be written as a mailbox is shown as: what the link said.
std::string_view text_of(const address& a) noexcept { return a.original.empty() ? std::string_view(a.local_part) : a.original; }

// RFC 5322 section 3.4: address-list = mailbox *("," mailbox);
// mailbox = name-addr / addr-spec; name-addr = [display-name] "<" addr-spec ">".
// Never folded inside an addr-spec: it is one token.
// An address that is not a valid addr-spec is, unless `strict`, written as an empty group
// (RFC 5322 section 3.4: group = display-name ":" [group-list] ";") whose display name is its
// text: a phrase (atoms, a quoted-string or encoded words) cannot become a second address or
// another field, and clients show the text in the field for the user to correct.
result<void> write_mailboxes(detail::header_writer& w, std::string_view name, std::span<const address> list,
                             bool raw_utf8, bool strict, std::string& scratch) {
  w.begin(name);
  bool first = true;
  for (const address& a : list) {
    scratch.clear();
    const bool as_mailbox = a.valid || strict;
    if (as_mailbox) {
      if (auto r = check_value(a.display_name); !r) return r.error();
      if (!a.display_name.empty()) scratch += '<';
      if (auto r = append_addr_spec(a, scratch); !r) {
        if (strict) return r.error();
        scratch.clear();
      } else if (!a.display_name.empty()) {
        scratch += '>';
      }
    }
    if (scratch.empty()) {
      const std::string_view text = text_of(a);
      if (auto r = check_value(text); !r) return r.error();
      if (text.empty()) continue;
      if (!first) w.glue(",");
      first = false;
      detail::write_phrase(w, text, raw_utf8);
      w.glue(" : ;");  // white space after the phrase: an encoded word must end before the ":"
      continue;
    }
    if (!first) w.glue(",");
    first = false;
    if (!a.display_name.empty()) detail::write_phrase(w, a.display_name, raw_utf8);
    w.token(" ", scratch);
  }
  w.end();
  return {};
}

// RFC 5322 section 3.6.8: field-name = 1*ftext. Names the composer writes itself, and every
// Content-* field (RFC 2045), cannot come from the draft.
result<void> check_field_name(std::string_view name) {
  if (name.empty() || name.size() > 76) return fail(errc::header_not_allowed, 0);
  for (std::size_t i = 0; i < name.size(); ++i)
    if (!chars::ftext(name[i])) return fail(errc::header_not_allowed, i);
  static constexpr std::string_view kOwn[] = {"date",    "from",         "sender",   "to",
                                              "cc",      "bcc",          "subject",  "message-id",
                                              "mime-version", "x-unsent"};
  for (std::string_view own : kOwn)
    if (chars::iequals(name, own)) return fail(errc::header_not_allowed, 0);
  if (name.size() >= 8 && chars::iequals(name.substr(0, 8), "content-"))
    return fail(errc::header_not_allowed, 0);
  return {};
}

// RFC 5322 section 3.3 date-time, e.g. "Sun, 22 Nov 2026 10:00:00 +0100", in local time;
// formatted once a second per thread.
std::string_view now_rfc5322() {
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const std::time_t t = std::time(nullptr);
  thread_local std::time_t last = static_cast<std::time_t>(-1);
  thread_local char buf[64];
  thread_local std::size_t len = 0;
  if (t == last) return {buf, len};
  std::tm tm{};
  if (localtime_r(&t, &tm) == nullptr) gmtime_r(&t, &tm);
  long off = tm.tm_gmtoff / 60;
  const char sign = off < 0 ? '-' : '+';
  if (off < 0) off = -off;
  const int n = std::snprintf(buf, sizeof buf, "%s, %02d %s %04d %02d:%02d:%02d %c%02ld%02ld", kDays[tm.tm_wday % 7], tm.tm_mday,
                kMonths[tm.tm_mon % 12], tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec, sign, off / 60,
                off % 60);
  len = n > 0 && static_cast<std::size_t>(n) < sizeof buf ? static_cast<std::size_t>(n) : 0;
  last = t;
  return {buf, len};
}

// xoshiro256** (Blackman and Vigna), seeded per thread from getrandom(2): 128 random bits per
// Message-ID without a system call for the bits. fork() copies the state into the child, and
// RFC 5322 section 3.6.4 says the msg-id "MUST be globally unique": the generator remembers the
// process that seeded it and seeds itself again when getpid() says it is in another one.
class id_random {
 public:
  id_random() { seed(); }
  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Seeds again after a fork(): another process must not repeat this one's identifiers.
  void same_process() {
    if (getpid() != pid_) seed();
  }

 private:
  void seed() {
    pid_ = getpid();
    if (getrandom(s_.data(), sizeof s_, 0) != static_cast<ssize_t>(sizeof s_)) {
      std::random_device rd;
      for (auto& v : s_) v = (std::uint64_t{rd()} << 32) ^ rd();
    }
    if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) s_[0] = 1;
  }
  static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> s_{};
  pid_t pid_ = 0;
};

// RFC 5322 section 3.6.4: msg-id = "<" id-left "@" id-right ">"; id-left is 26 base32
// characters of 128 random bits.
void append_message_id(std::string& out, std::string_view domain) {
  thread_local id_random rng;
  rng.same_process();
  static constexpr char kBase32[] = "abcdefghijklmnopqrstuvwxyz234567";
  std::uint64_t a = rng.next(), b = rng.next();
  out += '<';
  for (int i = 0; i < 13; ++i, a >>= 5) out += kBase32[a & 31];
  for (int i = 0; i < 13; ++i, b >>= 5) out += kBase32[b & 31];
  out += '@';
  out += domain;
  out += '>';
}

// A value the caller supplies verbatim (date, Message-ID): printable ASCII and spaces only.
bool printable_ascii(std::string_view s) noexcept {
  if (s.empty()) return false;
  for (char c : s)
    if (!(chars::vchar(c) || c == ' ')) return false;
  return true;
}

struct body_shape {
  bool ascii = true;
  bool seven_bit = true;  // RFC 2045 section 2.7 7bit data, and safe as it is
};

// RFC 2045 section 2.7: "7bit data" is short lines (here at most 78 octets) of US-ASCII with no
// NUL, and CR and LF only as CRLF. We also send lines with other controls, trailing white
// space, or "From " or "." at their start through quoted-printable, which keeps them intact.
body_shape shape_of(std::string_view b) noexcept {
  body_shape s;
  std::size_t line_start = 0;
  const std::size_t n = b.size();
  for (std::size_t i = 0; i <= n; ++i) {
    const bool eol = i == n || b[i] == '\r';
    if (eol) {
      const std::string_view line = b.substr(line_start, i - line_start);
      if (line.size() > detail::kFoldWidth || (!line.empty() && (line.back() == ' ' || line.back() == '\t')) ||
          line.substr(0, 5) == "From " || (!line.empty() && line.front() == '.'))
        s.seven_bit = false;
      if (i == n) break;
      ++i;  // the LF of the CRLF (the body is normalized)
      line_start = i + 1;
      continue;
    }
    const auto c = static_cast<unsigned char>(b[i]);
    if (c >= 0x80) {
      s.ascii = false;
      s.seven_bit = false;
    } else if ((c < 0x20 && c != '\t') || c == 0x7F) {
      s.seven_bit = false;
    }
  }
  return s;
}

// RFC 2046 section 4.1.1: "The canonical form of any MIME 'text' subtype MUST always represent
// a line break as a CRLF sequence." Bare CR and bare LF become CRLF.
bool needs_crlf_normalization(std::string_view b) noexcept {
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b[i] == '\r') {
      if (i + 1 == b.size() || b[i + 1] != '\n') return true;
      ++i;
    } else if (b[i] == '\n') {
      return true;
    }
  }
  return false;
}

// RFC 2045 section 5.1: token := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>
// tspecials := "(" / ")" / "<" / ">" / "@" / "," / ";" / ":" / "\" / <"> / "/" / "[" / "]" / "?" / "="
constexpr chars::char_class mime_token = chars::range(0x21, 0x7E).without("()<>@,;:\\\"/[]?=");
// RFC 2231 section 7: attribute-char := <any (US-ASCII) CHAR except SPACE, CTLs, "*", "'", "%",
// or tspecials>; what an extended value writes as itself (everything else is "%" 2(HEXDIG)).
constexpr chars::char_class attribute_char = mime_token.without("*'%");

// RFC 2045 section 5.1: type "/" subtype, each a token; the application supplies it.
result<void> check_content_type(std::string_view t) {
  const std::size_t slash = t.find('/');
  if (t.size() > 200) return fail(errc::header_not_allowed, 200);
  if (slash == 0 || slash == npos || slash + 1 == t.size())
    return fail(errc::header_not_allowed, slash == npos ? 0 : slash);
  for (std::size_t i = 0; i < t.size(); ++i)
    if (i != slash && !mime_token(t[i])) return fail(errc::header_not_allowed, i);
  return {};
}

// One parameter (RFC 2045 section 5.1, RFC 2231 sections 3 and 4) on lines of its own after
// ";": `name="value"` when the value is printable ASCII without '"' or '\' and fits on the line;
// else RFC 2231 `name*=UTF-8''%C3%BC...`, split into `name*0*=`, `name*1*=`, ... continuations
// of at most 78 octets per line, never inside a "%XX" triple. Readers that know RFC 2231 (all
// current mail programs, GMime, Python's email) give back the exact UTF-8 name.
void append_param(std::string& out, std::string_view name, std::string_view value) {
  bool plain = !value.empty() && name.size() + value.size() + 5 <= detail::kFoldWidth;
  for (char c : value)
    if (!(chars::vchar(c) || c == ' ') || c == '"' || c == '\\') plain = false;
  if (plain) {
    out.append(";\r\n ").append(name).append("=\"").append(value).append("\"");
    return;
  }
  // Each character (a whole UTF-8 sequence: `value` is valid UTF-8) as one unit, so that no
  // continuation splits a character: RFC 2231 readers join the octets first, but not every
  // reader does.
  std::string encoded;
  std::vector<std::size_t> unit_ends;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto c = static_cast<unsigned char>(value[i]);
    if (attribute_char(c)) {
      encoded += static_cast<char>(c);
    } else {
      encoded += '%';
      encoded += chars::hex_upper[c >> 4];
      encoded += chars::hex_upper[c & 15];
    }
    const bool continues = i + 1 < value.size() && (static_cast<unsigned char>(value[i + 1]) & 0xC0) == 0x80;
    if (!continues) unit_ends.push_back(encoded.size());
  }
  // " name*=UTF-8''" + value on one line when it fits.
  if (1 + name.size() + 9 + encoded.size() + 1 <= detail::kFoldWidth) {
    out.append(";\r\n ").append(name).append("*=UTF-8''").append(encoded);
    return;
  }
  std::size_t at = 0;
  std::size_t next_unit = 0;
  for (std::size_t index = 0; at < encoded.size(); ++index) {
    const std::string number = std::to_string(index);
    const std::size_t lead = 1 + name.size() + 1 + number.size() + 2 + (index == 0 ? 7 : 0);
    const std::size_t room = detail::kFoldWidth - lead - 1;  // the ";" after it
    std::size_t end = unit_ends[next_unit++];  // at least one character per line
    while (next_unit < unit_ends.size() && unit_ends[next_unit] - at <= room) end = unit_ends[next_unit++];
    out.append(";\r\n ").append(name).append("*").append(number).append("*=");
    if (index == 0) out.append("UTF-8''");
    out.append(encoded, at, end - at);
    at = end;
  }
}

// RFC 2046 section 5.1.1: "the boundary delimiter MUST NOT appear inside any of the encapsulated
// parts". Base64 and quoted-printable text never holds "=_" (base64 has "=" only as final
// padding, quoted-printable only before two hex digits or a line break); a 7bit body might, so
// a longer boundary is taken until the body does not contain it. Deterministic, so that the
// same draft gives the same bytes.
std::string choose_boundary(std::string_view seven_bit_body) {
  std::string b = "=_mailtokit_mixed_0";
  for (unsigned n = 1; seven_bit_body.find(b) != npos; ++n) b = "=_mailtokit_mixed_" + std::to_string(n);
  return b;
}

bool local_needs_smtputf8(const address& a) noexcept { return has_non_ascii(a.local_part); }

}  // namespace

std::vector<warning> compose_warnings(const draft& d, const compose_options& options) {
  std::vector<warning> out;
  bool utf8_headers = false;
  const std::pair<const std::vector<address>*, std::string_view> lists[] = {{&d.to, "to"}, {&d.cc, "cc"}, {&d.bcc, "bcc"}};
  for (const auto& [list, field] : lists)
    for (const address& a : *list) {
      utf8_headers = utf8_headers || local_needs_smtputf8(a);
      std::string probe;
      if (!options.strict && (!a.valid || !append_addr_spec(a, probe)) && !text_of(a).empty()) {
        // Appended piece by piece: "'" + std::string(...) trips g++ 12's -Wrestrict false positive.
        std::string message = "'";
        message.append(text_of(a))
            .append("' is not a valid address; the draft holds it as text in its field for you to correct");
        detail::warn(out, warning_code::address_as_text, field, std::move(message), static_cast<std::size_t>(-1));
      }
    }
  if (d.from) utf8_headers = utf8_headers || local_needs_smtputf8(*d.from);
  if (utf8_headers && (options.allow_smtputf8 || !(options.ascii_only || options.strict)))
    detail::warn(out, warning_code::smtputf8_needed, "",
                 "an address has a non-ASCII local part: the draft has UTF-8 header fields (RFC 6532) and "
                 "sending it needs a mail server with SMTPUTF8 support (RFC 6531)",
                 static_cast<std::size_t>(-1));
  return out;
}

namespace {

// RFC 6531/6532: a non-ASCII local part can only travel with SMTPUTF8; then header fields are
// raw UTF-8 (RFC 6532 section 3) instead of encoded words. Refused only when asked to.
result<bool> utf8_headers_of(const draft& d, const compose_options& options) {
  bool utf8_headers = false;
  for (const auto* list : {&d.to, &d.cc, &d.bcc}) {
    for (const address& a : *list) utf8_headers = utf8_headers || local_needs_smtputf8(a);
  }
  if (d.from) utf8_headers = utf8_headers || local_needs_smtputf8(*d.from);
  if (utf8_headers && !options.allow_smtputf8 && (options.ascii_only || options.strict)) {
    for (const auto* list : {&d.to, &d.cc, &d.bcc})
      for (const address& a : *list)
        if (local_needs_smtputf8(a)) {
          std::size_t i = 0;
          while (static_cast<unsigned char>(a.local_part[i]) < 0x80) ++i;
          return fail(errc::needs_smtputf8, i);
        }
    return fail(errc::needs_smtputf8, 0);
  }
  return utf8_headers;
}

enum class cte { seven_bit, quoted_printable, base64 };

// The body as it is written: CRLF lines, its shape, its transfer encoding and encoded size.
// Filled in place: `body` may point into `normalized`.
struct body_plan {
  std::string normalized;
  std::string_view body;
  body_shape shape;
  cte encoding = cte::seven_bit;
  std::size_t size = 0;
};

result<void> plan_body(const draft& d, body_plan& p) {
  const std::string_view raw_body = d.body ? std::string_view(*d.body) : std::string_view();
  if (auto r = utf8::validate(raw_body); !r) return r.error();
  p.body = raw_body;
  if (needs_crlf_normalization(raw_body)) {
    p.normalized = detail::crlf_lines(raw_body);
    p.body = p.normalized;
  }
  p.shape = shape_of(p.body);
  p.size = p.body.size();
  if (!p.shape.seven_bit) {
    // RFC 2045 section 6: quoted-printable or base64, whichever is smaller (quoted-printable on
    // a tie, as it stays readable).
    const std::size_t qp = transfer::qp_size(p.body);
    const std::size_t b64 = transfer::base64_size(p.body.size()) + (p.body.size() + 56) / 57 * 2;
    p.encoding = b64 < qp ? cte::base64 : cte::quoted_printable;
    p.size = b64 < qp ? b64 : qp;
  }
  return {};
}

// RFC 5322 section 3.6.1: orig-date = "Date:" date-time CRLF
result<void> write_date(std::string& out, const compose_options& options) {
  if (options.date) {
    if (!printable_ascii(*options.date)) return fail(errc::header_injection, 0);
    if (options.date->size() > 200) return fail(errc::input_too_long, 0);
  }
  out += "Date: ";
  out += options.date ? *options.date : now_rfc5322();
  out += "\r\n";
  return {};
}

// RFC 5322 section 3.6.2 and 3.6.3: From (set by the application only), To, Cc and Bcc. The
// domain of From, for the Message-ID, into `id_domain`.
result<void> write_addresses(detail::header_writer& w, const draft& d, bool utf8_headers, bool strict,
                             std::string& id_domain) {
  std::string scratch;
  if (d.from) {
    if (auto r = write_mailboxes(w, "From", std::span<const address>(&*d.from, 1), utf8_headers, true, scratch); !r)
      return r.error();
    // scratch holds "<local@domain>" or "local@domain": the domain after the last '@'.
    std::string_view s = scratch;
    if (!s.empty() && s.back() == '>') s.remove_suffix(1);
    if (const std::size_t at = s.rfind('@'); at != npos) id_domain.assign(s.substr(at + 1));
  }
  // RFC 5322 section 3.6.3: to, cc, bcc = address-list
  const std::pair<const char*, const std::vector<address>*> lists[] = {{"To", &d.to}, {"Cc", &d.cc}, {"Bcc", &d.bcc}};
  for (const auto& [name, list] : lists)
    if (!list->empty())
      if (auto r = write_mailboxes(w, name, *list, utf8_headers, strict, scratch); !r) return r.error();
  return {};
}

// RFC 5322 section 3.6.4: message-id = "Message-ID:" msg-id CRLF
result<void> write_message_id(std::string& out, const compose_options& options, std::string_view id_domain) {
  out += "Message-ID: ";
  if (options.message_id) {
    const std::string_view id = *options.message_id;
    if (!printable_ascii(id) || id.find(' ') != npos || id.size() < 5 || id.front() != '<' || id.back() != '>' ||
        id.find('@') == npos)
      return fail(errc::header_injection, 0);
    if (id.size() > 900) return fail(errc::input_too_long, 0);
    out += id;
  } else {
    append_message_id(out, id_domain);
  }
  out += "\r\n";
  return {};
}

// The other fields the policy kept (Keywords, In-Reply-To, References, ...), in URI order.
// RFC 5322 section 3.6: In-Reply-To and References occur at most once (Keywords may repeat);
// the policy keeps the last of each, a draft an application built with two is refused.
result<void> write_other_fields(detail::header_writer& w, const draft& d, bool utf8_headers) {
  for (std::size_t i = 0; i < d.headers.size(); ++i) {
    const std::string_view name = d.headers[i].name;
    if (!chars::iequals(name, "in-reply-to") && !chars::iequals(name, "references")) continue;
    for (std::size_t j = i + 1; j < d.headers.size(); ++j)
      if (chars::iequals(d.headers[j].name, name)) return fail(errc::header_not_allowed, 0);
  }
  for (const header_field& f : d.headers) {
    if (auto r = check_field_name(f.name); !r) return r.error();
    if (auto r = check_value(f.value); !r) return r.error();
    w.begin(f.name);
    detail::write_text(w, f.value, utf8_headers);
    w.end();
  }
  return {};
}

// RFC 2045 sections 4 to 6: the text part's header fields, then (after the blank line the
// caller writes) its body.
void append_text_fields(std::string& out, const body_plan& p) {
  out += p.shape.ascii ? "Content-Type: text/plain; charset=us-ascii\r\n" : "Content-Type: text/plain; charset=utf-8\r\n";
  out += p.encoding == cte::seven_bit          ? "Content-Transfer-Encoding: 7bit\r\n"
         : p.encoding == cte::quoted_printable ? "Content-Transfer-Encoding: quoted-printable\r\n"
                                               : "Content-Transfer-Encoding: base64\r\n";
}

void append_body(std::string& out, const body_plan& p) {
  switch (p.encoding) {
    case cte::seven_bit: out += p.body; break;
    case cte::quoted_printable: transfer::qp_append(p.body, out); break;
    case cte::base64: transfer::base64_lines_append(p.body, out); break;
  }
}

// RFC 2046 section 5.1.3 multipart/mixed: the text first, then each file (RFC 2183
// Content-Disposition: attachment) in base64 (RFC 2045 section 6.8), whatever its bytes.
result<void> write_multipart(std::string& out, const draft& d, const body_plan& p, bool mark_unsent) {
  for (const attachment& a : d.attachments) {
    if (auto r = check_value(a.filename); !r) return r.error();
    if (!a.content_type.empty())
      if (auto r = check_content_type(a.content_type); !r) return r.error();
  }
  const std::string boundary = choose_boundary(p.encoding == cte::seven_bit ? p.body : std::string_view());
  out += "Content-Type: multipart/mixed;\r\n boundary=\"";
  out += boundary;
  out += "\"\r\n";
  if (mark_unsent) out += "X-Unsent: 1\r\n";
  out += "\r\n--";
  out += boundary;
  out += "\r\n";
  append_text_fields(out, p);
  out += "\r\n";
  append_body(out, p);
  // RFC 2046 section 5.1.1: the CRLF before "--boundary" belongs to the delimiter, not the part.
  for (const attachment& a : d.attachments) {
    out += "\r\n--";
    out += boundary;
    out += "\r\nContent-Type: ";
    out += a.content_type.empty() ? std::string_view("application/octet-stream") : std::string_view(a.content_type);
    if (!a.filename.empty()) append_param(out, "name", a.filename);
    out += "\r\nContent-Disposition: attachment";
    if (!a.filename.empty()) append_param(out, "filename", a.filename);
    out += "\r\nContent-Transfer-Encoding: base64\r\n\r\n";
    transfer::base64_lines_append(a.data, out);
    if (!a.data.empty()) out.resize(out.size() - 2);  // the last line's CRLF: the delimiter's
  }
  out += "\r\n--";
  out += boundary;
  out += "--\r\n";
  return {};
}

}  // namespace

result<std::string> compose(const draft& d, const compose_options& options) {
  const auto utf8_headers = utf8_headers_of(d, options);
  if (!utf8_headers) return utf8_headers.error();
  // The body first: its size sizes the output.
  body_plan p;
  if (auto r = plan_body(d, p); !r) return r.error();
  std::string out;
  std::size_t attachments_size = 0;
  for (const attachment& a : d.attachments)
    attachments_size += 300 + a.filename.size() * 6 + transfer::base64_size(a.data.size()) * 78 / 76 + 2;
  out.reserve(400 + p.size + (d.subject ? d.subject->size() * 3 : 0) + attachments_size);
  detail::header_writer w(out);
  if (auto r = write_date(out, options); !r) return r.error();
  std::string id_domain = "mailtokit.invalid";
  if (auto r = write_addresses(w, d, *utf8_headers, options.strict, id_domain); !r) return r.error();
  // RFC 5322 section 3.6.5: subject = "Subject:" unstructured CRLF
  if (d.subject) {
    if (auto r = check_value(*d.subject); !r) return r.error();
    w.begin("Subject");
    detail::write_text(w, *d.subject, *utf8_headers);
    w.end();
  }
  if (auto r = write_message_id(out, options, id_domain); !r) return r.error();
  if (auto r = write_other_fields(w, d, *utf8_headers); !r) return r.error();
  // RFC 2045 section 4: MIME-Version.
  out += "MIME-Version: 1.0\r\n";
  if (!d.attachments.empty()) {
    if (auto r = write_multipart(out, d, p, options.mark_unsent); !r) return r.error();
    return out;
  }
  append_text_fields(out, p);
  // Thunderbird, Outlook and Apple Mail open a message with "X-Unsent: 1" as a draft to edit.
  if (options.mark_unsent) out += "X-Unsent: 1\r\n";
  out += "\r\n";
  append_body(out, p);
  return out;
}

}  // namespace mailtokit
