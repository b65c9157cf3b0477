// The handler's commands (open, preview, register, unregister, status, targets), one file each
// group: cmd_open.cpp adds them all through add_handler_commands() (commands.hpp).
#pragma once

#include <CLI/CLI.hpp>

#include "cli/cli.hpp"

namespace mailtokit::cli {

/// `register`, `unregister` (cmd_register.cpp).
void add_registration_commands(CLI::App& app, context& ctx);
/// `status`, `targets` (cmd_status.cpp).
void add_status_commands(CLI::App& app, context& ctx);

}  // namespace mailtokit::cli
