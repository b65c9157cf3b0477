/// Desktop entries, as the desktop reads them: GIO's GDesktopAppInfo finds an entry by its id
/// (XDG_DATA_HOME and XDG_DATA_DIRS, TryExec and Hidden honoured) and lists the handlers of
/// x-scheme-handler/mailto in the order the MIME Applications Associations specification gives
/// (the desktop-specific $desktop-mimeapps.list files, mimeapps.list in the config and data
/// directories, Default/Added/Removed Associations, mimeinfo.cache). What GNOME, Firefox and
/// xdg-open's generic path use, so mailtokit follows the same choice they do.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mailtokit::launch {

/// What mailtokit reads of a desktop entry. A value type.
struct entry {
  std::string id;                      ///< desktop file id ("thunderbird.desktop")
  std::string path;                    ///< the file
  std::string name;                    ///< Name, in the user's language
  std::string exec;                    ///< Exec, string escapes undone
  std::vector<std::string> exec_argv;  ///< Exec split as GLib splits it (field codes left as written)
  bool terminal = false;               ///< Terminal=true
  bool dbus = false;                   ///< DBusActivatable=true
  bool hidden = false;                 ///< NoDisplay=true (still a valid handler)
  std::string working_dir;             ///< Path
  std::string icon;                    ///< Icon when it is a theme's icon name ("" for a file or none)
};

/// The entry with this desktop file id, or nullopt when the desktop has none (not installed,
/// Hidden, its TryExec program missing, or an Exec GLib cannot split).
[[nodiscard]] std::optional<entry> find(std::string_view id);

/// Every handler of x-scheme-handler/mailto, the desktop's default first, then in the order of
/// the desktop's preference, each once.
[[nodiscard]] std::vector<entry> mailto_handlers();

/// The desktop's default entry for `content_type` (GIO's g_app_info_get_default_for_type, as
/// `gio open` and GNOME use it), e.g. the browser for "x-scheme-handler/https"; nullopt when the
/// desktop has none.
[[nodiscard]] std::optional<entry> default_for(std::string_view content_type);

/// The desktop's web browser: the default for x-scheme-handler/https, else for http.
[[nodiscard]] std::optional<entry> browser();

/// Every entry that opens web links: the handlers of x-scheme-handler/https, then of http, each
/// the desktop's default first, then in the order of the desktop's preference, each entry once.
/// Where the browser a link was clicked in is looked for (open_link/plan.hpp: entry_runs()).
[[nodiscard]] std::vector<entry> browsers();

/// True when the entry starts mailtokit itself: its id is mailtokit.desktop (installed) or
/// mailtokit-handler.desktop (`register`), or its Exec runs a
/// program named mailtokit or this very program (`self_exe`, /proc/self/exe).
[[nodiscard]] bool is_mailtokit(const entry& e, std::string_view self_exe);
/// mailtokit (`self_exe`) comes first among the desktop's handlers of mail links
/// (mailto_handlers()): it is registered and in effect.
[[nodiscard]] bool mailtokit_handles_mail_links(std::string_view self_exe);

/// When the entry's Exec hands its arguments to a shell or to an interpreter's inline code
/// (`sh -c`, `bash -c`, `python3 -c`, `perl -e`, `emacsclient --eval`, ...), what it runs, e.g.
/// "sh -c"; nullopt otherwise. Such an entry could turn a link into a command (Emacs'
/// emacsclient-mail.desktop: CVE-2023-27985, CVE-2023-27986), so mailtokit refuses it.
[[nodiscard]] std::optional<std::string> shell_wrapper(const std::vector<std::string>& exec_argv);

/// The last component of a path ("thunderbird" for "/usr/bin/thunderbird").
[[nodiscard]] std::string_view basename(std::string_view path) noexcept;

/// The index in an Exec line of the program `env` starts: after `env [VAR=value|-option]...`
/// (-u NAME and -C DIR with their argument); 0 when the line does not start with env. May be
/// argv.size() (env with nothing after it).
[[nodiscard]] std::size_t after_env(const std::vector<std::string>& argv) noexcept;

/// The index in an Exec line of the program itself: after `env [VAR=value|-option]...`
/// (after_env()), and for `flatpak run [--options] APP-ID` the application id. May be
/// argv.size().
[[nodiscard]] std::size_t program_index(const std::vector<std::string>& argv) noexcept;

/// The desktop's own name list: XDG_CURRENT_DESKTOP split at ':' and lower-cased, the names a
/// "$desktop-mimeapps.list" file is looked up by.
[[nodiscard]] std::vector<std::string> current_desktops();

}  // namespace mailtokit::launch
