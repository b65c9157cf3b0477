#include "mailtokit/idna.hpp"

#include <idn2.h>

#include <cstdlib>
#include <memory>
#include <new>

#include "mailtokit/chars.hpp"
#include "mailtokit/utf8.hpp"
#include "text/no_memory.hpp"

namespace mailtokit::idna {

namespace {

// libidn2 flags: "UTS #46 section 4 processing, non-transitional" (ß stays ß) with the input put
// in NFC first. Both exist in libidn2 2.3.3 (IDN2_NFC_INPUT = 1, IDN2_NONTRANSITIONAL = 8).
constexpr int k_flags = IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL;
// UTS #46 section 4 maps U+FF0F to '/', U+FF20 to '@' and U+2004 to ' ' ("disallowed_STD3_mapped"),
// so "evil.example\uFF0Fx.example.org" would come out as the host "evil.example/x.example.org"
// (found by the idna fuzz target). libidn2 2.3.3's IDN2_USE_STD3_ASCII_RULES does not refuse
// them either: it deletes them ("evil.examplex.example.org"), another host. So the output is
// checked instead, and a non-LDH result is an error.

// RFC 5890 section 2.3.1: an A-label domain is LDH (letters, digits, hyphen) labels and dots.
bool is_ldh_domain(std::string_view d) noexcept {
  for (char c : d)
    if (!(chars::alpha(c) || chars::digit(c) || c == '-' || c == '.')) return false;
  return true;
}

// RFC 1034 section 3.1 / RFC 5890 section 2.3.2.1: a label is at most 63 octets, a domain name
// in its textual form at most 253 (255 octets on the wire).
constexpr std::size_t k_max_label = 63;
constexpr std::size_t k_max_domain = 253;

struct free_deleter {
  void operator()(char* p) const noexcept { idn2_free(p); }
};
using idn2_string = std::unique_ptr<char, free_deleter>;

bool starts_with_xn(std::string_view s, std::size_t i) noexcept {
  return s.size() - i >= 4 && chars::lower(s[i]) == 'x' && chars::lower(s[i + 1]) == 'n' && s[i + 2] == '-' &&
         s[i + 3] == '-';
}

// UTS #46 section 2.3: label separators are U+002E and, before mapping, U+3002, U+FF0E, U+FF61.
// Returns the length of the separator at s[i], or 0.
std::size_t separator_at(std::string_view s, std::size_t i) noexcept {
  if (s[i] == '.') return 1;
  if (s.size() - i < 3) return 0;
  const auto b0 = static_cast<unsigned char>(s[i]);
  const auto b1 = static_cast<unsigned char>(s[i + 1]);
  const auto b2 = static_cast<unsigned char>(s[i + 2]);
  if (b0 == 0xE3 && b1 == 0x80 && b2 == 0x82) return 3;                   // U+3002
  if (b0 == 0xEF && b1 == 0xBC && b2 == 0x8E) return 3;                   // U+FF0E
  if (b0 == 0xEF && b1 == 0xBD && b2 == 0xA1) return 3;                   // U+FF61
  return 0;
}

struct label {
  std::size_t begin = 0;
  std::size_t size = 0;
};

// Calls f(label) for each label; a single trailing separator (the root) yields no empty label.
template <class F>
result<void> for_each_label(std::string_view d, F&& f) {
  std::size_t start = 0;
  for (std::size_t i = 0; i <= d.size();) {
    const std::size_t sep = i < d.size() ? separator_at(d, i) : 0;
    if (i < d.size() && sep == 0) {
      ++i;
      continue;
    }
    const bool root = i == d.size() && start == d.size() && start != 0;
    if (!root) {
      if (auto r = f(label{start, i - start}); !r) return r;
    }
    if (i == d.size()) break;
    i += sep;
    start = i;
  }
  return {};
}

// RFC 5890 section 2.3.2.1 and RFC 1034 section 3.1: no empty labels ("a..b", ".a"), labels of
// at most 63 octets, at most 253 octets in all (one more for the root's trailing dot). Lengths
// are checked on ASCII text (the input of the fast path, libidn2's output otherwise), empty
// labels on both paths, so ASCII and non-ASCII domains are refused alike.
result<void> check_structure(std::string_view d, bool lengths) {
  if (d.empty()) return fail(errc::idna_empty_label, 0);
  if (lengths && d.size() > k_max_domain + (d.back() == '.' ? 1 : 0)) return fail(errc::idna_too_long, 0);
  return for_each_label(d, [lengths](label l) -> result<void> {
    if (l.size == 0) return fail(errc::idna_empty_label, l.begin);
    if (lengths && l.size > k_max_label) return fail(errc::idna_too_long, l.begin);
    return {};
  });
}

errc map_code(int rc) noexcept {
  switch (rc) {
    case IDN2_TOO_BIG_DOMAIN:
    case IDN2_TOO_BIG_LABEL:
    case IDN2_PUNYCODE_BIG_OUTPUT:
      return errc::idna_too_long;
    case IDN2_PUNYCODE_BAD_INPUT:
    case IDN2_PUNYCODE_OVERFLOW:
    case IDN2_INVALID_ALABEL:
    case IDN2_UALABEL_MISMATCH:
    case IDN2_ALABEL_ROUNDTRIP_FAILED:
      return errc::idna_bad_punycode;
    case IDN2_DISALLOWED:
    case IDN2_UNASSIGNED:
    case IDN2_INVALID_NONTRANSITIONAL:
    case IDN2_INVALID_TRANSITIONAL:
      return errc::idna_disallowed;
    case IDN2_BIDI:
      return errc::idna_bidi;
    case IDN2_MALLOC:
      return errc::no_memory;
    case IDN2_NO_CODESET:
    case IDN2_ICONV_FAIL:
    case IDN2_INVALID_FLAGS:
      return errc::internal_error;
    default:
      return errc::idna_invalid;
  }
}

// libidn2 reports memory running out by IDN2_MALLOC: std::bad_alloc (text/no_memory.hpp), so that
// it is never taken for a bad label on the way (locate(), round_trips()).
void throw_if_no_memory(int rc) {
  if (rc == IDN2_MALLOC) throw std::bad_alloc();
}

result<std::string> call_to_ascii(const std::string& z) {
  char* out = nullptr;
  const int rc = idn2_to_ascii_8z(z.c_str(), &out, k_flags);
  idn2_string owned(out);
  throw_if_no_memory(rc);
  if (rc != IDN2_OK || out == nullptr) return fail(map_code(rc), 0);
  return std::string(out);
}

// On failure of the whole domain (the error path only): the first label that fails on its own
// names the offset. When every label passes alone (the RFC 5893 bidi rule spans labels), the
// first non-ASCII or xn-- label is blamed.
error locate(std::string_view d, errc whole) {
  std::size_t blamed = d.size();
  error found{whole, 0};
  bool have = false;
  (void)for_each_label(d, [&](label l) -> result<void> {
    const std::string_view text = d.substr(l.begin, l.size);
    if (have) return {};
    if (blamed == d.size() && !(utf8::is_ascii(text) && !starts_with_xn(text, 0))) blamed = l.begin;
    if (auto r = call_to_ascii(std::string(text)); !r) {
      found = error{r.error().code, l.begin};
      have = true;
    }
    return {};
  });
  if (!have) found.offset = blamed == d.size() ? 0 : blamed;
  return found;
}

bool has_xn_label(std::string_view d) noexcept {
  for (std::size_t i = 0;;) {
    if (starts_with_xn(d, i)) return true;
    const std::size_t dot = d.find('.', i);
    if (dot == std::string_view::npos) return false;
    i = dot + 1;
  }
}

// A-labels -> U-labels -> A-labels gives the same domain back.
bool round_trips(const std::string& ascii) {
  char* uni = nullptr;
  const int rc = idn2_to_unicode_8z8z(ascii.c_str(), &uni, 0);
  idn2_string owned(uni);
  throw_if_no_memory(rc);
  if (rc != IDN2_OK || uni == nullptr) return false;
  auto again = call_to_ascii(uni);
  return again && *again == ascii;
}

// The first label whose A-label form does not round-trip on its own (offset 0 when none alone fails).
error locate_xn(std::string_view d) {
  error found{errc::idna_bad_punycode, 0};
  bool have = false;
  (void)for_each_label(d, [&](label l) -> result<void> {
    const std::string_view text = d.substr(l.begin, l.size);
    if (have || is_plain_ascii(text)) return {};
    auto a = call_to_ascii(std::string(text));
    if (!a || (has_xn_label(*a) && !round_trips(*a))) {
      found.offset = l.begin;
      have = true;
    }
    return {};
  });
  return found;
}

}  // namespace

bool is_plain_ascii(std::string_view domain) noexcept {
  bool label_start = true;
  for (std::size_t i = 0; i < domain.size(); ++i) {
    const char c = domain[i];
    if (static_cast<unsigned char>(c) >= 0x80) return false;
    if (label_start && starts_with_xn(domain, i)) return false;
    label_start = c == '.';
  }
  return true;
}

result<std::string> to_ascii(std::string_view domain) try {
  if (auto s = check_structure(domain, is_plain_ascii(domain)); !s) return s.error();
  // "libidn2 costs about 2 microseconds per call even for plain ASCII": ASCII without A-labels
  // is only lower-cased (UTS #46 section 4 step 1 maps A-Z to a-z; nothing else changes).
  if (is_plain_ascii(domain)) return chars::lowered(domain);
  if (auto v = utf8::validate(domain); !v) return v.error();
  if (domain.find('\0') != std::string_view::npos) return fail(errc::idna_disallowed, domain.find('\0'));
  auto r = call_to_ascii(std::string(domain));
  if (!r) return locate(domain, r.error().code);
  // Mapping (e.g. U+FF0E to '.', or a label of ignored code points) can empty a label.
  if (auto s = check_structure(*r, true); !s) return locate(domain, s.error().code);
  // Defence in depth: whatever libidn2 maps, the A-label form must not hold a delimiter.
  if (!is_ldh_domain(*r)) return locate(domain, errc::idna_disallowed);
  // RFC 5891 section 5.4: "Putative A-labels ... MUST be converted to a U-label and back,
  // and the result MUST match". libidn2 2.3.3 lets some through that do not
  // ("xn--n--fa-hia", found by the idna fuzz target), so the round trip is checked here,
  // on the output: a mapped-away character (U+200B) can put an xn-- label there
  // ("\u200Bxn--z-zca.example").
  if (has_xn_label(*r) && !round_trips(*r)) return locate_xn(domain);
  return r;
} catch (const std::bad_alloc&) {
  return fail(errc::no_memory, 0);
} catch (const std::exception&) {
  return fail(errc::internal_error, 0);
}

result<std::string> to_unicode(std::string_view domain) try {
  if (is_plain_ascii(domain)) {
    if (auto s = check_structure(domain, true); !s) return s.error();
    return chars::lowered(domain);
  }
  // idn2_to_unicode_8z8z does not validate A-labels (it turns "xn--a" into ""), so the domain goes
  // through ToASCII first: "xn--" labels are decoded, checked and re-encoded there (RFC 5891
  // section 5.4 "the A-label ... MUST be converted to a U-label and back"), the rest mapped.
  auto ascii = to_ascii(domain);
  if (!ascii) return ascii.error();
  char* out = nullptr;
  const int rc = idn2_to_unicode_8z8z(ascii->c_str(), &out, 0);
  idn2_string owned(out);
  throw_if_no_memory(rc);
  if (rc != IDN2_OK || out == nullptr) return locate(domain, map_code(rc));
  return std::string(out);
} catch (const std::bad_alloc&) {
  return fail(errc::no_memory, 0);
} catch (const std::exception&) {
  return fail(errc::internal_error, 0);
}

}  // namespace mailtokit::idna
