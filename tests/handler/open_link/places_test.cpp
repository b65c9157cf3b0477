// Where drafts can go and the one writer of that choice (open_link/places.hpp): the places of a
// desktop read from its entries and PATH, in the order shown; the choice written as `mailtokit
// use` writes it, every other line kept; bad choices refused in words that name the value.
#include "open_link/places.hpp"

#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "../error_of.hpp"
#include "xdg/config.hpp"

using namespace mailtokit;
using namespace mailtokit::open_link;

TEST_CASE("places: the desktop's mail programs by name and icon, then webmails, then a file", "[choose]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("mailtokit-places-" + std::to_string(::getpid()));
  fs::create_directories(dir / "apps" / "applications");
  std::ofstream(dir / "apps" / "applications" / "fakemail.desktop")
      << "[Desktop Entry]\nType=Application\nName=Fake Mail\nExec=/bin/true %u\nIcon=fake-mail-icon\n"
         "MimeType=x-scheme-handler/mailto;\n";
  std::ofstream(dir / "apps" / "applications" / "fileicon.desktop")
      << "[Desktop Entry]\nType=Application\nName=Icon From A File\nExec=/bin/true %u\nIcon=/tmp/x.png\n"
         "MimeType=x-scheme-handler/mailto;\n";
  // GIO finds an entry's types through the folder's index, as update-desktop-database writes it.
  std::ofstream(dir / "apps" / "applications" / "mimeinfo.cache")
      << "[MIME Cache]\nx-scheme-handler/mailto=fakemail.desktop;fileicon.desktop;\n";
  ::setenv("XDG_DATA_DIRS", (dir / "apps").c_str(), 1);
  ::setenv("XDG_DATA_HOME", (dir / "home").c_str(), 1);
  ::setenv("PATH", (dir / "bin").c_str(), 1);  // no mail program in PATH
  const auto here = places();
  fs::remove_all(dir);
  REQUIRE(here.size() > 4);
  const auto fake = std::find_if(here.begin(), here.end(), [](const place& p) { return p.name == "desktop:fakemail"; });
  REQUIRE(fake != here.end());
  CHECK(fake->label == "Fake Mail");
  CHECK(fake->icon == "fake-mail-icon");
  CHECK(fake->what == place::kind::program);
  const auto file_icon =
      std::find_if(here.begin(), here.end(), [](const place& p) { return p.name == "desktop:fileicon"; });
  REQUIRE(file_icon != here.end());
  CHECK(file_icon->icon.empty());  // only the theme's icon names, never a file the entry names
  // The desktop's mail programs first, then the hosted webmails, the other programs (PATH, in a
  // terminal), the organizations' ones, the draft file last.
  CHECK(here.back().name == "eml");
  CHECK(here.back().what == place::kind::file);
  auto rank = [](const place& p) {
    if (p.what == place::kind::program) return p.name.starts_with("desktop:") && !p.terminal ? 0 : 2;
    return p.what == place::kind::webmail ? 1 : p.what == place::kind::organization ? 3 : 4;
  };
  CHECK(std::is_sorted(here.begin(), here.end(), [&](const place& a, const place& b) { return rank(a) < rank(b); }));
  std::set<std::string> names;
  for (const auto& p : here) CHECK(names.insert(p.name).second);  // each once
  CHECK(names.count("gmail") == 1);
  CHECK(names.count("roundcube") == 1);
  const auto rc = std::find_if(here.begin(), here.end(), [](const place& p) { return p.name == "roundcube"; });
  CHECK(rc->what == place::kind::organization);
  CHECK(rc->example.rfind("https://", 0) == 0);
}

TEST_CASE("first click and `use`: the choice is written into the configuration, the rest kept", "[choose]") {
  const std::string text = "# mine\nconfirm = always\ntarget = mutt\n";
  auto gmail = with_choice(text, "gmail", "");
  REQUIRE(gmail);
  CHECK(*gmail == "# mine\nconfirm = always\ntarget = gmail\n");
  // An earlier choice's address goes with it (issue 47: no stale `webmail =`).
  auto again = with_choice("target = roundcube\nwebmail = https://mail.example.org/\n", "gmail", "");
  REQUIRE(again);
  CHECK(*again == "target = gmail\n");
  auto rc = with_choice(text, "roundcube", "https://mail.example.org/");
  REQUIRE(rc);
  CHECK(*rc == "# mine\nconfirm = always\ntarget = roundcube\nwebmail = https://mail.example.org/\n");
  auto parsed = xdg::parse_config(*rc);
  REQUIRE(parsed);
  CHECK(parsed->webmail->value == "https://mail.example.org/");
  // Refused, in words that name the value: an address that is not https:, none for a self-hosted
  // webmail, one for a hosted webmail, a template without %s, an unknown name, custom.
  CHECK(error_of(with_choice(text, "roundcube", "http://mail.example.org/")).words.find("https") != std::string::npos);
  CHECK(error_of(with_choice(text, "roundcube", "")).words.find("mailtokit use roundcube") != std::string::npos);
  CHECK(error_of(with_choice(text, "gmail", "https://mail.example.org/")).words.find("gmail") != std::string::npos);
  CHECK(error_of(with_choice(text, "webmail", "https://mail.example.org/")).words.find("%s") != std::string::npos);
  CHECK(error_of(with_choice(text, "nosuch", "")).words.find("nosuch") != std::string::npos);
  CHECK(error_of(with_choice(text, "custom", "")).words.find("command") != std::string::npos);
  // An address that would break the file (a line break) never reaches it.
  CHECK_FALSE(with_choice(text, "roundcube", "https://mail.example.org/\ntarget = custom"));
}

TEST_CASE("a configuration that is a symbolic link stays one when it is rewritten", "[choose]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("mailtokit-config-link-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "dotfiles");
  fs::create_directories(dir / "config/mailtokit");
  const fs::path target = dir / "dotfiles/mailtokit.conf";
  { std::ofstream(target) << "target = thunderbird\n"; }
  fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write);
  const fs::path link = dir / "config/mailtokit/config";
  fs::create_symlink(target, link);
  xdg::loaded_config lc;
  lc.path = link.string();
  lc.exists = true;
  REQUIRE(open_link::write_config(lc, "target = aerc\n"));
  // The link is kept, and leads to the file rewritten, whose mode is kept.
  CHECK(fs::is_symlink(fs::symlink_status(link)));
  CHECK(fs::read_symlink(link) == target);
  std::ifstream in(target);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text == "target = aerc\n");
  CHECK((fs::status(target).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write));
  // No temporary file is left beside either.
  CHECK(std::distance(fs::directory_iterator(dir / "dotfiles"), fs::directory_iterator()) == 1);
  CHECK(std::distance(fs::directory_iterator(dir / "config/mailtokit"), fs::directory_iterator()) == 1);
  // A link to nothing is refused, and stays as it was.
  fs::remove(target);
  CHECK_FALSE(open_link::write_config(lc, "target = mutt\n"));
  CHECK(fs::is_symlink(fs::symlink_status(link)));
  CHECK_FALSE(fs::exists(target));
  fs::remove_all(dir);
}
