#include "base/files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "base/cleanup.hpp"

using namespace mailtokit;

namespace {

// A fresh folder under TMPDIR (or /tmp), emptied and removed when the test ends.
struct folder {
  std::string path;
  folder() {
    const char* base = std::getenv("TMPDIR");
    path = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/files_test.XXXXXX";
    REQUIRE(::mkdtemp(path.data()) != nullptr);
  }
  ~folder() {
    for (const auto& n : names()) ::unlink((path + "/" + n).c_str());
    ::rmdir(path.c_str());
  }
  [[nodiscard]] std::set<std::string> names() const {
    std::set<std::string> out;
    if (DIR* d = ::opendir(path.c_str())) {
      while (const dirent* e = ::readdir(d))
        if (std::string n = e->d_name; n != "." && n != "..") out.insert(n);
      ::closedir(d);
    }
    return out;
  }
};

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

unsigned mode_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 07777;
}

}  // namespace

TEST_CASE("write_atomic: the whole file or nothing, in the mode asked, no temporary left", "[files]") {
  folder f;
  const std::string p = f.path + "/a.txt";
  REQUIRE(files::write_atomic(AT_FDCWD, p, "one\n"));
  CHECK(read(p) == "one\n");
  CHECK(mode_of(p) == 0600);
  REQUIRE(files::write_atomic(AT_FDCWD, p, "two\n", {.mode = 0644}));
  CHECK(read(p) == "two\n");
  CHECK(mode_of(p) == 0644);
  CHECK(f.names() == std::set<std::string>{"a.txt"});

  // replace = false never replaces: EEXIST in the error's offset, the old bytes kept.
  auto again = files::write_atomic(AT_FDCWD, p, "three\n", {.replace = false});
  REQUIRE_FALSE(again);
  CHECK(again.error().code == errors::errc::io_error);
  CHECK(again.error().offset == EEXIST);
  CHECK(read(p) == "two\n");
  CHECK(f.names() == std::set<std::string>{"a.txt"});

  // A folder that is not there: the errno, and the system's words for it.
  auto missing = files::write_atomic(AT_FDCWD, f.path + "/no/such/x", "x");
  REQUIRE_FALSE(missing);
  CHECK(missing.error().offset == ENOENT);
  CHECK(files::reason(missing.error()) == std::string(std::strerror(ENOENT)));
}

TEST_CASE("write_atomic in a folder: a stale fixed temporary is replaced, the folder synced", "[files]") {
  folder f;
  const int dir = ::open(f.path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  REQUIRE(dir >= 0);
  {
    std::ofstream stale(f.path + "/000000001.eml.tmp");
    stale << "left by a run killed with SIGKILL";
  }
  REQUIRE(files::write_atomic(dir, "000000001.eml", "message", {.sync = false, .sync_dir = true, .fixed_temp = true}));
  CHECK(read(f.path + "/000000001.eml") == "message");
  CHECK(f.names() == std::set<std::string>{"000000001.eml"});
  ::close(dir);
}

TEST_CASE("write_all writes everything and reports a failed write", "[files]") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  CHECK(files::write_all(fds[1], "hello"));
  char buf[8] = {};
  CHECK(::read(fds[0], buf, sizeof buf) == 5);
  CHECK(std::string(buf) == "hello");
  ::close(fds[0]);
  // The reader is gone: EPIPE (SIGPIPE ignored for the test), never a loop.
  struct sigaction ignore {}, old {};
  ignore.sa_handler = SIG_IGN;
  ::sigaction(SIGPIPE, &ignore, &old);
  CHECK_FALSE(files::write_all(fds[1], "x"));
  CHECK(errno == EPIPE);
  ::sigaction(SIGPIPE, &old, nullptr);
  ::close(fds[1]);
  CHECK_FALSE(files::write_all(-1, "x"));
}

TEST_CASE("random_hex: lower-case hex digits, at most 32 bytes", "[files]") {
  std::string a = "x-", b;
  REQUIRE(files::random_hex(a, 16));
  REQUIRE(files::random_hex(b, 16));
  CHECK(a.size() == 2 + 32);
  CHECK(a.find_first_not_of("0123456789abcdef", 2) == std::string::npos);
  CHECK(a.substr(2) != b);
  std::string c;
  CHECK_FALSE(files::random_hex(c, 33));
  CHECK(c.empty());
}

TEST_CASE("temp_file: private, whole, removed when it goes and when a signal ends the program", "[files]") {
  folder f;
  std::string path;
  {
    auto t = files::temp_file::create(f.path, "mailtokit-question-", "the question");
    REQUIRE(t);
    path = t->path();
    CHECK(path.rfind(f.path + "/mailtokit-question-", 0) == 0);
    CHECK(read(path) == "the question");
    CHECK(mode_of(path) == 0600);
    files::temp_file moved(std::move(*t));  // the moved-from one removes nothing
    CHECK(moved.path() == path);
  }
  CHECK(f.names().empty());
  CHECK_FALSE(files::temp_file::create("relative", "x-", "y"));

  // SIGTERM while the file is open for the window: removed, and the process still ends by it.
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    cleanup::install_handlers();
    auto t = files::temp_file::create(f.path, "mailtokit-question-", "asked");
    if (!t) ::_exit(3);
    ::raise(SIGTERM);
    ::_exit(4);  // not reached
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGTERM);
  CHECK(f.names().empty());
}
