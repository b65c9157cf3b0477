// Thunderbird (and Betterbird, its fork with the same command line).
// MailDefaultHandler takes the first argument that is not a flag; Mozilla's nsCommandLine has no
// "--" (it would become a flag "-"), so none is given. An argument ending in ".eml", ".ics",
// ".vcf", ".msf", ".mozeml" or ".wdseml" (any case, the query included) is opened as a file
// (MessengerContentHandler.sys.mjs in Thunderbird 153's omni.ja): dispatch::harden_uri() writes
// that '.' as %2E. How Thunderbird decodes a link (twice in the address part, RFC 2047 words in
// whole address strings): handler/clients/README.md; clients::make_handover_safe() is why no
// address can turn into another one there.
//
// Files to attach: a mailto: link given to Thunderbird cannot carry them (getParamsForMailto reads
// no attachment), only its `-compose` spec can, and that spec is the CVE-2022-4055 path:
// GetArgs() in MsgComposeCommands.js (read in Thunderbird 153's omni.ja) splits the spec at every
// ',' outside a quoted value, and a value quoted '...' ends at a quote followed by ',', so a `,`
// or `'` in a quoted value splices a new key (`subject='a',attachment='/etc/passwd'`). mailtokit
// quotes nothing: every value is percent-encoded, every byte but A-Z a-z 0-9 - . _ ~, which GetArgs
// decodes (decodeURIComponent) for an unquoted value. A value then holds no ',', quote, '=' or
// space, so the spec has exactly the keys written here, whatever the link, the names or the file
// names hold. The attachment value is a list of file: URIs, each path percent-encoded too
// (every byte but unreserved ones and '/'), so after GetArgs decodes the value the only ',' in it
// are the ones between the URIs (it splits there) and resolveURI() turns each back into the path
// of the private copy (attachments::copy_for_handover). The spec carries To, Cc, Bcc, Subject and
// the plain-text Body; it has no key for other fields (In-Reply-To, References, Keywords), which a
// request with files therefore loses (xdg-email and the Email portal send none); the user is told,
// in the attachment question and after the hand-over (losses_with_files).
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/percent.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {
namespace {

// One `key=value` of the -compose spec; the value percent-encoded, never quoted.
void add_key(std::string& spec, std::string_view key, std::string_view value) {
  if (value.empty()) return;
  if (!spec.empty()) spec += ',';
  spec += key;
  spec += '=';
  percent::encode_append(value, chars::unreserved, spec);
}

void thunderbird_attach(handover& h, const draft& d, const std::vector<std::string>& files) {
  std::string uris;
  for (const auto& f : files) {
    if (f.empty() || f.front() != '/') continue;  // private copies are absolute paths
    if (!uris.empty()) uris += ',';
    uris += "file://";
    percent::encode_append(f, chars::unreserved | chars::of("/"), uris);
  }
  if (uris.empty()) return;  // nothing to attach: the link as it is
  std::string spec;
  add_key(spec, "to", detail::join_named(d.to, ", "));
  add_key(spec, "cc", detail::join_named(d.cc, ", "));
  add_key(spec, "bcc", detail::join_named(d.bcc, ", "));
  if (d.subject) add_key(spec, "subject", *d.subject);
  if (d.body && !d.body->empty()) {
    add_key(spec, "format", "text");  // a link's body is plain text (RFC 6068 section 2)
    add_key(spec, "body", detail::crlf_to_lf(*d.body));
  }
  add_key(spec, "attachment", uris);
  h.args = {"-compose", std::move(spec)};
  h.is_uri = false;
}

// The fields thunderbird_attach() cannot put in the spec: every other header the draft kept.
void thunderbird_losses_with_files(const draft& d, std::vector<std::string>& out) {
  for (const auto& h : d.headers)
    out.push_back(fill(tr("Thunderbird: with files attached, this client loses {0} (the command line that "
                          "carries files has no place for it)"),
                       {h.name}));
}

const registration thunderbird{{
    .name = "thunderbird", .label = "Thunderbird", .rank = 10,
    .entry_ids = {"thunderbird.desktop", "org.mozilla.Thunderbird.desktop", "thunderbird_thunderbird.desktop",
                  "net.thunderbird.Thunderbird.desktop", "betterbird.desktop", "eu.betterbird.Betterbird.desktop"},
    .programs = {"thunderbird", "thunderbird-esr", "betterbird"}, .package = "thunderbird",
    .hand = uri_only, .attach = thunderbird_attach,
    .losses_with_files = thunderbird_losses_with_files,
    .notes = N_("takes the clean link; an argument ending in .eml, .ics, .msf (and three more) is opened as a file, so "
                "that ending is written %2E (MessengerContentHandler); files to attach go in a -compose spec whose "
                "values are all percent-encoded (no quote or comma can splice a key, CVE-2022-4055)"),
}};

}  // namespace

}  // namespace mailtokit::clients
