// `mailtokit status` (the handler, and which mail program drafts go to and why) and `mailtokit
// targets` (the mail programs on this desktop and how each gets a draft). Both ask choose() and
// the desktop (launch/) the same questions `open` asks.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "ask/dialog.hpp"
#include "ask/policy.hpp"
#include "ask/turn.hpp"
#include "open_link/choose.hpp"
#include "clients/client.hpp"
#include "cli/cli.hpp"
#include "commands/commands.hpp"
#include "launch/entries.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/plan.hpp"
#include "clients/dispatch.hpp"
#include "launch/process.hpp"
#include "open_link/session.hpp"
#include "open_link/waiting.hpp"
#include "base/i18n.hpp"
#include "xdg/drafts.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::commands {

using ask::parse_confirm_mode;
using cli::context;
using cli::report_error;
using cli::write_stdout;
using open_link::choose;
using open_link::chosen_name;
using xdg::default_draft_max_age_days;
using xdg::loaded_config;
using xdg::registration_paths;
using xdg::remembered_handler;
using xdg::self_exe;

namespace {

namespace fs = std::filesystem;

// The columns `text` takes in a terminal (code points: a translated label).
std::size_t columns(std::string_view text) {
  std::size_t cols = 0;
  for (const char c : text) cols += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1u : 0u;
  return cols;
}

// "label:" padded to `width` columns, then `value`: one line of status's table.
void field(std::string_view indent, std::string_view label, const std::string& value, std::size_t width) {
  std::string line(indent);
  line += label;
  line += ':';
  const std::size_t cols = columns(line);
  line.append(cols < width ? width - cols : 1, ' ');
  write_stdout(line + value + "\n");
}

// The column status's values start at: after its longest label in the user's language and a
// space (at least 25), so that every value lines up however long the translations are (German's
// run to 34 columns).
std::size_t status_width() {
  std::size_t widest = 0;
  for (const char* label : {N_("default mailto: handler"), N_("user desktop file"), N_("previous handler"),
                            N_("question window"), N_("translations"), N_("configuration"), N_("confirm"),
                            N_("mail program"), N_("command"), N_("one question at a time"), N_("draft files"),
                            N_("links that waited")})
    widest = std::max(widest, columns(tr(label)) + 1);
  for (const char* label : {N_("chosen because"), N_("note"), N_("started with"), N_("webmail template"),
                            N_("opened in"), N_("refused")})
    widest = std::max(widest, columns(tr(label)) + 3);
  return std::max<std::size_t>(widest + 1, 25);
}

// How an entry (or a program started directly) gets the draft, in words.
std::string how(const launch::entry* e, const clients::client* k) {
  if (k != nullptr && k->hand != clients::uri_only && (e == nullptr || e->exec_argv.size() > 0)) {
    if (!k->gets.empty()) return tr(k->gets.data());
    return tr("its own options in place of the link");
  }
  if (e != nullptr && e->dbus) return tr("the link, over D-Bus (org.freedesktop.Application.Open)");
  return tr("the clean link");
}

std::string entry_line(const launch::entry& e) {
  std::string s = e.exec.empty() ? std::string(tr("(D-Bus only)")) : preview::visible(e.exec);
  if (e.terminal) s += std::string(" ") + tr("(in a terminal)");
  return s;
}

// The mail program that gets the links, why, and what is said of it.
void mail_program_fields(const xdg::loaded_config& lc, const std::optional<xdg::registration_paths>& reg,
                         std::size_t width) {
  auto c = choose(open_link::desktop_choice_inputs(lc, reg), [&](std::size_t o) { return config_where(lc, o); });
  if (!c) {
    field("", tr("mail program"), fill(tr("none: {0}"), {preview::visible(c.error().reason)}), width);
  } else {
    field("", tr("mail program"), chosen_name(*c), width);
    field("  ", tr("chosen because"), std::string(describe(c->why)), width);
    // Nothing chosen and nothing before `register`: a click on the desktop asks first.
    if (!lc.cfg.target && reg && xdg::registered_without_previous(*reg))
      field("  ", tr("note"),
            tr("nothing is chosen yet: on the desktop, the next mail link asks where mail goes "
               "(`mailtokit use` or \"Mail links\" choose now)"), width);
    if (c->entry) field("  ", tr("started with"), entry_line(*c->entry), width);
    if (c->service != nullptr && c->service->kind == webmail::kind::any)
      field("  ", tr("webmail template"), preview::visible(c->webmail_address), width);
    if (c->service != nullptr)
      if (auto b = launch::browser())
        // TRANSLATORS: {0} is a web browser's name and desktop entry id.
        field("  ", tr("opened in"),
              fill(tr("the browser the link is clicked in, else {0}"),
                   {preview::visible(b->name) + " (" + preview::visible(b->id) + ")"}), width);
    if (!c->gone.empty())
      field("  ", tr("note"),
            fill(tr("{0}, the program you used before, is no longer installed"), {preview::visible(c->gone)}), width);
    if (c->entry)
      if (auto sh = launch::shell_wrapper(c->entry->exec_argv))
        field("  ", tr("refused"),
              fill(tr("its Exec hands the link to `{0}`; choose another with `mailtokit use`"), {*sh}), width);
  }
}

int run_status() {
  const std::size_t width = status_width();
  const auto env = xdg::environment::current();
  const auto reg = user_paths(env);
  if (!reg) {
    report_error("usage", tr("HOME (or the XDG_*_HOME variables) must be set to an absolute path"));
    return exit_usage;
  }
  std::string current = tr("(none)");
  auto handlers = launch::mailto_handlers();
  if (!handlers.empty()) current = handlers.front().id;
  std::error_code ec;
  const bool registered = fs::exists(reg->desktop_file, ec);
  field("", tr("default mailto: handler"),
        preview::visible(current) + (xdg::is_own_id(current) ? " (mailtokit)" : ""), width);
  field("", tr("user desktop file"),
        registered ? preview::visible(reg->desktop_file)
                   : fill(tr("{0} (not installed)"), {preview::visible(reg->desktop_file)}), width);
  const std::string previous = remembered_handler(*reg);
  if (registered || !previous.empty())
    field("", tr("previous handler"),
          fill(tr("{0} (restored by `mailtokit unregister`)"),
               {previous.empty() ? std::string(tr("(none)")) : preview::visible(previous)}), width);
  {
    const auto window = ask::find_ask(self_exe());
    field("", tr("question window"),
          window ? preview::visible(*window)
                 : std::string(tr("not found: a mail link cannot ask where mail goes, and a risky link is asked "
                                  "in a plainer window, or not at all")), width);
    const auto& catalogs = catalogs_dir();
    field("", tr("translations"),
          !catalogs.empty() ? preview::visible(catalogs) : std::string(tr("not found: messages are in English")), width);
  }
  auto lc = load_config(env);
  if (!lc) return lc.error();
  {
    const std::string path = lc->path.empty() ? std::string(tr("(no HOME)")) : preview::visible(lc->path);
    field("", tr("configuration"), lc->exists ? path : fill(tr("{0} (not present: defaults)"), {path}), width);
  }
  field("", tr("confirm"),
        !lc->cfg.confirm ? std::string(tr("risky (default)"))
        : parse_confirm_mode(lc->cfg.confirm->value)
            ? preview::visible(lc->cfg.confirm->value)
            : fill(tr("{0} (unknown!)"), {preview::visible(lc->cfg.confirm->value)}), width);
  mail_program_fields(*lc, reg, width);
  if (lc->cfg.command) field("", tr("command"), preview::visible(lc->cfg.command->value), width);
  // Where one question at a time is kept (ask/turn.hpp): the runtime folder, else a private
  // temporary folder; without either, questions can stack.
  const std::string turn = ask::turn_dir();
  field("", tr("one question at a time"),
        !turn.empty() ? fill(tr("kept in {0}"), {preview::visible(turn)})
                      : std::string(tr("off: no private folder for it ($XDG_RUNTIME_DIR/mailtokit or "
                                       "$TMPDIR/mailtokit-UID); questions from several links can open at once")), width);
  if (auto state = xdg::state_home(env)) {
    const auto days = lc->cfg.draft_max_age_days.value_or(default_draft_max_age_days);
    field("", tr("draft files"),
          fill(ntr("{0} (deleted after {1} day)", "{0} (deleted after {1} days)", days),
               {preview::visible(xdg::folder_in(*state)), std::to_string(days)}), width);
  }
  // The links a page's flood put aside (open_link/waiting.hpp), said where the user looks first.
  if (reg) {
    const auto n = open_link::list_waiting(open_link::waiting_dir(reg->state_dir)).size();
    if (n > 0)
      field("", tr("links that waited"),
            fill(ntr("{0} link, not opened (mailtokit waiting)", "{0} links, not opened (mailtokit waiting)", n),
                 {std::to_string(n)}), width);
  }
  return exit_ok;
}

int run_targets() {
  const auto env = xdg::environment::current();
  const std::string me = self_exe();
  write_stdout(std::string(tr("Mail programs on this desktop (for mail links), in your desktop's order:")) + "\n");
  std::size_t n = 0;
  for (const auto& e : launch::mailto_handlers()) {
    if (launch::is_mailtokit(e, me)) continue;
    ++n;
    const auto* k = clients::recognize(e.id, e.exec_argv);
    write_stdout("  desktop:" + preview::visible(e.id.ends_with(".desktop") ? e.id.substr(0, e.id.size() - 8) : e.id) + "\n");
    field("    ", tr("name"), e.hidden ? fill(tr("{0} (not shown in menus)"), {preview::visible(e.name)})
                                    : preview::visible(e.name), 13);
    field("    ", tr("starts"), entry_line(e), 13);
    if (auto sh = launch::shell_wrapper(e.exec_argv)) {
      field("    ", tr("gets"), fill(tr("nothing: its Exec hands the link to `{0}`, so mailtokit refuses it"), {*sh}), 13);
      continue;
    }
    field("    ", tr("gets"), how(&e, k), 13);
    field("    ", tr("known"),
          k != nullptr ? std::string(k->label) + ": " + tr(k->notes.data()) : std::string(tr("no (it gets the clean link)")),
          13);
  }
  if (n == 0) write_stdout("  " + std::string(tr("(none)")) + "\n");
  write_stdout("\n" + std::string(tr("Known mail programs installed (`mailtokit use NAME` starts them directly):")) + "\n");
  std::size_t m = 0;
  for (const auto* k : clients::all()) {
    auto path = launch::program_path(k->programs.front());
    if (!path) continue;
    ++m;
    write_stdout("  " +
        (k->terminal ? fill(tr("{0} ({1}), in a terminal"), {k->name, preview::visible(*path)})
                     : std::string(k->name) + " (" + preview::visible(*path) + ")") +
        "\n");
  }
  if (m == 0) write_stdout("  " + std::string(tr("(none)")) + "\n");
  write_stdout("\n" + std::string(tr("Also: a webmail in your browser (`mailtokit use` lists them: gmail, outlook, roundcube, "
                                     "...), eml (the draft file),\ncustom (`command =`), desktop:ID (one of the "
                                     "entries above).")) +
               "\n");
  auto lc = load_config(env);
  if (lc) {
    const auto reg = user_paths(env);
    if (auto c = choose(open_link::desktop_choice_inputs(*lc, reg), [&](std::size_t o) { return config_where(*lc, o); }))
      write_stdout("\n" + fill(tr("Drafts go to: {0} ({1})"), {chosen_name(*c), describe(c->why)}) + "\n");
  }
  return lc ? exit_ok : lc.error();
}

}  // namespace

void add_status_commands(CLI::App& app, context& ctx) {
  app.add_subcommand("status", tr("Print the mailto: handler, and which mail program drafts go to and why"))
      ->callback([&ctx] { ctx.exit_code = run_status(); });
  auto* targets = app.add_subcommand("targets", tr("List the mail programs on this desktop and how each gets a draft"));
  auto json = std::make_shared<bool>(false);
  targets->add_flag("--json", *json, tr("print every target mailtokit knows as one JSON object instead (for scripts)"));
  targets->callback([&ctx, json] {
    if (*json) write_stdout(dispatch::targets_json() + "\n");
    ctx.exit_code = *json ? exit_ok : run_targets();
  });
}

}  // namespace mailtokit::commands
