#include "ask/notify.hpp"

#include "ask/dialog_text.hpp"
#include "base/i18n.hpp"

namespace mailtokit::ask {

std::vector<std::string> notify_argv(const display_text& summary, const std::vector<display_text>& lines,
                                     bool critical, std::size_t max_lines, std::size_t line_chars) {
  std::string body;
  for (std::size_t i = 0; i < lines.size() && i < max_lines; ++i) {
    if (!body.empty()) body += '\n';
    // A line break inside a line shows as <U+000A> (a notification's lines are the lines given).
    body += markup_escaped(display_text::from_link(lines[i].str(), line_chars).str());
  }
  if (lines.size() > max_lines)
    body += "\n(" +
            fill(tr("{0} more: see the terminal or mailtokit preview"), {std::to_string(lines.size() - max_lines)}) +
            ")";
  std::vector<std::string> argv{"notify-send", "--app-name=mailtokit"};
  if (critical) argv.push_back("--urgency=critical");
  // GOption: "--" ends the options, so nothing from the link can become one.
  argv.push_back("--");
  argv.push_back(summary.str());
  argv.push_back(body);
  return argv;
}

}  // namespace mailtokit::ask
