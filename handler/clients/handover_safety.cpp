#include "clients/handover_safety.hpp"

#include <algorithm>
#include <cstdint>

#include "mailtokit/address.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/handover.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/rfc2047.hpp"
#include "mailtokit/utf8.hpp"
#include "base/i18n.hpp"

namespace mailtokit::clients {


namespace worst_reader {

namespace {
constexpr int max_rounds = 16;

// The end of the encoded word `=?charset?X?text?=` starting at `at`, or npos. Unlike RFC 2047
// section 5, nothing around it matters.
std::size_t word_end(std::string_view s, std::size_t at) {
  const auto q1 = s.find('?', at + 2);
  if (q1 == s.npos || q1 == at + 2 || q1 + 2 >= s.size() || s[q1 + 2] != '?') return s.npos;
  const char enc = s[q1 + 1];
  if (enc != 'B' && enc != 'b' && enc != 'Q' && enc != 'q') return s.npos;
  const auto close = s.find("?=", q1 + 3);
  return close == s.npos ? s.npos : close + 2;
}

}  // namespace

std::string normalized(std::string_view address) {
  std::string out;
  out.reserve(address.size());
  for (const char c : address)
    if (c != '"') out += c;
  std::string_view v = out;
  while (!v.empty() && (chars::wsp(v.front()) || v.front() == '\n' || v.front() == '\r')) v.remove_prefix(1);
  while (!v.empty() && (chars::wsp(v.back()) || v.back() == '\n' || v.back() == '\r')) v.remove_suffix(1);
  return charset::nfkc_casefold(v);
}

namespace {

// One round of percent-decoding.
std::string percent_once(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && chars::hexdig(s[i + 1]) && chars::hexdig(s[i + 2])) {
      out += static_cast<char>(percent::hex_value(s[i + 1]) * 16 + percent::hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace

std::string percent_fixpoint(std::string_view s) {
  std::string cur(s);
  for (int round = 0; round < max_rounds; ++round) {
    std::string next = percent_once(cur);
    if (next == cur) break;
    cur.swap(next);
  }
  return cur;
}

namespace {

// HTML's named character references that stand for ASCII punctuation or a space (HTML's
// entities.json), the ones a reader of a name or an address can turn into a separator.
struct named_reference {
  std::string_view name;
  std::string_view text;
};
constexpr named_reference named_references[] = {
    {"amp", "&"},     {"AMP", "&"},    {"lt", "<"},       {"LT", "<"},       {"gt", ">"},      {"GT", ">"},
    {"quot", "\""},   {"QUOT", "\""},  {"apos", "'"},     {"commat", "@"},   {"comma", ","},   {"semi", ";"},
    {"colon", ":"},   {"period", "."}, {"excl", "!"},     {"num", "#"},      {"dollar", "$"},  {"percnt", "%"},
    {"lpar", "("},    {"rpar", ")"},   {"ast", "*"},      {"midast", "*"},   {"plus", "+"},    {"sol", "/"},
    {"bsol", "\\"},   {"lsqb", "["},   {"rsqb", "]"},     {"lbrack", "["},   {"rbrack", "]"},  {"lcub", "{"},
    {"rcub", "}"},    {"lbrace", "{"}, {"rbrace", "}"},   {"verbar", "|"},   {"vert", "|"},    {"VerticalLine", "|"},
    {"equals", "="},  {"quest", "?"},  {"lowbar", "_"},   {"UnderBar", "_"}, {"grave", "`"},   {"DiacriticalGrave", "`"},
    {"Hat", "^"},     {"Tab", "\t"},   {"NewLine", "\n"}, {"nbsp", " "},     {"NonBreakingSpace", " "},
};

// The code point of a numeric reference's digits, as HTML reads it (0, a surrogate or one past
// U+10FFFF becomes U+FFFD).
void append_reference(std::string& out, std::uint32_t cp) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  utf8::append(out, static_cast<char32_t>(cp));
}

}  // namespace

std::string html_references(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      out += s[i];
      continue;
    }
    std::size_t j = i + 1;
    if (j < s.size() && s[j] == '#') {
      const bool hex = j + 1 < s.size() && (s[j + 1] == 'x' || s[j + 1] == 'X');
      std::size_t k = j + (hex ? 2 : 1);
      std::uint32_t cp = 0;
      const std::size_t digits = k;
      while (k < s.size() && (hex ? chars::hexdig(s[k]) : chars::digit(s[k]))) {
        if (cp <= 0x10FFFF) cp = cp * (hex ? 16 : 10) + static_cast<std::uint32_t>(percent::hex_value(s[k]));
        ++k;
      }
      if (k == digits) {
        out += s[i];
        continue;
      }
      append_reference(out, cp);
      i = k < s.size() && s[k] == ';' ? k : k - 1;
      continue;
    }
    bool found = false;
    for (const auto& r : named_references) {
      if (s.substr(j, r.name.size()) != r.name) continue;
      out += r.text;
      std::size_t k = j + r.name.size();
      i = k < s.size() && s[k] == ';' ? k : k - 1;
      found = true;
      break;
    }
    if (!found) out += s[i];
  }
  return out;
}

std::string decode_words_anywhere(std::string_view s) {
  std::string out;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto open = s.find("=?", i);
    if (open == s.npos) break;
    const auto end = word_end(s, open);
    if (end == s.npos) {
      out.append(s.substr(i, open + 2 - i));
      i = open + 2;
      continue;
    }
    out.append(s.substr(i, open - i));
    // The word alone is a whole value to the library's decoder, wherever it stood.
    const auto word = s.substr(open, end - open);
    auto decoded = rfc2047::decode(word, 1);
    out += decoded ? *decoded : std::string(word);
    i = end;
  }
  out.append(s.substr(std::min(i, s.size())));
  return out;
}

std::string unbackslash(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    out += s[i];
  }
  return out;
}

