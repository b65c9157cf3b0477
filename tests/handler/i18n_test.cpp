#include "runtime/i18n.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>

using mailtokit::cli::fill;

TEST_CASE("fill() puts each argument where its index is, in any order") {
  CHECK(fill("{0} sent to {1}", {"Draft", "Thunderbird"}) == "Draft sent to Thunderbird");
  // A translation may reorder the arguments.
  CHECK(fill("{1}: {0}", {"a", "b"}) == "b: a");
  CHECK(fill("{0}{0}", {"x"}) == "xx");
  CHECK(fill("{10}", {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "ten"}) == "ten");
}

TEST_CASE("fill() leaves what is not a placeholder as it is") {
  CHECK(fill("{{0}}", {"x"}) == "{0}}");
  CHECK(fill("{2}", {"a"}) == "{2}");
  CHECK(fill("{", {"a"}) == "{");
  CHECK(fill("{0", {"a"}) == "{0");
  CHECK(fill("{}", {"a"}) == "{}");
  CHECK(fill("{x}", {"a"}) == "{x}");
  CHECK(fill("", {"a"}) == "");
}

TEST_CASE("an argument is never read as a placeholder") {
  // A file name from a request holding "{1}" stays text.
  CHECK(fill("{0} and {1}", {"{1}", "b"}) == "{1} and b");
}

TEST_CASE("without a catalog, tr() and ntr() give the English text") {
  ::setenv("LANGUAGE", "", 1);
  mailtokit::cli::init_i18n("/nonexistent");
  CHECK(std::string(mailtokit::cli::tr("Cancel")) == "Cancel");
  CHECK(std::string(mailtokit::cli::ntr("one file", "{0} files", 1)) == "one file");
  CHECK(std::string(mailtokit::cli::ntr("one file", "{0} files", 2)) == "{0} files");
}
