#include "ask/question.hpp"

#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "ask/display_text.hpp"
#include "ask/policy.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/utf8.hpp"
#include "base/i18n.hpp"
#include "cli/cli.hpp"

namespace mailtokit::ask {

namespace {

static_assert(question_title == "mailtokit: check this link before it opens", "tr() below says the same");

// Risky sentences shown before "... and N more"; with two told ones and three choices the
// question stays within about twelve lines (a 1280x800 screen without scrolling).
constexpr std::size_t max_risky = 4;
// Code points of a value (an address, a subject) inside a sentence.
constexpr std::size_t value_chars = 80;

// A value from the link inside a sentence: nothing invisible, and never longer than a line.
std::string shown(std::string_view s, std::size_t max = value_chars) {
  return clip(preview::visible(s), max);
}

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

std::string script_word(const preview::lookalike& l) {
  for (const auto& s : script_names)
    if (s.code == l.script_code) return tr(s.name);
  return l.script;
}

// A letter with a script of its own (not Common or Inherited, which belong to every script).
bool has_alphabet(const preview::lookalike& l) {
  return !l.script.empty() && l.script_code != "Zyyy" && l.script_code != "Zinh" && l.script_code != "Zzzz";
}

// "to[2]" -> d.to[2], "from" -> d.from; nullptr for any other field ("subject", "body", ...).
// preview.hpp fixes these names (preview::finding::field).
const address* address_at(const draft& d, std::string_view field) {
  if (field == "from") return d.from ? &*d.from : nullptr;
  const auto open = field.find('[');
  if (open == std::string_view::npos || field.back() != ']') return nullptr;
  const std::string_view list = field.substr(0, open);
  const std::vector<address>* v = list == "to"    ? &d.to
                                  : list == "cc"  ? &d.cc
                                  : list == "bcc" ? &d.bcc
                                                  : nullptr;
  if (v == nullptr) return nullptr;
  std::size_t i = 0;
  for (const char c : field.substr(open + 1, field.size() - open - 2)) {
    if (c < '0' || c > '9' || i > v->size()) return nullptr;
    i = i * 10 + static_cast<std::size_t>(c - '0');
  }
  return i < v->size() ? &(*v)[i] : nullptr;
}

std::string mailbox(const address& a) { return a.valid ? a.unicode() : a.original; }

// A list in a sentence: the first three items, then "and N more".
std::string short_list(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size() && i < 3; ++i) {
    if (i > 0) out += separator;
    out += items[i];
  }
  if (items.size() <= 3) return out;
  const std::size_t rest = items.size() - 3;
  // TRANSLATORS: {0} is a list of three things (addresses, letters, names), {1} how many more.
  return fill(ntr("{0} and {1} more", "{0} and {1} more", rest), {out, std::to_string(rest)});
}

std::string address_list(const std::vector<address>& v) {
  std::vector<std::string> items;
  for (const auto& a : v) items.push_back(shown(mailbox(a), 60));
  return short_list(items, ", ");
}

// One thing that needs a decision: how bad (lower is worse), what it is about (one sentence per
// address and kind), and its words.
struct item {
  int rank = 0;
  std::string field;  // the preview::finding::field it is about ("" for none)
  std::string key;
  std::string headline;
  std::string sentence;
};

// The address with each look-alike in brackets: "admin@[\u0430]pple.com".
std::string marked(std::string_view text, const std::vector<preview::lookalike>& ls) {
  std::string out;
  std::size_t at = 0;
  for (const auto& l : ls) {
    if (l.offset < at || l.offset > text.size()) continue;
    out += preview::visible(text.substr(at, l.offset - at));
    out += '[';
    out += preview::visible(l.character);
    out += ']';
    at = l.offset + l.character.size();
  }
  out += preview::visible(text.substr(std::min(at, text.size())));
  return clip(out, value_chars + 2 * ls.size());
}

// One look-alike in words: "\u0430 from the Cyrillic alphabet looks like a".
std::string lookalike_words(const preview::lookalike& l) {
  const std::string ch = preview::visible(l.character);
  if (!has_alphabet(l))
    // TRANSLATORS: {0} is a character, {1} the letters it looks like.
    return fill(tr("{0} looks like {1}"), {ch, preview::visible(l.looks_like)});
  if (l.looks_like.empty())
    // TRANSLATORS: {0} is a letter, {1} the name of an alphabet (Cyrillic, Greek, ...).
    return fill(tr("{0} is from the {1} alphabet"), {ch, script_word(l)});
  // TRANSLATORS: {0} is a letter, {1} the name of its alphabet, {2} the Latin letter it looks like.
  return fill(tr("{0} from the {1} alphabet looks like {2}"),
              {ch, script_word(l), preview::visible(l.looks_like)});
}

// A look-alike address (mixed_script, confusable, mixed_numbers, hidden_overlay).
// The sentence under a look-alike headline: which letters in brackets are not what they seem,
// or what else makes the address `text` deceive.
std::string spoof_sentence(const std::string& text, const std::vector<preview::lookalike>& ls,
                           const std::string& plain, bool mixed_numbers, bool overlay) {
  std::string sentence;
  if (ls.size() == 1) {
    const auto& l = ls.front();
    const std::string mark = marked(text, ls);
    const std::string ch = preview::visible(l.character);
    if (!l.looks_like.empty() && has_alphabet(l) && l.script_code != "Latn")
      sentence =
          // TRANSLATORS: {0} is an address with one letter in brackets, {1} that letter, {2} the
          // name of its alphabet, {3} the Latin letter it looks like. Rephrase freely, e.g. "a
          // letter of the {2} alphabet", if an adjective does not fit your language.
          fill(tr("In {0}, the letter in brackets is the {2} letter {1}, not the Latin letter {3}."),
               {mark, ch, script_word(l), preview::visible(l.looks_like)});
    else if (!l.looks_like.empty())
      // TRANSLATORS: {0} is an address with one character in brackets, {1} that character,
      // {2} the letters it looks like.
      sentence = fill(tr("In {0}, the character in brackets is {1}, which only looks like {2}."),
                         {mark, ch, preview::visible(l.looks_like)});
    else
      sentence =
          // TRANSLATORS: {0} is an address with one letter in brackets, {1} that letter, {2} the
          // name of its alphabet.
          fill(tr("In {0}, the letter in brackets is from the {2} alphabet, unlike the letters around it."),
               {mark, ch, script_word(l)});
  } else if (!ls.empty()) {
    std::vector<std::string> words;
    for (const auto& l : ls) words.push_back(lookalike_words(l));
    const std::string list = short_list(words, "; ");
    // TRANSLATORS: {0} is a number (2 or more), {1} an address with those letters in brackets,
    // {2} a list such as "\u0430 from the Cyrillic alphabet looks like a; \u03BF from the Greek alphabet
    // looks like o".
    sentence = fill(ntr("In {1}, the letter in brackets is not what it seems: {2}.",
                           "In {1}, the {0} letters in brackets are not what they seem: {2}.", ls.size()),
                       {std::to_string(ls.size()), marked(text, ls), list});
  } else if (mixed_numbers) {
    sentence = fill(tr("{0} mixes digits from different number systems that can look alike."), {plain});
  } else if (overlay) {
    sentence = fill(tr("{0} has a dot or accent that hides in the letter before it, so two different "
                          "addresses look the same."),
                       {plain});
  } else {
    sentence = fill(tr("{0} mixes letters from alphabets that are not used together."), {plain});
  }
  return sentence;
}

item spoof_item(const address& a, const std::string& field, const std::vector<preview::finding>& findings) {
  item it;
  it.rank = 0;
  it.field = field;
  it.key = "spoof " + field;
  const std::string text = mailbox(a);
  const std::string plain = shown(text);
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
    it.headline = fill(tr("{0} is not {1}"), {plain, shown(twin)});
  } else if (mixed_numbers) {
    it.headline = fill(tr("The address {0} mixes digits from different number systems"), {plain});
  } else if (overlay) {
    it.headline = fill(tr("The address {0} has a mark hidden in the letter before it"), {plain});
  } else {
    it.headline = fill(tr("The address {0} mixes letters from different alphabets"), {plain});
  }
  it.sentence = spoof_sentence(text, ls, plain, mixed_numbers, overlay);
  // Its real name: the domain as the mail system uses it (xn--...), where it differs.
  if (auto ascii = a.valid ? a.ascii() : std::nullopt; ascii && *ascii != text)
    it.sentence += " " + fill(tr("Its real name is {0}."), {shown(*ascii)});
  return it;
}

