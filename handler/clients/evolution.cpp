// Evolution: the link goes to e_shell_handle_uris() (a running Evolution gets it over D-Bus).
#include "clients/client.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

// Evolution 3.46's composer (an HTML editor even for plain text) saves a space at the start of
// a line or beside another space as U+00A0: "  indented" arrives as "\u00A0 indented" (seen with
// the real Evolution, tests/clients/evolution_test.py).
const registration evolution{{
    .name = "evolution", .label = "Evolution", .rank = 20,
    .entry_ids = {"org.gnome.Evolution.desktop", "evolution.desktop"},
    .programs = {"evolution"}, .package = "evolution",
    .hand = uri_only, .attach = attach_in_uri,
    .spaces_changed = N_("evolution: this client changes Body: it turns a space at the start of a line or next to "
                         "another space into a no-break space (U+00A0)"),
    .doubled_spaces = true,
    .notes = N_("takes the clean link; its composer turns leading and doubled spaces into no-break spaces (seen with "
                "Evolution 3.46)"),
}};

}  // namespace

}  // namespace mailtokit::clients
