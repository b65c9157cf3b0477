#include "launch/process.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "mailtokit/result.hpp"

using namespace mailtokit;
using namespace mailtokit::launch;

TEST_CASE("the terminal prefix", "[process]") {
  using V = std::vector<std::string>;
  CHECK(*terminal_prefix(std::nullopt, std::nullopt) == V{"x-terminal-emulator", "-e"});
  CHECK(*terminal_prefix(std::nullopt, "foot") == V{"foot", "-e"});
  CHECK(*terminal_prefix(std::nullopt, "kitty --single-instance") == V{"x-terminal-emulator", "-e"});
  CHECK(*terminal_prefix("\"/opt/my term/term\" --exec", "foot") == V{"/opt/my term/term", "--exec"});
  CHECK(terminal_prefix("term %u", std::nullopt).error().code == errors::errc::exec_syntax);
}

TEST_CASE("programs are found in PATH", "[process]") {
  auto sh = find_program("sh");
  REQUIRE(sh);
  CHECK(sh->front() == '/');
  CHECK(find_program("mailtokit-no-such-program").error().code == errors::errc::not_found);
  CHECK(*find_program(*sh) == *sh);
  CHECK_FALSE(find_program("/etc/passwd"));  // not executable
  CHECK_FALSE(find_program(""));
}

TEST_CASE("spawn runs argv without a shell", "[process]") {
  CHECK(*spawn({"true"}, {true, false}) == 0);
  CHECK(*spawn({"false"}, {true, false}) == 1);
  CHECK(spawn({"mailtokit-no-such-program"}, {true, false}).error().code == errors::errc::not_found);
  CHECK(spawn({}, {}).error().code == errc::empty_input);
  CHECK(spawn({"echo", std::string("a\0b", 3)}, {true, false}).error() == errors::error{errors::errc::spawn_failed, 1});

  // Shell syntax is just bytes in one argument.
  auto echo = run_capture({"printf", "%s|", "a b", "$(id)", "`id`;x", "-n"});
  REQUIRE(echo);
  CHECK(echo->status == 0);
  CHECK(echo->out == "a b|$(id)|`id`;x|-n|");

  // stdin is /dev/null.
  auto in = run_capture({"readlink", "/proc/self/fd/0"});
  REQUIRE(in);
  CHECK(in->out == "/dev/null\n");

  // Descriptors above 2 are closed, even without O_CLOEXEC.
  const int fd = open("/dev/null", O_RDONLY);
  REQUIRE(fd >= 0);
  REQUIRE(dup2(fd, 57) == 57);
  auto fds = run_capture({"ls", "/proc/self/fd"});
  close(57);
  close(fd);
  REQUIRE(fds);
  CHECK(fds->out.find("57") == std::string::npos);

  // A new session, when asked for.
  CHECK(*spawn({"python3", "-c", "import os,sys; sys.exit(0 if os.getsid(0) == os.getpid() else 1)"}, {true, true}) == 0);
  CHECK(*spawn({"python3", "-c", "import os,sys; sys.exit(0 if os.getsid(0) == os.getpid() else 1)"}, {true, false}) == 1);

  // The output cap.
  auto big = run_capture({"head", "-c", "100000", "/dev/zero"}, 1000);
  REQUIRE(big);
  CHECK(big->out.size() == 1000);
  CHECK(big->status == 0);
}

namespace {
// Whether `path` exists within 20 s (a real condition waited for, checked every 20 ms).
bool appears(const std::filesystem::path& path) {
  for (int i = 0; i < 1000; ++i) {
    if (std::filesystem::exists(path)) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}
}  // namespace

TEST_CASE("the lifeline: the child's stdin ends when its caller is killed", "[process]") {
  auto in = run_capture({"readlink", "/proc/self/fd/0"}, 4096, true);
  REQUIRE(in);
  CHECK(in->out.rfind("pipe:", 0) == 0);
  auto fds = run_capture({"ls", "/proc/self/fd"}, 4096, true);
  REQUIRE(fds);
  CHECK(fds->out == "0\n1\n2\n3\n");  // 3: ls's own listing of the folder; no other end leaks

  // A caller waiting in run_capture() is killed: the child reads the end of its input.
  std::string tmpl = (std::filesystem::temp_directory_path() / "lifeline-XXXXXX").string();
  REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
  const std::filesystem::path dir = tmpl;
  const pid_t caller = fork();
  REQUIRE(caller >= 0);
  if (caller == 0) {
    const std::string script = "echo > '" + (dir / "started").string() + "'; cat >/dev/null; echo > '" +
                               (dir / "ended").string() + "'";
    (void)run_capture({"sh", "-c", script}, 4096, true);
    _exit(0);
  }
  REQUIRE(appears(dir / "started"));
  CHECK_FALSE(std::filesystem::exists(dir / "ended"));  // still waiting on its input
  ::kill(caller, SIGKILL);
  int status = 0;
  REQUIRE(::waitpid(caller, &status, 0) == caller);
  CHECK(appears(dir / "ended"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("the activation token is lent to one window, then dropped", "[process]") {
  auto get = [](const char* name) -> std::string {
    const char* v = std::getenv(name);
    return v != nullptr ? v : "(unset)";
  };
  unsetenv("DESKTOP_STARTUP_ID");
  unsetenv("XDG_ACTIVATION_TOKEN");
  CHECK(activation_token().empty());
  {
    const window_token none;  // no token: nothing set
    CHECK(get("DESKTOP_STARTUP_ID") == "(unset)");
  }
  setenv("XDG_ACTIVATION_TOKEN", "tok-1", 1);
  CHECK(activation_token() == "tok-1");
  {
    const window_token lent;  // GTK 3 reads DESKTOP_STARTUP_ID only
    CHECK(get("DESKTOP_STARTUP_ID") == "tok-1");
  }
  CHECK(get("DESKTOP_STARTUP_ID") == "(unset)");
  CHECK(get("XDG_ACTIVATION_TOKEN") == "(unset)");
  CHECK(activation_token().empty());
  setenv("DESKTOP_STARTUP_ID", "tok-2", 1);
  { const window_token lent; }
  CHECK(get("DESKTOP_STARTUP_ID") == "(unset)");
}
