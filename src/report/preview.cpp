#include "mailtokit/preview.hpp"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uspoof.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <utility>

#include "mailtokit/bidi.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/finding_code.hpp"
#include "mailtokit/handover.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/utf8.hpp"
#include "report/display.hpp"
#include "report/spoof_check.hpp"

namespace mailtokit::preview {

using namespace detail;

namespace {

// A finding of a code in MAILTOKIT_FINDING_LIST: the code is typed, so no name is misspelt.
finding found(finding_code code, std::string field, std::string message) {
  return {std::string(to_name(code)), std::move(field), std::move(message)};
}

// Text checks shared by every field: bidi controls, invisible and control characters.
void check_chars(std::vector<finding>& out, std::string_view field, std::string_view what, std::string_view text,
                 bool allow_newlines) {
  if (utf8::is_ascii(text)) {
    for (const char c : text) {
      const auto u = static_cast<unsigned char>(c);
      if ((u < 0x20 && c != '\t' && !(allow_newlines && (c == '\r' || c == '\n'))) || u == 0x7F) {
        out.push_back(found(finding_code::control_character, std::string(field),
                       std::string(what) + " contains the control character " + char_name(u)));
        return;
      }
    }
    return;
  }
  std::string bidi_list, invisible_list, control_list;
  auto add = [](std::string& list, char32_t cp, std::string_view where = {}) {
    const std::string name = char_name(cp);
    if (list.find(name) != std::string::npos) return;
    if (!list.empty()) list += ", ";
    list += name;
    list += where;
  };
  // Where: the line (in a body) or the character (elsewhere) of each invisible character's
  // first occurrence, counted from 1. Unicode tag characters (U+E0000-U+E007F) are counted
  // and the ASCII they stand for shown instead of each name: text hidden with them reads as
  // what it says (Unicode 15 section 23.9: tags U+E0020-U+E007E mirror ASCII 0x20-0x7E).
  std::size_t position = 0, line = 1, tags = 0;
  std::string tag_where, tag_text;
  constexpr std::size_t max_tag_text = 80;
  const auto where = [&] {
    return allow_newlines ? " at line " + std::to_string(line) : " at character " + std::to_string(position);
  };
  for_each_cp(text, [&](char32_t cp, bool bad) {
    ++position;
    if (cp == '\n') ++line;
    if (bad) return;
    if (bidi::is_formatting(cp)) {
      add(bidi_list, cp);
    } else if (cp >= 0xE0000 && cp <= 0xE007F) {
      if (tags++ == 0) tag_where = where();
      if (cp >= 0xE0020 && cp <= 0xE007E && tag_text.size() < max_tag_text)
        tag_text += static_cast<char>(cp - 0xE0000);
    } else if (is_invisible(cp)) {
      add(invisible_list, cp, where());
    } else if (is_control(cp) && cp != '\t' && !(allow_newlines && (cp == '\r' || cp == '\n'))) {
      add(control_list, cp);
    }
  });
  if (tags > 0) {
    if (!invisible_list.empty()) invisible_list += ", ";
    invisible_list += std::to_string(tags) +
                      (tags == 1 ? " Unicode tag character" : " Unicode tag characters") +
                      " (U+E0000 to U+E007F)" + tag_where;
    if (!tag_text.empty()) invisible_list += " that spell the hidden text " + quoted(tag_text);
  }
  if (!bidi_list.empty())
    out.push_back(found(finding_code::bidi_control, std::string(field),
                   std::string(what) + " contains bidi formatting characters that can reorder what is displayed (" +
                       bidi_list + ")"));
  if (!invisible_list.empty())
    out.push_back(found(finding_code::invisible_character, std::string(field),
                   std::string(what) + " contains invisible characters (" + invisible_list + ")"));
  if (!control_list.empty())
    out.push_back(found(finding_code::control_character, std::string(field),
                   std::string(what) + " contains control characters (" + control_list + ")"));
}

// UTS #39 checks of one identifier (a local part or one domain label).
void check_spoof(std::vector<finding>& out, std::string_view field, std::string_view what, std::string_view id) {
  if (id.empty() || utf8::is_ascii(id)) return;
  const auto checked = checker().check(id);
  if (!checked) {
    out.push_back(found(finding_code::spoof_check_failed, std::string(field),
                   std::string(what) + " " + quoted(id) + " could not be checked for look-alike characters"));
    return;
  }
  const int32_t r = *checked;
  if ((r & USPOOF_RESTRICTION_LEVEL) != 0)
    out.push_back(found(finding_code::mixed_script, std::string(field),
                   std::string(what) + " " + quoted(id) + " mixes the " + scripts_of(id) +
                       " scripts, which UTS #39 does not allow together in an identifier"));
  if ((r & USPOOF_MIXED_NUMBERS) != 0)
    out.push_back(found(finding_code::mixed_numbers, std::string(field),
                   std::string(what) + " " + quoted(id) + " mixes digits from different numbering systems"));
  if ((r & USPOOF_HIDDEN_OVERLAY) != 0)
    out.push_back(found(finding_code::hidden_overlay, std::string(field),
                   std::string(what) + " " + quoted(id) + " has a mark that hides in the character before it"));
  if ((r & USPOOF_INVISIBLE) != 0)
    out.push_back(found(finding_code::invisible_character, std::string(field),
                   std::string(what) + " " + quoted(id) + " repeats a combining mark, which shows as one"));
}

// The whole local part or domain looks like ASCII text that it is not.
void check_confusable(std::vector<finding>& out, std::string_view field, std::string_view what,
                      std::string_view text) {
  if (text.empty() || utf8::is_ascii(text)) return;
  const std::string look = ascii_lookalike(text);
  if (look.empty() || look == text) return;
  out.push_back(found(finding_code::confusable, std::string(field),
                 std::string(what) + " " + quoted(text) + " is not ASCII but looks like " + quoted(look)));
}

std::string unquote_local(std::string_view local) {
  if (local.size() >= 2 && local.front() == '"' && local.back() == '"') return std::string(local.substr(1, local.size() - 2));
  return std::string(local);
}

}  // namespace

// Text that mail programs decode again (decodes_again()): a percent escape or an encoded word.
void check_decodes_again(std::vector<finding>& out, const address& a, std::string_view field) {
  if (!decodes_again(a)) return;
  out.push_back(found(finding_code::address_decodes_again, std::string(field),
                 quoted(a.valid ? a.unicode() : a.original) +
                     (a.display_name.empty() ? std::string() : " (display name " + quoted(a.display_name) + ")") +
                     " holds a percent escape or an encoded word ('=?...?='): mail programs decode it again and can "
                     "read another address out of it"));
}

// Text that mail programs read as separators of addresses: a display name with '@', '<', '>',
// ',' or ';' (name_holds_separators()), an address with compatibility characters that NFKC maps
// to separators (compatibility_separators()).
void check_separators(std::vector<finding>& out, const address& a, std::string_view field) {
  if (!a.display_name.empty() && name_holds_separators(a.display_name))
    out.push_back(found(finding_code::display_name_separators, std::string(field),
                   "the display name " + quoted(a.display_name) +
                       " holds '@', '<', '>', ',' or ';' (or a form of one): a mail program or webmail can split it "
                       "into other entries or read another address out of it"));
  if (compatibility_separators(a))
    out.push_back(found(finding_code::address_compatibility_characters, std::string(field),
                   quoted(a.valid ? a.unicode() : a.original) +
                       " holds compatibility characters (fullwidth or small forms) that mail programs map to '@', "
                       "',' or other separators, and so read other addresses out of it"));
}

std::vector<finding> check_address(const address& a, std::string_view field) {
  std::vector<finding> out;
  if (!a.valid) {
    out.push_back(found(finding_code::invalid_address, std::string(field), "not a valid address: " + quoted(a.original)));
    check_chars(out, field, "the address", a.original, false);
    check_decodes_again(out, a, field);
    check_separators(out, a, field);
    return out;
  }
  check_decodes_again(out, a, field);
  check_separators(out, a, field);
  const std::string local = unquote_local(a.local_part);
  // Bidi controls, invisible and control characters anywhere in the mailbox.
  check_chars(out, field, "the address", a.local_part + "@" + a.domain, false);
  check_chars(out, field, "the display name", a.display_name, false);
  // RFC 3987 section 4.2: "A component SHOULD NOT use both right-to-left and left-to-right
  // characters." Components here: the local part and each domain label.
  auto mixed = [&](std::string_view what, std::string_view part) {
    if (!utf8::is_ascii(part) && bidi::scan(part).mixed())
      out.push_back(found(finding_code::mixed_direction, std::string(field),
                     std::string(what) + " " + quoted(part) +
                         " mixes right-to-left and left-to-right characters, so its display order can differ "
                         "from its real order"));
  };
  mixed("the local part", local);
  const bool literal = !a.domain.empty() && a.domain.front() == '[';
  std::vector<std::string_view> labels;
  if (!literal) {
    std::string_view d = a.domain;
    while (!d.empty()) {
      const auto dot = d.find('.');
      labels.push_back(d.substr(0, dot));
      if (dot == std::string_view::npos) break;
      d.remove_prefix(dot + 1);
    }
  }
  for (const auto l : labels) mixed("the domain label", l);
  // UTS #39: mixed scripts per identifier, then whole-string confusables.
  check_spoof(out, field, "the local part", local);
  for (const auto l : labels) check_spoof(out, field, "the domain label", l);
  check_confusable(out, field, "the local part", local);
  if (!literal) check_confusable(out, field, "the domain", a.domain);
  if (a.needs_smtputf8 || !utf8::is_ascii(a.local_part))
    out.push_back(found(finding_code::non_ascii_local_part, std::string(field),
                   "the local part " + quoted(a.local_part) +
                       " is not ASCII: many mail servers refuse it (SMTPUTF8, RFC 6531) and it is easier to spoof"));
  // A display name that is itself an address, but another one.
  if (a.display_name.find('@') != std::string::npos && a.display_name.find(a.unicode()) == std::string::npos)
    out.push_back(found(finding_code::display_name_mismatch, std::string(field),
                   "the display name " + quoted(a.display_name) + " shows an address, but the message goes to " +
                       quoted(a.unicode())));
  return out;
}

namespace {

// What the hand-over to a mail program will change (handover::changes()), as a finding.
finding handover_finding(const handover::change& c) {
  using handover::change_kind;
  using handover::change_reason;
  std::string why;
  switch (c.reason) {
    case change_reason::decodes_again:
      why = "it holds codes ('%' and two hex digits, '=?...?=', '&#' or another character reference) that mail "
            "programs decode again";
      break;
    case change_reason::not_valid: why = "it is not a complete address, and mail programs would each read it their own way"; break;
    case change_reason::not_plain: why = "it holds characters that mail programs can read as other characters or as another address"; break;
    case change_reason::too_long: why = "it is longer than some mail programs read without cutting it"; break;
  }
  std::string what;
  switch (c.kind) {
    case change_kind::address_left_out: what = quoted(c.before) + " is left out of what a mail program is given"; break;
    case change_kind::name_taken_off: what = "the display name " + quoted(c.before) + " is taken off"; break;
    case change_kind::text_defused: what = "the text is handed over as " + quoted(c.after); break;
    case change_kind::text_shortened:
      what = "the text is shortened to " + std::to_string(utf8::length(c.after)) + " characters";
      break;
  }
  return {std::string(handover::code_of(c.kind)), c.field, what + ": " + why};
}

}  // namespace

std::vector<finding> check(const draft& d, const thresholds& t) {
  std::vector<finding> out;
  auto append = [&](std::vector<finding>&& more) {
    for (auto& f : more) out.push_back(std::move(f));
  };
  if (!d.bcc.empty())
    out.push_back(found(finding_code::hidden_recipients, "bcc",
                   std::to_string(d.bcc.size()) + (d.bcc.size() == 1 ? " hidden recipient" : " hidden recipients") +
                       " (Bcc): they get the message and the other recipients do not see them"));
  const std::pair<const char*, const std::vector<address>*> lists[] = {{"to", &d.to}, {"cc", &d.cc}, {"bcc", &d.bcc}};
  for (const auto& [name, list] : lists)
    for (std::size_t i = 0; i < list->size(); ++i)
      append(check_address((*list)[i], std::string(name) + "[" + std::to_string(i) + "]"));
  if (d.from) append(check_address(*d.from, "from"));
  if (d.subject) {
    check_chars(out, "subject", "the subject", *d.subject, false);
    if (utf8::length(*d.subject) > t.subject_chars)
      out.push_back(found(finding_code::long_subject, "subject",
                     "the subject is " + std::to_string(utf8::length(*d.subject)) + " characters long"));
  }
  for (const auto& h : d.headers) check_chars(out, "header:" + h.name, "the " + h.name + " field", h.value, false);
  for (const auto& c : handover::changes(d)) out.push_back(handover_finding(c));
  if (d.body) {
    check_chars(out, "body", "the body", *d.body, true);
    if (d.body->size() > t.body_bytes)
      out.push_back(found(finding_code::long_body, "body",
                     "the body is " + std::to_string(d.body->size()) + " bytes long: read all of it before sending"));
    const std::size_t lines = count_lines(*d.body);
    if (lines > t.body_lines)
      out.push_back(found(finding_code::many_lines, "body",
                     "the body has " + std::to_string(lines) + " lines: read all of them before sending"));
  }
  return out;
}

}  // namespace mailtokit::preview