// Invisible, control or direction-changing characters, or mixed directions, in an address or
// in the name shown for it.
item address_chars_item(const address& a, const std::string& field, const std::string& code) {
  item it;
  it.rank = 2;
  it.field = field;
  const std::string text = mailbox(a);
  const std::string plain = shown(text);
  const bool in_address =
      code == "mixed_direction" || a.display_name.empty() || preview::visible(text) != text;
  it.key = code + " " + field + (in_address ? "" : " name");
  if (!in_address) {
    const std::string name = shown(a.display_name);
    it.headline = fill(tr("The name shown for {0} contains hidden characters"), {plain});
    // TRANSLATORS: {0} is a name as shown, with each hidden character as a code in angle
    // brackets like <U+202E>; {1} is the address.
    it.sentence = fill(tr("The name {0} shown for {1} contains characters you cannot see; each code in angle "
                          "brackets stands for one."),
                       {name, plain});
  } else if (code == "mixed_direction") {
    it.headline = fill(tr("The address {0} mixes writing directions"), {plain});
    it.sentence = fill(tr("Part of {0} is written right to left, so it can appear in another order than it "
                          "really has."),
                       {plain});
  } else if (code == "bidi_control") {
    it.headline = fill(tr("The address {0} contains characters that change its reading order"), {plain});
    // TRANSLATORS: {0} is an address with each hidden character shown as a code in angle
    // brackets like <U+202E>.
    it.sentence = fill(tr("In {0}, each code in angle brackets stands for an invisible character that can "
                          "reverse how the address is shown."),
                       {plain});
  } else if (code == "control_character") {
    it.headline = fill(tr("The address {0} contains control characters"), {plain});
    it.sentence = fill(tr("In {0}, each code in angle brackets stands for a control character, which no real "
                          "address has."),
                       {plain});
  } else {
    it.headline = fill(tr("The address {0} contains invisible characters"), {plain});
    it.sentence =
        fill(tr("In {0}, each code in angle brackets stands for an invisible character: the address "
                "is not the one you see."),
             {plain});
  }
  return it;
}

