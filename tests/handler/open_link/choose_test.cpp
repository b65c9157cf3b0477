// Which mail program gets the draft (choose.cpp), how a desktop entry is recognized
// (clients/registry.cpp), what is handed to it (launch/start.cpp's Exec line, dispatch's safe URI),
// and the shell check.
#include "open_link/choose.hpp"

#include <catch2/catch.hpp>

#include "../entry_of.hpp"
#include "../error_of.hpp"
#include <map>

#include "cli/cli.hpp"
#include "launch/entries.hpp"
#include "launch/start.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "open_link/plan.hpp"
#include "open_link/prepare.hpp"
#include "clients/dispatch.hpp"

using namespace mailtokit;
using namespace mailtokit::open_link;
using namespace mailtokit::xdg;
using mailtokit::errors::open_failure;
using dispatch::target;

namespace {

// A desktop: the entries installed (by id), the handlers in the desktop's order, the programs.
struct desk {
  std::map<std::string, launch::entry> entries;
  std::vector<std::string> order;
  std::vector<std::string> programs;
  xdg::config cfg;
  std::string remembered;
  choice_inputs in() const {
    choice_inputs c;
    c.cfg = &cfg;
    c.remembered = remembered;
    c.find_entry = [this](std::string_view id) -> std::optional<launch::entry> {
      auto it = entries.find(std::string(id));
      return it == entries.end() ? std::nullopt : std::optional<launch::entry>(it->second);
    };
    c.handlers = [this] {
      std::vector<launch::entry> v;
      for (const auto& id : order) v.push_back(entries.at(id));
      return v;
    };
    c.installed = [this](std::string_view name) -> std::optional<std::string> {
      for (const auto& p : programs)
        if (p == name) return "/usr/bin/" + p;
      return std::nullopt;
    };
    c.self_exe = "/usr/bin/mailtokit";
    return c;
  }
  void add(launch::entry e) { entries[e.id] = std::move(e); }
};

std::string where(std::size_t offset) { return "config, byte " + std::to_string(offset); }

}  // namespace

TEST_CASE("drafts go to the program the user had before register, looked up at every click", "[choose]") {
  desk d;
  d.add(make_entry("mailtokit.desktop", {"/usr/bin/mailtokit", "open", "%u"}));
  d.add(make_entry("org.gnome.Evolution.desktop", {"evolution", "%U"}));
  d.add(make_entry("thunderbird.desktop", {"/usr/bin/thunderbird", "%u"}));
  d.order = {"mailtokit.desktop", "thunderbird.desktop", "org.gnome.Evolution.desktop"};
  d.programs = {"thunderbird", "evolution"};
  d.remembered = "org.gnome.Evolution.desktop";
  open_failure why;
  auto c = choose(d.in(), where);
  REQUIRE(c);
  CHECK(c->t == target::desktop);
  CHECK(c->why == chosen_by::remembered);
  CHECK(c->entry->id == "org.gnome.Evolution.desktop");
  REQUIRE(c->known != nullptr);
  CHECK(c->known->id() == target{"evolution"});
  CHECK(c->gone.empty());

  // Evolution removed: the desktop's next choice, mailtokit left out, and the user is told.
  d.entries.erase("org.gnome.Evolution.desktop");
  d.order = {"mailtokit.desktop", "thunderbird.desktop"};
  c = choose(d.in(), where);
  REQUIRE(c);
  CHECK(c->why == chosen_by::desktop_default);
  CHECK(c->entry->id == "thunderbird.desktop");
  CHECK(c->gone == "org.gnome.Evolution.desktop");

  // The same default named by no mimeapps.list is only the desktop's pick (the first of the
  // cache, issue 47): not called the user's choice, and said as such.
  auto in = d.in();
  in.named_default = [](const std::string& id) { return id == "org.gnome.Evolution.desktop"; };
  c = choose(in, where);
  REQUIRE(c);
  CHECK(c->why == chosen_by::desktop_pick);
  CHECK(c->entry->id == "thunderbird.desktop");
  CHECK(describe(c->why) != describe(chosen_by::desktop_default));
  in.named_default = [](const std::string& id) { return id == "thunderbird.desktop"; };
  c = choose(in, where);
  REQUIRE(c);
  CHECK(c->why == chosen_by::desktop_default);

  // Nothing on the desktop but mailtokit: the first known program installed, then the draft file.
  d.order = {"mailtokit.desktop"};
  c = choose(d.in(), where);
  REQUIRE(c);
  CHECK(c->why == chosen_by::fallback);
  CHECK(c->t == target{"thunderbird"});
  CHECK(c->program_path == "/usr/bin/thunderbird");
  d.programs = {"xdg-open"};
  c = choose(d.in(), where);
  REQUIRE(c);
  CHECK(c->t == target::eml);
  d.programs = {};
  why = error_of(choose(d.in(), where));
  CHECK(why.exit_code == exit_unavailable);
  CHECK(why.reason.find("No mail program was found") == 0);
  CHECK(why.another_program);
  CHECK(why.advice.find('`') == std::string::npos);  // plain words: the failure window shows it
}

