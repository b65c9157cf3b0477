#include "xdg/exec_line.hpp"

#include <optional>

#include "mailtokit/chars.hpp"

namespace mailtokit::exec_line {
namespace {

// Desktop Entry Specification, "The Exec key": "Reserved characters are space (" "), tab, newline,
// double quote, single quote ("'"), backslash character ("\"), greater-than sign (">"), less-than
// sign ("<"), tilde ("~"), vertical bar ("|"), ampersand ("&"), semicolon (";"), dollar sign
// ("$"), asterisk ("*"), question mark ("?"), hash mark ("#"), parenthesis ("(") and (")") and
// backtick character ("`")." Other control characters are refused too: they have no place in argv.
constexpr chars::char_class exec_reserved =
    chars::of(" \t\n\"'\\><~|&;$*?#()`") | chars::ctl;
// "escaping the double quote character, backtick character ("`"), dollar sign ("$") and backslash
// character ("\") by preceding it with an additional backslash character"
constexpr chars::char_class exec_quote_escaped = chars::of("\"`$\\");
// The field codes of the specification; %d %D %n %N %v %m are deprecated: "Deprecated field
// codes should be removed from the command line and ignored."
constexpr std::string_view live_fields = "fFuUick";
constexpr std::string_view deprecated_fields = "dDnNvm";

}  // namespace

namespace {

// A quoted argument from exec[i] (the opening quote): escapes read, field codes refused but %%.
std::optional<errors::error> read_quoted(std::string_view exec, std::size_t& i, exec_arg& arg) {
  const std::size_t n = exec.size();
  // "Arguments may be quoted in whole."
  ++i;
  bool closed = false;
  while (i < n) {
    const char c = exec[i];
    if (c == '"') {
      closed = true;
      ++i;
      break;
    }
    if (c == '\\') {
      if (i + 1 == n || !exec_quote_escaped(exec[i + 1])) return fail(errors::errc::exec_syntax, i);
      arg.text += exec[i + 1];
      i += 2;
      continue;
    }
    // An unescaped '`' or '$' must have been escaped; field codes "must not be used inside a
    // quoted argument, the result of field code expansion inside a quoted argument is
    // undefined": only "%%" is accepted there.
    if (c == '`' || c == '$' || chars::ctl(c)) return fail(errors::errc::exec_syntax, i);
    if (c == '%') {
      if (i + 1 == n || exec[i + 1] != '%') return fail(errors::errc::exec_syntax, i);
      arg.text += '%';
      i += 2;
      continue;
    }
    arg.text += c;
    ++i;
  }
  if (!closed) return fail(errors::errc::exec_syntax, arg.offset);
  if (i < n && exec[i] != ' ') return fail(errors::errc::exec_syntax, i);
  return std::nullopt;
}

// An unquoted argument from exec[i]: field codes only as whole arguments, deprecated ones dropped
// (`deprecated_only`: the argument was nothing but those), reserved characters refused.
std::optional<errors::error> read_unquoted(std::string_view exec, std::size_t& i, exec_arg& arg,
                                          bool& deprecated_only) {
  const std::size_t n = exec.size();
  bool had_deprecated = false;
  while (i < n && exec[i] != ' ') {
    const char c = exec[i];
    if (c == '%') {
      if (i + 1 == n) return fail(errors::errc::exec_syntax, i);
      const char code = exec[i + 1];
      if (code == '%') {
        arg.text += '%';
      } else if (deprecated_fields.find(code) != std::string_view::npos) {
        had_deprecated = true;
      } else if (live_fields.find(code) != std::string_view::npos) {
        // Field codes are whole arguments here: "%f" is fine, "--file=%f" is not.
        const bool whole = i == arg.offset && (i + 2 == n || exec[i + 2] == ' ');
        if (!whole) return fail(errors::errc::exec_syntax, i);
        arg.field = code;
      } else {
        // "Command lines that contain a field code that is not listed in this specification
        // are invalid and must not be processed."
        return fail(errors::errc::exec_syntax, i);
      }
      i += 2;
      continue;
    }
    // "If an argument contains a reserved character the argument must be quoted."
    if (exec_reserved(c)) return fail(errors::errc::exec_syntax, i);
    arg.text += c;
    ++i;
  }
  deprecated_only = had_deprecated && arg.text.empty() && arg.field == 0;
  return std::nullopt;
}

}  // namespace

errors::result<std::vector<exec_arg>> split_exec(std::string_view exec) {
  std::vector<exec_arg> args;
  std::size_t i = 0;
  const std::size_t n = exec.size();
  for (;;) {
    // "Arguments are separated by a space."
    while (i < n && exec[i] == ' ') ++i;
    if (i == n) break;
    exec_arg arg;
    arg.offset = i;
    bool deprecated_only = false;  // the argument was nothing but deprecated field codes
    if (exec[i] == '"') {
      if (auto e = read_quoted(exec, i, arg)) return *e;
    } else {
      if (auto e = read_unquoted(exec, i, arg, deprecated_only)) return *e;
    }
    if (deprecated_only) continue;
    args.push_back(std::move(arg));
  }
  if (args.empty()) return fail(errc::empty_input, 0);
  // The program itself can be neither empty nor a field code.
  if (args.front().field != 0 || args.front().text.empty()) return fail(errors::errc::exec_syntax, args.front().offset);
  return args;
}

errors::result<std::vector<std::string>> expand_exec(const std::vector<exec_arg>& args, const exec_values& values) {
  std::vector<std::string> argv;
  argv.reserve(args.size());
  for (const auto& a : args) {
    std::string_view value;
    switch (a.field) {
      case 0:
        argv.push_back(a.text);
        continue;
      case 'u':
      case 'U':
        value = values.uri;
        break;
      case 'f':
      case 'F':
        value = values.file;
        break;
      case 'c':
        value = values.name;
        break;
      case 'k':
        value = values.desktop_file;
        break;
      default:  // 'i': "Should not expand to any arguments if the Icon key is empty or missing."
        continue;
    }
    if (value.empty()) continue;
    // "an argument can never start an option": the clean URI starts with "mailto:" and the draft
    // path with '/'; anything else is a bug we refuse to act on.
    if (value.front() == '-' || value.find('\0') != std::string_view::npos) return fail(errors::errc::exec_syntax, a.offset);
    argv.emplace_back(value);
  }
  return argv;
}

bool uses_field(const std::vector<exec_arg>& args, char code) noexcept {
  const char upper = code == 'u' ? 'U' : code == 'f' ? 'F' : code;
  for (const auto& a : args)
    if (a.field == code || a.field == upper) return true;
  return false;
}

errors::result<std::string> quote_exec_arg(std::string_view arg) {
  if (arg.empty()) return fail(errors::errc::exec_syntax, 0);
  bool needs_quotes = false;
  for (std::size_t i = 0; i < arg.size(); ++i) {
    const char c = arg[i];
    if (chars::ctl(c) || c == '%') return fail(errors::errc::exec_syntax, i);
    if (exec_reserved(c)) needs_quotes = true;
  }
  if (!needs_quotes) return std::string(arg);
  std::string out = "\"";
  for (const char c : arg) {
    if (exec_quote_escaped(c)) out += '\\';
    out += c;
  }
  out += '"';
  return out;
}

errors::result<std::string> render_entry(std::string_view program) {
  auto quoted = quote_exec_arg(program);
  if (!quoted) return quoted.error();
  // The string-level escape comes on top of the Exec quoting: each '\' is written as "\\".
  std::string exec;
  for (const char c : *quoted) {
    if (c == '\\') exec += '\\';
    exec += c;
  }
  // TryExec is a string, not an Exec line: only the string escapes apply.
  std::string try_exec;
  for (const char c : program) {
    if (c == '\\') try_exec += '\\';
    try_exec += c;
  }
  std::string out;
  out += "[Desktop Entry]\n";
  out += "Version=1.4\n";
  out += "Type=Application\n";
  out += "Name=mailtokit\n";
  out += "GenericName=Mail link handler\n";
  out += "Comment=Open mailto: links as safe drafts in your mail client\n";
  // TryExec (Desktop Entry specification, "Recognized desktop entry keys"): when the program is
  // gone, GIO counts the entry as not installed and takes the next default of the list.
  out += "TryExec=" + try_exec + "\n";
  out += "Exec=" + exec + " open %u\n";
  out += "Terminal=false\n";
  out += "NoDisplay=true\n";
  out += "StartupNotify=true\n";  // the browser's activation token reaches us (launch::window_token)
  out += "MimeType=x-scheme-handler/mailto;\n";
  out += "Categories=Network;Email;\n";
  return out;
}

}  // namespace mailtokit::exec_line
