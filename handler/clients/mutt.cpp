// mutt and NeoMutt share their mailto parser (url_parse_mailto): it keeps only the fields on the
// `mailto_allow` list, which lacks bcc and keywords by default (and `to`, where a display name
// must go). A fixed command adds them (nothing from the link goes into it). getopt: "--" ends
// the options; a mailto: argument is parsed as a mailto URL.
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

constexpr std::string_view mutt_allow_command = "mailto_allow to bcc keywords";
// The fields they read from a link once that command ran (lower case).
const std::vector<std::string_view> mutt_fields = {"to", "cc", "bcc", "subject", "body", "keywords", "in-reply-to",
                                                   "references"};

errors::result<handover> mutt_hand(const inputs& in) {
  return detail::link_after(in.uri, {"-e", std::string(mutt_allow_command), "--"});
}


// The two programs differ in their names only.
client mutt_family(std::string_view name, std::string_view label, int rank, std::string_view entry_id) {
  return {
      .name = name, .label = label, .rank = rank,
      .entry_ids = {entry_id}, .programs = {name}, .terminal = true,
      .package = name,
      .hand = mutt_hand, .attach = detail::attach_as<detail::file_args::list, "-a">,  // mutt(1): "-a file [...] --"
      .only_fields = mutt_fields,
      .notes = N_("gets `-e \"mailto_allow to bcc keywords\" -- LINK`: it reads only the fields on its mailto_allow "
                  "list"),
  };
}

const registration neomutt{mutt_family("neomutt", "NeoMutt", 80, "neomutt.desktop")};
const registration mutt{mutt_family("mutt", "mutt", 90, "mutt.desktop")};

}  // namespace

}  // namespace mailtokit::clients
