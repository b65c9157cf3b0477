/// What `mailtokit open` decides before it touches anything: the target, the clean URI and draft
/// file bytes, the argv, and whether and how to ask the user first. Pure functions of their
/// inputs (the environment is read by the caller), so unit tests reach every decision; the
/// runner in open_link/run.cpp does the side effects.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "open_link/choose.hpp"
#include "xdg/exec_line.hpp"
#include "clients/dispatch.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/draft.hpp"
#include "launch/start.hpp"
#include "xdg/config.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::open_link {

/// The program a link was clicked in, as its process shows it (provenance::classify() of our
/// parents and process group).
struct clicked_program {
  std::string name;  ///< its /proc/PID/comm or executable's basename ("chromium", "firefox-esr")
  std::string exe;   ///< its executable, /proc/PID/exe ("/usr/lib/chromium/chromium"), or ""
};

/// An Exec line's program as the system finds it: PATH searched, symlinks resolved
/// ("/usr/bin/google-chrome-stable" -> "/opt/google/chrome/google-chrome"); nullopt when absent.
using resolve_program = std::function<std::optional<std::string>(std::string_view)>;

/// Whether desktop entry `e` starts the running program `p`: the program of its Exec line
/// (launch::program_index(): after `env ...`; for `flatpak run APP-ID` the id's last part, as in
/// org.chromium.Chromium) has p's name or executable's name, or resolves (`resolve`, may be
/// empty) to p's executable, to a file of p's name, or to a launcher script in p's executable's
/// own folder (not a bin folder: Google Chrome's /opt/google/chrome/google-chrome runs
/// /opt/google/chrome/chrome). Debian: chromium.desktop runs /usr/bin/chromium, comm "chromium";
/// firefox-esr.desktop runs /usr/lib/firefox-esr/firefox-esr, comm "firefox-esr".
[[nodiscard]] bool entry_runs(const launch::entry& e, const clicked_program& p, const resolve_program& resolve);

/// Everything plan_open() needs, already read from the command line, configuration and system.
struct open_request {
  std::string cli_target;                                ///< --target ("" when not given)
  const xdg::config* cfg = nullptr;                  ///< the configuration (never null)
  std::string config_name;                               ///< its path, or "the configuration"
  std::function<std::string(std::size_t)> config_where;  ///< "<path>, line L, column C" of an offset
  std::function<std::optional<std::string>(std::string_view)> installed;  ///< find_program
  std::optional<std::string> terminal_env;                                ///< $TERMINAL
  std::string remembered;  ///< the mailto handler before `register` ("" when none)
  std::function<std::optional<launch::entry>(std::string_view)> find_entry;  ///< launch::find
  std::function<std::vector<launch::entry>()> handlers;                     ///< launch::mailto_handlers
  /// The desktop's browser: its entry for x-scheme-handler/https (launch::default_for), for a webmail.
  std::function<std::optional<launch::entry>()> browser;
  /// The browser the link was clicked in (a browser among our parents), when one: a webmail opens
  /// there, through the first of `browsers` (launch::browsers) that runs it (entry_runs).
  std::function<std::optional<clicked_program>()> clicked_in;
  std::function<std::vector<launch::entry>()> browsers;
  resolve_program resolve;  ///< for entry_runs()
  std::string self_exe;    ///< /proc/self/exe
  std::function<bool(const std::string&)> named_default;  ///< named_mail_default(): somebody chose it
};

/// What to run and what to write.
struct open_plan {
  dispatch::target t = dispatch::target::custom;
  chosen choice;                          ///< which program, and why
  std::string chosen_note;                ///< "no mail program chosen; using X..." for the fallback
  std::string uri;                        ///< the clean, hardened URI
  std::string claws_uri;                  ///< the link in socket form (clients::client::body_file)
  bool body_file = false;                 ///< the body goes in a private file (Claws Mail's --insert)
  std::vector<std::string> losses;        ///< what the chosen client is known to lose or change (told)
  bool wants_file = false;                ///< a draft file is written and passed
  std::vector<exec_line::exec_arg> custom;  ///< the parsed `command` (target = custom)
  std::vector<std::string> terminal;      ///< the terminal prefix (terminal clients and Terminal=true entries)
  std::optional<launch::entry> browser;   ///< t == webmail: the desktop's browser, which opens...
  std::string browser_program;            ///< ... or, with no entry for https links, x-www-browser
  std::string browser_note;               ///< t == webmail: which browser opens it, and why
  std::string webmail_link;               ///< ... the service's compose link
};

/// The terminal is there to start: `terminal =`, $TERMINAL or x-terminal-emulator.
[[nodiscard]] bool have_terminal(const open_request& r);

/// The target (choose(): --target, `target =`, the remembered program, the desktop's choice, the
/// first installed program) with its command, desktop entry or terminal checked, and the clean
/// URI. A webmail opens in the browser the link was clicked in (clicked_in, when one of the
/// entries for web links runs it), else the desktop's browser for https links, else
/// x-www-browser. A desktop entry whose Exec hands its arguments to a shell is refused. Nothing is written
/// or started.
[[nodiscard]] errors::open_result<open_plan> plan_open(const draft& d, const open_request& r);

/// The draft file's bytes for `d` (RFC 5322; RFC 6532 headers unless `smtputf8 = no`).
/// How draft files are composed: `smtputf8 = yes` allows UTF-8 headers, an explicit `smtputf8 = no`
/// refuses them (ascii_only), `strict` refuses what a repair would write (compose_options).
[[nodiscard]] compose_options draft_options(const xdg::config* cfg, bool strict);
[[nodiscard]] errors::open_result<std::string> draft_bytes(const draft& d, const compose_options& co);

/// Whether the planned program can be given files: a known program with its own way
/// (clients::client::attach), or a draft file (`eml`, a custom command with %f).
[[nodiscard]] bool can_attach(const open_plan& p) noexcept;

}  // namespace mailtokit::open_link
