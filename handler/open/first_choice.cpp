#include "open/first_choice.hpp"

#include "ask/dialog.hpp"
#include "base/files.hpp"
#include "base/i18n.hpp"

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
    o.label = place_label(p);
    o.icon = !p.icon.empty()                         ? p.icon
             : p.what == place::kind::webmail      ? "web-browser"
             : p.what == place::kind::organization ? "network-server"
                                                   : "";
    if (p.what == place::kind::organization) o.example = p.example;
    o.chosen = !current.empty() && p.name == current;
    if (o.chosen && !o.example.empty()) o.address = std::string(current_address);
    out.push_back(std::move(o));
  }
  return out;
}

ask::request chooser_request(const std::vector<place>& here, std::string_view problem) {
  ask::request r;
  r.title = tr("mailtokit: where should mail links go?");
  r.headline = tr("Where do you write your mail?");
  if (!problem.empty()) r.findings.push_back(std::string(problem));
  r.findings.push_back(tr("A mail link was clicked, and nothing on this computer says where mail is written. "
                          "Choose once: mailtokit remembers it, and `mailtokit use` or \"Mail links\" in your "
                          "applications changes it."));
  r.icon = "mail-send";
  r.groups.push_back({std::string(chooser_group), tr("Where mail links go")});
  r.options = place_options(here);
  r.buttons = {{"cancel", tr("Cancel")}, {std::string(chooser_button), tr("Use this")}};
  r.default_id = std::string(chooser_button);
  return r;
}

first_choice ask_first_choice(const xdg::loaded_config& lc, const std::string& ask_program) {
  const auto here = places();
  std::string problem;
  for (int round = 0; round < 5; ++round) {
    const auto r = chooser_request(here, problem);
    const auto a = ask::ask_window(r, ask_program);
    if (a.what == ask::window_answer::how::failed) return {};
    const std::string name = a.chosen(chooser_group);
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

}  // namespace mailtokit::open_link
