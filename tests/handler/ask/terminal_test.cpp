#include "ask/terminal.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "question_support.hpp"
#include "ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;
using namespace question_support;

namespace {
// The choice of a typed line, without files.
std::optional<choice> typed(std::string_view line, const question& q) {
  auto a = parse_typed(line, q);
  if (!a) return std::nullopt;
  CHECK(a->files.empty());
  return a->what;
}
}  // namespace

TEST_CASE("the terminal: keys, Enter picks the safe answer, unknown answers ask again", "[question]") {
  const auto q = question_for(issue_link);
  const std::string t = question_terminal_text(q);
  CHECK(t.rfind(q.headline.str() + "\n\n", 0) == 0);
  CHECK(has(t, "  [c] Cancel: nothing is opened.\n"));
  CHECK(has(t, "  [w] Open without the hidden copy: "));
  CHECK(has(t, "  [o] Open as it is: "));
  CHECK(t.find("[c]") < t.find("[w]"));
  CHECK(typed("", q) == choice::cancel);
  CHECK(typed("\n", q) == choice::cancel);
  CHECK(typed("o\n", q) == choice::open);
  CHECK(typed(" Open ", q) == choice::open);
  CHECK(typed("w", q) == choice::open_without_bcc);
  CHECK(typed("B", q) == choice::open_without_bcc);
  CHECK(typed("c", q) == choice::cancel);
  CHECK(typed("open as it is", q) == choice::open);
  CHECK(typed("Open without the hidden copy", q) == choice::open_without_bcc);
  CHECK_FALSE(typed("yes", q));
  CHECK_FALSE(typed("d", q));  // the details are not an answer
  const auto bcc = question_for("mailto:a@example.org?bcc=x@evil.example");
  CHECK(typed("", bcc) == choice::open_without_bcc);
  const auto no_bcc = question_for("mailto:admin@%D0%B0pple.com");
  CHECK_FALSE(typed("w", no_bcc));  // no such button
  CHECK(typed("", no_bcc) == choice::cancel);
  CHECK_FALSE(has(question_terminal_text(no_bcc), "[w]"));
}

TEST_CASE("one question for the link and its files: none ticked, chosen by number on the terminal", "[question]") {
  // Issue 35: one question, the whole truth; no default key attaches.
  file_offer files;
  files.intro = display_text::ours("xdg-email asks to attach 2 files to the message for Thunderbird.");
  files.advice = display_text::ours("Tick a file only if you asked to send it yourself.");
  files.files = {{shown_file_name("a.pdf"), display_text::ours("in /home/u, 1 kB, PDF document")},
                 {shown_file_name("b.pdf"), display_text::ours("in /home/u, 2 kB, PDF document")}};
  files.notes = {display_text::ours("Never attached: .ssh: it is hidden")};
  auto d = mailtokit::parse_draft("mailto:boss@example.org");
  REQUIRE(d);
  const auto plain = make_question(*d, mailtokit::preview::check(*d), {}, {}, files);
  CHECK(plain.headline == files.intro);  // asked only for the files
  CHECK(plain.safe == choice::open);     // Enter opens, with no file ticked
  REQUIRE(plain.buttons.size() == 2);
  CHECK(plain.buttons[0].what == choice::open);
  CHECK(plain.buttons[1].what == choice::cancel);
  CHECK(texts(plain.recipients) == std::vector<std::string>{"To: \xE2\x81\xA6" "boss@example.org\xE2\x81\xA9"});
  const std::string t = question_terminal_text(plain);
  CHECK(has(t, "The message goes to:\n  To: "));
  CHECK(has(t, "  [1] \xE2\x81\xA8" "a.pdf\xE2\x81\xA9\n      in /home/u, 1 kB, PDF document\n"));
  CHECK(has(t, "  [2] "));
  CHECK(has(t, "  Never attached: .ssh: it is hidden\n"));
  CHECK(t.find(files.intro.str()) == t.rfind(files.intro.str()));  // the headline is not said twice
  auto a = parse_typed("", plain);
  REQUIRE(a);
  CHECK(a->what == choice::open);
  CHECK(a->files.empty());
  CHECK(a->files_shown);
  a = parse_typed("o 2", plain);
  REQUIRE(a);
  CHECK(a->files == std::vector<std::size_t>{1});
  a = parse_typed("open 2 1 2", plain);
  REQUIRE(a);
  CHECK(a->files == std::vector<std::size_t>{0, 1});
  a = parse_typed("O all", plain);
  REQUIRE(a);
  CHECK(a->files == std::vector<std::size_t>{0, 1});
  CHECK_FALSE(parse_typed("1", plain));      // a number is no choice
  CHECK_FALSE(parse_typed("o 3", plain));    // no third file
  CHECK_FALSE(parse_typed("o 0", plain));
  CHECK_FALSE(parse_typed("o 1x", plain));
  CHECK_FALSE(parse_typed("o 99999999999999999999", plain));
  CHECK_FALSE(parse_typed("c 1", plain));    // cancel attaches nothing
  CHECK_FALSE(parse_typed("w", plain));      // no hidden copy here
  // A risky link keeps its headline and its safe default; the files are in the same question.
  auto risky = mailtokit::parse_draft("mailto:boss@example.org?bcc=spy@evil.example");
  REQUIRE(risky);
  const auto q = make_question(*risky, mailtokit::preview::check(*risky), {}, {}, files);
  CHECK(q.headline != files.intro);
  CHECK(q.safe == choice::open_without_bcc);
  CHECK(q.recipients.size() == 2);
  a = parse_typed("w 1", q);
  REQUIRE(a);
  CHECK(a->what == choice::open_without_bcc);
  CHECK(a->files == std::vector<std::size_t>{0});
  CHECK(has(question_terminal_text(q), files.intro.str() + "\n"));
  // Without files, numbers are no answer.
  const auto none = make_question(*d, mailtokit::preview::check(*d), {});
  CHECK_FALSE(parse_typed("o 1", none));
  CHECK_FALSE(parse_typed("", none)->files_shown);
}

