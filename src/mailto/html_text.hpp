// Internal: the plain text an HTML body of a link (Thunderbird's `html-body`, `html-part`)
// evidently means, so that a link's HTML never becomes HTML in a draft.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace mailtokit::detail {

/// What html_to_text() made of an HTML text.
struct html_text {
  std::string text;        ///< UTF-8, lines ended by LF, no trailing white space on a line
  bool truncated = false;  ///< the HTML nests too deep or the text passed max_output: cut there
};

/// The text content of `html` (UTF-8, a fragment or a document) as a person reads it: block
/// elements and <br> end lines (paragraphs, headings, lists and tables with a blank line around
/// them), white space collapsed outside <pre>, character references decoded, list items
/// marked "- ", a link's target after its text as "text (https://x)" (web, mail and phone
/// targets only), an image's alt text in brackets; head, script, style and template content
/// dropped. Parsed by libxml2's HTML parser with no network, no external entity or DTD, errors
/// not printed, and its nesting limit (256); nothing is fetched. At most `max_output` bytes;
/// time and memory grow in proportion to `html`.
[[nodiscard]] html_text html_to_text(std::string_view html, std::size_t max_output);

}  // namespace mailtokit::detail
