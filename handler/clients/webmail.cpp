#include "clients/webmail.hpp"

#include <algorithm>
#include <array>

#include "base/i18n.hpp"
#include "clients/common.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/idna.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::webmail {

using clients::detail::ascii_form;
using clients::detail::named;

namespace {

// The longest request line a web server reads by default (Apache's LimitRequestLine 8190,
// nginx's large_client_header_buffers 8k), less room for the rest of the request.
constexpr std::size_t query_limit = 8000;
// What the browser is handed in one argument: Linux's MAX_ARG_STRLEN is 128 KiB.
constexpr std::size_t fragment_limit = 120 * 1024;
// Outlook's deep link is reported to fail beyond about 2 KB (handler/clients/WEBMAIL.md).
constexpr std::size_t outlook_limit = 2000;

// Every byte but the unreserved ones as %XX (upper-case digits); '@' kept when asked.
std::string enc(std::string_view v, bool keep_at = false) {
  return percent::encode(v, keep_at ? chars::unreserved | chars::of("@") : chars::unreserved);
}

// One value for a field of the inner URI.
std::string value(std::string_view v, const reading& r) { return r.twice ? enc(enc(v)) : enc(v); }

// Addresses for the inner URI: each encoded ('@' kept unless escape_at), joined by a bare ','.
std::string address_list(const std::vector<address>& list, const reading& r) {
  std::string out;
  for (const auto& a : list) {
    if (!out.empty()) out += ',';
    const std::string one = r.names ? named(a, ascii_form(a)) : ascii_form(a);
    out += r.twice ? enc(enc(one, !r.escape_at), !r.escape_at) : enc(one, !r.escape_at);
  }
  return out;
}

// The mailto URI a service is given: lower-case scheme and field names, Cc before Bcc (SOGo finds
// "cc=" inside "bcc="), only the fields it reads.
std::string inner_uri(const draft& d, const reading& r) {
  std::string u = "mailto:";
  char sep = '?';
  auto field = [&](std::string_view name, const std::string& v) {
    u += sep;
    sep = '&';
    u += name;
    u += '=';
    u += v;
  };
  if (r.to_in_path) u += address_list(d.to, r);
  else if (!d.to.empty()) field("to", address_list(d.to, r));
  if (!d.cc.empty()) field("cc", address_list(d.cc, r));
  if (!d.bcc.empty()) field("bcc", address_list(d.bcc, r));
  if (d.subject) field("subject", value(*d.subject, r));
  if (d.body) field("body", value(*d.body, r));
  if (r.threading)
    for (const auto& h : d.headers)
      if (chars::iequals(h.name, "In-Reply-To") || chars::iequals(h.name, "References"))
        field(chars::lowered(h.name), value(h.value, r));
  return u;
}

// The address a self-hosted service was given, without a query or fragment and with a final '/'.
std::string folder(std::string_view address) {
  std::string base(address.substr(0, address.find_first_of("?#")));
  if (base.empty() || base.back() != '/') base += '/';
  return base;
}

// ---- Losses ------------------------------------------------------------------------------

bool is_threading(std::string_view name) {
  return chars::iequals(name, "In-Reply-To") || chars::iequals(name, "References");
}

void lose_headers(std::string_view title, const draft& d, bool threading, std::vector<std::string>& out) {
  for (const auto& h : d.headers)
    if (!(threading && is_threading(h.name)))
      // TRANSLATORS: {0} is a webmail's name, {1} a header field's name such as Keywords.
      out.push_back(fill(tr("{0}: this webmail loses {1} (its compose link has no place for it)"), {title, h.name}));
}

void lose_names(std::string_view title, const draft& d, std::vector<std::string>& out) {
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list)
      if (!a.display_name.empty())
        // TRANSLATORS: {0} is a webmail's name, {1} a person's name from an address.
        out.push_back(fill(tr("{0}: this webmail loses the display name \"{1}\" (its compose link takes bare "
                              "addresses)"),
                           {title, a.display_name}));
}

// A body its compose page reads as HTML when it holds `mark` ('<' or '>').
void lose_html(std::string_view title, const draft& d, char mark, std::vector<std::string>& out) {
  if (d.body && d.body->find(mark) != std::string::npos)
    // TRANSLATORS: {0} is a webmail's name, {1} the character < or >.
    out.push_back(fill(tr("{0}: this webmail reads a body with {1} in it as HTML, so some of its text may look "
                          "different or be missing"),
                       {title, std::string(1, mark)}));
}

