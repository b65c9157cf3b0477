/// Who asked for a draft: the chain of processes that started mailtokit, as the kernel tells it
/// (/proc/PID/stat's parent, /proc/PID/comm, /proc/PID/exe). A web page controls none of it: not
/// the program names, not the chain. It is not always there to read (a program started over
/// D-Bus or by a launcher service has that service as its parent), so it only ever takes
/// attachments away (a browser or another program's hyperlink asked) or names the program that
/// asked in the question; it never makes a file attach by itself.
#pragma once

#include <string>
#include <vector>

namespace mailtokit::provenance {

/// One process of the chain, nearest first.
struct process {
  int pid = 0;
  std::string comm;  ///< /proc/PID/comm (the kernel's 15-character name)
  std::string exe;   ///< basename of /proc/PID/exe ("" when it cannot be read)
  std::string arg0;  ///< basename of the first argument of a script's interpreter (xdg-email under sh)
  bool attach_option = false;  ///< its arguments hold --attach (xdg-email asked to attach a file)
};

/// What the chain says.
struct origin {
  bool hyperlink = false;     ///< a browser, a mail program or another program that opens links asked: never attach
  std::string link_program;   ///< that program ("firefox-esr")
  std::string send_program;   ///< the send-by-email channel that asked ("xdg-email", "xdg-desktop-portal-gtk")
  std::string requester;      ///< the program that used that channel ("soffice.bin"), when seen
};

/// Classify a chain (nearest first): the first browser, mail program or chat program in it makes
/// `hyperlink` true; xdg-email or the desktop portal's backend is the send channel, and the
/// process before it the requester. xdg-email without --attach only forwards a link it was given
/// (Chromium runs `xdg-email URL` for every mailto link): that is a hyperlink too.
[[nodiscard]] origin classify(const std::vector<process>& chain);

/// The chain of our parents, read from /proc (at most 32 processes; stops at pid 1).
[[nodiscard]] std::vector<process> parents();

}  // namespace mailtokit::provenance
