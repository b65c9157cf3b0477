/// One question at a time: a page that opens mail links in a loop must not stack question
/// windows or choosers on one another, where a smaller one covers a larger one's text while the
/// larger one's buttons show below it. A process that is about to ask takes the turn; the others
/// wait for it in the order they came, the newest few of them: a link that more links have
/// come after than may wait leaves the queue, its draft kept and said in the one notice.
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
  /// False for the turn of a desktop without a private folder, where none can be kept.
  [[nodiscard]] bool held() const noexcept { return lock_.get() >= 0; }

 private:
  files::fd_guard lock_;
};

/// Where the turn is kept, private to the user: "$XDG_RUNTIME_DIR/mailtokit", else (no
/// $XDG_RUNTIME_DIR, or "mailtokit" there a file, a symbolic link or another user's)
/// "$TMPDIR/mailtokit-UID" ("/tmp" without $TMPDIR); each made 0700 when missing and used only
/// when it is a folder (never followed through a link) that the user owns. "" when neither is.
[[nodiscard]] std::string turn_dir();

/// How many links may wait for their turn while one is asked.
inline constexpr std::size_t max_waiting = 3;

/// Takes the turn in `dir` (turn_dir()): at once when no question of this user is open and no
/// link waits, else after the one open and those waiting before it, in the order they came.
/// nullopt when `waiting` more links came while this one waited: it leaves the queue, so that a
/// flood of links never keeps a later one out (the caller asks nothing, keeps the draft and says
/// so). Every link that gets the turn is still asked its own question: leaving the queue never
/// opens anything. With `dir` empty or unusable, a turn that holds nothing (asking is never lost
/// to a missing folder).
[[nodiscard]] std::optional<turn> wait_turn(const std::string& dir, std::size_t waiting = max_waiting);

/// The lock file `name` in `dir` ("failure.lock": a failure window is open) taken at once, held
/// until the turn goes; nullopt when another process holds it or `dir` is unusable.
[[nodiscard]] std::optional<turn> take_now(const std::string& dir, const std::string& name);
/// Who holds the lock `name` in `dir` ("question.lock": whose question is open), looked at
/// without taking it: the holder's process id, "" when nobody holds it.
[[nodiscard]] std::string holder(const std::string& dir, const std::string& name);

}  // namespace mailtokit::ask
