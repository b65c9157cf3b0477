#include "mailtokit/handover.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <utility>

#include "mailtokit/charset.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/finding_code.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/utf8.hpp"
#include "text/percent_facts.hpp"
#include "unicode/icu_memory.hpp"

namespace mailtokit::handover {

std::string_view code_of(change_kind k) noexcept {
  switch (k) {
    case change_kind::address_left_out: return to_name(finding_code::handover_address_left_out);
    case change_kind::name_taken_off: return to_name(finding_code::handover_name_taken_off);
    case change_kind::text_defused: return to_name(finding_code::handover_text_defused);
    case change_kind::text_shortened: return to_name(finding_code::handover_text_shortened);
  }
  return to_name(finding_code::handover_address_left_out);
}

std::string_view name_of(change_reason r) noexcept {
  switch (r) {
    case change_reason::decodes_again: return "decodes_again";
    case change_reason::not_valid: return "not_valid";
    case change_reason::not_plain: return "not_plain";
    case change_reason::too_long: return "too_long";
  }
  return "not_plain";
}

namespace {

// Letters, marks and decimal digits of any script (Unicode general categories L*, M*, Nd).
bool letter_mark_digit(char32_t cp) noexcept {
  const auto t = u_charType(static_cast<UChar32>(cp));
  return t == U_UPPERCASE_LETTER || t == U_LOWERCASE_LETTER || t == U_TITLECASE_LETTER || t == U_MODIFIER_LETTER ||
         t == U_OTHER_LETTER || t == U_NON_SPACING_MARK || t == U_ENCLOSING_MARK || t == U_COMBINING_SPACING_MARK ||
         t == U_DECIMAL_DIGIT_NUMBER;
}

// The ASCII letters and digits, and `extra`.
bool ascii_plain(char c, std::string_view extra) noexcept {
  return chars::alpha(c) || chars::digit(c) || extra.find(c) != extra.npos;
}

using detail::throw_if_no_memory;

// Unicode full case folding (CaseFolding.txt, C and F) of valid UTF-8. Memory running out is
// std::bad_alloc: a string cut short would compare as another name.
std::string case_folded(std::string_view text) {
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  throw_if_no_memory(u);
  u.foldCase();
  throw_if_no_memory(u);
  std::string out;
  u.toUTF8String(out);
  return out;
}

// True when NFKC leaves valid UTF-8 `text` as it is; false when ICU cannot tell (fails closed),
// but memory running out is std::bad_alloc, as everywhere in the library. (The NFKC normalizer is
// made when the library is loaded, with ICU's other once-only tables: charset.cpp.)
bool nfkc_stable(std::string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* n = icu::Normalizer2::getNFKCInstance(status);
  throw_if_no_memory(status);
  if (U_FAILURE(status) || n == nullptr) return false;
  const bool yes = n->isNormalizedUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())), status);
  throw_if_no_memory(status);
  return U_SUCCESS(status) && yes;
}

// Every character of valid, non-empty `text` is ASCII from ascii_plain(c, extra) or, beyond
// ASCII, a letter, mark or digit.
bool plain_chars(std::string_view text, std::string_view extra) {
  if (text.empty() || !utf8::validate(text)) return false;
  const char* it = text.data();
  const char* end = it + text.size();
  while (it < end) {
    const auto cp = utf8::decode(it, end);
    if (!cp) return false;
    if (*cp < 0x80 ? !ascii_plain(static_cast<char>(*cp), extra) : !letter_mark_digit(*cp)) return false;
  }
  return true;
}

// HTML's named character references that stand for ASCII punctuation, a space or a line break
// (HTML's entities.json): the ones a reader turns into a separator or a new line. Roundcube's
// compose page decodes them with or without their ';'.
constexpr std::string_view reference_names[] = {
    "amp",    "AMP",    "lt",     "LT",     "gt",      "GT",       "quot",   "QUOT",         "apos",   "commat",
    "comma",  "semi",   "colon",  "period", "excl",    "num",      "dollar", "percnt",       "lpar",   "rpar",
    "ast",    "midast", "plus",   "sol",    "bsol",    "lsqb",     "rsqb",   "lbrack",       "rbrack", "lcub",
    "rcub",   "lbrace", "rbrace", "verbar", "vert",    "VerticalLine", "equals", "quest",    "lowbar", "UnderBar",
    "grave",  "DiacriticalGrave", "Hat", "Tab", "NewLine", "nbsp",  "NonBreakingSpace",
};

std::size_t code_at(std::string_view s, std::size_t at, bool escapes);

