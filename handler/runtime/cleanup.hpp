/// Temporary files that must not outlive the process, whatever ends it: a registry that the
/// handlers of SIGINT, SIGTERM, SIGHUP and SIGPIPE empty before the process ends as the signal
/// would have ended it.
#pragma once

#include <string_view>

namespace mailtokit::cleanup {

/// Installs the signal handlers (once; later calls do nothing). The process still ends by the
/// signal (a shell sees 128 + its number), after the registered files are removed.
void install_handlers();

/// Registers `name` in directory `dir_fd` (AT_FDCWD: relative to the working directory) for
/// removal if a signal ends the process; returns a slot for forget(), or -1 when all
/// max_files slots are taken (the file is then not protected). `name` is copied; at most 4095 bytes.
[[nodiscard]] int remember(int dir_fd, std::string_view name) noexcept;

/// Unregisters `slot` (from remember(); -1 is ignored) once the file was renamed or removed.
void forget(int slot) noexcept;

/// How many files can be registered at once (more than the most worker threads of `batch`).
inline constexpr int max_files = 256;

}  // namespace mailtokit::cleanup
