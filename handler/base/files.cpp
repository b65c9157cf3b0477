#include "base/files.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "base/cleanup.hpp"
#include "mailtokit/chars.hpp"

namespace mailtokit::files {

fd_guard::~fd_guard() {
  if (fd_ >= 0) ::close(fd_);
}

int fd_guard::release() noexcept { return std::exchange(fd_, -1); }

bool write_all(int fd, std::string_view bytes) noexcept {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

bool random_hex(std::string& out, std::size_t bytes) {
  std::array<unsigned char, 32> buf{};
  if (bytes > buf.size()) return false;
  std::size_t got = 0;
  while (got < bytes) {
    const ssize_t n = getrandom(buf.data() + got, bytes - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    got += static_cast<std::size_t>(n);
  }
  for (std::size_t i = 0; i < bytes; ++i) {
    out += chars::hex_lower[buf[i] >> 4];
    out += chars::hex_lower[buf[i] & 15];
  }
  return true;
}

namespace {

constexpr int create_flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;

errors::error io_error(int e) { return errors::fail(errors::errc::io_error, static_cast<std::size_t>(e)); }

// A new file `name` in `dir_fd`, registered with cleanup before it exists (a signal while
// openat() runs waits for it, then removes it): its descriptor and slot, or errno.
struct created_file {
  int fd = -1;
  int slot = -1;
  int error = 0;
};
created_file create_registered(int dir_fd, const std::string& name, unsigned mode, bool remove_stale) {
  created_file c;
  c.slot = cleanup::reserve(dir_fd, name);
  if (c.slot < 0 && cleanup::dying()) {
    c.error = EINTR;
    return c;
  }
  c.fd = ::openat(dir_fd, name.c_str(), create_flags, static_cast<mode_t>(mode));
  if (c.fd < 0 && errno == EEXIST && remove_stale) {
    (void)::unlinkat(dir_fd, name.c_str(), 0);
    c.fd = ::openat(dir_fd, name.c_str(), create_flags, static_cast<mode_t>(mode));
  }
  c.error = c.fd < 0 ? errno : 0;
  cleanup::created(c.slot);
  if (c.fd < 0) {
    cleanup::forget(c.slot);
    c.slot = -1;
  }
  return c;
}

// A temporary beside `name`, created and registered (up to 100 names when they are random).
created_file create_temp(int dir_fd, const std::string& name, const atomic_options& o, std::string& tmp) {
  created_file c;
  for (int attempt = 0; attempt < 100; ++attempt) {
    tmp = name + (o.fixed_temp ? ".tmp" : ".");
    if (!o.fixed_temp && !random_hex(tmp, 6)) return {-1, -1, EIO};
    c = create_registered(dir_fd, tmp, o.mode, o.fixed_temp);
    if (c.fd >= 0 || c.error != EEXIST || o.fixed_temp) break;
  }
  return c;
}

}  // namespace

errors::result<void> write_atomic(int dir_fd, const std::string& name, std::string_view bytes,
                                   const atomic_options& o) {
  std::string tmp;
  const created_file c = create_temp(dir_fd, name, o, tmp);
  if (c.fd < 0) return io_error(c.error);
  fd_guard fd(c.fd);
  // fchmod: the umask may have taken bits off the mode asked for.
  bool ok = ::fchmod(fd.get(), static_cast<mode_t>(o.mode)) == 0 && write_all(fd.get(), bytes) &&
            (!o.sync || ::fsync(fd.get()) == 0);
  int e = ok ? 0 : errno;
  ok = ::close(fd.release()) == 0 && ok;
  if (ok) {
    const int renamed = o.replace ? ::renameat(dir_fd, tmp.c_str(), dir_fd, name.c_str())
                                  : ::renameat2(dir_fd, tmp.c_str(), dir_fd, name.c_str(), RENAME_NOREPLACE);
    ok = renamed == 0;
  }
  if (!ok) {
    if (e == 0) e = errno;
    (void)::unlinkat(dir_fd, tmp.c_str(), 0);
    cleanup::forget(c.slot);
    return io_error(e);
  }
  cleanup::forget(c.slot);
  if (o.sync_dir && dir_fd != AT_FDCWD) (void)::fsync(dir_fd);
  return {};
}

std::string reason(const errors::error& e) { return std::strerror(static_cast<int>(e.offset)); }

errors::result<temp_file> temp_file::create(const std::string& dir, std::string_view prefix, std::string_view bytes) {
  if (dir.empty() || dir.front() != '/') return io_error(EINVAL);
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string path = dir + "/" + std::string(prefix);
    if (!random_hex(path, 8)) return io_error(EIO);
    const created_file c = create_registered(AT_FDCWD, path, 0600, false);
    if (c.fd < 0) {
      if (c.error == EEXIST) continue;
      return io_error(c.error);
    }
    temp_file f(std::move(path), c.slot);  // removed from here on, whatever happens
    fd_guard fd(c.fd);
    if (!write_all(fd.get(), bytes)) return io_error(errno);
    if (::close(fd.release()) != 0) return io_error(errno);
    return f;
  }
  return io_error(EEXIST);
}

temp_file::temp_file(temp_file&& other) noexcept
    : path_(std::exchange(other.path_, std::string())), slot_(std::exchange(other.slot_, -1)) {}

temp_file::~temp_file() {
  if (path_.empty()) return;
  (void)::unlink(path_.c_str());
  cleanup::forget(slot_);
}

}  // namespace mailtokit::files
