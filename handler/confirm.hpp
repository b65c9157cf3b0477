/// What the desktop user sees from `mailtokit open`: the question before a risky draft opens
/// (a dialog program, or the terminal), the failure report, and the notifications. The text and
/// argv builders are pure (unit tests); ask_*() and show_*() run the programs.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"
#include "open_plan.hpp"
#include "runtime/attachments.hpp"
#include "runtime/i18n.hpp"

namespace mailtokit::cli {

/// The user's answer. Anything but an explicit choice (closing the window, a timeout, a failed
/// dialog program, end of input on the terminal) is `cancel`.
enum class choice { open, open_without_bcc, cancel };

/// How much of the link the question shows, so that no link can make it unreadable.
struct text_limits {
  std::size_t line_chars = 240;   ///< code points per line; the rest is counted, not shown
  std::size_t draft_lines = 120;  ///< lines of the draft (as `mailtokit preview` shows it)
  std::size_t part_lines = 24;    ///< lines of one part of it (the To list, the body, ...)
  std::size_t body_lines = 20;    ///< body lines within those
};

/// `s` cut to `max` code points with " ... (N more characters)" after it; valid UTF-8 in, valid
/// UTF-8 out (cuts between code points).
[[nodiscard]] std::string clip(std::string_view s, std::size_t max);

/// A dialog program: "zenity", "yad" or "kdialog".
enum class dialog_program { zenity, yad, kdialog };
/// The desktop's dialog program, as xdg-utils picks its tools: on a Qt desktop (an entry of
/// the colon-separated XDG_CURRENT_DESKTOP is "KDE" or "LXQt") kdialog, then zenity, then yad;
/// elsewhere zenity (GNOME's, GTK), then yad (a zenity fork), then kdialog. nullopt when none
/// is installed.
[[nodiscard]] std::optional<dialog_program> choose_dialog(
    std::string_view current_desktop, const std::function<bool(std::string_view)>& installed);

/// `text` as Qt rich text that shows exactly `text`: "<qt>", each character that Qt reads as
/// markup escaped (& < > "), line breaks kept (white-space: pre-wrap) and lines longer than 80
/// code points broken (so the message box knows its height and scrolls), then "</qt>". At most
/// `max_bytes` bytes (whole lines are left out, with a count), because kdialog takes its text as
/// one argument (Linux: at most 128 KiB).
[[nodiscard]] std::string qt_text(std::string_view text, std::size_t max_bytes = 96 * 1024);

/// The title of the question window (tests look for it).
inline constexpr std::string_view question_title = "mailtokit: check this link before it opens";
/// The title of the failure window (English; shown through tr()).
inline constexpr std::string_view failure_title = N_("mailtokit: the link was not opened");


/// Why a link could not be read, in plain words for the failure dialog and notification (no
/// code, offset or RFC): one sentence per kind of library error.
[[nodiscard]] std::string refusal_words(mailtokit::errc code);

/// Whether the library refused an input for one of its size limits (length, recipients, fields,
/// encoded words, parts, nesting) rather than for how it is written: such a link gets other
/// advice, and its sentence in refusal_words() says "more ... than mailtokit accepts".
[[nodiscard]] bool is_size_limit(mailtokit::errc code) noexcept;

/// The failure report's text: the reason (`shown` when set), what to do, and where the draft
/// was kept.
[[nodiscard]] std::string failure_text(const open_failure& f, std::string_view kept_draft);
/// argv of the failure window: an error dialog, markup off.
[[nodiscard]] std::vector<std::string> failure_argv(dialog_program p, std::string_view text);
/// argv of a notify-send call: summary and body, markup in the body escaped (Desktop
/// Notifications Specification, "Markup"), at most `max_lines` lines of `lines` (each clipped to
/// `line_chars`) then a count.
[[nodiscard]] std::vector<std::string> notify_argv(std::string_view summary,
                                                   const std::vector<std::string>& lines, bool critical,
                                                   std::size_t max_lines = 8, std::size_t line_chars = 157);


// ---- files a request asks to attach (issue 23) ------------------------------------------------

/// The title of the attachment question (tests look for it; English, shown through tr()).
inline constexpr std::string_view attach_title = N_("mailtokit: attach these files?");
/// The two answers; "Don't attach" is the default (Enter, Escape, closing the window).
inline constexpr std::string_view label_attach = N_("Attach");
inline constexpr std::string_view label_dont_attach = N_("Don't attach");

/// The attachment question's text, for people: who asks (`asker`, e.g. "xdg-email (a program on
/// your desktop)", or empty when unknown), each file that may be attached (its name, folder,
/// size and type), each file that is never attached and why, what the program loses when it is
/// given files (`lost_with_files`, one sentence each), and what each answer does. Every name went
/// through preview::visible() and clip().
[[nodiscard]] std::string attach_question_text(const std::vector<attachments::vetted_file>& files,
                                               std::string_view asker, std::string_view program,
                                               const std::vector<std::string>& lost_with_files = {},
                                               const draft* to_whom = nullptr);
/// A file's name as the questions show it: visible(), inside a first-strong isolate (U+2068 ...
/// U+2069) so a right-to-left name cannot reorder the line, and when longer than `max` characters
/// cut in the middle, keeping its beginning and its last 16 characters (its real ending).
[[nodiscard]] std::string shown_file_name(std::string_view name, std::size_t max = 80);
/// argv of the attachment question: a yes/no question, markup off or escaped. Only zenity's is
/// asked (`open` never asks about files with kdialog or yad): two buttons, "Don't attach" first
/// (it has the focus), and only the printed label "Attach" attaches, so Return, keypad Enter,
/// Space, Escape and closing or destroying the window do not (tests/gui/consent_keys_test.py).
/// kdialog 22.12 opens --warningyesno with the focus on the first button ("Attach"), and yad's
/// Return gave the first button too, whatever the code comments here once said (issue 35).
[[nodiscard]] std::vector<std::string> attach_question_argv(dialog_program p, std::string_view text);
/// True only for the explicit "Attach" answer: zenity printed the "Attach" label (`out`, its
/// standard output; it exits 1 after a button of --switch), kdialog exited 0, yad 2. A crash, a
/// destroyed window, Escape or any other status is "Don't attach".
[[nodiscard]] bool parse_attach_answer(dialog_program p, int status, std::string_view out = {});
/// A line typed on the terminal: "a"/"attach" attach; "", "n", "no", "d" do not; nullopt: ask again.
[[nodiscard]] std::optional<bool> parse_attach_typed(std::string_view line);
/// Ask with `p` (true: attach). Any failure is "Don't attach".
[[nodiscard]] bool ask_attach_dialog(dialog_program p, const std::string& text);
/// Ask on the terminal (stderr and stdin); end of input is "Don't attach".
[[nodiscard]] bool ask_attach_terminal(const std::string& text);

}  // namespace mailtokit::cli
