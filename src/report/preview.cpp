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

namespace mailtokit::preview {
namespace {

// A finding of a code in MAILTOKIT_FINDING_LIST: the code is typed, so no name is misspelt.
finding found(finding_code code, std::string field, std::string message) {
  return {std::string(to_name(code)), std::move(field), std::move(message)};
}

// UTS #39 via ICU: one checker, configured once, then only read ("A single instance may be used
// by multiple threads concurrently for checking").
class spoof_checker {
 public:
  spoof_checker() {
    UErrorCode st = U_ZERO_ERROR;
    sc_ = uspoof_open(&st);
    if (U_FAILURE(st)) {
      sc_ = nullptr;
      return;
    }
    // UTS #39 section 5.2: "Moderately Restrictive" allows Latin with one other Recommended
    // script except Cyrillic, Greek and Cherokee; the other checks catch invisible combining
    // marks, digits from several systems and dots hidden in a preceding glyph.
    uspoof_setChecks(sc_, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS | USPOOF_HIDDEN_OVERLAY,
                     &st);
    uspoof_setRestrictionLevel(sc_, USPOOF_MODERATELY_RESTRICTIVE);
    if (U_FAILURE(st)) {
      uspoof_close(sc_);
      sc_ = nullptr;
    }
  }
  ~spoof_checker() {
    if (sc_ != nullptr) uspoof_close(sc_);
  }
  spoof_checker(const spoof_checker&) = delete;
  spoof_checker& operator=(const spoof_checker&) = delete;

  // The failed checks (USPOOF_* bits), 0 when all pass; std::nullopt when ICU could not check
  // (no checker, a library failure): as Chromium's idn_spoof_checker.cc does, a text that could
  // not be checked is not taken for one that passed.
  [[nodiscard]] std::optional<int32_t> check(std::string_view s) const {
    if (sc_ == nullptr || s.size() > 0x7FFFFFF) return std::nullopt;
    UErrorCode st = U_ZERO_ERROR;
    const int32_t r = uspoof_check2UTF8(sc_, s.data(), static_cast<int32_t>(s.size()), nullptr, &st);
    if (U_FAILURE(st)) return std::nullopt;
    return r;
  }

  // UTS #39 section 4 skeleton; empty on failure.
  [[nodiscard]] std::string skeleton(std::string_view s) const {
    if (sc_ == nullptr || s.size() > 0x7FFFFFF) return {};
    UErrorCode st = U_ZERO_ERROR;
    const auto len = static_cast<int32_t>(s.size());
    const int32_t need = uspoof_getSkeletonUTF8(sc_, 0, s.data(), len, nullptr, 0, &st);
    if (st != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(st)) return {};
    std::string out(static_cast<std::size_t>(need), '\0');
    st = U_ZERO_ERROR;
    uspoof_getSkeletonUTF8(sc_, 0, s.data(), len, out.data(), need, &st);
    if (U_FAILURE(st) && st != U_STRING_NOT_TERMINATED_WARNING) return {};
    return out;
  }

