#include "xdg/drafts.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <ctime>

#include "mailtokit/chars.hpp"

namespace mailtokit::drafts {

std::string folder_in(std::string_view state_home) { return std::string(state_home) + "/mailtokit/drafts"; }
namespace {

// Closes a descriptor on every path.
class fd_guard {
 public:
  explicit fd_guard(int fd) : fd_(fd) {}
  ~fd_guard() {
    if (fd_ >= 0) close(fd_);
  }
  fd_guard(const fd_guard&) = delete;
  fd_guard& operator=(const fd_guard&) = delete;
  [[nodiscard]] int get() const { return fd_; }
  int release() {
    const int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};


bool is_draft_name(std::string_view name) {
  if (name.substr(0, 6) != "draft-") return false;
  auto ends = [&](std::string_view s) { return name.size() > s.size() + 6 && name.substr(name.size() - s.size()) == s; };
  return ends(".eml") || ends(".eml.tmp");
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

}  // namespace

program::result<void> ensure_private_dir(const std::string& dir) {
  if (dir.empty() || dir.front() != '/' || dir.find('\0') != std::string::npos) return fail(program::errc::io_error, 0);
  // XDG Base Directory Specification: "If, when attempting to write a file, the destination
  // directory is non-existent an attempt should be made to create it with permission 0700."
  for (std::size_t slash = dir.find('/', 1);; slash = dir.find('/', slash + 1)) {
    const std::string prefix = dir.substr(0, slash);
    if (mkdir(prefix.c_str(), 0700) != 0 && errno != EEXIST) return fail(program::errc::io_error, prefix.size());
    if (slash == std::string::npos) break;
  }
  struct stat st {};
  if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
    return fail(program::errc::io_error, 0);
  if ((st.st_mode & 077) != 0 && chmod(dir.c_str(), 0700) != 0) return fail(program::errc::io_error, 0);
  return {};
}

program::result<std::string> write_draft(const std::string& dir, std::string_view bytes) {
  if (dir.empty() || dir.front() != '/') return fail(program::errc::io_error, 0);
  fd_guard dfd(open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (dfd.get() < 0) return fail(program::errc::io_error, 0);
  for (int attempt = 0; attempt < 8; ++attempt) {
    std::string name = "draft-";
    if (!random_hex(name, 16)) return fail(program::errc::io_error, 0);
    name += ".eml";
    const std::string tmp = name + ".tmp";
    int raw = openat(dfd.get(), tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (raw < 0) {
      if (errno == EEXIST) continue;
      return fail(program::errc::io_error, 0);
    }
    fd_guard fd(raw);
    const bool written = fchmod(fd.get(), 0600) == 0 && write_all(fd.get(), bytes) && fsync(fd.get()) == 0;
    const bool closed = close(fd.release()) == 0;
    if (!written || !closed) {
      unlinkat(dfd.get(), tmp.c_str(), 0);
      return fail(program::errc::io_error, 0);
    }
    if (renameat2(dfd.get(), tmp.c_str(), dfd.get(), name.c_str(), RENAME_NOREPLACE) != 0) {
      const int err = errno;
      unlinkat(dfd.get(), tmp.c_str(), 0);
      if (err == EEXIST) continue;
      return fail(program::errc::io_error, 0);
    }
    fsync(dfd.get());
    std::string path = dir;
    if (path.back() != '/') path += '/';
    return path + name;
  }
  return fail(program::errc::io_error, 0);
}

program::result<std::size_t> clean_old(const std::string& dir, std::chrono::seconds max_age) {
  const int raw = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (raw < 0) {
    if (errno == ENOENT) return std::size_t{0};
    return fail(program::errc::io_error, 0);
  }
  DIR* d = fdopendir(raw);
  if (d == nullptr) {
    close(raw);
    return fail(program::errc::io_error, 0);
  }
  const std::time_t cutoff = std::time(nullptr) - static_cast<std::time_t>(max_age.count());
  std::size_t removed = 0;
  while (const dirent* e = readdir(d)) {
    const std::string_view name = e->d_name;
    if (name.substr(0, 7) == "attach-" && name.size() > 7) {
      // A folder of attachments::copy_for_handover(): its regular files, then the folder.
      struct stat st {};
      if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode)) continue;
      if (st.st_mtime >= cutoff) continue;
      const int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0) continue;
      if (DIR* sd = fdopendir(sub)) {
        while (const dirent* f = readdir(sd)) {
          struct stat fs {};
          if (fstatat(dirfd(sd), f->d_name, &fs, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(fs.st_mode))
            (void)unlinkat(dirfd(sd), f->d_name, 0);
        }
        closedir(sd);
      } else {
        close(sub);
      }
      if (unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) == 0) ++removed;
      continue;
    }
    if (!is_draft_name(name)) continue;
    struct stat st {};
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) continue;
    if (st.st_mtime >= cutoff) continue;
    if (unlinkat(dirfd(d), e->d_name, 0) == 0) ++removed;
  }
  closedir(d);
  return removed;
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

}  // namespace mailtokit::drafts
