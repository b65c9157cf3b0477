#include "launch/process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>

#include "mailtokit/chars.hpp"
#include "xdg/exec_line.hpp"

namespace mailtokit::launch {
namespace {


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

  bool prepare(bool new_session, int stdout_fd, bool quiet = false, int stdin_fd = -1) {
    if (!ok_) return false;
    // stdin from /dev/null: a browser's stdin is no business of the mail client.
    if (stdin_fd >= 0 ? posix_spawn_file_actions_adddup2(&fa_, stdin_fd, 0) != 0
                      : posix_spawn_file_actions_addopen(&fa_, 0, "/dev/null", O_RDONLY, 0) != 0)
      return false;
    if (stdout_fd >= 0 && posix_spawn_file_actions_adddup2(&fa_, stdout_fd, 1) != 0) return false;
    if (quiet)
      for (const int fd : {1, 2})
        if (posix_spawn_file_actions_addopen(&fa_, fd, "/dev/null", O_WRONLY, 0) != 0) return false;
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

  errors::result<pid_t> start(const std::vector<std::string>& argv) {
    std::vector<char*> cargv;
    cargv.reserve(argv.size() + 1);
    for (std::size_t i = 0; i < argv.size(); ++i) {
      // A NUL would silently cut the argument short.
      if (argv[i].find('\0') != std::string::npos) return fail(errors::errc::spawn_failed, i);
      cargv.push_back(const_cast<char*>(argv[i].c_str()));
    }
    cargv.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, cargv[0], &fa_, &attr_, cargv.data(), environ);
    if (rc == ENOENT) return fail(errors::errc::not_found, 0);
    if (rc != 0) return fail(errors::errc::spawn_failed, 0);
    return pid;
  }

 private:
  posix_spawn_file_actions_t fa_{};
  posix_spawnattr_t attr_{};
  bool ok_ = false;
};

}  // namespace

errors::result<std::vector<std::string>> terminal_prefix(std::optional<std::string_view> configured,
                                                 std::optional<std::string_view> terminal_env) {
  if (configured) {
    auto args = exec_line::split_exec(*configured);
    if (!args) return args.error();
    std::vector<std::string> out;
    for (const auto& a : *args) {
      if (a.field != 0) return fail(errors::errc::exec_syntax, a.offset);
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

errors::result<std::string> find_program(std::string_view name) {
  auto executable = [](const std::string& path) {
    struct stat st {};
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(path.c_str(), X_OK) == 0;
  };
  if (name.empty() || name.find('\0') != std::string_view::npos) return fail(errors::errc::not_found, 0);
  if (name.find('/') != std::string_view::npos) {
    std::string path(name);
    if (executable(path)) return path;
    return fail(errors::errc::not_found, 0);
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
  return fail(errors::errc::not_found, 0);
}

std::optional<std::string> program_path(std::string_view name) {
  auto path = find_program(name);
  return path ? std::optional<std::string>(std::move(*path)) : std::nullopt;
}

errors::result<int> spawn(const std::vector<std::string>& argv, const spawn_options& options) {
  if (argv.empty() || argv.front().empty()) return fail(errc::empty_input, 0);
  spawn_setup setup;
  if (!setup.prepare(options.new_session, -1, options.quiet)) return fail(errors::errc::spawn_failed, 0);
  auto pid = setup.start(argv);
  if (!pid) return pid.error();
  if (!options.wait) return static_cast<int>(*pid);
  const auto status = wait_exit(*pid);
  if (!status) return fail(errors::errc::spawn_failed, 0);
  return *status;
}

errors::result<captured> run_capture(const std::vector<std::string>& argv, std::size_t max_output,
                                      bool lifeline) {
  if (argv.empty() || argv.front().empty()) return fail(errc::empty_input, 0);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return fail(errors::errc::spawn_failed, 0);
  // The lifeline: the child's stdin is a pipe whose only writer is this process. Nothing is
  // written; its end (this process gone, however it ended) is what the child sees.
  int life[2] = {-1, -1};
  if (lifeline && pipe2(life, O_CLOEXEC) != 0) {
    close(fds[0]);
    close(fds[1]);
    return fail(errors::errc::spawn_failed, 0);
  }
  errors::result<pid_t> pid = fail(errors::errc::spawn_failed, 0);
  {
    spawn_setup setup;
    if (setup.prepare(false, fds[1], false, life[0])) pid = setup.start(argv);
  }
  close(fds[1]);
  if (life[0] >= 0) close(life[0]);
  const auto end_lifeline = [&] {
    if (life[1] >= 0) close(life[1]);
  };
  if (!pid) {
    close(fds[0]);
    end_lifeline();
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
  const auto status = wait_exit(*pid);
  end_lifeline();
  if (!status) return fail(errors::errc::spawn_failed, 0);
  c.status = *status;
  return c;
}

std::optional<int> early_exit(int pid, std::chrono::milliseconds window) {
  if (pid <= 0) return std::nullopt;
  const auto end = std::chrono::steady_clock::now() + window;
  for (;;) {
    int status = 0;
    const pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (r < 0 && errno != EINTR) return std::nullopt;
    if (std::chrono::steady_clock::now() >= end) return std::nullopt;
    usleep(20'000);
  }
}

std::optional<int> wait_exit(int pid) {
  if (pid <= 0) return std::nullopt;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return std::nullopt;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string activation_token() {
  for (const char* v : {"XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"})
    if (const char* t = std::getenv(v); t != nullptr && *t != '\0') return t;
  return {};
}

window_token::window_token() {
  const std::string token = activation_token();
  if (token.empty()) return;
  lent_ = setenv("DESKTOP_STARTUP_ID", token.c_str(), 1) == 0;
}

window_token::~window_token() {
  if (!lent_) return;
  unsetenv("DESKTOP_STARTUP_ID");
  unsetenv("XDG_ACTIVATION_TOKEN");
}

}  // namespace mailtokit::launch
