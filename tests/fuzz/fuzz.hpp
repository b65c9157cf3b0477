// Shared by the fuzz targets: property checks that abort with a readable report, and the I/O
// guard that turns any file, network or process access made by the library into a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>

extern "C" {
// tests/fuzz/no_io.c: every open/fopen/socket/connect/exec*/system/popen/fork while armed is
// recorded; the first recorded call's name and argument are kept.
void mailtokit_fuzz_io_arm(int on);
const char* mailtokit_fuzz_io_violation(void);
}

namespace mailtokit::fuzz {

/// The input as a string_view.
inline std::string_view as_view(const std::uint8_t* data, std::size_t size) noexcept {
  return {reinterpret_cast<const char*>(data), size};
}

/// Printable form of bytes for reports: C escapes for everything outside 0x20..0x7E.
inline std::string show(std::string_view s, std::size_t max = 400) {
  static const char hex[] = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < max; ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '\\') {
      out += "\\\\";
    } else if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  if (s.size() > max) out += "...(" + std::to_string(s.size()) + " bytes)";
  return out;
}

/// Whether to run variant `k` of `n` (option sets, output forms) for this input. Replaying a
/// corpus (ctest) runs every variant; fuzzing runs one, chosen by the input's hash, so each
/// execution stays cheap and mutations reach the others.
inline bool variant(std::string_view in, std::size_t k, std::size_t n) {
#ifdef MAILTOKIT_FUZZ_REPLAY
  (void)in, (void)k, (void)n;
  return true;
#else
  return std::hash<std::string_view>{}(in) % n == k;
#endif
}

[[noreturn]] inline void report(const char* file, int line, const char* what, const std::string& detail) {
  std::fprintf(stderr, "\n==mailtokit-fuzz== PROPERTY VIOLATED at %s:%d: %s\n%s\n", file, line, what,
               detail.c_str());
  std::fflush(stderr);
  std::abort();
}

/// Arms the I/O guard for the lifetime of the object; on destruction, a recorded access is a
/// finding. Only the library's calls run while it is armed.
class io_guard {
 public:
  io_guard() noexcept { mailtokit_fuzz_io_arm(1); }
  io_guard(const io_guard&) = delete;
  io_guard& operator=(const io_guard&) = delete;
  ~io_guard() {
    mailtokit_fuzz_io_arm(0);
    if (const char* v = mailtokit_fuzz_io_violation()) report(__FILE__, __LINE__, "file/network/process access", v);
  }
};

}  // namespace mailtokit::fuzz

/// Abort with a report when `cond` is false; `detail` is only evaluated then.
#define MAILTOKIT_FUZZ_CHECK(cond, detail)                                             \
  do {                                                                                 \
    if (!(cond)) ::mailtokit::fuzz::report(__FILE__, __LINE__, #cond, (detail));      \
  } while (0)
