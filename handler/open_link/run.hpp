/// `mailtokit open`, the program's reason to exist: a link from the desktop to the user's mail
/// program as a clean draft. run_open() reads as its stages: read the link, settle the settings,
/// plan the hand-over, ask, attach, hand over (open_link/run.cpp).
#pragma once

#include <string>
#include <vector>

namespace mailtokit::open_link {

/// What a call of `open` (or `send`) was given on its command line.
struct open_options {
  std::string uri;
  std::string target;
  bool wait = false;
  bool dry_run = false;
  bool no_notify = false;
  bool strict = false;
  bool confirm = false;
  bool no_confirm = false;
  std::vector<std::string> attach;  ///< `send --attach FILE`: files the command line asks to attach
};

/// Runs `open` for `o`; returns the exit status.
[[nodiscard]] int run_open(const open_options& o);

}  // namespace mailtokit::open_link
