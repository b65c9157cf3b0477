/// The commands, one file each (option wiring; the work is done in the folders below): main.cpp
/// adds them in the order `mailtokit --help` lists them.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "cli/cli.hpp"

namespace mailtokit::commands {

/// `iri to-uri | to-iri | check | equal` (iri.cpp).
void add_iri_commands(CLI::App& app, cli::context& ctx);
/// `inspect`, `build` (mailto.cpp).
void add_mailto_commands(CLI::App& app, cli::context& ctx);
/// `compose` (compose.cpp).
void add_compose_command(CLI::App& app, cli::context& ctx);
/// `open`, `send`, `preview` (open.cpp).
void add_open_commands(CLI::App& app, cli::context& ctx);
/// `register`, `unregister` (register.cpp).
void add_registration_commands(CLI::App& app, cli::context& ctx);
/// `status`, `targets` (status.cpp).
void add_status_commands(CLI::App& app, cli::context& ctx);
/// `use` (use.cpp).
void add_use_command(CLI::App& app, cli::context& ctx);
/// `settings`: the "Mail links" window (settings.cpp).
void add_settings_command(CLI::App& app, cli::context& ctx);
/// `waiting`: the mail links that waited (waiting.cpp).
void add_waiting_command(CLI::App& app, cli::context& ctx);
/// The window program (mailtokit-ask) of `settings` and `waiting --window`, looked for only with a
/// display. Without one: nothing, after "error: unavailable: <needs_display>" and `instead`, what
/// the terminal offers (exit_unavailable follows) (window.cpp).
[[nodiscard]] std::optional<std::string> find_window(std::string_view needs_display, std::string_view instead);
/// `register` and `unregister` (register.cpp), for the settings window too: print what they did,
/// return the exit status.
int run_register();
int run_unregister();
/// `batch` (batch.cpp).
void add_batch_command(CLI::App& app, cli::context& ctx);

}  // namespace mailtokit::commands
