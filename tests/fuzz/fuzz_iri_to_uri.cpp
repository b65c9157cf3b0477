// Fuzz target: IRI -> URI (RFC 3987 section 3.1, include/mailtokit/iri.hpp).
// Properties: the URI is ASCII and a valid RFC 3986 URI-reference for Boost.URL (an independent
// parser); the mapping is idempotent (to_uri(to_uri(x)) == to_uri(x)) with and without IDNA;
// ASCII input is unchanged (without IDNA); URI -> IRI -> URI gives the URI back up to hex case;
// Boost.URL accepts the ASCII input iri::parse() accepts; a legacy-charset input converts or fails
// with a charset error; with IDNA only the host changes (all other components as without it);
// normalize() is idempotent and compare() reflexive and symmetric.
#include "mailtokit/iri.hpp"

#include <string>

#include "fuzz.hpp"
#include "mailtokit/utf8.hpp"
#include "uri_check.hpp"

namespace {

using mailtokit::fuzz::show;
using mailtokit::fuzz::upper_hex;

void check_uri(std::string_view in, const std::string& uri, const mailtokit::iri::to_uri_options& o, const char* what) {
  for (char c : uri) MAILTOKIT_FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80, std::string(what) + ": non-ASCII in " + show(uri));
  MAILTOKIT_FUZZ_CHECK(mailtokit::fuzz::boost_accepts(uri),
                       std::string(what) + ": Boost.URL refuses " + show(uri) + " from " + show(in));
  mailtokit::iri::to_uri_options plain = o;
  plain.charset = {};
  const auto again = mailtokit::iri::to_uri(uri, plain);
  MAILTOKIT_FUZZ_CHECK(again && *again == uri, std::string(what) + ": to_uri not idempotent on " + show(uri));
  const auto iri = mailtokit::iri::to_iri(uri);
  MAILTOKIT_FUZZ_CHECK(iri.has_value(), std::string(what) + ": to_iri refuses the URI " + show(uri));
  const auto back = mailtokit::iri::to_uri(*iri);
  MAILTOKIT_FUZZ_CHECK(back && upper_hex(*back) == upper_hex(uri),
                       std::string(what) + ": URI -> IRI -> URI changed " + show(uri) + " (IRI " + show(*iri) + ")");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;

  const auto parts = mailtokit::iri::parse(in);
  // One direction only: Boost.URL 1.81 accepts some references RFC 3986 refuses ("http://a:b"
  // as host "a", empty port and path "b", where path-abempty must start with "/").
  if (mailtokit::utf8::is_ascii(in) && parts) {
    MAILTOKIT_FUZZ_CHECK(mailtokit::fuzz::boost_accepts(in), "iri::parse accepts what Boost.URL refuses: " + show(in));
  }

  const auto uri = mailtokit::iri::to_uri(in);
  MAILTOKIT_FUZZ_CHECK(uri.has_value() == parts.has_value(), "to_uri and parse disagree on " + show(in));
  if (uri) {
    check_uri(in, *uri, {}, "plain");
    if (mailtokit::utf8::is_ascii(in)) MAILTOKIT_FUZZ_CHECK(*uri == in, "to_uri changed ASCII " + show(in));
    const auto n = mailtokit::iri::normalize(in);
    if (n) {
      const auto nn = mailtokit::iri::normalize(*n);
      MAILTOKIT_FUZZ_CHECK(nn && *nn == *n, "normalize not idempotent: " + show(in) + " -> " + show(*n));
    }
    const auto self = mailtokit::iri::compare(in, in);
    MAILTOKIT_FUZZ_CHECK(self && self->equivalent, "compare(x, x) not equivalent for " + show(in));
    const auto with_uri = mailtokit::iri::compare(in, *uri);
    const auto uri_with = mailtokit::iri::compare(*uri, in);
    MAILTOKIT_FUZZ_CHECK(with_uri && uri_with && with_uri->equivalent && uri_with->equivalent,
                         "an IRI is not equivalent to its URI (section 5.3.2.3): " + show(in));
  } else {
    MAILTOKIT_FUZZ_CHECK(uri.error().offset <= in.size(), "error offset past the end: " + mailtokit::describe(uri.error()));
  }

  mailtokit::iri::to_uri_options idna;
  idna.idna = true;
  const auto with_idna = mailtokit::iri::to_uri(in, idna);
  if (mailtokit::fuzz::variant(in, 0, 2) && with_idna) {
    check_uri(in, *with_idna, idna, "idna");
    // ToASCII replaces the host and nothing else: the other components stay those of the plain
    // mapping (a host that maps to "evil.example/x" would move the rest into the path).
    MAILTOKIT_FUZZ_CHECK(uri.has_value(), "IDNA mapping accepts what the plain one refuses: " + show(in));
    const auto a = mailtokit::iri::parse(*uri);
    const auto b = mailtokit::iri::parse(*with_idna);
    MAILTOKIT_FUZZ_CHECK(a && b, "mapped URIs do not parse");
    MAILTOKIT_FUZZ_CHECK(a->scheme == b->scheme && a->has_authority == b->has_authority &&
                             a->has_userinfo == b->has_userinfo && a->userinfo == b->userinfo &&
                             a->has_port == b->has_port && a->port == b->port && a->path == b->path &&
                             a->has_query == b->has_query && a->query == b->query &&
                             a->has_fragment == b->has_fragment && a->fragment == b->fragment,
                         "IDNA changed more than the host: " + show(*uri) + " became " + show(*with_idna) + " for " +
                             show(in));
  }

  mailtokit::iri::to_uri_options legacy;
  legacy.charset = "windows-1252";
  if (mailtokit::fuzz::variant(in, 1, 2)) {
    const auto from_legacy = mailtokit::iri::to_uri(in, legacy);
    if (from_legacy) check_uri(in, *from_legacy, legacy, "windows-1252");
  }
  return 0;
}
