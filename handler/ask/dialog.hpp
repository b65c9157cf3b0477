/// The question `open` asks before a risky draft, on the desktop: in mailtokit-ask, the
/// program's own GTK window (handler/ask/window/), else in the desktop's dialog program (zenity, yad,
/// kdialog) with the safe answer where Enter lands. The argv, input and answer builders are pure
/// (unit tests: tests/handler/ask/dialog_test.cpp); find_ask() and ask_dialog() look and run.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ask/format.hpp"
#include "ask/answer.hpp"
#include "ask/dialog_text.hpp"
#include "ask/failure.hpp"
#include "ask/question.hpp"

namespace mailtokit::ask {

/// The id of a choice's button, as mailtokit-ask prints it: "open", "open_without_bcc",
/// "cancel".
[[nodiscard]] std::string_view id_of(choice c) noexcept;
/// The choice whose id is `id` (a line end after it is ignored); cancel for anything else.
[[nodiscard]] choice choice_of(std::string_view id) noexcept;
/// mailtokit-ask's answer from what it printed: the chosen button's id on the first line, then
/// "file N" for each file ticked (N counts from 0). A file only goes with an opening choice, and
/// only a number below `offered`; any other line makes the answer cancel.
[[nodiscard]] answer answer_of(std::string_view out, std::size_t offered);
/// The question as mailtokit-ask takes it (handler/ask/format.hpp): the same words, the
/// buttons in the same order with their ids, the safe one as the default.
[[nodiscard]] ask::request ask_request(const question& q);

/// Where mailtokit-ask is: `env_override` ($MAILTOKIT_ASK) when set; else the mailtokit-ask next
/// to the running program `self_exe` (the build tree); else `installed_path` (the libexec
/// directory). The first that `executable` accepts; nullopt when none is.
[[nodiscard]] std::optional<std::string> find_ask(std::string_view self_exe, const char* env_override,
                                                  std::string_view installed_path,
                                                  const std::function<bool(const std::string&)>& executable);
/// find_ask() with the real environment and access(X_OK): $MAILTOKIT_ASK, else the first of
/// base/paths.hpp's ask_candidates() (beside the program, ../libexec/mailtokit/, the configured path).
[[nodiscard]] std::optional<std::string> find_ask(std::string_view self_exe);

/// The question in one text for a dialog program without a heading or an expander: the
/// headline, the findings (one "- " line each) and what each choice does; no details.
[[nodiscard]] display_text question_summary(const question& q);
/// The label of the extra button that shows the details in the dialog programs, in the user's
/// language.
[[nodiscard]] display_text details_label();

/// argv of the question in a dialog program, for when mailtokit-ask is missing (or cannot run).
/// Return, keypad Enter and space never give a risky answer; Escape and closing the window are
/// always Cancel (tests/gui/consent_question_keys_test.py presses each in each program, with
/// Debian 12's zenity 3.44, yad 0.40 and kdialog 22.12):
/// - zenity: `--question --switch`, every button an extra button (it prints its label), the safe
///   one first, which zenity focuses, then the others and "Details"; markup off. Exit 0 (zenity
///   gives it when another program destroys the window) is Cancel.
/// - yad: the safe button exits 0 (the one Enter gives), the others 10, 11, ..., Details 20;
///   Escape and closing exit 252; markup off.
/// - kdialog: Return gives the focused button, which Qt makes the first of the row, and the row's
///   order is the desktop's: Yes, No, Cancel on KDE (and with no desktop set), Cancel, No, Yes on
///   GNOME and XFCE. So only No may open something risky: --warningyesnocancel with Yes = the
///   safe button, No = the other one; when the safe answer is Cancel, Yes = Cancel, No = the first
///   button that opens, and Cancel (two Cancel buttons); Cancel alone, --sorry with its one button
///   named Cancel. Escape and closing exit 2, Cancel. The text is qt_text() of the summary and the
///   details.
[[nodiscard]] std::vector<std::string> question_argv(dialog_program p, const question& q);
/// argv showing `details_file` as plain text (zenity, yad: --text-info), for the Details button.
[[nodiscard]] std::vector<std::string> details_argv(dialog_program p, std::string_view details_file);
/// The answer to question_argv(p, q) from the dialog's exit status and standard output; nullopt
/// when the Details button was pressed (show the details, then ask again).
[[nodiscard]] std::optional<choice> parse_answer(dialog_program p, const question& q, int status,
                                                 std::string_view out);

/// Ask `q` in mailtokit-ask (`ask_program`) and wait for the answer; when it is missing or
/// cannot run (no display, bad input), in the dialog program `fallback`. A private temporary
/// file (0600) holds the question. Anything but a chosen button is cancel. Only mailtokit-ask
/// shows the files (`q.files`); a dialog program is asked without them, and its answer says
/// `files_shown = false`. A dialog program cannot carry the input guard, so it is asked
/// unguarded_question(): a risky question without its risky answers. mailtokit-ask gets a
/// lifeline (launch::run_capture()): its window closes when this process ends.
[[nodiscard]] answer ask_dialog(const question& q, const std::optional<std::string>& ask_program,
                                std::optional<dialog_program> fallback);

// ---- the choices: the chooser of a first click and the settings window ----------------

/// What the window said of a request with choices.
struct window_answer {
  enum class how { chosen, closed, failed } what = how::failed;  ///< failed: it could not run
  std::string button;                                ///< the button pressed (chosen)
  std::vector<std::pair<std::string, std::string>> choose;   ///< group, option
  std::vector<std::pair<std::string, std::string>> address;  ///< group, text
  std::vector<std::pair<std::string, bool>> toggles;         ///< toggle, on
  /// The option chosen in `group` (empty when none), and its address.
  [[nodiscard]] std::string chosen(std::string_view group) const;
  [[nodiscard]] std::string address_of(std::string_view group) const;
  [[nodiscard]] std::optional<bool> toggle(std::string_view id) const;
};
/// mailtokit-ask's answer to `r` from its exit status and output: a button's id on the first
/// line, then "toggle ID on|off", "choose GROUP ID" and "address GROUP TEXT" lines that name
/// what `r` holds; anything else (a control character in a line included) is `failed`.
[[nodiscard]] window_answer window_answer_of(const request& r, int status, std::string_view out);
/// Show `r` in mailtokit-ask and wait: 0 and the lines, 1 closed (Escape), else failed.
[[nodiscard]] window_answer ask_window(const request& r, const std::string& ask_program);

// ---- the failure window of `open` ------------------------------------------------------

/// The id of the failure window's button that opens the Mail links window.
inline constexpr std::string_view choose_button = "choose";
/// A failure of `open` (ask/failure.hpp's failure_text(): paragraphs apart by a blank line) as
/// mailtokit-ask shows it: the first paragraph as the heading, the others under it (one text), an error icon,
/// Close as the default button; with `offer_choice` (a failure another mail program would fix) a
/// button "Choose where mail goes..." before it, whose id is choose_button.
[[nodiscard]] request failure_request(const display_text& text, bool offer_choice);
/// What mailtokit changed or flagged in a link it opened, in mailtokit's window when no
/// notification could be shown: `title`, then `text` as failure_request() lays it out; Close only
/// (the information icon: it waits for no answer).
[[nodiscard]] request notice_request(const display_text& title, const display_text& text);

}  // namespace mailtokit::ask
