// Sylpheed: sylpheed.desktop runs `sylpheed %u`. Found with the real Sylpheed 3.7
// (tests/clients/sylpheed_test.py) and its source: it reads To only from the part before '?'
// (a to= field is ignored), so the To list goes there as Claws Mail's does (dispatch::claws_uri);
// compose_entries_set() passes no Bcc; a running instance reads "compose <link>" from its socket
// with fd_gets() into an 8192-byte buffer, so the end of a longer link is lost (and, after a
// "compose_attach" line, read as paths to attach): handler/clients/README.md.
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

errors::result<handover> sylpheed_hand(const inputs& in) {
  if (in.d == nullptr) return fail(errors::errc::spawn_failed, 0);
  handover h;
  h.args = {dispatch::claws_uri(*in.d)};
  return h;
}

// A running Sylpheed reads the whole link of `d` from its socket.
bool link_fits(const draft& d) { return dispatch::sylpheed_link_fits(dispatch::claws_uri(d)); }

void sylpheed_losses(const draft& d, std::vector<std::string>& out) {
  if (d.body && !link_fits(d))
    out.push_back(tr("sylpheed: this client loses Body after about 8 KB when it is already running (it reads a "
                     "link from its socket into an 8 KB line)"));
}

// sylpheed --help: "--compose [address]" and "--attach file1 [file2]...". A running Sylpheed takes
// every line after a "compose_attach" line as a path to attach, the rest of a line longer than
// its 8 KB included: with files, a link that does not fit goes without its body, whose text could
// otherwise become paths (told: sylpheed_losses_with_files). open_plan refuses a link that does not
// fit even then.
void sylpheed_attach(handover& h, const draft& d, const std::vector<std::string>& files) {
  if (d.body && !link_fits(d)) {
    draft no_body = d;
    no_body.body.reset();
    h.args = {dispatch::desktop_safe_uri(dispatch::claws_uri(no_body))};
  }
  h.args.insert(h.args.begin(), "--compose");
  detail::add_files(h, detail::file_args::list, "--attach", files);
}

void sylpheed_losses_with_files(const draft& d, std::vector<std::string>& out) {
  if (d.body && !link_fits(d))
    out.push_back(tr("sylpheed: with files attached, this client loses Body when the link is longer than 8 KB (a "
                     "running Sylpheed would read the rest of the link as files to attach)"));
}

const registration sylpheed{{
    .name = "sylpheed", .label = "Sylpheed", .rank = 70,
    .entry_ids = {"sylpheed.desktop"}, .programs = {"sylpheed"}, .package = "sylpheed",
    .hand = sylpheed_hand, .attach = sylpheed_attach, .socket_fits = dispatch::sylpheed_link_fits,
    .bcc_lost = N_("sylpheed: this client loses Bcc (it does not read bcc from a link)"),
    .losses = sylpheed_losses, .losses_with_files = sylpheed_losses_with_files,
    .notes = N_("takes the link with the To list before '?' (it ignores to=); drops Bcc; a running Sylpheed reads at most "
                "8 KB of a link from its socket"),
}};

}  // namespace

}  // namespace mailtokit::clients
