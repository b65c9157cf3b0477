/// The handler's own files and the steps the commands share: the configuration (read, checked,
/// turned into a policy), the registration's paths and remembered handler, this program's path.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/result.hpp"
#include "base/errors.hpp"
#include "base/errors.hpp"
#include "xdg/config.hpp"

namespace mailtokit::xdg {

/// The desktop file id `register` writes (in $XDG_DATA_HOME/applications) and makes the default:
/// a name of its own, so that registering never writes, and `unregister` never removes, the
/// entry an install put in the same folder (`cmake --install --prefix ~/.local`).
inline constexpr std::string_view desktop_id = "mailtokit-handler.desktop";
/// The desktop file id an install or a package ships (desktop/mailtokit.desktop).
inline constexpr std::string_view installed_desktop_id = "mailtokit.desktop";
/// `id` is one of mailtokit's own entries (never "the handler before mailtokit").
[[nodiscard]] constexpr bool is_own_id(std::string_view id) noexcept {
  return id == desktop_id || id == installed_desktop_id;
}
/// The MIME type of mailto: links.
inline constexpr std::string_view scheme_type = "x-scheme-handler/mailto";
/// Days a draft file is kept (draft_max_age_days).
inline constexpr unsigned default_draft_max_age_days = 7;

/// A small file's bytes; nullopt when it does not exist; io_error when it cannot be read,
/// input_too_long when it is larger than `max`.
[[nodiscard]] errors::result<std::optional<std::string>> read_small_file(const std::string& path, std::size_t max);

/// The configuration file as read.
struct loaded_config {
  std::string path;
  bool exists = false;
  std::string text;
  xdg::config cfg;
};

/// "<path>, line L, column C" of an offset in the configuration file.
[[nodiscard]] std::string config_where(const loaded_config& lc, std::size_t offset);
[[nodiscard]] errors::open_failure config_failure_at(const loaded_config& lc, std::size_t offset, std::string_view what);
/// The configuration, or why it cannot be used (exit 78).
[[nodiscard]] errors::open_result<loaded_config> read_config(const xdg::environment& env);
/// read_config() for the commands that only print: the error printed on stderr, its exit status
/// as the error.
[[nodiscard]] mailtokit::result<loaded_config, int> load_config(const xdg::environment& env);
/// The policy the configuration asks for (keep/drop, then the command line's), or why not.
[[nodiscard]] errors::open_result<policy> make_policy(const loaded_config& lc, const std::vector<std::string>& extra_keep,
                                              const std::vector<std::string>& extra_drop);
/// from = ... : exactly one valid mailbox, set as the draft's From.
[[nodiscard]] errors::open_result<void> apply_from(const loaded_config& lc, draft& d);

/// Where registration keeps its files.
struct registration_paths {
  std::string applications;   ///< $XDG_DATA_HOME/applications
  std::string desktop_file;   ///< .../mailtokit-handler.desktop
  std::string state_dir;      ///< $XDG_STATE_HOME/mailtokit
  std::string saved_default;  ///< .../previous-mailto-handler: the handler before `register`
  std::string saved_state;    ///< .../registration: what `unregister` restores
  std::string gone_told;      ///< .../previous-mailto-handler.gone: the removed handler the user was told about
  std::string mimeapps;       ///< $XDG_CONFIG_HOME/mimeapps.list
  std::string data_mimeapps;  ///< $XDG_DATA_HOME/applications/mimeapps.list: the previous handler for xdg-utils
  std::string config_home;    ///< $XDG_CONFIG_HOME
};
/// nullopt when HOME and the XDG_*_HOME variables give no absolute path.
[[nodiscard]] std::optional<registration_paths> user_paths(const xdg::environment& env);
/// The remembered handler's desktop file id ("" when none).
[[nodiscard]] std::string remembered_handler(const registration_paths& p);
/// `register` has run and found no mail program the default before it (its remembered handler
/// is empty): the first click asks where drafts go (open_link/first_choice.hpp).
[[nodiscard]] bool registered_without_previous(const registration_paths& p);

/// This program's absolute path (/proc/self/exe), "" when unknown.
[[nodiscard]] std::string self_exe();

/// Print `f` in the program's one error format (report_error(): "error: <code>: <reason>" and
/// what to do on the next line).
void print_failure(const errors::open_failure& f);

/// `s` without the white space around it.
[[nodiscard]] std::string trim(std::string_view s);

}  // namespace mailtokit::xdg