// Hidden characters in the subject, the body or another field.
item text_chars_item(const draft& d, const preview::finding& f) {
  item it;
  it.rank = 5;
  it.key = f.code + " " + f.field;
  const bool bidi = f.code == "bidi_control" || f.code == "mixed_direction";
  const bool control = f.code == "control_character";
  if (f.field == "subject") {
    const std::string subject = shown(d.subject.value_or(""));
    it.headline = tr("The subject contains hidden characters");
    if (bidi)
      it.sentence = fill(
          // TRANSLATORS: {0} is the subject, each hidden character shown as a code like <U+202E>.
          tr("The subject contains invisible characters that change the order of its text: {0}."), {subject});
    else if (control)
      it.sentence = fill(tr("The subject contains control characters: {0}."), {subject});
    else
      it.sentence = fill(tr("The subject contains invisible characters: {0}."), {subject});
  } else if (f.field == "body") {
    it.headline = tr("The message text contains hidden characters");
    if (bidi)
      it.sentence =
          tr("The message text contains invisible characters that change the order of its text; the "
             "details show where.");
    else if (control)
      it.sentence = tr("The message text contains control characters; the details show where.");
    else
      it.sentence = tr("The message text contains invisible characters; the details show where.");
  } else {
    // "header:Keywords": the field's name as the link wrote it.
    const std::string_view name = std::string_view(f.field).substr(f.field.rfind(':') + 1);
    const std::string field = shown(name, 40);
    it.headline = fill(tr("The {0} field contains hidden characters"), {field});
    if (bidi)
      it.sentence =
          // TRANSLATORS: {0} is the name of a field of the message, such as Keywords.
          fill(tr("The {0} field contains invisible characters that change the order of its text."), {field});
    else if (control)
      it.sentence = fill(tr("The {0} field contains control characters."), {field});
    else
      it.sentence = fill(tr("The {0} field contains invisible characters."), {field});
  }
  return it;
}

// A repair the parser made to a recipient field (is_risky(const warning&)).
item repair_item(const warning& w) {
  item it;
  it.rank = 5;
  if (w.code == warning_code::header_controls_removed) {
    it.key = "repair controls";
    it.headline = tr("mailtokit had to repair the recipients");
    it.sentence =
        tr("mailtokit removed line breaks or control characters from the recipients; check who the "
           "message goes to.");
  } else if (w.code == warning_code::invalid_utf8_replaced || w.code == warning_code::legacy_charset_decoded ||
             w.code == warning_code::encoded_word_undecodable) {
    it.key = "repair unreadable";
    it.headline = tr("Some letters of the recipients could not be read");
    it.sentence =
        tr("Some letters in the recipients could not be read and were replaced; check who the message "
           "goes to.");
  } else {
    it.key = "repair other";
    it.headline = tr("mailtokit had to repair the recipients");
    it.sentence = tr("mailtokit repaired the recipients of this link; check who the message goes to.");
  }
  return it;
}

// The risky things, worst first, one item per address and kind.
// A display name that shows another address than the one the message goes to.
item name_mismatch_item(const address& a, const std::string& field) {
  const std::string name = shown(a.display_name);
  const std::string plain = shown(mailbox(a));
  // TRANSLATORS: {0} is a name that looks like an address, {1} the real address.
  return {3, field, "display_name_mismatch " + field, fill(tr("The name {0} hides the real address {1}"), {name, plain}),
          fill(tr("Your mail program may show {0}, but the message would go to {1}."), {name, plain})};
}

