#include "open_plan.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "commands.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"

using namespace mailtokit;
using namespace mailtokit::cli;

namespace {

draft parse(std::string_view uri) {
  auto d = parse_draft(uri, {}, policy::defaults());
  REQUIRE(d);
  return *d;
}

// A request with `cfg` and the programs in `programs` "installed" at /usr/bin.
struct fixture {
  handler::config cfg;
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

}  // namespace

TEST_CASE("confirm modes parse by name", "[open_plan]") {
  CHECK(parse_confirm_mode("risky") == confirm_mode::risky);
  CHECK(parse_confirm_mode("always") == confirm_mode::always);
  CHECK(parse_confirm_mode("never") == confirm_mode::never);
  CHECK_FALSE(parse_confirm_mode("Always"));
  CHECK_FALSE(parse_confirm_mode(""));
  CHECK_FALSE(parse_confirm_mode("yes"));
}

TEST_CASE("risky findings need a decision, neutralized fields are only told", "[open_plan]") {
  const std::map<std::string, bool> expected{
      {"mailto:admin@%D0%B0pple.com", true},                   // mixed script + confusable domain
      {"mailto:a@example.org?bcc=x@evil.example", true},       // hidden recipient
      {"mailto:a@example.org?subject=x%E2%80%AEy", true},      // bidi override
      {"mailto:a@example.org?subject=x%E2%80%8By", true},      // zero-width space
      {"mailto:a@example.org?to=not%20an%20address", true},    // lenient repair of a recipient
      {"mailto:a@example.org?attach=%2Fetc%2Fpasswd", false},  // dropped by the policy
      {"mailto:a@example.org?from=ceo@evil.example", false},   // originator field dropped
      {"mailto:a@example.org?subject=hi&body=hello", false},
      {"mailto:a@example.org?body=a%0Ab", false},  // line breaks repaired in the body
  };
  for (const auto& [uri, risky] : expected) {
    INFO(uri);
    const draft d = parse(uri);
    CHECK(needs_decision(d, preview::check(d)) == risky);
  }
  // A dropped field alone needs no decision; a hidden recipient with it does.
  CHECK(needs_decision(parse("mailto:a@example.org?attach=%2Fetc%2Fpasswd&bcc=b@example.org"),
                       preview::check(parse("mailto:a@example.org?attach=%2Fetc%2Fpasswd&bcc=b@example.org"))));
}

TEST_CASE("a parser note is risky only when it changed a recipient field", "[open_plan]") {
  CHECK(is_risky(warning{warning_code::invalid_address, "to", "x", 0}));
  CHECK(is_risky(warning{warning_code::header_controls_removed, "cc", "x", 0}));
  CHECK(is_risky(warning{warning_code::legacy_charset_decoded, "bcc", "x", 0}));
  CHECK_FALSE(is_risky(warning{warning_code::header_controls_removed, "subject", "x", 0}));
  CHECK(is_risky(warning{warning_code::invalid_utf8_replaced, "to", "x", 0}));
  CHECK_FALSE(is_risky(warning{warning_code::body_line_breaks_normalized, "body", "x", 0}));
  CHECK_FALSE(is_risky(warning{warning_code::fragment_ignored, "", "x", 0}));
  CHECK_FALSE(is_risky(warning{warning_code::empty_address, "to", "x", 0}));  // nothing changed in an address
}

TEST_CASE("is_risky decides on the field, never on the English message", "[open_plan]") {
  // The message names another field than the one concerned: the field decides.
  CHECK(is_risky(warning{warning_code::header_controls_removed, "cc", "line breaks in 'subject' were removed", 0}));
  CHECK_FALSE(
      is_risky(warning{warning_code::header_controls_removed, "subject", "line breaks in 'cc' and 'to' were removed", 0}));
  CHECK_FALSE(is_risky(warning{warning_code::invalid_utf8_replaced, "keywords", "the value of 'to' is not UTF-8", 0}));
  CHECK(is_risky(warning{warning_code::invalid_utf8_replaced, "bcc", "", 0}));
  // And the parser gives the field: controls removed from a cc value are risky, from a subject not.
  const draft cc = parse("mailto:a@example.org?cc=%0Ab@example.org");
  REQUIRE(cc.warnings.size() == 1);
  CHECK(cc.warnings[0].field == "cc");
  CHECK(is_risky(cc.warnings[0]));
  const draft subject = parse("mailto:a@example.org?subject=a%0Db");
  REQUIRE(subject.warnings.size() == 1);
  CHECK(subject.warnings[0].field == "subject");
  CHECK_FALSE(is_risky(subject.warnings[0]));
  CHECK(is_risky(preview::finding{"confusable", "to[0]", ""}));
  CHECK_FALSE(is_risky(preview::finding{"long_body", "body", ""}));
  CHECK_FALSE(is_risky(preview::finding{"non_ascii_local_part", "to[0]", ""}));
}

TEST_CASE("how open asks: terminal, dialog, or the documented fallback", "[open_plan]") {
  const ask_context tty{true, true, true, true};
  const ask_context desktop{false, false, true, true};
  const ask_context no_dialog{false, false, true, false};
  const ask_context nothing{false, false, false, false};
  const ask_context half_tty{true, false, false, false};  // stdin a terminal, stderr a pipe
  CHECK(decide_ask(confirm_mode::risky, false, desktop) == ask_how::no);
  CHECK(decide_ask(confirm_mode::never, true, desktop) == ask_how::no);
  CHECK(decide_ask(confirm_mode::risky, true, tty) == ask_how::terminal);
  CHECK(decide_ask(confirm_mode::risky, true, desktop) == ask_how::dialog);
  CHECK(decide_ask(confirm_mode::always, false, desktop) == ask_how::dialog);
  CHECK(decide_ask(confirm_mode::risky, true, no_dialog) == ask_how::fallback_open);
  CHECK(decide_ask(confirm_mode::risky, true, nothing) == ask_how::fallback_open);
  CHECK(decide_ask(confirm_mode::always, false, nothing) == ask_how::refuse);
  CHECK(decide_ask(confirm_mode::always, true, no_dialog) == ask_how::refuse);
  CHECK(decide_ask(confirm_mode::risky, true, half_tty) == ask_how::fallback_open);
}

TEST_CASE("the target: --target, then the configuration, then the first installed client", "[open_plan]") {
  const draft d = parse("mailto:a@example.org?subject=x%2By");
  fixture f;
  open_failure why;
  f.programs = {"evolution", "claws-mail"};
  auto p = plan_open(d, f.req(), why);
  REQUIRE(p);
  CHECK(p->t == dispatch::target::evolution);
  CHECK(p->chosen_note.find("using Evolution (/usr/bin/evolution)") != std::string::npos);
  CHECK(p->uri == "mailto:a@example.org?subject=x%2By");
  CHECK_FALSE(p->wants_file);

  f.cfg.target = handler::located{"claws-mail", 9};
  p = plan_open(d, f.req(), why);
  REQUIRE(p);
  CHECK(p->t == dispatch::target::claws_mail);
  CHECK(p->chosen_note.empty());

  auto r = f.req();
  r.cli_target = "eml";
  p = plan_open(d, r, why);
  REQUIRE(p);
  CHECK(p->t == dispatch::target::eml);
  CHECK(p->wants_file);
  auto argv = open_argv(*p, d, "/s/draft-1.eml", "", r, why);
  REQUIRE(argv);
  CHECK(*argv == std::vector<std::string>{"xdg-open", "/s/draft-1.eml"});

  r.cli_target = "pine";
  CHECK_FALSE(plan_open(d, r, why));
  CHECK(why.exit_code == exit_usage);

  f.cfg.target = handler::located{"pine", 9};
  CHECK_FALSE(plan_open(d, f.req(), why));
  CHECK(why.exit_code == exit_config);
  CHECK(why.reason == "config, byte 9: unknown target 'pine'");

  // Terminal clients need a terminal; with none, they are skipped; with nothing: no client.
  f.cfg.target.reset();
  f.programs = {"mutt"};
  CHECK_FALSE(plan_open(d, f.req(), why));
  CHECK(why.exit_code == exit_unavailable);
  CHECK(why.reason.find("No mail program was found") == 0);
  f.programs = {"mutt", "x-terminal-emulator"};
  p = plan_open(d, f.req(), why);
  REQUIRE(p);
  CHECK(p->t == dispatch::target::mutt);
  CHECK(p->terminal == std::vector<std::string>{"x-terminal-emulator", "-e"});
}

TEST_CASE("a custom command is checked before anything is written or started", "[open_plan]") {
  const draft d = parse("mailto:a@example.org");
  fixture f;
  open_failure why;
  f.cfg.target = handler::located{"custom", 9};
  CHECK_FALSE(plan_open(d, f.req(), why));
  CHECK(why.exit_code == exit_config);
  f.cfg.command = handler::located{"mua --compose", 30};
  CHECK_FALSE(plan_open(d, f.req(), why));
  CHECK(why.reason == "config, byte 30: command has neither %u (the clean URI) nor %f (the draft file)");
  f.cfg.command = handler::located{"\"mua", 30};
  CHECK_FALSE(plan_open(d, f.req(), why));
  CHECK(why.reason.rfind("config, byte 30: command: ", 0) == 0);
  f.cfg.command = handler::located{"\"/opt/my mua\" --draft %f --uri %u", 30};
  auto p = plan_open(d, f.req(), why);
  REQUIRE(p);
  CHECK(p->wants_file);
  auto argv = open_argv(*p, d, "/s/d.eml", "", f.req(), why);
  REQUIRE(argv);
  CHECK(*argv ==
        std::vector<std::string>{"/opt/my mua", "--draft", "/s/d.eml", "--uri", "mailto:a@example.org"});
}

TEST_CASE("open without Bcc is the same plan without the hidden recipients", "[open_plan]") {
  draft d = parse("mailto:a@example.org?bcc=x@evil.example&subject=s");
  fixture f;
  f.cfg.target = handler::located{"thunderbird", 9};
  open_failure why;
  auto with = plan_open(d, f.req(), why);
  REQUIRE(with);
  CHECK(with->uri == "mailto:a@example.org?bcc=x@evil.example&subject=s");
  d.bcc.clear();
  auto without = plan_open(d, f.req(), why);
  REQUIRE(without);
  CHECK(without->uri == "mailto:a@example.org?subject=s");
  auto bytes = draft_bytes(d, {}, why);
  REQUIRE(bytes);
  CHECK(bytes->find("Bcc:") == std::string::npos);
}

TEST_CASE("a draft that needs UTF-8 headers is an RFC 6532 draft unless smtputf8 = no or strict, which say how to allow them", "[open_plan]") {
  const draft d = parse("mailto:b%C3%BCcher@example.org");
  open_failure why;
  CHECK(draft_bytes(d, draft_options(nullptr, false), why));
  handler::config no;
  no.smtputf8 = false;
  CHECK_FALSE(draft_bytes(d, draft_options(&no, false), why));
  CHECK(why.exit_code == exit_dataerr);
  CHECK(why.advice.find("smtputf8 = yes") != std::string::npos);
  CHECK_FALSE(draft_bytes(d, draft_options(nullptr, true), why));
  handler::config yes;
  yes.smtputf8 = true;
  CHECK(draft_bytes(d, draft_options(&yes, true), why));
}
