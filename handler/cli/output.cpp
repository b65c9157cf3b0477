// Output, option parsing and error reporting shared by the subcommands.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.hpp"
#include "base/cleanup.hpp"
#include "base/i18n.hpp"

namespace mailtokit::cli {

namespace {
int stdout_errno = 0;  // the errno of the first failed write to standard output
bool stdout_failed = false;
}  // namespace

void write_stdout(std::string_view bytes) {
  if (stdout_failed || bytes.empty()) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size()) {
    stdout_failed = true;
    stdout_errno = errno;
  }
}

int finish_output(int code) {
  // A write that failed earlier (std::endl flushing std::cout, a full stdio buffer) left its
  // errno; it is the best reason there is when the flush below has nothing left to fail on.
  const int earlier = errno;
  // stdio first: std::cout (synced with stdio) flushes through it and would consume the errno.
  errno = 0;
  if (std::fflush(stdout) != 0 && !stdout_failed) {
    stdout_failed = true;
    stdout_errno = errno;
  }
  std::cout.flush();
  const bool cout_failed = !std::cout;
  if (!stdout_failed && (std::ferror(stdout) != 0 || cout_failed)) {
    stdout_failed = true;
    stdout_errno = errno != 0 ? errno : earlier != 0 ? earlier : EIO;
  }
  if (!stdout_failed) return code;
  report_error("io_error", tr("cannot write to standard output"),
               stdout_errno != 0 ? std::strerror(stdout_errno) : tr("write error"),
               tr("the output was lost: check the disk, or the program reading it"));
  std::clearerr(stdout);
  stdout_failed = false;
  return exit_ioerr;
}

std::string_view code_for_exit(int exit_code) noexcept {
  switch (exit_code) {
    case exit_usage:
      return "usage";
    case exit_dataerr:
      return "refused";
    case exit_noinput:
      return "no_input";
    case exit_unavailable:
      return "unavailable";
    case exit_software:
      return "internal_error";
    case exit_cantcreat:
      return "cannot_create";
    case exit_ioerr:
      return "io_error";
    case exit_tempfail:
      return "put_aside";
    case exit_config:
      return "config_error";
    default:
      return "error";
  }
}

std::optional<std::uint64_t> parse_number(std::string_view text, std::uint64_t lo, std::uint64_t hi) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  std::uint64_t v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) return std::nullopt;  // overflow
    v = v * 10 + d;
  }
  if (v < lo || v > hi) return std::nullopt;
  return v;
}

namespace {

// The name to show for an option: its long name ("--jobs"), else its short one ("-j").
std::string shown_name(const std::string& names) {
  std::string best;
  std::size_t start = 0;
  while (start <= names.size()) {
    std::size_t comma = names.find(',', start);
    if (comma == std::string::npos) comma = names.size();
    const std::string n = names.substr(start, comma - start);
    if (best.empty() || (n.rfind("--", 0) == 0 && best.rfind("--", 0) != 0)) best = n;
    start = comma + 1;
  }
  return best;
}

// A value quoted for an error message: controls and bytes that are not printable ASCII as \xHH,
// at most 40 bytes.
std::string in_quotes(std::string_view v) {
  std::string s = "'";
  for (std::size_t i = 0; i < v.size() && i < 40; ++i) {
    const auto b = static_cast<unsigned char>(v[i]);
    if (b < 0x20 || b >= 0x7F || b == '\\' || b == '\'') {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", b);
      s += buf;
    } else {
      s += static_cast<char>(b);
    }
  }
  if (v.size() > 40) s += "...";
  return s + "'";
}

bool all_digits(std::string_view v) {
  return !v.empty() && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

CLI::Option* add_number_option_to(CLI::App* cmd, const std::string& names,
                                  std::function<void(std::uint64_t)> set, std::uint64_t lo, std::uint64_t hi,
                                  std::uint64_t default_value, const std::string& help) {
  const std::string shown = shown_name(names);
  const std::string range = fill(tr("{0} to {1}"), {std::to_string(lo), std::to_string(hi)});
  auto* opt = cmd->add_option_function<std::string>(
      names,
      [set = std::move(set), shown, range, lo, hi](const std::string& v) {
        if (auto n = parse_number(v, lo, hi)) return set(*n);
        std::string why;
        if (v.empty())
          why = tr("an empty value");
        else if (v[0] == '-' && all_digits(std::string_view(v).substr(1)))
          why = fill(tr("{0} is negative"), {in_quotes(v)});
        else if (all_digits(v))
          why = fill(tr("{0} is out of range"), {in_quotes(v)});
        else
          why = fill(tr("{0} is not a whole number"), {in_quotes(v)});
        throw CLI::ValidationError(fill(tr("{0} takes {1} ({2})"), {shown, range, why}));
      },
      help + " (" + fill(tr("{0}, default {1}"), {range, std::to_string(default_value)}) + ")");
  opt->type_name("N");
  return opt;
}

CLI::Option* add_choice_option(CLI::App* cmd, const std::string& names, std::string& value,
                               std::initializer_list<std::string_view> choices, const std::string& help) {
  const std::string shown = shown_name(names);
  std::vector<std::string> list(choices.begin(), choices.end());
  std::string listed;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i > 0) listed += i + 1 == list.size() ? tr(" or ") : ", ";
    listed += list[i];
  }
  auto* opt = cmd->add_option_function<std::string>(
      names,
      [&value, list, shown, listed](const std::string& v) {
        if (std::find(list.begin(), list.end(), v) != list.end()) {
          value = v;
          return;
        }
        throw CLI::ValidationError(fill(tr("{0} takes {1} ({2} is not one of them)"), {shown, listed, in_quotes(v)}));
      },
      help + " (" + (value.empty() ? listed : fill(tr("{0}, default {1}"), {listed, value})) + ")");
  std::string type;
  for (const auto& c : list) type += (type.empty() ? "" : "|") + c;
  opt->type_name(type);
  return opt;
}

