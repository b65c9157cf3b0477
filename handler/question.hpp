/// The question `open` asks before a risky draft opens, as data: what the dialog (handler/ask,
/// kdialog, zenity, yad) and the terminal show. make_question() decides the words and the safe
/// default from the draft and its findings; the front ends only show it. Every string here is
/// plain text for people, in the user's language, already passed through preview::visible():
/// no front end may read any of it as markup.
#pragma once

#include <string>
#include <vector>

#include "confirm.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"
#include "open_plan.hpp"

namespace mailtokit::cli {

/// One button of the question.
struct question_button {
  choice what = choice::cancel;  ///< what choosing it does
  std::string label;             ///< its label ("Open without the hidden copy")
};

/// The question, most important first.
struct question {
  std::string title;                    ///< window title
  std::string headline;                 ///< the worst finding in one sentence of plain words
  std::vector<std::string> findings;    ///< one sentence each, most important first (the headline's first)
  std::vector<std::string> choices;     ///< one sentence per button: what it does
  std::string details;                  ///< the whole draft, for "Details" (a second page or expander)
  std::vector<question_button> buttons; ///< in the order shown; the safe one first
  choice safe = choice::cancel;         ///< what Enter (and the default button) does; Escape is always cancel
};

/// The question for `d` with its preview findings, the program's assessment and what the
/// chosen mail program would lose (`losses`, one sentence each).
[[nodiscard]] question make_question(const draft& d, const std::vector<preview::finding>& findings,
                                     const assessment& a, const std::vector<std::string>& losses,
                                     const text_limits& l = {});

/// The question as one plain text, for the terminal and for dialog programs that show only text:
/// the headline, the findings, what each choice does, then the details.
[[nodiscard]] std::string question_plain_text(const question& q);

}  // namespace mailtokit::cli
