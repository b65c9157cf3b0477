/// The files a send-by-email request asks to attach: vetted, offered in the question when they
/// may be, and the ticked ones copied for the hand-over (issues 23 and 35).
#pragma once

#include <string>
#include <vector>

#include "ask/answer.hpp"
#include "ask/file_offer.hpp"
#include "ask/policy.hpp"
#include "attach/attachments.hpp"
#include "mailtokit/draft.hpp"
#include "open_link/plan.hpp"
#include "open_link/session.hpp"
#include "xdg/config.hpp"

namespace mailtokit::open_link {

/// What a request asks to attach, vetted, and whether the question can offer it.
struct file_request {
  std::vector<attachments::vetted_file> files;
  std::string why_not;                       // why no file is offered; empty when they are
  bool from_link = false;                    // a link asked: why_not is the one reason for every file
  std::vector<std::string> lost_with_files;  // what the program loses when it is given files
  ask::file_offer offer;                          // the files part of the question (empty: none offered)
};

/// The files offered and what became of them.
struct offered_files {
  std::vector<std::string> handed;  // private copies handed over (or empty: nothing attached)
  std::vector<std::string> told;    // what the user is told about the files
};

/// What decides whether files may be offered at all, besides the files and who asked.
struct offer_rules {
  bool from_command = false;  ///< `send --attach`: the command line asked, not a link
  bool strict = false;        ///< strict = yes or --strict: no file
  ask::confirm_mode mode = ask::confirm_mode::risky;  ///< confirm = never: no file (attaching needs an answer)
  bool dry_run = false;       ///< --dry-run attaches nothing
};

/// What a request asks to attach: the attach= and attachment= fields the policy dropped
/// (xdg-email --attach writes attach=, the Email portal's GTK backend attachment=), and the files
/// `send --attach` names (`from_command`).
[[nodiscard]] std::vector<attachments::request> attach_requests(const draft& d,
                                                                const std::vector<std::string>& from_command);
/// The requested files, vetted (never-attached kinds refused whatever the answer), and the files
/// part of the question when they can be offered: never when a link in a browser or another
/// program asked, under strict, confirm = never or --dry-run, when the program takes no files, or
/// when nobody who can show them can be asked (only mailtokit-ask and the terminal ask about files).
[[nodiscard]] file_request request_files(const draft& d, const std::vector<std::string>& from_command,
                                         const open_plan& plan, const offer_rules& rules, const ask::ask_context& ctx,
                                         const desktop_ui& ui, const xdg::environment& env,
                                         const xdg::config& limits);
/// The files ticked in the answer `a`, copied (private, from the descriptor that was judged) into
/// `copies_dir` for the hand-over or, for a draft file, read into the draft; every other file told
/// and why.
[[nodiscard]] offered_files attach_ticked(draft& d, file_request& r, const ask::answer& a, const open_plan& plan,
                                          const std::string& copies_dir);
/// Where the private copies of files to attach go: $XDG_RUNTIME_DIR/mailtokit when the session
/// has one outside hidden folders (emptied at logout; copies older than `days` deleted), else
/// `drafts_dir`.
[[nodiscard]] std::string attach_dir(const std::string& drafts_dir, unsigned days, bool dry_run);

}  // namespace mailtokit::open_link
