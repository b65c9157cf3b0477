// One question at a time (ask/turn.hpp): the turn, the queue behind it, and the refusal beyond.
#include "ask/turn.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
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

TEST_CASE("one question at a time: the next waits for the turn, the ones beyond the queue are refused",
          "[turn]") {
  const std::string dir = fresh_dir() + "/mailtokit";  // made private by wait_turn
  auto first = ask::wait_turn(dir, 1);
  REQUIRE(first);
  CHECK(first->held());
  CHECK((std::filesystem::status(dir).permissions() & std::filesystem::perms::all) == std::filesystem::perms::owner_all);
  // A second asker waits (its own open file, as another process has) ...
  auto second = std::async(std::launch::async, [&] { return ask::wait_turn(dir, 1).has_value(); });
  // ... and once it holds its place in the queue (read from the lock itself, not guessed from
  // time), a third finds the queue full and is refused at once.
  const auto place_taken = [&] {
    const int fd = ::open((dir + "/waiting.0").c_str(), O_RDWR | O_CLOEXEC);
    const bool taken = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) != 0;
    if (fd >= 0) ::close(fd);
    return taken;
  };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!place_taken() && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
  REQUIRE(place_taken());
  auto third = ask::wait_turn(dir, 1);
  CHECK_FALSE(third.has_value());
  CHECK(second.wait_for(std::chrono::milliseconds(0)) == std::future_status::timeout);
  first.reset();  // answered: the second asks
  CHECK(second.get());
}

TEST_CASE("without a runtime folder the question is still asked", "[turn]") {
  auto t = ask::wait_turn("", 0);
  REQUIRE(t);
  CHECK_FALSE(t->held());
  ::setenv("XDG_RUNTIME_DIR", "relative", 1);
  CHECK(ask::turn_dir().empty());
  ::setenv("XDG_RUNTIME_DIR", "/run/user/1000", 1);
  CHECK(ask::turn_dir() == "/run/user/1000/mailtokit");
}
