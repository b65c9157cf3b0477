#include "base/cleanup.hpp"

#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstring>

namespace mailtokit::cleanup {
namespace {

// A slot is free, being created (the file may appear at any moment), or holds a file. The
// handler and the threads that create files follow Dekker's pattern with sequentially consistent
// atomics: a thread marks its slot `creating` and then reads `ending`; the handler sets `ending`
// and then reads the slots. So either the thread sees `ending` and creates nothing, or the
// handler sees `creating` and waits until the file exists to remove it. Only async-signal-safe
// calls run in the handler (unlinkat, clock_gettime, sigaction, raise).
enum state : int { free_slot = 0, creating = 1, holds_file = 2, claimed = 3 };

struct slot {
  std::atomic<int> state{free_slot};
  int dir_fd = AT_FDCWD;
  char name[4096] = {};
};

slot slots[max_files];
std::atomic<bool> ending{false};
std::atomic<bool> installed{false};
constexpr int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

long long now_ms() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<long long>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

void on_signal(int sig) {
  ending.store(true);
  // A slot being created by another thread becomes a file within microseconds. The handler may
  // also have interrupted the creating thread itself, which then never continues: so wait at
  // most 200 ms in all.
  const long long give_up = now_ms() + 200;
  for (auto& s : slots) {
    while (s.state.load() == creating && now_ms() < give_up) {
    }
    // Also a slot still `creating` (this handler interrupted its thread, which may or may not
    // have created the file): removing a name that does not exist is harmless.
    if (const int st = s.state.load(); st == creating || st == holds_file)
      (void)::unlinkat(s.dir_fd, s.name, 0);
  }
  // End as the signal would have: the default action, re-raised (delivered when the handler
  // returns, as the signal is blocked while it runs).
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
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    (void)::sigaction(sig, &sa, nullptr);
  }
}

int reserve(int dir_fd, std::string_view name) noexcept {
  if (name.size() >= sizeof slots[0].name) return -1;
  for (int i = 0; i < max_files; ++i) {
    int expected = free_slot;
    // Claimed as `holds_file` with no name yet would be unsafe; the name is written while the
    // slot is claimed but invisible, then published as `creating`.
    if (!slots[i].state.compare_exchange_strong(expected, claimed)) continue;
    slots[i].dir_fd = dir_fd;
    std::memcpy(slots[i].name, name.data(), name.size());
    slots[i].name[name.size()] = '\0';
    slots[i].state.store(creating);
    if (ending.load()) {
      slots[i].state.store(free_slot);
      return -1;
    }
    return i;
  }
  return -1;
}

void created(int slot) noexcept {
  if (slot >= 0 && slot < max_files) slots[slot].state.store(holds_file);
}

void forget(int slot) noexcept {
  if (slot >= 0 && slot < max_files) slots[slot].state.store(free_slot);
}

bool dying() noexcept { return ending.load(); }

}  // namespace mailtokit::cleanup
