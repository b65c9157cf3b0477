/// Who asked for a draft: the chain of processes that started mailtokit, as the kernel tells it
/// (/proc/PID/stat's parent and process group, /proc/PID/comm, /proc/PID/exe), and the other
/// processes of our process group. A web page controls none of it: not the program names, not
/// the chain. It is not always there to read (a program started over D-Bus or by a launcher
/// service has that service as its parent; `cmd &` in a shell leaves an orphan whose parent is
/// init, but whose process group is still its starter's), so it only ever takes attachments
/// away (a browser or another program's hyperlink asked) or names the program that asked in the
/// question; it never makes a file attach by itself. What each program really runs, with
/// sources: handler/attach/PROVENANCE.md.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mailtokit::provenance {

/// One process of the chain, nearest first.
struct process {
  int pid = 0;
  std::string comm;  ///< /proc/PID/comm (the kernel's 15-character name)
  std::string exe;   ///< basename of /proc/PID/exe ("" when it cannot be read)
  std::string exe_path;  ///< /proc/PID/exe itself ("" when it cannot be read)
  std::string arg0;  ///< basename of the first argument of a script's interpreter (xdg-email under sh)
  bool attach_option = false;  ///< its arguments hold --attach (xdg-email asked to attach a file)
  int pgid = 0;                ///< its process group (/proc/PID/stat field 5)
  bool ancestor = true;        ///< false: not one of our parents, a process of our process group
};

/// What the chain says.
struct origin {
  bool hyperlink = false;     ///< a browser, a mail program or another program that opens links asked: never attach
  std::string link_program;   ///< that program ("firefox-esr")
  std::string link_kind;      ///< its kind, as link_program_kind() says ("browser", "chat", "terminal"...)
  std::string link_exe;       ///< that program's executable (/proc/PID/exe: "/usr/lib/chromium/chromium"), or ""
  std::string send_program;   ///< the send-by-email channel that asked ("xdg-email", "xdg-desktop-portal-gtk")
  std::string requester;      ///< the program that used that channel ("soffice.bin"), when seen
};

/// Classify a chain: our parents nearest first, then (ancestor = false) the other processes of
/// our process group. Among the parents, nearest first:
///  1. proof of a send-by-email path ends the search, not a hyperlink: `xdg-email --attach`, the
///     Email portal's backend, LibreOffice's `senddoc` script; a program that opens links
///     further up (LibreOffice, a terminal the user typed `xdg-email --attach` in) changes
///     nothing;
///  2. a program that opens links others wrote (browser, mail, chat, office suite, document
///     reader, editor, terminal: link_program_kind()) makes it a hyperlink;
///  3. xdg-email without --attach was given a link (Chromium runs `xdg-email URL` for every
///     mailto link, and stays the parent): the search goes on.
/// When the parents decide nothing (an orphan: LibreOffice runs both senddoc's xdg-email and a
/// hyperlink's xdg-open as `( ... ) &`), the process group speaks: xdg-email without --attach
/// in soffice.bin's group is LibreOffice's senddoc (LibreOffice opens hyperlinks with xdg-open,
/// never xdg-email), named as requester; any other link program there makes it a hyperlink.
/// xdg-email without --attach and nothing known is a hyperlink.
[[nodiscard]] origin classify(const std::vector<process>& chain);

/// What kind of link-opening program a name is ("browser", "chat", "office", "terminal", ...),
/// by its /proc/PID/comm (15 characters at most) or its executable's basename; nullptr when it
/// is none. The one list of them, but for the mail programs mailtokit knows: their descriptors'
/// `programs` (clients::all()).
[[nodiscard]] const char* link_program_kind(std::string_view name);

/// The chain of our parents, read from /proc (at most 32 processes; stops at pid 1), followed by
/// the other processes of our process group (at most 64, ancestor = false).
[[nodiscard]] std::vector<process> parents();

}  // namespace mailtokit::provenance
