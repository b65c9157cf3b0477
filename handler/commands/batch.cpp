// `mailtokit batch`: one mailto: link per line on stdin, one result per line on stdout (the
// `inspect --json` object, a tab-separated summary, or a draft file per link).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "batch/batch.hpp"
#include "base/i18n.hpp"

namespace mailtokit::commands {

using cli::context;
using cli::link_reading;
using cli::parse_from_option;
using cli::report_error;
using cli::shown_value;

namespace {

struct batch_cli {
  bool json = false;
  std::string compose_dir;
  std::size_t jobs = 1;
  bool stats = false;
  link_reading read;  // --strict also makes --compose strict
  bool smtputf8 = false;
  bool ascii_only = false;
  bool no_unsent = false;
  std::string from;
  std::string date;
};

std::uint64_t next_id() {
  static std::atomic<std::uint64_t> n{0};
  return ++n;
}

// What every line needs, read-only while the workers run.
struct line_context {
  std::uint64_t id = next_id();  // tells the worker threads' parsers which run they belong to
  parse_options parse;
  policy pol = policy::defaults();
  compose_options compose;
  std::optional<address> from;
  bool json = false;
  bool composing = false;
  int dir_fd = -1;
  std::string dir;
};

// One draft_parser per worker thread and run: parse + policy reuse the memory of earlier lines.
draft_parser& parser_for(const line_context& c) {
  thread_local std::optional<draft_parser> parser;
  thread_local std::uint64_t owner = 0;
  if (!parser || owner != c.id) {
    parser.emplace(c.parse, c.pol);
    owner = c.id;
  }
  return *parser;
}

// Tab-separated fields for the text output: tab, line ends, backslash and other controls escaped.
void append_field(std::string& out, std::string_view s) {
  // Runs of bytes that need no escape are appended whole; a field is usually one such run.
  std::size_t run = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b >= 0x20 && b != 0x7F && b != '\\') continue;
    out.append(s.data() + run, i - run);
    run = i + 1;
    if (b == '\\')
      out += "\\\\";
    else
      cli::append_control_escape(out, b, chars::hex_lower);
  }
  out.append(s.data() + run, s.size() - run);
}

void append_list(std::string& out, const std::vector<address>& list) {
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i > 0) out += ", ";
    append_field(out, list[i].unicode());
  }
}

batch::outcome bad_line(const line_context& c, const batch::line& l, const error& e, std::string& out) {
  if (c.json) {
    json::append_error(out, e);
  } else {
    out += std::to_string(l.number);
    out += "\terror\t";
    out += to_name(e.code);
    out += '\t';
    out += std::to_string(e.offset);
    out += '\t';
    out += to_string(e.code);
  }
  out += '\n';
  return batch::outcome::bad;
}

// RFC 6068 parsing trims leading and trailing ASCII white space before checking max_input, so the
// offset of input_too_long is the limit plus the leading white space (as `inspect` reports it).
std::size_t leading_space(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && (s[n] == ' ' || s[n] == '\t' || s[n] == '\n' || s[n] == '\v' || s[n] == '\f' || s[n] == '\r')) ++n;
  return n;
}

batch::outcome process_line(const line_context& c, const batch::line& l, std::string& out) {
  if (l.too_long) return bad_line(c, l, error{errc::input_too_long, leading_space(l.text) + c.parse.limits.max_input}, out);
  draft_parser& parser = parser_for(c);
  if (auto r = parser.parse(l.text); !r) return bad_line(c, l, r.error(), out);
  draft* d = &parser.current();
  std::string path;
  if (c.composing) {
    if (c.from) d->from = *c.from;
    auto bytes = compose(*d, c.compose);
    if (!bytes) return bad_line(c, l, bytes.error(), out);
    const std::string name = batch::file_name(l.number);
    if (auto w = batch::write_file(c.dir_fd, name, *bytes); !w) {
      // errno of the failed call, kept by write_file() in the error's offset.
      report_error("io_error", fill(tr("--compose {0} cannot be written"), {shown_value(c.dir + "/" + name)}),
                   std::strerror(static_cast<int>(w.error().offset)), tr("check the space and permissions of the directory"));
      return batch::outcome::io_error;
    }
    path = c.dir + "/" + name;
  }
  if (c.json) {
    json::append_draft(out, *d);
  } else {
    out += std::to_string(l.number);
    out += "\tok\t";
    if (c.composing) {
      append_field(out, path);
    } else {
      append_list(out, d->to);
      out += '\t';
      append_list(out, d->cc);
      out += '\t';
      append_list(out, d->bcc);
      out += '\t';
      if (d->subject) append_field(out, *d->subject);
    }
    // What the policy dropped and what it warned about, counted: a scanner must see that
    // `attach=/etc/passwd` was removed even when the line says ok (`inspect` lists them).
    out += '\t';
    out += std::to_string(d->dropped.size());
    out += '\t';
    out += std::to_string(d->warnings.size());
  }
  out += '\n';
  return batch::outcome::ok;
}

