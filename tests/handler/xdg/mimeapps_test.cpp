// Editing mimeapps.list as register and unregister do (runtime/mimeapps): only the lines of one
// type change.
#include "xdg/mimeapps.hpp"

#include <catch2/catch.hpp>
#include <string>

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
