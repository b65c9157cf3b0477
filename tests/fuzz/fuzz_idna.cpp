// Fuzz target: IDNA (include/mailtokit/idna.hpp), with ICU's UTS #46 implementation as an
// independent oracle.
// Properties: to_ascii() output is lower-case ASCII and a fixed point (to_ascii(to_ascii(x)) ==
// to_ascii(x)); to_unicode() of it succeeds and maps back (A-label <-> U-label round trip);
// to_unicode(x) succeeds only when to_ascii(x) does and gives the same domain; the ASCII fast
// path only lower-cases; the output is LDH (no character that means something in a URI or an
// address); error offsets start a label; when both libidn2 (through mailtokit) and
// ICU accept a domain, they give the same A-labels.
#include "mailtokit/idna.hpp"

#include <unicode/uidna.h>

#include <memory>
#include <string>

#include "fuzz.hpp"
#include "mailtokit/utf8.hpp"

namespace {

using mailtokit::fuzz::show;

struct uidna_closer {
  void operator()(UIDNA* p) const noexcept { uidna_close(p); }
};

const UIDNA* icu_uts46() {
  static const std::unique_ptr<UIDNA, uidna_closer> idna = [] {
    UErrorCode err = U_ZERO_ERROR;
    UIDNA* p = uidna_openUTS46(UIDNA_NONTRANSITIONAL_TO_ASCII | UIDNA_NONTRANSITIONAL_TO_UNICODE | UIDNA_CHECK_BIDI |
                                   UIDNA_CHECK_CONTEXTJ,
                               &err);
    return std::unique_ptr<UIDNA, uidna_closer>(U_SUCCESS(err) ? p : nullptr);
  }();
  return idna.get();
}

// ICU's ToASCII, or false when ICU reports any error.
bool icu_to_ascii(std::string_view domain, std::string& out) {
  const UIDNA* idna = icu_uts46();
  if (idna == nullptr || domain.size() > 1000) return false;
  out.assign(4 * domain.size() + 64, '\0');
  UIDNAInfo info = UIDNA_INFO_INITIALIZER;
  UErrorCode err = U_ZERO_ERROR;
  const int32_t n = uidna_nameToASCII_UTF8(idna, domain.data(), static_cast<int32_t>(domain.size()), out.data(),
                                           static_cast<int32_t>(out.size()), &info, &err);
  if (U_FAILURE(err) || info.errors != 0) return false;
  out.resize(static_cast<std::size_t>(n));
  return true;
}

bool is_label_start(std::string_view d, std::size_t off) {
  if (off == 0) return true;
  if (off > d.size()) return false;
  if (d[off - 1] == '.') return true;
  // U+3002, U+FF0E, U+FF61 are label separators too (UTS #46 section 2.3).
  if (off >= 3) {
    const std::string_view sep = d.substr(off - 3, 3);
    return sep == "\xE3\x80\x82" || sep == "\xEF\xBC\x8E" || sep == "\xEF\xBD\xA1";
  }
  return false;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view d = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;

  const auto a = mailtokit::idna::to_ascii(d);
  const auto u = mailtokit::idna::to_unicode(d);
  if (a) {
    for (char c : *a) {
      MAILTOKIT_FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80 && !(c >= 'A' && c <= 'Z'),
                           "to_ascii(" + show(d) + ") = " + show(*a) + " is not lower-case ASCII");
      // RFC 5890 section 2.3.1 LDH labels (letters, digits, hyphen) and dots. ASCII input passes
      // through lower-cased (the documented fast path), so other ASCII may come out only when it
      // went in: ToASCII must not make a delimiter (space, '/', '?', '#', '@', ':' are what UTS #46
      // maps U+2004, U+FF0F, U+FF1F, U+FF03, U+FF20, U+FF1A to without STD3 rules), which would
      // change what a URI or an address means.
      const bool ldh = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
      MAILTOKIT_FUZZ_CHECK(ldh || d.find(c) != std::string_view::npos,
                           "to_ascii(" + show(d) + ") = " + show(*a) + " makes a character that is not LDH");
    }
    const auto again = mailtokit::idna::to_ascii(*a);
    MAILTOKIT_FUZZ_CHECK(again && *again == *a, "to_ascii not idempotent: " + show(d) + " -> " + show(*a));
    const auto back = mailtokit::idna::to_unicode(*a);
    MAILTOKIT_FUZZ_CHECK(back.has_value(), "to_unicode fails on to_ascii's output " + show(*a));
    const auto round = mailtokit::idna::to_ascii(*back);
    MAILTOKIT_FUZZ_CHECK(round && *round == *a, "A-label -> U-label -> A-label changed " + show(*a));
    if (mailtokit::idna::is_plain_ascii(d)) MAILTOKIT_FUZZ_CHECK(*a == lower(d), "fast path did more than lower-case");
    std::string icu;
    if (icu_to_ascii(d, icu)) {
      MAILTOKIT_FUZZ_CHECK(icu == *a, "libidn2 and ICU disagree on " + show(d) + ": " + show(*a) + " vs " + show(icu));
    }
  } else {
    MAILTOKIT_FUZZ_CHECK(a.error().offset <= d.size(), "error offset past the end");
    // The header promises the offset of the offending label; a NUL is named at its own byte.
    const bool at_nul = a.error().offset < d.size() && d[a.error().offset] == '\0';
    if (mailtokit::to_name(a.error().code).substr(0, 5) == "idna_" && !at_nul) {
      MAILTOKIT_FUZZ_CHECK(is_label_start(d, a.error().offset),
                           "offset " + std::to_string(a.error().offset) + " does not start a label in " + show(d));
    }
  }
  if (u) {
    MAILTOKIT_FUZZ_CHECK(a.has_value(), "to_unicode accepts what to_ascii refuses: " + show(d));
    MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(*u).has_value(), "to_unicode output invalid UTF-8");
    const auto ua = mailtokit::idna::to_ascii(*u);
    MAILTOKIT_FUZZ_CHECK(ua && a && *ua == *a, "to_unicode(" + show(d) + ") = " + show(*u) + " names another domain");
  } else if (a) {
    MAILTOKIT_FUZZ_CHECK(false, "to_unicode refuses what to_ascii accepts: " + show(d));
  }
  return 0;
}
