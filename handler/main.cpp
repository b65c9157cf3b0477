// mailtokit: turn mailto: links into safe drafts, and back.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <map>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "mailtokit/preview.hpp"
#include "base/cleanup.hpp"
#include "base/i18n.hpp"

namespace {

// Every name of the subcommands of `cmd`.
std::vector<std::string> command_names(CLI::App* cmd) {
  std::vector<std::string> names;
  for (auto* sub : cmd->get_subcommands({}))
    if (!sub->get_group().empty()) names.push_back(sub->get_name());  // not the hidden failure-window
  return names;
}

// "the commands are ..." (`top`, the program's own) or "the iri commands are to-uri, to-iri,
// check, equal": the subcommands of `cmd`, for an error that names none of them.
std::string commands_are(CLI::App* cmd, bool top) {
  std::string listed;
  for (const auto& name : command_names(cmd)) listed += (listed.empty() ? "" : ", ") + name;
  return top ? mailtokit::fill(mailtokit::tr("the commands are {0}"), {listed})
             : mailtokit::fill(mailtokit::tr("the {0} commands are {1}"), {cmd->get_name(), listed});
}

// "unknown command 'inspec' (did you mean 'inspect'?)" for the first argument that should name a
// subcommand of `cmd` and does not. `label`: "command" or "iri command".
void report_unknown(CLI::App* cmd, const std::string& typed, bool top, const std::string& help) {
  const auto names = command_names(cmd);
  const std::string best = mailtokit::cli::closest_name(typed, names);
  const std::string reason =
      best.empty() ? commands_are(cmd, top) : mailtokit::fill(mailtokit::tr("did you mean '{0}'?"), {best});
  std::string shown;
  for (const char c : typed.substr(0, 60)) shown += (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) ? '?' : c;
  mailtokit::cli::report_error(
      "unknown_command",
      top ? mailtokit::fill(mailtokit::tr("unknown command '{0}'"), {shown})
          : mailtokit::fill(mailtokit::tr("unknown {0} command '{1}'"), {cmd->get_name(), shown}),
      reason, mailtokit::fill(mailtokit::tr("run '{0} --help' for the list"), {help}));
}

// Each command's --help ends with the exit statuses that command can return (read from its code
// paths: 64 comes from the command line, 70 from the catch below, 74 from finish_output, 128+N
// from a signal, for every command), then the error format; `mailtokit --help` lists them all.
// The man pages (handler/man/) list the same per command.
void add_exit_statuses(CLI::App& app) {
  using mailtokit::tr;
  const std::string ok = tr("0 ok"), usage = tr("64 bad command line"), refused = tr("65 input refused"),
                    unreadable = tr("66 input file unreadable"), no_client = tr("69 no mail client"),
                    no_xdg_mime = tr("69 xdg-mime missing or failed"), internal = tr("70 internal error"),
                    cannot_create = tr("73 output file cannot be created"),
                    lost = tr("74 output lost (write error)"), config = tr("78 bad configuration"),
                    by_signal = tr("128+N ended by signal N"),
                    no_window = tr("69 no display for the window, or xdg-mime failed"),
                    put_aside = tr("75 the link was put aside in the list of mail links that waited");
  auto footer = [](const std::vector<std::string>& statuses) {
    std::string list;
    for (const auto& s : statuses) list = list.empty() ? s : mailtokit::fill(tr("{0}; {1}"), {list, s});
    return mailtokit::fill(tr("Exit status: {0}."), {list}) + "\n" +
           tr("Errors: error: <code>: <what is wrong> (<reason>), then what to do on the next line.");
  };
  const std::vector<std::string> opening = {ok,   usage,  refused, no_client, internal, cannot_create,
                                            lost, put_aside, config, by_signal};
  const std::vector<std::string> iri = {ok, usage, refused, internal, lost, by_signal};
  const std::vector<std::string> registering = {ok,   usage,    no_xdg_mime, internal, cannot_create,
                                                lost, by_signal};
  const std::map<std::string, std::vector<std::string>> own = {
      {"open", opening},
      {"send", opening},
      {"preview", {ok, usage, refused, internal, lost, config, by_signal}},
      {"register", registering},
      {"unregister", registering},
      {"status", {ok, usage, internal, lost, config, by_signal}},
      {"use", {ok, usage, no_client, internal, cannot_create, lost, config, by_signal}},
      {"settings", {ok, usage, no_window, internal, cannot_create, lost, config, by_signal}},
      {"failure-window", {ok, usage, no_window, internal, cannot_create, lost, config, by_signal}},
      {"waiting", {ok, usage, refused, no_window, internal, cannot_create, lost, put_aside, config, by_signal}},
      {"targets", {ok, usage, internal, lost, config, by_signal}},
      {"version", {ok, usage, internal, lost, by_signal}},
      {"inspect", {ok, usage, refused, internal, lost, by_signal}},
      {"build", {ok, usage, refused, unreadable, internal, lost, by_signal}},
      {"compose", {ok, usage, refused, internal, cannot_create, lost, by_signal}},
      {"batch", {ok, usage, internal, cannot_create, lost, by_signal}},
      {"iri", {ok, tr("1 iri equal: not equivalent"), usage, refused, internal, lost, by_signal}},
      {"iri to-uri", iri},
      {"iri to-iri", iri},
      {"iri check", iri},
      {"iri equal", {ok, tr("1 not equivalent"), usage, refused, internal, lost, by_signal}},
  };
  app.footer(footer({ok, tr("1 iri equal: not equivalent"), usage, refused, unreadable, no_client, internal,
                     cannot_create, lost, put_aside, config, by_signal}));
  auto walk = [&](auto& self, CLI::App* cmd, const std::string& path) -> void {
    for (CLI::App* sub : cmd->get_subcommands({})) {
      const std::string name = path.empty() ? sub->get_name() : path + " " + sub->get_name();
      const auto it = own.find(name);
      if (it == own.end()) throw std::logic_error("no exit statuses listed for the command " + name);
      const std::string paragraph = sub->get_footer();  // add_help_paragraph's text, if any
      sub->footer((paragraph.empty() ? "" : paragraph + "\n\n") + footer(it->second));
      self(self, sub, name);
    }
  };
  walk(walk, &app, "");
}

// CLI11's own words in `--help` (its formatter's labels, the "Options" and "Subcommands" group
// headings) in the user's language, for `app` and every command below it. The labels that CLI11
// puts within an option's line are lower-case like every description ("--confirm excludes:
// --no-confirm"); the headings keep CLI11's own words.
void translate_help(CLI::App& app) {
  using mailtokit::tr;
  auto fmt = app.get_formatter();  // one formatter, shared by every subcommand
  fmt->label("Usage", tr("Usage"));
  fmt->label("OPTIONS", tr("OPTIONS"));
  fmt->label("SUBCOMMAND", tr("SUBCOMMAND"));
  fmt->label("SUBCOMMANDS", tr("SUBCOMMANDS"));
  fmt->label("REQUIRED", tr("REQUIRED"));
  fmt->label("Positionals", tr("Positionals"));
  fmt->label("Excludes", tr("excludes"));
  fmt->label("Needs", tr("needs"));
  auto walk = [](auto& self, CLI::App* cmd) -> void {
    for (CLI::Option* opt : cmd->get_options())
      if (opt->get_group() == "Options") opt->group(tr("Options"));
    for (CLI::App* sub : cmd->get_subcommands({})) {
      if (sub->get_group() == "Subcommands") sub->group(tr("Subcommands"));
      self(self, sub);
    }
  };
  walk(walk, &app);
}

// The deepest subcommand that was parsed, and its command line: "mailtokit iri to-uri".
std::pair<CLI::App*, std::string> parsed_command(CLI::App* app) {
  std::string path = "mailtokit";
  CLI::App* cur = app;
  for (;;) {
    auto subs = cur->get_subcommands();
    if (subs.empty()) break;
    cur = subs.front();
    path += " " + cur->get_name();
  }
  return {cur, path};
}

// CLI11's parse errors in our words and the user's language, naming the option or argument:
// "--jobs needs a value", "unknown option '--jsno' (did you mean '--json'?)", "the mailto: URI
// is missing". {what, reason}; what CLI11 says is kept (controls made visible) for an error not
// listed here.
std::pair<std::string, std::string> usage_words(const CLI::ParseError& e, const std::vector<std::string>& args,
                                                CLI::App* app, CLI::App* cmd) {
  using mailtokit::fill;
  using mailtokit::cli::shown_value;
  using mailtokit::tr;
  const std::string what = e.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    // Those of every command parsed: "mailtokit iri --charset x to-uri" leaves them with `iri`.
    auto extras = app->remaining(true);
    extras.erase(std::remove(extras.begin(), extras.end(), "--"), extras.end());  // the separator
    if (!extras.empty()) {
      const std::string& first = extras.front();
      // An option unless it came after "--" (then an argument, as "build -- --to").
      const auto at = std::find(args.begin(), args.end(), first);
      const bool option = first.size() > 1 && first[0] == '-' && std::find(args.begin(), at, "--") == at;
      if (option) {
        const std::string name = first.substr(0, first.find('='));
        bool before = false;  // left with a command before `cmd`
        for (CLI::App* a = app; a != cmd && !a->get_subcommands().empty(); a = a->get_subcommands().front()) {
          const auto own = a->remaining(false);
          before = before || std::find(own.begin(), own.end(), first) != own.end();
        }
        if (before && cmd->get_option_no_throw(name) != nullptr)
          return {fill(tr("{0} comes before {1}"), {shown_value(name), cmd->get_name()}),
                  tr("options go after the command they belong to")};
        // Compared without the dashes: "--to" is not close to "--cc".
        std::vector<std::string> names;
        for (const CLI::Option* opt : cmd->get_options())
          for (const auto& n : opt->get_lnames()) names.push_back(n);
        const std::string best = mailtokit::cli::closest_name(name.substr(std::min(name.find_first_not_of('-'), name.size())), names);
        return {fill(tr("unknown option {0}"), {shown_value(name)}),
                best.empty() ? std::string() : fill(tr("did you mean '{0}'?"), {"--" + best})};
      }
      return {fill(tr("unexpected argument {0}"), {shown_value(first)}), {}};
    }
  }
  // "mailtokit iri" (or "iri -- x") without one of its commands.
  if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr && what.find("subcommand") != std::string::npos &&
      !cmd->get_subcommands({}).empty())
    return {cmd == app ? tr("no command given") : fill(tr("no {0} command given"), {cmd->get_name()}),
            commands_are(cmd, cmd == app)};
  // CLI11's sentences (CLI/Error.hpp), read without <regex>: "NAME: 1 required TYPE missing".
  const auto colon = what.find(": ");
  const std::string head = colon == std::string::npos ? std::string() : what.substr(0, colon);
  const std::string_view rest = colon == std::string::npos ? std::string_view() : std::string_view(what).substr(colon + 2);
  const bool one_word = !head.empty() && head.find(' ') == std::string::npos;
  if (dynamic_cast<const CLI::RequiredError*>(&e) != nullptr && what.ends_with(" is required")) {
    const std::string name = what.substr(0, what.size() - std::string_view(" is required").size());
    const CLI::Option* opt = cmd->get_option_no_throw(name);
    if (opt != nullptr && opt->get_positional() && !opt->get_description().empty())
      return {fill(tr("{0} is missing"), {opt->get_description()}), {}};
    return {fill(tr("{0} is missing"), {name}), {}};
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&e) != nullptr && one_word) {
    if (!rest.empty() && rest.front() >= '0' && rest.front() <= '9' && rest.find(" required ") != std::string_view::npos &&
        rest.ends_with(" missing"))
      return {fill(tr("{0} needs a value"), {head}), {}};
    if (rest.starts_with("At Most 1 required but received "))
      return {fill(tr("{0} can be given only once"), {head}), {}};
  }
  if (dynamic_cast<const CLI::ConversionError*>(&e) != nullptr && head == "Could not convert") {
    const std::string name(rest.substr(0, rest.find(" = ")));
    const CLI::Option* opt = cmd->get_option_no_throw(name);
    if (opt != nullptr && opt->get_expected_max() == 0) return {fill(tr("{0} takes no value"), {name}), {}};
  }
  constexpr std::string_view excludes = " excludes ";
  if (const auto ex = what.find(excludes); dynamic_cast<const CLI::ExcludesError*>(&e) != nullptr &&
                                           ex != std::string::npos)
    return {fill(tr("{0} and {1} cannot be given together"), {what.substr(0, ex), what.substr(ex + excludes.size())}),
            {}};
  return {mailtokit::preview::visible(what), {}};  // it may quote an argument: no control reaches the terminal
}

}  // namespace


