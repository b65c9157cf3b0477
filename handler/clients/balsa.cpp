// Balsa: balsa-mailto-handler.desktop (hidden) runs `balsa -m %U`. Its mailto reader decodes '+'
// as a space (as form data), so a '+' goes in as %2B (dispatch::harden_uri, as for every program).
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

// balsa(1): "-a, --attach=FILE", repeatable, beside "-m URI".
const registration balsa{{
    .name = "balsa", .label = "Balsa", .rank = 60,
    .entry_ids = {"balsa-mailto-handler.desktop", "balsa.desktop", "org.desktop.Balsa.desktop"},
    .programs = {"balsa"}, .package = "balsa",
    .hand = uri_only, .direct_option = "-m", .attach = detail::attach_as<detail::file_args::joined, "--attach=">,
    .notes = N_("its mailto handler entry runs `balsa -m` with the clean link; it reads '+' as a space, so '+' is sent "
                "as %2B"),
}};

}  // namespace

}  // namespace mailtokit::clients