// What every service but the template loses: the fields its link has no place for, the
// display names when it takes bare addresses, and the text of a body it reads as HTML.
void plain_losses(const service& s, const draft& d, std::vector<std::string>& out) {
  lose_headers(s.title, d, s.read.threading, out);
  if (!s.read.names) lose_names(s.title, d, out);
  if (s.html != 0) lose_html(s.title, d, s.html, out);
}

// ---- The services ------------------------------------------------------------------------
// Each: its link, then what it loses beyond plain_losses(). "Read in" names the source of the
// format; WEBMAIL.md has the whole account, with commits and what stays unverified.
//
// Gmail. Firefox's registered handler (uriloader/exthandler/HandlerList.sys.mjs, kHandlerList
// "default"): https://mail.google.com/mail/?extsrc=mailto&url=%s. Gmail's parser is not public.
//
// Yahoo Mail. Firefox's former default handler (a gecko test of HandlerServiceTestUtils:
// https://compose.mail.yahoo.com/?To=%s). Yahoo's parser is not public.
//
// Proton Mail. Read in ProtonMail/WebClients applications/mail/src/app/constants.ts
// (MAILTO_PROTOCOL_HANDLER_PATH "/inbox/#mailto=%s") and helpers/url.ts (mailtoParser,
// parseMailtoParams: subject, cc, bcc, body; a to= field is ignored, so To goes in the path; the
// hash must start with "mailto%3A", upper-case digits). The body becomes HTML.
//
// Zoho Mail: https://mail.zoho.com/mail/compose.do?extsrc=mailto&mode=compose&tp=zb&ct=%s (a
// third-party list of web handlers; Zoho documents none).
//
// Tuta. Read in tutao/tutanota src/mail-app/app.ts (the /mailto#url= route, one
// decodeURIComponent) and MailAddressParser.ts parseMailtoUrl (path split at ',', to, cc, bcc,
// subject, body through URLSearchParams: '+' is a space). Never given attach=.
//
// Yandex Mail. Firefox's handler for Russian (kHandlerList "ru"):
// https://mail.yandex.ru/compose?mailto=%s. Yandex's parser is not public.
//
// Roundcube. Read in roundcube/roundcubemail program/js/app.js (mailto_handler_uri:
// ?_task=mail&_action=compose&_to=%s) and program/actions/mail/compose.php
// (process_compose_params: the path rawurldecode'd, the query through parse_str, '+' a space;
// to, cc, bcc, subject, body, in-reply-to, references). Its 1.6 loses the path when the query has
// a to= (the assignment on line 375), so every To goes in the path. A body with '<' is read as
// HTML.
//
// Nextcloud Mail. Read in nextcloud/mail lib/Controller/PageController.php compose() (the path
// is not decoded, so To goes as a to= field; the query urldecode'd: '+' a space) and
// src/components/MailboxThread.vue handleMailto (to, cc, bcc, subject, body; a body with '>' is
// read as HTML).
//
// SnappyMail. Read in the-djmaze/snappymail dev/Settings/User/General.js (?mailto&to=%s),
// ServiceActions.php ServiceMailto and UtilsUser.js mailToHelper (URLSearchParams: '+' a space).
// SnappyMail\IDN::emailToUtf8() maps everything after the last '@' of the whole URI, lower-casing
// a subject written after it: every '@' goes as %40.
//
// RainLoop (archived). Read in RainLoop/rainloop-webmail dev/Common/Utils.js mailToHelper and
// simpleQueryParser: the path used raw (so To goes as a to= field), every value decoded twice
// (so encoded twice). It keeps the link only for a user logged in with "remember me".
//
// OX App Suite (mailbox.org). Read in open-xchange/appsuite-frontend io.ox/mail/compose (the
// handler #app=io.ox/mail/compose:compose&mailto=%s; the fragment split at '&' and '=', each
// decodeURIComponent'd; to in the path; the body read as HTML).
//
// Horde IMP. Read in horde/imp lib/Prefs/Special/Mailto.php (the handler:
// basic.php?page=compose&actionID=mailto_link&to=%s) and lib/Basic/Compose.php (parse_url and
// parse_str; IMP 6 uses the path raw, so To goes as a to= field).