 private:
  USpoofChecker* sc_ = nullptr;
};

const spoof_checker& checker() {
  static const spoof_checker c;
  return c;
}

// Code points of a UTF-8 string; an invalid byte comes out as its value with `bad` set.
template <class F>
void for_each_cp(std::string_view s, F&& f) {
  const char* it = s.data();
  const char* end = it + s.size();
  while (it < end) {
    const char* start = it;
    auto cp = utf8::decode(it, end);
    if (!cp) {
      f(static_cast<char32_t>(static_cast<unsigned char>(*start)), true);
      it = start + 1;
      continue;
    }
    f(*cp, false);
  }
}

std::string hex_cp(char32_t cp) {
  std::array<char, 16> buf{};
  std::snprintf(buf.data(), buf.size(), "U+%04X", static_cast<unsigned>(cp));
  return buf.data();
}

std::string char_name(char32_t cp) {
  std::array<char, 128> buf{};
  UErrorCode st = U_ZERO_ERROR;
  const int32_t n = u_charName(static_cast<UChar32>(cp), U_UNICODE_CHAR_NAME, buf.data(),
                               static_cast<int32_t>(buf.size()), &st);
  std::string s = hex_cp(cp);
  if (U_SUCCESS(st) && n > 0) {
    s += ' ';
    s.append(buf.data(), static_cast<std::size_t>(n));
  }
  return s;
}

bool is_control(char32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

// Invisible: default-ignorable or a format character (Cf), bidi controls aside.
bool is_invisible(char32_t cp) {
  if (cp < 0x80 || bidi::is_formatting(cp)) return false;
  const auto c = static_cast<UChar32>(cp);
  return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) != 0 || u_charType(c) == U_FORMAT_CHAR;
}

bool is_hidden(char32_t cp, bool keep_newlines) {
  if (cp == '\t') return false;
  // UAX #14 mandatory breaks besides CR and LF: BK (VT, FF, U+2028 LINE SEPARATOR, U+2029
  // PARAGRAPH SEPARATOR) and NL (U+0085). GTK, Qt and terminals break a line there, so link text
  // could forge a line of the question (VT, FF and NEL are controls, below).
  if (cp == 0x2028 || cp == 0x2029) return true;
  if (keep_newlines && (cp == '\n' || cp == '\r')) return false;
  return is_control(cp) || bidi::is_formatting(cp) || is_invisible(cp);
}

// Appended in place: "\"" + std::string&& makes g++ 12 -O3 report -Wrestrict (GCC bug 105329).
std::string quoted(std::string_view s) {
  std::string out(1, '"');
  out += visible(s);
  out += '"';
  return out;
}

std::string scripts_of(std::string_view s) {
  std::vector<UScriptCode> seen;
  for_each_cp(s, [&](char32_t cp, bool bad) {
    if (bad) return;
    UErrorCode st = U_ZERO_ERROR;
    const UScriptCode sc = uscript_getScript(static_cast<UChar32>(cp), &st);
    if (U_FAILURE(st) || sc == USCRIPT_COMMON || sc == USCRIPT_INHERITED) return;
    for (const auto x : seen)
      if (x == sc) return;
    seen.push_back(sc);
  });
  std::string out;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    if (i > 0) out += i + 1 == seen.size() ? " and " : ", ";
    const char* name = uscript_getName(seen[i]);
    out += name != nullptr ? name : "?";
  }
  return out;
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

// UTS #39 section 4: the ASCII text `text` is confusable with, by the skeleton of each non-ASCII
// character ("\u0430pple.com" gives "apple.com"); empty when some character has no ASCII
// look-alike. Per character, so the result reads like the text (the skeleton of the whole string
// would turn "m" into "rn").
std::string ascii_lookalike(std::string_view text) {
  std::string out;
  bool ok = true;
  for_each_cp(text, [&](char32_t cp, bool bad) {
    if (!ok) return;
    if (bad) {
      ok = false;
    } else if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else {
      std::string one;
      utf8::append(one, cp);
      const std::string sk = checker().skeleton(one);
      if (sk.empty() || !utf8::is_ascii(sk)) ok = false;
      else out += sk;
    }
  });
  return ok ? out : std::string();
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

std::size_t count_lines(std::string_view body) {
  if (body.empty()) return 0;
  std::size_t n = 1;
  for (const char c : body) n += c == '\n';
  if (body.back() == '\n') --n;
  return n;
}

std::string address_display(const address& a) {
  std::string s;
  if (!a.display_name.empty()) s += isolate(a.display_name) + " <";
  s += isolate(a.valid ? a.unicode() : a.original, true);
  if (!a.display_name.empty()) s += ">";
  return s;
}

void render_list(std::string& out, std::string_view label, const std::vector<address>& list, bool hidden) {
  if (list.empty()) return;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& a = list[i];
    out += i == 0 ? std::string(label) : std::string(label.size(), ' ');
    out += address_display(a);
    if (hidden) out += "   <- HIDDEN recipient: gets the message, the other recipients do not see it";
    out += '\n';
    const std::string pad(label.size(), ' ');
    if (!a.valid) {
      out += pad + "   (not a valid address)\n";
    } else if (auto ascii = a.ascii()) {
      if (*ascii != a.unicode()) out += pad + "   ASCII form: " + visible(*ascii) + "\n";
    } else if (a.needs_smtputf8) {
      out += pad + "   no ASCII form: the local part is not ASCII (needs SMTPUTF8)\n";
    }
  }
}

}  // namespace

// Marks stacked on one letter that are drawn: the scripts that stack them (Vietnamese, Hebrew
// points with a cantillation mark, Indic vowel signs) use at most three; "Zalgo" text stacks
// dozens, drawn over the lines above and below.
constexpr std::size_t max_stacked_marks = 3;

std::string visible(std::string_view text, bool keep_newlines) {
  std::string out;
  out.reserve(text.size());
  std::size_t marks = 0;  // non-spacing and enclosing marks in a row so far
  for_each_cp(text, [&](char32_t cp, bool bad) {
    const auto type = bad ? 0 : u_charType(static_cast<UChar32>(cp));
    marks = type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK ? marks + 1 : 0;
    if (bad) {
      std::array<char, 8> buf{};
      std::snprintf(buf.data(), buf.size(), "<0x%02X>", static_cast<unsigned>(cp));
      out += buf.data();
    } else if (is_hidden(cp, keep_newlines) || marks > max_stacked_marks) {
      out += '<';
      out += hex_cp(cp);
      out += '>';
    } else {
      utf8::append(out, cp);
    }
  });
  return out;
}

std::string isolate(std::string_view text, bool address) {
  // UAX #9 section 2.7: LRI U+2066, FSI U+2068, PDI U+2069.
  std::string out = address ? "\xE2\x81\xA6" : "\xE2\x81\xA8";
  out += visible(text);
  out += "\xE2\x81\xA9";
  return out;
}

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

struct script_count {
  UScriptCode code = USCRIPT_INVALID_CODE;
  std::size_t letters = 0;
};

UScriptCode script_of(char32_t cp) {
  UErrorCode st = U_ZERO_ERROR;
  const UScriptCode sc = uscript_getScript(static_cast<UChar32>(cp), &st);
  return U_FAILURE(st) ? USCRIPT_INVALID_CODE : sc;
}

bool is_specific(UScriptCode sc) {
  return sc != USCRIPT_INVALID_CODE && sc != USCRIPT_COMMON && sc != USCRIPT_INHERITED && sc != USCRIPT_UNKNOWN;
}

// The look-alikes of one identifier (a local part or a domain label) that starts at byte
// `offset` and code point `index` of the text.
void identifier_lookalikes(std::vector<lookalike>& out, std::string_view id, std::size_t offset, std::size_t index) {
  if (id.empty() || utf8::is_ascii(id)) return;
  // UTS #39 section 5.2: an identifier that fails "moderately restrictive" mixes scripts that
  // do not belong together; the letters outside its main script are the odd ones.
  // A text ICU could not check is taken for a mixed one (fails closed).
  const auto checked = checker().check(id);
  const bool mixed = !checked || (*checked & USPOOF_RESTRICTION_LEVEL) != 0;
  UScriptCode main = USCRIPT_LATIN;
  if (mixed) {
    std::vector<script_count> counts;
    for_each_cp(id, [&](char32_t cp, bool bad) {
      const UScriptCode sc = bad ? USCRIPT_INVALID_CODE : script_of(cp);
      if (!is_specific(sc)) return;
      for (auto& c : counts)
        if (c.code == sc) {
          ++c.letters;
          return;
        }
      counts.push_back({sc, 1});
    });
    std::size_t most = 0;
    for (const auto& c : counts)
      if (c.letters > most || (c.letters == most && c.code == USCRIPT_LATIN)) {
        most = c.letters;
        main = c.code;
      }
  }
  const char* const begin = id.data();
  const char* it = begin;
  const char* const end = begin + id.size();
  std::size_t i = index;
  while (it < end) {
    const char* const at = it;
    auto cp = utf8::decode(it, end);
    if (!cp) {
      it = at + 1;
      ++i;
      continue;
    }
    std::string one;
    utf8::append(one, *cp);
    std::string look;
    if (*cp >= 0x80) {
      look = checker().skeleton(one);
      if (!utf8::is_ascii(look)) look.clear();
    }
    const UScriptCode sc = script_of(*cp);
    const bool odd = mixed && *cp >= 0x80 && is_specific(sc) && sc != main;
    if (!look.empty() || odd) {
      lookalike l;
      l.offset = offset + static_cast<std::size_t>(at - begin);
      l.index = i;
      l.character = std::move(one);
      const char* name = sc == USCRIPT_INVALID_CODE ? nullptr : uscript_getName(sc);
      const char* code = sc == USCRIPT_INVALID_CODE ? nullptr : uscript_getShortName(sc);
      l.script = name != nullptr ? name : "";
      l.script_code = code != nullptr ? code : "";
      l.looks_like = std::move(look);
      out.push_back(std::move(l));
    }
    ++i;
  }
}

// Code points in `s`, an invalid byte counting as one (as lookalike::index counts them).
std::size_t code_points(std::string_view s) {
  std::size_t n = 0;
  for_each_cp(s, [&](char32_t, bool) { ++n; });
  return n;
}

}  // namespace

