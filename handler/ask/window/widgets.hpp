// mailtokit-ask's widgets that every part of the window uses: plain-text labels, framed lists
// that scroll, the screen's work area, mnemonics. Everything shown is plain text: labels are set
// with gtk_label_set_text(), never as markup.
#pragma once

#include <gtk/gtk.h>

#include <string>
#include <utility>

#include "ask/display_text.hpp"

namespace mailtokit::ask::window {

// What the main part shows at most (the program already bounds its text; these hold for any
// input): code points per label, findings listed (the rest are counted; Details has them all).
inline constexpr glong max_label_chars = 400;
inline constexpr glong max_recipient_chars = 8000;  // 20 addresses of up to 254 characters, and the words
inline constexpr std::size_t max_findings = 6;
// Pixels: the main part at most (it scrolls beyond), the list of files at most (it scrolls
// too), the details' view when open. With the buttons and margins, the window stays under 800
// pixels high; on a smaller screen each part takes its share of the screen's work area.
inline constexpr gint max_main_height = 420;
inline constexpr gint max_files_height = 220;
inline constexpr gint details_height = 200;

// The work area of the monitor the window opens on (the screen without panels); 1280x800 when
// it cannot be told.
GdkRectangle work_area();

// `text` cut to `max` code points, with an ellipsis (valid UTF-8 in and out).
std::string clipped(const display_text& text, glong max = max_label_chars);

// A wrapped, left-aligned plain-text label.
GtkWidget* text_label(const display_text& text, glong max = max_label_chars);

// A bold label (a heading), `scale` larger (1.0: as large as the text).
GtkWidget* bold_label(const display_text& text, double scale = 1.0);

// A list a screen reader names `name` (a box of rows), inside a framed view that takes its natural
// height up to `max_height` pixels and scrolls beyond: the files, and each group of choices.
// Returns the view and the list in it.
std::pair<GtkWidget*, GtkWidget*> scrolling_list(const std::string& name, gint max_height);

// Return or keypad Enter on a check box gives the default button (as in a text field), rather
// than toggling the box back. A "key-press-event" handler.
gboolean enter_is_default(GtkWidget* w, GdkEventKey* e, gpointer);

// `label` with its underscores doubled and a mnemonic mark before the first letter no earlier
// label took ("Open _as it is"), so every button has its Alt+letter; `used` gathers the letters.
std::string with_mnemonic(const std::string& label, std::string& used);

}  // namespace mailtokit::ask::window
