/// A draft's values as the question's sentences hold them (ask/risks.hpp, ask/notice.hpp,
/// ask/question.hpp): each made visible and bounded by the one sanitizer (ask/display_text.hpp),
/// and the shorthands the sentences are written with.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "ask/display_text.hpp"
#include "mailtokit/draft.hpp"

namespace mailtokit::ask::words {

/// Code points of a value (an address, a subject) inside a sentence.
inline constexpr std::size_t value_chars = 80;

/// A value from the link inside a sentence: nothing invisible, and never longer than a line
/// (display_text::from_link()).
[[nodiscard]] display_text shown(std::string_view s, std::size_t max = value_chars);
/// Our own words (display_text::ours()), with the values in them.
[[nodiscard]] inline display_text ours(const char* translated) { return display_text::ours(translated); }
[[nodiscard]] inline display_text ours(const char* translated, std::initializer_list<display_text> args) {
  return display_text::ours(translated, args);
}
/// A count in digits.
[[nodiscard]] inline display_text number(std::size_t n) { return display_text::number(n); }

/// The address a preview::finding::field names: "to[2]" -> d.to[2], "from" -> d.from; nullptr
/// for any other field ("subject", "body", ...) and an index past the list.
[[nodiscard]] const address* address_at(const draft& d, std::string_view field);
/// The mailbox as a person reads it: the Unicode form of a valid address, else the text the link gave.
[[nodiscard]] std::string mailbox(const address& a);
/// A list in a sentence: the first three items, `separator` between them, then "and N more".
[[nodiscard]] display_text short_list(const std::vector<display_text>& items, const char* separator);
/// Up to three addresses, shown (at most 60 code points each), then how many more.
[[nodiscard]] display_text address_list(const std::vector<address>& v);

}  // namespace mailtokit::ask::words
