// Sylpheed: sylpheed.desktop runs `sylpheed %u`; a running instance reads the link from its
// socket a line at a time.
#include "clients/client.hpp"

namespace mailtokit::clients {

extern const client sylpheed_client{
    target::sylpheed,
    "sylpheed",
    "Sylpheed",
    {"sylpheed.desktop"},
    {"sylpheed"},
    false,
    uri_only,
    nullptr,
    "takes the clean link; a running Sylpheed gets it over its socket, one line"};

}  // namespace mailtokit::clients
