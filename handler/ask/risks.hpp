/// The risky findings of a draft in the question's words: one headline and one sentence per
/// address and kind, worst first. Decided on preview::finding::code, the draft's fields and the
/// parser's warning codes (ask/policy.hpp is_risky()), never on English text.
#pragma once

#include <string>
#include <vector>

#include "ask/display_text.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::ask {

/// One thing that needs a decision.
struct risk {
  int rank = 0;        ///< how bad: 0 a look-alike address, 1 hidden copies, 2 hidden characters in an
                       ///< address, 3 a name showing another address, 4 an invalid address, 5 the rest
  std::string field;   ///< the preview::finding::field it is about ("" for none)
  std::string key;     ///< one per address and kind: a second finding of the same key is the same risk
  display_text headline;  ///< the question's headline when it is the worst
  display_text sentence;  ///< what it means, one sentence
};

/// The risks of `d`, worst first, in this order: a look-alike address (a letter from another
/// alphabet, UTS #39), hidden recipients, invisible, control or direction-changing characters
/// in an address or its name, a name that shows another address, an invalid address (not when
/// the address is already named for what makes it invalid), then hidden characters in the
/// subject, body or other fields and repaired recipients.
[[nodiscard]] std::vector<risk> risky_items(const draft& d, const std::vector<preview::finding>& findings);

}  // namespace mailtokit::ask
