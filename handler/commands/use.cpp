// `mailtokit use [NAME [ADDRESS]]`: where drafts go, chosen without a text editor. Alone, it lists
// the choices (the mail programs on this computer, the webmails, "save the draft as a file") and
// marks the current one; with a name it sets `target =` (and `webmail =` for a self-hosted
// webmail or a template) in the configuration file, keeping every other line and comment.

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "base/files.hpp"
#include "base/i18n.hpp"
#include "cli/cli.hpp"
#include "clients/client.hpp"
#include "clients/webmail.hpp"
#include "commands/commands.hpp"
#include "launch/entries.hpp"
#include "launch/process.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/choose.hpp"
#include "open_link/first_choice.hpp"
#include "open_link/places.hpp"
#include "open_link/session.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::commands {

using cli::add_help_paragraph;
using cli::closest_name;
using cli::context;
using cli::report_error;
using cli::write_stdout;
using open_link::chosen_name;
using open_link::place;
using xdg::config_where;
using xdg::load_config;
using xdg::loaded_config;

namespace {

struct use_options {
  std::string name;
  std::string address;
};

// One choice as `mailtokit use` lists it.
struct listed {
  std::string name;   // what to type: "thunderbird", "desktop:org.gnome.Evolution", "gmail"
  std::string about;  // what it is
};

// Every name `use` takes, for "did you mean" and the error's list.
std::vector<std::string> all_names(const std::vector<open_link::place>& here) {
  std::vector<std::string> names;
  for (const auto& p : here) names.push_back(p.name);
  for (const auto* k : clients::all()) names.emplace_back(k->name);
  return names;
}

void print_section(const std::string& title, const std::vector<listed>& items, const std::string& current) {
  write_stdout("\n" + title + "\n");
  if (items.empty()) write_stdout("  " + std::string(tr("(none)")) + "\n");
  for (const auto& i : items) {
    const bool now = !current.empty() && i.name.substr(0, i.name.find(' ')) == current;
    std::string line(now ? "* " : "  ");
    line += preview::visible(i.name);
    line.append(line.size() < 34 ? 34 - line.size() : 1, ' ');
    write_stdout(line + preview::visible(i.about) + "\n");
  }
}

// `mailtokit use` alone: the choices, the current one marked.
int list_choices(const loaded_config& lc) {
  const auto env = xdg::environment::current();
  const auto reg = xdg::user_paths(env);
  std::string current = lc.cfg.target ? lc.cfg.target->value : "";
  if (auto c = open_link::choose(open_link::desktop_choice_inputs(lc, reg),
                                 [&](std::size_t o) { return config_where(lc, o); }))
    write_stdout(fill(tr("Mail links go to: {0} ({1})"), {chosen_name(*c), describe(c->why)}) + "\n");
  else
    write_stdout(fill(tr("Mail links go nowhere yet: {0}"), {c.error().reason}) + "\n");
  std::vector<listed> programs, hosted, own, file;
  for (const auto& p : open_link::places()) {
    switch (p.what) {
      case place::kind::program:
        programs.push_back({p.name, p.terminal ? fill(tr("{0}, in a terminal"), {p.label}) : p.label});
        break;
      case place::kind::webmail: hosted.push_back({p.name, p.label}); break;
      case place::kind::organization:
        own.push_back({p.name + (p.name == "webmail" ? " TEMPLATE" : " ADDRESS"),
                       // TRANSLATORS: {0} is a webmail's name, {1} an example of its address.
                       fill(tr("{0}, for example {1}"), {p.label, p.example})});
        break;
      case place::kind::file: file.push_back({p.name, tr("save the draft as a file and open it")}); break;
    }
  }
  print_section(tr("Mail programs on this computer:"), programs, current);
  print_section(tr("Webmail, in your browser:"), hosted, current);
  print_section(tr("Your organization's webmail, by its address:"), own, current);
  print_section(tr("Without a mail program:"), file, current);
  write_stdout("\n" + std::string(tr("Choose with: mailtokit use NAME [ADDRESS]")) + "\n");
  return exit_ok;
}

int run_use(const use_options& o) {
  const auto env = xdg::environment::current();
  auto lc = load_config(env);
  if (!lc) return lc.error();
  if (o.name.empty()) return list_choices(*lc);
  if (lc->path.empty()) {
    report_error("usage", tr("HOME (or XDG_CONFIG_HOME) must be set to an absolute path"));
    return exit_usage;
  }
  if (o.name.find("://") != std::string::npos || open_link::https_of_bare_host(o.name)) {  // an address alone
    report_error("usage", fill(tr("'{0}' is an address, not a choice: say which webmail runs there"),
                               {preview::visible(o.name)}),
                 {}, fill(tr("for example: mailtokit use roundcube {0} (`mailtokit use` lists the webmails)"),
                          {preview::visible(o.name)}));
    return exit_usage;
  }
  if (!open_link::parse_target_value(o.name)) {  // unknown: the closest name, and where the list is
    const std::string near = closest_name(o.name, all_names(open_link::places()));
    report_error("usage", fill(tr("unknown choice '{0}'"), {preview::visible(o.name)}), {},
                 near.empty() ? std::string(tr("`mailtokit use` lists the choices"))
                              : fill(tr("did you mean '{0}'? `mailtokit use` lists the choices"), {near}));
    return exit_usage;
  }
  // A bare host typed as the address is read as https://HOST/, and said, as the Mail links
  // window does.
  std::string address = o.address;
  std::string read_as;
  if (auto https = open_link::https_of_bare_host(address)) {
    read_as = fill(tr("{0} was read as {1}."), {preview::visible(address), preview::visible(*https)});
    address = std::move(*https);
  }
  auto text = open_link::with_choice(lc->text, o.name, address);
  if (!text) {
    report_error("usage", text.error().words, {}, tr("`mailtokit use` lists the choices"));
    return exit_usage;
  }
  if (auto w = open_link::write_config(*lc, *text); !w) {
    report_error("cannot_create", fill(tr("cannot write {0}"), {preview::visible(lc->path)}), files::reason(w.error()));
    return exit_cantcreat;
  }
  auto now = load_config(env);
  if (!now) return now.error();
  const auto reg = xdg::user_paths(env);
  auto c = open_link::choose(open_link::desktop_choice_inputs(*now, reg),
                             [&](std::size_t off) { return config_where(*now, off); });
  if (!c) {
    report_error("unavailable", c.error().reason, {}, c.error().advice);
    return exit_unavailable;
  }
  if (!read_as.empty()) write_stdout(read_as + "\n");
  write_stdout(fill(tr("Mail links now go to {0}."), {chosen_name(*c)}) + "\n");
  // A program mailtokit knows, named but not installed: said now, not at the next click.
  if (c->known != nullptr && !c->entry && !launch::find_program(c->known->programs.front()))
    write_stdout(fill(tr("Note: {0} is not installed here ({1} is not in PATH): mail links fail until it is."),
                      {std::string(c->known->label), std::string(c->known->programs.front())}) +
                 "\n");
  if (!launch::mailtokit_handles_mail_links(xdg::self_exe()))
    write_stdout(std::string(tr("mailtokit is not your desktop's mail link handler yet: `mailtokit register` makes it "
                                "so.")) +
                 "\n");
  return exit_ok;
}

}  // namespace

void add_use_command(CLI::App& app, context& ctx) {
  auto o = std::make_shared<use_options>();
  auto* cmd = app.add_subcommand("use", tr("Choose where drafts go: a mail program, a webmail, or a file"));
  add_help_paragraph(cmd, tr("Without a name it lists the choices on this computer and marks the current one. "
                             "Examples: mailtokit use thunderbird; mailtokit use gmail; mailtokit use roundcube "
                             "https://mail.example.org/; mailtokit use webmail 'https://mail.example.org/compose?to=%s'. "
                             "It saves the choice in the configuration file and keeps the rest of the file."));
  cmd->add_option("name", o->name, tr("a mail program, desktop:ID, a webmail, or eml"));
  cmd->add_option("address", o->address,
                  tr("for a webmail on your organization's server, its address (https://...); for `webmail`, a "
                     "template with %s where the mail link goes"));
  cmd->callback([o, &ctx] { ctx.exit_code = run_use(*o); });
}

}  // namespace mailtokit::commands
