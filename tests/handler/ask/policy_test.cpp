#include "ask/policy.hpp"

#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;

namespace {

draft parse(std::string_view uri) {
  auto d = parse_draft(uri, {}, policy::defaults());
  REQUIRE(d);
  return *d;
}

}  // namespace

TEST_CASE("confirm modes parse by name", "[policy]") {
  CHECK(parse_confirm_mode("risky") == confirm_mode::risky);
  CHECK(parse_confirm_mode("always") == confirm_mode::always);
  CHECK(parse_confirm_mode("never") == confirm_mode::never);
  CHECK_FALSE(parse_confirm_mode("Always"));
  CHECK_FALSE(parse_confirm_mode(""));
  CHECK_FALSE(parse_confirm_mode("yes"));
}

TEST_CASE("risky findings need a decision, neutralized fields are only told", "[policy]") {
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

TEST_CASE("a parser note is risky only when it changed a recipient field", "[policy]") {
  CHECK(is_risky(warning{warning_code::invalid_address, "to", "x", 0}));
  CHECK(is_risky(warning{warning_code::header_controls_removed, "cc", "x", 0}));
  CHECK(is_risky(warning{warning_code::legacy_charset_decoded, "bcc", "x", 0}));
  CHECK_FALSE(is_risky(warning{warning_code::header_controls_removed, "subject", "x", 0}));
  CHECK(is_risky(warning{warning_code::invalid_utf8_replaced, "to", "x", 0}));
  CHECK_FALSE(is_risky(warning{warning_code::body_line_breaks_normalized, "body", "x", 0}));
  CHECK_FALSE(is_risky(warning{warning_code::fragment_ignored, "", "x", 0}));
  CHECK_FALSE(is_risky(warning{warning_code::empty_address, "to", "x", 0}));  // nothing changed in an address
}

TEST_CASE("is_risky decides on the field, never on the English message", "[policy]") {
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

TEST_CASE("a finding code the question does not know is risky", "[policy]") {
  // A code a newer library adds, or a misspelt one, needs the user's decision until someone
  // says otherwise.
  CHECK(severity_of("homoglyph_in_subject") == severity::risky);
  CHECK(severity_of("") == severity::risky);
  CHECK(severity_of("Long_body") == severity::risky);
  CHECK(is_risky(preview::finding{"a_code_nobody_knows", "subject", ""}));
  // Every known code keeps its meaning: the twelve risky ones, and the facts only told.
  for (const auto* code : {"hidden_recipients", "bidi_control", "mixed_direction", "mixed_script", "confusable",
                           "mixed_numbers", "hidden_overlay", "invisible_character", "control_character",
                           "display_name_mismatch", "address_decodes_again", "address_compatibility_characters"}) {
    INFO(code);
    CHECK(severity_of(code) == severity::risky);
  }
  for (const auto* code : {"display_name_separators", "invalid_address", "non_ascii_local_part", "long_subject",
                           "long_body", "many_lines"}) {
    INFO(code);
    CHECK(severity_of(code) == severity::notice);
  }
}

TEST_CASE("how open asks: terminal, dialog, or the documented fallback", "[policy]") {
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
