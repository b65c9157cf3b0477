/// @file
/// The one way the library records a warning: its code, the field it concerns, a sentence.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mailtokit/chars.hpp"
#include "mailtokit/warning.hpp"

namespace mailtokit::detail {

/// Appends warning{code, field (lower-cased), message, offset} to `out`. `field` is the field of
/// the link or message the warning concerns ("to", "subject", "in-reply-to"), empty for none.
inline void warn(std::vector<warning>& out, warning_code code, std::string_view field, std::string message,
                 std::size_t offset) {
  out.push_back(warning{code, chars::lowered(field), std::move(message), offset});
}

}  // namespace mailtokit::detail