int run_batch(const batch_cli& o) {
  auto c = std::make_shared<line_context>();
  if (!cli::apply_link_reading(o.read, c->parse, c->pol)) return exit_usage;
  if (!o.date.empty() && !cli::check_date_option(o.date)) return exit_usage;
  c->json = o.json;
  c->compose.allow_smtputf8 = o.smtputf8;
  c->compose.ascii_only = o.ascii_only;
  c->compose.strict = o.read.strict;
  c->compose.mark_unsent = !o.no_unsent;
  if (!o.date.empty()) c->compose.date = o.date;
  if (!o.from.empty()) {
    auto from = parse_from_option(o.from);
    if (!from) return exit_usage;
    c->from = std::move(*from);
  }
  if (!o.compose_dir.empty()) {
    c->composing = true;
    c->dir = o.compose_dir;
    if (::mkdir(c->dir.c_str(), 0700) != 0 && errno != EEXIST) {
      report_error("cannot_create", fill(tr("--compose {0} cannot be created"), {shown_value(c->dir)}), std::strerror(errno));
      return exit_cantcreat;
    }
    c->dir_fd = ::open(c->dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (c->dir_fd < 0) {
      report_error("cannot_create", fill(tr("--compose {0} cannot be opened as a directory"), {shown_value(c->dir)}),
                   std::strerror(errno));
      return exit_cantcreat;
    }
  }
  batch::options bo;
  bo.jobs = o.jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : o.jobs;
  // Lines a little longer than max_input still reach the parser (it trims white space first).
  bo.max_line = o.read.lim.max_input + 4096;
  int failed_errno = 0;
  bo.error_number = &failed_errno;
  const auto st = batch::run(
      STDIN_FILENO, STDOUT_FILENO,
      [c](const batch::line& l, std::string& out) { return process_line(*c, l, out); }, bo);
  if (c->dir_fd >= 0) ::close(c->dir_fd);
  if (!st) {
    if (st.error().code != errors::errc::io_error) {
      report_error(to_name(st.error().code), tr("batch stopped"), to_string(st.error().code), tr("please report this as a bug"));
      return exit_software;
    }
    // A failed draft file was reported by process_line(); failed_errno is that of a read or write.
    if (failed_errno != 0)
      report_error("io_error",
                   fill(tr("batch stopped after {0} input bytes: standard input or output failed"),
                        {std::to_string(st.error().offset)}),
                   std::strerror(failed_errno), tr("the lines before were written; run again once the cause is fixed"));
    return exit_ioerr;
  }
  if (o.stats) {
    const double secs = st->seconds > 0 ? st->seconds : 1e-9;
    std::fprintf(stderr, "batch: %llu lines, %llu ok, %llu errors, %.3f s, %.0f lines/s, %.1f MB/s, %zu jobs\n",
                 static_cast<unsigned long long>(st->lines), static_cast<unsigned long long>(st->ok),
                 static_cast<unsigned long long>(st->bad), st->seconds, static_cast<double>(st->lines) / secs,
                 static_cast<double>(st->bytes) / secs / 1e6, bo.jobs);
  }
  return exit_ok;
}

}  // namespace

void add_batch_command(CLI::App& app, context& ctx) {
  auto* cmd = app.add_subcommand("batch", tr("Bulk mode: one mailto: link per line in, one result per line out"));
  auto o = std::make_shared<batch_cli>();
  cmd->callback([o, &ctx] { ctx.exit_code = run_batch(*o); });
  cli::add_help_paragraph(cmd, tr("It reads standard input and writes standard output, in input order: a tab-separated summary (line, ok, to, cc, bcc, subject, "
                             "dropped fields, warnings; with --compose: line, ok, file, dropped fields, warnings; or "
                             "line, error, code, offset, message), or with --json the `inspect --json` object. A bad "
                             "line gives an error result and the run goes on: exit status 0 means every line was "
                             "processed."));
  cmd->add_flag("--json", o->json, tr("one `inspect --json` object per line (byte-identical to `inspect --json`)"));
  cmd->add_option("--compose", o->compose_dir,
                  tr("also write the draft of each good line to DIR/<line number, 9 digits>.eml (mode 0600, "
                  "atomically), as `mailtokit compose` writes it; DIR is created (mode 0700) when missing"))
      ->type_name("DIR");
  cli::add_number_option(cmd, "--jobs,-j", o->jobs, 0, cli::max_jobs, tr("worker threads (0: one per CPU); output order is kept"));
  cmd->add_flag("--stats", o->stats, tr("print lines, ok, errors, seconds and lines/s to stderr at the end"));
  cli::add_link_reading_options(cmd, o->read, tr("longest link in bytes; longer lines are errors, never held in memory"));
  cmd->add_flag("--strict", o->read.strict,
                tr("refuse what is repaired by default (as inspect --strict); with --compose also invalid addresses "
                "and, without --smtputf8, non-ASCII local parts"));
  cmd->add_flag("--smtputf8", o->smtputf8,
                tr("with --compose: allow UTF-8 header fields when an address needs them, even with --ascii-only or "
                "--strict (the default)"));
  cmd->add_flag("--ascii-only", o->ascii_only,
                tr("with --compose: refuse an address whose part before the @ is not ASCII"));
  cmd->add_option("--from", o->from, tr("with --compose: the sender, e.g. \"Jane Doe <jane@example.org>\""))->type_name("ADDRESS");
  cmd->add_flag("--no-unsent", o->no_unsent, tr("with --compose: leave out \"X-Unsent: 1\""));
  cmd->add_option("--date", o->date,
                  tr("with --compose: the Date field, a date-time such as \"Wed, 25 Nov 2026 18:30:00 +0000\" "
                  "(default: now)"))
      ->type_name("DATE");
}

}  // namespace mailtokit::commands
