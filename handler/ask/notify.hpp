/// Desktop notifications: the notify-send call that shows what `open` tells the user (open_link/tell.hpp
/// sends it).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ask/display_text.hpp"

namespace mailtokit::ask {

/// argv of a notify-send call: summary and body, markup in the body escaped (Desktop
/// Notifications Specification, "Markup"), at most `max_lines` lines of `lines` (each clipped to
/// `line_chars`) then a count.
[[nodiscard]] std::vector<std::string> notify_argv(const display_text& summary,
                                                   const std::vector<display_text>& lines, bool critical,
                                                   std::size_t max_lines = 8, std::size_t line_chars = 157);

}  // namespace mailtokit::ask
