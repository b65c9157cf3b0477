/// Files, in one place for the whole program (in the manner of fmt's os.cc): one descriptor
/// guard, one EINTR-safe write_all, one atomic writer and one private temporary file, both
/// registered with base/cleanup.hpp before they exist, so that a signal that ends the program
/// (SIGINT, SIGTERM, SIGHUP, SIGPIPE) never leaves one behind.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/errors.hpp"

namespace mailtokit::files {

/// Closes a descriptor on every path.
class fd_guard {
 public:
  explicit fd_guard(int fd) noexcept : fd_(fd) {}
  ~fd_guard();
  fd_guard(const fd_guard&) = delete;
  fd_guard& operator=(const fd_guard&) = delete;
  /// The descriptor (-1 when none).
  [[nodiscard]] int get() const noexcept { return fd_; }
  /// The descriptor, no longer closed by the guard.
  int release() noexcept;

 private:
  int fd_;
};

/// Writes all of `bytes` to `fd`, retrying after EINTR and short writes; false (errno set) on
/// an error.
[[nodiscard]] bool write_all(int fd, std::string_view bytes) noexcept;

/// Appends `bytes` random bytes (at most 32, from getrandom(2)) as lower-case hex digits to
/// `out`; false when the system gives none. For unpredictable file and folder names.
[[nodiscard]] bool random_hex(std::string& out, std::size_t bytes);

/// How write_atomic() names and places its file.
struct atomic_options {
  unsigned mode = 0600;     ///< the file's permissions
  bool replace = true;      ///< false: an existing `name` is an error (EEXIST), never replaced
  bool sync = true;         ///< fsync the file before the rename (false: many files, as batch writes)
  bool sync_dir = false;    ///< fsync the folder after the rename (the name survives a crash)
  /// The temporary is "<name>.tmp" (a stale one, left by a process killed with SIGKILL, is
  /// removed), not "<name>.<12 random hex digits>"; for names that are already unique.
  bool fixed_temp = false;
};

/// Writes `bytes` as `name` in the folder `dir_fd` (AT_FDCWD: `name` is a path) atomically: a
/// new temporary file (O_EXCL, O_NOFOLLOW) in the same folder, registered for removal before it
/// exists, given `o.mode`, written, fsync'ed, then renamed to `name`. A reader never sees a
/// partial file; on failure the temporary is removed. io_error with errno as the offset.
[[nodiscard]] errors::result<void> write_atomic(int dir_fd, const std::string& name, std::string_view bytes,
                                                 const atomic_options& o = {});

/// The system's words (strerror) for the errno that a failure of this file kept as its offset.
[[nodiscard]] std::string reason(const errors::error& e);

/// A private file (mode 0600) holding some text for another program to read, removed when the
/// object goes and, while it exists, by a signal that ends the program.
class temp_file {
 public:
  /// `bytes` in a new file "<dir>/<prefix><random>" (`dir` absolute); io_error when it cannot
  /// be written whole.
  [[nodiscard]] static errors::result<temp_file> create(const std::string& dir, std::string_view prefix,
                                                         std::string_view bytes);
  temp_file(temp_file&& other) noexcept;
  temp_file& operator=(temp_file&&) = delete;
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  ~temp_file();
  /// The file's absolute path.
  [[nodiscard]] const std::string& path() const noexcept { return path_; }

 private:
  temp_file(std::string path, int slot) : path_(std::move(path)), slot_(slot) {}
  std::string path_;
  int slot_ = -1;
};

}  // namespace mailtokit::files
