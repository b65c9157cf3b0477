// Who asked for a draft (runtime/provenance): what the chain of parent processes tells.
#include "attach/provenance.hpp"

#include <catch2/catch.hpp>
#include <unistd.h>

using namespace mailtokit::provenance;

namespace {
process p(std::string comm, std::string exe = {}, std::string arg0 = {}, bool attach = false) {
  process x;
  x.comm = std::move(comm);
  x.exe = std::move(exe);
  x.arg0 = std::move(arg0);
  x.attach_option = attach;
  return x;
}
// A process of our process group that is not one of our parents.
process member(std::string comm, std::string exe = {}) {
  process x = p(std::move(comm), std::move(exe));
  x.ancestor = false;
  return x;
}
}  // namespace

TEST_CASE("a browser or a mail program among the parents is a hyperlink", "[provenance]") {
  auto o = classify({p("xdg-open", "dash", "xdg-open"), p("firefox-esr", "firefox-esr")});
  CHECK(o.hyperlink);
  CHECK(o.link_program == "firefox-esr");
  o = classify({p("gio"), p("thunderbird", "thunderbird")});
  CHECK(o.hyperlink);
  // Chromium runs `xdg-email URL` for every mailto link: without --attach, a forwarded link.
  o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email", false), p("chrome")});
  CHECK(o.hyperlink);
}

TEST_CASE("xdg-email --attach is the send channel, named with the program that used it", "[provenance]") {
  auto o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email", true), p("soffice.bin"),
                     p("systemd")});
  CHECK_FALSE(o.hyperlink);
  CHECK(o.send_program == "xdg-email");
  CHECK(o.requester == "soffice.bin");
  o = classify({p("xdg-desktop-por", "xdg-desktop-portal-gtk")});
  CHECK_FALSE(o.hyperlink);
  CHECK(o.send_program == "xdg-desktop-portal");
  // Nothing known: nothing said, nothing taken away (the question is then the only safeguard).
  o = classify({p("systemd")});
  CHECK_FALSE(o.hyperlink);
  CHECK(o.send_program.empty());
}

// Chains as /proc showed them (tests/clients/libreoffice_send_test.py runs LibreOffice's own code).
TEST_CASE("LibreOffice's send: senddoc's xdg-email given a mailto: link, orphaned in soffice's group", "[provenance]") {
  // soffice.bin popen()s `senddoc --mailclient sensible-lomua --attach /tmp/lu*.tmp/lu*.tmp/x.pdf`;
  // Debian's senddoc runs `xdg-email "mailto:?attach=file:///tmp/..." &` and exits: xdg-email's
  // parent is init, its process group is still oosplash's, with soffice.bin in it.
  auto o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email", false),
                     member("oosplash", "oosplash"), member("soffice.bin", "soffice.bin")});
  CHECK_FALSE(o.hyperlink);
  CHECK(o.send_program == "xdg-email");
  CHECK(o.requester == "soffice.bin");
  // Caught before senddoc exited: senddoc is proof, whatever is further up.
  o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email", false),
                p("senddoc", "dash", "senddoc", true), p("sh", "dash"), p("soffice.bin", "soffice.bin"),
                p("oosplash", "oosplash")});
  CHECK_FALSE(o.hyperlink);
  CHECK(o.send_program == "xdg-email");
  CHECK(o.requester == "soffice.bin");
  // Another LibreOffice configured to run xdg-email --attach itself: proof, soffice.bin further up.
  o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email", true), p("sh", "dash"),
                p("soffice.bin", "soffice.bin")});
  CHECK_FALSE(o.hyperlink);
  CHECK(o.requester == "sh");
}

TEST_CASE("a hyperlink clicked in LibreOffice is a hyperlink", "[provenance]") {
  // shellexec.cxx runs `( /usr/bin/xdg-open URL ) &`: an orphaned xdg-open in soffice's group.
  auto o = classify({p("xdg-open", "dash", "xdg-open"), member("oosplash", "oosplash"), member("soffice.bin")});
  CHECK(o.hyperlink);
  CHECK(o.link_program == "soffice.bin");
  // Seen before the subshell exited (or another office suite that keeps its child).
  o = classify({p("xdg-open", "dash", "xdg-open"), p("sh", "dash"), p("soffice.bin", "soffice.bin")});
  CHECK(o.hyperlink);
  CHECK(o.link_program == "soffice.bin");
  // xdg-email given a link that was not LibreOffice's send: still a hyperlink.
  o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email", false), p("sh", "dash"),
                p("soffice.bin", "soffice.bin")});
  CHECK(o.hyperlink);
  CHECK(o.link_program == "soffice.bin");
}

