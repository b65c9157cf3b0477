/// The dialog programs (zenity, yad, kdialog) and their text rules: which one the desktop has,
/// and text in the form each shows as it is (Qt rich text, yad's escapes, places to break a
/// long word). Pure (unit tests); the question they show is ask/dialog.hpp.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace mailtokit::ask {

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

/// `s` with the characters that XML-like markup reads escaped (& < > "): Qt rich text and
/// notification bodies (Desktop Notifications Specification, "Markup").
[[nodiscard]] std::string markup_escaped(std::string_view s);

}  // namespace mailtokit::ask
