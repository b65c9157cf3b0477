#include "open_link/first_choice.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>

#include "ask/notify.hpp"
#include "ask/dialog.hpp"
#include "base/files.hpp"
#include "base/i18n.hpp"
#include "open_link/session.hpp"
#include "open_link/tell.hpp"
#include "xdg/drafts.hpp"

namespace mailtokit::open_link {

std::string place_label(const place& p) {
  switch (p.what) {
    case place::kind::program: return p.terminal ? fill(tr("{0}, in a terminal"), {p.label}) : p.label;
    // TRANSLATORS: {0} is a webmail's name, such as Gmail.
    case place::kind::webmail: return fill(tr("{0}, in your browser"), {p.label});
    case place::kind::organization:
      if (p.name == "webmail") return tr("Another webmail, by a link template with %s");
      // TRANSLATORS: {0} is the name of a webmail an organization runs on its own server, such as Roundcube.
      return fill(tr("Your organization's {0}"), {p.label});
    case place::kind::file: return p.label;
  }
  return p.label;
}

std::vector<ask::option> place_options(const std::vector<place>& here, std::string_view current,
                                       std::string_view current_address) {
  std::vector<ask::option> out;
  for (const auto& p : here) {
    if (out.size() == ask::max_options - 4) break;  // room for the settings window's other group
    ask::option o;
    o.group = std::string(chooser_group);
    o.id = p.name;
    o.label = ask::display_text::from_link(place_label(p), 200);
    o.icon = !p.icon.empty()                         ? p.icon
             : p.what == place::kind::webmail      ? "web-browser"
             : p.what == place::kind::organization ? "network-server"
                                                   : "";
    if (p.what == place::kind::organization) o.example = ask::display_text::from_link(p.example, 200);
    o.chosen = !current.empty() && p.name == current;
    if (o.chosen && !o.example.empty()) o.address = ask::display_text::from_link(current_address, 2048);
    out.push_back(std::move(o));
  }
  return out;
}

ask::request chooser_request(const std::vector<place>& here, std::string_view problem, std::string_view chosen,
                             std::string_view address) {
  ask::request r;
  using ask::display_text;
  r.title = display_text::ours(tr("mailtokit: where should mail links go?"));
  r.headline = display_text::ours(tr("Where do you write your mail?"));
  if (!problem.empty()) r.findings.push_back(display_text::from_link(problem, 400));
  // Plain lines, not a finding: a lone bullet before one sentence says nothing; no command syntax
  // in a window.
  r.choices.push_back(display_text::ours(tr("A mail link was clicked, and nothing on this computer says where mail is "
                                            "written. Choose once: mailtokit remembers it, and \"Mail links\" in your "
                                            "applications changes it later.")));
  r.icon = "mail-send";
  r.groups.push_back({std::string(chooser_group), display_text::ours(tr("Where mail links go")), {}});
  r.options = place_options(here, chosen, address);
  r.buttons = {{"cancel", display_text::ours(tr("Cancel"))},
               {std::string(chooser_button), display_text::ours(tr("Use this"))}};
  r.default_id = std::string(chooser_button);
  return r;
}

first_choice ask_first_choice(const xdg::loaded_config& lc, const std::string& ask_program) {
  const auto here = places();
  std::string problem, last_name, last_address;
  for (int round = 0; round < 5; ++round) {
    const auto r = chooser_request(here, problem, last_name, last_address);
    const auto a = ask::ask_window(r, ask_program);
    if (a.what == ask::window_answer::how::failed) return {};
    const std::string name = a.chosen(chooser_group);
    last_name = name;
    last_address = a.address_of(chooser_group);
    if (a.what == ask::window_answer::how::closed || a.button != chooser_button || name.empty())
      return {first_choice::how::closed, {}, {}};
    auto text = with_choice(lc.text, name, a.address_of(chooser_group));
    if (!text) {
      problem = text.error().words;
      continue;
    }
    if (auto w = write_config(lc, *text); !w)
      return {first_choice::how::not_asked, {},
              fill(tr("cannot write {0}"), {lc.path}) + ": " + files::reason(w.error())};
    return {first_choice::how::chosen, name, {}};
  }
  return {first_choice::how::closed, {}, {}};
}

std::optional<std::string> https_of_bare_host(std::string_view typed) {
  if (typed.empty() || typed.find("://") != std::string_view::npos) return std::nullopt;
  const auto slash = typed.find('/');
  const std::string_view host = typed.substr(0, slash);
  if (host.empty() || host.find('.') == std::string_view::npos || host.front() == '.' || host.back() == '.')
    return std::nullopt;
  for (const char c : host)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == ':'))
      return std::nullopt;
  for (const char c : typed.substr(host.size()))
    if (c <= ' ' || c == 0x7f || c == '\\') return std::nullopt;
  std::string out = "https://" + std::string(typed);
  if (slash == std::string_view::npos) out += '/';
  return out;
}

std::vector<std::string> missing_parts(bool window_found, bool catalogs_found) {
  std::vector<std::string> out;
  if (!window_found)
    out.push_back(tr("mailtokit's own window (mailtokit-ask) was not found: a mail link cannot ask where mail goes, "
                     "and a risky link is asked in a plainer window, or not at all. Installing mailtokit again "
                     "brings it back."));
  if (!catalogs_found && !wants_english())
    out.push_back(tr("mailtokit's translations were not found, so its messages are in English. Installing "
                     "mailtokit again brings them back."));
  return out;
}

bool wants_english() {
  std::string_view locale = "C";
  for (const char* s : {std::getenv("LC_ALL"), std::getenv("LC_MESSAGES"), std::getenv("LANG")})
    if (s != nullptr && *s != '\0') {
      locale = s;
      break;
    }
  // gettext reads LANGUAGE only when the locale is not plain C (C.UTF-8 is enough).
  if (locale == "C" || locale == "POSIX") return true;
  if (const char* l = std::getenv("LANGUAGE"); l != nullptr && *l != '\0') return std::string_view(l).starts_with("en");
  return locale.starts_with("C.") || locale.starts_with("en");
}

void tell_missing_once(const xdg::registration_paths& reg, const std::vector<std::string>& missing, bool notify) {
  const std::string told_path = reg.state_dir + "/missing-parts.told";
  if (missing.empty()) {
    (void)::unlink(told_path.c_str());
    return;
  }
  std::string text;
  for (const auto& m : missing) text += m + "\n";
  auto told = xdg::read_small_file(told_path, 16384);
  if (told && *told && **told == text) return;
  for (const auto& m : missing) print_stderr("mailtokit: " + m + "\n");
  if (notify && installed("notify-send"))
    send_notification(ask::notify_argv(ask::display_text::ours(tr("mailtokit: a part of mailtokit is missing")),
                                       ask::display_text::from_link_each(missing, 400), false, 8, 400));
  if (xdg::ensure_private_dir(reg.state_dir)) (void)files::write_atomic(AT_FDCWD, told_path, text);
}

}  // namespace mailtokit::open_link
