/// The mail links that waited: a link that had to leave the queue for a question (a page opened
/// newer links while it waited, ask/turn.hpp) is never refused and never opens a window of its
/// own; it is put aside in a list the user opens later (`mailtokit waiting`, the "Mail links that
/// waited" window), where each one is asked its own question when the user picks it.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mailtokit::open_link {

/// How many links the list keeps: a page that opens more drops its oldest ones (each said), so
/// that the list stays one a person can read.
inline constexpr std::size_t max_waiting_kept = 50;
/// How long a link is kept in the list, as drafts are by default.
inline constexpr std::chrono::hours waiting_kept_for{24 * 7};

/// The list's folder: "<state_dir>/waiting" ($XDG_STATE_HOME/mailtokit/waiting).
[[nodiscard]] std::string waiting_dir(std::string_view state_dir);

/// One link in the list.
struct waiting_link {
  std::string name;  ///< its file's name in the folder (what take_waiting() and forget_waiting() take)
  std::string link;  ///< the link as the desktop gave it
  std::chrono::system_clock::time_point put_aside;
};

/// What put_aside() did.
struct put_aside_result {
  bool kept = false;         ///< false: the folder cannot be made or written
  bool already = false;      ///< the same link was in the list: it moved to the top, no second copy
  std::size_t dropped = 0;   ///< older links that left a full list
};

/// Puts `link` in the list in `dir` (made private, 0700, when missing): a file of its own
/// (0600, written atomically), newest first when listed. Links older than waiting_kept_for and
/// those past max_waiting_kept go.
put_aside_result put_aside(const std::string& dir, std::string_view link);

/// The list, newest first (links past their time removed); empty when there is none.
[[nodiscard]] std::vector<waiting_link> list_waiting(const std::string& dir);

/// The link `name` taken out of the list (its file removed); nullopt when it is not there.
[[nodiscard]] std::optional<std::string> take_waiting(const std::string& dir, const std::string& name);

/// Removes every link in the list; returns how many there were.
std::size_t forget_waiting(const std::string& dir);

}  // namespace mailtokit::open_link
