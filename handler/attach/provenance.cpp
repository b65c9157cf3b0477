#include "attach/provenance.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "clients/client.hpp"

namespace mailtokit::provenance {
namespace {

std::string basename(const std::string& p) {
  const auto slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// Programs that open links others wrote: a mailto: link clicked there is a link a stranger may
// have written (a web page, a mail, a chat message, a document, a terminal's output). None of
// them sends a file by email through `xdg-email --attach` or the Email portal on its own
// (handler/attach/PROVENANCE.md): each opens a clicked mailto: link with xdg-open, GIO, Qt or
// Electron's shell.openExternal. Names as /proc shows them: comm is the executable's name cut
// at 15 characters ("gnome-terminal-server" is "gnome-terminal-", a script's comm is the
// script's name); longer entries match the executable's basename.
struct link_entry {
  std::string_view name;
  const char* kind;
};
constexpr link_entry link_programs[] = {
    // Web browsers.
    {"firefox", "browser"}, {"firefox-esr", "browser"}, {"firefox-bin", "browser"}, {"librewolf", "browser"},
    {"chromium", "browser"}, {"chromium-browse", "browser"}, {"chrome", "browser"}, {"google-chrome", "browser"},
    {"brave", "browser"}, {"brave-browser", "browser"}, {"vivaldi-bin", "browser"}, {"opera", "browser"},
    {"epiphany", "browser"}, {"epiphany-browse", "browser"}, {"falkon", "browser"}, {"konqueror", "browser"},
    {"qutebrowser", "browser"}, {"midori", "browser"}, {"min", "browser"},
    // Mail programs mailtokit hands no draft to, and Thunderbird's binary in Mozilla's tarball (the
    // ones it hands drafts to are their descriptors' `programs`: mail_program()).
    {"thunderbird-bin", "mail"}, {"mailspring", "mail"}, {"trojita", "mail"},
    // Chat programs (comm of Electron apps is their executable's name).
    {"slack", "chat"}, {"discord", "chat"}, {"Discord", "chat"}, {"telegram-deskt", "chat"},
    {"telegram-desktop", "chat"}, {"Telegram", "chat"}, {"element-deskto", "chat"}, {"element-desktop", "chat"},
    {"signal-desktop", "chat"}, {"teams", "chat"}, {"teams-for-linu", "chat"}, {"teams-for-linux", "chat"},
    {"zoom", "chat"}, {"zoom.real", "chat"}, {"mattermost-desk", "chat"}, {"mattermost-desktop", "chat"},
    {"hexchat", "chat"}, {"pidgin", "chat"}, {"polari", "chat"}, {"fractal", "chat"}, {"nheko", "chat"},
    {"quassel", "chat"}, {"quasselclient", "chat"}, {"konversation", "chat"}, {"weechat", "chat"},
    {"irssi", "chat"}, {"dino", "chat"}, {"gajim", "chat"}, {"psi", "chat"}, {"kopete", "chat"},
    {"empathy", "chat"}, {"skypeforlinux", "chat"}, {"whatsapp-for-li", "chat"}, {"rocketchat-desk", "chat"},
    // Office suites (LibreOffice's own send path, senddoc, is proof of sending: see classify).
    {"soffice.bin", "office"}, {"libreoffice", "office"},
    {"abiword", "office"}, {"gnumeric", "office"}, {"calligrawords", "office"}, {"calligrasheets", "office"},
    {"calligrastage", "office"}, {"calligraflow", "office"}, {"DesktopEditors", "office"},
    {"onlyoffice-desk", "office"}, {"wps", "office"},
    // PDF and document readers.
    {"evince", "reader"}, {"okular", "reader"}, {"atril", "reader"}, {"xreader", "reader"},
    {"zathura", "reader"}, {"mupdf", "reader"}, {"mupdf-gl", "reader"}, {"mupdf-x11", "reader"},
    {"qpdfview", "reader"}, {"xpdf", "reader"}, {"epdfview", "reader"}, {"papers", "reader"},
    {"foliate", "reader"}, {"calibre", "reader"}, {"ebook-viewer", "reader"}, {"sioyek", "reader"},
    {"llpp", "reader"}, {"apvlv", "reader"},
    // Text editors and notes (vim and emacs run under a terminal, too).
    {"gedit", "editor"}, {"gnome-text-edit", "editor"}, {"gnome-text-editor", "editor"}, {"kate", "editor"},
    {"kwrite", "editor"}, {"mousepad", "editor"}, {"pluma", "editor"}, {"xed", "editor"}, {"code", "editor"},
    {"codium", "editor"}, {"emacs", "editor"}, {"emacs-gtk", "editor"}, {"emacs-nox", "editor"},
    {"emacs-lucid", "editor"}, {"vim", "editor"}, {"vim.basic", "editor"}, {"vim.tiny", "editor"},
    {"vim.gtk3", "editor"}, {"gvim", "editor"}, {"nvim", "editor"}, {"geany", "editor"},
    {"sublime_text", "editor"}, {"featherpad", "editor"}, {"leafpad", "editor"}, {"ghostwriter", "editor"},
    {"zim", "editor"}, {"cherrytree", "editor"}, {"obsidian", "editor"}, {"joplin", "editor"},
    // Terminal emulators (a link in a program's output, Ctrl+click).
    {"gnome-terminal-", "terminal"}, {"gnome-terminal-server", "terminal"}, {"konsole", "terminal"},
    {"xfce4-terminal", "terminal"}, {"xterm", "terminal"}, {"uxterm", "terminal"}, {"kitty", "terminal"},
    {"alacritty", "terminal"}, {"tilix", "terminal"}, {"terminator", "terminal"}, {"foot", "terminal"},
    {"footclient", "terminal"}, {"wezterm", "terminal"}, {"wezterm-gui", "terminal"}, {"lxterminal", "terminal"},
    {"mate-terminal", "terminal"}, {"qterminal", "terminal"}, {"terminology", "terminal"}, {"urxvt", "terminal"},
    {"urxvtd", "terminal"}, {"rxvt-unicode", "terminal"}, {"st", "terminal"}, {"sakura", "terminal"},
    {"guake", "terminal"}, {"tilda", "terminal"}, {"yakuake", "terminal"}, {"kgx", "terminal"},
    {"ptyxis", "terminal"}, {"ptyxis-agent", "terminal"}, {"cool-retro-term", "terminal"},
    {"deepin-terminal", "terminal"}, {"contour", "terminal"}, {"ghostty", "terminal"},
};

// The desktop's send-by-email channels: xdg-email (a shell script: comm is its name, or the
// interpreter's with the script as first argument) and the Email portal's backends.
constexpr std::array<std::string_view, 4> send_channels = {"xdg-email", "xdg-desktop-por", "xdg-desktop-portal-gtk",
                                                           "xdg-desktop-portal-kde"};

bool one_of(std::string_view name, auto const& list) {
  return !name.empty() && std::find(list.begin(), list.end(), name) != list.end();
}

std::string read_first_line(const std::string& path) {
  std::ifstream f(path);
  std::string line;
  std::getline(f, line);
  return line;
}

// A program of a mail program's descriptor, by that name or by its comm, which the kernel cuts
// at 15 characters.
bool mail_program(std::string_view name) {
  constexpr std::size_t comm_size = 15;
  for (const auto* c : clients::all())
    for (const auto p : c->programs)
      if (p == name || (name.size() == comm_size && p.starts_with(name))) return true;
  return false;
}

}  // namespace

const char* link_program_kind(std::string_view name) {
  if (name.empty()) return nullptr;
  for (const auto& p : link_programs)
    if (p.name == name) return p.kind;
  return mail_program(name) ? "mail" : nullptr;
}

namespace {

// The first of a process's names (comm, exe, a script's name) that is a link-opening program.
const std::string* link_name(const process& p) {
  for (const auto* name : {&p.comm, &p.exe, &p.arg0})
    if (link_program_kind(*name) != nullptr) return name;
  return nullptr;
}

bool named(const process& p, std::string_view what) { return p.comm == what || p.exe == what || p.arg0 == what; }

}  // namespace

origin classify(const std::vector<process>& chain) {
  origin o;
  bool forwarded = false;  // xdg-email without --attach: it was given a link
  std::size_t i = 0;
  for (; i < chain.size() && chain[i].ancestor; ++i) {
    const auto& p = chain[i];
    const std::string* channel = nullptr;
    for (const auto* name : {&p.comm, &p.exe, &p.arg0})
      if (channel == nullptr && one_of(*name, send_channels)) channel = name;
    const auto next = [&] { return i + 1 < chain.size() && chain[i + 1].ancestor ? chain[i + 1].comm : std::string(); };
    if (channel != nullptr && (*channel != "xdg-email" || p.attach_option)) {
      // 1. Proof of a send-by-email path: xdg-email --attach, the portal's backend.
      o.send_program = *channel == "xdg-desktop-por" ? "xdg-desktop-portal" : *channel;
      o.requester = next();
      return o;
    }
    if (named(p, "senddoc")) {
      // 1. LibreOffice's senddoc (cmdmailsuppl.cxx runs it for File > Send), before it has exited.
      if (o.send_program.empty()) o.send_program = "senddoc";
      o.requester = "soffice.bin";
      return o;
    }
    if (channel != nullptr) {
      // 3. xdg-email given a link: who gave it is further up.
      forwarded = true;
      if (o.send_program.empty()) o.send_program = "xdg-email";
      continue;
    }
    if (const auto* name = link_name(p)) {
      // 2. A program that opens links others wrote.
      o.hyperlink = true;
      o.link_program = *name;
      o.link_kind = link_program_kind(*name);
      o.link_exe = p.exe_path;
      return o;
    }
  }
  // The parents decided nothing: the other processes of our process group.
  if (forwarded) {
    for (std::size_t k = i; k < chain.size(); ++k)
      if (!chain[k].ancestor && named(chain[k], "soffice.bin")) {
        o.requester = "soffice.bin";
        return o;
      }
  }
  for (std::size_t k = i; k < chain.size(); ++k)
    if (const auto* name = chain[k].ancestor ? nullptr : link_name(chain[k])) {
      o.hyperlink = true;
      o.link_program = *name;
      o.link_kind = link_program_kind(*name);
      o.link_exe = chain[k].exe_path;
      return o;
    }
  if (forwarded) {
    o.hyperlink = true;
    o.link_program = "xdg-email (it was given a link, not a file)";
  }
  return o;
}

namespace {

// /proc/PID/stat after the parenthesised name (which may hold spaces and parentheses): state,
// parent, process group. False when the process is gone.
bool read_stat(int pid, int& ppid, int& pgid) {
  const std::string stat = read_first_line("/proc/" + std::to_string(pid) + "/stat");
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return false;
  std::istringstream rest(stat.substr(close + 1));
  char state = 0;
  return static_cast<bool>(rest >> state >> ppid >> pgid);
}

// One process as /proc tells it; false when it is gone.
bool read_process(int pid, process& p, int& ppid) {
  const std::string dir = "/proc/" + std::to_string(pid);
  if (!read_stat(pid, ppid, p.pgid)) return false;
  p.pid = pid;
  p.comm = read_first_line(dir + "/comm");
  std::error_code ec;
  p.exe_path = std::filesystem::read_symlink(dir + "/exe", ec).string();
  p.exe = basename(p.exe_path);
  // A script: its interpreter's second argument is the script ("sh /usr/bin/xdg-email ...").
  std::ifstream cmd(dir + "/cmdline", std::ios::binary);
  std::string a0, a1, more;
  std::getline(cmd, a0, '\0');
  std::getline(cmd, a1, '\0');
  if (!a1.empty() && a1.front() == '/') p.arg0 = basename(a1);
  p.attach_option = a1 == "--attach";
  for (int k = 0; k < 4096 && std::getline(cmd, more, '\0'); ++k) p.attach_option = p.attach_option || more == "--attach";
  return true;
}

}  // namespace

std::vector<process> parents() {
  std::vector<process> chain;
  int pid = static_cast<int>(getppid());
  while (pid > 1 && chain.size() < 32) {
    process p;
    int ppid = 0;
    if (!read_process(pid, p, ppid)) break;
    chain.push_back(std::move(p));
    if (ppid == pid) break;
    pid = ppid;
  }
  // Our process group: a shell's `cmd &` (LibreOffice's popen of senddoc and of xdg-open) leaves
  // an orphan whose parent is init, but the group is still the one its starter runs in.
  const int group = static_cast<int>(getpgrp());
  const int self = static_cast<int>(getpid());
  std::error_code ec;
  std::size_t members = 0;
  for (std::filesystem::directory_iterator it("/proc", ec), end; !ec && it != end && members < 64; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos || name.size() > 9) continue;
    const int other = std::stoi(name);
    int ppid = 0, pgid = 0;
    if (other == self || !read_stat(other, ppid, pgid) || pgid != group) continue;
    if (std::any_of(chain.begin(), chain.end(), [&](const process& c) { return c.pid == other; })) continue;
    process p;
    if (!read_process(other, p, ppid)) continue;
    p.ancestor = false;
    chain.push_back(std::move(p));
    ++members;
  }
  return chain;
}

}  // namespace mailtokit::provenance
