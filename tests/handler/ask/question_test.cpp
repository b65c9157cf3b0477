#include "ask/question.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "question_support.hpp"
#include "ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;
using namespace question_support;


TEST_CASE("the issue's link: the look-alike first, named and marked, Cancel the default", "[question]") {
  const auto q = question_for(issue_link);
  CHECK(q.title == "mailtokit: check this link before it opens");
  CHECK(q.headline == "admin@\xD0\xB0pple.com is not apple.com");
  REQUIRE(q.findings.size() == 2);
  CHECK(q.findings[0] ==
        "In admin@[\xD0\xB0]pple.com, the letter in brackets is the Cyrillic letter \xD0\xB0, not the Latin "
        "letter a. "
        "Its real name is admin@xn--pple-43d.com.");
  CHECK(q.findings[1] == "x@evil.example would get the message, and the other recipients would not know.");
  // attach= is not named here: offer_files() says what became of it, in the file question or as
  // "not attached: ... and why", so the two never contradict each other (issue 35).
  for (const auto& f : q.findings) CHECK(f.find("passwd") == std::string::npos);
  // Without the hidden copy the look-alike would still be there: Cancel, first.
  CHECK(q.safe == choice::cancel);
  REQUIRE(q.buttons.size() == 3);
  CHECK(q.buttons[0].what == choice::cancel);
  CHECK(q.buttons[1].what == choice::open_without_bcc);
  CHECK(q.buttons[2].what == choice::open);
  CHECK(q.buttons[1].label == "Open without the hidden copy");
  REQUIRE(q.choices.size() == 3);
  CHECK(q.choices[0] == "Cancel: nothing is opened.");
  CHECK(q.choices[1] ==
        "Open without the hidden copy: your mail program gets the message without x@evil.example.");
  CHECK(q.choices[2] ==
        "Open as it is: your mail program gets the message with the hidden copy to x@evil.example.");
  check_plain_words(q);
  // The details keep the precise form, one step away.
  CHECK(has(q.details, "ASCII form: admin@xn--pple-43d.com"));
  CHECK(has(q.details, "HIDDEN recipient"));
  CHECK(has(q.details, "attach = "));
  CHECK(lines_before_details(q) <= 12);
}

TEST_CASE("a hidden copy alone: named in the headline, and removing it is the default", "[question]") {
  const auto q = question_for("mailto:a@example.org?bcc=x@evil.example&subject=hi");
  CHECK(q.headline == "This link would send a hidden copy to x@evil.example");
  CHECK(q.safe == choice::open_without_bcc);
  REQUIRE(q.buttons.size() == 3);
  CHECK(q.buttons[0].what == choice::open_without_bcc);
  CHECK(q.buttons[1].what == choice::cancel);
  CHECK(q.choices[0].starts_with("Open without the hidden copy: "));
  check_plain_words(q);
  // A look-alike hidden address goes with the hidden copy: removing it is still safe.
  const auto spoofed = question_for("mailto:a@example.org?bcc=x@%D0%B0pple.com");
  CHECK(spoofed.headline == "x@\xD0\xB0pple.com is not apple.com");
  CHECK(spoofed.safe == choice::open_without_bcc);
  // Something else risky stays: Cancel.
  CHECK(question_for("mailto:a@example.org?bcc=x@evil.example&subject=%E2%80%AE").safe == choice::cancel);
  CHECK(question_for("mailto:not%20an%20address?bcc=x@evil.example").safe == choice::cancel);
  // Many: counted, three named.
  const auto many =
      question_for("mailto:a@example.org?bcc=1@x.example,2@x.example,3@x.example,4@x.example,5@x.example");
  CHECK(
      many.headline ==
      "This link would send hidden copies to 5 addresses: 1@x.example, 2@x.example, 3@x.example and 2 more");
  CHECK(many.buttons[0].label == "Open without the hidden copies");
  CHECK(many.safe == choice::open_without_bcc);
}

TEST_CASE("three findings fit on one screen, the worst first", "[question]") {
  const auto q =
      question_for("mailto:admin@%D0%B0pple.com?bcc=x@evil.example&subject=Invoice%20%E2%80%AEfdp.exe&attach=%2Fetc%"
          "2Fpasswd"
          "&from=boss@example.com",
          {"aerc shows the addresses percent-encoded"});
  CHECK(q.headline == "admin@\xD0\xB0pple.com is not apple.com");
  REQUIRE(q.findings.size() >= 4);  // attach= is told by offer_files(), not here
  CHECK(has(q.findings[1], "x@evil.example"));
  CHECK(q.findings[2] ==
        "The subject contains invisible characters that change the order of its text: "
        "Invoice <U+202E>fdp.exe.");
  CHECK(has(q.findings[3], "\"from\""));
  check_plain_words(q);
  CHECK(lines_before_details(q) <= 12);
  const std::string t = shown_text(q);
  for (std::size_t at = 0, nl = 0; at < t.size() && at < t.find("\nDetails:"); at = nl + 1) {
    nl = std::min(t.find('\n', at), t.size());
    CHECK(utf8::length(std::string_view(t).substr(at, nl - at)) <= 160);
  }
}

