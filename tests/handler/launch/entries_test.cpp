// Desktop entries read as the desktop starts them (launch/entries.hpp): the program behind env,
// and an entry that hands its arguments to a shell.
#include "launch/entries.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using namespace mailtokit;

TEST_CASE("after_env finds the program env starts", "[entries]") {
  using V = std::vector<std::string>;
  CHECK(launch::after_env(V{}) == 0);
  CHECK(launch::after_env(V{"thunderbird", "%u"}) == 0);
  CHECK(launch::after_env(V{"env", "LANG=C", "neomutt", "%u"}) == 2);
  CHECK(launch::after_env(V{"/usr/bin/env", "-u", "X", "A=b", "mutt"}) == 4);
  CHECK(launch::after_env(V{"env", "A=b", "-i"}) == 3);
}

TEST_CASE("an entry that hands its arguments to a shell is recognized", "[entries]") {
  using V = std::vector<std::string>;
  // Emacs 28's emacsclient-mail.desktop (CVE-2023-27985).
  CHECK(launch::shell_wrapper(V{"sh", "-c", "exec emacsclient --alternate-editor= --display=\"$DISPLAY\" --eval "
                                             "\"(message-mailto \\\"$1\\\")\"",
                                "sh", "%u"}) == "sh -c");
  CHECK(launch::shell_wrapper(V{"/bin/bash", "-lc", "mua \"$1\"", "x", "%u"}) == "bash -c");
  CHECK(launch::shell_wrapper(V{"env", "FOO=1", "dash", "-c", "x", "%u"}) == "dash -c");
  CHECK(launch::shell_wrapper(V{"emacsclient", "--eval", "(message-mailto \"%u\")"}) == "emacsclient --eval");
  CHECK(launch::shell_wrapper(V{"python3", "-c", "import sys", "%u"}) == "python3 -c");
  CHECK(launch::shell_wrapper(V{"xterm", "-e", "sh", "-c", "mutt \"$1\"", "x", "%u"}) == "sh -c");
  CHECK(launch::shell_wrapper(V{"thunderbird", "%u"}) == std::nullopt);
  CHECK(launch::shell_wrapper(V{"bash", "/usr/lib/mua/start.sh", "%u"}) == std::nullopt);
  CHECK(launch::shell_wrapper(V{"sh", "%u", "-c"}).has_value());  // conservative: -c anywhere after the shell
}

