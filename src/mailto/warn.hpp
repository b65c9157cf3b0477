/// @file
/// The one way the library records a warning: its code, the field it concerns, a sentence; and
/// the bound on how many a list keeps (limits::max_warnings).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mailtokit/chars.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/warning.hpp"

namespace mailtokit::detail {

/// How many warnings the summary `w` (warnings_truncated) counts as left out: the number its
/// message starts with, which warn() keeps up to date.
inline std::size_t left_out(const warning& w) noexcept {
  return static_cast<std::size_t>(std::strtoull(w.message.c_str(), nullptr, 10));
}

/// Appends warning{code, field (lower-cased), message, offset} to `out` while `out` holds fewer
/// than `cap` warnings. Past that, one warning warnings_truncated (no field, offset npos, so it
/// stays last when the list is sorted by offset) ends the list and counts every warning left
/// out; once a list has it, every later warning is counted there, whatever the cap, except
/// warnings about addresses (warning_kind::address), which are always kept. `field` is
/// the field of the link or message the warning concerns ("to", "subject"), empty for none.
inline void warn(std::vector<warning>& out, std::size_t cap, warning_code code, std::string_view field,
                 std::string message, std::size_t offset) {
  const bool truncated = !out.empty() && out.back().code == warning_code::warnings_truncated;
  if (!truncated && out.size() < cap) {
    out.push_back(warning{code, chars::lowered(field), std::move(message), offset});
    return;
  }
  // A warning about an address is never left out: a flood of other warnings must not hide an
  // address that mail programs read as another one, and there are a few per recipient at most
  // (limits::max_recipients bounds them).
  if (kind_of(code) == warning_kind::address) {
    warning w{code, chars::lowered(field), std::move(message), offset};
    if (truncated)
      out.insert(out.end() - 1, std::move(w));
    else
      out.push_back(std::move(w));
    return;
  }
  const std::size_t n = truncated ? left_out(out.back()) + 1 : 1;
  std::string text = std::to_string(n) + (n == 1 ? " more warning was" : " more warnings were") +
                     " left out (the limit of warnings kept is " + std::to_string(cap) + ")";
  if (truncated)
    out.back().message = std::move(text);
  else
    out.push_back(warning{warning_code::warnings_truncated, "", std::move(text), static_cast<std::size_t>(-1)});
}

/// warn() with the default bound (limits{}.max_warnings), for steps that are given no limits.
inline void warn(std::vector<warning>& out, warning_code code, std::string_view field, std::string message,
                 std::size_t offset) {
  warn(out, limits{}.max_warnings, code, field, std::move(message), offset);
}

}  // namespace mailtokit::detail
