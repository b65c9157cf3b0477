#include "launch/runner.hpp"

#include <filesystem>
#include <optional>

#include "launch/process.hpp"
#include "xdg/drafts.hpp"

namespace mailtokit::launch {

namespace {

// The request's files, each new in its private folder (older drafts there deleted first).
mailtokit::result<std::vector<std::string>, launch_failure> write_files(const request& r, const run_options& o) {
  std::vector<std::string> written;
  for (const auto& f : r.files) {
    const std::filesystem::path p(f.path);
    const std::string dir = p.parent_path().string();
    auto failed = [&](launch_failure::what kind) {
      return launch_failure{kind, dir, 0, f.what, written};
    };
    if (!xdg::ensure_private_dir(dir)) return failed(launch_failure::what::folder);
    if (o.draft_max_age_days > 0) (void)xdg::clean_old(dir, std::chrono::hours(24) * o.draft_max_age_days);
    auto path = xdg::write_draft_named(dir, p.filename().string(), f.bytes);
    if (!path) return failed(launch_failure::what::file);
    written.push_back(std::move(*path));
  }
  return written;
}

// The program started: the entry as the desktop starts it, or the argv without a shell, in a new
// session so that closing the browser that started us does not end it. Its pid (0: D-Bus).
mailtokit::result<int, launch_failure> start_it(const request& r) {
  if (r.desktop_entry) {
    auto s = start(entry_start(r));
    if (!s) return launch_failure{launch_failure::what::start, s.error(), 0, {}, {}};
    return s->pid;
  }
  auto pid = spawn(r.argv, {false, true});
  if (!pid)
    return launch_failure{pid.error().code == errors::errc::not_found ? launch_failure::what::not_found
                                                                        : launch_failure::what::start,
                          {}, 0, {}, {}};
  return *pid;
}

}  // namespace

mailtokit::result<launched, launch_failure> run(const request& r, const run_options& o) {
  auto written = write_files(r, o);
  if (!written) return written.error();
  auto pid = start_it(r);
  if (!pid) {
    launch_failure f = pid.error();
    f.written = std::move(*written);
    return f;
  }
  // D-Bus activated entries have no pid of ours to watch.
  const std::optional<int> status =
      *pid <= 0 ? std::nullopt : o.wait ? wait_exit(*pid) : early_exit(*pid, o.early_exit);
  if (status && *status != 0) return launch_failure{launch_failure::what::exited, {}, *status, {}, std::move(*written)};
  return launched{*pid, std::move(*written)};
}

}  // namespace mailtokit::launch
