#include "open_link/choose.hpp"

#include "cli/cli.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/plan.hpp"
#include "base/i18n.hpp"

namespace mailtokit::open_link {

using errors::config_failure;
using errors::open_failure;
using errors::open_result;

namespace {

using dispatch::target;

// A desktop entry as the choice: the program it starts when mailtokit knows it.
chosen from_entry(launch::entry e, chosen_by why) {
  chosen c;
  c.t = target::desktop;
  c.known = clients::recognize(e.id, e.exec_argv);
  c.entry = std::move(e);
  c.why = why;
  return c;
}

// The address a self-hosted webmail (or the template of `webmail`) is given: `webmail =`, checked.
open_result<std::string> webmail_address(const webmail::service& s, const xdg::config& cfg,
                                         const std::function<std::string(std::size_t)>& where) {
  if (s.kind == webmail::kind::hosted) return std::string();
  if (!cfg.webmail)
    // TRANSLATORS: {0} is a webmail's name such as roundcube; {1} an example address.
    return open_failure{exit_config,
                        fill(tr("Mail links go to {0}, but the configuration does not say where it is."),
                             {s.name}),
                        fill(tr("Give its address: mailtokit use {0} {1}"), {s.name, s.example})};
  auto checked = webmail::check_address(s, cfg.webmail->value);
  if (!checked) return config_failure(where(cfg.webmail->offset), checked.error().words);
  return std::move(*checked);
}

}  // namespace

std::string_view describe(chosen_by why) noexcept {
  switch (why) {
    case chosen_by::command_line: return tr("given with --target");
    case chosen_by::configuration: return tr("your choice (`mailtokit use` or the Mail links window)");
    case chosen_by::remembered: return tr("the mail program you used before `mailtokit register`");
    case chosen_by::desktop_default: return tr("your desktop's choice for mail links");
    case chosen_by::desktop_pick:
      return tr("the first mail program this desktop found: nobody chose it");
    case chosen_by::fallback: return tr("the first mail program found, as nothing else was chosen");
  }
  return {};
}

std::optional<target_value> parse_target_value(std::string_view value) {
  constexpr std::string_view desktop = "desktop:";
  if (value.substr(0, desktop.size()) == desktop) {
    std::string id(value.substr(desktop.size()));
    if (id.empty() || id.find('/') != std::string::npos) return std::nullopt;
    if (!id.ends_with(".desktop")) id += ".desktop";
    return target_value{target::desktop, std::move(id)};
  }
  auto t = dispatch::parse_target(value);
  if (!t) return std::nullopt;
  if (*t == target::webmail) return target_value{*t, {}, webmail::by_name(value)};
  return target_value{*t, {}};
}

// Nothing chosen: the first known program installed (graphical ones first: a browser has no
// terminal), else the draft file for whatever opens .eml files.
std::optional<chosen> first_installed(const choice_inputs& in, const std::string& gone) {
  for (const auto* k : clients::all()) {
    if (k->terminal && !in.have_terminal) continue;
    auto path = in.installed(k->programs.front());
    if (!path) continue;
    chosen c;
    c.t = k->id();
    c.known = k;
    c.why = chosen_by::fallback;
    c.program_path = *path;
    c.gone = gone;
    return c;
  }
  if (auto path = in.installed("xdg-open")) {
    chosen c;
    c.t = target::eml;
    c.why = chosen_by::fallback;
    c.program_path = *path;
    c.gone = gone;
    return c;
  }
  return std::nullopt;
}

open_result<chosen> choose(const choice_inputs& in, const std::function<std::string(std::size_t)>& where) {
  const xdg::config& cfg = *in.cfg;
  // An explicit choice: --target, else `target =`.
  auto named = [&](const target_value& v, chosen_by by) -> open_result<chosen> {
    if (v.t == target::desktop) {
      auto e = in.find_entry(v.entry_id);
      if (!e)
        return open_failure{exit_unavailable,
                            fill(tr("The desktop entry {0} is not installed."), {preview::visible(v.entry_id)}),
                            tr("Choose one of the mail programs that `mailtokit targets` lists on this desktop.")};
      return from_entry(std::move(*e), by);
    }
    chosen c;
    c.t = v.t;
    c.known = clients::by_target(v.t);
    c.why = by;
    if (v.t == target::webmail) {
      auto address = webmail_address(*v.service, cfg, where);
      if (!address) return address.error();
      c.service = v.service;
      c.webmail_address = std::move(*address);
    }
    return c;
  };
  if (!in.cli_target.empty()) {
    auto v = parse_target_value(in.cli_target);
    if (!v)
      return open_failure{exit_usage, fill(tr("unknown target '{0}' for --target"), {preview::visible(in.cli_target)}),
                          tr("use a name listed by `mailtokit open --help`, or desktop:ID from `mailtokit targets`")};
    return named(*v, chosen_by::command_line);
  }
  if (cfg.target) {
    auto v = parse_target_value(cfg.target->value);
    if (!v)
      return config_failure(where(cfg.target->offset), fill(tr("unknown target '{0}'"), {preview::visible(cfg.target->value)}));
    return named(*v, chosen_by::configuration);
  }
  // The user's own program: the one they had before `register`, looked up again now.
  std::string gone;
  if (!in.remembered.empty()) {
    if (auto e = in.find_entry(in.remembered); e && !launch::is_mailtokit(*e, in.self_exe))
      return from_entry(std::move(*e), chosen_by::remembered);
    gone = in.remembered;
  }
  // The desktop's preference, mailtokit left out.
  for (auto& e : in.handlers()) {
    if (launch::is_mailtokit(e, in.self_exe)) continue;
    const bool someones = !in.named_default || in.named_default(e.id);
    auto c = from_entry(std::move(e), someones ? chosen_by::desktop_default : chosen_by::desktop_pick);
    c.gone = gone;
    return c;
  }
  if (auto c = first_installed(in, gone)) return std::move(*c);
  std::string tried;
  for (const auto* k : clients::all()) tried += (tried.empty() ? "" : ", ") + std::string(k->name);
  return errors::fixed_elsewhere(open_failure{
      exit_unavailable,
      fill(tr("No mail program was found: the desktop has no handler for mail links, and none of {0} is installed."),
           {tried}),
      tr("Install a mail program, or choose a webmail or a draft file in the Mail links window or with mailtokit "
         "use NAME.")});
}

std::string chosen_name(const chosen& c) {
  if (c.entry) {
    const std::string name = c.known != nullptr ? std::string(c.known->label) : c.entry->name;
    return preview::visible(name) + " (" + preview::visible(c.entry->id) + ")";
  }
  if (c.known != nullptr)
    return std::string(c.known->label) + (c.program_path.empty() ? "" : " (" + preview::visible(c.program_path) + ")");
  if (c.service != nullptr && !c.webmail_address.empty() && c.service->kind == webmail::kind::self_hosted)
    // TRANSLATORS: {0} is a webmail's name, {1} its address.
    return fill(tr("{0} at {1}"), {c.service->title, preview::visible(c.webmail_address)});
  if (c.service != nullptr)
    // TRANSLATORS: {0} is a webmail's name such as Gmail.
    return fill(tr("{0} (webmail)"), {c.service->title});
  return std::string(dispatch::to_name(c.t));
}

}  // namespace mailtokit::open_link
