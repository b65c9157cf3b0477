// alpine: a terminal program; it ships no desktop entry, so a user writes one (Exec=alpine -url
// %u, Terminal=true). `-url` takes the link.
#include "clients/client.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

// url_local_mailto_and_atts(): "from and bcc are intentionally excluded" (alpine 2.26); it reads
// to, cc, subject and body only, and ignores every other field (handler/clients/README.md).
void alpine_losses(const draft& d, std::vector<std::string>& out) {
  if (!d.bcc.empty()) out.push_back(tr("alpine: this client loses Bcc (it ignores bcc in a link on purpose)"));
  for (const auto& h : d.headers)
    out.push_back(fill(tr("{0}: this client loses {1} (it does not read that field from a link)"), {"alpine", h.name}));
}

// alpine(1): "-attach file", repeatable, beside "-url URL".
void alpine_attach(handover& h, const draft& /*d*/, const std::vector<std::string>& files) {
  h.is_uri = false;
  for (const auto& f : files) {
    h.args.emplace_back("-attach");
    h.args.push_back(f);
  }
}

const registration alpine{{
    .name = "alpine",
    .label = "Alpine",
    .rank = 110,
    .entry_ids = {"alpine.desktop"},
    .programs = {"alpine", "pine"},
    .terminal = true,
    .hand = uri_only,
    .losses = alpine_losses,
    .notes = N_("a terminal program started with `-url LINK` (its users write the desktop entry: Exec=alpine -url %u, "
    "Terminal=true)"),
    .direct_option = "-url",
    .attach = alpine_attach,
}};

}  // namespace

}  // namespace mailtokit::clients
