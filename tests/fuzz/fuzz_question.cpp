// Fuzz target: the question `mailtokit open` asks (handler/ask/question.cpp and its words,
// file_offer.cpp, dialog.cpp, format.cpp, terminal.cpp, all display_text), built from a link and from file names a request asks to
// attach, as an attacker writes both. Input: the link, then NUL-separated file names (at most
// 14; each also stands for its folder, its type and, for every other one, the reason it is never
// attached). Properties (issue 35, "text that cannot forge a line"):
// - every one-line text of the question (headline, findings, choices, recipients, button labels,
//   the files' intro, advice, names, descriptions and notes) is UTF-8 and holds no character of
//   UAX #14's mandatory line-break classes (BK, CR, LF, NL: LF, VT, FF, CR, NEL, U+2028, U+2029)
//   and no bidi control but isolates, which are balanced;
// - the terminal's text holds no line break but LF, no raw bidi control but balanced isolates,
//   and a bounded number of lines;
// - mailtokit-ask's input decodes back to the same question;
// - no typed line and nothing the window prints makes cancel attach a file, or a file be one
//   that was not offered.
#include <unicode/uchar.h>

#include <string>
#include <vector>

#include "ask/format.hpp"
#include "ask/dialog.hpp"
#include "ask/answer.hpp"
#include "ask/file_offer.hpp"
#include "fuzz.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/utf8.hpp"
#include "ask/question.hpp"
#include "ask/terminal.hpp"

namespace {

using mailtokit::fuzz::show;
namespace ask = mailtokit::ask;

// One line of text a person reads: nothing in it breaks a line or reorders it.
void check_line(std::string_view what, std::string_view text, std::string_view input) {
  MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(text).has_value(), std::string(what) + " is not UTF-8: " + show(input));
  const char* it = text.data();
  const char* end = text.data() + text.size();
  int depth = 0;
  while (it != end) {
    const auto cp = *mailtokit::utf8::decode(it, end);
    const auto lb = u_getIntPropertyValue(static_cast<UChar32>(cp), UCHAR_LINE_BREAK);
    MAILTOKIT_FUZZ_CHECK(lb != U_LB_MANDATORY_BREAK && lb != U_LB_CARRIAGE_RETURN && lb != U_LB_LINE_FEED &&
                             lb != U_LB_NEXT_LINE,
                         std::string(what) + " breaks a line with U+" + std::to_string(static_cast<unsigned>(cp)) +
                             ": " + show(text) + " from " + show(input));
    if (cp >= 0x2066 && cp <= 0x2068) ++depth;
    if (cp == 0x2069) --depth;
    MAILTOKIT_FUZZ_CHECK(depth >= 0, std::string(what) + " closes an isolate it did not open: " + show(text));
    const bool bidi = cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E);
    MAILTOKIT_FUZZ_CHECK(!bidi, std::string(what) + " holds a bidi control: " + show(text) + " from " + show(input));
  }
  MAILTOKIT_FUZZ_CHECK(depth == 0, std::string(what) + " leaves an isolate open: " + show(text) + " from " + show(input));
}

// The terminal's text: lines split at LF, each a line as above.
void check_lines(std::string_view what, const std::string& text, std::string_view input) {
  std::size_t at = 0, lines = 0;
  while (at <= text.size()) {
    const auto nl = std::min(text.find('\n', at), text.size());
    check_line(what, text.substr(at, nl - at), input);
    ++lines;
    at = nl + 1;
  }
  MAILTOKIT_FUZZ_CHECK(lines < 400, std::string(what) + " has " + std::to_string(lines) + " lines: " + show(input));
}

std::vector<std::string> split(std::string_view in) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (out.size() < 15) {
    const auto z = in.find('\0', at);
    out.emplace_back(in.substr(at, z == std::string_view::npos ? std::string_view::npos : z - at));
    if (z == std::string_view::npos) break;
    at = z + 1;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  auto parts = split(in);
  std::string link = parts[0];
  if (link.rfind("mailto:", 0) != 0) link.insert(0, "mailto:");
  auto d = mailtokit::parse_draft(link);
  if (!d) return 0;
  std::vector<mailtokit::attachments::vetted_file> files(parts.size() - 1);
  for (std::size_t i = 1; i < parts.size(); ++i) {
    auto& f = files[i - 1];
    f.name = parts[i];
    f.folder = parts[i];
    f.size_text = "1 kB";
    f.type_text = parts[i];
    if (i % 2 == 0) {
      f.why = mailtokit::attachments::refusal::hidden;
      f.refusal_text = parts[i];
    }
  }
  const std::vector<std::string> losses = {parts.size() > 1 ? parts[1] : parts[0]};
  const auto findings = mailtokit::preview::check(*d);
  const auto offer = ask::offer_text(files, parts.back(), parts[0], losses);
  const auto q = ask::make_question(*d, findings, losses, {}, offer);

  check_line("the headline", q.headline, in);
  for (const auto& f : q.findings) check_line("a finding", f, in);
  for (const auto& c : q.choices) check_line("a choice", c, in);
  for (const auto& r : q.recipients) check_line("a recipient line", r, in);
  for (const auto& b : q.buttons) check_line("a button", b.label, in);
  check_line("the files' intro", q.files.intro, in);
  check_line("the files' advice", q.files.advice, in);
  for (const auto& f : q.files.files) {
    check_line("a file name", f.name, in);
    check_line("a file's description", f.about, in);
  }
  for (const auto& n : q.files.notes) check_line("a file note", n, in);
  check_lines("the terminal's text", ask::question_terminal_text(q), in);

  const auto back = mailtokit::ask::decode(mailtokit::ask::encode(ask::ask_request(q)));
  MAILTOKIT_FUZZ_CHECK(back.has_value(),
                       "mailtokit-ask refuses its input (" + (back ? std::string() : back.error()) + "): " + show(in));
  if (back) {
    MAILTOKIT_FUZZ_CHECK(back->headline == q.headline && back->recipients == q.recipients &&
                             back->files.size() == q.files.files.size(),
                         "mailtokit-ask would show another question: " + show(in));
  }

  // Answers: a typed line and the window's output, from the input.
  for (const auto& line : parts) {
    if (auto a = ask::parse_typed(line.substr(0, 64), q)) {
      MAILTOKIT_FUZZ_CHECK(a->what != ask::choice::cancel || a->files.empty(), "cancel attaches: " + show(line));
      for (const auto n : a->files)
        MAILTOKIT_FUZZ_CHECK(n < q.files.files.size(), "a typed number names no file: " + show(line));
    }
    const auto w = ask::answer_of(line, q.files.files.size());
    MAILTOKIT_FUZZ_CHECK(w.what != ask::choice::cancel || w.files.empty(), "the window's cancel attaches: " + show(line));
    for (const auto n : w.files)
      MAILTOKIT_FUZZ_CHECK(n < q.files.files.size(), "the window's answer names no file: " + show(line));
  }
  return 0;
}