// Outlook.com, Outlook on the web and Fastmail take the fields themselves, not a mailto: URI.
// Outlook: the deep link .../mail/deeplink/compose?to=&cc=&bcc=&subject=&body= (reports only:
// OfficeDev/office-js#4127, datenanfragen/website#416; Microsoft documents none); a '+' in an
// address arrives as a space (office-js#4127). Fastmail:
// https://app.fastmail.com/mail/compose?to=&cc=&bcc=&subject=&body= (a third-party client,
// joelekstrom/fastmate Fastmate/URLRouter.swift, and its issue #94; '+' reads as a space).
std::string deeplink(const service& s, const draft& d, std::string_view) {
  std::string url(s.compose);
  char sep = '?';
  auto field = [&](std::string_view name, const std::string& v) {
    if (v.empty()) return;
    url += sep;
    sep = '&';
    url += name;
    url += '=';
    url += enc(v);
  };
  auto list = [](const std::vector<address>& l) {
    std::string out;
    for (const auto& a : l) {
      if (!out.empty()) out += ',';
      out += ascii_form(a);
    }
    return out;
  };
  field("to", list(d.to));
  field("cc", list(d.cc));
  field("bcc", list(d.bcc));
  if (d.subject) field("subject", *d.subject);
  if (d.body) field("body", *d.body);
  return url;
}
void outlook_losses(const service& s, const draft& d, std::vector<std::string>& out) {
  plain_losses(s, d, out);
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list)
      if (ascii_form(a).find('+') != std::string::npos)
        // TRANSLATORS: {0} is a webmail's name, {1} an address with a + in it.
        out.push_back(fill(tr("{0}: this webmail turns the + in {1} into a space, so that address arrives "
                              "changed"),
                           {s.title, ascii_form(a)}));
}

// SOGo. Read in Alinto/sogo UI/WebServerResources/js/Mailer/Mailer.app.js (the handler:
// <Mail folder>UIxMailPopupView#!/Mail/0/new?%s) and Message.service.js $parseMailto (the path,
// subject, body, cc, bcc found by unanchored regular expressions: "cc=" matches inside "bcc=",
// so without a Cc the hidden copies would become Cc; display names break).
std::string sogo_link(const service& s, const draft& d, std::string_view address) {
  draft shown = d;
  if (shown.cc.empty()) shown.bcc.clear();  // told in sogo_losses(): never shown as Cc
  return folder(address) + std::string(s.compose) + enc(inner_uri(shown, s.read));
}
void sogo_losses(const service& s, const draft& d, std::vector<std::string>& out) {
  plain_losses(s, d, out);
  if (d.cc.empty())
    for (const auto& a : d.bcc)
      // TRANSLATORS: {0} is a webmail's name, {1} an address.
      out.push_back(fill(tr("{0}: this webmail loses the hidden copy to {1}: without a Cc, its compose link would "
                            "show it to everyone as a Cc"),
                         {s.title, ascii_form(a)}));
}

// Any other: the template's %s replaced by the mailto URI, percent-encoded (the web's
// registerProtocolHandler: UTF-8 percent-encode with the component set, of which this encodes a
// superset that every parser decodes the same).
std::string template_link(const service& s, const draft& d, std::string_view address) {
  const auto at = address.find("%s");
  return std::string(address.substr(0, at)) + enc(inner_uri(d, s.read)) + std::string(address.substr(at + 2));
}
void template_losses(const service& s, const draft& d, std::vector<std::string>& out) {
  for (const auto& h : d.headers)
    if (!is_threading(h.name))
      out.push_back(
          fill(tr("{0}: this webmail loses {1} (its compose link has no place for it)"), {s.title, h.name}));
}

constexpr kind hosted = kind::hosted, own = kind::self_hosted;
constexpr reading names{.names = true};
constexpr reading to_field{.to_in_path = false};
constexpr std::string_view example = "https://mail.example.org/";

const service gmail{"gmail", "Gmail", hosted, "", query_limit, "https://mail.google.com/mail/?extsrc=mailto&url="};
const service outlook{"outlook", "Outlook.com", hosted, "", outlook_limit,
                      "https://outlook.live.com/mail/0/deeplink/compose", {}, 0, deeplink, outlook_losses};
const service office365{"office365", "Outlook on the web", hosted, "", outlook_limit,
                        "https://outlook.office.com/mail/deeplink/compose", {}, 0, deeplink, outlook_losses};
