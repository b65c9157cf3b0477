#include "base/cleanup.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

using namespace mailtokit;

namespace {

// A fresh directory under TMPDIR (or /tmp), removed by the caller.
std::string make_dir() {
  const char* base = std::getenv("TMPDIR");
  std::string dir = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/cleanup_test.XXXXXX";
  REQUIRE(::mkdtemp(dir.data()) != nullptr);
  return dir;
}

bool exists(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0;
}

// Runs `body` in a child process and returns its wait status.
template <class Body>
int in_child(Body body) {
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    body();
    ::_exit(0);
  }
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  return status;
}

}  // namespace

TEST_CASE("a signal removes the registered files and still ends the process", "[cleanup]") {
  const std::string dir = make_dir();
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  REQUIRE(dir_fd >= 0);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    INFO(sig);
    const int status = in_child([&] {
      cleanup::install_handlers();
      // One file registered and created, one still being created (its creator interrupted), one
      // forgotten after its rename (it must stay).
      const int a = cleanup::reserve(dir_fd, "a.tmp");
      const int fa = ::openat(dir_fd, "a.tmp", O_WRONLY | O_CREAT | O_EXCL, 0600);
      cleanup::created(a);
      const int b = cleanup::reserve(AT_FDCWD, dir + "/b.tmp");
      const int fb = ::open((dir + "/b.tmp").c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
      (void)b;  // created() never called: the handler waits a moment, then removes it anyway
      const int c = cleanup::reserve(dir_fd, "c.tmp");
      const int fc = ::openat(dir_fd, "c.tmp", O_WRONLY | O_CREAT | O_EXCL, 0600);
      cleanup::created(c);
      if (fa < 0 || fb < 0 || fc < 0 || ::renameat(dir_fd, "c.tmp", dir_fd, "c.eml") != 0) ::_exit(3);
      cleanup::forget(c);
      ::raise(sig);
      ::_exit(4);  // not reached: the signal ends the process
    });
    CHECK(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == sig);
    CHECK_FALSE(exists(dir + "/a.tmp"));
    CHECK_FALSE(exists(dir + "/b.tmp"));
    CHECK(exists(dir + "/c.eml"));
    ::unlink((dir + "/c.eml").c_str());
  }
  ::close(dir_fd);
  ::rmdir(dir.c_str());
}

TEST_CASE("without a signal nothing is removed, and slots are reused", "[cleanup]") {
  const std::string dir = make_dir();
  const int status = in_child([&] {
    cleanup::install_handlers();
    for (int i = 0; i < 3 * cleanup::max_files; ++i) {
      const int slot = cleanup::reserve(AT_FDCWD, dir + "/x.tmp");
      if (slot < 0 || cleanup::dying()) ::_exit(5);
      cleanup::created(slot);
      cleanup::forget(slot);
    }
    // All slots taken: -1, and the process is not ending.
    for (int i = 0; i < cleanup::max_files; ++i)
      if (cleanup::reserve(AT_FDCWD, "y") < 0) ::_exit(6);
    if (cleanup::reserve(AT_FDCWD, "y") != -1 || cleanup::dying()) ::_exit(7);
    // A name too long to keep is not protected.
    if (cleanup::reserve(AT_FDCWD, std::string(5000, 'n')) != -1) ::_exit(8);
    ::close(::open((dir + "/kept").c_str(), O_WRONLY | O_CREAT, 0600));
  });
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(exists(dir + "/kept"));
  ::unlink((dir + "/kept").c_str());
  ::rmdir(dir.c_str());
}

TEST_CASE("a signal ignored at start stays ignored", "[cleanup]") {
  const int status = in_child([] {
    ::signal(SIGHUP, SIG_IGN);  // as nohup does
    cleanup::install_handlers();
    ::raise(SIGHUP);
    ::_exit(0);
  });
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
}
