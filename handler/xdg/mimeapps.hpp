/// Reading and editing mimeapps.list text (XDG MIME Applications Associations specification):
/// groups such as [Default Applications] and [Added Associations] with `type=id;id;` lines.
/// Only the lines of one type change; everything else is kept byte for byte.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

/// "first;then;" (MIME Applications Associations specification, "Default Application": the first
/// installed and valid entry of a [Default Applications] list is used), or "first;" when `then`
/// is empty or the same id.
[[nodiscard]] std::string default_list(std::string_view first, std::string_view then);

/// `text` holds no `key=value` line in any group: nothing a desktop would read (blank lines,
/// comments and group headers only).
[[nodiscard]] bool holds_no_entry(std::string_view text);

/// The mimeapps.list files a desktop reads, most important first (MIME Applications Associations
/// specification, "File name and location"): in $XDG_CONFIG_HOME, each of $XDG_CONFIG_DIRS
/// (default /etc/xdg), $XDG_DATA_HOME/applications and each of $XDG_DATA_DIRS/applications
/// (default /usr/local/share:/usr/share), "<desktop>-mimeapps.list" for each of `desktops` (lower
/// case), then "mimeapps.list". Relative folders are ignored, as the Base Directory spec says.
[[nodiscard]] std::vector<std::string> list_paths(std::string_view config_home, std::string_view config_dirs,
                                                  std::string_view data_home, std::string_view data_dirs,
                                                  const std::vector<std::string>& desktops);

/// Every id a [Default Applications] line of `type` names in `texts` (the files' contents): the
/// defaults somebody chose (the user, the administrator, the distribution). A default that is in
/// none of them is only the desktop's pick among the installed entries (xdg-mime takes the first
/// of mimeinfo.cache), nobody's choice.
[[nodiscard]] std::vector<std::string> named_defaults(const std::vector<std::string>& texts, std::string_view type);

}  // namespace mailtokit::mimeapps
