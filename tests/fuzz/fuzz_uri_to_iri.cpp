// Fuzz target: URI -> IRI (RFC 3987 section 3.2, include/mailtokit/iri.hpp).
// Properties: the IRI is valid UTF-8 that parses as an IRI, holds only characters
// is_appropriate() allows (no bidi controls, no look-alikes of delimiters) and maps back:
// to_uri(to_iri(u)) == to_uri(u) up to hex case (== u for an ASCII URI); to_iri is idempotent;
// with IDNA, the host's A-labels come back through to_uri with IDNA (up to the host's case).
#include "mailtokit/iri.hpp"

#include <string>

#include "fuzz.hpp"
#include "mailtokit/utf8.hpp"
#include "uri_check.hpp"

namespace {

using mailtokit::fuzz::show;
using mailtokit::fuzz::upper_hex;

void check_iri(std::string_view in, const std::string& iri, const char* what) {
  MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(iri).has_value(), std::string(what) + ": IRI not UTF-8: " + show(iri));
  MAILTOKIT_FUZZ_CHECK(mailtokit::iri::parse(iri).has_value(), std::string(what) + ": IRI does not parse: " + show(iri));
  const char* it = iri.data();
  const char* end = iri.data() + iri.size();
  while (it != end) {
    const auto cp = mailtokit::utf8::decode(it, end);
    if (cp && *cp >= 0x80) {
      MAILTOKIT_FUZZ_CHECK(mailtokit::iri::is_appropriate(*cp),
                           std::string(what) + ": inappropriate U+" + std::to_string(static_cast<unsigned>(*cp)) +
                               " decoded into " + show(iri) + " from " + show(in));
    }
  }
  const auto again = mailtokit::iri::to_iri(iri);
  MAILTOKIT_FUZZ_CHECK(again && *again == iri, std::string(what) + ": to_iri not idempotent on " + show(in));
}

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// Equal up to hex case, and up to ASCII case in the host (RFC 3986 section 6.2.2.1: "the
// scheme and host are case-insensitive"; idna::to_unicode lower-cases the labels it keeps).
bool same_uri(const std::string& a, const std::string& b) {
  const auto pa = mailtokit::iri::parse(a);
  const auto pb = mailtokit::iri::parse(b);
  if (!pa || !pb) return upper_hex(a) == upper_hex(b);
  if (pa->host_at != pb->host_at || !pa->has_authority || !pb->has_authority) return upper_hex(a) == upper_hex(b);
  const std::size_t ea = pa->host_at + pa->host.size();
  const std::size_t eb = pb->host_at + pb->host.size();
  return upper_hex(a.substr(0, pa->host_at)) == upper_hex(b.substr(0, pb->host_at)) &&
         lower_ascii(pa->host) == lower_ascii(pb->host) && upper_hex(a.substr(ea)) == upper_hex(b.substr(eb));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;

  const auto iri = mailtokit::iri::to_iri(in);
  const auto uri = mailtokit::iri::to_uri(in);
  MAILTOKIT_FUZZ_CHECK(iri.has_value() == uri.has_value(), "to_iri and to_uri disagree on " + show(in));
  if (!iri) {
    MAILTOKIT_FUZZ_CHECK(iri.error().offset <= in.size(), "error offset past the end");
    return 0;
  }
  check_iri(in, *iri, "plain");
  const auto back = mailtokit::iri::to_uri(*iri);
  MAILTOKIT_FUZZ_CHECK(back && upper_hex(*back) == upper_hex(*uri),
                       "to_uri(to_iri(u)) != to_uri(u) for " + show(in) + ": IRI " + show(*iri));
  if (mailtokit::utf8::is_ascii(in)) {
    MAILTOKIT_FUZZ_CHECK(upper_hex(*back) == upper_hex(in), "URI -> IRI -> URI changed the URI " + show(in));
  }

  mailtokit::iri::to_iri_options idna;
  idna.idna = true;
  const auto with_idna = mailtokit::iri::to_iri(in, idna);
  if (with_idna) {
    check_iri(in, *with_idna, "idna");
    mailtokit::iri::to_uri_options to_ascii;
    to_ascii.idna = true;
    const auto round = mailtokit::iri::to_uri(*with_idna, to_ascii);
    const auto direct = mailtokit::iri::to_uri(in, to_ascii);
    MAILTOKIT_FUZZ_CHECK(round.has_value() == direct.has_value() && (!round || same_uri(*round, *direct)),
                         "IDNA round trip changed " + show(in) + ": IRI " + show(*with_idna));
  }
  return 0;
}
