// The one runner (launch/runner.hpp), with real programs: the files written first (new, private),
// the program started without a shell and watched, each failure named.
#include "launch/runner.hpp"

#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "../temp_files.hpp"

using namespace mailtokit;
using what = launch::launch_failure::what;

namespace {

launch::run_options waited() {
  launch::run_options o;
  o.wait = true;
  return o;
}

}  // namespace

TEST_CASE("the files are written, then the program runs", "[runner]") {
  temp_dir t("mailtokit-runner");
  const std::string dir = t.path + "/state/mailtokit/drafts";
  launch::request r;
  r.argv = {"test", "-s", dir + "/draft-00000000000000000000000000000001.eml"};
  r.files = {{"draft", dir + "/draft-00000000000000000000000000000001.eml", "To: a@example.org\r\n\r\nhi\r\n"}};
  auto done = launch::run(r, waited());
  REQUIRE(done);  // `test -s FILE`: the file was there, not empty, when the program ran
  CHECK(done->written == std::vector<std::string>{r.files[0].path});
  CHECK(slurp(r.files[0].path) == r.files[0].bytes);
  struct stat st {};
  REQUIRE(stat(r.files[0].path.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  // A file of that name is never replaced.
  auto again = launch::run(r, waited());
  REQUIRE_FALSE(again);
  CHECK(again.error().kind == what::file);
  CHECK(again.error().file_what == "draft");
}

TEST_CASE("each way a launch fails is named", "[runner]") {
  temp_dir t("mailtokit-runner");
  launch::request r;
  r.argv = {"false"};
  auto ended = launch::run(r, waited());
  REQUIRE_FALSE(ended);
  CHECK(ended.error().kind == what::exited);
  CHECK(ended.error().status == 1);
  // Not waited for: a program that fails at once is seen within the window.
  launch::run_options at_once;
  at_once.early_exit = std::chrono::milliseconds(5000);
  auto early = launch::run(r, at_once);
  REQUIRE_FALSE(early);
  CHECK(early.error().kind == what::exited);
  r.argv = {"mailtokit-no-such-program"};
  auto missing = launch::run(r, waited());
  REQUIRE_FALSE(missing);
  CHECK(missing.error().kind == what::not_found);
  // A folder that cannot be made private: nothing starts.
  write_file(t.path + "/file", "");
  r.argv = {"true"};
  r.files = {{"body", t.path + "/file/draft-00000000000000000000000000000002.eml", "x"}};
  auto folder = launch::run(r, waited());
  REQUIRE_FALSE(folder);
  CHECK(folder.error().kind == what::folder);
  CHECK(folder.error().file_what == "body");
  CHECK(folder.error().detail == t.path + "/file");
  r.files.clear();
  CHECK(launch::run(r, waited()));
}
