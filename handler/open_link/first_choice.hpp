/// The first click's chooser: on a desktop where nothing says where drafts go (no
/// --target, no `target =`, and no mail program was the default before `register`), `open`
/// asks once in mailtokit-ask: the mail programs installed (by name and icon), the webmails,
/// "your organization's" webmail by its address, a draft file. The choice is written as `mailtokit
/// use` writes it; Escape or closing the window opens nothing.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ask/format.hpp"
#include "open_link/places.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

/// The chooser's group id and the id of its button that chooses.
inline constexpr std::string_view chooser_group = "target";
inline constexpr std::string_view chooser_button = "use";

/// What a person reads for a place in the chooser and the settings window: "Thunderbird",
/// "Gmail, in your browser", "Your organization's Roundcube", "Save the draft as a file".
[[nodiscard]] std::string place_label(const place& p);
/// The places as options of `chooser_group` (none chosen, unless `current` names one, with
/// `current_address` in its field).
[[nodiscard]] std::vector<ask::option> place_options(const std::vector<place>& here, std::string_view current = {},
                                                     std::string_view current_address = {});
/// The chooser as mailtokit-ask takes it; `problem`, when not empty, says why the last answer
/// could not be used, and that answer (`chosen`, its `address`) is shown again as it was given.
[[nodiscard]] ask::request chooser_request(const std::vector<place>& here, std::string_view problem,
                                           std::string_view chosen = {}, std::string_view address = {});
/// An address typed without a scheme that is a bare host name, maybe with a port and a path
/// ("mail.example.org", "mail.example.org/roundcube/"): the https: address it stands for
/// ("https://mail.example.org/"); nullopt for anything else (which the webmail check refuses
/// with its reason).
[[nodiscard]] std::optional<std::string> https_of_bare_host(std::string_view typed);

/// How the chooser ended.
struct first_choice {
  enum class how { chosen, closed, not_asked } what = how::not_asked;  ///< not_asked: mailtokit-ask could not run
  std::string name;  ///< chosen: the place's name, as `use` takes it
  std::string why;   ///< not_asked after an answer: why it was not kept (the file could not be written)
};
/// Ask with mailtokit-ask (`ask_program`) and write the answer into the configuration `lc`
/// names; an answer that cannot be used (an address that is not https:) is asked again, with
/// why, a few times at most.
[[nodiscard]] first_choice ask_first_choice(const xdg::loaded_config& lc, const std::string& ask_program);

/// What is missing of mailtokit's own files and what that costs, one sentence each, in the user's
/// language: the window (`window_found` false: no chooser, a plainer question) and the catalogs
/// (`catalogs_found` false while the user's language is not English). Empty when nothing is.
[[nodiscard]] std::vector<std::string> missing_parts(bool window_found, bool catalogs_found);
/// The user's messages language is English (LANGUAGE, LC_ALL, LC_MESSAGES, LANG: the first set
/// is empty, C, POSIX or en*), so no catalog is needed.
[[nodiscard]] bool wants_english();
/// `missing` on stderr and in a notification (`notify`), once: said again only when it changes
/// (the text is kept in the state folder); forgotten when nothing is missing any more.
void tell_missing_once(const xdg::registration_paths& reg, const std::vector<std::string>& missing, bool notify);

}  // namespace mailtokit::open_link