// An address kept although it is not valid.
item invalid_address_item(const address& a, const std::string& field) {
  const std::string plain = shown(a.original);
  // TRANSLATORS: {0} is the text the link gives as an address; keep the quotes around it.
  return {4, field, "invalid_address " + field, fill(tr("\"{0}\" is not a valid email address"), {plain}),
          fill(tr("\"{0}\" is not a valid email address: your mail program may refuse it or read it "
                  "as another one."),
               {plain})};
}

std::vector<item> risky_items(const draft& d, const std::vector<preview::finding>& findings) {
  std::vector<item> items;
  auto add = [&](item&& it) {
    for (const auto& x : items)
      if (x.key == it.key) return;
    items.push_back(std::move(it));
  };
  if (!d.bcc.empty()) {
    item it;
    it.rank = 1;
    it.key = "bcc";
    const std::string list = address_list(d.bcc);
    const std::string n = std::to_string(d.bcc.size());
    // TRANSLATORS: a headline. {0} is the number of addresses, {1} the address (or up to three).
    // A "hidden copy" is what mail programs call Bcc; say it in words people use.
    it.headline = fill(ntr("This link would send a hidden copy to {1}",
                           "This link would send hidden copies to {0} "
                           "addresses: {1}",
                           d.bcc.size()),
                       {n, list});
    it.sentence =
        fill(ntr("{1} would get the message, and the other recipients would not know.",
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
  std::erase_if(items, [&](const item& x) {
    if (x.rank != 4) return false;
    for (const auto& y : items)
      if (&y != &x && y.field == x.field) return true;
    return false;
  });
  std::stable_sort(items.begin(), items.end(), [](const item& x, const item& y) { return x.rank < y.rank; });
  return items;
}

// What mailtokit already neutralized, in at most two sentences: the requests to attach files,
// then the other fields it removed. (Policy: a name with attach, insert, file or include in it
// is a file request, policy.hpp.)
// With `offered_elsewhere`, attach= and attachment= are left out: offer_files() tells what became
// of those files.
std::vector<std::string> told_sentences(const draft& d, const std::vector<preview::finding>& findings,
                                        bool offered_elsewhere = false) {
  std::vector<std::string> out;
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
        fill(ntr("mailtokit removed a request to attach {1}: a link may never attach files.",
                 "mailtokit removed {0} requests to attach files, such as {1}: a link may never attach "
                 "files.",
                 files.size()),
             {std::to_string(files.size()),
              shown(files.front()->value.empty() ? files.front()->name : files.front()->value, 60)}));
  if (!others.empty()) {
    std::vector<std::string> quoted;
    for (const auto* f : others) quoted.push_back("\"" + shown(f->name, 30) + "\"");
    const std::string names = short_list(quoted, ", ");
    // TRANSLATORS: {0} is a number, {1} the names of fields of a message (From, Reply-To, ...).
    out.push_back(fill(ntr("mailtokit removed the field {1}, which a link may not set.",
                           "mailtokit removed {0} fields a link may not set: {1}.", others.size()),
                       {std::to_string(others.size()), names}));
  }
  for (const auto& f : findings)
    if (f.code == "long_body" || f.code == "many_lines") {
      out.push_back(tr("The message text is long: read all of it before you send it."));
      break;
    }
  for (const auto& f : findings)
    if (f.code == "long_subject") {
      out.push_back(tr("The subject is long: read all of it before you send it."));
      break;
    }
  return out;
}

// Where a repair was made, as a label before a colon: "Subject", "Message text", or the
// field's own name ("Keywords").
std::string field_label(std::string_view field) {
  if (field.empty()) return tr("Link");
  if (field == "subject") return tr("Subject");
  if (field == "body") return tr("Message text");
  if (field == "to" || field == "cc" || field == "bcc") return tr("Recipients");
  std::string name = shown(field, 40);
  if (!name.empty() && name.front() >= 'a' && name.front() <= 'z') name.front() = static_cast<char>(name.front() - 'a' + 'A');
  return name;
}

// A repair the link needed, in plain words; "" for one that is no news to a person (line
// breaks written the Unix way) and for the recipients' repairs, which risky_items() says.
// Every code is named, so that a new one cannot pass unsaid (-Wswitch).
std::string repair_sentence(const warning& w) {
  // The sentences below start with where the change was made ({0}): "Subject", "Message text",
  // "Link", or the name of a field of the message.
  auto at = [&](const char* what) { return fill(tr(what), {field_label(w.field)}); };
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
      return tr("The addresses contain letters that some mail servers cannot send.");
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
      return tr("The link was not written quite correctly; mailtokit read it the way it was evidently meant.");
  }
  return tr("The link was not written quite correctly; mailtokit read it the way it was evidently meant.");
}

// The risky findings that stay when the hidden recipients are removed.
bool risk_beyond_bcc(const draft& d, const std::vector<preview::finding>& findings) {
  for (const auto& f : findings)
    if (is_risky(f) && f.code != "hidden_recipients" && !f.field.starts_with("bcc[")) return true;
  bool invalid_outside_bcc = d.from && !d.from->valid;
  for (const auto* v : {&d.to, &d.cc})
    for (const auto& a : *v) invalid_outside_bcc = invalid_outside_bcc || !a.valid;
  for (const auto& w : d.warnings)
    if (is_risky(w) && (w.code != warning_code::invalid_address || invalid_outside_bcc)) return true;
  return false;
}

// Whether the details can list every recipient of `d`; with `bcc` false, every one but the
// hidden copies.
bool recipients_seen(const draft& d, const text_limits& l, bool bcc = true) {
  return d.to.size() + d.cc.size() + (bcc ? d.bcc.size() : 0) <= l.recipients;
}

// The draft as `mailtokit preview` shows it, each part (the body, ...) cut to its share so that
// a long list cannot push the rest out of view. The recipients' parts are listed whole when
// recipients_seen(): an address past the 24th line of a part would be in no line of the
// question.
std::string draft_details(const draft& d, const std::vector<preview::finding>& findings,
                          const text_limits& l) {
  std::string out;
  const std::string report = preview::render_text(d, findings, l.body_lines);
  std::string_view rest = report;
  const bool whole_lists = recipients_seen(d, l);
  bool in_list = false;
  std::size_t shown_lines = 0, in_part = 0, cut_in_part = 0, cut = 0;
  auto end_part = [&] {
    if (cut_in_part > 0)
      out += "  ... " +
             fill(ntr("{0} more line of this part", "{0} more lines of this part", cut_in_part),
                  {std::to_string(cut_in_part)}) +
             "\n";
    cut_in_part = 0;
    in_part = 0;
  };
  while (!rest.empty()) {
    const auto nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    if (!line.empty() && line.front() != ' ') {
      end_part();
      // render_text()'s own labels, not translated.
      in_list = whole_lists && (line.starts_with("To:") || line.starts_with("Cc:") || line.starts_with("Bcc:"));
    }
    if (in_list) {
      out += clip(line, l.line_chars) + "\n";
    } else if (shown_lines >= l.draft_lines) {
      ++cut;
    } else if (in_part >= l.part_lines) {
      ++cut_in_part;
    } else {
      out += clip(line, l.line_chars) + "\n";
      ++shown_lines;
      ++in_part;
    }
  }
  end_part();
  if (cut > 0)
    out += "... " +
           fill(ntr("{0} more line (run `mailtokit preview` to see all)",
                    "{0} more lines (run `mailtokit preview` to see all)", cut),
                {std::to_string(cut)}) +
           "\n";
  return out;
}

// The key that picks a choice on the terminal.
char key_of(choice c) {
  switch (c) {
    case choice::open:
      return 'o';
    case choice::open_without_bcc:
      return 'w';
    case choice::cancel:
      return 'c';
  }
  return 'c';
}

const question_button* button_for(const question& q, choice c) {
  for (const auto& b : q.buttons)
    if (b.what == c) return &b;
  return nullptr;
}

}  // namespace

