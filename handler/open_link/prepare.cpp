#include "open_link/prepare.hpp"

#include <algorithm>

#include "base/i18n.hpp"
#include "clients/client.hpp"
#include "mailtokit/preview.hpp"
#include "xdg/drafts.hpp"
#include "xdg/exec_line.hpp"

namespace mailtokit::open_link {

using dispatch::target;
using errors::open_failure;
using errors::open_result;

namespace {

// A mail program that cannot be given this draft: the code and byte on stderr, words on the
// desktop.
open_failure handover_failure(std::string_view client, const errors::error& e) {
  const bool address = e.code == errc::invalid_address;
  const std::string name(client);
  open_failure f{address ? exit_dataerr : exit_software, name + ": " + describe(e),
                 tr("Choose where mail goes in the Mail links window or with mailtokit use NAME.")};
  f.another_program = true;
  f.shown = address ? fill(tr("{0} cannot be given an address of this link safely."), {name})
                    : fill(tr("{0} cannot be given this draft."), {name});
  return f;
}

// The path of a file of the request ("" when none was asked for).
std::string path_of(const launch::request& files, std::string_view what) {
  for (const auto& f : files.files)
    if (f.what == what) return f.path;
  return {};
}

// The URI a program is given: Claws Mail's socket form when the plan made one.
std::string uri_of(const open_plan& p) { return p.claws_uri.empty() ? p.uri : p.claws_uri; }

// ---- the descriptors ----------------------------------------------------------------------

bool is_webmail(const open_plan& p) { return p.t == target::webmail; }
bool is_desktop(const open_plan& p) { return p.t == target::desktop; }
bool is_custom(const open_plan& p) { return p.t == target::custom; }
bool is_eml(const open_plan& p) { return p.t == target::eml; }
bool is_program(const open_plan& p) { return clients::by_target(p.t) != nullptr; }

// A webmail: the browser, given the compose link as it is given any link; or, with no entry for
// https links, x-www-browser.
open_result<launch::request> webmail_request(const open_plan& p, const draft&, launch::request r,
                                             const prepare_inputs&) {
  r.target = std::string(p.choice.service != nullptr ? p.choice.service->name : "webmail");
  if (p.browser) {
    r.name = chosen_name(p.choice);
    r.desktop_entry = p.browser;
    r.args = {p.webmail_link};
    return r;
  }
  r.argv = {p.browser_program, p.webmail_link};
  r.name = preview::visible(p.browser_program);
  return r;
}

// A desktop entry: the program's hand-over (clients/, or the clean URI for a program mailtokit
// does not know) with every URI in dispatch::desktop_safe_uri() form, and the terminal for a
// Terminal=true entry.
open_result<launch::request> desktop_request(const open_plan& p, const draft& d, launch::request r,
                                             const prepare_inputs& in) {
  if (!p.choice.entry) return open_failure{exit_software, tr("There is no desktop entry to start."), ""};
  r.target = "desktop";
  r.name = chosen_name(p.choice);
  r.desktop_entry = p.choice.entry;
  r.terminal = p.terminal;
  const clients::client* known = p.choice.known;
  if (known == nullptr || known->hand == nullptr) {
    r.args = {uri_of(p)};
    return r;
  }
  auto h = known->hand({&d, uri_of(p), path_of(r, "body")});
  if (!h) return handover_failure(known->name, h.error());
  if (h->is_uri && !h->args.empty()) h->args.front() = dispatch::desktop_safe_uri(h->args.front());
  if (!in.attachments.empty() && known->attach != nullptr) known->attach(*h, d, in.attachments);
  r.args = std::move(h->args);
  r.is_uri = h->is_uri;
  if (!r.is_uri) r.option_before = std::string(known->direct_option);
  return r;
}

// The configured command, its %u the clean URI and its %f the draft file.
open_result<launch::request> custom_request(const open_plan& p, const draft&, launch::request r,
                                            const prepare_inputs& in) {
  auto expanded = exec_line::expand_exec(p.custom, {p.uri, path_of(r, "draft"), "mailtokit", ""});
  if (!expanded)
    return errors::config_failure(in.r->config_where(in.r->cfg->command->offset + expanded.error().offset),
                                   tr("command: the link or the draft's file name cannot be passed to this command "
                                      "safely"));
  r.target = "custom";
  r.argv = std::move(*expanded);
  r.name = preview::visible(r.argv.front());
  return r;
}

// The draft file, opened by the desktop's program for it.
open_result<launch::request> eml_request(const open_plan&, const draft&, launch::request r, const prepare_inputs&) {
  r.target = "eml";
  r.argv = {std::string(dispatch::program(target::eml)), path_of(r, "draft")};
  r.name = r.argv.front();
  return r;
}

// A mail program mailtokit knows, started directly: its hand-over (handler/clients/<name>.cpp),
// after the terminal prefix for a terminal program.
open_result<launch::request> program_request(const open_plan& p, const draft& d, launch::request r,
                                             const prepare_inputs& in) {
  const std::string uri = uri_of(p), body_file = path_of(r, "body");  // argv_inputs holds views of them
  dispatch::argv_inputs argv_in;
  argv_in.uri = uri;
  argv_in.body_file = body_file;
  argv_in.d = &d;
  argv_in.terminal = p.terminal;
  argv_in.attachments = in.attachments;
  auto built = dispatch::client_argv(p.t, argv_in);
  const clients::client* k = clients::by_target(p.t);
  if (!built && built.error().code == errc::invalid_address && k != nullptr && !k->address_refused.empty()) {
    return errors::fixed_elsewhere(open_failure{
        exit_dataerr, fill(tr(k->address_refused.data()), {std::to_string(built.error().offset + 1)}),
        tr("Choose where mail goes in the Mail links window or with mailtokit use NAME.")});
  }
  if (!built) return handover_failure(dispatch::to_name(p.t), built.error());
  r.target = std::string(dispatch::to_name(p.t));
  r.argv = std::move(*built);
  r.terminal = p.terminal;
  r.name = preview::visible(r.argv.front());
  return r;
}

// A file of the request, named in the drafts folder (a fixed name under --dry-run).
open_result<launch::file_to_write> private_file(std::string what, std::string bytes, const prepare_inputs& in) {
  if (in.drafts_dir.empty())
    return open_failure{exit_cantcreat, tr("The draft could not be written: neither XDG_STATE_HOME nor HOME is set."),
                        tr("Set HOME (or XDG_STATE_HOME) and open the link again.")};
  std::string name = "draft-0123456789abcdef0123456789abcdef.eml";
  if (!in.dry_run) {
    auto fresh = xdg::new_draft_name();
    if (!fresh)
      return open_failure{exit_cantcreat, fill(tr("The draft could not be written in {0}."), {preview::visible(in.drafts_dir)}),
                          fill(tr("Check the free space and the permissions of {0}, then open the link again."),
                               {preview::visible(in.drafts_dir)})};
    name = std::move(*fresh);
  }
  return launch::file_to_write{std::move(what), in.drafts_dir + "/" + name, std::move(bytes)};
}

// The files the plan needs: the draft file, Claws Mail's body file.
open_result<launch::request> files_for(const open_plan& p, const draft& d, const prepare_inputs& in) {
  launch::request r;
  r.activation_token = in.activation_token;
  if (p.wants_file) {
    auto bytes = draft_bytes(d, in.co);
    if (!bytes) return bytes.error();
    auto f = private_file("draft", std::move(*bytes), in);
    if (!f) return f.error();
    r.files.push_back(std::move(*f));
  }
  if (p.body_file) {
    auto f = private_file("body", dispatch::claws_body_text(*d.body), in);
    if (!f) return f.error();
    r.files.push_back(std::move(*f));
  }
  return r;
}

}  // namespace

const std::vector<target_descriptor>& descriptors() {
  static const std::vector<target_descriptor> all = {
      {"webmail", is_webmail, webmail_request}, {"desktop", is_desktop, desktop_request},
      {"custom", is_custom, custom_request},    {"eml", is_eml, eml_request},
      {"program", is_program, program_request},
  };
  return all;
}

open_result<launch::request> prepare_launch(const open_plan& p, const draft& d, const prepare_inputs& in) {
  const auto& all = descriptors();
  const auto it = std::find_if(all.begin(), all.end(), [&](const target_descriptor& t) { return t.takes(p); });
  if (it == all.end()) return open_failure{exit_software, tr("There is no desktop entry to start."), ""};
  auto files = files_for(p, d, in);
  if (!files) return files.error();
  return it->prepare(p, d, std::move(*files), in);
}

}  // namespace mailtokit::open_link
