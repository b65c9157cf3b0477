// KMail. KMKernel::handleCommandLine percent-decodes a mailto: argument once before parsing it
// (QUrl::fromPercentEncoding), so "%26" in a subject would become a new field. The fields go in
// as "--name=value" options instead (one argv element each, value after '='), and the To
// addresses as positional arguments after "--". KMail encodes a Unicode domain as an RFC 2047
// word (an address nobody can reach): the A-label form goes in.
// Options a value could become (handler/clients/README.md): QCommandLineParser takes everything
// after the first '=' of "--subject=" as the value, whatever it is; Qt's own argv filter
// (-session, -style=, -reverse, ...) looks at whole elements only, and none of ours is one of its
// names; a To address starting with '-' is refused (Qt's filter does not stop at "--"). One value
// cannot be given at all: KMKernel::handleCommandLine (kmkernel.cpp, KMail 22.12) takes a subject
// of exactly "ession" for its "-session" (read as "-s ession" after a session restore), clears it
// and ignores every To address. Such a subject is left out, and the user told (kmail_losses).
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

bool starts_option(std::string_view s) { return s.empty() || s.front() == '-'; }

// The subject KMail reads as its own -session option (see above).
constexpr std::string_view kmail_session_subject = "ession";

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

errors::result<handover> kmail_hand(const inputs& in) {
  if (in.d == nullptr) return fail(errors::errc::spawn_failed, 0);
  const draft& d = *in.d;
  handover h;
  h.is_uri = false;
  auto& a = h.args;
  a.push_back("--composer");
  if (d.subject && !d.subject->empty() && *d.subject != kmail_session_subject) a.push_back("--subject=" + *d.subject);
  if (!d.cc.empty()) a.push_back("--cc=" + detail::join_named(d.cc, ", "));
  if (!d.bcc.empty()) a.push_back("--bcc=" + detail::join_named(d.bcc, ", "));
  if (d.body && !d.body->empty()) a.push_back("--body=" + detail::crlf_to_lf(*d.body));
  for (const auto& f : d.headers) a.push_back("--header=" + f.name + ": " + f.value);
  a.push_back("--");
  for (std::size_t i = 0; i < d.to.size(); ++i) {
    // A positional argument that QUrl reads with a scheme is taken as an attachment; any other
    // one is a To address (a display name too: KMail parses the list itself).
    std::string s = detail::mailbox(d.to[i]);
    if (starts_option(s) || looks_like_scheme(s)) return fail(errc::invalid_address, i);
    a.push_back(std::move(s));
  }
  return h;
}

void kmail_losses(const draft& d, std::vector<std::string>& out) {
  if (d.subject && *d.subject == kmail_session_subject)
    out.push_back(tr("kmail: this client loses Subject \"ession\" (KMail takes that subject for its own -session "
                     "option and would then drop every To address)"));
}

// KMKernel: "--attach <url>", repeatable, before "--" and the To addresses.
const registration kmail{{
    .name = "kmail", .label = "KMail", .rank = 30,
    .entry_ids = {"org.kde.kmail2.desktop", "org.kde.kmail.desktop", "kmail.desktop"},
    .programs = {"kmail"}, .package = "kmail",
    .hand = kmail_hand, .from_link = false, .attach = detail::attach_as<detail::file_args::joined, "--attach=">,
    .losses = kmail_losses,
    .notes = N_("gets options (--composer --subject= --cc= --bcc= --body= --header=) and the To addresses in A-label "
                "form, never the link: it percent-decodes a link once before reading it (KMKernel::handleCommandLine)"),
    .address_refused = N_("KMail was not started: To address {0} would be read as an option or as a file to attach "
                          "(KMail takes an argument with a scheme as an attachment)."),
}};

}  // namespace

}  // namespace mailtokit::clients
