// `mailtokit waiting`: the mail links that waited (open_link/waiting.hpp). A link a page's flood pushed
// out of the queue for a question is put aside, never refused and never a window of its own;
// here the user sees them and picks the one to be asked about, in a terminal or in the "Mail
// links that waited" window (the Mail links entry's action). A link picked is asked its own
// question, as a click would be: picking it opens nothing by itself.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ask/dialog.hpp"
#include "base/i18n.hpp"
#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/run.hpp"
#include "open_link/waiting.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::commands {

using cli::add_help_paragraph;
using cli::context;
using cli::report_error;
using cli::write_stdout;
using open_link::waiting_link;

namespace {

constexpr std::string_view list_group = "waiting";

struct waiting_options {
  std::string action;  // "", "open", "forget"
  std::string number;  // for open and forget
  bool window = false;
};

// "a@example.org, b@example.org", the addresses of one field.
std::string addresses(const std::vector<address>& list) {
  std::string out;
  for (const auto& a : list) out += (out.empty() ? "" : ", ") + a.unicode();
  return out;
}

// One line for a link: who it writes to and its subject, as the question would say it; the link
// itself when it cannot be read.
std::string summary(const waiting_link& w) {
  const auto d = parse_draft(w.link);
  if (!d) return fill(tr("a link that cannot be read: {0}"), {w.link.substr(0, 200)});
  std::string line;
  const auto part = [&](std::string_view label, const std::string& value) {
    if (value.empty()) return;
    if (!line.empty()) line += "; ";
    line += std::string(label) + " " + value;
  };
  part(tr("to"), addresses(d->to));
  part(tr("copy to"), addresses(d->cc));
  part(tr("hidden copy to"), addresses(d->bcc));
  if (d->subject) part(tr("subject"), "\"" + d->subject->substr(0, 200) + "\"");
  return line.empty() ? std::string(tr("an empty mail")) : line;
}

// "5 minutes ago", rounded down.
std::string age(const waiting_link& w) {
  const auto s = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now() - w.put_aside).count();
  if (s < 60) return tr("just now");
  if (s < 3600) return fill(ntr("{0} minute ago", "{0} minutes ago", static_cast<unsigned long>(s / 60)), {std::to_string(s / 60)});
  if (s < 86400) return fill(ntr("{0} hour ago", "{0} hours ago", static_cast<unsigned long>(s / 3600)), {std::to_string(s / 3600)});
  return fill(ntr("{0} day ago", "{0} days ago", static_cast<unsigned long>(s / 86400)), {std::to_string(s / 86400)});
}

int print_list(const std::vector<waiting_link>& links) {
  if (links.empty()) {
    write_stdout(std::string(tr("No mail links are waiting.")) + "\n");
    return exit_ok;
  }
  write_stdout(std::string(tr("Mail links that came while a question was open, newest first:")) + "\n");
  for (std::size_t k = 0; k < links.size(); ++k)
    write_stdout("  " + std::to_string(k + 1) + ". " + preview::visible(summary(links[k])) + " (" + age(links[k]) + ")\n");
  write_stdout(std::string(tr("Ask about one with: mailtokit waiting open N; forget them with: mailtokit waiting forget")) + "\n");
  return exit_ok;
}

// The link numbered `number` (1 is the newest) taken out of the list, or nullopt (said).
std::optional<std::string> take_numbered(const std::string& dir, const std::string& number) {
  const auto links = open_link::list_waiting(dir);
  std::size_t n = 0;
  for (const char c : number) n = c >= '0' && c <= '9' && n < 1000 ? n * 10 + static_cast<std::size_t>(c - '0') : 1001;
  if (number.empty() || n == 0 || n > links.size()) {
    report_error("usage", fill(tr("there is no waiting link {0}"), {preview::visible(number)}), {},
                 tr("`mailtokit waiting` lists them, numbered"));
    return std::nullopt;
  }
  auto link = open_link::take_waiting(dir, links[n - 1].name);
  if (!link) report_error("usage", tr("the link has gone from the list"), {}, tr("`mailtokit waiting` lists them"));
  return link;
}

// The picked link asked about as a click is: `open` with the desktop's defaults.
int ask_about(std::string link) {
  open_link::open_options o;
  o.uri = std::move(link);
  return open_link::run_open(o);
}

