/// The question `open` asks before a risky draft opens, as data: what the window (mailtokit-ask),
/// the dialog programs (ask/dialog.hpp: kdialog, zenity, yad) and the terminal (ask/terminal.hpp)
/// show. make_question() decides the buttons and the safe default from the draft and its findings,
/// with the words of ask/risks.hpp, ask/notice.hpp and ask/details.hpp; the front ends only show it. Every text here is
/// display_text (ask/display_text.hpp): plain text for people, in the user's language, made by the
/// one sanitizer, so no raw link text can stand in it; no front end may read any of it as markup.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ask/answer.hpp"
#include "ask/display_text.hpp"
#include "ask/file_offer.hpp"
#include "ask/text_limits.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"
#include "base/errors.hpp"

namespace mailtokit::ask {

/// The title of the question window (tests look for it).
inline constexpr std::string_view question_title = "mailtokit: check this link before it opens";

/// One button of the question.
struct question_button {
  choice what = choice::cancel;  ///< what choosing it does
  display_text label;            ///< its label ("Open without the hidden copy")
};

/// The question, most important first.
struct question {
  display_text title;                     ///< window title
  display_text headline;                  ///< the worst finding in one sentence of plain words
  std::vector<display_text> findings;     ///< one sentence each, most important first (the headline's first)
  std::vector<display_text> choices;      ///< one sentence per button, in the buttons' order: what it does
  std::vector<display_text> recipients;   ///< who gets the message (recipient_lines()): every question says it
  file_offer files;                       ///< the files offered (none ticked to start); empty when none is
  display_text details;                   ///< the whole draft, for "Details" (a second page or expander)
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

/// Who gets the message, one line per field: "To: ...", "Cc: ...", and "Hidden copy (Bcc), which
/// the others do not see: ...", each address visible() and bidi-isolated; at most 20 addresses a
/// field, then how many more. Empty when the message has no recipient.
[[nodiscard]] std::vector<display_text> recipient_lines(const draft& d);

}  // namespace mailtokit::ask
