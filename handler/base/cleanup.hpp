/// Temporary files that must not outlive the process, whatever ends it: a registry that the
/// handlers of SIGINT, SIGTERM, SIGHUP and SIGPIPE empty before the process ends as the signal
/// would have ended it.
#pragma once

#include <string_view>

namespace mailtokit::cleanup {

/// Installs the signal handlers (once; later calls do nothing). The process still ends by the
/// signal (a shell sees 128 + its number), after the registered files are removed. A signal
/// ignored when the program started (nohup) stays ignored.
void install_handlers();

/// Registers `name` in directory `dir_fd` (AT_FDCWD: relative to the working directory) before
/// the temporary file is created, so that a signal arriving in any thread while it is being
/// created waits for the creation and then removes the file. Returns the slot, or -1 when the
/// process is ending (do not create the file; fail as for an I/O error) or when all max_files
/// slots are taken or the name is longer than 4095 bytes (the file is then not protected). Usage:
///   const int slot = reserve(dir, name);   // -1 and dying(): give up
///   fd = openat(dir, name, O_CREAT | O_EXCL ...);
///   created(slot);                         // also when openat failed
///   ... write, rename ...
///   forget(slot);
[[nodiscard]] int reserve(int dir_fd, std::string_view name) noexcept;

/// The creation of `slot`'s file is over (it exists, or openat failed).
void created(int slot) noexcept;

/// Unregisters `slot` (-1 is ignored) once its file was renamed or removed.
void forget(int slot) noexcept;

/// True once a signal handler started removing the files: the process is ending.
[[nodiscard]] bool dying() noexcept;

/// How many files can be registered at once (more than the most worker threads of `batch`).
inline constexpr int max_files = 256;

}  // namespace mailtokit::cleanup
