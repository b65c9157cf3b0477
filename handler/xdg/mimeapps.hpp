/// Reading and editing mimeapps.list text (XDG MIME Applications Associations specification):
/// groups such as [Default Applications] and [Added Associations] with `type=id;id;` lines.
/// Only the lines of one type change; everything else is kept byte for byte.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace mailtokit::mimeapps {

/// The value of `type` in `group` ("thunderbird.desktop;" as written), or nullopt when the group
/// has no such line.
[[nodiscard]] std::optional<std::string> value(std::string_view text, std::string_view group, std::string_view type);

/// `text` with the `type` line of [Default Applications] set to `value` (added to the group,
/// or the group added, when missing), or removed when `value` is nullopt.
[[nodiscard]] std::string set_default(std::string_view text, std::string_view type,
                                      const std::optional<std::string>& value);

/// `text` with `id` removed from every `type` line of every group (a line left empty goes).
[[nodiscard]] std::string drop_id(std::string_view text, std::string_view type, std::string_view id);

}  // namespace mailtokit::mimeapps
