/// The hand-over: the draft's private files, then the mail program started (a desktop entry as
/// the desktop starts it, or a program without a shell), watched for an early failure; under
/// --dry-run, what would be started, as JSON.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/errors.hpp"
#include "launch/start.hpp"
#include "mailtokit/draft.hpp"
#include "open/plan.hpp"
#include "open/session.hpp"
#include "xdg/config.hpp"

namespace mailtokit::open_link {

/// How long a client has to fail at once (a bad option, no display) before we leave it running.
inline constexpr auto early_exit_window = std::chrono::milliseconds(1000);

/// How the program is started.
struct handover_options {
  bool dry_run = false;  ///< print what would be started, start nothing
  bool wait = false;     ///< wait for it to exit (--wait)
};

/// `argv` as a JSON array.
[[nodiscard]] std::string json_argv(const std::vector<std::string>& argv);
/// --dry-run for a desktop entry: what would be started, as one JSON object.
[[nodiscard]] std::string json_start(const launch::start_request& s);
/// `bytes` in a new file of the private drafts folder (its old drafts cleaned); a fixed name under
/// --dry-run; or why it cannot be written.
[[nodiscard]] program::open_result<std::string> write_private(std::string_view bytes, const xdg::environment& env,
                                                     const xdg::config& cfg, bool dry_run);
/// Hands the draft to a desktop entry (the program the user chose on the desktop, or
/// `target = desktop:ID`), as the desktop starts it. `kept()`: where the draft is kept on failure.
int start_entry(const open_plan& plan, const draft& d, const std::string& body_path, const handover_options& o,
                const std::function<std::string()>& kept, const desktop_ui& ui, const std::vector<std::string>& files);
/// Starts `argv` without a shell; detached (new session) unless waited for, so a browser is not
/// blocked; a failure at once is reported with the draft `kept()`.
int start_program(const std::vector<std::string>& argv, const handover_options& o,
                  const std::function<std::string()>& kept, const desktop_ui& ui);

}  // namespace mailtokit::open_link
