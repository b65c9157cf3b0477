// Geary (GNOME's mail program): its desktop entry is D-Bus activated (DBusActivatable=true), so
// it is started through org.freedesktop.Application.Open with the clean link, as GNOME starts it.
// Geary's own mailto code attaches the files an attach= field names without asking (its
// composer's "attach" handling); mailtokit never passes that field.
#include "clients/client.hpp"

namespace mailtokit::clients {

extern const client geary_client{
    target::geary,
    "geary",
    "Geary",
    {"org.gnome.Geary.desktop", "geary.desktop"},
    {"geary"},
    false,
    uri_only,
    nullptr,
    "D-Bus activated (org.freedesktop.Application.Open) with the clean link; it would attach attach= files "
    "silently, which mailtokit never passes"};

}  // namespace mailtokit::clients
