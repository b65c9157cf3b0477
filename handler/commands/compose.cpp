// `mailtokit compose URI [-o FILE] [--from ADDRESS] [--smtputf8] [--ascii-only] [--strict]`: a mailto URI to the bytes of a
// draft message (.eml). The work is parse_draft() and compose() in the library; this file maps
// arguments, warnings and errors to the terminal, a file, and exit codes.
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <vector>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/policy.hpp"
#include "base/files.hpp"
#include "base/i18n.hpp"

namespace mailtokit::cli {
namespace {

struct compose_args {
  std::string uri;
  std::string output;
  std::string from;
  std::string date;
  std::string message_id;
  bool smtputf8 = false;
  bool ascii_only = false;
  bool strict = false;
  bool no_unsent = false;
};


// RFC 5322 section 3.2.3: atext = ALPHA / DIGIT / "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" /
// "-" / "/" / "=" / "?" / "^" / "_" / "`" / "{" / "|" / "}" / "~"
bool atext(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("!#$%&'*+-/=?^_`{|}~").find(c) != std::string_view::npos;
}

// dot-atom-text = 1*atext *("." 1*atext)
bool dot_atom_text(std::string_view s) {
  if (s.empty() || s.front() == '.' || s.back() == '.' || s.find("..") != std::string_view::npos) return false;
  for (const char c : s)
    if (c != '.' && !atext(c)) return false;
  return true;
}

bool digits(std::string_view s, std::size_t min, std::size_t max) {
  if (s.size() < min || s.size() > max) return false;
  for (const char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

int number(std::string_view s) {
  int n = 0;
  for (const char c : s) n = n * 10 + (c - '0');
  return n;
}

void print_warnings(const draft& d) {
  for (const dropped_field& f : d.dropped)
    std::fprintf(stderr, "warning: dropped header field '%s': %s\n", f.name.c_str(), f.reason.c_str());
  for (const warning& w : d.warnings) std::fprintf(stderr, "warning: %s: %s\n", to_name(w.code).data(), w.message.c_str());
}

int run_compose(const compose_args& a) {
  if (!a.date.empty() && !check_date_option(a.date)) return exit_usage;
  if (!a.message_id.empty() && !valid_msg_id(a.message_id)) {
    report_error("usage", fill(tr("--message-id {0} is not a message id"), {shown_value(a.message_id)}),
                 tr("a msg-id looks like <unique-part@example.org>, in angle brackets"),
                 tr("give e.g. --message-id '<draft-1@example.org>', or leave it out for a random one"));
    return exit_usage;
  }
  parse_options po;
  po.strict = a.strict;
  auto d = parse_draft(a.uri, po);
  if (!d) {
    print_error(d.error(), tr("the link"));
    return exit_dataerr;
  }
  print_warnings(*d);
  if (!a.from.empty()) {
    auto from = parse_from_option(a.from);
    if (!from) return exit_dataerr;
    d->from = std::move(*from);
  }
  compose_options o;
  o.allow_smtputf8 = a.smtputf8;
  o.ascii_only = a.ascii_only;
  o.strict = a.strict;
  o.mark_unsent = !a.no_unsent;
  if (!a.date.empty()) o.date = a.date;
  if (!a.message_id.empty()) o.message_id = a.message_id;
  auto message = compose(*d, o);
  if (!message) {
    const error& e = message.error();
    report_error(to_name(e.code), fill(tr("the draft cannot be composed (byte {0} of a value)"), {std::to_string(e.offset)}),
                 to_string(e.code),
                 e.code == errc::needs_smtputf8 ? tr("--smtputf8 writes UTF-8 header fields for such addresses")
                                                : std::string_view{});
    return exit_dataerr;
  }
  for (const warning& w : compose_warnings(*d, o))
    std::fprintf(stderr, "warning: %s: %s\n", to_name(w.code).data(), w.message.c_str());
  if (a.output.empty() || a.output == "-") {
    write_stdout(*message);
    return finish_output(exit_ok);
  }
  if (auto w = files::write_atomic(AT_FDCWD, a.output, *message); !w) {
    report_error("cannot_create", fill(tr("-o {0} cannot be written"), {shown_value(a.output)}), files::reason(w.error()),
                 tr("check that the directory exists and is writable"));
    return exit_cantcreat;
  }
  return exit_ok;
}

}  // namespace

std::string shown_value(std::string_view v) {
  std::string s = "'";
  for (std::size_t i = 0; i < v.size() && i < 80; ++i) {
    const auto b = static_cast<unsigned char>(v[i]);
    if (b < 0x20 || b == 0x7F) {
      append_control_escape(s, b, "0123456789ABCDEF");
    } else {
      s += static_cast<char>(b);
    }
  }
  if (v.size() > 80) s += "...";
  return s + "'";
}

bool valid_date_time(std::string_view s) {
  // RFC 5322 section 3.3 (without the obsolete forms):
  //   date-time = [ day-of-week "," ] date time [CFWS]
  //   date = day month year; time = time-of-day zone; time-of-day = hour ":" minute [ ":" second ]
  //   zone = (FWS ( "+" / "-" ) 4DIGIT)
  std::vector<std::string_view> t;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) t.push_back(s.substr(start, i - start));
  }
  static constexpr std::string_view days[] = {"Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"};
  static constexpr std::string_view months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  if (t.size() == 6) {
    if (std::find(std::begin(days), std::end(days), t[0]) == std::end(days)) return false;
    t.erase(t.begin());
  }
  if (t.size() != 5) return false;
  if (!digits(t[0], 1, 2) || number(t[0]) < 1 || number(t[0]) > 31) return false;
  if (std::find(std::begin(months), std::end(months), t[1]) == std::end(months)) return false;
  if (!digits(t[2], 4, 4) || number(t[2]) < 1900) return false;
  const std::string_view tm = t[3];
  if (tm.size() != 5 && tm.size() != 8) return false;
  if (!digits(tm.substr(0, 2), 2, 2) || tm[2] != ':' || !digits(tm.substr(3, 2), 2, 2)) return false;
  if (number(tm.substr(0, 2)) > 23 || number(tm.substr(3, 2)) > 59) return false;
  if (tm.size() == 8 && (tm[5] != ':' || !digits(tm.substr(6, 2), 2, 2) || number(tm.substr(6, 2)) > 60)) return false;
  const std::string_view zone = t[4];
  if (zone.size() != 5 || (zone[0] != '+' && zone[0] != '-') || !digits(zone.substr(1), 4, 4)) return false;
  return number(zone.substr(3, 2)) <= 59;
}

bool valid_msg_id(std::string_view s) {
  // RFC 5322 section 3.6.4: msg-id = [CFWS] "<" id-left "@" id-right ">" [CFWS]
  //   id-left = dot-atom-text; id-right = dot-atom-text / no-fold-literal
  //   no-fold-literal = "[" *dtext "]"
  if (s.size() < 5 || s.size() > 900 || s.front() != '<' || s.back() != '>') return false;
  s = s.substr(1, s.size() - 2);
  const std::size_t at = s.find('@');
  if (at == std::string_view::npos || !dot_atom_text(s.substr(0, at))) return false;
  const std::string_view right = s.substr(at + 1);
  if (right.size() >= 2 && right.front() == '[' && right.back() == ']') {
    for (const char c : right.substr(1, right.size() - 2))
      if (c < 33 || c > 126 || c == '[' || c == ']' || c == '\\') return false;  // dtext
    return true;
  }
  return dot_atom_text(right);
}

bool check_date_option(std::string_view date) {
  if (valid_date_time(date)) return true;
  report_error("usage", fill(tr("--date {0} is not a valid date-time"), {shown_value(date)}),
               tr("a date-time looks like \"Wed, 25 Nov 2026 18:30:00 +0000\": day, month name, year, "
                  "hours:minutes[:seconds], zone"),
               tr("give e.g. --date \"$(date -R)\", or leave it out for the current time"));
  return false;
}

void add_compose_command(CLI::App& app, context& ctx) {
  auto args = std::make_shared<compose_args>();
  CLI::App* cmd = app.add_subcommand(
      "compose",
      tr("Write the draft message (an .eml file) for a mailto: link to standard output or a file"));
  add_help_paragraph(cmd, tr("What the header policy dropped is reported on standard error."));
  cmd->add_option("uri", args->uri, tr("mailto URI (or IRI)"))->required();
  cmd->add_option("-o,--output", args->output, tr("write the draft to FILE (atomically, mode 0600); '-' is stdout"))
      ->type_name("FILE");
  cmd->add_option("--from", args->from, tr("the sender, e.g. \"Jane Doe <jane@example.org>\" (also names the Message-ID domain)"))
      ->type_name("ADDRESS");
  cmd->add_flag("--smtputf8", args->smtputf8,
                tr("allow addresses whose part before the @ is not ASCII, even with --ascii-only or --strict; header "
                "fields are then written in UTF-8. This is the default"));
  cmd->add_flag("--ascii-only", args->ascii_only,
                tr("refuse an address whose part before the @ is not ASCII, instead of writing a draft with UTF-8 header "
                "fields"));
  cmd->add_flag("--strict", args->strict,
                tr("refuse what is repaired by default: malformed links, addresses that are not valid and, without "
                "--smtputf8, addresses whose part before the @ is not ASCII"));
  cmd->add_flag("--no-unsent", args->no_unsent, tr("leave out \"X-Unsent: 1\" (which makes clients open the file as a draft)"));
  cmd->add_option("--date", args->date,
                  tr("the Date field, a date-time such as \"Wed, 25 Nov 2026 18:30:00 +0000\" (default: now), for "
                  "reproducible output"))
      ->type_name("DATE");
  cmd->add_option("--message-id", args->message_id, tr("the Message-ID, \"<id@domain>\" (default: random), for reproducible output"))
      ->type_name("ID");
  cmd->callback([args, &ctx] { ctx.exit_code = run_compose(*args); });
}

}  // namespace mailtokit::cli
