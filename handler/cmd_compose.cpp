// Placeholder until this group of subcommands lands.
#include "commands.hpp"

namespace mailtokit::cli {

void add_compose_command(CLI::App& app, context& ctx) {
  (void)app;
  (void)ctx;
}

}  // namespace mailtokit::cli
