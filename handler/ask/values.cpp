#include "ask/values.hpp"

#include <algorithm>

#include "base/i18n.hpp"

namespace mailtokit::ask::words {

display_text shown(std::string_view s, std::size_t max) { return display_text::from_link(s, max); }

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
display_text short_list(const std::vector<display_text>& items, const char* separator) {
  const display_text out =
      display_text::join({items.begin(), items.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(items.size(), 3))},
                         ours(separator));
  if (items.size() <= 3) return out;
  const std::size_t rest = items.size() - 3;
  // TRANSLATORS: {0} is a list of three things (addresses, letters, names), {1} how many more.
  return ours(ntr("{0} and {1} more", "{0} and {1} more", rest), {out, number(rest)});
}

display_text address_list(const std::vector<address>& v) {
  std::vector<display_text> items;
  for (const auto& a : v) items.push_back(shown(mailbox(a), 60));
  return short_list(items, ", ");
}

}  // namespace mailtokit::ask::words
