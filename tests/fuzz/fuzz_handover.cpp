// Fuzz target: the hand-over to every mail program (handler/clients/), read back by the worst
// reader (handler/clients/handover_safety.hpp: percent-decoding until nothing changes, RFC 2047
// words decoded wherever they stand, address lists split at ',' and ';' inside quotes or not).
// Properties, for a link read as `mailtokit open` reads it and made safe by make_handover_safe():
// - no program's arguments hold a recipient the draft does not have (issue 39: Thunderbird and
//   Evolution read another recipient out of encoded words and percent escapes in addresses);
// - what make_handover_safe() left in the draft holds no address that decodes again, and it only
//   removed recipients or display names, each one told;
// - making a safe draft safe again changes nothing (idempotent).
#include <algorithm>
#include <string>
#include <vector>

#include "clients/client.hpp"
#include "clients/handover_safety.hpp"
#include "fuzz.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "clients/dispatch.hpp"

namespace {

using mailtokit::fuzz::show;
namespace wr = mailtokit::clients::worst_reader;

std::vector<std::string> forms(const mailtokit::draft& d) {
  std::vector<std::string> out;
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list) {
      auto f = wr::own_forms(a);
      out.insert(out.end(), f.begin(), f.end());
    }
  return out;
}

std::size_t count(const mailtokit::draft& d) { return d.to.size() + d.cc.size() + d.bcc.size(); }

// make_handover_safe() touches only the recipients.
bool same(const mailtokit::draft& a, const mailtokit::draft& b) { return a.to == b.to && a.cc == b.cc && a.bcc == b.bcc; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string in(mailtokit::fuzz::as_view(data, size));
  if (in.rfind("mailto:", 0) != 0) in.insert(0, "mailto:");
  auto parsed = mailtokit::parse_draft(in);
  if (!parsed) return 0;
  mailtokit::draft d = *parsed;
  const auto told = mailtokit::clients::make_handover_safe(d);
  MAILTOKIT_FUZZ_CHECK(count(d) <= count(*parsed), "make_handover_safe added a recipient: " + show(in));
  MAILTOKIT_FUZZ_CHECK(told.empty() == same(d, *parsed), "a change was not told, or a told one not made: " + show(in));
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list)
      MAILTOKIT_FUZZ_CHECK(!mailtokit::decodes_again(a), "an address that decodes again was kept: " + show(in));
  {
    mailtokit::draft again = d;
    MAILTOKIT_FUZZ_CHECK(mailtokit::clients::make_handover_safe(again).empty() && same(again, d),
                         "make_handover_safe is not idempotent: " + show(in));
  }

  // Every program's hand-over, as `mailtokit open` builds it (open_plan.cpp).
  const std::string uri = mailtokit::dispatch::harden_uri(mailtokit::build_mailto(d));
  const std::string claws = mailtokit::dispatch::claws_uri(d);
  const auto allowed = forms(d);
  for (const auto* c : mailtokit::clients::all()) {
    mailtokit::dispatch::argv_inputs ai;
    ai.uri = c->id == mailtokit::dispatch::target::claws_mail ? claws : uri;
    ai.d = &d;
    ai.terminal = {"xterm", "-e"};
    auto argv = mailtokit::dispatch::client_argv(c->id, ai);
    if (!argv) continue;  // refused (KMail: an address it would read as an option); nothing starts
    for (const auto& found : wr::recipients(*argv))
      MAILTOKIT_FUZZ_CHECK(std::find(allowed.begin(), allowed.end(), found) != allowed.end(),
                           std::string(c->name) + " would read the recipient '" + show(found) +
                               "', which the draft does not have: " + show(in));
  }
  return 0;
}
