/// The worst reader of a hand-over: the test oracle every target's hand-over is held to
/// (tests/handler/clients/handover_safety_test.cpp, tests/fuzz/fuzz_handover.cpp). It applies
/// every decoder a mail program or webmail was seen to apply (handler/clients/README.md,
/// WEBMAIL.md: percent escapes again and again, HTML character references, RFC 2047 words
/// wherever they stand, backslash quoting, NFKC and IDNA mapping), in turn and until nothing
/// changes, then splits address lists at every separator. It is the proof, not the defence: the
/// program hands over only plain text (include/mailtokit/handover.hpp), whatever decoders exist.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/address.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/rfc2047.hpp"
#include "mailtokit/utf8.hpp"

/// The worst reader of a hand-over: every decoder a mail program or webmail was seen to apply, in
/// turn and until nothing changes, then address lists split at every separator.
namespace mailtokit::oracle::worst_reader {

/// Percent-decodes `s` again and again until nothing changes (at most 16 rounds).
[[nodiscard]] inline std::string percent_fixpoint(std::string_view s);
/// Decodes HTML character references (HTML section 13.2.5.72): decimal "&#64", hexadecimal
/// "&#x40" and the named ones that stand for ASCII punctuation or spaces ("&commat", "&lt",
/// "&comma", ...), each with or without its ';', as Roundcube's compose page does to a name.
[[nodiscard]] inline std::string html_references(std::string_view s);
/// Decodes every RFC 2047 encoded word (`=?charset?B|Q?text?=`) wherever it stands: inside a
/// quoted string, glued to other text, in a local part or a domain. A word it cannot decode stays.
[[nodiscard]] inline std::string decode_words_anywhere(std::string_view s);
/// Takes every backslash as the quoting of the character after it ("\\x" becomes "x").
[[nodiscard]] inline std::string unbackslash(std::string_view s);
/// percent_fixpoint(), html_references(), decode_words_anywhere(), unbackslash() and NFKC with
/// case folding (charset::nfkc_casefold(): NFKC and UTS #46 mapping without STD3 rules) in turn
/// until nothing changes (at most 16 rounds).
[[nodiscard]] inline std::string decode_all(std::string_view s);
/// An address as the worst reader compares it: without '"', trimmed of white space, with NFKC and
/// case folding (charset::nfkc_casefold()).
[[nodiscard]] inline std::string normalized(std::string_view address);
/// Every form of `a` a hand-over may spell (Unicode, ASCII, a UTF-8 local part at an A-label
/// domain; the text as read when it is not valid), each normalized(), never decoded: what the
/// worst reader may find for it.
[[nodiscard]] inline std::vector<std::string> own_forms(const address& a);
/// The addresses the worst reader finds in an address-list text: decode_all(), then every ',',
/// ';' and ':' (group syntax) splits, inside quotes or not; each entry's address is the text in
/// its last "<...>", else the entry; entries without '@' are no addresses. Each normalized().
[[nodiscard]] inline std::vector<std::string> addresses(std::string_view list_text);
/// The recipients the worst reader finds in a mailto: URI: the address part and the to, cc and bcc
/// fields (names matched after decode_all(), any case), each read by addresses(). The URI is split
/// at its raw '?' and '&' first, as every program does.
[[nodiscard]] inline std::vector<std::string> uri_recipients(std::string_view uri);
/// The recipients the worst reader finds in a webmail's compose link: in every query or fragment
/// parameter (split at '?', '#', '&', ';'), a value that is a mailto: URI once or twice decoded
/// where a service takes one (a parameter named url, uri, to, mailto, ct or link, or none:
/// Gmail's url=, Roundcube's _to=, Proton's #mailto=, SOGo's nameless one) read by
/// uri_recipients(), else a value of a parameter named to, cc or bcc (decoded, without leading
/// '_') read by addresses(). A subject that reads "mailto:..." is no recipient.
[[nodiscard]] inline std::vector<std::string> url_recipients(std::string_view url);
/// The recipients the worst reader finds in a message file: the To, Cc and Bcc fields of its
/// header (unfolded), each read by addresses().
[[nodiscard]] inline std::vector<std::string> message_recipients(std::string_view message);
/// The recipients the worst reader finds in a program's arguments (a hand-over, after the
/// program's name): every mailto: URI (uri_recipients()), KMail's --to=, --cc= and --bcc= and the
/// To addresses after "--", and the to, cc and bcc keys of Thunderbird's -compose spec.
[[nodiscard]] inline std::vector<std::string> recipients(const std::vector<std::string>& args);

// ---- definitions ----

constexpr int max_rounds = 16;

// The end of the encoded word `=?charset?X?text?=` starting at `at`, or npos. Unlike RFC 2047
// section 5, nothing around it matters.
inline std::size_t word_end(std::string_view s, std::size_t at) {
  const auto q1 = s.find('?', at + 2);
  if (q1 == s.npos || q1 == at + 2 || q1 + 2 >= s.size() || s[q1 + 2] != '?') return s.npos;
  const char enc = s[q1 + 1];
  if (enc != 'B' && enc != 'b' && enc != 'Q' && enc != 'q') return s.npos;
  const auto close = s.find("?=", q1 + 3);
  return close == s.npos ? s.npos : close + 2;
}


inline std::string normalized(std::string_view address) {
  std::string out;
  out.reserve(address.size());
  for (const char c : address)
    if (c != '"') out += c;
  std::string_view v = out;
  while (!v.empty() && (chars::wsp(v.front()) || v.front() == '\n' || v.front() == '\r')) v.remove_prefix(1);
  while (!v.empty() && (chars::wsp(v.back()) || v.back() == '\n' || v.back() == '\r')) v.remove_suffix(1);
  return charset::nfkc_casefold(v);
}


// One round of percent-decoding.
inline std::string percent_once(std::string_view s) {
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


inline std::string percent_fixpoint(std::string_view s) {
  std::string cur(s);
  for (int round = 0; round < max_rounds; ++round) {
    std::string next = percent_once(cur);
    if (next == cur) break;
    cur.swap(next);
  }
  return cur;
}


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
inline void append_reference(std::string& out, std::uint32_t cp) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  utf8::append(out, static_cast<char32_t>(cp));
}


inline std::string html_references(std::string_view s) {
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

inline std::string decode_words_anywhere(std::string_view s) {
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

inline std::string unbackslash(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) ++i;
    out += s[i];
  }
  return out;
}

inline std::string decode_all(std::string_view s) {
  std::string cur(s);
  for (int round = 0; round < max_rounds; ++round) {
    std::string next =
        charset::nfkc_casefold(unbackslash(decode_words_anywhere(html_references(percent_fixpoint(cur)))));
    if (next == cur) break;
    cur.swap(next);
  }
  return cur;
}

inline std::vector<std::string> own_forms(const address& a) {
  std::vector<std::string> out{normalized(a.unicode())};
  if (a.valid) {
    if (auto ascii = a.ascii()) out.push_back(normalized(*ascii));
    out.push_back(normalized(a.local_part + "@" + a.domain_ascii));
  }
  return out;
}

inline std::vector<std::string> addresses(std::string_view list_text) {
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


inline bool starts_with_nocase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && chars::iequals(s.substr(0, prefix.size()), prefix);
}

inline bool is_address_field(std::string_view name) {
  const std::string n = chars::lowered(decode_all(name));
  return n == "to" || n == "cc" || n == "bcc";
}

inline void append(std::vector<std::string>& out, std::vector<std::string> more) {
  out.insert(out.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
}


inline std::vector<std::string> uri_recipients(std::string_view uri) {
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

inline std::vector<std::string> url_recipients(std::string_view url) {
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

inline std::vector<std::string> message_recipients(std::string_view message) {
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

inline std::vector<std::string> recipients(const std::vector<std::string>& args) {
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

}  // namespace mailtokit::oracle::worst_reader
