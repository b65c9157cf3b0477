#include "open_link/plan.hpp"

#include <catch2/catch.hpp>

#include "../draft_of.hpp"
#include "../error_of.hpp"
#include <map>
#include <string>

#include "ask/policy.hpp"
#include "cli/cli.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "open_link/prepare.hpp"

using namespace mailtokit;
using namespace mailtokit::open_link;
using namespace mailtokit::ask;
using namespace mailtokit::xdg;
using mailtokit::errors::open_failure;

namespace {

// A request with `cfg` and the programs in `programs` "installed" at /usr/bin.
struct fixture {
  xdg::config cfg;
  std::vector<std::string> programs;
  open_request req() const {
    open_request r;
    r.cfg = &cfg;
    r.config_name = "/home/u/.config/mailtokit/config";
    r.config_where = [](std::size_t offset) { return "config, byte " + std::to_string(offset); };
    r.installed = [this](std::string_view name) -> std::optional<std::string> {
      for (const auto& p : programs)
        if (p == name) return "/usr/bin/" + p;
      return std::nullopt;
    };
    return r;
  }
};

// The launch request prepared for `p` (open_link/prepare.hpp) with the drafts folder /s, as --dry-run
// names its files.
std::vector<std::string> argv_of(const open_plan& p, const draft& d, const open_request& r) {
  prepare_inputs in;
  in.r = &r;
  in.drafts_dir = "/s";
  in.dry_run = true;
  auto q = prepare_launch(p, d, in);
  REQUIRE(q);
  return q->argv;
}

const std::string dry_draft = "/s/draft-0123456789abcdef0123456789abcdef.eml";

}  // namespace

TEST_CASE("the target: --target, then the configuration, then the first installed client", "[open_plan]") {
  const draft d = draft_of("mailto:a@example.org?subject=x%2By");
  fixture f;
  open_failure why;
  f.programs = {"evolution", "claws-mail"};
  auto p = plan_open(d, f.req());
  REQUIRE(p);
  CHECK(p->t == dispatch::target{"evolution"});
  CHECK(p->chosen_note.find("using Evolution (/usr/bin/evolution)") != std::string::npos);
  CHECK(p->uri == "mailto:a@example.org?subject=x%2By");
  CHECK_FALSE(p->wants_file);

  f.cfg.target = xdg::located{"claws-mail", 9};
  p = plan_open(d, f.req());
  REQUIRE(p);
  CHECK(p->t == dispatch::target{"claws-mail"});
  CHECK(p->chosen_note.empty());

  auto r = f.req();
  r.cli_target = "eml";
  p = plan_open(d, r);
  REQUIRE(p);
  CHECK(p->t == dispatch::target::eml);
  CHECK(p->wants_file);
  CHECK(argv_of(*p, d, r) == std::vector<std::string>{"xdg-open", dry_draft});

  r.cli_target = "pine";
  why = error_of(plan_open(d, r));
  CHECK(why.exit_code == exit_usage);

  f.cfg.target = xdg::located{"pine", 9};
  why = error_of(plan_open(d, f.req()));
  CHECK(why.exit_code == exit_config);
  CHECK(why.reason == "config, byte 9: unknown target 'pine'");
  CHECK_FALSE(why.another_program);  // the file is wrong: the failure window offers no other program

  // Terminal clients need a terminal; with none, they are skipped; with nothing: no client.
  f.cfg.target.reset();
  f.programs = {"mutt"};
  why = error_of(plan_open(d, f.req()));
  CHECK(why.exit_code == exit_unavailable);
  CHECK(why.reason.find("No mail program was found") == 0);
  CHECK(why.another_program);  // the failure window offers the Mail links window (issue 47)
  f.programs = {"mutt", "x-terminal-emulator"};
  p = plan_open(d, f.req());
  REQUIRE(p);
  CHECK(p->t == dispatch::target{"mutt"});
  CHECK(p->terminal == std::vector<std::string>{"x-terminal-emulator", "-e"});
}

