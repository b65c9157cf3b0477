// What the commands that open a window of mailtokit-ask (`settings`, `waiting --window`) share.
#include <optional>
#include <string>
#include <string_view>

#include "ask/dialog.hpp"
#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "open_link/session.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::commands {

std::optional<std::string> find_window(std::string_view needs_display, std::string_view instead) {
  auto ask_program = open_link::has_display() ? ask::find_ask(xdg::self_exe()) : std::nullopt;
  if (!ask_program) cli::report_error("unavailable", needs_display, {}, instead);
  return ask_program;
}

}  // namespace mailtokit::commands