void add_help_paragraph(CLI::App* cmd, const std::string& text) {
  // The command's own exit statuses and the error format follow it (main.cpp adds them).
  cmd->footer(text);
}

std::string closest_name(std::string_view typed, const std::vector<std::string>& names) {
  // Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions).
  auto distance = [](std::string_view a, std::string_view b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
          d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    return d[a.size()][b.size()];
  };
  if (typed.size() > 64) return {};
  std::string best;
  std::size_t best_d = 3;
  for (const auto& n : names) {
    const std::size_t dist = distance(typed, n);
    if (dist < best_d && dist < typed.size()) {
      best_d = dist;
      best = n;
    }
  }
  return best;
}

}  // namespace mailtokit::cli

namespace mailtokit::cli {

void report_error(std::string_view code, std::string_view what, std::string_view reason, std::string_view todo) {
  std::string line = "error: ";
  line += code;
  line += ": ";
  line += what;
  if (!reason.empty()) {
    line += " (";
    line += reason;
    line += ')';
  }
  line += '\n';
  if (!todo.empty()) {
    line += "  ";
    line += todo;
    line += '\n';
  }
  std::fputs(line.c_str(), stderr);
}
void print_error(const error& e, std::string_view subject) {
  report_error(to_name(e.code), fill(tr("{0} at byte {1}"), {subject, std::to_string(e.offset)}), to_string(e.code));
}
void print_error(std::string_view text) {
  std::fprintf(stderr, "error: %.*s\n", static_cast<int>(text.size()), text.data());
}
bool append_control_escape(std::string& out, unsigned char b, const char* hex) {
  if (b == '\t') {
    out += "\\t";
  } else if (b == '\n') {
    out += "\\n";
  } else if (b == '\r') {
    out += "\\r";
  } else if (b < 0x20 || b == 0x7F) {
    out += "\\x";
    out += hex[b >> 4];
    out += hex[b & 0xF];
  } else {
    return false;
  }
  return true;
}
void append_code_point_tag(std::string& out, char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "<U+%04X>", static_cast<unsigned>(cp));
  out += buf;
}
std::optional<address> parse_from_option(std::string_view text) {
  auto list = parse_address_list(text);
  if (!list || list->size() != 1 || !(*list)[0].valid) {
    report_error("invalid_address", fill(tr("--from {0} is not one valid address"), {shown_value(text)}),
                 list ? tr("the address is invalid, or there is not exactly one") : describe(list.error()),
                 tr("give one address, e.g. --from \"Jane Doe <jane@example.org>\""));
    return std::nullopt;
  }
  return std::move((*list)[0]);
}

}  // namespace mailtokit::cli
