// The list of mail links that waited (open_link/waiting.hpp): a link put aside is kept, private,
// newest first, once however often it comes, bounded, and taken out only by its own name.
#include "open_link/waiting.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

#include "../temp_files.hpp"

using namespace mailtokit::open_link;

TEST_CASE("a link put aside is listed, newest first, in a private folder", "[waiting]") {
  temp_dir t;
  const std::string dir = waiting_dir(t.path);
  CHECK(dir == t.path + "/waiting");
  CHECK(list_waiting(dir).empty());
  CHECK(put_aside(dir, "mailto:a@example.org").kept);
  CHECK(put_aside(dir, "mailto:b@example.org").kept);
  const auto links = list_waiting(dir);
  REQUIRE(links.size() == 2);
  CHECK(links[0].link == "mailto:b@example.org");
  CHECK(links[1].link == "mailto:a@example.org");
  CHECK(links[0].put_aside >= links[1].put_aside);
  struct stat st {};
  REQUIRE(::stat(dir.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0700);
  REQUIRE(::stat((dir + "/" + links[0].name).c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
}

TEST_CASE("the same link again moves to the top, with no second copy", "[waiting]") {
  temp_dir t;
  const std::string dir = waiting_dir(t.path);
  (void)put_aside(dir, "mailto:a@example.org");
  (void)put_aside(dir, "mailto:b@example.org");
  const auto again = put_aside(dir, "mailto:a@example.org");
  CHECK(again.kept);
  CHECK(again.already);
  const auto links = list_waiting(dir);
  REQUIRE(links.size() == 2);
  CHECK(links[0].link == "mailto:a@example.org");
}

TEST_CASE("a full list drops its oldest links, and says how many", "[waiting]") {
  temp_dir t;
  const std::string dir = waiting_dir(t.path);
  std::size_t dropped = 0;
  for (std::size_t k = 0; k < max_waiting_kept + 5; ++k)
    dropped += put_aside(dir, "mailto:a" + std::to_string(k) + "@example.org").dropped;
  CHECK(dropped == 5);
  const auto links = list_waiting(dir);
  REQUIRE(links.size() == max_waiting_kept);
  CHECK(links.front().link == "mailto:a" + std::to_string(max_waiting_kept + 4) + "@example.org");
  CHECK(links.back().link == "mailto:a5@example.org");
}

TEST_CASE("a link is taken out by its name only, and forget empties the list", "[waiting]") {
  temp_dir t;
  const std::string dir = waiting_dir(t.path);
  (void)put_aside(dir, "mailto:a@example.org");
  (void)put_aside(dir, "mailto:b@example.org");
  auto links = list_waiting(dir);
  CHECK_FALSE(take_waiting(dir, "../" + links[0].name));
  CHECK_FALSE(take_waiting(dir, "config"));
  const auto got = take_waiting(dir, links[1].name);
  REQUIRE(got);
  CHECK(*got == "mailto:a@example.org");
  CHECK_FALSE(take_waiting(dir, links[1].name));  // taken once
  CHECK(list_waiting(dir).size() == 1);
  CHECK(forget_waiting(dir) == 1);
  CHECK(list_waiting(dir).empty());
}

TEST_CASE("a list that is a symbolic link, or a link too long for an argument, is refused", "[waiting]") {
  temp_dir t;
  temp_dir elsewhere;
  const std::string dir = waiting_dir(t.path);
  REQUIRE(::symlink(elsewhere.path.c_str(), dir.c_str()) == 0);
  CHECK_FALSE(put_aside(dir, "mailto:a@example.org").kept);
  temp_dir u;
  CHECK_FALSE(put_aside(waiting_dir(u.path), "mailto:a@example.org?body=" + std::string(200000, 'x')).kept);
  // A file planted in the folder as a symbolic link is never read as a link.
  const std::string ok_dir = waiting_dir(u.path);
  REQUIRE(put_aside(ok_dir, "mailto:a@example.org").kept);
  write_file(elsewhere.path + "/secret", "mailto:x@example.org");
  const auto name = list_waiting(ok_dir)[0].name;
  std::string planted = name;
  planted[1] = '0';  // older than the real one, and named as the list names its files
  REQUIRE(::symlink((elsewhere.path + "/secret").c_str(), (ok_dir + "/" + planted).c_str()) == 0);
  CHECK(list_waiting(ok_dir).size() == 1);
}