// True when percent-decoding `s` again and again (at most 16 rounds, as the worst reader does)
// gives a C0 control or DEL ("%0A", "%250A"), or a code another decoder takes (an encoded word
// or a character reference spelled in escapes: "%3D%3Fq%3F...%3F%3D").
bool escapes_spell_a_code(std::string_view s) {
  const auto controls = [](std::string_view t) {
    return std::count_if(t.begin(), t.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; });
  };
  std::string cur(s), next;
  for (int round = 0; round < 16 && percent::has_escape(cur); ++round) {
    // Lenient, as readers decode: a '%' that is no escape stays (text/percent_facts.hpp).
    detail::decode_facts facts;
    if (!detail::decode_once(cur, 0, next, facts, false) || next == cur) break;
    // Decoding changes nothing but escapes: one more control is one an escape decoded into.
    if (controls(next) > controls(cur)) return true;
    cur.swap(next);
  }
  for (std::size_t i = 0; i < cur.size(); ++i)
    if ((cur[i] == '=' || cur[i] == '&') && code_at(cur, i, false) != 0) return cur != s;
  return false;
}

// The length of the code that a reader decodes at `at` ("%41", "=?", "&#", "&commat"), or 0.
// A percent escape counts only in a text whose escapes decode into a control or another code
// (escapes_spell_a_code()).
std::size_t code_at(std::string_view s, std::size_t at, bool escapes) {
  const std::string_view rest = s.substr(at);
  if (escapes && rest.size() >= 3 && rest[0] == '%' && chars::hexdig(rest[1]) && chars::hexdig(rest[2])) return 3;
  // "=?" opens an encoded word only with a "?=" after it ("2+2=?" is none).
  if (rest.size() >= 2 && rest[0] == '=' && rest[1] == '?' && rest.find("?=", 2) != rest.npos) return 2;
  if (rest.size() >= 2 && rest[0] == '&') {
    if (rest[1] == '#') return 2;
    for (const auto name : reference_names)
      if (rest.substr(1, name.size()) == name) return 1 + name.size();
  }
  return 0;
}

// The longest prefix of valid UTF-8 `text` of at most `bytes` bytes that ends between code points.
std::string_view prefix_of(std::string_view text, std::size_t bytes) {
  if (text.size() <= bytes) return text;
  std::size_t n = bytes;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0u) == 0x80u) --n;
  return text.substr(0, n);
}

// The bytes a mailbox takes in a hand-over: `"name" <spec>`.
std::size_t mailbox_size(const address& a) {
  const std::size_t s = spec(a).size();
  return a.display_name.empty() ? s : a.display_name.size() + 2 + 2 + s + 1;
}

change_reason left_out_reason(const address& a) {
  if (decodes_again(a)) return change_reason::decodes_again;
  if (!a.valid && !compatibility_separators(a)) return change_reason::not_valid;
  if (a.valid && plain_local_part(a.local_part) && plain_domain(a.domain_ascii)) return change_reason::too_long;
  return change_reason::not_plain;
}

// The changes to one header text, `field` naming it.
void text_changes(std::vector<change>& out, std::string_view field, std::string_view text, const limits& l) {
  std::string now(text);
  if (std::string after = defused(now); after != now) {
    out.push_back({change_kind::text_defused, change_reason::decodes_again, std::string(field), now, after, {}});
    now = std::move(after);
  }
  if (now.size() > l.text_bytes) {
    std::string after(prefix_of(now, l.text_bytes));
    out.push_back({change_kind::text_shortened, change_reason::too_long, std::string(field), now, after, {}});
  }
}

// The changes to the recipients of one list, `name` "to", "cc" or "bcc".
void list_changes(std::vector<change>& out, std::string_view name, const std::vector<address>& list, const limits& l) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    const address& a = list[i];
    const std::string field = std::string(name) + "[" + std::to_string(i) + "]";
    if (!plain_address(a)) {
      out.push_back({change_kind::address_left_out, left_out_reason(a), field, a.valid ? a.unicode() : a.original, {}, {}});
      continue;
    }
    if (a.display_name.empty()) continue;
    if (!plain_name(a.display_name)) {
      const auto why = decodes_again(a.display_name) ? change_reason::decodes_again : change_reason::not_plain;
      out.push_back({change_kind::name_taken_off, why, field, a.display_name, {}, a.unicode()});
    } else if (mailbox_size(a) > l.mailbox_bytes) {
      out.push_back({change_kind::name_taken_off, change_reason::too_long, field, a.display_name, {}, a.unicode()});
    }
  }
}

}  // namespace