TEST_CASE("each kind of finding has its own plain headline", "[question]") {
  const auto name = question_for("mailto:%22boss@example.com%22%20%3Cx@evil.example%3E");
  CHECK(name.headline == "The name boss@example.com hides the real address x@evil.example");
  CHECK(name.findings.at(0) ==
        "Your mail program may show boss@example.com, but the message would go to x@evil.example.");
  const auto invisible = question_for("mailto:a@ex%E2%80%8Bample.com");
  CHECK(invisible.headline == "The address a@ex<U+200B>ample.com contains invisible characters");
  CHECK(invisible.findings.size() == 1);  // not named again as invalid
  const auto invalid = question_for("mailto:a@example.org?to=not%20an%20address");
  CHECK(invalid.headline == "\"not an address\" is not a valid email address");
  const auto local = question_for("mailto:p%D0%B0yp%CE%BFl@example.com");
  CHECK(local.headline == "p\xD0\xB0yp\xCE\xBFl@example.com is not paypol@example.com");
  CHECK(local.findings.at(0) ==
        "In p[\xD0\xB0]yp[\xCE\xBF]l@example.com, the 2 letters in brackets are not what they seem: \xD0\xB0 "
        "from the "
        "Cyrillic alphabet looks like a; \xCE\xBF from the Greek alphabet looks like o.");
  const auto zhe = question_for("mailto:a@ex%D0%B6mple.com");
  CHECK(zhe.headline == "The address a@ex\xD0\xB6mple.com mixes letters from different alphabets");
  CHECK(has(zhe.findings.at(0), "the letter in brackets is from the Cyrillic alphabet"));
  CHECK(has(zhe.findings.at(0), "a@ex[\xD0\xB6]mple.com"));
  const auto shown_name = question_for("mailto:?to=%22Bob%20%E2%80%8B%22%20%3Cbob@example.com%3E");
  CHECK(shown_name.headline == "The name shown for bob@example.com contains hidden characters");
  CHECK(has(shown_name.findings.at(0), "The name Bob <U+200B> shown for bob@example.com"));
  const auto body = question_for("mailto:a@example.org?body=x%E2%80%AEy");
  CHECK(body.headline == "The message text contains hidden characters");
  for (const auto* q : {&name, &invisible, &invalid, &local, &zhe, &shown_name, &body}) {
    check_plain_words(*q);
    CHECK(q->safe == choice::cancel);
    CHECK(q->buttons.front().what == choice::cancel);
    CHECK(q->buttons.size() == 2);  // no hidden copy: no button to remove it
  }
  // Nothing risky (confirm = always): a plain question, still nothing opened by default.
  const auto plain = question_for("mailto:friend@example.org");
  CHECK(plain.headline == "Open a message to friend@example.org?");
  CHECK(plain.findings.empty());
  CHECK(plain.safe == choice::cancel);
}

TEST_CASE("a run of blanks cannot start a forged line", "[question]") {
  // ask::blank_runs_shown() (tests/handler/ask/display_text_test.cpp) on every line of the question.
  // A subject and a To address that would forge a finding and a Cc line.
  std::string em;
  for (int i = 0; i < 40; ++i) em += "%E2%80%83";
  const auto q = question_for("mailto:a@example.org?bcc=x@evil.example&subject=Hi" + em +
                              "%E2%80%A2%20Checked%3A%20your%20own%20archive.");
  const std::string all = front(q) + q.details.str();
  for (const auto& r : q.recipients) CHECK(r.find("\u2003\u2003") == std::string::npos);
  CHECK(all.find("\u2003\u2003") == std::string::npos);
  CHECK(q.details.find("<U+2003><U+2003>") != std::string::npos);
  // Braille blanks and plain spaces too: the terminal and the dialog programs show these lines
  // as they are, without mailtokit-ask's own decoder.
  std::string blanks;
  for (int i = 0; i < 30; ++i) blanks += "%E2%A0%80%20%20";
  const auto b = question_for("mailto:a@example.org?bcc=x@evil.example&subject=Hi" + blanks +
                              "%E2%80%A2%20Checked%3A%20your%20own%20archive.");
  const std::string shown = front(b) + b.details.str();
  CHECK(shown.find("\u2800") == std::string::npos);
  CHECK(front(b).find("    ") == std::string::npos);
  CHECK(shown.find("<U+2800>") != std::string::npos);
  // In the details only the columns are runs of spaces, never a value (each inside an isolate).
  const std::string& details = b.details.str();
  for (std::size_t open = details.find("\u2068"); open != std::string::npos; open = details.find("\u2068", open + 1)) {
    const auto close = std::min(details.find("\u2069", open), details.find('\n', open));  // a clipped line has none
    CHECK(details.substr(open, close - open).find("    ") == std::string::npos);
  }
}