TEST_CASE("chat programs, readers, editors and terminals open links others wrote", "[provenance]") {
  // Slack (Electron's shell.openExternal runs xdg-open).
  auto o = classify({p("xdg-open", "dash", "xdg-open"), p("slack", "slack"), p("systemd")});
  CHECK(o.hyperlink);
  CHECK(o.link_program == "slack");
  CHECK(o.link_kind == "chat");
  // A terminal's Ctrl+click: comm is cut at 15 characters.
  o = classify({p("xdg-open", "dash", "xdg-open"), p("gnome-terminal-", "gnome-terminal-server")});
  CHECK(o.hyperlink);
  CHECK(o.link_program == "gnome-terminal-");
  CHECK(o.link_kind == "terminal");
  o = classify({p("gio-launch-desk"), p("okular", "okular")});
  CHECK(o.hyperlink);
  // An orphan whose parents tell nothing, in a link program's process group.
  o = classify({p("gio-launch-desk"), member("telegram-deskt", "telegram-desktop")});
  CHECK(o.hyperlink);
  CHECK(o.link_program == "telegram-deskt");
  for (const char* name : {"element-deskto", "signal-desktop", "teams", "zoom", "mattermost-desk", "hexchat", "pidgin",
                           "discord", "abiword", "gnumeric", "evince", "atril", "xreader", "zathura", "mupdf",
                           "qpdfview", "gedit", "gnome-text-edit", "kate", "kwrite", "mousepad", "pluma", "xed", "code",
                           "emacs", "vim", "konsole", "xfce4-terminal", "xterm", "kitty", "alacritty", "tilix",
                           "terminator", "foot", "wezterm-gui"}) {
    INFO(name);
    CHECK(link_program_kind(name) != nullptr);
  }
  CHECK(link_program_kind("bash") == nullptr);
  CHECK(link_program_kind("") == nullptr);
}

TEST_CASE("xdg-email --attach typed in a terminal is a send, not a terminal's hyperlink", "[provenance]") {
  auto o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email", true), p("bash", "bash"),
                     p("gnome-terminal-", "gnome-terminal-server"), p("systemd")});
  CHECK_FALSE(o.hyperlink);
  CHECK(o.send_program == "xdg-email");
  CHECK(o.requester == "bash");
  // xdg-open with a link typed in the terminal: the terminal is the link program.
  o = classify({p("xdg-open", "dash", "xdg-open"), p("bash", "bash"), p("kitty", "kitty")});
  CHECK(o.hyperlink);
}

TEST_CASE("xdg-email without --attach: Chromium's forwarded link, or nothing known", "[provenance]") {
  auto o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email", false),
                     p("chromium", "chromium")});
  CHECK(o.hyperlink);
  CHECK(o.link_program == "chromium");
  // Orphaned, in a group without LibreOffice: still a link it was given.
  o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email", false), member("bash")});
  CHECK(o.hyperlink);
  CHECK(o.link_program == "xdg-email (it was given a link, not a file)");
  // soffice.bin among the parents (not LibreOffice's orphaned senddoc path): a hyperlink.
  o = classify({p("xdg-email", "dash", "xdg-email", false), p("soffice.bin")});
  CHECK(o.hyperlink);
}

TEST_CASE("the chain of parents is read from /proc", "[provenance]") {
  const auto chain = parents();
  REQUIRE_FALSE(chain.empty());
  CHECK(chain.front().pid == static_cast<int>(getppid()));
  CHECK_FALSE(chain.front().comm.empty());
  CHECK(chain.front().ancestor);
  CHECK(chain.front().pgid > 0);
  // The rest of our process group follows the parents.
  bool parents_done = false;
  for (const auto& x : chain) {
    if (!x.ancestor) parents_done = true;
    CHECK((x.ancestor || x.pgid == static_cast<int>(getpgrp())));
    CHECK_FALSE((parents_done && x.ancestor));
  }
}

TEST_CASE("the browser that asked is named with its executable, among the parents or the group", "[provenance]") {
  auto chromium = p("chromium", "chromium");
  chromium.exe_path = "/usr/lib/chromium/chromium";
  auto o = classify({p("xdg-open", "dash", "xdg-open"), p("xdg-email", "dash", "xdg-email"), chromium});
  CHECK(o.link_kind == "browser");
  CHECK(o.link_program == "chromium");
  CHECK(o.link_exe == "/usr/lib/chromium/chromium");
  // Firefox starts us through gio-launch-desktop, detached: it is in our process group.
  auto firefox = member("firefox-esr", "firefox-esr");
  firefox.exe_path = "/usr/lib/firefox-esr/firefox-esr";
  o = classify({p("systemd", "systemd"), firefox});
  CHECK(o.link_kind == "browser");
  CHECK(o.link_exe == "/usr/lib/firefox-esr/firefox-esr");
}
