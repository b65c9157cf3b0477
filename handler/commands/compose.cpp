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

namespace mailtokit::commands {

using cli::add_help_paragraph;
using cli::append_control_escape;
using cli::check_date_option;
using cli::context;
using cli::finish_output;
using cli::parse_from_option;
using cli::print_error;
using cli::report_error;
using cli::shown_value;
using cli::valid_msg_id;
using cli::write_stdout;

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

}  // namespace mailtokit::commands
