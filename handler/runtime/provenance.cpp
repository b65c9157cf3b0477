#include "runtime/provenance.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace mailtokit::provenance {
namespace {

std::string basename(const std::string& p) {
  const auto slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// Programs whose hyperlinks open mailto: links: a click there is a link a stranger may have
// written. Names as /proc shows them (comm is cut at 15 characters).
constexpr std::array<std::string_view, 30> link_programs = {
    "firefox",       "firefox-esr",   "firefox-bin",   "chromium",      "chrome",       "google-chrome",
    "brave",         "brave-browser", "vivaldi-bin",   "opera",         "epiphany",     "falkon",
    "konqueror",     "qutebrowser",   "midori",        "librewolf",     "thunderbird",  "thunderbird-bin",
    "evolution",     "kmail",         "claws-mail",    "geary",         "balsa",        "sylpheed",
    "evince",        "okular",        "telegram-deskt", "element-deskto", "signal-desktop", "pidgin"};

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

}  // namespace

origin classify(const std::vector<process>& chain) {
  origin o;
  for (std::size_t i = 0; i < chain.size(); ++i) {
    const auto& p = chain[i];
    for (const auto* name : {&p.comm, &p.exe, &p.arg0}) {
      if (o.send_program.empty() && one_of(*name, send_channels)) {
        o.send_program = *name == "xdg-desktop-por" ? "xdg-desktop-portal" : *name;
        if (i + 1 < chain.size()) o.requester = chain[i + 1].comm;
        if (o.send_program == "xdg-email" && !p.attach_option) {
          o.hyperlink = true;
          o.link_program = "xdg-email (it was given a link, not a file)";
          return o;
        }
      }
      if (one_of(*name, link_programs)) {
        o.hyperlink = true;
        o.link_program = *name;
        return o;
      }
    }
  }
  return o;
}

std::vector<process> parents() {
  std::vector<process> chain;
  int pid = static_cast<int>(getppid());
  while (pid > 1 && chain.size() < 32) {
    const std::string dir = "/proc/" + std::to_string(pid);
    process p;
    p.pid = pid;
    p.comm = read_first_line(dir + "/comm");
    std::error_code ec;
    p.exe = basename(std::filesystem::read_symlink(dir + "/exe", ec).string());
    // A script: its interpreter's second argument is the script ("sh /usr/bin/xdg-email ...").
    std::ifstream cmd(dir + "/cmdline", std::ios::binary);
    std::string a0, a1, more;
    std::getline(cmd, a0, '\0');
    std::getline(cmd, a1, '\0');
    if (!a1.empty() && a1.front() == '/') p.arg0 = basename(a1);
    p.attach_option = a1 == "--attach";
    for (int k = 0; k < 4096 && std::getline(cmd, more, '\0'); ++k) p.attach_option = p.attach_option || more == "--attach";
    // The parent: the field after the parenthesised name in /proc/PID/stat.
    const std::string stat = read_first_line(dir + "/stat");
    const auto close = stat.rfind(')');
    if (close == std::string::npos) break;
    std::istringstream rest(stat.substr(close + 1));
    char state = 0;
    int ppid = 0;
    rest >> state >> ppid;
    chain.push_back(std::move(p));
    if (ppid == pid) break;
    pid = ppid;
  }
  return chain;
}

}  // namespace mailtokit::provenance
