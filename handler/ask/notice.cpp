#include "ask/notice.hpp"

#include <algorithm>

#include "ask/policy.hpp"
#include "ask/risks.hpp"
#include "ask/values.hpp"
#include "base/i18n.hpp"
#include "mailtokit/chars.hpp"

namespace mailtokit::ask {

using namespace words;

namespace {

// Where a repair was made, as a label before a colon: "Subject", "Message text", or the
// field's own name ("Keywords").
display_text field_label(std::string_view field) {
  if (field.empty()) return ours(tr("Link"));
  if (field == "subject") return ours(tr("Subject"));
  if (field == "body") return ours(tr("Message text"));
  if (field == "to" || field == "cc" || field == "bcc") return ours(tr("Recipients"));
  std::string name(field);
  if (!name.empty() && name.front() >= 'a' && name.front() <= 'z') name.front() = static_cast<char>(name.front() - 'a' + 'A');
  return shown(name, 40);
}

}  // namespace

std::vector<display_text> told_sentences(const draft& d, const std::vector<preview::finding>& findings,
                                         bool offered_elsewhere) {
  std::vector<display_text> out;
  std::vector<const dropped_field*> files, others;
  for (const auto& f : d.dropped) {
    const std::string n = chars::lowered(f.name);
    if (offered_elsewhere && (n == "attach" || n == "attachment")) continue;
    const bool file = n.find("attach") != std::string::npos || n.find("insert") != std::string::npos ||
                      n.find("file") != std::string::npos || n.find("include") != std::string::npos;
    (file ? files : others).push_back(&f);
  }
  if (!files.empty())
    out.push_back(
        // TRANSLATORS: {0} is a number, {1} a file's path (the first one).
        ours(ntr("mailtokit removed a request to attach {1}: a link may never attach files.",
                 "mailtokit removed {0} requests to attach files, such as {1}: a link may never attach "
                 "files.",
                 files.size()),
             {number(files.size()),
              shown(files.front()->value.empty() ? files.front()->name : files.front()->value, 60)}));
  if (!others.empty()) {
    std::vector<display_text> quoted;
    for (const auto* f : others) quoted.push_back(ours("\"") + shown(f->name, 30) + ours("\""));
    const display_text names = short_list(quoted, ", ");
    // TRANSLATORS: {0} is a number, {1} the names of fields of a message (From, Reply-To, ...).
    out.push_back(ours(ntr("mailtokit removed the field {1}, which a link may not set.",
                           "mailtokit removed {0} fields a link may not set: {1}.", others.size()),
                       {number(others.size()), names}));
  }
  for (const auto& f : findings)
    if (f.code == "long_body" || f.code == "many_lines") {
      out.push_back(ours(tr("The message text is long: read all of it before you send it.")));
      break;
    }
  for (const auto& f : findings)
    if (f.code == "long_subject") {
      out.push_back(ours(tr("The subject is long: read all of it before you send it.")));
      break;
    }
  return out;
}

display_text repair_sentence(const warning& w) {
  // The sentences below start with where the change was made ({0}): "Subject", "Message text",
  // "Link", or the name of a field of the message.
  auto at = [&](const char* what) { return ours(tr(what), {field_label(w.field)}); };
  switch (w.code) {
    case warning_code::body_line_breaks_normalized:
      return {};
    case warning_code::invalid_address:
      return {};  // an address: risky_items()
    case warning_code::address_decodes_again:
    case warning_code::display_name_separators:
    case warning_code::address_compatibility_characters:
      return {};  // left out or changed by clients::make_handover_safe(), which says so
    case warning_code::invalid_utf8_replaced:
      // TRANSLATORS: {0} is where the change was made ("Subject", "Message text", "Link", or
      // the name of a field of the message), as in the sentences after this one.
      return at(N_("{0}: some letters could not be read and were replaced."));
    case warning_code::legacy_charset_decoded:
      return at(N_("{0}: the text was in an older encoding and was converted; check that it reads correctly."));
    case warning_code::encoded_word_undecodable:
      return at(N_("{0}: part of the text is in an encoding that could not be read; it is shown as it came."));
    case warning_code::body_charset_assumed:
      return at(N_("{0}: the text did not say how it is encoded and was read as UTF-8."));
    case warning_code::header_controls_removed:
      return at(N_("{0}: line breaks or control characters were removed."));
    case warning_code::body_controls_removed:
      return at(N_("{0}: control characters were removed."));
    case warning_code::tag_characters_removed:
      return at(N_("{0}: invisible characters were removed."));
    case warning_code::html_body_converted:
      return at(N_("{0}: the link gave it as a web page (HTML); it was turned into plain text."));
    case warning_code::address_as_text:
      return at(N_("{0}: an address that is not valid is kept as text."));
    case warning_code::from_multiple:
      return at(N_("{0}: several senders were named; the first one is used."));
    case warning_code::from_unreadable:
      return at(N_("{0}: no valid address was given, so it was left out."));
    case warning_code::smtputf8_needed:
      return ours(tr("The addresses contain letters that some mail servers cannot send."));
    case warning_code::fragment_ignored:
    case warning_code::raw_character:
    case warning_code::empty_hfield:
    case warning_code::empty_address:
    case warning_code::repeated_field:
    case warning_code::percent_literal:
    case warning_code::question_as_ampersand:
    case warning_code::question_literal:
    case warning_code::hfield_without_value:
    case warning_code::html_ampersand:
    case warning_code::slashes_ignored:
    case warning_code::path_address_list:
    case warning_code::hfield_without_name:
    case warning_code::warnings_truncated:  // thousands of the above
      return ours(tr("The link was not written quite correctly; mailtokit read it the way it was evidently meant."));
  }
  return ours(tr("The link was not written quite correctly; mailtokit read it the way it was evidently meant."));
}

std::vector<display_text> notice_lines(const draft& d, const std::vector<preview::finding>& findings) {
  std::vector<display_text> out;
  auto add = [&](display_text line) {
    if (!line.empty() && std::find(out.begin(), out.end(), line) == out.end()) out.push_back(std::move(line));
  };
  for (const auto& it : risky_items(d, findings)) add(it.headline);
  for (auto& s : told_sentences(d, findings, true)) add(std::move(s));
  for (const auto& f : findings)
    if (f.code == "non_ascii_local_part")
      if (const address* a = address_at(d, f.field); a != nullptr)
        // TRANSLATORS: {0} is an address whose part before the @ has letters outside A-Z.
        add(ours(tr("The address {0} has letters outside A to Z before the @; some mail servers cannot "
                    "deliver to it."),
                 {shown(mailbox(*a))}));
  for (const auto& w : d.warnings)
    if (!is_risky(w)) add(repair_sentence(w));
  return out;
}

}  // namespace mailtokit::ask
