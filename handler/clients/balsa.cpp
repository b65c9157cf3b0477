// Balsa: balsa-mailto-handler.desktop (hidden) runs `balsa -m %U`. Its mailto reader decodes '+'
// as a space (as form data), so a '+' goes in as %2B (dispatch::harden_uri, as for every program).
#include "clients/client.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

// balsa(1): "-a, --attach=FILE", repeatable, beside "-m URI".
void balsa_attach(handover& h, const draft& /*d*/, const std::vector<std::string>& files) {
  h.is_uri = false;
  for (const auto& f : files) h.args.push_back("--attach=" + f);
}

const registration balsa{{
    .name = "balsa",
    .label = "Balsa",
    .rank = 60,
    .entry_ids = {"balsa-mailto-handler.desktop", "balsa.desktop", "org.desktop.Balsa.desktop"},
    .programs = {"balsa"},
    .hand = uri_only,
    .notes = N_("its mailto handler entry runs `balsa -m` with the clean link; it reads '+' as a space, so '+' is sent "
    "as %2B"),
    .direct_option = "-m",
    .attach = balsa_attach,
}};

}  // namespace

}  // namespace mailtokit::clients
