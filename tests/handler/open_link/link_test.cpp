// The link `open` is given (open_link/link.hpp): what is refused before anything starts, and how a
// link the parser cannot read is reported.
#include "open_link/link.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "mailtokit/result.hpp"

using namespace mailtokit;
using namespace mailtokit::open_link;
using mailtokit::errors::open_failure;

TEST_CASE("anything but a mailto: link is refused before anything starts", "[link]") {
  CHECK_FALSE(non_mailto("mailto:a@example.org"));
  CHECK_FALSE(non_mailto("  MAILTO:a@example.org"));  // leading white space, any case
  auto empty = non_mailto("");
  REQUIRE(empty);
  CHECK(empty->exit_code == exit_usage);
  auto option = non_mailto("--help");
  REQUIRE(option);
  CHECK(option->exit_code == exit_usage);
  CHECK(option->reason.find("a word starting with '-' is an option") != std::string::npos);
  auto http = non_mailto("https://example.org/");
  REQUIRE(http);
  CHECK(http->exit_code == exit_dataerr);
  CHECK(http->reason.find("its scheme is 'https'") != std::string::npos);
  auto bare = non_mailto("a@example.org");
  REQUIRE(bare);
  CHECK(bare->reason.find("it has no scheme") != std::string::npos);
  CHECK(refuse_non_mailto("mailto:a@example.org") == exit_ok);
}

TEST_CASE("a link the parser refused: the code and byte for stderr, words for the desktop", "[link]") {
  const auto f = unreadable_link(error{errc::percent_bad_hex, 12}, false);
  CHECK(f.exit_code == exit_dataerr);
  CHECK(f.code == "percent_bad_hex");
  CHECK(f.reason.rfind("the link at byte 12 (", 0) == 0);
  CHECK(f.shown == "The link has a % sign that is not followed by a character code.");
  CHECK(f.advice.find("not a valid mailto: link") != std::string::npos);
  CHECK(unreadable_link(error{errc::percent_bad_hex, 0}, true).advice.find("reads links strictly") !=
        std::string::npos);
  CHECK(unreadable_link(error{errc::too_many_recipients, 0}, false).advice.find("this large") != std::string::npos);
}
