// The launch request each target's descriptor prepares (open_link/prepare.hpp): one descriptor for
// every target, the files it needs named in the drafts folder, and what is started.
#include "open_link/prepare.hpp"

#include <catch2/catch.hpp>
#include <algorithm>
#include <string>
#include <vector>

#include "../draft_of.hpp"
#include "../error_of.hpp"
#include "clients/client.hpp"
#include "clients/webmail.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "xdg/exec_line.hpp"

using namespace mailtokit;
using namespace mailtokit::open_link;
using dispatch::target;

namespace {

// Inputs with the drafts folder /s, as --dry-run names the files.
struct fixture {
  xdg::config cfg;
  open_request r;
  prepare_inputs in;
  fixture() {
    r.cfg = &cfg;
    r.config_where = [](std::size_t offset) { return "config, byte " + std::to_string(offset); };
    in.r = &r;
    in.drafts_dir = "/s";
    in.dry_run = true;
  }
};

const std::string dry_name = "/s/draft-0123456789abcdef0123456789abcdef.eml";

launch::entry entry_of(std::string id, std::vector<std::string> exec) {
  launch::entry e;
  e.id = std::move(id);
  e.name = "Some Program";
  e.path = "/usr/share/applications/" + e.id;
  e.exec_argv = std::move(exec);
  return e;
}

open_plan plan_for(target t, const draft& d) {
  open_plan p;
  p.t = t;
  p.choice.t = t;
  p.uri = dispatch::harden_uri(build_mailto(d));
  return p;
}

}  // namespace

TEST_CASE("every target has exactly one descriptor", "[prepare]") {
  std::vector<target> targets{target::webmail, target::eml, target::custom, target::desktop};
  for (const auto* c : clients::all()) targets.push_back(c->id());
  for (const auto t : targets) {
    open_plan p;
    p.t = t;
    const auto& all = descriptors();
    CHECK(std::count_if(all.begin(), all.end(), [&](const target_descriptor& d) { return d.takes(p); }) == 1);
  }
}

TEST_CASE("a mail program: its argv, with Claws Mail's body file named first", "[prepare]") {
  fixture f;
  const draft d = draft_of("mailto:a@example.org?subject=hi&body=long");
  auto q = prepare_launch(plan_for(target{"thunderbird"}, d), d, f.in);
  REQUIRE(q);
  CHECK(q->target == "thunderbird");
  CHECK_FALSE(q->desktop_entry);
  REQUIRE_FALSE(q->argv.empty());
  CHECK(q->argv.front() == "thunderbird");
  CHECK(q->files.empty());

  open_plan claws = plan_for(target{"claws-mail"}, d);
  claws.claws_uri = "mailto:a@example.org?subject=hi";
  claws.body_file = true;
  q = prepare_launch(claws, d, f.in);
  REQUIRE(q);
  REQUIRE(q->files.size() == 1);
  CHECK(q->files[0].what == "body");
  CHECK(q->files[0].path == dry_name);
  CHECK(q->files[0].bytes == "long");
  CHECK(q->argv == std::vector<std::string>{"claws-mail", "--compose", "mailto:a@example.org?subject=hi", "--insert",
                                            dry_name});
}

TEST_CASE("the draft file: composed into the request, opened by xdg-open", "[prepare]") {
  fixture f;
  const draft d = draft_of("mailto:a@example.org?subject=hi");
  open_plan p = plan_for(target::eml, d);
  p.wants_file = true;
  auto q = prepare_launch(p, d, f.in);
  REQUIRE(q);
  CHECK(q->argv == std::vector<std::string>{"xdg-open", dry_name});
  REQUIRE(q->files.size() == 1);
  CHECK(q->files[0].what == "draft");
  // The draft as composed (its Date and Message-ID are made anew at each composition).
  CHECK(q->files[0].bytes.find("\r\nTo: a@example.org\r\nSubject: hi\r\n") != std::string::npos);
  f.in.drafts_dir.clear();  // no HOME, no XDG_STATE_HOME
  CHECK(error_of(prepare_launch(p, d, f.in)).exit_code == exit_cantcreat);
}

TEST_CASE("a custom command, a desktop entry and a webmail", "[prepare]") {
  fixture f;
  const draft d = draft_of("mailto:a@example.org?subject=hi");
  open_plan custom = plan_for(target::custom, d);
  custom.custom = *exec_line::split_exec("mua --uri %u");
  auto q = prepare_launch(custom, d, f.in);
  REQUIRE(q);
  CHECK(q->argv == std::vector<std::string>{"mua", "--uri", custom.uri});

  open_plan desktop = plan_for(target::desktop, d);
  desktop.choice.entry = entry_of("mua.desktop", {"mua", "%u"});
  q = prepare_launch(desktop, d, f.in);
  REQUIRE(q);
  REQUIRE(q->desktop_entry);
  CHECK(q->desktop_entry->id == "mua.desktop");
  CHECK(q->is_uri);
  CHECK(q->args == std::vector<std::string>{desktop.uri});
  desktop.choice.entry.reset();
  CHECK(error_of(prepare_launch(desktop, d, f.in)).exit_code == exit_software);

  open_plan web = plan_for(target::webmail, d);
  web.choice.service = webmail::by_name("gmail");
  web.webmail_link = "https://mail.google.com/mail/?extsrc=mailto&url=mailto%3Aa%40example.org";
  web.browser = entry_of("browser.desktop", {"browser", "%u"});
  q = prepare_launch(web, d, f.in);
  REQUIRE(q);
  CHECK(q->target == "gmail");
  REQUIRE(q->desktop_entry);
  CHECK(q->args == std::vector<std::string>{web.webmail_link});
  web.browser.reset();
  web.browser_program = "/usr/bin/x-www-browser";
  q = prepare_launch(web, d, f.in);
  REQUIRE(q);
  CHECK_FALSE(q->desktop_entry);
  CHECK(q->argv == std::vector<std::string>{"/usr/bin/x-www-browser", web.webmail_link});
}
