/// One launch request: everything that starts the mail program (or the browser, for a webmail)
/// for every target alike, as GLib launches every kind of application through one launch
/// context. A desktop entry started as the desktop starts it, or an argv started without a
/// shell; the files written first; the terminal; the activation token. Prepared from the draft
/// by the target (open_link/prepare.hpp), started by the one runner (launch/runner.hpp), and printed
/// by `open --dry-run` in one JSON shape (to_json()).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "launch/entries.hpp"
#include "launch/start.hpp"

namespace mailtokit::launch {

/// A private file the program is given, written before it starts (xdg/drafts.hpp: new, mode 0600).
struct file_to_write {
  std::string what;   ///< "draft" (the draft file) or "body" (Claws Mail's body, --insert)
  std::string path;   ///< absolute: the drafts folder and a new draft file name
  std::string bytes;  ///< its content
};

/// What is started, and how.
struct request {
  std::string target;  ///< the target's configuration name ("thunderbird", "gmail", "custom", "eml", "desktop")
  std::string name;    ///< what the user calls what is started, for what they are told
  /// Started as the desktop starts it (GDesktopAppInfo, D-Bus activation), given `args`...
  std::optional<entry> desktop_entry;
  std::vector<std::string> args;  ///< the entry's URIs (is_uri) or the program's own options
  bool is_uri = true;
  std::string option_before;  ///< with the program's own options: the one before them (start_request)
  /// ... or, without an entry, this argv (the terminal prefix first for a terminal program),
  /// without a shell.
  std::vector<std::string> argv;
  std::vector<std::string> terminal;  ///< the terminal prefix (terminal programs, Terminal=true entries)
  std::vector<file_to_write> files;   ///< written before anything starts
  std::string activation_token;       ///< the token the window that opens gets (activation_token())
};

/// The start request for the request's desktop entry (nullptr entry when it has none).
[[nodiscard]] start_request entry_start(const request& r);
/// The request as one JSON object, the same keys for every target: target, name, desktop_entry
/// (null, or id, file, exec, dbus), uris, args, argv, terminal, files (what, path, bytes) and
/// activation_token.
[[nodiscard]] std::string to_json(const request& r);

}  // namespace mailtokit::launch
