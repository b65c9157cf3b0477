// alpine: a terminal program; it ships no desktop entry, so a user writes one (Exec=alpine -url
// %u, Terminal=true). `-url` takes the link.
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

// url_local_mailto_and_atts(): "from and bcc are intentionally excluded" (alpine 2.26); it reads
// to, cc, subject and body only, and ignores every other field (handler/clients/README.md).
// Files: alpine(1) "-attach file", repeatable, beside "-url URL".
const registration alpine{{
    .name = "alpine", .label = "Alpine", .rank = 110,
    .entry_ids = {"alpine.desktop"}, .programs = {"alpine", "pine"}, .terminal = true, .package = "alpine",
    .hand = uri_only, .direct_option = "-url", .attach = detail::attach_as<detail::file_args::pairs, "-attach">,
    .bcc_lost = N_("alpine: this client loses Bcc (it ignores bcc in a link on purpose)"),
    .only_fields = std::vector<std::string_view>{},
    .notes = N_("a terminal program started with `-url LINK` (its users write the desktop entry: Exec=alpine -url %u, "
                "Terminal=true)"),
}};

}  // namespace

}  // namespace mailtokit::clients
