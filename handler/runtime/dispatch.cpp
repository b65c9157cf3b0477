#include "runtime/dispatch.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>

#include "mailtokit/address.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/percent.hpp"
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "runtime/desktop.hpp"
#include "runtime/i18n.hpp"

extern char** environ;

namespace mailtokit::dispatch {

using cli::fill;
using cli::tr;
namespace {

struct target_info {
  target t;
  std::string_view name;
  std::string_view program;
};

// The targets that are not mail programs (those are in handler/clients/).
constexpr std::array<target_info, 6> other_targets{{
    {target::eml, "eml", "xdg-open"},
    {target::gmail, "gmail", "xdg-open"},
    {target::outlook, "outlook", "xdg-open"},
    {target::fastmail, "fastmail", "xdg-open"},
    {target::custom, "custom", ""},
    {target::desktop, "desktop", ""},
}};

// The address for systems that want ASCII: A-labels when the local part allows it.
std::string ascii_form(const address& a) { return a.ascii().value_or(a.unicode()); }

std::string join_ascii(const std::vector<address>& list, std::string_view sep) {
  std::string out;
  for (const auto& a : list) {
    if (!out.empty()) out += sep;
    out += ascii_form(a);
  }
  return out;
}

// Thunderbird 153's MessengerContentHandler.handle() opens an argument ending (in any case) in
// one of these as a file instead of a link (handler/clients/README.md).
constexpr std::array<std::string_view, 6> thunderbird_file_endings{".mozeml", ".wdseml", ".eml", ".ics", ".vcf", ".msf"};

bool ends_with_nocase(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  s = s.substr(s.size() - suffix.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != suffix[i]) return false;
  }
  return true;
}

using clients::detail::add_query;

int wait_for(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

// posix_spawn attributes and file actions, released on every path.
class spawn_setup {
 public:
  spawn_setup() {
    ok_ = posix_spawn_file_actions_init(&fa_) == 0;
    ok_ = posix_spawnattr_init(&attr_) == 0 && ok_;
  }
  ~spawn_setup() {
    posix_spawn_file_actions_destroy(&fa_);
    posix_spawnattr_destroy(&attr_);
  }
  spawn_setup(const spawn_setup&) = delete;
  spawn_setup& operator=(const spawn_setup&) = delete;

  bool prepare(bool new_session, int stdout_fd) {
    if (!ok_) return false;
    // stdin from /dev/null: a browser's stdin is no business of the mail client.
    if (posix_spawn_file_actions_addopen(&fa_, 0, "/dev/null", O_RDONLY, 0) != 0) return false;
    if (stdout_fd >= 0 && posix_spawn_file_actions_adddup2(&fa_, stdout_fd, 1) != 0) return false;
    // Close every other descriptor we hold (glibc 2.34).
    if (posix_spawn_file_actions_addclosefrom_np(&fa_, 3) != 0) return false;
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    if (new_session) flags |= POSIX_SPAWN_SETSID;
    sigset_t none;
    sigemptyset(&none);
    sigset_t defaults;
    sigemptyset(&defaults);
    for (const int sig : {SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM,
                          SIGTSTP, SIGTTIN, SIGTTOU})
      sigaddset(&defaults, sig);
    return posix_spawnattr_setflags(&attr_, flags) == 0 && posix_spawnattr_setsigmask(&attr_, &none) == 0 &&
           posix_spawnattr_setsigdefault(&attr_, &defaults) == 0;
  }

  program::result<pid_t> start(const std::vector<std::string>& argv) {
    std::vector<char*> cargv;
    cargv.reserve(argv.size() + 1);
    for (std::size_t i = 0; i < argv.size(); ++i) {
      // A NUL would silently cut the argument short.
      if (argv[i].find('\0') != std::string::npos) return fail(program::errc::spawn_failed, i);
      cargv.push_back(const_cast<char*>(argv[i].c_str()));
    }
    cargv.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, cargv[0], &fa_, &attr_, cargv.data(), environ);
    if (rc == ENOENT) return fail(program::errc::not_found, 0);
    if (rc != 0) return fail(program::errc::spawn_failed, 0);
    return pid;
  }

 private:
  posix_spawn_file_actions_t fa_{};
  posix_spawnattr_t attr_{};
  bool ok_ = false;
};

}  // namespace

