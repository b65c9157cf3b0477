/// What a mail program or a webmail reads from what mailtokit hands it is the draft the user saw,
/// by construction: every recipient is handed over in one canonical form made from the parsed
/// draft (a plain local part, '@', the A-label domain), and a display name only when it is plain
/// text (handover::plain_name()). Programs decode a hand-over more than mailtokit does, each its
/// own way (handler/clients/README.md, WEBMAIL.md: percent escapes twice, RFC 2047 words
/// anywhere, HTML character references, IDNA mapping of fullwidth forms, group syntax, backslash
/// quoting, commas inside quotes); plain text is text none of them changes, so no list of
/// decoders has to be complete. What is not plain is left out before anything opens, and said.
/// The worst reader (tests/oracle/worst_reader.hpp) is every decoder seen so far, applied until
/// nothing changes: the proof the tests and the fuzz target hold every hand-over to, not the
/// defence. This file holds the program's words for each change the hand-over makes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"

namespace mailtokit::clients {

/// Makes `d` the canonical hand-over (handover::make_safe(), the one home of its rules) and
/// returns one sentence per change, in the user's language, to be shown before the draft opens;
/// empty when nothing changed. Idempotent.
[[nodiscard]] std::vector<std::string> make_handover_safe(draft& d);

}  // namespace mailtokit::clients
