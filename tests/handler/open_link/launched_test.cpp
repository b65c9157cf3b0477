// What a launch that failed means for the user (open_link/launched.hpp): each of the runner's failures
// in words, and where the draft is kept.
#include "open_link/launched.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace mailtokit;
using namespace mailtokit::open_link;
using what = launch::launch_failure::what;

TEST_CASE("each failure of the runner in words, another program offered where one would do", "[launched]") {
  launch::request r;
  r.name = "mutt";
  r.argv = {"mutt"};
  const auto missing = launch_failure_words(r, {what::not_found, {}, 0, {}, {}}, false);
  CHECK(missing.exit_code == exit_unavailable);
  CHECK(missing.reason == "mutt could not be started: it was not found in PATH.");
  CHECK(missing.another_program);
  const auto at_once = launch_failure_words(r, {what::exited, {}, 2, {}, {}}, false);
  CHECK(at_once.reason.find("stopped at once") != std::string::npos);
  CHECK(at_once.reason.find("(exit status 2)") != std::string::npos);
  CHECK(launch_failure_words(r, {what::exited, {}, 3, {}, {}}, true).reason.find("may not have been sent") !=
        std::string::npos);
  r.desktop_entry = launch::entry{};
  CHECK(launch_failure_words(r, {what::start, "no such file", 0, {}, {}}, false).reason ==
        "mutt could not be started: no such file.");
  const auto folder = launch_failure_words(r, {what::folder, "/home/u/.local/state/mailtokit/drafts", 0, "draft", {}}, false);
  CHECK(folder.exit_code == exit_cantcreat);
  CHECK(folder.advice.find("/home/u/.local/state,") != std::string::npos);
  CHECK_FALSE(folder.another_program);
}

TEST_CASE("the draft is kept where the launch wrote it", "[launched]") {
  launch::request r;
  r.files = {{"body", "/s/draft-1.eml", "x"}, {"draft", "/s/draft-2.eml", "y"}};
  CHECK(written_draft(r, {what::exited, {}, 1, {}, {"/s/draft-1.eml", "/s/draft-2.eml"}}) == "/s/draft-2.eml");
  CHECK(written_draft(r, {what::file, "/s", 0, "draft", {"/s/draft-1.eml"}}).empty());
}
