#include "ask/turn.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>

#include "xdg/drafts.hpp"

namespace mailtokit::ask {

namespace {

// The lock file `name` in `dir`, opened (never followed through a link), or -1. Opened to
// write, and created, unless only `looked_at`: closing a file opened to write wakes every link
// that waits (IN_CLOSE_WRITE), so a look must not, or the waiting links would wake one another
// for ever.
int open_lock(const std::string& dir, const std::string& name, bool looked_at = false) {
  const int how = looked_at ? O_RDONLY : O_RDWR | O_CREAT;
  return ::open((dir + "/" + name).c_str(), how | O_CLOEXEC | O_NOFOLLOW, 0600);
}

bool lock(int fd, int how) {
  int r = 0;
  do r = ::flock(fd, how);
  while (r != 0 && errno == EINTR);
  return r == 0;
}

// The lock `fd` just taken: this process's id in it, so that what happens while it holds the
// lock can be told apart from what happened under another holder (holder()).
turn mine(int fd) {
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, pid.data(), pid.size(), 0);
  return turn(fd);
}

// The queue: "queue" holds the number of the next ticket; "ticket.N" is held (locked) by the
// link with ticket N while it waits, and removed when it stops waiting. "question.lock" is the
// turn.
struct queue {
  const std::string& dir;

  std::string ticket_name(unsigned long long n) const { return "ticket." + std::to_string(n); }

  // The number of tickets handed out (under "queue.lock", shared or exclusive).
  unsigned long long issued(int counter) const {
    char buf[32] = {};
    const auto got = ::pread(counter, buf, sizeof buf - 1, 0);
    return got > 0 ? std::strtoull(buf, nullptr, 10) : 0;
  }

  // A new ticket, its file locked (the descriptor in `held`) before any other link can count it.
  std::optional<unsigned long long> take(int& held, std::size_t waiting) const {
    files::fd_guard guard(open_lock(dir, "queue.lock"));
    files::fd_guard counter(open_lock(dir, "queue"));
    if (guard.get() < 0 || counter.get() < 0 || !lock(guard.get(), LOCK_EX)) return std::nullopt;
    const auto n = issued(counter.get());
    files::fd_guard mine(open_lock(dir, ticket_name(n)));
    // Waited for, not tried: another link may be looking at this file (waits()) this moment.
    if (mine.get() < 0 || !lock(mine.get(), LOCK_EX)) return std::nullopt;
    const std::string next = std::to_string(n + 1) + "\n";
    if (::ftruncate(counter.get(), 0) != 0 || ::pwrite(counter.get(), next.data(), next.size(), 0) < 0)
      return std::nullopt;
    // A ticket left by a link that was killed while it waited goes once it is far behind.
    if (n >= 4 * waiting + 4) forget(n - 4 * waiting - 4);
    held = mine.release();
    return n;
  }

  unsigned long long now_issued() const {
    files::fd_guard guard(open_lock(dir, "queue.lock", true));
    files::fd_guard counter(open_lock(dir, "queue", true));
    if (guard.get() < 0 || counter.get() < 0 || !lock(guard.get(), LOCK_SH)) return 0;
    return issued(counter.get());
  }

  // The link with ticket `n` still waits (its file is there and locked).
  bool waits(unsigned long long n) const {
    files::fd_guard f(open_lock(dir, ticket_name(n), true));
    return f.get() >= 0 && !lock(f.get(), LOCK_EX | LOCK_NB);
  }

  void forget(unsigned long long n) const {
    files::fd_guard f(open_lock(dir, ticket_name(n), true));
    if (f.get() >= 0 && lock(f.get(), LOCK_EX | LOCK_NB))
      (void)::unlink((dir + "/" + ticket_name(n)).c_str());
  }
};

// Waits for a change in `dir`: a lock file closed (a question answered, a link gone), a ticket
// removed, a new ticket counted. False when it cannot.
bool wait_change(int watch) {
  alignas(inotify_event) char buf[4096];
  ssize_t got = 0;
  do got = ::read(watch, buf, sizeof buf);
  while (got < 0 && errno == EINTR);
  return got > 0;
}

// The usable private folder `dir`, or "".
std::string usable(std::string dir) { return xdg::ensure_private_dir(dir) ? dir : std::string(); }

}  // namespace