std::string_view to_name(target t) noexcept {
  if (const auto* c = clients::by_target(t)) return c->name;
  for (const auto& i : other_targets)
    if (i.t == t) return i.name;
  return {};
}

std::optional<target> parse_target(std::string_view name) noexcept {
  if (name == "claws") return target::claws_mail;
  for (const auto* c : clients::all())
    if (c->name == name) return c->id;
  for (const auto& i : other_targets)
    if (i.name == name && i.t != target::desktop) return i.t;
  return std::nullopt;
}

const std::vector<target>& all_targets() {
  static const std::vector<target> all = [] {
    std::vector<target> v;
    for (const auto* c : clients::all()) v.push_back(c->id);
    for (const auto& i : other_targets)
      if (i.t != target::desktop) v.push_back(i.t);
    return v;
  }();
  return all;
}

bool needs_uri(target t) noexcept {
  if (const auto* c = clients::by_target(t)) return c->id != target::kmail && c->id != target::aerc;
  return t != target::eml && t != target::outlook && t != target::custom && t != target::desktop;
}
bool needs_draft_file(target t) noexcept { return t == target::eml; }
bool needs_terminal(target t) noexcept {
  const auto* c = clients::by_target(t);
  return c != nullptr && c->terminal;
}
std::string_view program(target t) noexcept {
  if (const auto* c = clients::by_target(t)) return c->programs.front();
  for (const auto& i : other_targets)
    if (i.t == t) return i.program;
  return {};
}

std::string harden_uri(std::string_view clean_uri) {
  std::string out;
  out.reserve(clean_uri.size() + 8);
  for (const char c : clean_uri) {
    if (c == '+')
      out += "%2B";
    else
      out += c;
  }
  for (const std::string_view suffix : thunderbird_file_endings) {
    if (ends_with_nocase(out, suffix)) {
      out.replace(out.size() - suffix.size(), 1, "%2E");
      break;
    }
  }
  return out;
}

namespace {
// What desktop_safe_uri() keeps besides escapes.
constexpr chars::char_class desktop_safe = chars::unreserved | chars::of("@,?&=");
}  // namespace

std::string desktop_safe_uri(std::string_view uri) {
  constexpr std::string_view scheme = "mailto:";
  std::string out(scheme);
  std::size_t i = uri.substr(0, scheme.size()) == scheme ? scheme.size() : 0;
  for (; i < uri.size(); ++i) {
    const char c = uri[i];
    const bool escape = c == '%' && i + 2 < uri.size() && chars::hexdig(uri[i + 1]) && chars::hexdig(uri[i + 2]);
    if (desktop_safe(c) || escape) {
      out += c;
      continue;
    }
    static constexpr char hex[] = "0123456789ABCDEF";
    out += '%';
    out += hex[static_cast<unsigned char>(c) >> 4];
    out += hex[static_cast<unsigned char>(c) & 15];
  }
  return out;
}

bool is_desktop_safe(std::string_view uri) noexcept {
  constexpr std::string_view scheme = "mailto:";
  if (uri.substr(0, scheme.size()) != scheme) return false;
  for (std::size_t i = scheme.size(); i < uri.size(); ++i) {
    const char c = uri[i];
    if (c == '%') {
      if (i + 2 >= uri.size() || !chars::hexdig(uri[i + 1]) || !chars::hexdig(uri[i + 2])) return false;
      i += 2;
      continue;
    }
    if (!desktop_safe(c)) return false;
  }
  return true;
}

std::string gmail_url(std::string_view clean_uri) {
  std::string url = "https://mail.google.com/mail/?extsrc=mailto&url=";
  percent::encode_append(harden_uri(clean_uri), chars::unreserved, url);
  return url;
}

std::string fastmail_url(std::string_view clean_uri) {
  std::string url = "https://app.fastmail.com/action/compose/?mailto=";
  percent::encode_append(harden_uri(clean_uri), chars::unreserved, url);
  return url;
}

