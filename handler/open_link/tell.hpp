/// What `open` tells the user besides the question: stderr always, a notification or an error
/// dialog on the desktop; and the draft kept when it could not be handed over.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ask/display_text.hpp"
#include "ask/notify.hpp"  // the argv send_notification() takes
#include "base/errors.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"
#include "open_link/choose.hpp"
#include "open_link/session.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

/// `s` on stderr, as it is.
void print_stderr(std::string_view s);
/// `s` on stdout, as it is.
void print_stdout(std::string_view s);
/// `argv` started detached (a new session), without a shell, its output to /dev/null (it may
/// outlive mailtokit: it must not hold the caller's pipe); not waited for.
void show(const std::vector<std::string>& argv);
/// notify-send's `argv` started detached, without a shell, not waited for; it keeps the caller's
/// output for the moment it runs (it exits once the desktop has the notification), so a caller
/// that reads that output to its end knows the notification was sent.
void send_notification(const std::vector<std::string>& argv);
/// The fields a send-by-email request puts its files in: xdg-email's attach=, the Email portal's
/// attachment= (any case).
[[nodiscard]] bool is_attach_field(std::string_view name);
/// The losses and changes (`lines`) first, then each dropped field, repair and finding, on stderr;
/// the same in plain words (notice_lines()) in one notification. With `unasked` (risky, but nobody
/// could be asked) the notification is critical.
/// When no notification can be shown (no notification server) and nobody reads stderr, the same
/// in mailtokit's own window with Close only (`failure-window --notice`), one at a time.
void tell_user(const draft& d, const std::vector<preview::finding>& findings, const desktop_ui& ui,
               std::vector<std::string> lines, std::string_view unasked = {});
/// The title of tell_user()'s notification and window: a risky link opened without asking, or
/// one mailtokit changed or flagged.
[[nodiscard]] ask::display_text notice_title(bool unasked);
/// The draft as a file in the private drafts folder, so that a failure loses nothing; "" when it
/// cannot be written.
[[nodiscard]] std::string keep_draft(const draft& d, const xdg::environment& env, const xdg::loaded_config* lc);
/// The hidden command that shows a failure of `open` in mailtokit-ask (commands/settings.cpp).
inline constexpr std::string_view failure_window_command = "failure-window";
/// argv of mailtokit (`self_exe`) showing the failure `text` in its own window, with the button
/// that opens the Mail links window when `offer_choice`; when that window cannot be shown, a
/// dialog program's, else a notification unless not `notify`. While another failure window is
/// open, none: the failure is gathered into the one notification (notify_failure()).
[[nodiscard]] std::vector<std::string> failure_window_argv(std::string_view self_exe, std::string_view text,
                                                           bool offer_choice, bool notify);
/// The failure `text` (paragraphs apart by a blank line) as a critical notification, when
/// notify-send is there. Failures while a question or a failure window is on the screen are
/// gathered: one notification, replaced by its id each time, that counts them.
void notify_failure(const ask::display_text& text);
/// A failure of `open`: stderr always; when no terminal shows stderr, the desktop: mailtokit's own
/// failure window when mailtokit-ask and a display are there, else an error dialog (both through
/// failure_window_argv(), started detached: one at a time), else a notification, saying how to
/// choose another mail program when that would fix it; where the draft was `kept`. Returns the
/// exit status.
int report(const errors::open_failure& f, const std::string& kept, const desktop_ui& ui);
/// The program the user had before `register` is gone: said once, with the program used instead.
void tell_gone_once(const xdg::registration_paths& reg, const chosen& c, bool notify);

}  // namespace mailtokit::open_link