const service yahoo{"yahoo", "Yahoo Mail", hosted, "", query_limit, "https://compose.mail.yahoo.com/?To="};
const service proton{"proton", "Proton Mail", hosted, "", fragment_limit, "https://mail.proton.me/inbox/#mailto=",
                     names, '<'};
const service fastmail{"fastmail", "Fastmail", hosted, "", query_limit, "https://app.fastmail.com/mail/compose",
                       {}, 0, deeplink};
const service zoho{"zoho", "Zoho Mail", hosted, "", query_limit,
                   "https://mail.zoho.com/mail/compose.do?extsrc=mailto&mode=compose&tp=zb&ct="};
const service tuta{"tuta", "Tuta", hosted, "", fragment_limit, "https://app.tuta.com/mailto#url=", names, '<'};
const service yandex{"yandex", "Yandex Mail", hosted, "", query_limit, "https://mail.yandex.ru/compose?mailto="};
const service roundcube{"roundcube", "Roundcube", own, example, query_limit, "?_task=mail&_action=compose&_to=",
                        {.names = true, .threading = true}, '<'};
const service sogo{"sogo", "SOGo", own, "https://mail.example.org/SOGo/so/USER/Mail/", fragment_limit,
                   "UIxMailPopupView#!/Mail/0/new?", {}, 0, sogo_link, sogo_losses};
const service nextcloud{"nextcloud", "Nextcloud Mail", own, "https://cloud.example.org/", query_limit,
                        "index.php/apps/mail/compose?uri=", {.to_in_path = false, .names = true}, '>'};
const service snappymail{"snappymail", "SnappyMail", own, example, query_limit, "?mailto&to=",
                         {.names = true, .escape_at = true}};
const service rainloop{"rainloop", "RainLoop", own, example, query_limit, "?mailto&to=",
                       {.to_in_path = false, .twice = true}};
const service ox{"ox", "OX App Suite", own, "https://mail.example.org/appsuite/", fragment_limit,
                 "#app=io.ox/mail/compose:compose&mailto=", names, '<'};
const service horde{"horde", "Horde", own, "https://mail.example.org/imp/", query_limit,
                    "basic.php?page=compose&actionID=mailto_link&to=", to_field};
const service any{"webmail", "webmail", kind::any, "https://mail.example.org/compose?uri=%s", query_limit, "", names,
                  0, template_link, template_losses};

// A host a plain http: address may name: this machine.
bool loopback(std::string_view host) {
  if (host == "localhost" || host == "[::1]") return true;
  if (host.substr(0, 4) != "127.") return false;
  return std::all_of(host.begin(), host.end(), [](char c) { return chars::digit(c) || c == '.'; });
}

}  // namespace

const std::vector<const service*>& all() {
  static const std::vector<const service*> list{&gmail, &outlook,    &office365,  &yahoo,    &proton, &fastmail,
                                                &zoho,  &tuta,       &yandex,     &roundcube, &sogo,  &nextcloud,
                                                &snappymail, &rainloop, &ox,     &horde,    &any};
  return list;
}

const service* by_name(std::string_view name) noexcept {
  for (const auto* s : all())
    if (s->name == name) return s;
  return nullptr;
}

