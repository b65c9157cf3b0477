#include "ask/risks.hpp"

#include <algorithm>

#include "ask/policy.hpp"
#include "ask/values.hpp"
#include "base/i18n.hpp"
#include "mailtokit/utf8.hpp"

namespace mailtokit::ask {

using namespace words;

namespace {

// Scripts a look-alike letter often comes from (UTS #39 confusables), by ISO 15924 code, as
// people name them; any other script is named as ICU names it (in English).
struct script_name {
  std::string_view code;
  const char* name;
};
constexpr script_name script_names[] = {
    // TRANSLATORS: names of alphabets (writing systems), used in "the Cyrillic letter \u0430" and
    // "from the Greek alphabet". Translate them as your language names the alphabet.
    {"Latn", N_("Latin")},      {"Cyrl", N_("Cyrillic")}, {"Grek", N_("Greek")},
    {"Armn", N_("Armenian")},   {"Cher", N_("Cherokee")}, {"Geor", N_("Georgian")},
    {"Copt", N_("Coptic")},     {"Hebr", N_("Hebrew")},   {"Arab", N_("Arabic")},
    {"Lisu", N_("Lisu")},       {"Vaii", N_("Vai")},      {"Cans", N_("Canadian syllabics")},
    {"Deva", N_("Devanagari")}, {"Thai", N_("Thai")},     {"Hira", N_("Hiragana")},
    {"Kana", N_("Katakana")},   {"Hani", N_("Chinese")},  {"Hang", N_("Korean")},
    {"Runr", N_("Runic")},      {"Tfng", N_("Tifinagh")}, {"Olck", N_("Ol Chiki")},
    {"Mong", N_("Mongolian")},  {"Ethi", N_("Ethiopic")}, {"Beng", N_("Bengali")},
};

display_text script_word(const preview::lookalike& l) {
  for (const auto& s : script_names)
    if (s.code == l.script_code) return ours(tr(s.name));
  return shown(l.script, 40);
}

// A letter with a script of its own (not Common or Inherited, which belong to every script).
bool has_alphabet(const preview::lookalike& l) {
  return !l.script.empty() && l.script_code != "Zyyy" && l.script_code != "Zinh" && l.script_code != "Zzzz";
}

// The address with each look-alike in brackets: "admin@[\u0430]pple.com".
display_text marked(std::string_view text, const std::vector<preview::lookalike>& ls) {
  // Each piece whole (the text is at most a mailbox): the cut is made once, on the whole.
  constexpr std::size_t whole = 2048;
  display_text out;
  std::size_t at = 0;
  for (const auto& l : ls) {
    if (l.offset < at || l.offset > text.size()) continue;
    out += shown(text.substr(at, l.offset - at), whole);
    out += ours("[") + shown(l.character, whole) + ours("]");
    at = l.offset + l.character.size();
  }
  out += shown(text.substr(std::min(at, text.size())), whole);
  return out.clipped(value_chars + 2 * ls.size());
}

// One look-alike in words: "\u0430 from the Cyrillic alphabet looks like a".
display_text lookalike_words(const preview::lookalike& l) {
  const display_text ch = shown(l.character, 16);
  if (!has_alphabet(l))
    // TRANSLATORS: {0} is a character, {1} the letters it looks like.
    return ours(tr("{0} looks like {1}"), {ch, shown(l.looks_like, 16)});
  if (l.looks_like.empty())
    // TRANSLATORS: {0} is a letter, {1} the name of an alphabet (Cyrillic, Greek, ...).
    return ours(tr("{0} is from the {1} alphabet"), {ch, script_word(l)});
  // TRANSLATORS: {0} is a letter, {1} the name of its alphabet, {2} the Latin letter it looks like.
  return ours(tr("{0} from the {1} alphabet looks like {2}"),
              {ch, script_word(l), shown(l.looks_like, 16)});
}

// A look-alike address (mixed_script, confusable, mixed_numbers, hidden_overlay).
// The sentence under a look-alike headline: which letters in brackets are not what they seem,
// or what else makes the address `text` deceive.
display_text spoof_sentence(const std::string& text, const std::vector<preview::lookalike>& ls,
                            const display_text& plain, bool mixed_numbers, bool overlay) {
  display_text sentence;
  if (ls.size() == 1) {
    const auto& l = ls.front();
    const display_text mark = marked(text, ls);
    const display_text ch = shown(l.character, 16);
    if (!l.looks_like.empty() && has_alphabet(l) && l.script_code != "Latn")
      sentence =
          // TRANSLATORS: {0} is an address with one letter in brackets, {1} that letter, {2} the
          // name of its alphabet, {3} the Latin letter it looks like. Rephrase freely, e.g. "a
          // letter of the {2} alphabet", if an adjective does not fit your language.
          ours(tr("In {0}, the letter in brackets is the {2} letter {1}, not the Latin letter {3}."),
               {mark, ch, script_word(l), shown(l.looks_like, 16)});
    else if (!l.looks_like.empty())
      // TRANSLATORS: {0} is an address with one character in brackets, {1} that character,
      // {2} the letters it looks like.
      sentence = ours(tr("In {0}, the character in brackets is {1}, which only looks like {2}."),
                         {mark, ch, shown(l.looks_like, 16)});
    else
      sentence =
          // TRANSLATORS: {0} is an address with one letter in brackets, {1} that letter, {2} the
          // name of its alphabet.
          ours(tr("In {0}, the letter in brackets is from the {2} alphabet, unlike the letters around it."),
               {mark, ch, script_word(l)});
  } else if (!ls.empty()) {
    std::vector<display_text> words;
    for (const auto& l : ls) words.push_back(lookalike_words(l));
    const display_text list = short_list(words, "; ");
    // TRANSLATORS: {0} is a number (2 or more), {1} an address with those letters in brackets,
    // {2} a list such as "\u0430 from the Cyrillic alphabet looks like a; \u03BF from the Greek alphabet
    // looks like o".
    sentence = ours(ntr("In {1}, the letter in brackets is not what it seems: {2}.",
                           "In {1}, the {0} letters in brackets are not what they seem: {2}.", ls.size()),
                       {number(ls.size()), marked(text, ls), list});
  } else if (mixed_numbers) {
    sentence = ours(tr("{0} mixes digits from different number systems that can look alike."), {plain});
  } else if (overlay) {
    sentence = ours(tr("{0} has a dot or accent that hides in the letter before it, so two different "
                          "addresses look the same."),
                       {plain});
  } else {
    sentence = ours(tr("{0} mixes letters from alphabets that are not used together."), {plain});
  }
  return sentence;
}

risk spoof_item(const address& a, const std::string& field, const std::vector<preview::finding>& findings) {
  risk it;
  it.rank = 0;
  it.field = field;
  it.key = "spoof " + field;
  const std::string text = mailbox(a);
  const display_text plain = shown(text);
  const auto ls = preview::lookalikes(text);
  bool mixed_numbers = false, overlay = false;
  for (const auto& f : findings) {
    if (f.field != field) continue;
    mixed_numbers = mixed_numbers || f.code == "mixed_numbers";
    overlay = overlay || f.code == "hidden_overlay";
  }
  // What it looks like: each look-alike replaced by the ASCII it looks like.
  std::string looks;
  std::size_t at = 0;
  bool in_local = false;
  const std::size_t at_sign = text.rfind('@');
  for (const auto& l : ls) {
    if (l.offset < at) continue;
    looks.append(text, at, l.offset - at);
    looks += l.looks_like.empty() ? l.character : l.looks_like;
    at = l.offset + l.character.size();
    in_local = in_local || at_sign == std::string::npos || l.offset < at_sign;
  }
  looks.append(text, std::min(at, text.size()));
  const bool ascii_twin = !ls.empty() && looks != text && utf8::is_ascii(looks);
  if (ascii_twin) {
    const std::string twin = in_local || at_sign == std::string::npos ? looks : looks.substr(at_sign + 1);
    // TRANSLATORS: a headline: {0} is an address with a letter from another alphabet, {1} the
    // address or domain it imitates ("admin@\u0430pple.com is not apple.com", \u0430 a Cyrillic a).
    it.headline = ours(tr("{0} is not {1}"), {plain, shown(twin)});
  } else if (mixed_numbers) {
    it.headline = ours(tr("The address {0} mixes digits from different number systems"), {plain});
  } else if (overlay) {
    it.headline = ours(tr("The address {0} has a mark hidden in the letter before it"), {plain});
  } else {
    it.headline = ours(tr("The address {0} mixes letters from different alphabets"), {plain});
  }
  it.sentence = spoof_sentence(text, ls, plain, mixed_numbers, overlay);
  // Its real name: the domain as the mail system uses it (xn--...), where it differs.
  if (auto ascii = a.valid ? a.ascii() : std::nullopt; ascii && *ascii != text)
    it.sentence += ours(" ") + ours(tr("Its real name is {0}."), {shown(*ascii)});
  return it;
}

// Invisible, control or direction-changing characters, or mixed directions, in an address or
// in the name shown for it.
risk address_chars_item(const address& a, const std::string& field, const std::string& code) {
  risk it;
  it.rank = 2;
  it.field = field;
  const std::string text = mailbox(a);
  const display_text plain = shown(text);
  const bool in_address =
      code == "mixed_direction" || a.display_name.empty() || preview::visible(text) != text;
  it.key = code + " " + field + (in_address ? "" : " name");
  if (!in_address) {
    const display_text name = shown(a.display_name);
    it.headline = ours(tr("The name shown for {0} contains hidden characters"), {plain});
    // TRANSLATORS: {0} is a name as shown, with each hidden character as a code in angle
    // brackets like <U+202E>; {1} is the address.
    it.sentence = ours(tr("The name {0} shown for {1} contains characters you cannot see; each code in angle "
                          "brackets stands for one."),
                       {name, plain});
  } else if (code == "mixed_direction") {
    it.headline = ours(tr("The address {0} mixes writing directions"), {plain});
    it.sentence = ours(tr("Part of {0} is written right to left, so it can appear in another order than it "
                          "really has."),
                       {plain});
  } else if (code == "bidi_control") {
    it.headline = ours(tr("The address {0} contains characters that change its reading order"), {plain});
    // TRANSLATORS: {0} is an address with each hidden character shown as a code in angle
    // brackets like <U+202E>.
    it.sentence = ours(tr("In {0}, each code in angle brackets stands for an invisible character that can "
                          "reverse how the address is shown."),
                       {plain});
  } else if (code == "control_character") {
    it.headline = ours(tr("The address {0} contains control characters"), {plain});
    it.sentence = ours(tr("In {0}, each code in angle brackets stands for a control character, which no real "
                          "address has."),
                       {plain});
  } else {
    it.headline = ours(tr("The address {0} contains invisible characters"), {plain});
    it.sentence =
        ours(tr("In {0}, each code in angle brackets stands for an invisible character: the address "
                "is not the one you see."),
             {plain});
  }
  return it;
}

// Hidden characters in the subject, the body or another field.
risk text_chars_item(const draft& d, const preview::finding& f) {
  risk it;
  it.rank = 5;
  it.key = f.code + " " + f.field;
  const bool bidi = f.code == "bidi_control" || f.code == "mixed_direction";
  const bool control = f.code == "control_character";
  if (f.field == "subject") {
    const display_text subject = shown(d.subject.value_or(""));
    it.headline = ours(tr("The subject contains hidden characters"));
    if (bidi)
      it.sentence = ours(
          // TRANSLATORS: {0} is the subject, each hidden character shown as a code like <U+202E>.
          tr("The subject contains invisible characters that change the order of its text: {0}."), {subject});
    else if (control)
      it.sentence = ours(tr("The subject contains control characters: {0}."), {subject});
    else
      it.sentence = ours(tr("The subject contains invisible characters: {0}."), {subject});
  } else if (f.field == "body") {
    it.headline = ours(tr("The message text contains hidden characters"));
    if (bidi)
      it.sentence =
          ours(tr("The message text contains invisible characters that change the order of its text; the "
                  "details show where."));
    else if (control)
      it.sentence = ours(tr("The message text contains control characters; the details show where."));
    else
      it.sentence = ours(tr("The message text contains invisible characters; the details show where."));
  } else {
    // "header:Keywords": the field's name as the link wrote it.
    const std::string_view name = std::string_view(f.field).substr(f.field.rfind(':') + 1);
    const display_text field = shown(name, 40);
    it.headline = ours(tr("The {0} field contains hidden characters"), {field});
    if (bidi)
      it.sentence =
          // TRANSLATORS: {0} is the name of a field of the message, such as Keywords.
          ours(tr("The {0} field contains invisible characters that change the order of its text."), {field});
    else if (control)
      it.sentence = ours(tr("The {0} field contains control characters."), {field});
    else
      it.sentence = ours(tr("The {0} field contains invisible characters."), {field});
  }
  return it;
}

// A repair the parser made to a recipient field (is_risky(const warning&)).
risk repair_item(const warning& w) {
  risk it;
  it.rank = 5;
  if (w.code == warning_code::header_controls_removed) {
    it.key = "repair controls";
    it.headline = ours(tr("mailtokit had to repair the recipients"));
    it.sentence =
        ours(tr("mailtokit removed line breaks or control characters from the recipients; check who the "
                "message goes to."));
  } else if (w.code == warning_code::invalid_utf8_replaced || w.code == warning_code::legacy_charset_decoded ||
             w.code == warning_code::encoded_word_undecodable) {
    it.key = "repair unreadable";
    it.headline = ours(tr("Some letters of the recipients could not be read"));
    it.sentence =
        ours(tr("Some letters in the recipients could not be read and were replaced; check who the message "
                "goes to."));
  } else {
    it.key = "repair other";
    it.headline = ours(tr("mailtokit had to repair the recipients"));
    it.sentence = ours(tr("mailtokit repaired the recipients of this link; check who the message goes to."));
  }
  return it;
}

// The risky things, worst first, one risk per address and kind.
// A display name that shows another address than the one the message goes to.
risk name_mismatch_item(const address& a, const std::string& field) {
  const display_text name = shown(a.display_name);
  const display_text plain = shown(mailbox(a));
  // TRANSLATORS: {0} is a name that looks like an address, {1} the real address.
  return {3, field, "display_name_mismatch " + field, ours(tr("The name {0} hides the real address {1}"), {name, plain}),
          ours(tr("Your mail program may show {0}, but the message would go to {1}."), {name, plain})};
}

// An address kept although it is not valid.
risk invalid_address_item(const address& a, const std::string& field) {
  const display_text plain = shown(a.original);
  // TRANSLATORS: {0} is the text the link gives as an address; keep the quotes around it.
  return {4, field, "invalid_address " + field, ours(tr("\"{0}\" is not a valid email address"), {plain}),
          ours(tr("\"{0}\" is not a valid email address: your mail program may refuse it or read it "
                  "as another one."),
               {plain})};
}

}  // namespace

std::vector<risk> risky_items(const draft& d, const std::vector<preview::finding>& findings) {
  std::vector<risk> items;
  auto add = [&](risk&& it) {
    for (const auto& x : items)
      if (x.key == it.key) return;
    items.push_back(std::move(it));
  };
  if (!d.bcc.empty()) {
    risk it;
    it.rank = 1;
    it.key = "bcc";
    const display_text list = address_list(d.bcc);
    const display_text n = number(d.bcc.size());
    // TRANSLATORS: a headline. {0} is the number of addresses, {1} the address (or up to three).
    // A "hidden copy" is what mail programs call Bcc; say it in words people use.
    it.headline = ours(ntr("This link would send a hidden copy to {1}",
                           "This link would send hidden copies to {0} "
                           "addresses: {1}",
                           d.bcc.size()),
                       {n, list});
    it.sentence =
        ours(ntr("{1} would get the message, and the other recipients would not know.",
                 "These {0} addresses would get the message, and the other recipients would not know: {1}.",
                 d.bcc.size()),
             {n, list});
    add(std::move(it));
  }
  for (const auto& f : findings) {
    const address* a = address_at(d, f.field);
    const std::string& c = f.code;
    if (a != nullptr &&
        (c == "mixed_script" || c == "confusable" || c == "mixed_numbers" || c == "hidden_overlay")) {
      add(spoof_item(*a, f.field, findings));
    } else if (a != nullptr && (c == "bidi_control" || c == "mixed_direction" || c == "invisible_character" ||
                                c == "control_character")) {
      add(address_chars_item(*a, f.field, c));
    } else if (a != nullptr && c == "display_name_mismatch") {
      add(name_mismatch_item(*a, f.field));
    } else if (a != nullptr && c == "invalid_address") {
      add(invalid_address_item(*a, f.field));
    } else if (a == nullptr && is_risky(f) && c != "hidden_recipients") {
      add(text_chars_item(d, f));
    }
  }
  for (const auto& w : d.warnings)
    // Invalid ones: from the findings; ones that decode again: make_handover_safe() says what it did.
    if (is_risky(w) && w.code != warning_code::invalid_address && w.code != warning_code::address_decodes_again &&
        w.code != warning_code::address_compatibility_characters)
      add(repair_item(w));
  // An address already named for what makes it invalid (invisible characters, ...) is not
  // named again as invalid.
  std::erase_if(items, [&](const risk& x) {
    if (x.rank != 4) return false;
    for (const auto& y : items)
      if (&y != &x && y.field == x.field) return true;
    return false;
  });
  std::stable_sort(items.begin(), items.end(), [](const risk& x, const risk& y) { return x.rank < y.rank; });
  return items;
}

}  // namespace mailtokit::ask
