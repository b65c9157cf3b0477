// Files for the program's unit tests: a private folder removed at the end of the test, a file's
// bytes written and read back.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

/// A new private folder (mkdtemp) under `base`, its real path (no symbolic link in it); removed with
/// everything in it when the test ends.
struct temp_dir {
  std::string path;
  explicit temp_dir(std::string_view name = "mailtokit-test",
                    const std::filesystem::path& base = std::filesystem::temp_directory_path()) {
    std::string tmpl = (base / (std::string(name) + "-XXXXXX")).string();
    REQUIRE(mkdtemp(tmpl.data()) != nullptr);
    char* real = realpath(tmpl.c_str(), nullptr);
    REQUIRE(real != nullptr);
    path = real;
    std::free(real);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  ~temp_dir() {
    std::error_code ec;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path, ec);
  }
};

/// `bytes` as the file `p`.
inline void write_file(const std::string& p, std::string_view bytes) {
  std::ofstream out(p, std::ios::binary);
  out << bytes;
  REQUIRE(out.good());
}

/// The bytes of the file `p` ("" when it cannot be read).
inline std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// What this process writes to the descriptor `fd` (1 or 2) between construction and text(), kept
/// in a private file instead (stdio flushed at both ends); `fd` is given back by text().
class fd_capture {
 public:
  explicit fd_capture(int fd) : fd_(fd), saved_(::dup(fd)) {
    std::fflush(nullptr);
    const int to = ::open((dir_.path + "/captured").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    REQUIRE((saved_ >= 0 && to >= 0));
    ::dup2(to, fd_);
    ::close(to);
  }
  fd_capture(const fd_capture&) = delete;
  fd_capture& operator=(const fd_capture&) = delete;
  ~fd_capture() { restore(); }
  /// What was written, the descriptor given back.
  std::string text() {
    restore();
    return slurp(dir_.path + "/captured");
  }

 private:
  void restore() {
    if (saved_ < 0) return;
    std::fflush(nullptr);
    ::dup2(saved_, fd_);
    ::close(saved_);
    saved_ = -1;
  }
  temp_dir dir_{"mailtokit-capture"};
  int fd_;
  int saved_;
};
