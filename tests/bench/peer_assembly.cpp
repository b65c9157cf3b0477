// Peer: the fair assembly, what a mail-client author who wanted what parse_draft gives would put
// together from well-kept libraries. parse_policy/<set>/assembly, per link:
// - Boost.URL 1.81 parse_uri (a link Boost.URL refuses because it carries raw non-ASCII bytes, an
//   IRI, gets those bytes percent-encoded and is parsed again: a client must read IRIs), the
//   scheme checked, the path and every query parameter percent-decoded (space_as_plus = false);
// - an allowlist of header names (to, cc, bcc, subject, body, keywords, in-reply-to, references);
//   any other field is dropped;
// - g_utf8_validate on every decoded value;
// - GMime 3 internet_address_list_parse for the path and to/cc/bcc (it decodes RFC 2047 display
//   names), every mailbox's name and address read back; libidn2 idn2_to_ascii_8z
//   (IDN2_NONTRANSITIONAL) for each domain with a non-ASCII byte;
// - g_mime_utils_header_decode_text for the subject (RFC 2047 words).
// Each result is freed as a client would; nothing is cached between links.
#include <gmime/gmime.h>
#include <idn2.h>

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>
#include <cstring>
#include <string>
#include <string_view>

#include "bench.hpp"

namespace mailtokit::bench {

namespace {

/// `a` equals the lower-case ASCII name `lower`, ignoring ASCII case.
bool iequals(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char c = a[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + ('a' - 'A'));
    if (c != lower[i]) return false;
  }
  return true;
}

bool valid_utf8(const std::string& s) {
  return g_utf8_validate(s.data(), static_cast<gssize>(s.size()), nullptr);
}

/// One address list: GMime's parser, then every mailbox checked and its domain made ASCII.
bool address_list(const std::string& text) {
  InternetAddressList* list = internet_address_list_parse(nullptr, text.c_str());
  if (list == nullptr) return false;
  bool ok = true;
  const int n = internet_address_list_length(list);
  for (int i = 0; i < n; ++i) {
    InternetAddress* a = internet_address_list_get_address(list, i);
    if (!INTERNET_ADDRESS_IS_MAILBOX(a)) continue;  // groups: a client would walk them too; none here
    const char* name = internet_address_get_name(a);
    if (name != nullptr) ok = g_utf8_validate(name, -1, nullptr) && ok;
    const char* addr = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(a));
    if (addr == nullptr || !g_utf8_validate(addr, -1, nullptr)) {
      ok = false;
      continue;
    }
    const char* at = std::strrchr(addr, '@');
    if (at == nullptr) {
      ok = false;
      continue;
    }
    bool ascii = true;
    for (const char* p = at + 1; *p != '\0'; ++p) ascii = ascii && static_cast<unsigned char>(*p) < 0x80;
    if (!ascii) {
      char* out = nullptr;
      if (idn2_to_ascii_8z(at + 1, &out, IDN2_NONTRANSITIONAL) == IDN2_OK) {
        benchmark::DoNotOptimize(out);
      } else {
        ok = false;
      }
      idn2_free(out);
    }
  }
  g_object_unref(list);
  return ok;
}

/// Link to checked fields. False for a link the assembly refuses (not a URI, not mailto:, a
/// value that is not UTF-8, an address list GMime or libidn2 refuses).
bool assembly(const std::string& link, std::string& scratch) {
  auto r = boost::urls::parse_uri(link);
  if (!r) {
    bool non_ascii = false;
    for (char c : link) non_ascii = non_ascii || static_cast<unsigned char>(c) >= 0x80;
    if (!non_ascii) return false;
    scratch.clear();
    static constexpr char hex[] = "0123456789ABCDEF";
    for (char c : link) {
      const auto b = static_cast<unsigned char>(c);
      if (b < 0x80) {
        scratch += c;
      } else {
        scratch += '%';
        scratch += hex[b >> 4];
        scratch += hex[b & 15];
      }
    }
    r = boost::urls::parse_uri(scratch);
    if (!r) return false;
  }
  if (!iequals(r->scheme(), "mailto")) return false;
  bool ok = true;
  const std::string to = r->path();
  if (!to.empty()) ok = valid_utf8(to) && address_list(to) && ok;
  for (auto param : r->params(boost::urls::encoding_opts(false))) {
    const std::string& k = param.key;
    const std::string& v = param.value;
    if (!valid_utf8(v)) {
      ok = false;
      continue;
    }
    if (iequals(k, "to") || iequals(k, "cc") || iequals(k, "bcc")) {
      ok = address_list(v) && ok;
    } else if (iequals(k, "subject")) {
      char* text = g_mime_utils_header_decode_text(nullptr, v.c_str());
      ok = (text != nullptr && g_utf8_validate(text, -1, nullptr)) && ok;
      g_free(text);
    } else if (iequals(k, "body") || iequals(k, "keywords") || iequals(k, "in-reply-to") ||
               iequals(k, "references")) {
      benchmark::DoNotOptimize(v.data());  // kept as is
    }                                      // any other name: not on the allowlist, dropped
  }
  return ok;
}

void parse_policy_assembly(benchmark::State& state, const link_set* set) {
  g_mime_init();
  std::string scratch;
  over_links(state, *set, [&](const std::string& link) { return assembly(link, scratch); });
}

}  // namespace

void register_assembly() {
  for (const auto& set : link_sets()) {
    benchmark::RegisterBenchmark(("parse_policy/" + set.name + "/assembly").c_str(), parse_policy_assembly,
                                 &set);
  }
}

}  // namespace mailtokit::bench
