// One question at a time (ask/turn.hpp): the turn, the queue behind it, and the refusal beyond.
#include "ask/turn.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <thread>

using namespace mailtokit;

namespace {
std::string fresh_dir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "turn-test-XXXXXX").string();
  REQUIRE(::mkdtemp(tmpl.data()) != nullptr);
  return tmpl;
}
}  // namespace

// The link with ticket `n` holds its place in the queue (read from the lock itself, not guessed
// from time).
bool waits(const std::string& dir, int n) {
  const int fd = ::open((dir + "/ticket." + std::to_string(n)).c_str(), O_RDONLY | O_CLOEXEC);
  const bool taken = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) != 0;
  if (fd >= 0) ::close(fd);
  return taken;
}

void wait_until_waits(const std::string& dir, int n) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!waits(dir, n) && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
  REQUIRE(waits(dir, n));
}

TEST_CASE("one question at a time: the next waits for the turn, and a flood never keeps a later link out",
          "[turn]") {
  const std::string dir = fresh_dir() + "/mailtokit";  // made private by wait_turn
  auto first = ask::wait_turn(dir, 1);
  REQUIRE(first);
  CHECK(first->held());
  CHECK((std::filesystem::status(dir).permissions() & std::filesystem::perms::all) ==
        std::filesystem::perms::owner_all);
  // A second asker waits (its own open files, as another process has) ...
  auto second = std::async(std::launch::async, [&] { return ask::wait_turn(dir, 1).has_value(); });
  wait_until_waits(dir, 1);
  // ... and a third, with the queue full, is not refused: it waits, and the oldest waiting link
  // leaves the queue instead (its caller keeps its draft and says so).
  auto third = std::async(std::launch::async, [&] { return ask::wait_turn(dir, 1).has_value(); });
  CHECK_FALSE(second.get());
  CHECK(waits(dir, 2));
  CHECK(third.wait_for(std::chrono::milliseconds(0)) == std::future_status::timeout);
  first.reset();  // answered: the latest link asks
  CHECK(third.get());
}

TEST_CASE("the links waiting get the turn in the order they came", "[turn]") {
  const std::string dir = fresh_dir() + "/mailtokit";
  auto first = ask::wait_turn(dir, 3);
  REQUIRE(first);
  auto a = std::async(std::launch::async, [&] { return ask::wait_turn(dir, 3); });
  wait_until_waits(dir, 1);
  auto b = std::async(std::launch::async, [&] { return ask::wait_turn(dir, 3); });
  wait_until_waits(dir, 2);
  first.reset();
  auto a_turn = a.get();
  REQUIRE(a_turn);
  CHECK(a_turn->held());
  CHECK(waits(dir, 2));  // b still waits while a asks
  CHECK(b.wait_for(std::chrono::milliseconds(0)) == std::future_status::timeout);
  a_turn.reset();
  auto b_turn = b.get();
  REQUIRE(b_turn);
  CHECK(b_turn->held());
}

TEST_CASE("one question at a time also without a usable runtime folder", "[turn]") {
  auto t = ask::wait_turn("", 0);
  REQUIRE(t);
  CHECK_FALSE(t->held());
  ::unsetenv("TMPDIR");
  const std::string fallback = "/tmp/mailtokit-" + std::to_string(::geteuid());
  ::unsetenv("XDG_RUNTIME_DIR");
  CHECK(ask::turn_dir() == fallback);
  ::setenv("XDG_RUNTIME_DIR", "relative", 1);
  CHECK(ask::turn_dir() == fallback);
  // "mailtokit" in the runtime folder a file, or a link to a folder: never used, never followed.
  const std::string run = fresh_dir();
  ::setenv("XDG_RUNTIME_DIR", run.c_str(), 1);
  { std::ofstream(run + "/mailtokit") << "x"; }
  CHECK(ask::turn_dir() == fallback);
  std::filesystem::remove(run + "/mailtokit");
  const std::string elsewhere = fresh_dir();
  std::filesystem::create_directory_symlink(elsewhere, run + "/mailtokit");
  CHECK(ask::turn_dir() == fallback);
  std::filesystem::remove(run + "/mailtokit");
  CHECK(ask::turn_dir() == run + "/mailtokit");
  // The temporary folder of this user's choice, when set.
  const std::string tmp = fresh_dir();
  ::setenv("TMPDIR", tmp.c_str(), 1);
  ::unsetenv("XDG_RUNTIME_DIR");
  CHECK(ask::turn_dir() == tmp + "/mailtokit-" + std::to_string(::geteuid()));
  ::unsetenv("TMPDIR");
}
