#include "ask/terminal.hpp"

#include <termios.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "base/i18n.hpp"
#include "mailtokit/chars.hpp"

namespace mailtokit::ask {

namespace {

// The key that picks a choice on the terminal.
char key_of(choice c) {
  switch (c) {
    case choice::open:
      return 'o';
    case choice::open_without_bcc:
      return 'w';
    case choice::cancel:
      return 'c';
  }
  return 'c';
}

const question_button* button_for(const question& q, choice c) {
  for (const auto& b : q.buttons)
    if (b.what == c) return &b;
  return nullptr;
}

}  // namespace

std::string question_terminal_text(const question& q) {
  std::string out = q.headline.str() + "\n\n";
  for (const auto& f : q.findings) out += "  - " + f.str() + "\n";
  if (!q.findings.empty()) out += "\n";
  if (!q.recipients.empty()) {
    out += std::string(tr("The message goes to:")) + "\n";
    for (const auto& r : q.recipients) out += "  " + r.str() + "\n";
    out += "\n";
  }
  if (!q.files.files.empty()) {
    if (q.files.intro != q.headline) out += q.files.intro.str() + "\n";
    out += q.files.advice.str() + "\n";
    for (std::size_t i = 0; i < q.files.files.size(); ++i)
      out += "  [" + std::to_string(i + 1) + "] " + q.files.files[i].name.str() + "\n      " +
             q.files.files[i].about.str() + "\n";
    for (const auto& n : q.files.notes) out += "  " + n.str() + "\n";
    out += "\n";
  }
  for (std::size_t i = 0; i < q.buttons.size() && i < q.choices.size(); ++i) {
    out += "  [";
    out += key_of(q.buttons[i].what);
    out += "] " + q.choices[i].str() + "\n";
  }
  return out;
}

std::optional<answer> parse_typed(std::string_view line, const question& q) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r' || line.back() == ' '))
    line.remove_suffix(1);
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  answer a;
  a.files_shown = !q.files.files.empty();
  if (line.empty()) {  // Enter: the safe choice, no file
    a.what = q.safe;
    return a;
  }
  const std::string s = chars::lowered(line);
  std::optional<choice> c;
  for (const auto& b : q.buttons)
    if (!c && s == chars::lowered(b.label.str())) c = b.what;
  // The choice's key or word, then the numbers of the files to attach.
  std::string_view rest;
  if (!c) {
    const auto space = s.find(' ');
    const std::string word = s.substr(0, space);
    rest = space == std::string::npos ? std::string_view() : std::string_view(line).substr(space + 1);
    if (word == "o" || word == "open")
      c = choice::open;
    else if (word == "w" || word == "b" || word == "without")
      c = choice::open_without_bcc;
    else if (word == "c" || word == "cancel" || word == "q")
      c = choice::cancel;
  }
  if (!c || button_for(q, *c) == nullptr) return std::nullopt;
  a.what = *c;
  std::size_t at = 0;
  while (at < rest.size()) {
    const auto end = std::min(rest.find(' ', at), rest.size());
    const std::string_view word = rest.substr(at, end - at);
    at = end + 1;
    if (word.empty()) continue;
    if (a.what == choice::cancel || q.files.files.empty()) return std::nullopt;
    if (chars::lowered(word) == "all") {
      for (std::size_t i = 0; i < q.files.files.size(); ++i) a.files.push_back(i);
      continue;
    }
    std::size_t n = 0;
    for (const char ch : word) {
      if (ch < '0' || ch > '9' || n > q.files.files.size()) return std::nullopt;
      n = n * 10 + static_cast<std::size_t>(ch - '0');
    }
    if (n == 0 || n > q.files.files.size()) return std::nullopt;
    a.files.push_back(n - 1);
  }
  std::sort(a.files.begin(), a.files.end());
  a.files.erase(std::unique(a.files.begin(), a.files.end()), a.files.end());
  return a;
}

answer ask_terminal(const question& q) {
  const std::string text = question_terminal_text(q);
  std::fwrite(text.data(), 1, text.size(), stderr);
  std::string keys;
  for (const auto& b : q.buttons) {
    if (!keys.empty()) keys += '/';
    const char k = key_of(b.what);
    keys += b.what == q.safe ? static_cast<char>(k - 'a' + 'A') : k;
  }
  const question_button* safe = button_for(q, q.safe);
  const std::string safe_label = safe != nullptr ? safe->label.str() : std::string();
  // Appended piece by piece: GCC 12's -Wrestrict misreads `"\n" + std::string&&` here at -O3.
  std::string prompt = "\n";
  if (!q.files.files.empty())
    // TRANSLATORS: before the terminal's prompt when files are offered; "o 1 2" stays as it is.
    prompt.append(tr("To attach files, type their numbers after your answer, as in \"o 1 2\"; "
                     "without numbers, no file is attached.")).append("\n");
  // TRANSLATORS: the terminal's prompt. {0} is the keys, like "C/w/o" (the capital one is the
  // default), {1} the label of the button Enter picks. The keys stay as they are.
  prompt += fill(tr("Your answer ({0}, d for details, Enter for {1}): "), {keys, safe_label});
  const std::size_t line_max = 64 + 4 * q.files.files.size();
  // Input that arrives too soon is no answer: keys typed on the terminal before the
  // question was printed (a paste, a key held down) are discarded, before the prompt shows.
  std::fflush(stderr);
  if (isatty(STDIN_FILENO) != 0) tcflush(STDIN_FILENO, TCIFLUSH);
  for (int tries = 0; tries < 5;) {
    std::fwrite(prompt.data(), 1, prompt.size(), stderr);
    std::fflush(stderr);
    std::string line;
    int ch = 0;
    bool too_long = false;
    while ((ch = std::fgetc(stdin)) != EOF && ch != '\n') {
      too_long = too_long || line.size() == line_max;
      if (!too_long) line += static_cast<char>(ch);
    }
    // End of input is cancel, never the default; a last line without its line end still counts.
    if (ch == EOF && line.empty()) break;
    // A line longer than any answer is no answer, never its first characters acted on.
    if (too_long) {
      if (ch == EOF) break;
      ++tries;
      continue;
    }
    const std::string s = chars::lowered(line);
    if (s == "d" || s == "details") {
      const std::string details = "\n" + q.details.str();
      std::fwrite(details.data(), 1, details.size(), stderr);
      std::fwrite(text.data(), 1, text.size(), stderr);
      continue;
    }
    if (auto a = parse_typed(line, q)) return *a;
    if (ch == EOF) break;
    ++tries;
  }
  std::fputs("\n", stderr);
  return {};
}

}  // namespace mailtokit::ask
