// Claws Mail. parse_cmd_opt: "--compose" takes the next argument when it does not start with
// '-'; "--insert" takes the following ones up to the next option. A running Claws Mail reads
// "compose <uri>" from its socket into an 8192-byte line (BUFFSIZE, lock_socket_input_cb) and
// drops the rest, so a long body goes in a private file (--insert). It reads the address part
// as its To text and ignores a to= field (tested with the real Claws Mail 4.1): a To list with
// display names goes there as RFC 5322 text (dispatch::claws_uri).
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

errors::result<handover> claws_hand(const inputs& in) {
  auto h = detail::link_after(in.uri, {"--compose"});
  if (!h || in.body_file.empty()) return h;
  if (in.body_file.front() != '/') return fail(errors::errc::spawn_failed, 0);
  h->args.emplace_back("--insert");
  h->args.emplace_back(in.body_file);
  return h;
}

// parse_cmd_opt: "--attach" takes the following arguments up to the next option.
const registration claws_mail{{
    .name = "claws-mail", .label = "Claws Mail", .rank = 40, .aliases = {"claws"},
    .entry_ids = {"claws-mail.desktop", "org.claws_mail.Claws-Mail.desktop"},
    .programs = {"claws-mail"}, .package = "claws-mail",
    .hand = claws_hand, .attach = detail::attach_as<detail::file_args::list, "--attach">,
    .socket_fits = dispatch::claws_link_fits, .body_file = true,
    .notes = N_("--compose with the link; the To list with display names in the address part; a body that does not fit "
                "its 8 KB socket line goes in a private file with --insert"),
}};

}  // namespace

}  // namespace mailtokit::clients