TEST_CASE("a custom command is checked before anything is written or started", "[open_plan]") {
  const draft d = draft_of("mailto:a@example.org");
  fixture f;
  open_failure why;
  f.cfg.target = xdg::located{"custom", 9};
  why = error_of(plan_open(d, f.req()));
  CHECK(why.exit_code == exit_config);
  f.cfg.command = xdg::located{"mua --compose", 30};
  why = error_of(plan_open(d, f.req()));
  CHECK(why.reason == "config, byte 30: command has neither %u (the clean URI) nor %f (the draft file)");
  f.cfg.command = xdg::located{"\"mua", 30};
  why = error_of(plan_open(d, f.req()));
  CHECK(why.reason.rfind("config, byte 30: command: ", 0) == 0);
  f.cfg.command = xdg::located{"\"/opt/my mua\" --draft %f --uri %u", 30};
  auto p = plan_open(d, f.req());
  REQUIRE(p);
  CHECK(p->wants_file);
  CHECK(argv_of(*p, d, f.req()) ==
        std::vector<std::string>{"/opt/my mua", "--draft", dry_draft, "--uri", "mailto:a@example.org"});
}

TEST_CASE("open without Bcc is the same plan without the hidden recipients", "[open_plan]") {
  draft d = draft_of("mailto:a@example.org?bcc=x@evil.example&subject=s");
  fixture f;
  f.cfg.target = xdg::located{"thunderbird", 9};
  auto with = plan_open(d, f.req());
  REQUIRE(with);
  CHECK(with->uri == "mailto:a@example.org?bcc=x@evil.example&subject=s");
  d.bcc.clear();
  auto without = plan_open(d, f.req());
  REQUIRE(without);
  CHECK(without->uri == "mailto:a@example.org?subject=s");
  auto bytes = draft_bytes(d, {});
  REQUIRE(bytes);
  CHECK(bytes->find("Bcc:") == std::string::npos);
}

TEST_CASE("a draft that needs UTF-8 headers is an RFC 6532 draft unless smtputf8 = no or strict, which say how to allow them", "[open_plan]") {
  const draft d = draft_of("mailto:b%C3%BCcher@example.org");
  open_failure why;
  CHECK(draft_bytes(d, draft_options(nullptr, false)));
  xdg::config no;
  no.smtputf8 = false;
  why = error_of(draft_bytes(d, draft_options(&no, false)));
  CHECK(why.exit_code == exit_dataerr);
  CHECK(why.advice.find("man mailtokit.conf") != std::string::npos);
  CHECK_FALSE(draft_bytes(d, draft_options(nullptr, true)));
  xdg::config yes;
  yes.smtputf8 = true;
  CHECK(draft_bytes(d, draft_options(&yes, true)));
}

namespace {

launch::entry browser_entry(std::string id, std::string name, std::vector<std::string> argv) {
  launch::entry e;
  e.id = std::move(id);
  e.name = std::move(name);
  e.exec_argv = std::move(argv);
  for (const auto& a : e.exec_argv) e.exec += (e.exec.empty() ? "" : " ") + a;
  return e;
}

const launch::entry chromium = browser_entry("chromium.desktop", "Chromium", {"/usr/bin/chromium", "%U"});
const launch::entry firefox =
    browser_entry("firefox-esr.desktop", "Firefox ESR", {"/usr/lib/firefox-esr/firefox-esr", "%u"});

}  // namespace