TEST_CASE("a configured or given target wins, by name or as desktop:ID", "[choose]") {
  desk d;
  d.add(make_entry("org.gnome.Geary.desktop", {"geary", "%U"}, false, true));
  d.add(make_entry("thunderbird.desktop", {"/usr/bin/thunderbird", "%u"}));
  d.order = {"thunderbird.desktop", "org.gnome.Geary.desktop"};
  d.cfg.target = xdg::located{"desktop:org.gnome.Geary", 9};
  open_failure why;
  auto c = choose(d.in(), where);
  REQUIRE(c);
  CHECK(c->why == chosen_by::configuration);
  CHECK(c->entry->id == "org.gnome.Geary.desktop");
  CHECK(c->known->id() == target{"geary"});
  auto in = d.in();
  in.cli_target = "mutt";
  c = choose(in, where);
  REQUIRE(c);
  CHECK(c->t == target{"mutt"});
  CHECK(c->why == chosen_by::command_line);
  in.cli_target = "desktop:not-there";
  why = error_of(choose(in, where));
  CHECK(why.reason.find("not-there.desktop is not installed") != std::string::npos);
  d.cfg.target = xdg::located{"pine", 9};
  why = error_of(choose(d.in(), where));
  CHECK(why.reason == "config, byte 9: unknown target 'pine'");
  CHECK(parse_target_value("desktop:a/b") == std::nullopt);
  CHECK(parse_target_value("desktop:") == std::nullopt);
}

TEST_CASE("known programs are recognized through their entries, Flatpak, Snap and env", "[choose]") {
  using V = std::vector<std::string>;
  auto id = [](const clients::client* c) { return c == nullptr ? std::string("-") : std::string(c->name); };
  CHECK(id(clients::recognize("thunderbird.desktop", {})) == "thunderbird");
  CHECK(id(clients::recognize("org.mozilla.Thunderbird.desktop", {})) == "thunderbird");
  CHECK(id(clients::recognize("x.desktop", V{"/usr/bin/flatpak", "run", "--branch=stable", "--arch=x86_64",
                                                "--command=thunderbird", "--file-forwarding", "org.mozilla.Thunderbird",
                                                "@@u", "%u", "@@"})) == "thunderbird");
  CHECK(id(clients::recognize("y.desktop", V{"/usr/bin/flatpak", "run", "--command=kmail", "org.kde.kmail2", "%u"})) ==
        "kmail");
  CHECK(id(clients::recognize("thunderbird_thunderbird.desktop", V{"/snap/bin/thunderbird", "%u"})) == "thunderbird");
  CHECK(id(clients::recognize("z.desktop", V{"/snap/bin/thunderbird", "%u"})) == "thunderbird");
  CHECK(id(clients::recognize("w.desktop", V{"env", "LANG=C", "neomutt", "%u"})) == "neomutt");
  CHECK(id(clients::recognize("balsa-mailto-handler.desktop", V{"balsa", "-m", "%U"})) == "balsa");
  CHECK(id(clients::recognize("mine.desktop", V{"alpine", "-url", "%u"})) == "alpine");
  CHECK(id(clients::recognize("mailspring.desktop", V{"mailspring", "%U"})) == "-");
  CHECK(id(clients::recognize("v.desktop", V{"/usr/bin/env", "-u", "X", "A=b", "/usr/bin/claws-mail", "--compose", "%u"})) ==
        "claws-mail");
  CHECK(id(clients::recognize("u.desktop", V{"env", "A=b"})) == "-");  // env and nothing to run
}