// Decided on typed facts: the findings' codes, the draft's fields, is_risky().
// What each button does, one sentence each, in the buttons' order.
void add_choices(question& q, const draft& d) {
  const bool bcc = !d.bcc.empty();
  const std::string n = std::to_string(d.bcc.size());
  const std::string list = address_list(d.bcc);
  for (const auto& b : q.buttons) {
    switch (b.what) {
      case choice::cancel:
        // TRANSLATORS: {0} is the button's label (Cancel); the sentence says what it does.
        q.choices.push_back(fill(tr("{0}: nothing is opened."), {b.label}));
        break;
      case choice::open_without_bcc:
        q.choices.push_back(fill(
            // TRANSLATORS: {0} is the number of hidden addresses, {1} the button's label, {2} the
            // hidden address(es).
            ntr("{1}: your mail program gets the message without {2}.",
                "{1}: your mail program gets the message without these {0} addresses: {2}.", d.bcc.size()),
            {n, b.label, list}));
        break;
      case choice::open:
        if (bcc)
          q.choices.push_back(
              fill(ntr("{1}: your mail program gets the message with the hidden copy to {2}.",
                       "{1}: your mail program gets the message with its {0} hidden copies.", d.bcc.size()),
                   {n, b.label, list}));
        else
          q.choices.push_back(
              // TRANSLATORS: {0} is the button's label (Open as it is).
              fill(tr("{0}: your mail program gets the message as the details show it."), {b.label}));
        break;
    }
  }
}

