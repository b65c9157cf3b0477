/// Inputs of the compose benchmarks, shared by ours and GMime so both build the same messages.
#pragma once

#include <vector>

#include "bench.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/draft.hpp"

namespace mailtokit::bench {

/// The drafts of a link set that our compose() accepts, and the bytes of their links.
struct draft_set {
  std::vector<draft> drafts;
  std::size_t bytes = 0;
};

/// parse_draft() of every link of `set`, keeping the drafts compose() accepts (built once).
[[nodiscard]] const draft_set& composable_drafts(const link_set& set);

/// Fixed Date and Message-Id (GMime gets the same), so no clock or random source is timed.
[[nodiscard]] const compose_options& fixed_compose_options();

}  // namespace mailtokit::bench
