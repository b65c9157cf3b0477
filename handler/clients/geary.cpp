// Geary (GNOME's mail program): its desktop entry is D-Bus activated (DBusActivatable=true), so
// it is started through org.freedesktop.Application.Open with the clean link, as GNOME starts it.
// Geary's own mailto code attaches the files an attach= field names without asking (its
// composer's "attach" handling): mailtokit passes that field only for files the user chose to
// attach in its own question (a link's attach= is always dropped by the policy).
#include "clients/client.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

// Geary 43 saves the text part as format=flowed without space-stuffing (RFC 3676 section 4.4):
// a body line that starts with a space loses one in every reader that follows the RFC (seen in
// the drafts of tests/clients/geary_test.py).
const registration geary{{
    .name = "geary", .label = "Geary", .rank = 50,
    .entry_ids = {"org.gnome.Geary.desktop", "geary.desktop"}, .programs = {"geary"}, .package = "geary",
    .hand = uri_only, .attach = attach_in_uri,
    .spaces_changed = N_("geary: this client changes Body: a line that starts with a space loses one space "
                         "(format=flowed without space-stuffing)"),
    .notes = N_("D-Bus activated (org.freedesktop.Application.Open) with the clean link; it attaches the files of "
                "attach= fields without asking, so mailtokit passes only files the user chose in its own question"),
}};

}  // namespace

}  // namespace mailtokit::clients