// The buttons and the safe default: never a draft with a hidden recipient or a
// look-alike address; asked only for files, Open, which attaches nothing unticked.
void add_buttons(question& q, const draft& d, const std::vector<preview::finding>& findings, bool risky,
                 const text_limits& l) {
  const bool bcc = !d.bcc.empty();
  q.safe = bcc && !risk_beyond_bcc(d, findings) ? choice::open_without_bcc : choice::cancel;
  q.risky = risky;

  const question_button without{
      choice::open_without_bcc,
      ntr("Open without the hidden copy", "Open without the hidden copies", d.bcc.size())};
  const question_button cancel{choice::cancel, tr("Cancel")};
  const question_button open{choice::open, tr("Open as it is")};
  if (!risky && !q.files.files.empty() && !bcc) {
    // Asked only for the files: Enter opens the message with the files ticked, none to start.
    q.safe = choice::open;
    q.buttons = {{choice::open, tr("Open")}, cancel};
    q.choices = {fill(tr("{0}: your mail program gets the message, with the files you chose and no other."),
                      {q.buttons[0].label}),
                 fill(tr("{0}: nothing is opened."), {cancel.label})};
    return;
  }
  // No answer sends to a recipient the question cannot show: with more than the
  // details list, only what sends to none of them.
  const bool seen = recipients_seen(d, l), seen_without_bcc = recipients_seen(d, l, false);
  if (!seen_without_bcc) q.safe = choice::cancel;
  if (q.safe == choice::open_without_bcc) {
    q.buttons = {without, cancel};
  } else {
    q.buttons = {cancel};
    if (bcc && seen_without_bcc) q.buttons.push_back(without);
  }
  if (seen) q.buttons.push_back(open);
  add_choices(q, d);
  if (!seen) {
    const std::string n = std::to_string(d.to.size() + d.cc.size() + d.bcc.size());
    q.findings.insert(
        q.findings.begin() + (q.findings.empty() ? 0 : 1),
        seen_without_bcc
            // TRANSLATORS: {0} is the number of recipients (more than 100), {1} the button's label.
            ? fill(tr("This message has {0} recipients, more than mailtokit can show, so it cannot be opened as it "
                      "is; \"{1}\" sends it only to those the details list."),
                   {n, without.label})
            : fill(tr("This message has {0} recipients, more than mailtokit can show, so it can only be cancelled."),
                   {n}));
  }
}

question unguarded_question(const question& q) {
  if (!q.risky) return q;
  question out = q;
  out.buttons.clear();
  out.choices.clear();
  for (std::size_t i = 0; i < q.buttons.size(); ++i) {
    if (q.buttons[i].what != q.safe && q.buttons[i].what != choice::cancel) continue;
    out.buttons.push_back(q.buttons[i]);
    if (i < q.choices.size()) out.choices.push_back(q.choices[i]);
  }
  if (out.buttons.size() < q.buttons.size())
    out.findings.push_back(
        tr("This window offers only the safe answer: it cannot hold back a click or a key made before you "
           "read it, as mailtokit's own question window does."));
  return out;
}

