// Evolution: the link goes to e_shell_handle_uris() (a running Evolution gets it over D-Bus).
#include "clients/client.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

// Evolution 3.46's composer (an HTML editor even for plain text) saves a space at the start of
// a line or beside another space as U+00A0: "  indented" arrives as "\u00A0 indented" (seen with
// the real Evolution, tests/clients/evolution_test.py).
bool spaces_evolution_changes(std::string_view body) {
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] != ' ') continue;
    const bool line_start = i == 0 || body[i - 1] == '\n';
    const bool next_space = i + 1 < body.size() && body[i + 1] == ' ';
    if (line_start || next_space) return true;
  }
  return false;
}

void evolution_losses(const draft& d, std::vector<std::string>& out) {
  if (d.body && spaces_evolution_changes(*d.body))
    out.push_back(tr("evolution: this client changes Body: it turns a space at the start of a line or next to "
                     "another space into a no-break space (U+00A0)"));
}

const registration evolution{{
    .name = "evolution",
    .label = "Evolution",
    .rank = 20,
    .entry_ids = {"org.gnome.Evolution.desktop", "evolution.desktop"},
    .programs = {"evolution"},
    .hand = uri_only,
    .losses = evolution_losses,
    .notes = N_("takes the clean link; its composer turns leading and doubled spaces into no-break spaces (seen with "
    "Evolution 3.46)"),
    .attach = attach_in_uri,
}};

}  // namespace

}  // namespace mailtokit::clients
