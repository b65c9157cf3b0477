/// The question `open` asks before a risky draft opens, as data: what the dialog (handler/ask,
/// kdialog, zenity, yad) and the terminal show. make_question() decides the words and the safe
/// default from the draft and its findings; the front ends only show it. Every string here is
/// plain text for people, in the user's language, already passed through preview::visible():
/// no front end may read any of it as markup.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ask/confirm.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"
#include "base/errors.hpp"

namespace mailtokit::ask {

/// One button of the question.
struct question_button {
  choice what = choice::cancel;  ///< what choosing it does
  std::string label;             ///< its label ("Open without the hidden copy")
};

/// The question, most important first.
struct question {
  std::string title;                     ///< window title
  std::string headline;                  ///< the worst finding in one sentence of plain words
  std::vector<std::string> findings;     ///< one sentence each, most important first (the headline's first)
  std::vector<std::string> choices;      ///< one sentence per button, in the buttons' order: what it does
  std::vector<std::string> recipients;   ///< who gets the message (recipient_lines()): every question says it
  file_offer files;                      ///< the files offered (none ticked to start); empty when none is
  std::string details;                   ///< the whole draft, for "Details" (a second page or expander)
  std::vector<question_button> buttons;  ///< in the order shown; the safe one first
  choice safe = choice::cancel;  ///< what Enter (and the default button) does; Escape is always cancel
  bool risky = false;            ///< asked for a risky finding (not only for files, nor for every link)
};

/// The question for `d` with its preview findings and what the chosen mail program would lose (`losses`, one sentence each).
///
/// The headline names the worst finding, in this order: a look-alike address (a letter from
/// another alphabet, UTS #39), hidden recipients, invisible, control or direction-changing
/// characters in an address or its name, a name that shows another address, an invalid
/// address, then hidden characters in the subject, body or other fields and repaired recipients.
/// Findings are decided on preview::finding::code and the draft's fields, never on English text.
/// The safe default (`safe`, the first button) is "Open without the hidden copy" when removing
/// the hidden recipients removes every risky finding, else Cancel.
///
/// `files` (offer_text()) are asked in the same question: the risky finding's headline stays
/// first when there is one; a question asked only for the files has them as its headline and
/// "Open" as its default, which attaches nothing that was not ticked.
[[nodiscard]] question make_question(const draft& d, const std::vector<preview::finding>& findings,
                                     const std::vector<std::string>& losses, const text_limits& l = {},
                                     file_offer files = {});

/// `q` as a front end that cannot carry the input guard (ask/input_guard.hpp) asks it: zenity,
/// yad and kdialog take a click or key the moment they appear, and one that never stops. A risky
/// question there offers only its safe answer and Cancel (never "Open as it is", nor "Open
/// without the hidden copy" when that is not safe either), and one more finding says so in plain
/// words; any other question is `q` as it is.
[[nodiscard]] question unguarded_question(const question& q);

/// What the desktop notification says when a draft opens without the question: the same plain
/// sentences, in the user's language. The risky things (headlines, worst first), the fields
/// mailtokit removed except attach= and attachment= (offer_files() tells what became of those
/// files), a long subject or message text, an address some servers cannot deliver to, and one
/// sentence per kind of repair the link needed ("Subject: line breaks or control characters were
/// removed."). No codes, offsets or RFC sections: stderr lists each repair with those. Line
/// breaks written as a bare %0A in the body are no news and are left out.
[[nodiscard]] std::vector<std::string> notice_lines(const draft& d, const std::vector<preview::finding>& findings);

/// What the terminal shows before its prompt: the headline, the findings, who gets the message,
/// the files offered, numbered ("[1] report.pdf"), and each choice with the key that picks it
/// ("[c] Cancel: nothing is opened."). The details are one key away.
[[nodiscard]] std::string question_terminal_text(const question& q);

/// The answer from a line typed on the terminal: an empty line (Enter) is `q.safe` with no file;
/// "o"/"open", "w"/"b"/"without" (only when that button is there), "c"/"cancel"/"q", or a
/// button's label in any case; after an opening choice, the numbers of the files to attach
/// ("o 1 3"; "o all" for every file offered). nullopt for anything else (ask again): a number
/// that is no file's, numbers without a choice, numbers after cancel or when no file is offered.
[[nodiscard]] std::optional<answer> parse_typed(std::string_view line, const question& q);

/// Ask on the terminal: question_terminal_text() and a prompt on stderr, the answer from stdin;
/// "d" shows the details. End of input, or five answers that are none of the choices, is cancel.
[[nodiscard]] answer ask_terminal(const question& q);

}  // namespace mailtokit::ask