question make_question(const draft& d, const std::vector<preview::finding>& findings,
                       const std::vector<std::string>& losses, const text_limits& l, file_offer files) {
  question q;
  q.title = tr("mailtokit: check this link before it opens");
  q.recipients = recipient_lines(d);
  q.files = std::move(files);
  const bool only_files = !q.files.files.empty();  // until a risky finding says otherwise
  const auto items = risky_items(d, findings);
  if (!items.empty()) {
    q.headline = items.front().headline;
  } else if (only_files) {
    q.headline = q.files.intro;
  } else if (!d.to.empty()) {
    // TRANSLATORS: a headline when nothing is wrong (the user asked to confirm every link);
    // {0} is the first address the message goes to.
    q.headline = fill(tr("Open a message to {0}?"), {shown(mailbox(d.to.front()))});
  } else {
    q.headline = tr("Open this message?");
  }
  // The hidden copy is never among what is counted instead of shown: when worse
  // findings fill the slots, it takes the last one, and that finding is counted instead.
  std::vector<std::size_t> listed;
  for (std::size_t i = 0; i < items.size() && i < max_risky; ++i) listed.push_back(i);
  for (std::size_t i = max_risky; i < items.size(); ++i)
    if (items[i].key == "bcc") listed.back() = i;
  for (const std::size_t i : listed) q.findings.push_back(items[i].sentence);
  if (items.size() > max_risky)
    q.findings.push_back(
        fill(ntr("There is {0} more warning; the details show everything.",
                 "There are {0} more warnings; the details show everything.", items.size() - max_risky),
             {std::to_string(items.size() - max_risky)}));
  // attach= and attachment= are told by offer_files() (offered in the file question, or not
  // attached and why): here they would contradict it, "removed a request to attach X" before a
  // question that offers X.
  for (auto& s : told_sentences(d, findings, true)) q.findings.push_back(std::move(s));
  // What the hand-over left out or changed: the first two here, every one in the details (issue
  // 45: every left-out address and name is told).
  constexpr std::size_t shown_losses = 2;
  for (std::size_t i = 0; i < losses.size() && i < shown_losses; ++i) q.findings.push_back(shown(losses[i], 200));
  if (losses.size() > shown_losses)
    q.findings.push_back(fill(ntr("mailtokit made {0} more change before opening; the details show every one.",
                                  "mailtokit made {0} more changes before opening; the details show every one.",
                                  losses.size() - shown_losses),
                              {std::to_string(losses.size() - shown_losses)}));
  q.details.clear();
  if (losses.size() > shown_losses) {
    q.details = std::string(tr("What mailtokit changed before opening:")) + "\n";
    // Bounded like every field: one per address left out could be thousands.
    constexpr std::size_t detailed_losses = 200;
    for (std::size_t i = 0; i < losses.size() && i < detailed_losses; ++i)
      q.details += "- " + shown(losses[i], 400) + "\n";
    if (losses.size() > detailed_losses)
      q.details += "- " +
                   fill(ntr("and {0} more change", "and {0} more changes", losses.size() - detailed_losses),
                        {std::to_string(losses.size() - detailed_losses)}) +
                   "\n";
    q.details += "\n";
  }
  q.details += draft_details(d, findings, l);

  add_buttons(q, d, findings, !items.empty(), l);
  // No run of blanks can push link text to the start of a line of its own, on any front end (the
  // window, the terminal, zenity, yad, kdialog): the one sanitizer of ask/display_text.hpp.
  q.headline = blank_runs_shown(q.headline);
  for (auto* list : {&q.findings, &q.choices, &q.recipients})
    for (auto& line : *list) line = blank_runs_shown(line);
  q.details = blank_runs_shown(q.details);
  return q;
}

std::vector<std::string> notice_lines(const draft& d, const std::vector<preview::finding>& findings) {
  std::vector<std::string> out;
  auto add = [&](std::string line) {
    if (!line.empty() && std::find(out.begin(), out.end(), line) == out.end()) out.push_back(std::move(line));
  };
  for (const auto& it : risky_items(d, findings)) add(it.headline);
  for (auto& s : told_sentences(d, findings, true)) add(std::move(s));
  for (const auto& f : findings)
    if (f.code == "non_ascii_local_part")
      if (const address* a = address_at(d, f.field); a != nullptr)
        // TRANSLATORS: {0} is an address whose part before the @ has letters outside A-Z.
        add(fill(tr("The address {0} has letters outside A to Z before the @; some mail servers cannot "
                    "deliver to it."),
                 {shown(mailbox(*a))}));
  for (const auto& w : d.warnings)
    if (!is_risky(w)) add(repair_sentence(w));
  return out;
}

std::string question_terminal_text(const question& q) {
  std::string out = q.headline + "\n\n";
  for (const auto& f : q.findings) out += "  - " + f + "\n";
  if (!q.findings.empty()) out += "\n";
  if (!q.recipients.empty()) {
    out += std::string(tr("The message goes to:")) + "\n";
    for (const auto& r : q.recipients) out += "  " + r + "\n";
    out += "\n";
  }
  if (!q.files.files.empty()) {
    if (q.files.intro != q.headline) out += q.files.intro + "\n";
    out += q.files.advice + "\n";
    for (std::size_t i = 0; i < q.files.files.size(); ++i)
      out += "  [" + std::to_string(i + 1) + "] " + q.files.files[i].name + "\n      " + q.files.files[i].about + "\n";
    for (const auto& n : q.files.notes) out += "  " + n + "\n";
    out += "\n";
  }
  for (std::size_t i = 0; i < q.buttons.size() && i < q.choices.size(); ++i) {
    out += "  [";
    out += key_of(q.buttons[i].what);
    out += "] " + q.choices[i] + "\n";
  }
  return out;
}