TEST_CASE("a webmail opens in the browser clicked in, else the https default, else x-www-browser", "[open_plan]") {
  const draft d = draft_of("mailto:a@example.org?subject=x");
  fixture f;
  f.cfg.target = xdg::located{"gmail", 9};
  f.programs = {"x-www-browser"};
  auto r = f.req();
  r.browser = [] { return std::optional<launch::entry>(firefox); };
  r.browsers = [] { return std::vector<launch::entry>{firefox, chromium}; };
  r.clicked_in = [] { return std::optional<clicked_program>(clicked_program{"chromium", "/usr/lib/chromium/chromium"}); };

  auto p = plan_open(d, r);  // clicked in Chromium, Firefox the default: Chromium
  REQUIRE(p);
  REQUIRE(p->browser);
  CHECK(p->browser->id == "chromium.desktop");
  CHECK(p->browser_note == "opening Gmail (webmail) in Chromium, the browser the link was clicked in");
  CHECK(p->webmail_link.starts_with("https://mail.google.com/"));

  // A program that is no browser of the desktop's (or none clicked): the https default.
  r.clicked_in = [] { return std::optional<clicked_program>(clicked_program{"epiphany", "/usr/bin/epiphany"}); };
  p = plan_open(d, r);
  REQUIRE(p);
  REQUIRE(p->browser);
  CHECK(p->browser->id == "firefox-esr.desktop");
  CHECK(p->browser_note == "opening Gmail (webmail) in Firefox ESR, the desktop's browser for web links");
  r.clicked_in = [] { return std::optional<clicked_program>(); };
  p = plan_open(d, r);
  REQUIRE(p);
  CHECK(p->browser->id == "firefox-esr.desktop");

  // No entry for web links at all: x-www-browser, started directly.
  r.browser = [] { return std::optional<launch::entry>(); };
  r.browsers = [] { return std::vector<launch::entry>{}; };
  r.clicked_in = [] { return std::optional<clicked_program>(clicked_program{"chromium", ""}); };
  p = plan_open(d, r);
  REQUIRE(p);
  CHECK_FALSE(p->browser);
  CHECK(p->browser_program == "/usr/bin/x-www-browser");
  CHECK(p->browser_note.find("with x-www-browser") != std::string::npos);

  // Nothing at all: refused before anything opens.
  f.programs.clear();
  auto none = f.req();
  CHECK_FALSE(plan_open(d, none));

  // A browser entry that hands the link to a shell: refused before anything opens.
  r = f.req();
  r.browser = [] {
    return std::optional<launch::entry>(browser_entry("evil.desktop", "Evil", {"sh", "-c", "chromium \"$1\"", "sh", "%u"}));
  };
  auto refused = plan_open(d, r);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().reason.find("could let a link run commands") != std::string::npos);
}

TEST_CASE("the desktop entry of a running browser: its Exec program by name, path or launcher", "[open_plan]") {
  const clicked_program chromium_proc{"chromium", "/usr/lib/chromium/chromium"};
  const clicked_program firefox_proc{"firefox-esr", "/usr/lib/firefox-esr/firefox-esr"};
  const resolve_program none;
  CHECK(entry_runs(chromium, chromium_proc, none));
  CHECK_FALSE(entry_runs(chromium, firefox_proc, none));
  CHECK(entry_runs(firefox, firefox_proc, none));
  CHECK_FALSE(entry_runs(firefox, chromium_proc, none));
  // env VAR=value in front, and flatpak run's application id.
  CHECK(entry_runs(browser_entry("c.desktop", "C", {"env", "-u", "X", "LANG=C", "chromium", "%U"}), chromium_proc, none));
  const auto flatpak = browser_entry("org.mozilla.firefox.desktop", "Firefox",
                                     {"/usr/bin/flatpak", "run", "--branch=stable", "org.mozilla.firefox", "%u"});
  CHECK(entry_runs(flatpak, clicked_program{"firefox", "/app/lib/firefox/firefox"}, none));
  CHECK_FALSE(entry_runs(flatpak, firefox_proc, none));
  // The executable's name when comm is cut at 15 characters.
  CHECK(entry_runs(browser_entry("cb.desktop", "C", {"chromium-browser", "%U"}),
                   clicked_program{"chromium-browse", "/usr/lib/chromium-browser/chromium-browser"}, none));
  // Resolved: a symlink to the executable, a launcher script in its folder (Google Chrome), but
  // not merely another program of a bin folder.
  const resolve_program resolve = [](std::string_view p) -> std::optional<std::string> {
    if (p == "/usr/bin/google-chrome-stable") return "/opt/google/chrome/google-chrome";
    if (p == "www") return "/usr/lib/chromium/chromium";
    if (p == "other") return "/usr/bin/other";
    return std::nullopt;
  };
  const clicked_program chrome{"chrome", "/opt/google/chrome/chrome"};
  CHECK(entry_runs(browser_entry("g.desktop", "G", {"/usr/bin/google-chrome-stable", "%U"}), chrome, resolve));
  CHECK_FALSE(entry_runs(browser_entry("g.desktop", "G", {"/usr/bin/google-chrome-stable", "%U"}), chrome, none));
  CHECK(entry_runs(browser_entry("w.desktop", "W", {"www", "%U"}), chromium_proc, resolve));
  CHECK_FALSE(entry_runs(browser_entry("o.desktop", "O", {"other", "%U"}), clicked_program{"x", "/usr/bin/x"}, resolve));
  // Nothing to compare: no match.
  CHECK_FALSE(entry_runs(browser_entry("e.desktop", "E", {}), chromium_proc, resolve));
  CHECK_FALSE(entry_runs(chromium, clicked_program{"", ""}, resolve));
}
