#include "clients/handover_safety.hpp"

#include "mailtokit/handover.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/utf8.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {

namespace {

using handover::change_kind;
using handover::change_reason;

// Why an address is left out of a hand-over, in words for the user: {0} the address as the link
// wrote it, {1} the field (To, Cc or Bcc).
const char* left_out_why(change_reason r) {
  switch (r) {
    case change_reason::decodes_again:
      // TRANSLATORS: {0} is an address as the link wrote it, {1} the field (To, Cc or Bcc).
      return N_("mailtokit left out {0} ({1}): it holds codes ('%' or '=?...?=') that mail programs decode again, "
                "and they could read another address out of it");
    case change_reason::not_valid:
      // TRANSLATORS: {0} is the text the link gives as an address, {1} the field (To, Cc or Bcc).
      return N_("mailtokit left out {0} ({1}): it is not a complete address, and mail programs would each read it "
                "their own way");
    case change_reason::too_long:
      // TRANSLATORS: {0} is an address as the link wrote it, {1} the field (To, Cc or Bcc).
      return N_("mailtokit left out {0} ({1}): it is longer than mail programs read without cutting it");
    case change_reason::not_plain: break;
  }
  // TRANSLATORS: {0} is an address as the link wrote it, {1} the field (To, Cc or Bcc).
  return N_("mailtokit left out {0} ({1}): it holds characters that mail programs can read as other characters "
            "or as another address");
}

// "To", "Cc", "Bcc" or the header's name for a change's field ("to[2]", "header:Keywords").
std::string field_label(std::string_view field) {
  if (field.starts_with("to[")) return "To";
  if (field.starts_with("cc[")) return "Cc";
  if (field.starts_with("bcc[")) return "Bcc";
  if (field == "subject") return "Subject";
  return std::string(field.substr(field.find(':') + 1));
}

// One change of the hand-over, in words for the user.
std::string sentence(const handover::change& c) {
  switch (c.kind) {
    case change_kind::address_left_out:
      return fill(tr(left_out_why(c.reason)), {preview::visible(c.before), field_label(c.field)});
    case change_kind::name_taken_off: {
      const std::string who = preview::visible(c.recipient);
      if (c.reason == change_reason::too_long)
        // TRANSLATORS: {0} is an address; its display name was too long to hand over uncut.
        return fill(tr("mailtokit hands {0} over without its display name: the name is longer than mail programs "
                       "read without cutting it"),
                    {who});
      // TRANSLATORS: {0} is an address, {1} the display name the link gave it.
      return fill(tr("mailtokit hands {0} over without its display name \"{1}\": a mail program could "
                     "read another address out of that name"),
                  {who, preview::visible(c.before)});
    }
    case change_kind::text_defused:
      // TRANSLATORS: {0} is a field's name (Subject, Keywords), {1} its text as handed over.
      return fill(tr("mailtokit put spaces into the {0} field, which holds codes that mail programs decode into "
                     "other text or other lines; it reads: {1}"),
                  {field_label(c.field), preview::visible(c.after)});
    case change_kind::text_shortened:
      // TRANSLATORS: {0} is a field's name (Subject, Keywords), {1} a number of characters.
      return fill(tr("mailtokit shortened the {0} field to {1} characters: mail programs cut longer text "
                     "somewhere of their own"),
                  {field_label(c.field), std::to_string(utf8::length(c.after))});
  }
  return {};
}

}  // namespace

std::vector<std::string> make_handover_safe(draft& d) {
  std::vector<std::string> told;
  for (const auto& c : handover::make_safe(d)) told.push_back(sentence(c));
  return told;
}

}  // namespace mailtokit::clients