std::optional<answer> parse_typed(std::string_view line, const question& q) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' '))
    line.remove_suffix(1);
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  answer a;
  a.files_shown = !q.files.files.empty();
  if (line.empty()) {  // Enter: the safe choice, no file
    a.what = q.safe;
    return a;
  }
  const std::string s = chars::lowered(line);
  std::optional<choice> c;
  for (const auto& b : q.buttons)
    if (!c && s == chars::lowered(b.label)) c = b.what;
  // The choice's key or word, then the numbers of the files to attach.
  std::string_view rest;
  if (!c) {
    const auto space = s.find(' ');
    const std::string word = s.substr(0, space);
    rest = space == std::string::npos ? std::string_view() : std::string_view(line).substr(space + 1);
    if (word == "o" || word == "open")
      c = choice::open;
    else if (word == "w" || word == "b" || word == "without")
      c = choice::open_without_bcc;
    else if (word == "c" || word == "cancel" || word == "q")
      c = choice::cancel;
  }
  if (!c || button_for(q, *c) == nullptr) return std::nullopt;
  a.what = *c;
  std::size_t at = 0;
  while (at < rest.size()) {
    const auto end = std::min(rest.find(' ', at), rest.size());
    const std::string_view word = rest.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    if (a.what == choice::cancel || q.files.files.empty()) return std::nullopt;
    if (chars::lowered(word) == "all") {
      for (std::size_t i = 0; i < q.files.files.size(); ++i) a.files.push_back(i);
      continue;
    }
    std::size_t n = 0;
    for (const char ch : word) {
      if (ch < '0' || ch > '9' || n > q.files.files.size()) return std::nullopt;
      n = n * 10 + static_cast<std::size_t>(ch - '0');
    }
    if (n == 0 || n > q.files.files.size()) return std::nullopt;
    a.files.push_back(n - 1);
  }
  std::sort(a.files.begin(), a.files.end());
  a.files.erase(std::unique(a.files.begin(), a.files.end()), a.files.end());
  return a;
}

answer ask_terminal(const question& q) {
  const std::string text = question_terminal_text(q);
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::string keys;
  for (const auto& b : q.buttons) {
    if (!keys.empty()) keys += '/';
    const char k = key_of(b.what);
    keys += b.what == q.safe ? static_cast<char>(k - 'a' + 'A') : k;
  }
  const question_button* safe = button_for(q, q.safe);
  std::string prompt =
      // TRANSLATORS: the terminal's prompt. {0} is the keys, like "C/w/o" (the capital one is the
      // default), {1} the label of the button Enter picks. The keys stay as they are.
      "\n" + fill(tr("Your answer ({0}, d for details, Enter for {1}): "), {keys, safe ? safe->label : ""});
  if (!q.files.files.empty())
    // TRANSLATORS: before the terminal's prompt when files are offered; "o 1 2" stays as it is.
    prompt = "\n" + std::string(tr("To attach files, type their numbers after your answer, as in \"o 1 2\"; "
                                     "without numbers, no file is attached.")) +
             prompt;
  const std::size_t line_max = 64 + 4 * q.files.files.size();
  // Input that arrives too soon is no answer: keys typed on the terminal before the
  // question was printed (a paste, a key held down) are discarded, before the prompt shows.
  std::fflush(stderr);
  if (isatty(STDIN_FILENO) != 0) tcflush(STDIN_FILENO, TCIFLUSH);
  for (int tries = 0; tries < 5;) {
    std::fwrite(prompt.data(), 1, prompt.size(), stderr);
    std::fflush(stderr);
    std::string line;
    int ch = 0;
    bool too_long = false;
    while ((ch = std::fgetc(stdin)) != EOF && ch != '\n') {
      too_long = too_long || line.size() == line_max;
      if (!too_long) line += static_cast<char>(ch);
    }
    // End of input is cancel, never the default; a last line without its line end still counts.
    if (ch == EOF && line.empty()) break;
    // A line longer than any answer is no answer, never its first characters acted on.
    if (too_long) {
      if (ch == EOF) break;
      ++tries;
      continue;
    }
    const std::string s = chars::lowered(line);
    if (s == "d" || s == "details") {
      const std::string details = "\n" + q.details;
      std::fwrite(details.data(), 1, details.size(), stderr);
      std::fwrite(text.data(), 1, text.size(), stderr);
      continue;
    }
    if (auto a = parse_typed(line, q)) return *a;
    if (ch == EOF) break;
    ++tries;
  }
  std::fputs("\n", stderr);
  return {};
}

}  // namespace mailtokit::ask
