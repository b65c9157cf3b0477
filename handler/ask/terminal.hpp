/// The question asked on the terminal, when `open` runs in one: the text before the prompt, the
/// answer from a typed line, and the prompt itself (ask_terminal()).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ask/answer.hpp"
#include "ask/question.hpp"

namespace mailtokit::ask {

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