ask::request list_request(const std::vector<waiting_link>& links) {
  using ask::display_text;
  ask::request r;
  r.title = display_text::ours(tr("mailtokit: mail links that waited"));
  r.headline = display_text::ours(tr("Mail links that came while a question was open"));
  r.choices.push_back(display_text::ours(tr("They were not opened. Pick one to be asked about it, as if you had "
                                            "clicked it again.")));
  r.icon = "mail-send";
  r.groups.push_back({std::string(list_group), display_text::ours(tr("Newest first")), {}});
  for (const auto& w : links) {
    ask::option o;
    o.group = std::string(list_group);
    o.id = w.name;
    o.label = display_text::from_link(summary(w) + " (" + age(w) + ")", 300);
    o.chosen = r.options.empty();  // the newest: most often the link just clicked
    r.options.push_back(std::move(o));
  }
  r.buttons = {{"cancel", display_text::ours(tr("Close"))},
               {"forget", display_text::ours(tr("Forget them all"))},
               {"ask", display_text::ours(tr("Ask about this link"))}};
  r.default_id = "ask";
  return r;
}

int run_window(const std::string& dir) {
  const std::string_view instead = tr("`mailtokit waiting` lists them in a terminal");
  const auto ask_program = find_window(tr("the window of mail links that waited needs a display"), instead);
  if (!ask_program) return exit_unavailable;
  // Each answer leaves the list smaller, so this ends; a link picked is asked, then the rest shown.
  for (;;) {
    auto links = open_link::list_waiting(dir);
    if (links.empty()) return print_list(links);
    if (links.size() > ask::max_options) links.resize(ask::max_options);
    const auto a = ask::ask_window(list_request(links), *ask_program);
    if (a.what == ask::window_answer::how::failed) {
      report_error("unavailable", tr("the window of mail links that waited could not be shown"), {}, instead);
      return exit_unavailable;
    }
    if (a.what == ask::window_answer::how::closed || a.button == "cancel") return exit_ok;
    if (a.button == "forget") {
      (void)open_link::forget_waiting(dir);
      return exit_ok;
    }
    auto link = open_link::take_waiting(dir, a.chosen(list_group));
    if (!link) continue;
    if (const int code = ask_about(std::move(*link)); code != exit_ok) return code;
  }
}

int run_waiting(const waiting_options& o) {
  const auto reg = xdg::user_paths(xdg::environment::current());
  if (!reg) {
    report_error("usage", tr("HOME (or XDG_STATE_HOME) must be set to an absolute path"));
    return exit_usage;
  }
  const std::string dir = open_link::waiting_dir(reg->state_dir);
  if (o.window) return run_window(dir);
  if (o.action.empty()) return print_list(open_link::list_waiting(dir));
  if (o.action == "open") {
    auto link = take_numbered(dir, o.number);
    return link ? ask_about(std::move(*link)) : exit_usage;
  }
  if (o.action == "forget") {
    if (o.number.empty()) {
      const auto n = open_link::forget_waiting(dir);
      write_stdout(fill(ntr("{0} waiting link forgotten.", "{0} waiting links forgotten.", n), {std::to_string(n)}) + "\n");
      return exit_ok;
    }
    return take_numbered(dir, o.number) ? exit_ok : exit_usage;
  }
  report_error("usage", fill(tr("unknown action '{0}'"), {preview::visible(o.action)}), {},
               tr("the actions are open N and forget [N]"));
  return exit_usage;
}

}  // namespace

void add_waiting_command(CLI::App& app, context& ctx) {
  auto o = std::make_shared<waiting_options>();
  auto* cmd = app.add_subcommand("waiting", tr("List the mail links that came while a question was open, and ask "
                                               "about one"));
  add_help_paragraph(cmd, tr("A page that opens mail links one after another cannot stack questions: links that "
                             "came while a question was open wait in this list, each asked about only when you pick "
                             "it. Examples: mailtokit waiting; mailtokit waiting open 1; mailtokit waiting forget."));
  cmd->add_option("action", o->action, tr("open N (ask about link N) or forget [N] (remove link N, or all)"));
  cmd->add_option("number", o->number, tr("the link's number in the list (1 is the newest)"));
  cmd->add_flag("--window", o->window, tr("show the list in a window instead"));
  cmd->callback([o, &ctx] { ctx.exit_code = run_waiting(*o); });
}

}  // namespace mailtokit::commands
