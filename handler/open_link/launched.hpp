/// The launch stage's second half, after the runner (launch/runner.hpp) returned: what a launch
/// that failed means for the user, in words, and where the draft is kept. Said by the tell stage
/// (open_link/tell.hpp: report()), never from inside the launch.
#pragma once

#include <string>

#include "base/errors.hpp"
#include "launch/request.hpp"
#include "launch/runner.hpp"

namespace mailtokit::open_link {

/// The failure `f` of starting `r` in the user's words: a file that could not be written, a
/// program not found or not started, one that stopped at once with an error or, when waited for
/// (`waited`), ended with one.
[[nodiscard]] errors::open_failure launch_failure_words(const launch::request& r, const launch::launch_failure& f,
                                                         bool waited);
/// The draft file the failed launch wrote ("" when it wrote none): where the draft is kept.
[[nodiscard]] std::string written_draft(const launch::request& r, const launch::launch_failure& f);

}  // namespace mailtokit::open_link