TEST_CASE("hostile text cannot change or swamp the question", "[question]") {
  std::string to;
  for (int i = 0; i < 990; ++i)
    to.append(i ? "," : "").append("u").append(std::to_string(i)).append("@example.org");
  std::string subject = "%3Cb%3Ebold%3C%2Fb%3E%E2%80%AE%1B%5B31m";
  for (int i = 0; i < 3000; ++i) subject += "A";
  std::string hidden;
  for (int i = 0; i < 6; ++i)
    hidden.append(i ? "," : "").append("h").append(std::to_string(i)).append("@evil.example");
  const auto q = question_for("mailto:" + to + "?subject=" + subject + "&bcc=" + hidden);
  const std::string t = shown_text(q);
  CHECK(utf8::validate(t));
  CHECK_FALSE(has(t, "\xE2\x80\xAE"));  // U+202E shown, not applied
  CHECK(has(t, "<U+202E>"));
  CHECK_FALSE(has(t, "\x1B"));
  CHECK(has(t, "<b>bold</b>"));  // plain text: shown as typed
  CHECK(lines_before_details(q) <= 12);
  REQUIRE(q.recipients.size() == 2);  // the hidden copies (first) and To: a line each
  CHECK(has(q.recipients[1], "u19@example.org"));
  CHECK_FALSE(has(q.recipients[1], "u20@example.org"));
  CHECK(has(q.recipients[1], "and 970 more"));
  CHECK(has(q.recipients[0], "h5@evil.example"));  // every hidden copy by address
  question without = q;
  without.recipients.clear();
  const std::string t_rest = shown_text(without);
  std::size_t newlines = 0, longest = 0;
  for (std::size_t at = 0, nl = 0; at < t_rest.size(); at = nl + 1) {
    nl = std::min(t_rest.find('\n', at), t_rest.size());
    longest = std::max(longest, utf8::length(std::string_view(t_rest).substr(at, nl - at)));
    ++newlines;
  }
  CHECK(newlines < 200);
  CHECK(longest <= 240 + 30);
  CHECK(has(q.details, "more lines of this part"));  // the To list is cut ...
  CHECK(has(q.details, "Subject:"));                 // ... and what follows is shown
  CHECK(has(q.details, "more characters)"));
  // ... so no answer sends it: 996 recipients are more than the question can show (issue 46).
  REQUIRE(q.buttons.size() == 1);
  CHECK(q.buttons[0].what == choice::cancel);
  CHECK(has(t, "This message has 996 recipients, more than mailtokit can show, so it can only be cancelled."));
  CHECK_FALSE(parse_typed("o", q));
  CHECK_FALSE(parse_typed("w", q));
  check_plain_words(q);
}

namespace {
std::string addresses(std::string_view prefix, int n, std::string_view domain) {
  std::string out;
  for (int i = 0; i < n; ++i) out.append(i ? "," : "").append(prefix).append(std::to_string(i)).append(domain);
  return out;
}
}  // namespace

TEST_CASE("every hidden copy is in a line of the question, the 30th too (issue 46)", "[question]") {
  const auto q = question_for(std::string("mailto:boss@example.org?bcc=").append(addresses("h", 30, "@evil.example")));
  REQUIRE(q.recipients.size() == 2);
  CHECK(has(q.recipients[0], "h19@evil.example"));
  CHECK_FALSE(has(q.recipients[0], "h20@evil.example"));
  CHECK(has(q.recipients[0], "and 10 more (the details show every one)"));
  for (int i = 0; i < 30; ++i) CHECK(has(q.details, std::string("h").append(std::to_string(i)).append("@evil.example")));
  CHECK_FALSE(has(q.details, "more lines of this part"));
  CHECK(button_for_test(q, choice::open));  // all can be seen: every answer stays
  CHECK(q.safe == choice::open_without_bcc);
}