mailtokit::result<std::string, problem> check_address(const service& s, std::string_view address) {
  if (s.kind == kind::hosted) return std::string();
  const std::string shown = percent::encode(address.substr(0, 200), chars::unreserved | chars::of(":/?#[]@!$&'()*+,;=%"));
  const std::string_view lower_scheme = address.substr(0, address.find(':'));
  const bool https = chars::iequals(lower_scheme, "https") && address.substr(lower_scheme.size(), 3) == "://";
  const bool http = chars::iequals(lower_scheme, "http") && address.substr(lower_scheme.size(), 3) == "://";
  if (!https && !http)
    return problem{fill(tr("{0} is not a web address: use the address of your webmail as your browser shows it, starting "
                   "with https://, for example {1}"),
                {shown, s.example})};
  const std::string_view rest = address.substr(lower_scheme.size() + 3);
  const std::string_view authority = rest.substr(0, rest.find_first_of("/?#"));
  if (authority.empty())
    return problem{fill(tr("{0} names no server: use the address of your webmail, for example {1}"), {shown, s.example})};
  if (authority.find('@') != std::string_view::npos)
    return problem{fill(tr("{0} holds a user name or password: leave them out, the browser asks for them"), {shown})};
  // The host and port as a browser reads them, or the address is refused (a
  // direction-changing character, port 99999 and "[::1" were taken as they came).
  std::string_view host = authority, port;
  if (host.front() == '[') {
    const auto close = host.find(']');
    const bool literal = close != std::string_view::npos &&
                         std::all_of(host.begin() + 1, host.begin() + static_cast<std::ptrdiff_t>(close), [](char c) {
                           return chars::hexdig(c) || c == ':' || c == '.';
                         });
    if (!literal || close == 1 || (close + 1 < host.size() && host[close + 1] != ':'))
      return problem{fill(tr("{0} does not name a server correctly: copy the address from your browser"), {shown})};
    port = host.substr(std::min(close + 2, host.size()));
    host = host.substr(0, close + 1);
  } else {
    const auto colon = host.find(':');
    port = colon == std::string_view::npos ? std::string_view() : host.substr(colon + 1);
    host = host.substr(0, colon);
    const bool ascii = idna::is_plain_ascii(host);
    const bool name_ok =
        !host.empty() && (ascii ? std::all_of(host.begin(), host.end(),
                                              [](char c) { return chars::alpha(c) || chars::digit(c) || c == '-' || c == '.'; })
                                : preview::visible(host) == host && idna::to_ascii(host).has_value());
    if (!name_ok)
      return problem{fill(tr("{0} does not name a server correctly: copy the address from your browser"), {shown})};
  }
  // Empty after the colon: the default port, as browsers read it.
  unsigned long number = 0;
  bool port_ok = port.size() <= 5;
  for (const char c : port) {
    port_ok = port_ok && chars::digit(c);
    number = number * 10 + static_cast<unsigned long>(c - '0');
  }
  if (!port_ok || (!port.empty() && (number < 1 || number > 65535)))
    return problem{fill(tr("{0} has a port that is not a number from 1 to 65535: copy the address from your browser"),
                        {shown})};
  if (http && !loopback(host))
    return problem{fill(tr("{0} is not encrypted (http:): use its https:// address; plain http: is only for a webmail on "
                   "this computer"),
                {shown})};
  // Also what visible() would show by code: a direction-changing or invisible character.
  const bool odd = std::any_of(address.begin(), address.end(), [](char c) {
    return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F || c == '"' || c == '<' || c == '>' || c == '\\' ||
           c == '^' || c == '`' || c == '{' || c == '|' || c == '}';
  });
  if (odd || preview::visible(address) != address)
    return problem{fill(tr("{0} holds a space or a character a web address cannot hold: copy the address from your "
                   "browser"),
                {shown})};
  if (s.kind == kind::any) {
    const auto first = address.find("%s");
    if (first == std::string_view::npos)
      return problem{fill(tr("{0} has no %s: write %s where the mail link goes, for example {1}"), {shown, s.example})};
    if (address.find("%s", first + 2) != std::string_view::npos)
      return problem{fill(tr("{0} has more than one %s: write it once, where the mail link goes"), {shown})};
    for (std::size_t i = 0; i < address.size(); ++i)
      if (address[i] == '%' && i != first &&
          !(i + 2 < address.size() && chars::hexdig(address[i + 1]) && chars::hexdig(address[i + 2])))
        return problem{fill(tr("{0} has a % that is neither %s nor an escape such as %20"), {shown})};
  }
  return std::string(address);
}

mailtokit::result<std::string, problem> compose_link(const service& s, const draft& d, std::string_view address) {
  std::string link = s.link != nullptr ? s.link(s, d, address)
                                       : (s.kind == kind::hosted ? std::string() : folder(address)) + std::string(s.compose) +
                                             enc(inner_uri(d, s.read));
  if (link.size() > s.max_link)
    // TRANSLATORS: {0} is a webmail's name; {1} and {2} are numbers of bytes.
    return problem{fill(tr("The message is too long for {0}: its compose link may be at most {1} bytes, and this one would "
                   "be {2}."),
                {std::string(s.title), std::to_string(s.max_link), std::to_string(link.size())})};
  return link;
}

std::vector<std::string> losses(const service& s, const draft& d) {
  std::vector<std::string> out;
  (s.losses != nullptr ? s.losses : plain_losses)(s, d, out);
  return out;
}

}  // namespace mailtokit::webmail
