// Geary (GNOME's mail program): its desktop entry is D-Bus activated (DBusActivatable=true), so
// it is started through org.freedesktop.Application.Open with the clean link, as GNOME starts it.
// Geary's own mailto code attaches the files an attach= field names without asking (its
// composer's "attach" handling): mailtokit passes that field only for files the user chose to
// attach in its own question (a link's attach= is always dropped by the policy).
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
    "D-Bus activated (org.freedesktop.Application.Open) with the clean link; it attaches the files of attach= "
    "fields without asking, so mailtokit passes only files the user chose in its own question",
    {},
    attach_in_uri};

}  // namespace mailtokit::clients
