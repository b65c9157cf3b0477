/// What is only said, never asked: the sentences of the desktop notification when a draft
/// opens without the question, and of the question's findings that need no decision (what
/// mailtokit removed, long texts, the repairs a link needed). Plain words in the user's
/// language; no codes, offsets or RFC sections (stderr lists each repair with those).
#pragma once

#include <vector>

#include "ask/display_text.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::ask {

/// What mailtokit already neutralized, in at most two sentences: the requests to attach files,
/// then the other fields it removed (a name with attach, insert, file or include in it is a file
/// request, policy.hpp); then a long subject or message text. With `offered_elsewhere`, attach=
/// and attachment= are left out: offer_files() tells what became of those files.
[[nodiscard]] std::vector<display_text> told_sentences(const draft& d, const std::vector<preview::finding>& findings,
                                                       bool offered_elsewhere = false);

/// A repair the link needed, in plain words ("Subject: line breaks or control characters were
/// removed."); empty for one that is no news to a person (line breaks written the Unix way) and
/// for the recipients' repairs, which risky_items() says. Every code is named, so that a new one
/// cannot pass unsaid (-Wswitch).
[[nodiscard]] display_text repair_sentence(const warning& w);

/// What the desktop notification says when a draft opens without the question: the same plain
/// sentences, in the user's language. The risky things (headlines, worst first), the fields
/// mailtokit removed except attach= and attachment= (offer_files() tells what became of those
/// files), a long subject or message text, an address some servers cannot deliver to, and one
/// sentence per kind of repair the link needed. Line breaks written as a bare %0A in the body are
/// no news and are left out.
[[nodiscard]] std::vector<display_text> notice_lines(const draft& d, const std::vector<preview::finding>& findings);

}  // namespace mailtokit::ask
