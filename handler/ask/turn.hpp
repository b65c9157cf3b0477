/// One question at a time (issue 46): a page that opens mail links in a loop must not stack
/// question windows or choosers on one another, where a smaller one covers a larger one's text
/// while the larger one's buttons show below it. A process that is about to ask takes the turn;
/// another one waits for it, and beyond a few waiting the link is refused with a notice.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "base/files.hpp"

namespace mailtokit::ask {

/// The turn to ask, held until the object goes (an flock(2) lock, which the kernel also
/// releases when the process ends, however it ends).
class turn {
 public:
  explicit turn(int fd) noexcept : lock_(fd) {}
  turn(turn&& other) noexcept : lock_(other.lock_.release()) {}
  turn& operator=(turn&&) = delete;
  /// False for the turn of a desktop without a private runtime folder, where none can be kept.
  [[nodiscard]] bool held() const noexcept { return lock_.get() >= 0; }

 private:
  files::fd_guard lock_;
};

/// Where the turn is kept: "$XDG_RUNTIME_DIR/mailtokit" (private to the user; made 0700 when
/// missing), "" without a runtime folder.
[[nodiscard]] std::string turn_dir();

/// How many links may wait for their turn while one is asked.
inline constexpr std::size_t max_waiting = 3;

/// Takes the turn in `dir` (turn_dir()): at once when no question of this user is open, else
/// after the one open (and those waiting before) are answered. nullopt when `waiting` links
/// already wait: the caller asks nothing and says so. With `dir` empty or unusable, a turn that
/// holds nothing (asking is never lost to a missing folder).
[[nodiscard]] std::optional<turn> wait_turn(const std::string& dir, std::size_t waiting = max_waiting);

}  // namespace mailtokit::ask