std::vector<lookalike> lookalikes(std::string_view text) {
  std::vector<lookalike> out;
  if (utf8::is_ascii(text)) return out;
  // The identifiers of an address: the local part and each domain label (RFC 5321 section
  // 4.1.2; RFC 5890 section 2.3.2.1), split at "@" and ".".
  std::size_t start = 0, index = 0;
  while (start <= text.size()) {
    const std::size_t stop = std::min(text.find_first_of("@.", start), text.size());
    const std::string_view id = text.substr(start, stop - start);
    identifier_lookalikes(out, id, start, index);
    index += code_points(id) + 1;
    start = stop + 1;
  }
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

std::string render_text(const draft& d, const std::vector<finding>& findings, std::size_t max_body_lines) {
  std::string out = "mailtokit preview: nothing has been sent. The link asks for this draft:\n\n";
  if (d.to.empty() && d.cc.empty() && d.bcc.empty()) out += "To:       (no recipients)\n";
  render_list(out, "To:       ", d.to, false);
  render_list(out, "Cc:       ", d.cc, false);
  render_list(out, "Bcc:      ", d.bcc, true);
  if (d.from) {
    out += "From:     " + address_display(*d.from) + "   (from your configuration, never from the link)\n";
  }
  out += "Subject:  " + (d.subject ? isolate(*d.subject) : std::string("(none)")) + "\n";
  for (const auto& h : d.headers) out += "Header:   " + visible(h.name) + ": " + isolate(h.value) + "\n";
  if (d.body) {
    const std::size_t lines = count_lines(*d.body);
    out += "Body:     " + std::to_string(lines) + (lines == 1 ? " line, " : " lines, ") +
           std::to_string(d.body->size()) + " bytes\n";
    std::string_view rest = *d.body;
    std::size_t shown = 0;
    while (!rest.empty() && shown < max_body_lines) {
      auto nl = rest.find('\n');
      std::string_view line = rest.substr(0, nl);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      out += "  | " + isolate(line) + "\n";
      ++shown;
      if (nl == std::string_view::npos) break;
      rest.remove_prefix(nl + 1);
    }
    if (lines > shown) out += "  | ... " + std::to_string(lines - shown) + " more lines (see --format json)\n";
  } else {
    out += "Body:     (none)\n";
  }
  out += "\nDropped from the link:";
  if (d.dropped.empty()) out += " nothing\n";
  else out += "\n";
  for (const auto& f : d.dropped)
    out += "  " + visible(f.name) + " = " + isolate(f.value) + "\n      " + visible(f.reason) + "\n";
  if (!d.warnings.empty()) {
    out += "\nParser notes:\n";
    for (const auto& w : d.warnings) {
      out += "  [" + visible(to_name(w.code)) + "] " + visible(w.message);
      if (w.offset != static_cast<std::size_t>(-1)) out += " (at byte " + std::to_string(w.offset) + ")";
      out += "\n";
    }
  }
  out += "\nWarnings:";
  if (findings.empty()) out += " none\n";
  else out += "\n";
  for (const auto& f : findings) out += "  [" + f.code + "] " + visible(f.field) + ": " + visible(f.message) + "\n";
  return out;
}

std::string render_json(const draft& d, const std::vector<finding>& findings) {
  std::string out = json::from_draft(d);
  // Insert the findings as the object's last key.
  while (!out.empty() && out.back() != '}') out.pop_back();
  if (out.empty()) return out;
  out.pop_back();
  out += ",\"findings\":[";
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (i > 0) out += ',';
    out += "{\"code\":";
    json::append_string(out, findings[i].code);
    out += ",\"field\":";
    json::append_string(out, findings[i].field);
    out += ",\"message\":";
    json::append_string(out, findings[i].message);
    out += '}';
  }
  out += "]}";
  return out;
}

}  // namespace mailtokit::preview
