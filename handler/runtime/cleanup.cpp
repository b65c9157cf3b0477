#include "runtime/cleanup.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace mailtokit::cleanup {
namespace {

// A slot is free (0), being filled or emptied (1), or holds a file (2). The handler only reads
// slots in state 2, and only async-signal-safe calls (unlinkat, sigaction, raise) run in it.
struct slot {
  std::atomic<int> state{0};
  int dir_fd = AT_FDCWD;
  char name[4096] = {};
};

slot slots[max_files];
std::atomic<bool> installed{false};
constexpr int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

void on_signal(int sig) {
  for (auto& s : slots)
    if (s.state.load() == 2) (void)::unlinkat(s.dir_fd, s.name, 0);
  // End as the signal would have: the default action, re-raised (the signal is blocked while
  // this handler runs and delivered when it returns).
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  (void)::sigaction(sig, &dfl, nullptr);
  (void)::raise(sig);
}

}  // namespace

void install_handlers() {
  if (installed.exchange(true)) return;
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (const int sig : signals) (void)sigaddset(&sa.sa_mask, sig);
  for (const int sig : signals) {
    struct sigaction old {};
    // A signal ignored by whoever started us (nohup, a shell's background job) stays ignored.
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    (void)::sigaction(sig, &sa, nullptr);
  }
}

int remember(int dir_fd, std::string_view name) noexcept {
  if (name.size() >= sizeof slots[0].name) return -1;
  for (int i = 0; i < max_files; ++i) {
    int expected = 0;
    if (!slots[i].state.compare_exchange_strong(expected, 1)) continue;
    slots[i].dir_fd = dir_fd;
    std::memcpy(slots[i].name, name.data(), name.size());
    slots[i].name[name.size()] = '\0';
    slots[i].state.store(2);
    return i;
  }
  return -1;
}

void forget(int slot) noexcept {
  if (slot >= 0 && slot < max_files) slots[slot].state.store(0);
}

}  // namespace mailtokit::cleanup
