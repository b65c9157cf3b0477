/// What `mailtokit open` shows besides the question itself: the answer's types and limits, the
/// dialog programs' text rules (zenity, yad, kdialog), the failure report, the notifications and
/// the files part of the question. The question is ask/question.hpp (its words: risks.hpp,
/// notice.hpp, details.hpp), its front ends dialog.hpp (mailtokit-ask and the dialog programs),
/// terminal.hpp and window/ (mailtokit-ask itself). Every text is display_text; the builders are
/// pure (unit tests).
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ask/display_text.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/preview.hpp"
#include "ask/policy.hpp"
#include "base/errors.hpp"
#include "attach/attachments.hpp"
#include "base/i18n.hpp"

namespace mailtokit::ask {

/// The user's answer. Anything but an explicit choice (closing the window, a timeout, a failed
/// dialog program, end of input on the terminal) is `cancel`.
enum class choice { open, open_without_bcc, cancel };

/// How much of the link the question shows, so that no link can make it unreadable.
struct text_limits {
  std::size_t line_chars = 240;   ///< code points per line; the rest is counted, not shown
  std::size_t draft_lines = 120;  ///< lines of the draft (as `mailtokit preview` shows it)
  std::size_t part_lines = 24;    ///< lines of one part of it (the To list, the body, ...)
  std::size_t body_lines = 20;    ///< body lines within those
  /// Recipients (To, Cc and hidden copies together) the details list every one of, beyond
  /// part_lines: a draft with more offers no answer that sends to one nobody could see.
  std::size_t recipients = 100;
};

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

/// The text of yad's --text: `text` with every backslash doubled. yad 0.40 runs g_strcompress()
/// on --text even with --no-markup, which would turn a link's "\n" into a line break, "\0" into
/// the end of the question and octal escapes into any character; doubled, each
/// backslash shows as itself.
[[nodiscard]] std::string yad_text(std::string_view text);

/// `text` with a ZERO WIDTH SPACE (U+200B, a place to break a line, drawn as nothing) after each
/// `every` code points that stand without a space or line break between them. zenity and yad
/// wrap their text only between words, so a long unbreakable subject or address widened their
/// window past the screen, with the buttons.
[[nodiscard]] std::string breakable(std::string_view text, std::size_t every = 40);

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
[[nodiscard]] display_text failure_text(const program::open_failure& f, std::string_view kept_draft);
/// How to choose another mail program in plain words, for a failure that another program would fix
/// (open_failure::another_program) shown where there is no button for it: a dialog program's
/// window, a notification.
[[nodiscard]] display_text choose_hint();
/// argv of the failure window: an error dialog, markup off.
[[nodiscard]] std::vector<std::string> failure_argv(dialog_program p, const display_text& text);
/// argv of a notify-send call: summary and body, markup in the body escaped (Desktop
/// Notifications Specification, "Markup"), at most `max_lines` lines of `lines` (each clipped to
/// `line_chars`) then a count.
[[nodiscard]] std::vector<std::string> notify_argv(const display_text& summary,
                                                   const std::vector<display_text>& lines, bool critical,
                                                   std::size_t max_lines = 8, std::size_t line_chars = 157);


// ---- files a request asks to attach (issues 23 and 35) ------------------------------------------

/// A file the question offers: a check box in mailtokit-ask, a number on the terminal; never
/// ticked to start.
struct offered_file {
  display_text name;   ///< shown_file_name() of its name
  display_text about;  ///< where it is, its size and its type, on one line
};

/// The files part of the question, asked with the link's risks in one window or one prompt.
/// Only mailtokit-ask and the terminal show it: with kdialog 22.12 and yad, Return attached in
/// a test, and zenity cannot show check boxes and the link's choices in one window.
struct file_offer {
  display_text intro;                ///< who asks to attach how many files, for which program
  display_text advice;               ///< a link must never send files: tick only what you asked to send
  std::vector<offered_file> files;   ///< every file that can be attached (at most attach_max_files)
  std::vector<display_text> notes;   ///< each file never attached and why; what attaching loses
};

/// The user's answer to the question: the choice, and the files ticked (indexes into
/// file_offer::files; empty unless the files were shown and ticked).
struct answer {
  choice what = choice::cancel;
  std::vector<std::size_t> files;
  bool files_shown = false;  ///< the files were in the question that was answered
};

/// The files part for `files` (vet_all()'s result): who asks (`asker`, e.g. "xdg-email (for
/// soffice.bin)", or empty when unknown), each file that may be attached (its name, folder, size
/// and type), each file that is never attached and why, and what `program` loses when it is
/// given files (`lost_with_files`, one sentence each). Every text is display_text. Empty `files` in the result when no file may be attached.
[[nodiscard]] file_offer offer_text(const std::vector<attachments::vetted_file>& files, std::string_view asker,
                                    std::string_view program, const std::vector<std::string>& lost_with_files = {});
/// A file's name as the questions show it: visible(), inside a first-strong isolate (U+2068 ...
/// U+2069) so a right-to-left name cannot reorder the line, and when longer than `max` characters
/// cut in the middle, keeping its beginning and its last 16 characters (its real ending).
[[nodiscard]] display_text shown_file_name(std::string_view name, std::size_t max = 80);
/// Who gets the message, one line per field: "To: ...", "Cc: ...", and "Hidden copy (Bcc), which
/// the others do not see: ...", each address visible() and bidi-isolated; at most 20 addresses a
/// field, then how many more. Empty when the message has no recipient.
[[nodiscard]] std::vector<display_text> recipient_lines(const draft& d);

}  // namespace mailtokit::ask