bool plain_name(std::string_view name) {
  if (!plain_chars(name, " .-'_")) return false;
  if (name.front() == ' ' || name.back() == ' ' || name.find("  ") != name.npos) return false;
  // NFKC changes nothing (no compatibility character, such as a ligature), and NFKC with case
  // folding nothing that case folding alone does not.
  return utf8::is_ascii(name) || (nfkc_stable(name) && charset::nfkc_casefold(name) == case_folded(name));
}

bool plain_local_part(std::string_view local_part) {
  // The apostrophe too (o'brien@...): every program and webmail tested reads it as it is, and no
  // decoder of the worst reader changes it.
  if (!plain_chars(local_part, ".-_+'")) return false;
  if (local_part.front() == '.' || local_part.back() == '.' || local_part.find("..") != local_part.npos) return false;
  return utf8::is_ascii(local_part) || charset::nfkc_casefold(local_part) == chars::lowered(local_part);
}

bool plain_domain(std::string_view domain_ascii) noexcept {
  if (domain_ascii.empty() || domain_ascii.size() > 253) return false;
  std::size_t label = 0;
  for (std::size_t i = 0; i <= domain_ascii.size(); ++i) {
    if (i < domain_ascii.size() && domain_ascii[i] != '.') {
      const char c = domain_ascii[i];
      if (!chars::alpha(c) && !chars::digit(c) && c != '-') return false;
      continue;
    }
    const std::string_view part = domain_ascii.substr(label, i - label);
    if (part.empty() || part.size() > 63 || part.front() == '-' || part.back() == '-') return false;
    label = i + 1;
  }
  return true;
}

// RFC 5321 section 4.5.3.1.3: a path (the address in angle brackets) is at most 256 octets.
constexpr std::size_t max_spec_bytes = 254;

bool plain_address(const address& a) {
  return a.valid && plain_local_part(a.local_part) && plain_domain(a.domain_ascii) &&
         a.local_part.size() + 1 + a.domain_ascii.size() <= max_spec_bytes;
}

std::string spec(const address& a) { return a.local_part + "@" + a.domain_ascii; }

bool plain_text(std::string_view text) {
  const bool escapes = escapes_spell_a_code(text);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '%' || c == '=' || c == '&') && code_at(text, i, escapes) != 0) return false;
  }
  return true;
}

std::string defused(std::string_view text) {
  // Where no code is found nothing is inserted: plain text comes back as it is.
  const bool escapes = escapes_spell_a_code(text);
  std::string out;
  out.reserve(text.size() + 8);
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    const char c = text[i];
    if ((c == '%' || c == '=' || c == '&') && code_at(text, i, escapes) != 0) out += ' ';
  }
  return out;
}

std::vector<change> changes(const draft& d, const limits& l) {
  std::vector<change> out;
  list_changes(out, "to", d.to, l);
  list_changes(out, "cc", d.cc, l);
  list_changes(out, "bcc", d.bcc, l);
  if (d.subject) text_changes(out, "subject", *d.subject, l);
  for (const auto& h : d.headers) text_changes(out, "header:" + h.name, h.value, l);
  return out;
}

namespace {

// Applies to `list` the changes made[from...] that list_changes() found for it, in its order.
void apply_to_list(std::vector<address>& list, const std::vector<change>& made, std::size_t from) {
  std::vector<bool> gone(list.size());
  for (std::size_t k = from; k < made.size(); ++k) {
    const std::string_view field = made[k].field;
    std::size_t i = 0;
    for (const char c : field.substr(field.find('[') + 1))
      if (chars::digit(c)) i = i * 10 + static_cast<std::size_t>(c - '0');
    if (made[k].kind == change_kind::address_left_out) gone[i] = true;
    else list[i].display_name.clear();
  }
  std::size_t i = 0;
  std::erase_if(list, [&](const address&) { return gone[i++]; });
}

// Applies text_changes() to one text: the last change holds what is handed over.
void apply_to_text(std::vector<change>& made, std::string_view field, std::string& text, const limits& l) {
  const std::size_t from = made.size();
  text_changes(made, field, text, l);
  if (made.size() > from) text = made.back().after;
}

}  // namespace

std::vector<change> make_safe(draft& d, const limits& l) {
  std::vector<change> made;
  const std::pair<std::string_view, std::vector<address>*> lists[] = {{"to", &d.to}, {"cc", &d.cc}, {"bcc", &d.bcc}};
  for (const auto& [name, list] : lists) {
    const std::size_t from = made.size();
    list_changes(made, name, *list, l);
    apply_to_list(*list, made, from);
  }
  if (d.subject) apply_to_text(made, "subject", *d.subject, l);
  for (auto& h : d.headers) apply_to_text(made, "header:" + h.name, h.value, l);
  return made;
}

}  // namespace mailtokit::handover