std::string outlook_url(const draft& d) {
  std::string url = "https://outlook.live.com/mail/0/deeplink/compose";
  char sep = '?';
  add_query(url, sep, "to", join_ascii(d.to, ","));
  add_query(url, sep, "cc", join_ascii(d.cc, ","));
  add_query(url, sep, "bcc", join_ascii(d.bcc, ","));
  if (d.subject) add_query(url, sep, "subject", *d.subject);
  if (d.body) add_query(url, sep, "body", *d.body);
  return url;
}

program::result<std::vector<std::string>> client_argv(target t, const argv_inputs& in) {
  const std::string prog(in.program.empty() ? program(t) : in.program);
  if (prog.empty() || t == target::custom || t == target::desktop) return fail(program::errc::spawn_failed, 0);
  std::vector<std::string> argv;
  if (const auto* c = clients::by_target(t)) {
    if (c->terminal) {
      if (in.terminal.empty()) return fail(program::errc::spawn_failed, 0);
      argv = in.terminal;
    }
    argv.push_back(prog);
    std::string uri;
    if (needs_uri(t)) {
      // The clean URI always starts with "mailto:": never an option, never a -compose spec.
      if (in.uri.size() < 7 || in.uri.substr(0, 7) != "mailto:") return fail(program::errc::spawn_failed, 0);
      uri = harden_uri(in.uri);
    }
    auto h = c->hand({in.d, uri, in.body_file});
    if (!h) return h.error();
    if (!in.attachments.empty()) {
      if (c->attach == nullptr || in.d == nullptr) return fail(program::errc::spawn_failed, 0);
      c->attach(*h, *in.d, in.attachments);
    }
    if (!c->direct_option.empty()) argv.emplace_back(c->direct_option);
    for (auto& a : h->args) argv.push_back(std::move(a));
    return argv;
  }
  argv.push_back(prog);
  switch (t) {
    case target::gmail:
      argv.push_back(gmail_url(in.uri));
      break;
    case target::fastmail:
      argv.push_back(fastmail_url(in.uri));
      break;
    case target::outlook:
      if (in.d == nullptr) return fail(program::errc::spawn_failed, 0);
      argv.push_back(outlook_url(*in.d));
      break;
    case target::eml:
      // An absolute path: starts with '/'.
      if (in.draft_file.empty() || in.draft_file.front() != '/') return fail(program::errc::spawn_failed, 0);
      argv.emplace_back(in.draft_file);
      break;
    default:
      return fail(program::errc::spawn_failed, 0);
  }
  return argv;
}

std::string claws_uri(const draft& d) {
  const bool has_names = std::any_of(d.to.begin(), d.to.end(), [](const address& a) { return !a.display_name.empty(); });
  if (!has_names) return harden_uri(build_mailto(d));
  std::string to;
  for (const auto& a : d.to) {
    if (!to.empty()) to += ", ";
    to += a.valid ? clients::detail::named(a, ascii_form(a)) : a.original;
  }
  draft rest = d;
  rest.to.clear();
  const std::string query = harden_uri(build_mailto(rest)).substr(std::string_view("mailto:").size());
  return "mailto:" + percent::encode(to, chars::unreserved | chars::of("@")) + query;
}

bool claws_link_fits(std::string_view hardened_uri) noexcept {
  constexpr std::size_t claws_line = 8192;  // BUFFSIZE; fd_gets(sock, buf, sizeof(buf) - 1) keeps 8190 bytes
  return std::string_view("compose ").size() + hardened_uri.size() + 1 <= claws_line - 2;
}

bool sylpheed_link_fits(std::string_view link) noexcept {
  constexpr std::size_t sylpheed_line = 8191;  // fd_gets(sock, buf, sizeof(buf)) keeps 8191 bytes
  return std::string_view("compose_attach ").size() + link.size() + 1 <= sylpheed_line + std::string_view("mailto:").size();
}

std::string claws_body_text(std::string_view body) { return clients::detail::crlf_to_lf(body); }

