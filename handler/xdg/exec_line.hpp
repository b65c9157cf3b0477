/// Desktop Entry `Exec` values (freedesktop Desktop Entry Specification 1.5, "The Exec key"):
/// splitting a command line into argv without a shell, field codes, quoting, and the entry we install.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/result.hpp"
#include "base/errors.hpp"

namespace mailtokit::exec_line {

/// One argument of a split Exec value. When `field` is not 0 the argument is exactly that field
/// code ('f', 'F', 'u', 'U', 'i', 'c' or 'k') and `text` is empty; otherwise `text` is the literal
/// argument ("%%" already turned into "%", deprecated field codes removed). `offset` is the byte
/// offset of the argument in the Exec value. A value type.
struct exec_arg {
  std::string text;
  char field = 0;
  std::size_t offset = 0;
  friend bool operator==(const exec_arg&, const exec_arg&) = default;
};

/// Desktop Entry Specification, "The Exec key": split `exec` (the value after the string-level
/// escapes of the file have been undone) into arguments. "Arguments are separated by a space";
/// an argument is quoted in whole with double quotes, inside which '"', '`', '$' and '\' are
/// escaped with '\'; a reserved character outside quotes is an error. Field codes must be whole
/// arguments (stricter than the specification for %f, %u, %i, %c and %k, so a URI can never be
/// spliced into a larger word); "%%" is a literal '%'; unknown field codes are errors
/// ("implementations ... must not process" such command lines); %d %D %n %N %v %m are removed.
/// Errors: exec_syntax at the offending byte, empty_input when there is no program.
/// split_exec("\"/opt/my app/run\" --new %u") gives {"/opt/my app/run", "--new", %u}.
[[nodiscard]] errors::result<std::vector<exec_arg>> split_exec(std::string_view exec);

/// What the field codes expand to. An empty value makes its field code expand to no argument.
struct exec_values {
  std::string_view uri;           ///< %u and %U: the clean mailto URI
  std::string_view file;          ///< %f and %F: the absolute path of the draft file
  std::string_view name;          ///< %c: the translated Name
  std::string_view desktop_file;  ///< %k: the location of the desktop file
};

/// Desktop Entry Specification, "The Exec key": expand field codes, each into exactly one
/// argument ("Implementations must take care not to expand field codes into multiple
/// arguments"); %i gives nothing (we have no Icon key). Fails with exec_syntax at the field
/// code when an expanded %u/%U/%f/%F would start with '-' (so it could never become an option).
[[nodiscard]] errors::result<std::vector<std::string>> expand_exec(const std::vector<exec_arg>& args,
                                                           const exec_values& values);

/// True when `args` holds a %u/%U (`code` 'u') or %f/%F (`code` 'f') field code.
[[nodiscard]] bool uses_field(const std::vector<exec_arg>& args, char code) noexcept;

/// Desktop Entry Specification, "The Exec key": `arg` as one Exec argument, quoted when it holds
/// a reserved character, with '"', '`', '$' and '\' escaped inside the quotes. Fails with
/// exec_syntax for an empty argument, a control character or a '%' (which has no defined
/// meaning inside quotes).
[[nodiscard]] errors::result<std::string> quote_exec_arg(std::string_view arg);

/// The desktop entry that makes `program` the x-scheme-handler/mailto handler: Type=Application,
/// NoDisplay=true, MimeType=x-scheme-handler/mailto;, TryExec=<program> (string-escaped: a desktop
/// counts the entry as not installed once the program is gone), Exec=<program> open %u, with
/// `program` quoted by quote_exec_arg() and string-escaped. desktop/mailtokit.desktop is
/// render_entry("mailtokit"); `mailtokit register` writes render_entry(<absolute path>).
[[nodiscard]] errors::result<std::string> render_entry(std::string_view program);

}  // namespace mailtokit::exec_line