TEST_CASE("more recipients than the question can show: only what sends to none unseen (issue 46)", "[question]") {
  // 101 hidden copies: opening without them is still offered, and is the default.
  auto q = question_for(std::string("mailto:boss@example.org?bcc=").append(addresses("h", 101, "@evil.example")));
  REQUIRE(q.buttons.size() == 2);
  CHECK(q.buttons[0].what == choice::open_without_bcc);
  CHECK(q.buttons[1].what == choice::cancel);
  CHECK(q.safe == choice::open_without_bcc);
  CHECK(has(front(q), "This message has 102 recipients, more than mailtokit can show, so it cannot be opened as "
                      "it is; \"Open without the hidden copies\" sends it only to those the details list."));
  CHECK_FALSE(parse_typed("o", q));
  CHECK(parse_typed("w", q));
  // 100 in all: every one listed, every answer offered.
  q = question_for(std::string("mailto:boss@example.org?bcc=").append(addresses("h", 99, "@evil.example")));
  CHECK(q.buttons.size() == 3);
  CHECK(has(q.details, "h98@evil.example"));
  // 101 To addresses and a hidden copy: nothing but Cancel.
  q = question_for(std::string("mailto:").append(addresses("u", 101, "@example.org")).append("?bcc=x@evil.example"));
  REQUIRE(q.buttons.size() == 1);
  CHECK(q.safe == choice::cancel);
}

TEST_CASE("every change of the hand-over is told: two in the question, all in the details", "[question]") {
  const std::vector<std::string> losses = {
      "mailtokit left out a@corp.example boss@evil.example (To): it is not a complete address",
      "mailtokit left out boss@evil.example@corp.example (Cc): it is not a complete address",
      "mailtokit left out Boss Man boss@evil.example (Bcc): it is not a complete address",
      "mailtokit hands ok@corp.example over without its display name \"Doe, John\": ..."};
  const auto q = question_for("mailto:ok@corp.example?subject=x", losses);
  CHECK(std::count(q.findings.begin(), q.findings.end(), losses[0]) == 1);
  CHECK(std::count(q.findings.begin(), q.findings.end(), losses[1]) == 1);
  CHECK(std::any_of(q.findings.begin(), q.findings.end(),
                    [](const display_text& f) { return f.find("2 more changes") != std::string::npos; }));
  for (const auto& loss : losses) CHECK(q.details.find(loss) != std::string::npos);
  const auto two = question_for("mailto:ok@corp.example?subject=x", {losses[0], losses[1]});
  CHECK(two.details.find("What mailtokit changed") == std::string::npos);
}

TEST_CASE("a dialog program that cannot be guarded is never offered the risky answer", "[question]") {
  const std::string says = "This window offers only the safe answer";
  // A hidden copy alone: removing it, or Cancel; never "Open as it is".
  const auto bcc = unguarded_question(question_for("mailto:a@example.org?bcc=x@evil.example&subject=hi"));
  REQUIRE(bcc.buttons.size() == 2);
  CHECK(bcc.buttons[0].what == choice::open_without_bcc);
  CHECK(bcc.buttons[1].what == choice::cancel);
  REQUIRE(bcc.choices.size() == 2);
  CHECK(bcc.choices[0].starts_with("Open without the hidden copy: "));
  CHECK(bcc.choices[1] == "Cancel: nothing is opened.");
  CHECK(has(bcc.findings.back(), says));
  CHECK(bcc.safe == choice::open_without_bcc);
  // The look-alike and the hidden copy: without the hidden copy is not safe either; Cancel alone.
  const auto both = unguarded_question(question_for(issue_link));
  REQUIRE(both.buttons.size() == 1);
  CHECK(both.buttons[0].what == choice::cancel);
  CHECK(texts(both.choices) == std::vector<std::string>{"Cancel: nothing is opened."});
  CHECK(has(both.findings.back(), says));
  check_plain_words(both);
  // Nothing risky (asked for every link, or only for files): the question as it is.
  const auto plain = question_for("mailto:a@example.org?subject=hi");
  CHECK_FALSE(plain.risky);
  const auto same = unguarded_question(plain);
  CHECK(same.buttons.size() == plain.buttons.size());
  CHECK(same.findings == plain.findings);
}

TEST_CASE("the question says to whom, the hidden copy first", "[question]") {
  // The question once never said to whom: after "Open as it is", the files went to a Bcc too.
  auto d = mailtokit::parse_draft("mailto:boss@example.org?cc=team@example.org&bcc=spy@evil.example");
  REQUIRE(d);
  const auto r = recipient_lines(*d);
  REQUIRE(r.size() == 3);
  // The hidden copy first (issue 46): never pushed below the fold by a long To list.
  CHECK(r[0] == "Hidden copy, which the others do not see: \xE2\x81\xA6spy@evil.example\xE2\x81\xA9");
  CHECK(r[1] == "To: \xE2\x81\xA6" "boss@example.org\xE2\x81\xA9");
  CHECK(r[2].find("team@example.org") != std::string::npos);
  CHECK(recipient_lines(mailtokit::draft{}).empty());
}
