#include "open_link/launched.hpp"

#include <filesystem>

#include "base/i18n.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::open_link {

using errors::open_failure;
using what = launch::launch_failure::what;

open_failure launch_failure_words(const launch::request& r, const launch::launch_failure& f, bool waited) {
  const std::string& name = r.name;
  const std::string advice = fill(tr("Check that {0} opens on its own, or choose where mail goes in the Mail links window or "
                                     "with mailtokit use NAME."),
                                  {name});
  switch (f.kind) {
    case what::folder: {
      // The folder is the state folder's mailtokit/drafts (xdg::folder_in()).
      const std::string state = std::filesystem::path(f.detail).parent_path().parent_path().string();
      return open_failure{exit_cantcreat,
                          fill(tr("The private draft folder {0} could not be created."), {preview::visible(f.detail)}),
                          fill(tr("Check the permissions of {0}, then open the link again."), {preview::visible(state)})};
    }
    case what::file:
      return open_failure{exit_cantcreat, fill(tr("The draft could not be written in {0}."), {preview::visible(f.detail)}),
                          fill(tr("Check the free space and the permissions of {0}, then open the link again."),
                               {preview::visible(f.detail)})};
    case what::not_found:
      return errors::fixed_elsewhere(
          {exit_unavailable, fill(tr("{0} could not be started: it was not found in PATH."), {name}), advice});
    case what::start:
      return errors::fixed_elsewhere(
          {exit_unavailable,
           r.desktop_entry ? fill(tr("{0} could not be started: {1}."), {name, preview::visible(f.detail)})
                           : fill(tr("{0} could not be started."), {name}),
           advice});
    case what::exited: break;
  }
  // In words first, what it means for the user; the status after them, for whoever looks into it.
  return errors::fixed_elsewhere(
      {exit_unavailable,
       fill(waited ? tr("{0} ended with an error, so the message may not have been sent (exit status {1}).")
                   : tr("{0} did not open the message: it stopped at once and reported an error (exit status {1})."),
            {name, std::to_string(f.status)}),
       advice});
}

std::string written_draft(const launch::request& r, const launch::launch_failure& f) {
  for (const auto& file : r.files)
    if (file.what == "draft")
      for (const auto& w : f.written)
        if (w == file.path) return w;
  return {};
}

}  // namespace mailtokit::open_link
