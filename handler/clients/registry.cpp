// The known mail programs, as their files (one each beside this one) make them known, and
// recognizing one from a desktop entry.
#include <algorithm>
#include <cstdlib>
#include <utility>

#include "clients/client.hpp"
#include "clients/common.hpp"
#include "base/i18n.hpp"
#include "launch/entries.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/percent.hpp"

namespace mailtokit::clients {

namespace {

// The registrations so far, in the order the linker happened to run the files' initializers
// (all() sorts them). A function's static: made on first use, before the first registration,
// whatever the order of the files.
struct registered {
  std::vector<const client*> programs;
  bool read = false;  // all() has been made: a registration now would be missed
};
registered& registry() {
  static registered r;
  return r;
}

using launch::basename;

const client* by_program(std::string_view name) {
  for (const client* c : all())
    if (std::find(c->programs.begin(), c->programs.end(), name) != c->programs.end()) return c;
  return nullptr;
}

const client* by_entry_id(std::string_view id) {
  // Desktop file ids are case-sensitive (Desktop Entry Specification, "Desktop File ID").
  for (const client* c : all())
    for (const auto e : c->entry_ids)
      if (id == e || (e.size() == id.size() + 8 && e.starts_with(id) && e.ends_with(".desktop"))) return c;
  return nullptr;
}

}  // namespace

registration::registration(client c) : c_(std::move(c)) {
  registered& r = registry();
  if (r.read) std::abort();
  r.programs.push_back(&c_);
}

const std::vector<const client*>& all() {
  static const std::vector<const client*> list = [] {
    registered& r = registry();
    r.read = true;
    std::vector<const client*> v = r.programs;
    std::sort(v.begin(), v.end(), [](const client* a, const client* b) {
      return a->rank != b->rank ? a->rank < b->rank : a->name < b->name;
    });
    return v;
  }();
  return list;
}

std::string list_of_names() {
  std::string out;
  for (const client* c : all()) out += (out.empty() ? "" : ", ") + std::string(c->name);
  return out;
}

const client* by_target(target t) noexcept {
  for (const client* c : all())
    if (c->name == t.name) return c;
  return nullptr;
}

const client* recognize(std::string_view entry_id, const std::vector<std::string>& exec_argv) {
  if (!entry_id.empty()) {
    if (const client* c = by_entry_id(entry_id)) return c;
  }
  const std::size_t i = launch::after_env(exec_argv);
  if (i >= exec_argv.size()) return nullptr;
  const std::string_view prog = exec_argv[i];
  if (basename(prog) == "flatpak") {
    // flatpak run [--options] APP-ID [args]: the app id is the first argument after "run" that
    // is not an option; --command=NAME names the program inside.
    const client* by_command = nullptr;
    bool run = false;
    for (std::size_t k = i + 1; k < exec_argv.size(); ++k) {
      const std::string_view a = exec_argv[k];
      if (!run) {
        run = a == "run";
        continue;
      }
      if (a.starts_with("--command=")) {
        by_command = by_program(basename(a.substr(10)));
        continue;
      }
      if (a.starts_with("-")) continue;
      if (const client* c = by_entry_id(a)) return c;
      break;
    }
    return by_command;
  }
  // Snap: /snap/bin/NAME or /snap/bin/NAME.COMMAND
  if (prog.starts_with("/snap/bin/")) {
    std::string_view name = prog.substr(10);
    if (const auto dot = name.find('.'); dot != std::string_view::npos) name = name.substr(dot + 1);
    return by_program(name);
  }
  return by_program(basename(prog));
}

void attach_in_uri(handover& h, const draft& /*d*/, const std::vector<std::string>& files) {
  if (h.args.empty()) return;
  std::string& uri = h.args.front();
  for (const auto& f : files) {
    uri += uri.find('?') == std::string::npos ? '?' : '&';
    uri += "attach=";
    uri += percent::encode(f, chars::unreserved);
  }
}

errors::result<handover> uri_only(const inputs& in) { return detail::link_after(in.uri, {}); }

std::vector<std::string> losses_of(const client& c, const draft& d) {
  std::vector<std::string> out;
  if (!c.bcc_lost.empty() && !d.bcc.empty()) out.emplace_back(tr(c.bcc_lost.data()));
  if (c.only_fields)
    for (const auto& h : d.headers)
      if (!detail::one_of(h.name, *c.only_fields))
        out.push_back(
            // TRANSLATORS: {0} is a mail program's name, {1} a header field's name such as Keywords.
            fill(tr("{0}: this client loses {1} (it does not read that field from a link)"), {c.name, h.name}));
  if (!c.spaces_changed.empty() && d.body && detail::odd_spaces(*d.body, c.doubled_spaces))
    out.emplace_back(tr(c.spaces_changed.data()));
  if (c.losses != nullptr) c.losses(d, out);
  return out;
}

}  // namespace mailtokit::clients
