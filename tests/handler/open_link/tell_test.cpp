// How `open` tells a failure (open_link/tell.hpp): the failure window's command line, and what report()
// says on stderr when the desktop is not told.
#include "open_link/tell.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "../temp_files.hpp"

using namespace mailtokit;
using namespace mailtokit::open_link;

TEST_CASE("the failure window's command line: the text after --, never read as an option", "[tell]") {
  const auto argv = failure_window_argv("/usr/bin/mailtokit", "--target=evil", true, false);
  REQUIRE(argv.size() == 6);
  CHECK(argv[0] == "/usr/bin/mailtokit");
  CHECK(argv[1] == failure_window_command);
  CHECK(argv[2] == "--offer-choice");
  CHECK(argv[3] == "--no-notify");
  CHECK(argv[4] == "--");
  CHECK(argv[5] == "--target=evil");
  const auto plain = failure_window_argv("mailtokit", "text", false, true);
  CHECK(plain == std::vector<std::string>{"mailtokit", std::string(failure_window_command), "--", "text"});
}

TEST_CASE("a failure reported: stderr says what, what to do and where the draft is kept", "[tell]") {
  fd_capture err(2);
  desktop_ui ui;  // the desktop is not told: nothing is started
  const int code = report({exit_unavailable, "no mail program was found", "install one"}, "/tmp/x/draft.eml", ui);
  const std::string said = err.text();
  CHECK(code == exit_unavailable);
  CHECK(said.find("error: unavailable: no mail program was found") != std::string::npos);
  CHECK(said.find("install one") != std::string::npos);
  CHECK(said.find("/tmp/x/draft.eml") != std::string::npos);
}
