/// Starting programs: finding one in PATH, the terminal to run a terminal program in, and
/// posix_spawn without a shell, its output captured or not. The one place the program starts
/// another process.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/errors.hpp"

namespace mailtokit::launch {

/// The terminal prefix: split `configured` (Exec syntax) when given; else $TERMINAL followed by
/// "-e" when it is set and has no white space (as xdg-open does); else {"x-terminal-emulator",
/// "-e"}. Debian Policy 11.8.3: "-e" runs the remaining arguments as argv, without a shell,
/// when there is more than one of them, which is always the case here.
[[nodiscard]] errors::result<std::vector<std::string>> terminal_prefix(std::optional<std::string_view> configured,
                                                               std::optional<std::string_view> terminal_env);

/// The absolute path of `name` searched in $PATH (empty entries are skipped, not taken as the
/// current directory), or `name` itself when it holds a '/' and is executable. not_found else.
[[nodiscard]] errors::result<std::string> find_program(std::string_view name);
/// find_program() as an optional: the path, or nullopt (what choose() and plan_open() take).
[[nodiscard]] std::optional<std::string> program_path(std::string_view name);

/// How spawn() starts a program.
struct spawn_options {
  bool wait = false;        ///< wait for it and return its exit status
  bool new_session = true;  ///< setsid() so closing the caller (a browser) does not end it
  /// stdout and stderr to /dev/null: a window that outlives mailtokit must not hold the caller's
  /// output open (`mailtokit open ... | head` would wait until it is closed).
  bool quiet = false;
};

/// Start argv[0] (searched in $PATH) with posix_spawnp: no shell, stdin from /dev/null, every
/// file descriptor above 2 closed, signal mask and dispositions reset. The environment is
/// inherited. Returns the exit status with `wait` (128 + signal number when killed), else the
/// pid. Errors: empty_input for an empty argv, spawn_failed when an argument holds a NUL byte,
/// not_found or spawn_failed when exec fails.
[[nodiscard]] errors::result<int> spawn(const std::vector<std::string>& argv, const spawn_options& options = {});

/// The result of run_capture().
struct captured {
  int status = 0;
  std::string out;
};

/// Run argv like spawn(.., {wait = true}) and collect its standard output (up to `max_output`
/// bytes; the rest is read and discarded). Used for `xdg-mime query default`. With `lifeline`,
/// its stdin is a pipe whose writing end only this process holds, until the child ends: when
/// this process ends first (killed, crashed), the child reads the end of its input, through any
/// wrapper that passes its stdin on (mailtokit-ask then closes its window).
[[nodiscard]] errors::result<captured> run_capture(const std::vector<std::string>& argv,
                                           std::size_t max_output = 64 * 1024, bool lifeline = false);

/// The exit status of `pid` (our child) when it ends within `window` (128 + signal when killed),
/// else nullopt: a program that fails at once (a bad option, no display) is reported.
[[nodiscard]] std::optional<int> early_exit(int pid, std::chrono::milliseconds window);
/// The exit status of `pid` (our child) once it ends (128 + signal when killed); nullopt when it
/// cannot be waited for.
[[nodiscard]] std::optional<int> wait_exit(int pid);

/// The activation token the program that started us (a browser) gave us for the window that
/// opens next: XDG_ACTIVATION_TOKEN, else DESKTOP_STARTUP_ID (GLib's launch context sets it when
/// the desktop entry says StartupNotify=true), or empty.
[[nodiscard]] std::string activation_token();

/// The activation token lent to a window of ours (the question, the chooser) for as long as this
/// lives: meanwhile DESKTOP_STARTUP_ID holds it, the one name GTK 3 reads (it activates the
/// window with it, and on X11 ends the launcher's startup notification when the window maps);
/// afterwards neither name is in our environment, so the program started after the question is
/// not handed a token that was used (a token activates one window). Without a token it does
/// nothing. Changes the process's environment: used before any other thread is started.
class window_token {
 public:
  window_token();
  ~window_token();
  window_token(const window_token&) = delete;
  window_token& operator=(const window_token&) = delete;

 private:
  bool lent_ = false;
};

}  // namespace mailtokit::launch
