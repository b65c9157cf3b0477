#include "open/handover.hpp"

#include "base/i18n.hpp"
#include "launch/process.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/preview.hpp"
#include "open/tell.hpp"
#include "xdg/drafts.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

using program::open_failure;
using program::open_result;
using xdg::default_draft_max_age_days;

std::string json_argv(const std::vector<std::string>& argv) {
  std::string s = "[";
  for (std::size_t i = 0; i < argv.size(); ++i) {
    if (i > 0) s += ',';
    json::append_string(s, argv[i]);
  }
  return s + "]";
}

std::string json_start(const launch::start_request& s) {
  std::string j = "{\"desktop_entry\":";
  json::append_string(j, s.e->id);
  j += ",\"file\":";
  json::append_string(j, s.e->path);
  auto line = launch::exec_line(s);
  j += ",\"exec\":";
  json::append_string(j, line ? *line : s.e->exec);
  j += std::string(",\"dbus\":") + (launch::uses_dbus(s) ? "true" : "false");
  j += s.is_uri ? ",\"uris\":" : ",\"args\":";
  j += json_argv(s.args);
  return j + "}";
}

open_result<std::string> write_private(std::string_view bytes, const xdg::environment& env, const xdg::config& cfg,
                                       bool dry_run) {
  auto state = xdg::state_home(env);
  if (!state)
    return open_failure{exit_cantcreat, tr("The draft could not be written: neither XDG_STATE_HOME nor HOME is set."),
                        tr("Set HOME (or XDG_STATE_HOME) and open the link again.")};
  const std::string dir = drafts::folder_in(*state);
  if (dry_run) return dir + "/draft-0123456789abcdef0123456789abcdef.eml";
  if (!drafts::ensure_private_dir(dir))
    return open_failure{exit_cantcreat,
                        fill(tr("The private draft folder {0} could not be created."), {preview::visible(dir)}),
                        fill(tr("Check the permissions of {0}, then open the link again."), {preview::visible(*state)})};
  const unsigned days = cfg.draft_max_age_days.value_or(default_draft_max_age_days);
  if (days > 0) (void)drafts::clean_old(dir, std::chrono::hours(24) * days);
  auto path = drafts::write_draft(dir, bytes);
  if (!path)
    return open_failure{exit_cantcreat, fill(tr("The draft could not be written in {0}."), {preview::visible(dir)}),
                        fill(tr("Check the free space and the permissions of {0}, then open the link again."),
                             {preview::visible(dir)})};
  return std::move(*path);
}

namespace {

// The one tail of every hand-over: the started program (`pid`) watched, its exit status when
// waited for (--wait), else whether it failed within early_exit_window; a failure is reported
// with the draft kept and `advice`.
int watch(int pid, const std::string& name, const std::string& advice, const handover_options& o,
          const std::function<std::string()>& kept, const desktop_ui& ui) {
  const std::optional<int> status = o.wait ? launch::wait_exit(pid) : launch::early_exit(pid, early_exit_window);
  if (!status || *status == 0) return exit_ok;
  // In words first, what it means for the user; the status after them, for whoever looks into it.
  return report(program::fixed_elsewhere(
                    {exit_unavailable,
                     fill(o.wait ? tr("{0} ended with an error, so the message may not have been sent "
                                      "(exit status {1}).")
                                 : tr("{0} did not open the message: it stopped at once and reported an error "
                                      "(exit status {1})."),
                          {name, std::to_string(*status)}),
                     advice}),
                kept(), ui);
}

}  // namespace

int start_entry(const open_plan& plan, const draft& d, const std::string& body_path, const handover_options& o,
                const std::function<std::string()>& kept, const desktop_ui& ui, const std::vector<std::string>& files) {
  auto req = open_start(plan, d, body_path, files);
  if (!req) return report(req.error(), kept(), ui);
  if (o.dry_run) {
    print_stdout(json_start(*req) + "\n");
    return exit_ok;
  }
  const std::string name = chosen_name(plan.choice);
  const std::string advice = fill(tr("Check that {0} opens on its own, or choose where mail goes in the Mail links window or "
                                    "with mailtokit use NAME."),
                                 {name});
  auto s = launch::start(*req);
  if (!s)
    return report(program::fixed_elsewhere({exit_unavailable,
                                            fill(tr("{0} could not be started: {1}."), {name, preview::visible(s.error())}),
                                            advice}),
                  kept(), ui);
  // D-Bus activated entries have no pid of ours to watch.
  return s->pid > 0 ? watch(s->pid, name, advice, o, kept, ui) : exit_ok;
}

int start_program(const std::vector<std::string>& argv, const handover_options& o,
                  const std::function<std::string()>& kept, const desktop_ui& ui) {
  if (o.dry_run) {
    print_stdout(json_argv(argv) + "\n");
    return exit_ok;
  }
  const std::string client = preview::visible(argv.front());
  const std::string advice =
      fill(tr("Check that {0} opens on its own, or choose where mail goes in the Mail links window or with "
              "mailtokit use NAME."), {client});
  // Without a shell, in a new session, so that closing the browser that started us does not end it.
  auto pid = launch::spawn(argv, {false, true});
  if (!pid) {
    return report(program::fixed_elsewhere({exit_unavailable,
                                            pid.error().code == program::errc::not_found
                                                ? fill(tr("{0} could not be started: it was not found in PATH."), {client})
                                                : fill(tr("{0} could not be started."), {client}),
                                            advice}),
                  kept(), ui);
  }
  return watch(*pid, client, advice, o, kept, ui);
}

}  // namespace mailtokit::open_link