std::string turn_dir() {
  if (const char* run = std::getenv("XDG_RUNTIME_DIR"); run != nullptr && run[0] == '/')
    if (auto dir = usable(std::string(run) + "/mailtokit"); !dir.empty()) return dir;
  // A folder only this user can have made and use: ensure_private_dir() refuses one that is a
  // link, not a folder, or another user's (a name in /tmp anybody could have taken first).
  const char* tmp = std::getenv("TMPDIR");
  const std::string base = tmp != nullptr && tmp[0] == '/' ? tmp : "/tmp";
  return usable(base + "/mailtokit-" + std::to_string(::geteuid()));
}

std::optional<turn> wait_turn(const std::string& dir, std::size_t waiting) {
  if (dir.empty() || !xdg::ensure_private_dir(dir)) return turn(-1);
  const int fd = open_lock(dir, "question.lock");
  if (fd < 0) return turn(-1);
  files::fd_guard lock_fd(fd);
  // Watched before the ticket is taken, so that no change after it goes unseen.
  files::fd_guard watch(::inotify_init1(IN_CLOEXEC));
  if (watch.get() < 0 || ::inotify_add_watch(watch.get(), dir.c_str(),
                                             IN_CLOSE_WRITE | IN_DELETE | IN_MODIFY | IN_MOVED_TO) < 0) {
    // Without a watch: the turn in whatever order the kernel gives it, never refused.
    if (!lock(fd, LOCK_EX)) return turn(-1);
    return mine(lock_fd.release());
  }
  const queue q{dir};
  int ticket_fd = -1;
  const auto ticket_no = q.take(ticket_fd, waiting);
  const files::fd_guard ticket(ticket_fd);
  if (!ticket_no)
    return lock(fd, LOCK_EX) ? std::optional<turn>(mine(lock_fd.release())) : std::optional<turn>(turn(-1));
  const auto leave = [&] { (void)::unlink((dir + "/" + q.ticket_name(*ticket_no)).c_str()); };
  for (;;) {
    const auto issued = q.now_issued();
    // `waiting` links came after this one: the newest wait, this one leaves.
    if (issued > *ticket_no + waiting) {
      leave();
      return std::nullopt;
    }
    // Those before it that still wait go first (a link killed while waiting no longer holds its
    // ticket's lock and is passed).
    bool before = false;
    for (auto n = issued > waiting ? issued - waiting : 0; n < *ticket_no && !before; ++n)
      before = q.waits(n);
    if (!before && lock(fd, LOCK_EX | LOCK_NB)) {
      leave();
      return mine(lock_fd.release());
    }
    if (!wait_change(watch.get())) {
      leave();
      return lock(fd, LOCK_EX) ? std::optional<turn>(mine(lock_fd.release())) : std::optional<turn>(turn(-1));
    }
  }
}

std::optional<turn> take_now(const std::string& dir, const std::string& name) {
  if (dir.empty() || !xdg::ensure_private_dir(dir)) return std::nullopt;
  files::fd_guard f(open_lock(dir, name));
  if (f.get() < 0 || !lock(f.get(), LOCK_EX | LOCK_NB)) return std::nullopt;
  return mine(f.release());
}

std::string holder(const std::string& dir, const std::string& name) {
  if (dir.empty()) return {};
  files::fd_guard f(open_lock(dir, name, true));
  if (f.get() < 0 || lock(f.get(), LOCK_EX | LOCK_NB)) return {};
  char buf[24] = {};
  const auto got = ::pread(f.get(), buf, sizeof buf - 1, 0);
  std::string id(buf, got > 0 ? static_cast<std::size_t>(got) : 0);
  while (!id.empty() && id.back() == '\n') id.pop_back();
  return id.empty() ? std::string("?") : id;
}

}  // namespace mailtokit::ask
