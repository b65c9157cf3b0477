/// Where drafts can go, as `mailtokit use` lists them and the first click's chooser and the
/// settings window offer them, and the one writer of that choice into the
/// configuration file (`target =`, `webmail =`), keeping every other line and comment.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/errors.hpp"
#include "clients/webmail.hpp"
#include "mailtokit/result.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

/// One place drafts can go.
struct place {
  enum class kind { program, webmail, organization, file };
  std::string name;     ///< what `use` takes: "thunderbird", "desktop:org.gnome.Evolution", "gmail", "eml"
  std::string label;    ///< what a person calls it: "Thunderbird", "Gmail", "Roundcube"
  std::string icon;     ///< the desktop entry's icon name, or ""
  kind what = kind::program;
  std::string example;  ///< organization: what its address looks like (a template for `webmail`)
  bool terminal = false;  ///< a program that runs in a terminal
};

/// The places on this computer, in the order shown: the desktop's entries for mail links (not
/// mailtokit's) but those in a terminal, the hosted webmails, the terminal entries and the known
/// programs found in PATH that no entry names, the self-hosted webmails and `webmail` by their
/// address, then "eml" (a draft file).
[[nodiscard]] std::vector<place> places();

/// The configuration `text` with the choice `name` (and `address` for a self-hosted webmail or
/// a template) in it, or why not in words that name the value and what to use instead.
[[nodiscard]] mailtokit::result<std::string, webmail::problem> with_choice(const std::string& text,
                                                                          std::string_view name,
                                                                          std::string_view address);
/// The configuration file rewritten with `text` (atomically, its folder made when missing, its
/// mode kept). A configuration that is a symbolic link stays one: the file it leads to is
/// rewritten in its own folder; a link that leads nowhere is an io_error (ENOENT), nothing written.
[[nodiscard]] errors::result<void> write_config(const xdg::loaded_config& lc, const std::string& text);

}  // namespace mailtokit::open_link
