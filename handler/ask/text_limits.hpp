/// How much of a link the question (ask/question.hpp) and its details (ask/details.hpp) show.
#pragma once

#include <cstddef>

namespace mailtokit::ask {

/// How much of the link the question shows, so that no link can make it unreadable.
struct text_limits {
  std::size_t line_chars = 240;   ///< code points per line; the rest is counted, not shown
  std::size_t draft_lines = 120;  ///< lines of the draft (as `mailtokit preview` shows it)
  std::size_t part_lines = 24;    ///< lines of one part of it (the To list, the body, ...)
  std::size_t body_lines = 20;    ///< body lines within those
  /// Recipients (To, Cc and hidden copies together) the details list every one of, beyond
  /// part_lines: a draft with more offers no answer that sends to one nobody could see.
  std::size_t recipients = 100;
};

}  // namespace mailtokit::ask
