// Sylpheed: sylpheed.desktop runs `sylpheed %u`. Found with the real Sylpheed 3.7
// (tests/clients/sylpheed_test.py) and its source: it reads To only from the part before '?'
// (a to= field is ignored), so the To list goes there as Claws Mail's does (dispatch::claws_uri);
// compose_entries_set() passes no Bcc; a running instance reads "compose <link>" from its socket
// with fd_gets() into an 8192-byte buffer, so the end of a longer link is lost.
#include "clients/client.hpp"
#include "runtime/i18n.hpp"

namespace mailtokit::clients {
using cli::fill;
using cli::tr;
namespace {

// The longest link a running Sylpheed receives whole: 8192 bytes less "compose " less the line end.
constexpr std::size_t sylpheed_socket_line = 8190 - 8;

program::result<handover> sylpheed_hand(const inputs& in) {
  if (in.d == nullptr) return fail(program::errc::spawn_failed, 0);
  handover h;
  h.args = {dispatch::claws_uri(*in.d)};
  return h;
}

void sylpheed_losses(const draft& d, std::vector<std::string>& out) {
  if (!d.bcc.empty()) out.push_back(tr("sylpheed: this client loses Bcc (it does not read bcc from a link)"));
  if (d.body && dispatch::claws_uri(d).size() > sylpheed_socket_line)
    out.push_back(tr("sylpheed: this client loses Body after about 8 KB when it is already running (it reads a "
                     "link from its socket into an 8 KB line)"));
}

// sylpheed --help: "--compose [address]" and "--attach file1 [file2]...".
void sylpheed_attach(handover& h, const draft& /*d*/, const std::vector<std::string>& files) {
  h.is_uri = false;
  h.args.insert(h.args.begin(), "--compose");
  h.args.emplace_back("--attach");
  h.args.insert(h.args.end(), files.begin(), files.end());
}

}  // namespace

extern const client sylpheed_client{
    target::sylpheed,
    "sylpheed",
    "Sylpheed",
    {"sylpheed.desktop"},
    {"sylpheed"},
    false,
    sylpheed_hand,
    sylpheed_losses,
    N_("takes the link with the To list before '?' (it ignores to=); drops Bcc; a running Sylpheed reads at most "
    "8 KB of a link from its socket"),
    {},
    sylpheed_attach};

}  // namespace mailtokit::clients