namespace {

using namespace mailtokit::cli;
using namespace mailtokit::commands;
using namespace mailtokit::exit_status;
using mailtokit::fill;
using mailtokit::init_i18n;
using mailtokit::locale_dir;
using mailtokit::tr;

// The words before CLI11 parses them: `mailtokit URI` is `mailtokit open URI`; an option before
// any command, or a word that names no command, is refused in our words. An exit status when the
// call ends here.
std::optional<int> check_words(CLI::App& app, std::vector<std::string>& args) {
  auto is_command = [](CLI::App* cmd, const std::string& name) {
    for (const auto* sub : cmd->get_subcommands({}))
      if (sub->check_name(name)) return true;
    return false;
  };
  // `mailtokit URI` (how browsers call a protocol handler) means `mailtokit open URI`; an empty
  // argument goes to `open` too, which refuses it with a clear message (exit 64). A lone word
  // without ':' is a mistyped command ("mailtokit versoin"), not a link: it must not reach
  // `open`, which would refuse it with a desktop notification.
  if (args.size() == 1 && (args[0].empty() || args[0][0] != '-') && !is_command(&app, args[0]) &&
      (args[0].empty() || args[0].find(':') != std::string::npos))
    args.insert(args.begin(), "open");
  // An option before any command: only --help and --version exist there.
  if (!args[0].empty() && args[0][0] == '-' && args[0] != "-h" && args[0] != "--help" && args[0] != "--version") {
    report_error("usage", fill(tr("unknown option {0} before a command"), {shown_value(args[0])}),
                 tr("options go after the command they belong to"), tr("run 'mailtokit --help' for the list of commands"));
    return exit_usage;
  }
  // A first word (or a word after a command that takes subcommands, as `iri`) that names no
  // command: say which command was meant instead of CLI11's "A subcommand is required".
  {
    CLI::App* cur = &app;
    std::string path = "mailtokit";
    for (const auto& a : args) {
      if (!a.empty() && a[0] == '-') break;
      if (cur->get_subcommands({}).empty()) break;
      CLI::App* next = nullptr;
      for (auto* sub : cur->get_subcommands({}))
        if (sub->check_name(a)) next = sub;
      if (next == nullptr) {
        report_unknown(cur, a, cur == &app, path);
        return exit_usage;
      }
      cur = next;
      path += " " + a;
    }
  }
  return std::nullopt;
}

// CLI11 parses the words (reversed, as it takes them) and runs the command; its errors in our
// words.
int parse_and_run(CLI::App& app, const std::vector<std::string>& args, const context& ctx) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    return finish_output(app.exit(e));
  } catch (const CLI::CallForAllHelp& e) {
    return finish_output(app.exit(e));
  } catch (const CLI::CallForVersion& e) {
    return finish_output(app.exit(e));
  } catch (const CLI::ParseError& e) {
    const auto [cmd, where] = parsed_command(&app);
    const auto [what, reason] = usage_words(e, args, &app, cmd);
    report_error("usage", what, reason, fill(tr("run '{0} --help' for the options"), {where}));
    return finish_output(exit_usage);
  } catch (const std::bad_alloc&) {
    // Memory ran out: no bug of ours, and not worth a bug report (the library says no_memory too).
    report_error("no_memory", tr("there was not enough memory"), {}, tr("close some programs and try again"));
    return finish_output(exit_software);
  } catch (const std::exception& e) {
    report_error("internal_error", e.what(), {}, tr("please report this as a bug"));
    return finish_output(exit_software);
  }
  return finish_output(ctx.exit_code);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace mailtokit::cli;
  init_i18n(locale_dir(MAILTOKIT_LOCALEDIR));
  CLI::App app{tr("mailtokit: turn mailto: links into safe, correct draft emails, and back.\n"
                  "A bare `mailtokit URI` is `mailtokit open URI`."),
               "mailtokit"};
  app.require_subcommand(1, 1);
  app.fallthrough(false);
  app.set_version_flag("--version", std::string("mailtokit ") + MAILTOKIT_VERSION, tr("print the version and exit"));
  app.set_help_flag("-h,--help", tr("print this help message and exit"));
  context ctx;
  add_iri_commands(app, ctx);
  add_mailto_commands(app, ctx);
  add_compose_command(app, ctx);
  add_open_commands(app, ctx);
  add_registration_commands(app, ctx);
  add_status_commands(app, ctx);
  add_use_command(app, ctx);
  add_settings_command(app, ctx);
  add_waiting_command(app, ctx);
  add_batch_command(app, ctx);
  app.add_subcommand("version", tr("Print the version (as --version) and exit 0"))->callback([] {
    write_stdout(std::string("mailtokit ") + MAILTOKIT_VERSION + "\n");
  });
  add_exit_statuses(app);
  translate_help(app);
  mailtokit::cleanup::install_handlers();

  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    report_error("usage", tr("no command given"), {}, tr("run 'mailtokit --help' for the list of commands"));
    return finish_output(exit_usage);
  }
  if (auto code = check_words(app, args)) return finish_output(*code);
  return parse_and_run(app, args, ctx);
}
