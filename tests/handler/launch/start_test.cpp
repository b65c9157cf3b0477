// The Exec line a desktop entry is started with (launch/start.hpp): the program's own hand-over
// where the entry's URI field code is, the user's terminal, D-Bus activation.
#include "launch/start.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "../entry_of.hpp"

using namespace mailtokit;

TEST_CASE("a desktop entry gets the program's own hand-over where its URI field code is", "[start]") {
  const auto flat = make_entry("org.kde.kmail2.desktop", {"/usr/bin/flatpak", "run", "--branch=stable",
                                                         "--command=kmail", "--file-forwarding", "org.kde.kmail2",
                                                         "-qwindowtitle", "%c", "@@u", "%u", "@@"});
  launch::start_request r;
  r.e = &flat;
  r.is_uri = false;
  r.args = {"--composer", "--subject=50% off \"now\" $HOME `x` \\", "--", "a@example.org"};
  auto line = launch::exec_line(r);
  REQUIRE(line);
  CHECK(*line == "\"/usr/bin/flatpak\" \"run\" \"--branch=stable\" \"--command=kmail\" \"--file-forwarding\" "
                 "\"org.kde.kmail2\" \"--composer\" "
                 "\"--subject=50%% off \\\"now\\\" \\$HOME \\`x\\` \\\\\" \"--\" \"a@example.org\"");
  // The entry's own arguments (KMail's `-qwindowtitle %c`) make way for the program's options.
  const auto plain = make_entry("org.kde.kmail2.desktop", {"kmail", "-qwindowtitle", "%c", "%u"});
  r.e = &plain;
  CHECK(*launch::exec_line(r) == "\"kmail\" \"--composer\" \"--subject=50%% off \\\"now\\\" \\$HOME \\`x\\` "
                                  "\\\\\" \"--\" \"a@example.org\"");
  // Terminal entries start in the user's terminal.
  const auto neo = make_entry("neomutt.desktop", {"neomutt", "%u"}, true);
  r.e = &neo;
  r.args = {"-e", "mailto_allow to bcc keywords", "--", "mailto:a@example.org"};
  r.terminal = {"x-terminal-emulator", "-e"};
  line = launch::exec_line(r);
  REQUIRE(line);
  CHECK(*line == "\"x-terminal-emulator\" \"-e\" \"neomutt\" \"-e\" \"mailto_allow to bcc keywords\" \"--\" "
                 "\"mailto:a@example.org\"");
  // A URI through a terminal entry: the entry's own line behind the terminal.
  launch::start_request u;
  u.e = &neo;
  u.args = {"mailto:a@example.org"};
  u.terminal = {"x-terminal-emulator", "-e"};
  CHECK(*launch::exec_line(u) == "\"x-terminal-emulator\" \"-e\" \"neomutt\" %u");
  // A URI goes in as the desktop gives it: the entry's own line, D-Bus when it is activatable.
  const auto geary = make_entry("org.gnome.Geary.desktop", {"geary", "%U"}, false, true);
  launch::start_request g;
  g.e = &geary;
  g.args = {"mailto:a@example.org"};
  CHECK(*launch::exec_line(g) == "geary %U");
  CHECK(launch::uses_dbus(g));
  // No URI field code: nowhere to put the draft.
  const auto none = make_entry("x.desktop", {"mua", "--new"});
  r.e = &none;
  r.terminal.clear();
  CHECK_FALSE(launch::exec_line(r));
}

