// Who asked for a draft (runtime/provenance): what the chain of parent processes tells.
#include "runtime/provenance.hpp"

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

TEST_CASE("the chain of parents is read from /proc", "[provenance]") {
  const auto chain = parents();
  REQUIRE_FALSE(chain.empty());
  CHECK(chain.front().pid == static_cast<int>(getppid()));
  CHECK_FALSE(chain.front().comm.empty());
}
