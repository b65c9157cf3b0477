/// The one runner: a launch request (launch/request.hpp) started, whatever the target. Its files
/// written first, then the desktop entry (launch/start.hpp) or the argv (launch/process.hpp),
/// then the program watched: its exit status when waited for, else whether it failed at once.
/// What a failure means for the user is said by the caller, after the runner returns.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "launch/request.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit::launch {

/// How long a program has to fail at once (a bad option, no display) before it is left running.
inline constexpr auto early_exit_window = std::chrono::milliseconds(1000);

/// How the runner starts a request.
struct run_options {
  bool wait = false;            ///< wait for the program to exit (--wait)
  unsigned draft_max_age_days = 0;  ///< drafts older than this are deleted from the drafts folder first (0: none)
  std::chrono::milliseconds early_exit = early_exit_window;
};

/// What went wrong, in the runner's terms.
struct launch_failure {
  enum class what {
    folder,     ///< the private folder of a file could not be made (`detail`: the folder)
    file,       ///< a file could not be written (`detail`: its folder)
    not_found,  ///< the argv's program is not in PATH
    start,      ///< it could not be started (`detail`: GIO's or the system's words, may be empty)
    exited,     ///< it ended with `status` (at once, or when waited for)
  };
  what kind = what::start;
  std::string detail;
  int status = 0;
  std::string file_what;              ///< folder, file: which file (file_to_write::what)
  std::vector<std::string> written;   ///< the files written before it failed
};

/// What the runner started.
struct launched {
  int pid = 0;                        ///< 0 for D-Bus activation
  std::vector<std::string> written;   ///< the files written
};

/// Writes the request's files, starts it and watches it.
[[nodiscard]] mailtokit::result<launched, launch_failure> run(const request& r, const run_options& o);

}  // namespace mailtokit::launch
