/// The link `open` is given: refused before anything starts when it is no mailto: link, and the
/// failure report for a link the parser cannot read.
#pragma once

#include <optional>
#include <string_view>

#include "base/errors.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit::open_link {

/// Why `uri` is no mailto: link (empty, an option-like word, another scheme), or nullopt.
/// "Input that is not a mailto URI is refused with a clear message and exit 64/65, before
/// anything starts."
[[nodiscard]] std::optional<errors::open_failure> non_mailto(std::string_view uri);
/// non_mailto() printed on stderr; its exit status (0 for a mailto: link).
[[nodiscard]] int refuse_non_mailto(std::string_view uri);
/// The failure for a link the parser refused with `e`: stderr keeps the documented "error:
/// <code>: the link at byte <offset> (<message>)" form, the desktop says it in words. `repairable`:
/// only strict reading refused it (the advice says so).
[[nodiscard]] errors::open_failure unreadable_link(const error& e, bool repairable);

}  // namespace mailtokit::open_link
