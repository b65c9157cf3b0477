/// The question's details: the whole draft as `mailtokit preview` shows it, each part cut to its
/// share so that no link can make the question unreadable.
#pragma once

#include <vector>

#include "ask/text_limits.hpp"
#include "ask/display_text.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::ask {

/// Whether the details can list every recipient of `d` (at most l.recipients); with `bcc`
/// false, every one but the hidden copies.
[[nodiscard]] bool recipients_seen(const draft& d, const text_limits& l, bool bcc = true);

/// The draft as `mailtokit preview` shows it (display_text::report()), at most l.draft_lines
/// lines, l.part_lines of one part (the To list, the body, ...) and l.line_chars code points a
/// line, what is cut counted. The recipients' parts are listed whole when recipients_seen(): an
/// address past the 24th line of a part would be in no line of the question. Each line ends in
/// a line feed.
[[nodiscard]] display_text draft_details(const draft& d, const std::vector<preview::finding>& findings,
                                         const text_limits& l);

}  // namespace mailtokit::ask
