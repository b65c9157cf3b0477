#include "clients/handover_safety.hpp"

#include <algorithm>

#include "mailtokit/address.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/rfc2047.hpp"
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
  return chars::lowered(v);
}

std::string percent_fixpoint(std::string_view s) {
  std::string cur(s);
  for (int round = 0; round < max_rounds; ++round) {
    std::string next;
    next.reserve(cur.size());
    for (std::size_t i = 0; i < cur.size(); ++i) {
      if (cur[i] == '%' && i + 2 < cur.size() && chars::hexdig(cur[i + 1]) && chars::hexdig(cur[i + 2])) {
        next += static_cast<char>(percent::hex_value(cur[i + 1]) * 16 + percent::hex_value(cur[i + 2]));
        i += 2;
      } else {
        next += cur[i];
      }
    }
    if (next == cur) break;
    cur.swap(next);
  }
  return cur;
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

std::string decode_all(std::string_view s) {
  std::string cur(s);
  for (int round = 0; round < max_rounds; ++round) {
    std::string next = decode_words_anywhere(percent_fixpoint(cur));
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
    if (i < text.size() && text[i] != ',' && text[i] != ';') continue;
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

// Whether the worst reader's `found` is one of the forms of `a` (worst_reader::own_forms()).
bool is_own(const address& a, std::string_view found) {
  const auto forms = worst_reader::own_forms(a);
  return std::find(forms.begin(), forms.end(), found) != forms.end();
}

// A percent escape, or an encoded word or half of one, which another address of the list can
// complete (decodes_again(const address&)).
bool word_or_escape(std::string_view s) { return decodes_again(s) || s.find("=?") != s.npos || s.find("?=") != s.npos; }

// Text the worst reader turns into an address that is not the mailbox's own (or, for the address
// itself, into anything but exactly one address, its own).
bool misleads(const address& a, std::string_view text, bool is_spec) {
  if (word_or_escape(text)) return true;
  const auto found = worst_reader::addresses(text);
  if (is_spec && found.size() != 1) return true;
  return std::any_of(found.begin(), found.end(), [&](const std::string& f) { return !is_own(a, f); });
}

// The address part of `a` that misleads: its local part or domain decodes again, or the worst
// reader splits it or reads another address out of it (a quoted local part with ',' or '<').
bool spec_misleads(const address& a) {
  if (!a.valid) return word_or_escape(a.original) || (a.original.find('@') != a.original.npos && misleads(a, a.original, true));
  if (word_or_escape(a.local_part) || word_or_escape(a.domain) || word_or_escape(a.domain_ascii)) return true;
  if (misleads(a, a.unicode(), true)) return true;
  const auto ascii = a.ascii();
  return ascii && misleads(a, *ascii, true);
}

bool name_misleads(const address& a) { return !a.display_name.empty() && misleads(a, a.display_name, false); }

}  // namespace

std::vector<std::string> make_handover_safe(draft& d) {
  std::vector<std::string> told;
  const std::pair<std::vector<address>*, std::string_view> lists[] = {{&d.to, "To"}, {&d.cc, "Cc"}, {&d.bcc, "Bcc"}};
  for (const auto& [list, field] : lists) {
    std::vector<address> kept;
    kept.reserve(list->size());
    for (auto& a : *list) {
      if (spec_misleads(a)) {
        // TRANSLATORS: {0} is an address as the link wrote it, {1} the field (To, Cc or Bcc).
        told.push_back(fill(tr("mailtokit left out {0} ({1}): it holds codes ('%' or '=?...?=') that mail programs "
                               "decode again, and they could read another address out of it"),
                            {preview::visible(a.valid ? a.unicode() : a.original), field}));
        continue;
      }
      if (name_misleads(a)) {
        // TRANSLATORS: {0} is an address, {1} the display name the link gave it.
        told.push_back(fill(tr("mailtokit hands {0} over without its display name \"{1}\": a mail program could "
                               "read another address out of that name"),
                            {preview::visible(a.unicode()), preview::visible(a.display_name)}));
        a.display_name.clear();
      }
      kept.push_back(std::move(a));
    }
    list->swap(kept);
  }
  return told;
}

}  // namespace mailtokit::clients
