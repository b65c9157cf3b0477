// Thunderbird (and Betterbird, its fork with the same command line).
// MailDefaultHandler takes the first argument that is not a flag; Mozilla's nsCommandLine has no
// "--" (it would become a flag "-"), so none is given. An argument ending in ".eml", ".vcf",
// ".mozeml" or ".wdseml" is opened as a file (MessengerContentHandler): dispatch::harden_uri()
// writes that '.' as %2E.
#include "clients/client.hpp"

namespace mailtokit::clients {

extern const client thunderbird_client{
    target::thunderbird,
    "thunderbird",
    "Thunderbird",
    {"thunderbird.desktop", "org.mozilla.Thunderbird.desktop", "thunderbird_thunderbird.desktop",
     "net.thunderbird.Thunderbird.desktop", "betterbird.desktop", "eu.betterbird.Betterbird.desktop"},
    {"thunderbird", "thunderbird-esr", "betterbird"},
    false,
    uri_only,
    nullptr,
    "takes the clean link; an argument ending in .eml is opened as a file, so that ending is written %2E "
    "(MessengerContentHandler)"};

}  // namespace mailtokit::clients
