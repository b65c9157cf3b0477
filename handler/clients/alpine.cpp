// alpine: a terminal program; it ships no desktop entry, so a user writes one (Exec=alpine -url
// %u, Terminal=true). `-url` takes the link.
#include "clients/client.hpp"

namespace mailtokit::clients {

extern const client alpine_client{
    target::alpine,
    "alpine",
    "Alpine",
    {"alpine.desktop"},
    {"alpine", "pine"},
    true,
    uri_only,
    nullptr,
    "a terminal program started with `-url LINK` (its users write the desktop entry: Exec=alpine -url %u, "
    "Terminal=true)",
    "-url"};

}  // namespace mailtokit::clients
