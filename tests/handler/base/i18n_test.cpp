#include "base/i18n.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

using namespace mailtokit::i18n;

TEST_CASE("fill puts each argument where its {N} is, in the translation's order") {
  CHECK(fill("Sent to {0}", {"jane@example.org"}) == "Sent to jane@example.org");
  CHECK(fill("{1} before {0}", {"a", "b"}) == "b before a");
  CHECK(fill("{0} and {0}", {"x"}) == "x and x");
  CHECK(fill("{0}{1}", {"", "y"}) == "y");
}

TEST_CASE("fill leaves what is not a placeholder as it is") {
  CHECK(fill("{{0} is literal", {"x"}) == "{0} is literal");
  CHECK(fill("{2} has no argument", {"a"}) == "{2} has no argument");
  CHECK(fill("{} {x} { 0} {0", {"a"}) == "{} {x} { 0} {0");
  CHECK(fill("100% {0}", {"%s"}) == "100% %s");  // an argument is never read as a pattern
  CHECK(fill("{0}", {"{1}"}) == "{1}");
  CHECK(fill("", {}).empty());
}

TEST_CASE("without a catalog, tr and ntr give the English text") {
  init_i18n("/nonexistent/locale");
  CHECK(std::string(tr("no command given")) == "no command given");
  CHECK(std::string(ntr("a file", "{0} files", 1)) == "a file");
  CHECK(std::string(ntr("a file", "{0} files", 2)) == "{0} files");
  CHECK(std::string(ntr("a file", "{0} files", 0)) == "{0} files");
}

TEST_CASE("with the build's German catalog, tr and ntr give German, with its plural rule") {
  // The catalogs are compiled next to the program: <build>/locale (po/CMakeLists.txt).
  const auto locale = std::filesystem::path(MAILTOKIT_CLI).parent_path().parent_path() / "locale";
  REQUIRE(std::filesystem::exists(locale / "de" / "LC_MESSAGES" / "mailtokit.mo"));
  ::setenv("LANGUAGE", "de", 1);
  ::setenv("LC_ALL", "C.UTF-8", 1);
  init_i18n(locale.c_str());
  CHECK(std::string(tr("no command given")) == "kein Befehl angegeben");
  CHECK(std::string(tr("not a message of the catalog")) == "not a message of the catalog");
  const char* one = "{0} (deleted after {1} day)";
  const char* many = "{0} (deleted after {1} days)";
  CHECK(fill(ntr(one, many, 1), {"d", "1"}) == "d (gelöscht nach 1 Tag)");
  CHECK(fill(ntr(one, many, 30), {"d", "30"}) == "d (gelöscht nach 30 Tagen)");
  ::setenv("LANGUAGE", "fr", 1);
  init_i18n(locale.c_str());
  // French says the singular for 0 (plural=(n > 1)).
  CHECK(fill(ntr(one, many, 0), {"d", "0"}) == "d (supprimés après 0 jour)");
  ::unsetenv("LANGUAGE");
  ::unsetenv("LC_ALL");
  init_i18n("/nonexistent/locale");
}
