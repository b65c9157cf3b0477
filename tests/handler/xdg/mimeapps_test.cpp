// Editing mimeapps.list as register and unregister do (runtime/mimeapps): only the lines of one
// type change.
#include "xdg/mimeapps.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace mailtokit;

TEST_CASE("mimeapps.list lines are set and removed, everything else kept", "[mimeapps]") {
  const std::string text =
      "[Default Applications]\ntext/html=firefox.desktop;\nx-scheme-handler/mailto=mailtokit.desktop;\n"
      "\n[Added Associations]\nx-scheme-handler/mailto=mailtokit.desktop;thunderbird.desktop;\n";
  CHECK(mimeapps::value(text, "Default Applications", "x-scheme-handler/mailto") == "mailtokit.desktop;");
  CHECK(mimeapps::value(text, "Default Applications", "text/plain") == std::nullopt);
  const std::string dropped = mimeapps::drop_id(text, "x-scheme-handler/mailto", "mailtokit.desktop");
  CHECK(dropped ==
        "[Default Applications]\ntext/html=firefox.desktop;\n\n[Added Associations]\n"
        "x-scheme-handler/mailto=thunderbird.desktop;\n");
  CHECK(mimeapps::set_default(dropped, "x-scheme-handler/mailto", "org.gnome.Evolution.desktop;") ==
        "[Default Applications]\ntext/html=firefox.desktop;\nx-scheme-handler/mailto=org.gnome.Evolution.desktop;\n"
        "\n[Added Associations]\nx-scheme-handler/mailto=thunderbird.desktop;\n");
  CHECK(mimeapps::set_default(text, "x-scheme-handler/mailto", std::nullopt) ==
        "[Default Applications]\ntext/html=firefox.desktop;\n\n[Added Associations]\n"
        "x-scheme-handler/mailto=mailtokit.desktop;thunderbird.desktop;\n");
  CHECK(mimeapps::set_default("", "x-scheme-handler/mailto", "a.desktop;") ==
        "[Default Applications]\nx-scheme-handler/mailto=a.desktop;\n");
}

TEST_CASE("list_paths: the files a desktop reads, most important first") {
  const auto l = mimeapps::list_paths("/h/.config", "", "/h/.local/share", "", {"GNOME", "ubuntu"});
  const std::vector<std::string> want = {
      "/h/.config/gnome-mimeapps.list", "/h/.config/ubuntu-mimeapps.list", "/h/.config/mimeapps.list",
      "/etc/xdg/gnome-mimeapps.list", "/etc/xdg/ubuntu-mimeapps.list", "/etc/xdg/mimeapps.list",
      "/h/.local/share/applications/gnome-mimeapps.list", "/h/.local/share/applications/ubuntu-mimeapps.list",
      "/h/.local/share/applications/mimeapps.list",
      "/usr/local/share/applications/gnome-mimeapps.list", "/usr/local/share/applications/ubuntu-mimeapps.list",
      "/usr/local/share/applications/mimeapps.list",
      "/usr/share/applications/gnome-mimeapps.list", "/usr/share/applications/ubuntu-mimeapps.list",
      "/usr/share/applications/mimeapps.list"};
  CHECK(l == want);
  // Set lists replace the defaults; relative and empty entries are ignored.
  const auto m = mimeapps::list_paths("relative", "/a:rel::/b/", "", "/d", {});
  CHECK(m == std::vector<std::string>{"/a/mimeapps.list", "/b/mimeapps.list", "/d/applications/mimeapps.list"});
}

TEST_CASE("named_defaults: only [Default Applications] lines count as somebody's choice") {
  const std::vector<std::string> texts = {
      "[Added Associations]\nx-scheme-handler/mailto=aerc.desktop;\n",
      "",
      "[Default Applications]\nx-scheme-handler/mailto=thunderbird.desktop; claws-mail.desktop ;\n",
      "[Default Applications]\ntext/html=firefox.desktop;\n"};
  CHECK(mimeapps::named_defaults(texts, "x-scheme-handler/mailto") ==
        std::vector<std::string>{"thunderbird.desktop", "claws-mail.desktop"});
  CHECK(mimeapps::named_defaults({texts[0], texts[3]}, "x-scheme-handler/mailto").empty());
}

TEST_CASE("default_list: mailtokit first, then the handler to fall back on", "[mimeapps]") {
  CHECK(mimeapps::default_list("mailtokit-handler.desktop", "thunderbird.desktop") ==
        "mailtokit-handler.desktop;thunderbird.desktop;");
  CHECK(mimeapps::default_list("mailtokit-handler.desktop", "") == "mailtokit-handler.desktop;");
  CHECK(mimeapps::default_list("mailtokit-handler.desktop", "mailtokit-handler.desktop") ==
        "mailtokit-handler.desktop;");
  // What unregister reads back from it: the previous handler stays when mailtokit's id goes.
  const std::string text = mimeapps::set_default(
      "", "x-scheme-handler/mailto", mimeapps::default_list("mailtokit-handler.desktop", "thunderbird.desktop"));
  CHECK(mimeapps::drop_id(text, "x-scheme-handler/mailto", "mailtokit-handler.desktop") ==
        "[Default Applications]\nx-scheme-handler/mailto=thunderbird.desktop;\n");
}

TEST_CASE("holds_no_entry: only headers, comments and blank lines", "[mimeapps]") {
  CHECK(mimeapps::holds_no_entry(""));
  CHECK(mimeapps::holds_no_entry("[Default Applications]\n\n# a comment\n[Added Associations]\n"));
  CHECK_FALSE(mimeapps::holds_no_entry("[Default Applications]\ntext/html=firefox.desktop;\n"));
  CHECK_FALSE(mimeapps::holds_no_entry("[Added Associations]\n  x-scheme-handler/mailto=a.desktop;\n"));
}
