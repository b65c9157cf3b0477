// `mailtokit inspect` and `mailtokit build`: the mailto parser, policy and builder (RFC 6068).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/bidi.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/message.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/utf8.hpp"
#include "base/i18n.hpp"

namespace mailtokit::commands {

using cli::add_help_paragraph;
using cli::add_link_reading_options;
using cli::add_number_option;
using cli::append_control_escape;
using cli::apply_link_reading;
using cli::context;
using cli::link_reading;
using cli::max_count_limit;
using cli::max_input_limit;
using cli::print_error;
using cli::printable;
using cli::report_error;
using cli::write_stdout;

namespace {

struct inspect_options {
  std::string uri;
  bool json = false;
  link_reading read;
};

struct build_cli_options {
  std::vector<std::string> to, cc, bcc;
  std::optional<std::string> subject, body, in_reply_to, keywords, references;
  bool iri = false;
  bool utf8_escaped = false;
  bool html = false;
  std::string eml;  // --eml FILE ("-": standard input): the fields come from this message instead
};


void print_addresses(std::string_view label, const std::vector<address>& list) {
  for (const auto& a : list) {
    std::string line(label);
    line += printable(a.unicode());
    if (!a.display_name.empty()) line += "  (name: " + printable(a.display_name) + ")";
    if (!a.valid) {
      line += "  [INVALID]";
    } else if (a.needs_smtputf8) {
      line += "  [needs SMTPUTF8]";
    } else if (auto ascii = a.ascii(); ascii && *ascii != a.unicode()) {
      line += "  (ascii: " + *ascii + ")";
    }
    line += '\n';
    write_stdout(line);
  }
}

void print_listing(const draft& d) {
  print_addresses("To:      ", d.to);
  print_addresses("Cc:      ", d.cc);
  print_addresses("Bcc:     ", d.bcc);
  if (d.subject) write_stdout("Subject: " + printable(*d.subject) + "\n");
  for (const auto& h : d.headers) write_stdout(h.name + ": " + printable(h.value) + "\n");
  if (d.body) {
    write_stdout("Body:\n");
    std::string_view body = *d.body;
    for (;;) {
      const auto nl = body.find("\r\n");
      write_stdout("  | " + printable(body.substr(0, nl)) + "\n");
      if (nl == body.npos) break;
      body.remove_prefix(nl + 2);
    }
  }
  if (!d.dropped.empty()) {
    write_stdout("Dropped:\n");
    for (const auto& f : d.dropped)
      write_stdout("  " + printable(f.name) + "=" + printable(f.value) + "\n    " + printable(f.reason) + "\n");
  }
  // What `open` will change before a mail program is given the draft (handover::changes()), in
  // the words and codes of preview's findings.
  bool first = true;
  for (const auto& f : preview::check(d)) {
    if (!f.code.starts_with("handover_")) continue;
    if (first) write_stdout("Changed for the mail program:\n");
    first = false;
    write_stdout("  " + f.code + ": " + printable(f.field) + ": " + printable(f.message) + "\n");
  }
  if (!d.warnings.empty()) {
    write_stdout("Warnings:\n");
    for (const auto& w : d.warnings) {
      std::string line = "  " + std::string(to_name(w.code)) + ": " + printable(w.message);
      if (w.offset != static_cast<std::size_t>(-1)) line += " (at byte " + std::to_string(w.offset) + ")";
      write_stdout(line + "\n");
    }
  }
}

int run_inspect(const inspect_options& o) {
  parse_options po;
  policy p = policy::defaults();
  if (!apply_link_reading(o.read, po, p)) return exit_usage;
  auto d = parse_draft(o.uri, po, p);
  if (!d) {
    if (o.json) {
      write_stdout(json::from_error(d.error()) + "\n");
    } else {
      print_error(d.error(), tr("the link"));
    }
    return exit_dataerr;
  }
  if (o.json)
    write_stdout(json::from_draft(*d) + "\n");
  else if (d->to.empty() && d->cc.empty() && d->bcc.empty() && !d->subject && d->headers.empty() && !d->body &&
           d->dropped.empty() && d->warnings.empty())
    write_stdout("(an empty draft: the link names no recipient and no field)\n");  // never silence
  else
    print_listing(*d);
  return exit_ok;
}

// The option whose value make_draft() refused, with that value ("--to 'not an address'"): each
// value is checked alone, so the error's byte offset is into the value named.
std::string refused_option(const build_cli_options& o) {
  const auto refused = [](const mailto_fields& g) { return !make_draft(g); };
  const auto named = [](std::string_view option, std::string_view value) {
    return std::string(option) + " '" + printable(value) + "'";
  };
  for (const auto* list : {&o.to, &o.cc, &o.bcc})
    for (const auto& v : *list) {
      mailto_fields g;
      (list == &o.to ? g.to : list == &o.cc ? g.cc : g.bcc) = {v};
      if (refused(g)) return named(list == &o.to ? "--to" : list == &o.cc ? "--cc" : "--bcc", v);
    }
  if (o.subject) {
    mailto_fields g;
    g.subject = o.subject;
    if (refused(g)) return named("--subject", *o.subject);
  }
  if (o.body) {
    mailto_fields g;
    g.body = o.body;
    if (refused(g)) return named("--body", *o.body);
  }
  for (const auto& [option, name, value] : {std::tuple{"--in-reply-to", "In-Reply-To", &o.in_reply_to},
                                            std::tuple{"--keywords", "Keywords", &o.keywords},
                                            std::tuple{"--references", "References", &o.references}})
    if (*value) {
      mailto_fields g;
      g.headers.push_back({name, **value});
      if (refused(g)) return named(option, **value);
    }
  return tr("the fields");
}

int run_build(const build_cli_options& o) {
  if (o.iri && o.utf8_escaped) {
    report_error("usage", tr("--iri and --utf8-escaped exclude each other"), {}, tr("give one of them"));
    return exit_usage;
  }
  draft from_eml;
  if (!o.eml.empty()) {
    if (!o.to.empty() || !o.cc.empty() || !o.bcc.empty() || o.subject || o.body || o.in_reply_to || o.keywords ||
        o.references) {
      report_error("usage", tr("--eml cannot be combined with the field options"),
                   tr("--eml takes the fields from the message; it excludes --to, --cc, --bcc, --subject, --body, "
                      "--in-reply-to, --keywords and --references"));
      return exit_usage;
    }
    // Read at most one byte more than read_message() accepts, so a huge input is refused, not slurped.
    const read_options ro;
    std::FILE* file = o.eml == "-" ? stdin : std::fopen(o.eml.c_str(), "rb");
    if (!file) {
      report_error("no_input", fill(tr("--eml {0} cannot be opened"), {printable(o.eml)}), std::strerror(errno));
      return exit_noinput;
    }
    std::string bytes;
    char chunk[65536];
    std::size_t n = 0;
    while (bytes.size() <= ro.max_input && (n = std::fread(chunk, 1, sizeof chunk, file)) > 0) bytes.append(chunk, n);
    const bool failed = std::ferror(file) != 0;
    const int read_errno = errno;
    if (file != stdin) std::fclose(file);
    if (failed) {
      report_error("no_input", fill(tr("--eml {0} cannot be read"), {printable(o.eml)}), std::strerror(read_errno));
      return exit_noinput;
    }
    auto d = read_message(bytes, ro);
    if (!d) {
      print_error(d.error(), "--eml " + printable(o.eml));
      return exit_dataerr;
    }
    for (const dropped_field& f : d->dropped) {
      if (f.name.find(' ') != std::string::npos)  // a MIME part, not a field (read_message)
        std::fprintf(stderr, "warning: dropped %s '%s': %s\n", f.name.c_str(), printable(f.value).c_str(),
                     f.reason.c_str());
      else
        std::fprintf(stderr, "warning: dropped header field '%s': %s\n", f.name.c_str(), f.reason.c_str());
    }
    for (const warning& w : d->warnings) std::fprintf(stderr, "warning: %s: %s\n", to_name(w.code).data(), w.message.c_str());
    if (d->from)
      std::fprintf(stderr, "warning: the sender (From) is not part of a mailto link; your mail program sets it\n");
    from_eml = std::move(*d);
  }
  mailto_fields f;
  f.to = o.to;
  f.cc = o.cc;
  f.bcc = o.bcc;
  f.subject = o.subject;
  f.body = o.body;
  if (o.in_reply_to) f.headers.push_back({"In-Reply-To", *o.in_reply_to});
  if (o.keywords) f.headers.push_back({"Keywords", *o.keywords});
  if (o.references) f.headers.push_back({"References", *o.references});
  auto d = o.eml.empty() ? make_draft(f) : result<draft>(std::move(from_eml));
  if (!d) {
    print_error(d.error(), o.eml.empty() ? refused_option(o) : std::string(tr("the fields")));
    return exit_dataerr;
  }
  build_options bo;
  bo.form = o.iri ? uri_form::iri : o.utf8_escaped ? uri_form::utf8_escaped : uri_form::ascii;
  bo.html = o.html;
  write_stdout(build_mailto(*d, bo) + "\n");
  return exit_ok;
}

}  // namespace

void add_mailto_commands(CLI::App& app, context& ctx) {
  auto io = std::make_shared<inspect_options>();
  auto* inspect = app.add_subcommand(
      "inspect",
      tr("Read a mailto: link and show the draft the header policy makes of it"));
  add_help_paragraph(inspect, tr("It shows the recipients, subject, body, kept header fields, dropped fields with "
                                 "their reasons, and warnings."));
  inspect->add_option("uri", io->uri, tr("the mailto: URI (or IRI)"))->required();
  inspect->add_flag("--json", io->json, tr("print one JSON object (the machine-readable contract)"));
  inspect->add_flag("--strict", io->read.strict,
                    tr("refuse what is repaired by default (a lone '%', a second '?', a field without '=', an "
                    "address that is not UTF-8, ...), for validators"));
  add_link_reading_options(inspect, io->read, tr("longest URI in bytes"));
  add_number_option(inspect, "--max-encoded-words", io->read.lim.max_encoded_words, 0, max_count_limit,
                    tr("most encoded words (=?charset?...?=) in one value"));
  inspect->callback([io, &ctx] { ctx.exit_code = run_inspect(*io); });

  auto bo = std::make_shared<build_cli_options>();
  auto* build = app.add_subcommand(
      "build", tr("Write a mailto: link for the given fields, with %HH escapes where a link needs them"));
  build->add_option("--to", bo->to, tr("recipients, addresses separated by commas (repeatable)"))
      ->take_all()
      ->expected(1)
      ->option_text("ADDRESSES");
  build->add_option("--cc", bo->cc, tr("copy recipients (Cc; repeatable)"))->take_all()->expected(1)->option_text("ADDRESSES");
  build->add_option("--bcc", bo->bcc, tr("hidden copy recipients (Bcc; repeatable)"))->take_all()->expected(1)->option_text("ADDRESSES");
  build->add_option("--subject", bo->subject, tr("subject"));
  build->add_option("--body", bo->body, tr("body text (line ends become CRLF)"));
  build->add_option("--in-reply-to", bo->in_reply_to, tr("the message replied to (In-Reply-To), a message id such as <id@example.com>"));
  build->add_option("--keywords", bo->keywords, tr("keywords (the Keywords field)"));
  build->add_option("--references", bo->references, tr("message ids of the thread (References)"));
  build->add_flag("--iri", bo->iri, tr("write an IRI: non-ASCII characters stay as UTF-8"));
  build->add_flag("--utf8-escaped", bo->utf8_escaped,
                  tr("write internationalized domains as percent-encoded UTF-8 instead of A-labels"));
  build->add_flag("--html", bo->html, tr("escape for an HTML attribute ('&' as '&amp;')"));
  build->add_option("--eml", bo->eml,
                    tr("take the fields from this message (a draft .eml, '-' for standard input) instead; fields a "
                    "link cannot carry are reported on standard error"))
      ->option_text("FILE");
  build->callback([bo, &ctx] { ctx.exit_code = run_build(*bo); });
}

}  // namespace mailtokit::commands
