#include "xdg/drafts.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "../temp_files.hpp"

using namespace mailtokit;
namespace fs = std::filesystem;

namespace {

unsigned mode_of(const std::string& p) {
  struct stat st {};
  REQUIRE(lstat(p.c_str(), &st) == 0);
  return st.st_mode & 07777;
}

void age(const std::string& p, long seconds) {
  struct timespec times[2];
  times[0].tv_sec = times[1].tv_sec = time(nullptr) - seconds;
  times[0].tv_nsec = times[1].tv_nsec = 0;
  REQUIRE(utimensat(AT_FDCWD, p.c_str(), times, AT_SYMLINK_NOFOLLOW) == 0);
}

}  // namespace

TEST_CASE("the draft directory is created private", "[drafts]") {
  temp_dir t("mailtokit-drafts");
  const std::string dir = t.path + "/state/mailtokit/drafts";
  REQUIRE(xdg::ensure_private_dir(dir));
  CHECK(mode_of(dir) == 0700);
  CHECK(mode_of(t.path + "/state/mailtokit") == 0700);
  // An existing directory with group/other access is narrowed.
  REQUIRE(chmod(dir.c_str(), 0755) == 0);
  REQUIRE(xdg::ensure_private_dir(dir));
  CHECK(mode_of(dir) == 0700);
  // A symbolic link in its place is refused.
  const std::string link = t.path + "/link";
  REQUIRE(symlink(dir.c_str(), link.c_str()) == 0);
  CHECK(xdg::ensure_private_dir(link).error().code == errors::errc::io_error);
  CHECK_FALSE(xdg::ensure_private_dir("relative/dir"));
}

TEST_CASE("drafts are written atomically, 0600, with unique names", "[drafts]") {
  temp_dir t("mailtokit-drafts");
  REQUIRE(xdg::ensure_private_dir(t.path + "/d"));
  std::set<std::string> names;
  for (int i = 0; i < 50; ++i) {
    const std::string body = "Subject: draft " + std::to_string(i) + "\r\n\r\nbody\r\n";
    auto p = xdg::write_draft(t.path + "/d", body);
    REQUIRE(p);
    CHECK(p->rfind(t.path + "/d/draft-", 0) == 0);
    CHECK(p->size() == (t.path + "/d/draft-").size() + 32 + 4);
    CHECK(p->substr(p->size() - 4) == ".eml");
    CHECK(mode_of(*p) == 0600);
    CHECK(slurp(*p) == body);
    names.insert(*p);
  }
  CHECK(names.size() == 50);
  for (const auto& e : fs::directory_iterator(t.path + "/d"))
    CHECK(e.path().extension() == ".eml");  // no temporary file left behind
  CHECK(xdg::write_draft(t.path + "/missing", "x").error().code == errors::errc::io_error);
}

TEST_CASE("old drafts are cleaned, nothing else", "[drafts]") {
  temp_dir t("mailtokit-drafts");
  const std::string dir = t.path + "/d";
  REQUIRE(xdg::ensure_private_dir(dir));
  auto fresh = xdg::write_draft(dir, "fresh");
  auto old = xdg::write_draft(dir, "old");
  REQUIRE(fresh);
  REQUIRE(old);
  age(*old, 8 * 86400);
  const std::string other = dir + "/notes.txt";
  std::ofstream(other) << "keep me";
  age(other, 30 * 86400);
  const std::string old_tmp = dir + "/draft-0123.eml.tmp";
  std::ofstream(old_tmp) << "partial";
  age(old_tmp, 30 * 86400);
  const std::string target = t.path + "/precious.eml";
  std::ofstream(target) << "not ours";
  const std::string link = dir + "/draft-link.eml";
  REQUIRE(symlink(target.c_str(), link.c_str()) == 0);
  age(link, 30 * 86400);

  // Attachment copies: an old folder goes with its file; a fresh one and a link to a folder stay.
  const std::string old_copies = dir + "/attach-00ff", new_copies = dir + "/attach-11aa";
  fs::create_directories(old_copies);
  fs::create_directories(new_copies);
  std::ofstream(old_copies + "/report.odt") << "sent";
  std::ofstream(new_copies + "/report.odt") << "being sent";
  age(old_copies, 30 * 86400);
  const std::string elsewhere = t.path + "/keep-dir";
  fs::create_directories(elsewhere);
  std::ofstream(elsewhere + "/mine") << "not ours";
  REQUIRE(symlink(elsewhere.c_str(), (dir + "/attach-link").c_str()) == 0);

  auto n = xdg::clean_old(dir, std::chrono::hours(24 * 7));
  REQUIRE(n);
  CHECK(*n == 3);
  CHECK_FALSE(fs::exists(old_copies));
  CHECK(fs::exists(new_copies + "/report.odt"));
  CHECK(fs::exists(elsewhere + "/mine"));
  CHECK(fs::exists(*fresh));
  CHECK_FALSE(fs::exists(*old));
  CHECK_FALSE(fs::exists(old_tmp));
  CHECK(fs::exists(other));
  CHECK(fs::is_symlink(link));
  CHECK(fs::exists(target));
  CHECK(*xdg::clean_old(t.path + "/none", std::chrono::seconds(0)) == 0);
}
