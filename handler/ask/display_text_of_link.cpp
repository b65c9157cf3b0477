// The makers of display_text from a link's text (ask/display_text.hpp): the library's
// preview::visible(), isolate() and render_text(). In the program, not in its window, which
// links no part of the library.
#include "ask/display_text.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::ask {

namespace {
bool is_lead(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }
}  // namespace

display_text display_text::from_link(std::string_view raw, std::size_t max) {
  return display_text(blank_runs_shown(clip(preview::visible(raw), max)));
}

std::vector<display_text> display_text::from_link_each(const std::vector<std::string>& raw, std::size_t max) {
  std::vector<display_text> out;
  out.reserve(raw.size());
  for (const auto& r : raw) out.push_back(from_link(r, max));
  return out;
}

display_text display_text::from_link_lines(std::string_view raw, std::size_t max) {
  return display_text(blank_runs_shown(clip(preview::visible(raw, true), max)));
}

display_text display_text::isolated_from_link(std::string_view raw, std::size_t max, bool address) {
  // Cut before it is made visible: an invalid address of invisible characters grows eight
  // times in visible(), and no field may grow past what the window reads.
  return display_text(blank_runs_shown(preview::isolate(clip(raw, max), address)));
}

display_text display_text::file_name_from_link(std::string_view raw, std::size_t max) {
  const std::string v = preview::visible(raw);
  std::vector<std::size_t> starts;  // byte offset of each character
  for (std::size_t i = 0; i < v.size(); ++i)
    if (is_lead(v[i])) starts.push_back(i);
  constexpr std::size_t tail = 16;
  std::string out = "\xE2\x81\xA8";  // FSI
  if (starts.size() <= max || max <= tail + 1) {
    out += v;
  } else {
    out += v.substr(0, starts[max - tail - 1]);
    out += "\xE2\x80\xA6";  // an ellipsis where characters were cut
    out += v.substr(starts[starts.size() - tail]);
  }
  out += "\xE2\x81\xA9";  // PDI
  return display_text(blank_runs_shown(out));
}

display_text display_text::report(const draft& d, const std::vector<preview::finding>& findings,
                                  std::size_t body_lines) {
  // Every value of the report is inside an isolate; the columns between them are ours.
  return display_text(blank_runs_shown_in_isolates(preview::render_text(d, findings, body_lines)));
}

}  // namespace mailtokit::ask
