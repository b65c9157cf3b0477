/// Text from a link made fit to show inside a line of a question, notice or dialog: no run of
/// blank characters can push what follows to the start of a line of its own.
#pragma once

#include <string>
#include <string_view>

namespace mailtokit::ask {

/// A blank character: U+0020, the other spaces Unicode calls Zs (U+00A0, U+1680, U+2000-U+200A,
/// U+202F, U+205F, U+3000), and the characters that draw as nothing though they are letters or
/// symbols (U+115F, U+1160, U+2800 BRAILLE PATTERN BLANK, U+3164, U+FFA0).
[[nodiscard]] bool is_blank(char32_t cp) noexcept;

/// `text` (UTF-8) with its runs of blank characters shown: in a run of two or more blanks with
/// one other than U+0020, every one other than U+0020 becomes its tag (`<U+2800>`); a run of
/// more than three U+0020 becomes one space, its count as `<17 x U+0020>`, and one space. A
/// single blank between words, and up to three spaces, stay as they are (French and Japanese
/// text use them). Bytes that are not UTF-8 pass unchanged (the callers have made the text valid
/// or show such bytes themselves).
///
///   blank_runs_shown("a\u2800\u2800b") == "a<U+2800><U+2800>b"
///   blank_runs_shown("a" + 40 spaces + "b") == "a <40 x U+0020> b"
[[nodiscard]] std::string blank_runs_shown(std::string_view text);

}  // namespace mailtokit::ask
