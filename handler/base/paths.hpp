/// Where the program's own files are (its question window, its message catalogs): beside the
/// running program first, so that an install under any prefix (`cmake --install --prefix
/// ~/.local`, a package, a copied tree) and the build tree find their own, as git's RUNTIME_PREFIX
/// does; then where the build was configured to install them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mailtokit::paths {

/// `relative` read from the folder of `program` (an absolute path), lexically normal:
/// beside("/home/u/.local/bin/mailtokit", "../share/locale") is "/home/u/.local/share/locale".
/// "" when `program` is not an absolute path.
[[nodiscard]] std::string beside(std::string_view program, std::string_view relative);

/// The running program's absolute path (/proc/self/exe), "" when unknown.
[[nodiscard]] std::string running_program();

/// `dir` holds at least one of the program's catalogs (<dir>/<language>/LC_MESSAGES/mailtokit.mo).
[[nodiscard]] bool has_catalogs(const std::string& dir);

/// Where `program` may find its catalogs, in order: ../share/locale (the program in bin/),
/// ../../share/locale (the window in libexec/mailtokit/), ../locale when ../CMakeCache.txt
/// says `program` sits in a build tree, then `configured` (the build's install folder).
[[nodiscard]] std::vector<std::string> locale_candidates(std::string_view program,
                                                         std::string_view configured);

/// Where `program` may find mailtokit-ask, in order: beside it (the build tree),
/// ../libexec/mailtokit/mailtokit-ask, then `configured`.
[[nodiscard]] std::vector<std::string> ask_candidates(std::string_view program, std::string_view configured);

/// A session bus is known: $DBUS_SESSION_BUS_ADDRESS is set, or $XDG_RUNTIME_DIR/bus is a
/// socket (where systemd's user bus is). Without one, a notification could only fail.
[[nodiscard]] bool session_bus_known();

}  // namespace mailtokit::paths
