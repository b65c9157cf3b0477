// KMail. KMKernel::handleCommandLine percent-decodes a mailto: argument once before parsing it
// (QUrl::fromPercentEncoding), so "%26" in a subject would become a new field. The fields go in
// as "--name=value" options instead (one argv element each, value after '='), and the To
// addresses as positional arguments after "--". KMail encodes a Unicode domain as an RFC 2047
// word (an address nobody can reach): the A-label form goes in.
#include <algorithm>

#include "clients/client.hpp"
#include "clients/common.hpp"
#include "runtime/i18n.hpp"

namespace mailtokit::clients {
namespace {

bool starts_option(std::string_view s) { return s.empty() || s.front() == '-'; }

// Text before the first ':' that is an RFC 3986 scheme (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).
bool looks_like_scheme(std::string_view s) {
  const auto colon = s.find(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  const auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (!alpha(s.front())) return false;
  for (const char c : s.substr(1, colon - 1))
    if (!alpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') return false;
  return true;
}

program::result<handover> kmail_hand(const inputs& in) {
  if (in.d == nullptr) return fail(program::errc::spawn_failed, 0);
  const draft& d = *in.d;
  handover h;
  h.is_uri = false;
  auto& a = h.args;
  a.push_back("--composer");
  if (d.subject && !d.subject->empty()) a.push_back("--subject=" + *d.subject);
  if (!d.cc.empty()) a.push_back("--cc=" + detail::join_named(d.cc, ", "));
  if (!d.bcc.empty()) a.push_back("--bcc=" + detail::join_named(d.bcc, ", "));
  if (d.body && !d.body->empty()) a.push_back("--body=" + detail::crlf_to_lf(*d.body));
  for (const auto& f : d.headers) a.push_back("--header=" + f.name + ": " + f.value);
  a.push_back("--");
  for (std::size_t i = 0; i < d.to.size(); ++i) {
    // A positional argument that QUrl reads with a scheme is taken as an attachment; any other
    // one is a To address (a display name too: KMail parses the list itself).
    std::string s = detail::named(d.to[i], detail::ascii_form(d.to[i]));
    if (starts_option(s) || looks_like_scheme(s)) return fail(errc::invalid_address, i);
    a.push_back(std::move(s));
  }
  return h;
}

// KMKernel: "--attach <url>", repeatable, before "--" and the To addresses.
void kmail_attach(handover& h, const draft& /*d*/, const std::vector<std::string>& files) {
  auto at = std::find(h.args.begin(), h.args.end(), "--");
  for (const auto& f : files) at = std::next(h.args.insert(at, "--attach=" + f));
}

}  // namespace

extern const client kmail_client{
    target::kmail,
    "kmail",
    "KMail",
    {"org.kde.kmail2.desktop", "org.kde.kmail.desktop", "kmail.desktop"},
    {"kmail"},
    false,
    kmail_hand,
    nullptr,
    N_("gets options (--composer --subject= --cc= --bcc= --body= --header=) and the To addresses in A-label "
    "form, never the link: it percent-decodes a link once before reading it (KMKernel::handleCommandLine)"),
    {},
    kmail_attach};

}  // namespace mailtokit::clients
