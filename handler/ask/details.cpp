#include "ask/details.hpp"

#include "ask/values.hpp"
#include "base/i18n.hpp"

namespace mailtokit::ask {

using namespace words;

bool recipients_seen(const draft& d, const text_limits& l, bool bcc) {
  return d.to.size() + d.cc.size() + (bcc ? d.bcc.size() : 0) <= l.recipients;
}

display_text draft_details(const draft& d, const std::vector<preview::finding>& findings,
                           const text_limits& l) {
  std::vector<display_text> out;
  const bool whole_lists = recipients_seen(d, l);
  bool in_list = false;
  std::size_t shown_lines = 0, in_part = 0, cut_in_part = 0, cut = 0;
  auto end_part = [&] {
    if (cut_in_part > 0)
      out.push_back(ours("  ... ") + ours(ntr("{0} more line of this part", "{0} more lines of this part", cut_in_part),
                                         {number(cut_in_part)}));
    cut_in_part = 0;
    in_part = 0;
  };
  for (const auto& line : display_text::report(d, findings, l.body_lines).lines()) {
    if (!line.empty() && !line.starts_with(" ")) {
      end_part();
      // render_text()'s own labels, not translated.
      in_list = whole_lists && (line.starts_with("To:") || line.starts_with("Cc:") || line.starts_with("Bcc:"));
    }
    if (in_list) {
      out.push_back(line.clipped(l.line_chars));
    } else if (shown_lines >= l.draft_lines) {
      ++cut;
    } else if (in_part >= l.part_lines) {
      ++cut_in_part;
    } else {
      out.push_back(line.clipped(l.line_chars));
      ++shown_lines;
      ++in_part;
    }
  }
  end_part();
  if (cut > 0)
    out.push_back(ours("... ") + ours(ntr("{0} more line (run `mailtokit preview` to see all)",
                                          "{0} more lines (run `mailtokit preview` to see all)", cut),
                                      {number(cut)}));
  out.emplace_back();  // each line ends in a line feed
  return display_text::join(out, ours("\n"));
}

}  // namespace mailtokit::ask
