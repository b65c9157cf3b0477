// mutt and NeoMutt share their mailto parser (url_parse_mailto): it keeps only the fields on the
// `mailto_allow` list, which lacks bcc and keywords by default (and `to`, where a display name
// must go). A fixed command adds them (nothing from the link goes into it). getopt: "--" ends
// the options; a mailto: argument is parsed as a mailto URL.
#include <algorithm>
#include <array>

#include "clients/client.hpp"
#include "clients/common.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

constexpr std::string_view mutt_allow_command = "mailto_allow to bcc keywords";
// The fields they read from a link once that command ran (lower case).
constexpr std::array<std::string_view, 8> mutt_fields = {"to", "cc", "bcc", "subject", "body", "keywords",
                                                         "in-reply-to", "references"};

errors::result<handover> mutt_hand(const inputs& in) {
  if (in.uri.size() < 7 || in.uri.substr(0, 7) != "mailto:") return fail(errors::errc::spawn_failed, 0);
  handover h;
  h.is_uri = false;
  h.args = {"-e", std::string(mutt_allow_command), "--", std::string(in.uri)};
  return h;
}

void losses(std::string_view who, const draft& d, std::vector<std::string>& out) {
  for (const auto& f : d.headers)
    if (!detail::one_of(f.name, mutt_fields))
      out.push_back(fill(tr("{0}: this client loses {1} (it does not read that field from a link)"), {who, f.name}));
}
void mutt_losses(const draft& d, std::vector<std::string>& out) { losses("mutt", d, out); }
void neomutt_losses(const draft& d, std::vector<std::string>& out) { losses("neomutt", d, out); }

constexpr std::string_view notes =
    N_("gets `-e \"mailto_allow to bcc keywords\" -- LINK`: it reads only the fields on its mailto_allow list");

// mutt(1): "-a file [...] --" ends the list of files (and the options) before the address.
void mutt_attach(handover& h, const draft& /*d*/, const std::vector<std::string>& files) {
  auto at = std::find(h.args.begin(), h.args.end(), "--");
  at = std::next(h.args.insert(at, "-a"));
  h.args.insert(at, files.begin(), files.end());
}

const registration neomutt{{
    .name = "neomutt",
    .label = "NeoMutt",
    .rank = 80,
    .entry_ids = {"neomutt.desktop"},
    .programs = {"neomutt"},
    .terminal = true,
    .hand = mutt_hand,
    .losses = neomutt_losses,
    .notes = notes,
    .attach = mutt_attach,
}};
const registration mutt{{
    .name = "mutt",
    .label = "mutt",
    .rank = 90,
    .entry_ids = {"mutt.desktop"},
    .programs = {"mutt"},
    .terminal = true,
    .hand = mutt_hand,
    .losses = mutt_losses,
    .notes = notes,
    .attach = mutt_attach,
}};

}  // namespace

}  // namespace mailtokit::clients