TEST_CASE("the URI handed to a desktop entry means nothing to a shell or a Lisp reader", "[choose]") {
  const std::string hostile = "mailto:a!b$c'd@example.org?subject=%22%29%20(shell-command%20%22id%22)%20;%20$(id)"
                              "&body=`id`%0A\\x'\"";
  const std::string safe = dispatch::desktop_safe_uri(hostile);
  CHECK(dispatch::is_desktop_safe(safe));
  CHECK_FALSE(dispatch::is_desktop_safe(hostile));
  for (const char c : safe.substr(7)) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    std::string_view("-._~@,?&=%").find(c) != std::string_view::npos;
    INFO(safe);
    CHECK(ok);
  }
  CHECK(safe.find("a%21b%24c%27d@example.org?subject=%22%29%20%28shell-command") == 7);
  // The same octets once decoded: parsing both gives the same draft.
  auto a = parse_draft("mailto:a@example.org?subject=caf%C3%A9+(x)&body=1;2", {}, policy::defaults());
  auto b = parse_draft(dispatch::desktop_safe_uri("mailto:a@example.org?subject=caf%C3%A9+(x)&body=1;2"), {},
                       policy::defaults());
  REQUIRE(a);
  REQUIRE(b);
  CHECK(a->subject == b->subject);
  CHECK(a->body == b->body);
  CHECK(dispatch::desktop_safe_uri("mailto:a@example.org?subject=%2") == "mailto:a@example.org?subject=%252");
}

TEST_CASE("open plans a desktop entry: refused behind a shell, aerc told about its To", "[choose]") {
  auto d = parse_draft("mailto:%22Doe%2C%20Jane%22%20%3Cjane@example.org%3E?subject=x", {}, policy::defaults());
  REQUIRE(d);
  xdg::config cfg;
  open_request r;
  r.cfg = &cfg;
  r.installed = [](std::string_view) { return std::optional<std::string>{}; };
  std::map<std::string, launch::entry> entries;
  entries["emacsclient-mail.desktop"] =
      make_entry("emacsclient-mail.desktop", {"sh", "-c", "exec emacsclient --eval \"(message-mailto \\\"$1\\\")\"", "sh", "%u"});
  entries["aerc.desktop"] = make_entry("aerc.desktop", {"aerc", "%u"}, true);
  r.find_entry = [&](std::string_view id) -> std::optional<launch::entry> {
    auto it = entries.find(std::string(id));
    return it == entries.end() ? std::nullopt : std::optional<launch::entry>(it->second);
  };
  r.handlers = [&] { return std::vector<launch::entry>{entries.at("emacsclient-mail.desktop")}; };
  r.terminal_env = "xterm";
  open_failure why;
  why = error_of(plan_open(*d, r));
  CHECK(why.reason.find("hands the link to sh -c,") != std::string::npos);
  CHECK(why.exit_code == exit_unavailable);
  CHECK(why.another_program);  // another mail program would do: the failure window offers the choice

  r.cli_target = "desktop:aerc";
  auto p = plan_open(*d, r);
  REQUIRE(p);
  CHECK(p->terminal == std::vector<std::string>{"xterm", "-e"});
  prepare_inputs in;
  in.r = &r;
  in.drafts_dir = "/s";
  in.dry_run = true;
  auto s = prepare_launch(*p, *d, in);
  REQUIRE(s);
  REQUIRE(s->desktop_entry);
  REQUIRE(s->args.size() == 1);
  CHECK(dispatch::is_desktop_safe(s->args.front()));
  CHECK(std::any_of(p->losses.begin(), p->losses.end(),
                    [](const std::string& l) { return l.find("aerc: this client changes To") == 0; }));
}
