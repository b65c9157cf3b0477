#include "base/paths.hpp"

#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

using namespace mailtokit::paths;
namespace fs = std::filesystem;

namespace {
// A fresh folder under the system's temporary folder, removed at the end of the test.
struct temp_tree {
  fs::path root;
  temp_tree() {
    std::string t = (fs::temp_directory_path() / "mailtokit-paths-XXXXXX").string();
    root = ::mkdtemp(t.data());
  }
  ~temp_tree() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  void file(const std::string& rel) const {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel) << "x";
  }
};
}  // namespace

TEST_CASE("beside reads a relative path from the program's folder") {
  CHECK(beside("/home/u/.local/bin/mailtokit", "../share/locale") == "/home/u/.local/share/locale");
  CHECK(beside("/usr/libexec/mailtokit/mailtokit-ask", "../../share/locale") == "/usr/share/locale");
  CHECK(beside("/opt/mk/bin/mailtokit", "mailtokit-ask") == "/opt/mk/bin/mailtokit-ask");
  CHECK(beside("mailtokit", "../share/locale").empty());  // not absolute: nothing is guessed
  CHECK(beside("", "x").empty());
}

TEST_CASE("the running program is this test, by its absolute path") {
  const auto me = running_program();
  REQUIRE(!me.empty());
  CHECK(me.front() == '/');
  CHECK(fs::path(me).filename() == "base_paths_test");
}

TEST_CASE("a per-user install finds its catalogs and window from where it is, then the configured ones") {
  const auto l = locale_candidates("/home/u/.local/bin/mailtokit", "/usr/local/share/locale");
  REQUIRE(l.size() == 3);
  CHECK(l[0] == "/home/u/.local/share/locale");
  CHECK(l[1] == "/home/u/share/locale");
  CHECK(l[2] == "/usr/local/share/locale");
  const auto w =
      locale_candidates("/home/u/.local/libexec/mailtokit/mailtokit-ask", "/usr/local/share/locale");
  CHECK(w[1] == "/home/u/.local/share/locale");
  const auto a = ask_candidates("/home/u/.local/bin/mailtokit", "/usr/local/libexec/mailtokit/mailtokit-ask");
  REQUIRE(a.size() == 3);
  CHECK(a[0] == "/home/u/.local/bin/mailtokit-ask");
  CHECK(a[1] == "/home/u/.local/libexec/mailtokit/mailtokit-ask");
  CHECK(a[2] == "/usr/local/libexec/mailtokit/mailtokit-ask");
  // Installed at the configured prefix: the same path is listed once.
  CHECK(ask_candidates("/usr/bin/mailtokit", "/usr/libexec/mailtokit/mailtokit-ask").size() == 2);
}

TEST_CASE("the build tree's catalogs count only in a build tree, and only a folder with a catalog") {
  temp_tree t;
  const std::string program = (t.root / "handler/mailtokit").string();
  const std::string build_locale = (t.root / "locale").string();
  auto l = locale_candidates(program, "/usr/share/locale");
  CHECK(std::find(l.begin(), l.end(), build_locale) == l.end());  // no CMakeCache.txt: not a build tree
  t.file("CMakeCache.txt");
  l = locale_candidates(program, "/usr/share/locale");
  CHECK(std::find(l.begin(), l.end(), build_locale) != l.end());
  CHECK_FALSE(has_catalogs(build_locale));
  t.file("locale/de/LC_MESSAGES/other.mo");
  CHECK_FALSE(has_catalogs(build_locale));  // another program's catalog
  t.file("locale/de/LC_MESSAGES/mailtokit.mo");
  CHECK(has_catalogs(build_locale));
  CHECK_FALSE(has_catalogs(""));
  CHECK_FALSE(has_catalogs((t.root / "missing").string()));
}
