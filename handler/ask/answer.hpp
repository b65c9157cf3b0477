/// The user's answer to the question (ask/question.hpp), whichever front end asked it: the
/// window, a dialog program (ask/dialog.hpp) or the terminal (ask/terminal.hpp).
#pragma once

#include <cstddef>
#include <vector>

namespace mailtokit::ask {

/// The user's answer. Anything but an explicit choice (closing the window, a timeout, a failed
/// dialog program, end of input on the terminal) is `cancel`.
enum class choice { open, open_without_bcc, cancel };

/// The user's answer to the question: the choice, and the files ticked (indexes into
/// file_offer::files; empty unless the files were shown and ticked).
struct answer {
  choice what = choice::cancel;
  std::vector<std::size_t> files;
  bool files_shown = false;  ///< the files were in the question that was answered
};

}  // namespace mailtokit::ask
