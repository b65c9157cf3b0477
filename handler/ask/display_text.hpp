/// Text fit to show a person in a question, notice, dialog or window: display_text, which only
/// the sanitizer below makes, so that no raw link text can reach what is shown. Every value from
/// a link is made visible (controls, format and invisible characters as <U+XXXX> tags, as
/// preview::visible() does), cut to a bound with the cut said, and its runs of blank characters
/// shown; a name or address may be isolated (FSI or LRI ... PDI) so it cannot reorder its line.
/// Our own translated sentences are made with ours(), the values in them being display_text too.
/// The type and the window's side of it (received()) need GLib only; the makers from link text
/// (from_link(), isolated_from_link(), file_name_from_link(), report()) use the library and are
/// in the program (display_text_of_link.cpp).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mailtokit {
struct draft;
namespace preview {
struct finding;
}  // namespace preview
}  // namespace mailtokit

namespace mailtokit::ask {

/// A blank character: U+0020, the other spaces Unicode calls Zs (U+00A0, U+1680, U+2000-U+200A,
/// U+202F, U+205F, U+3000), and the characters that draw as nothing though they are letters or
/// symbols (U+115F, U+1160, U+2800 BRAILLE PATTERN BLANK, U+3164, U+FFA0).
[[nodiscard]] bool is_blank(char32_t cp) noexcept;

/// `text` (UTF-8) with its runs of blank characters shown: in a run of two or more blanks with
/// one other than U+0020, every one other than U+0020 becomes its tag (`<U+2800>`); a run of
/// more than three U+0020 becomes one space, its count as `<17 x U+0020>`, and one space. A
/// single blank between words, and up to three spaces, stay as they are (French and Japanese
/// text use them). Bytes that are not UTF-8 pass unchanged. Applying it twice changes nothing.
///
///   blank_runs_shown("a\u2800\u2800b") == "a<U+2800><U+2800>b"
///   blank_runs_shown("a" + 40 spaces + "b") == "a <40 x U+0020> b"
[[nodiscard]] std::string blank_runs_shown(std::string_view text);

/// blank_runs_shown() of each isolated part of `text` (between FSI, LRI or RLI and its PDI), the
/// rest as it is: the preview's report, whose values are isolated and whose columns are ours.
[[nodiscard]] std::string blank_runs_shown_in_isolates(std::string_view text);
/// `s` cut to `max` code points with " ... (N more characters)" after it; valid UTF-8 in, valid
/// UTF-8 out (cuts between code points).
[[nodiscard]] std::string clip(std::string_view s, std::size_t max);

/// Text fit to show (see the file's comment). Copied and joined freely; made only by the makers
/// below. Joining re-shows the run of blanks that two parts make together at their seam.
class display_text {
 public:
  display_text() = default;

  // ---- the sanitizer: text from a link (the program: display_text_of_link.cpp) ----
  /// preview::visible(raw) cut to `max` code points, the cut said, its blank runs shown.
  [[nodiscard]] static display_text from_link(std::string_view raw, std::size_t max);
  /// from_link() of each of `raw`.
  [[nodiscard]] static std::vector<display_text> from_link_each(const std::vector<std::string>& raw, std::size_t max);
  /// The same with its line breaks kept (a failure's paragraphs given back to the program).
  [[nodiscard]] static display_text from_link_lines(std::string_view raw, std::size_t max);
  /// `raw` cut to `max` code points, then preview::isolate(): visible, inside FSI ... PDI (LRI
  /// ... PDI for an `address`), so it cannot reorder the line it stands in.
  [[nodiscard]] static display_text isolated_from_link(std::string_view raw, std::size_t max, bool address);
  /// A file's name: visible, and when longer than `max` characters cut in the middle keeping its
  /// beginning and its last 16 characters (its real ending), inside FSI ... PDI.
  [[nodiscard]] static display_text file_name_from_link(std::string_view raw, std::size_t max);
  /// The draft as `mailtokit preview` shows it (preview::render_text(), which makes every value
  /// visible and isolates it), its blank runs shown.
  [[nodiscard]] static display_text report(const draft& d, const std::vector<preview::finding>& findings,
                                           std::size_t body_lines);

  // ---- our own words ----
  /// A sentence of ours (a tr() or ntr() result, a literal), its blank runs shown.
  [[nodiscard]] static display_text ours(const char* translated);
  /// `translated` with "{0}", "{1}", ... replaced by `args` (i18n::fill()).
  [[nodiscard]] static display_text ours(const char* translated, std::initializer_list<display_text> args);
  /// A number in decimal digits.
  [[nodiscard]] static display_text number(std::size_t n);

  // ---- the window's side: a field of the question's file, sanitized again ----
  /// `wire` validated as UTF-8 (nullopt when it is not), its controls (but line feed and tab)
  /// and bidirectional formatting characters replaced by U+FFFD (the isolates FSI, LRI, RLI and
  /// PDI kept with `isolates`), its blank runs shown unless `keep_blanks` (the details: a body's
  /// indentation, in a scrolled view).
  [[nodiscard]] static std::optional<display_text> received(std::string_view wire, bool isolates,
                                                            bool keep_blanks = false);

  /// Joined texts, `separator` between them.
  [[nodiscard]] static display_text join(const std::vector<display_text>& parts, const display_text& separator);

  [[nodiscard]] const std::string& str() const noexcept { return text_; }
  /// Read as a view (never the other way: no view becomes display_text but through the makers).
  operator std::string_view() const noexcept { return text_; }  // NOLINT(google-explicit-constructor)
  [[nodiscard]] const char* c_str() const noexcept { return text_.c_str(); }
  [[nodiscard]] bool empty() const noexcept { return text_.empty(); }
  [[nodiscard]] std::size_t size() const noexcept { return text_.size(); }
  [[nodiscard]] std::size_t find(std::string_view s, std::size_t at = 0) const noexcept { return text_.find(s, at); }
  [[nodiscard]] std::size_t find(char c, std::size_t at = 0) const noexcept { return text_.find(c, at); }
  [[nodiscard]] bool starts_with(std::string_view s) const noexcept { return text_.starts_with(s); }
  /// Cut to `max` code points, the cut said (clip()).
  [[nodiscard]] display_text clipped(std::size_t max) const;
  /// The lines (split at each line feed; an empty text has none, a last line feed ends a line).
  [[nodiscard]] std::vector<display_text> lines() const;

  display_text& operator+=(const display_text& more);
  friend display_text operator+(display_text a, const display_text& b) { return a += b; }
  friend bool operator==(const display_text&, const display_text&) = default;
  friend bool operator==(const display_text& a, std::string_view b) noexcept { return a.text_ == b; }

 private:
  explicit display_text(std::string text) noexcept : text_(std::move(text)) {}
  std::string text_;
};

}  // namespace mailtokit::ask
