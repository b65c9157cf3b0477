// Placeholder until this group of subcommands lands.
#include "commands.hpp"

namespace mailtokit::cli {

void add_mailto_commands(CLI::App& app, context& ctx) {
  (void)app;
  (void)ctx;
}

}  // namespace mailtokit::cli
