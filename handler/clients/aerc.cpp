// aerc 0.14 (Aerc.Mailto) reads the address part as url.URL.Opaque, which Go does not
// percent-decode, and parses it with mail.ParseAddressList: the To list goes in decoded (display
// names and all). The query, which it decodes, is built from the draft: one cc= or bcc= per
// address (aerc joins repeated fields with ','), every byte but unreserved ones percent-encoded
// (url.Query() reads '+' as a space). It reads cc, bcc, subject, body and in-reply-to.
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "mailtokit/address.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

// Go's url.Parse cuts the fragment at the first '#' and the query at the first '?', and an
// opaque part that starts with '/' becomes a path: those bytes of an address cannot reach
// aerc's To as they are. They are percent-encoded (aerc shows them so) and the user is told.
bool aerc_unsafe(char c) { return c == '?' || c == '#' || c == '%'; }

std::string aerc_to(const std::vector<address>& to) {
  std::string out;
  for (const auto& a : to) {
    if (!out.empty()) out += ", ";
    for (const char c : detail::mailbox(a)) {
      if (aerc_unsafe(c) || (c == '/' && out.empty())) {
        static constexpr char hex[] = "0123456789ABCDEF";
        out += '%';
        out += hex[static_cast<unsigned char>(c) >> 4];
        out += hex[static_cast<unsigned char>(c) & 15];
      } else {
        out += c;
      }
    }
  }
  return out;
}

std::string aerc_query(const draft& d) {
  std::string q;
  char sep = '?';
  for (const auto& a : d.cc) detail::add_query(q, sep, "cc", detail::mailbox(a));
  for (const auto& a : d.bcc) detail::add_query(q, sep, "bcc", detail::mailbox(a));
  if (d.subject) detail::add_query(q, sep, "subject", *d.subject);
  if (d.body) detail::add_query(q, sep, "body", *d.body);
  for (const auto& h : d.headers)
    if (chars::iequals(h.name, "in-reply-to")) detail::add_query(q, sep, "in-reply-to", h.value);
  return q;
}

// One valid mailbox with a display name ("Doe, Jane" <jane@example.org>): RFC 6068 does not
// allow it in a link, our parser keeps it as an invalid entry, and aerc (Go's net/mail) reads it.
bool one_mailbox(std::string_view text) {
  auto list = parse_address_list(text);
  return list && list->size() == 1 && list->front().valid;
}

errors::result<handover> aerc_hand(const inputs& in) {
  if (in.d == nullptr) return fail(errors::errc::spawn_failed, 0);
  handover h;
  h.args = {"mailto:" + aerc_to(in.d->to) + aerc_query(*in.d)};
  return h;
}

void aerc_losses(const draft& d, std::vector<std::string>& out) {
  for (const auto& a : d.to) {
    const std::string s = a.unicode();
    if (std::any_of(s.begin(), s.end(), aerc_unsafe) || (!s.empty() && s.front() == '/'))
      // xgettext:no-c-format
      out.push_back(fill(tr("aerc: this client changes To: '{0}' arrives with '?', '#', '%' or a leading '/' "
                            "percent-encoded (aerc does not decode addresses)"),
                         {s}));
    else if (!a.valid && !one_mailbox(s))
      out.push_back(fill(tr("aerc: this client may lose To: aerc opens no composer when it cannot parse '{0}'"), {s}));
  }
  for (const auto* list : {&d.cc, &d.bcc}) {
    for (const auto& a : *list) {
      if (a.valid || one_mailbox(a.unicode())) continue;
      out.push_back(fill(list == &d.cc
                             ? tr("aerc: this client may lose Cc: aerc drops the whole field when it cannot parse '{0}'")
                             : tr("aerc: this client may lose Bcc: aerc drops the whole field when it cannot parse '{0}'"),
                         {a.unicode()}));
    }
  }
}

const registration aerc{{
    .name = "aerc", .label = "aerc", .rank = 100,
    .entry_ids = {"aerc.desktop"}, .programs = {"aerc"}, .terminal = true, .package = "aerc",
    .hand = aerc_hand, .from_link = false,
    .only_fields = std::vector<std::string_view>{"cc", "bcc", "subject", "in-reply-to"},
    .losses = aerc_losses,
    .notes = N_("gets a link with the To list decoded (it does not percent-decode the address part) and one cc= or "
                "bcc= per address; reads only cc, bcc, subject, body and in-reply-to"),
    .gets = N_("the link, with the To list decoded"),
}};

}  // namespace

}  // namespace mailtokit::clients