std::string decode_all(std::string_view s) {
  std::string cur(s);
  for (int round = 0; round < max_rounds; ++round) {
    std::string next =
        charset::nfkc_casefold(unbackslash(decode_words_anywhere(html_references(percent_fixpoint(cur)))));
    if (next == cur) break;
    cur.swap(next);
  }
  return cur;
}

std::vector<std::string> own_forms(const address& a) {
  std::vector<std::string> out{normalized(a.unicode())};
  if (a.valid) {
    if (auto ascii = a.ascii()) out.push_back(normalized(*ascii));
    out.push_back(normalized(a.local_part + "@" + a.domain_ascii));
  }
  return out;
}

std::vector<std::string> addresses(std::string_view list_text) {
  const std::string text = decode_all(list_text);
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != ',' && text[i] != ';' && text[i] != ':') continue;
    std::string_view entry = std::string_view(text).substr(start, i - start);
    start = i + 1;
    if (const auto lt = entry.rfind('<'); lt != entry.npos) {
      const auto gt = entry.find('>', lt);
      entry = entry.substr(lt + 1, gt == entry.npos ? entry.npos : gt - lt - 1);
    }
    std::string a = normalized(entry);
    if (a.find('@') != a.npos) out.push_back(std::move(a));
  }
  return out;
}

namespace {

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && chars::iequals(s.substr(0, prefix.size()), prefix);
}

bool is_address_field(std::string_view name) {
  const std::string n = chars::lowered(decode_all(name));
  return n == "to" || n == "cc" || n == "bcc";
}

void append(std::vector<std::string>& out, std::vector<std::string> more) {
  out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}

}  // namespace

std::vector<std::string> uri_recipients(std::string_view uri) {
  std::vector<std::string> out;
  if (!starts_with_nocase(uri, "mailto:")) return out;
  uri.remove_prefix(7);
  const auto q = uri.find('?');
  append(out, addresses(uri.substr(0, q)));
  if (q == uri.npos) return out;
  std::string_view query = uri.substr(q + 1);
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view field = query.substr(0, amp);
    const auto eq = field.find('=');
    if (eq != field.npos && is_address_field(field.substr(0, eq))) append(out, addresses(field.substr(eq + 1)));
    if (amp == query.npos) break;
    query.remove_prefix(amp + 1);
  }
  return out;
}

