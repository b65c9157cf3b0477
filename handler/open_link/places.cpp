#include "open_link/places.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>

#include "base/files.hpp"
#include "base/i18n.hpp"
#include "clients/client.hpp"
#include "launch/entries.hpp"
#include "launch/process.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/choose.hpp"
#include "xdg/config.hpp"

namespace mailtokit::open_link {

std::vector<place> places() {
  std::vector<place> out;
  const std::string me = xdg::self_exe();
  std::vector<const clients::client*> seen;
  for (const auto& e : launch::mailto_handlers()) {
    if (launch::is_mailtokit(e, me)) continue;
    const std::string id = e.id.ends_with(".desktop") ? e.id.substr(0, e.id.size() - 8) : e.id;
    out.push_back({"desktop:" + id, e.name, e.icon, place::kind::program, {}, e.terminal});
    if (const auto* k = clients::recognize(e.id, e.exec_argv)) seen.push_back(k);
  }
  for (const auto* k : clients::all()) {
    if (std::find(seen.begin(), seen.end(), k) != seen.end()) continue;
    if (launch::find_program(k->programs.front()))
      out.push_back({std::string(k->name), std::string(k->label),
                     k->terminal ? std::string("utilities-terminal") : std::string(k->programs.front()),
                     place::kind::program, {}, k->terminal});
  }
  for (const auto* s : webmail::all())
    out.push_back({std::string(s->name), std::string(s->title), {},
                   s->kind == webmail::kind::hosted ? place::kind::webmail : place::kind::organization,
                   std::string(s->example), false});
  out.push_back({"eml", tr("Save the draft as a file"), "document-save", place::kind::file, {}, false});
  // Where people write mail first: the desktop's own mail programs, then the webmails a browser
  // user wants (no scrolling past every terminal program installed), then the other programs,
  // the organizations' webmails, the file.
  const auto rank = [](const place& p) {
    switch (p.what) {
      case place::kind::program: return p.name.starts_with("desktop:") && !p.terminal ? 0 : 2;
      case place::kind::webmail: return 1;
      case place::kind::organization: return 3;
      case place::kind::file: return 4;
    }
    return 4;
  };
  std::stable_sort(out.begin(), out.end(), [&rank](const place& a, const place& b) { return rank(a) < rank(b); });
  return out;
}

mailtokit::result<std::string, webmail::problem> with_choice(const std::string& config_text, std::string_view name,
                                                            std::string_view address) {
  using problem = webmail::problem;
  const auto v = parse_target_value(name);
  if (!v) return problem{fill(tr("unknown choice '{0}'"), {preview::visible(name)})};
  if (v->t == dispatch::target::custom)
    return problem{tr("custom needs the command line of your mail program: write `target = custom` and `command "
                      "= ...` in the configuration file (man mailtokit.conf)")};
  if (v->t == dispatch::target::desktop && !launch::find(v->entry_id))
    return problem{fill(tr("the desktop entry {0} is not installed"), {preview::visible(v->entry_id)})};
  std::string text = xdg::with_value(config_text, "target", std::string(name));
  if (v->service != nullptr && v->service->kind != webmail::kind::hosted) {
    if (address.empty())
      return problem{fill(tr("{0} needs the address of your webmail, for example: mailtokit use {0} {1}"),
                          {v->service->name, v->service->example})};
    auto checked = webmail::check_address(*v->service, address);
    if (!checked) return checked.error();
    text = xdg::with_value(text, "webmail", *checked);
  } else if (!address.empty()) {
    return problem{fill(tr("{0} takes no address (only a webmail on your organization's own server does)"),
                        {preview::visible(name)})};
  } else {
    text = xdg::without_key(text, "webmail");  // an earlier choice's address would only mislead
  }
  if (auto parsed = xdg::parse_config(text); !parsed)
    return problem{fill(tr("the configuration would not be readable: {0}"), {parsed.error().words})};
  return text;
}

errors::result<void> write_config(const xdg::loaded_config& lc, const std::string& text) {
  std::error_code ec;
  std::string path = lc.path;
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    // A configuration kept elsewhere (a dotfiles folder) and linked here stays where it is: the
    // link's file is rewritten, beside itself, and the link is kept. A link to nothing is
    // refused: its target cannot be known to be the user's file.
    const auto target = std::filesystem::canonical(path, ec);
    if (ec) return errors::fail(errors::errc::io_error, ENOENT);
    path = target.string();
  }
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  unsigned mode = 0644;
  if (lc.exists && ::stat(path.c_str(), &st) == 0) mode = st.st_mode & 0777;
  return files::write_atomic(AT_FDCWD, path, text, {.mode = mode});
}

}  // namespace mailtokit::open_link
