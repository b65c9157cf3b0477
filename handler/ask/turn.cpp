#include "ask/turn.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "xdg/drafts.hpp"

namespace mailtokit::ask {

namespace {

// The lock file `name` in `dir`, opened (never followed through a link), or -1.
int open_lock(const std::string& dir, const std::string& name) {
  return ::open((dir + "/" + name).c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
}

bool lock(int fd, bool wait) {
  int r = 0;
  do r = ::flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB));
  while (r != 0 && errno == EINTR);
  return r == 0;
}

}  // namespace

std::string turn_dir() {
  const char* run = std::getenv("XDG_RUNTIME_DIR");
  if (run == nullptr || run[0] != '/') return {};
  return std::string(run) + "/mailtokit";
}

std::optional<turn> wait_turn(const std::string& dir, std::size_t waiting) {
  if (dir.empty() || !drafts::ensure_private_dir(dir)) return turn(-1);
  const int fd = open_lock(dir, "question.lock");
  if (fd < 0) return turn(-1);
  turn t(fd);
  if (lock(fd, false)) return t;
  // A place in the queue: "waiting.N", each held by one process while it waits.
  for (std::size_t i = 0; i < waiting; ++i) {
    files::fd_guard place(open_lock(dir, "waiting." + std::to_string(i)));
    if (place.get() < 0 || !lock(place.get(), false)) continue;
    if (!lock(fd, true)) return turn(-1);
    return t;
  }
  return std::nullopt;
}

}  // namespace mailtokit::ask