std::vector<std::string> url_recipients(std::string_view url) {
  std::vector<std::string> out;
  // Query and fragment alike: parameters split at '?', '#', '&' and ';' as any reader may, each
  // value decoded after the split, as every reader does.
  const auto q = url.find_first_of("?#");
  if (q == url.npos) return out;
  std::string_view rest = url.substr(q + 1);
  while (true) {
    const auto end = rest.find_first_of("?#&;");
    const std::string_view param = rest.substr(0, end);
    const auto eq = param.find('=');
    std::string name = eq == param.npos ? std::string() : chars::lowered(decode_all(param.substr(0, eq)));
    while (!name.empty() && name.front() == '_') name.erase(0, 1);
    const std::string_view value = eq == param.npos ? param : param.substr(eq + 1);
    // A value that is a mailto: URI, once or twice encoded, where a service takes one (Gmail's
    // url=, Roundcube's _to=, Proton's #mailto=, SOGo's nameless one): read as one, split before
    // its own values are decoded. A subject that reads "mailto:..." is a subject.
    static constexpr std::string_view uri_names[] = {"", "url", "uri", "to", "mailto", "ct", "link"};
    std::string inner = percent_once(value);
    for (int round = 0; round < 2 && !starts_with_nocase(inner, "mailto:"); ++round) inner = percent_once(inner);
    if (starts_with_nocase(inner, "mailto:") &&
        std::find(std::begin(uri_names), std::end(uri_names), name) != std::end(uri_names))
      append(out, uri_recipients(inner));
    else if (name == "to" || name == "cc" || name == "bcc")
      append(out, addresses(value));
    if (end == rest.npos) break;
    rest.remove_prefix(end + 1);
  }
  return out;
}

std::vector<std::string> message_recipients(std::string_view message) {
  std::vector<std::string> out;
  // RFC 5322 section 2.2.3: unfold, then read each field up to the empty line.
  std::string field;
  auto flush = [&] {
    const auto colon = field.find(':');
    if (colon != std::string::npos && is_address_field(chars::trim(std::string_view(field).substr(0, colon), chars::wsp)))
      append(out, addresses(std::string_view(field).substr(colon + 1)));
    field.clear();
  };
  while (!message.empty()) {
    const auto nl = message.find('\n');
    std::string_view line = message.substr(0, nl);
    message.remove_prefix(nl == message.npos ? message.size() : nl + 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) break;
    if (chars::wsp(line.front())) {
      field += line;
      continue;
    }
    flush();
    field = line;
  }
  flush();
  return out;
}

std::vector<std::string> recipients(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  bool after_dashes = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (starts_with_nocase(a, "mailto:")) {
      append(out, uri_recipients(a));
    } else if (a == "--") {
      after_dashes = true;
    } else if (a == "-compose" && i + 1 < args.size()) {
      // Thunderbird's spec: key=value pairs split at ',' before a key; the values percent-encoded.
      const std::string_view spec = args[++i];
      std::size_t start = 0;
      for (std::size_t k = 0; k <= spec.size(); ++k) {
        if (k < spec.size() && spec[k] != ',') continue;
        const std::string_view pair = spec.substr(start, k - start);
        start = k + 1;
        const auto eq = pair.find('=');
        if (eq != pair.npos && is_address_field(pair.substr(0, eq))) append(out, addresses(pair.substr(eq + 1)));
      }
    } else if (starts_with_nocase(a, "--to=") || starts_with_nocase(a, "--cc=") || starts_with_nocase(a, "--bcc=")) {
      append(out, addresses(a.substr(a.find('=') + 1)));
    } else if (after_dashes) {
      append(out, addresses(a));  // KMail's To addresses
    }
  }
  return out;
}

}  // namespace worst_reader

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
