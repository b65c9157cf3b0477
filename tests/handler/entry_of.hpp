// A desktop entry made in a test: its id, its Exec line as argv, Terminal= and DBusActivatable=.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "launch/entries.hpp"

inline mailtokit::launch::entry make_entry(std::string id, std::vector<std::string> exec, bool terminal = false,
                                           bool dbus = false) {
  mailtokit::launch::entry e;
  e.id = std::move(id);
  e.path = "/usr/share/applications/" + e.id;
  e.name = e.id;
  for (const auto& a : exec) e.exec += (e.exec.empty() ? "" : " ") + a;
  e.exec_argv = std::move(exec);
  e.terminal = terminal;
  e.dbus = dbus;
  return e;
}
