// `mailtokit iri to-uri|to-iri|check|equal`: the RFC 3987 layer on the command line.
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "mailtokit/iri.hpp"
#include "base/i18n.hpp"

namespace mailtokit::commands {

using cli::context;
using cli::print_error;
using cli::write_stdout;

namespace {

struct iri_args {
  std::string a, b;
  std::string charset;
  bool idna = false;
};

void put_line(std::string_view s) {
  write_stdout(s);
  write_stdout("\n");
}

// An error found in a trimmed argument, shifted back to a byte offset of the argument as given.
void report(const error& e, std::size_t leading, std::string_view what = tr("the IRI")) {
  print_error(error{e.code, e.offset + leading}, what);
}

void note(const std::string& text) { std::fprintf(stderr, "note: %s\n", text.c_str()); }

std::string describe_issue(const iri::bidi_issue& issue, std::size_t leading) {
  const auto at = issue.offset + leading;
  std::string s(issue.component);
  s += " at bytes " + std::to_string(at) + "-" + std::to_string(at + issue.length) + " ";
  if (issue.report.has_formatting) {
    s += "has a bidi formatting character (RFC 3987 section 4.1) at byte " +
         std::to_string(at + issue.report.first_formatting);
  } else if (issue.report.mixed()) {
    s += "mixes right-to-left and left-to-right characters (RFC 3987 section 4.2 rule 1)";
  } else {
    s += "uses right-to-left characters but does not start and end with one (RFC 3987 section 4.2 rule 2)";
  }
  return s;
}

// Prints `convert(trimmed input)` or reports its error at the offset in the untrimmed input.
template <class Convert>
int run_mapping(const iri_args& args, Convert convert) {
  std::size_t lead = 0;
  auto r = convert(iri::trim(args.a, &lead));
  if (!r) {
    report(r.error(), lead);
    return exit_dataerr;
  }
  put_line(*r);
  return exit_ok;
}

int run_to_uri(const iri_args& args) {
  return run_mapping(args, [&](std::string_view in) {
    return iri::to_uri(in, iri::to_uri_options{args.idna, args.charset});
  });
}

int run_to_iri(const iri_args& args) {
  return run_mapping(args,
                     [&](std::string_view in) { return iri::to_iri(in, iri::to_iri_options{args.idna}); });
}

int run_check(const iri_args& args) {
  std::size_t lead = 0;
  const std::string_view in = iri::trim(args.a, &lead);
  auto parts = iri::parse(in);
  if (!parts) {
    report(parts.error(), lead);
    return exit_dataerr;
  }
  const auto issues = iri::bidi_issues(*parts);
  if (!issues.empty()) {
    report(error{errc::iri_bidi, issues.front().offset}, lead);
    for (const auto& issue : issues) note(describe_issue(issue, lead));
    return exit_dataerr;
  }
  const iri::components& c = *parts;
  auto field = [](std::string_view name, std::string_view value) {
    std::string line(name);
    line += '\t';
    line += value;
    put_line(line);
  };
  if (!c.is_relative()) field("scheme", c.scheme);
  if (c.has_userinfo) field("userinfo", c.userinfo);
  if (c.has_authority) {
    field("host", c.host);
    static constexpr std::string_view kinds[] = {"none", "reg-name", "ipv4", "ip-literal"};
    field("host-type", kinds[static_cast<int>(c.host_type)]);
  }
  if (c.has_port) field("port", c.port);
  field("path", c.path);
  if (c.has_query) field("query", c.query);
  if (c.has_fragment) field("fragment", c.fragment);
  return exit_ok;
}

int run_equal(const iri_args& args) {
  std::size_t lead_a = 0, lead_b = 0;
  const std::string_view a = iri::trim(args.a, &lead_a);
  const std::string_view b = iri::trim(args.b, &lead_b);
  if (auto pa = iri::parse(a); !pa) {
    report(pa.error(), lead_a, tr("the first IRI"));
    return exit_dataerr;
  }
  if (auto pb = iri::parse(b); !pb) {
    report(pb.error(), lead_b, tr("the second IRI"));
    return exit_dataerr;
  }
  auto r = iri::compare(a, b);
  if (!r) {
    report(r.error(), 0, tr("the IRIs"));
    return exit_dataerr;
  }
  static constexpr std::string_view steps[] = {
      "simple string comparison (RFC 3987 section 5.3.1)",
      "syntax-based normalization (RFC 3987 section 5.3.2)",
      "scheme-based normalization (RFC 3987 section 5.3.3)",
  };
  const std::string_view step = steps[static_cast<int>(r->decided_by)];
  if (r->equivalent) {
    put_line("equivalent: " + std::string(step));
    return exit_ok;
  }
  put_line("different: still different after " + std::string(step));
  return 1;
}

}  // namespace

void add_iri_commands(CLI::App& app, context& ctx) {
  auto* iri_cmd = app.add_subcommand(
      "iri",
      tr("Web addresses with non-ASCII characters (IRIs): convert, check and compare"));
  iri_cmd->require_subcommand(1, 1);
  auto args = std::make_shared<iri_args>();

  auto* to_uri = iri_cmd->add_subcommand(
      "to-uri", tr("Convert an IRI to a URI: each non-ASCII character becomes the %HH escapes of its UTF-8 bytes"));
  to_uri->add_option("IRI", args->a, tr("the IRI (UTF-8, or bytes in --charset)"))->required();
  to_uri->add_flag("--idna", args->idna, tr("write a non-ASCII host name in its ASCII form (xn--...)"));
  to_uri->add_option("--charset", args->charset,
                     tr("the IRI is in this legacy charset (e.g. iso-8859-1, windows-1258); converted and NFC-normalized"));
  to_uri->callback([&ctx, args] { ctx.exit_code = run_to_uri(*args); });

  auto* to_iri = iri_cmd->add_subcommand(
      "to-iri", tr("Convert a URI to an IRI: decode the %HH escapes of UTF-8 where the text is safe to show"));
  to_iri->add_option("URI", args->a, tr("the URI"))->required();
  to_iri->add_flag("--idna", args->idna, tr("show xn-- labels of the host as Unicode (IDNA ToUnicode)"));
  to_iri->callback([&ctx, args] { ctx.exit_code = run_to_iri(*args); });

  auto* check = iri_cmd->add_subcommand(
      "check", tr("Check that an IRI is well formed and that its right-to-left text is safe; print its parts"));
  check->add_option("IRI", args->a, tr("the IRI reference (UTF-8)"))->required();
  check->callback([&ctx, args] { ctx.exit_code = run_check(*args); });

  auto* equal = iri_cmd->add_subcommand(
      "equal", tr("Compare two IRIs as written, then normalized; exit 0 when equivalent, 1 when not"));
  equal->add_option("A", args->a, tr("the first IRI"))->required();
  equal->add_option("B", args->b, tr("the second IRI"))->required();
  equal->callback([&ctx, args] { ctx.exit_code = run_equal(*args); });
}

}  // namespace mailtokit::commands