std::vector<std::string> client_losses(target t, const draft& d) {
  std::vector<std::string> out;
  if (const auto* c = clients::by_target(t); c != nullptr && c->losses != nullptr) c->losses(d, out);
  if (t == target::outlook) {
    // Outlook.com's deep link has to, cc, bcc, subject and body only.
    for (const auto& h : d.headers)
      out.push_back(fill(tr("outlook: this webmail loses {0} (its compose link has no place for it)"), {h.name}));
    for (const auto* list : {&d.to, &d.cc, &d.bcc})
      for (const auto& a : *list)
        if (!a.display_name.empty())
          out.push_back(fill(tr("outlook: this webmail loses the display name \"{0}\" (its compose link takes bare addresses)"),
                             {a.display_name}));
  }
  return out;
}

program::result<std::vector<std::string>> terminal_prefix(std::optional<std::string_view> configured,
                                                 std::optional<std::string_view> terminal_env) {
  if (configured) {
    auto args = desktop::split_exec(*configured);
    if (!args) return args.error();
    std::vector<std::string> out;
    for (const auto& a : *args) {
      if (a.field != 0) return fail(program::errc::exec_syntax, a.offset);
      out.push_back(a.text);
    }
    return out;
  }
  if (terminal_env && !terminal_env->empty()) {
    bool has_space = false;
    for (const char c : *terminal_env) has_space = has_space || chars::wsp(c) || c == '\n';
    if (!has_space) return std::vector<std::string>{std::string(*terminal_env), "-e"};
  }
  return std::vector<std::string>{"x-terminal-emulator", "-e"};
}

program::result<std::string> find_program(std::string_view name) {
  auto executable = [](const std::string& path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
  };
  if (name.empty() || name.find('\0') != std::string_view::npos) return fail(program::errc::not_found, 0);
  if (name.find('/') != std::string_view::npos) {
    std::string path(name);
    if (executable(path)) return path;
    return fail(program::errc::not_found, 0);
  }
  const char* env = std::getenv("PATH");
  const std::string_view path = env != nullptr ? env : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find(':', start);
    if (end == std::string_view::npos) end = path.size();
    const std::string_view dir = path.substr(start, end - start);
    start = end + 1;
    if (dir.empty() || dir.front() != '/') continue;
    std::string candidate(dir);
    if (candidate.back() != '/') candidate += '/';
    candidate += name;
    if (executable(candidate)) return candidate;
  }
  return fail(program::errc::not_found, 0);
}

program::result<int> spawn(const std::vector<std::string>& argv, const spawn_options& options) {
  if (argv.empty() || argv.front().empty()) return fail(errc::empty_input, 0);
  spawn_setup setup;
  if (!setup.prepare(options.new_session, -1)) return fail(program::errc::spawn_failed, 0);
  auto pid = setup.start(argv);
  if (!pid) return pid.error();
  if (!options.wait) return static_cast<int>(*pid);
  const int status = wait_for(*pid);
  if (status < 0) return fail(program::errc::spawn_failed, 0);
  return status;
}

program::result<captured> run_capture(const std::vector<std::string>& argv, std::size_t max_output) {
  if (argv.empty() || argv.front().empty()) return fail(errc::empty_input, 0);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return fail(program::errc::spawn_failed, 0);
  program::result<pid_t> pid = fail(program::errc::spawn_failed, 0);
  {
    spawn_setup setup;
    if (setup.prepare(false, fds[1])) pid = setup.start(argv);
  }
  close(fds[1]);
  if (!pid) {
    close(fds[0]);
    return pid.error();
  }
  captured c;
  std::array<char, 4096> buf{};
  for (;;) {
    const ssize_t n = read(fds[0], buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    const auto got = static_cast<std::size_t>(n);
    if (c.out.size() < max_output) c.out.append(buf.data(), std::min(got, max_output - c.out.size()));
  }
  close(fds[0]);
  c.status = wait_for(*pid);
  if (c.status < 0) return fail(program::errc::spawn_failed, 0);
  return c;
}

}  // namespace mailtokit::dispatch
