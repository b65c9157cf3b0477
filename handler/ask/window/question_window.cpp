#include "ask/window/question_window.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "ask/window/caller.hpp"
#include "ask/window/files_part.hpp"
#include "ask/window/widgets.hpp"
#include "base/i18n.hpp"

namespace mailtokit::ask::window {

namespace {

// The window: titled, above the others, an alert for screen readers.
GtkWidget* new_dialog(const request& q) {
  GtkWidget* dialog = gtk_dialog_new();
  const std::string title = q.title.empty() ? tr("mailtokit: check this link before it opens") : q.title.str();
  gtk_window_set_title(GTK_WINDOW(dialog), title.c_str());
  gtk_window_set_resizable(GTK_WINDOW(dialog), FALSE);
  gtk_window_set_position(GTK_WINDOW(dialog), GTK_WIN_POS_CENTER);
  gtk_window_set_keep_above(GTK_WINDOW(dialog), TRUE);
  gtk_window_set_icon_name(GTK_WINDOW(dialog), q.icon.empty() ? "dialog-warning" : q.icon.c_str());
  AtkObject* dialog_a11y = gtk_widget_get_accessible(dialog);
  // The question is an alert; the chooser and the settings window are dialogs.
  atk_object_set_role(dialog_a11y, q.options.empty() ? ATK_ROLE_ALERT : ATK_ROLE_DIALOG);
  atk_object_set_name(dialog_a11y, title.c_str());
  return dialog;
}

// The heading: bold, larger, with the heading role screen readers jump to; then the findings
// (max_findings of them, the rest counted).
void add_heading_and_findings(const request& q, GtkBox* column) {
  GtkWidget* heading = bold_label(q.headline, PANGO_SCALE_LARGE);
  AtkObject* heading_a11y = gtk_widget_get_accessible(heading);
  atk_object_set_role(heading_a11y, ATK_ROLE_HEADING);
  atk_object_set_name(heading_a11y, q.headline.c_str());
  gtk_box_pack_start(column, heading, FALSE, FALSE, 0);
  std::size_t shown = 0, more = 0;
  for (const auto& f : q.findings) {
    if (f == q.headline) continue;  // said once, as the heading
    if (shown == max_findings) {
      ++more;
      continue;
    }
    ++shown;
    GtkWidget* finding = text_label(display_text::ours("\u2022 ") + f);
    atk_object_set_name(gtk_widget_get_accessible(finding), clipped(f).c_str());  // read without the bullet
    gtk_box_pack_start(column, finding, FALSE, FALSE, 0);
  }
  if (more > 0) {
    // xgettext:c-format
    gchar* line =
        g_strdup_printf(ntr("%lu more finding: see Details.", "%lu more findings: see Details.", more),
                        static_cast<unsigned long>(more));
    gtk_box_pack_start(column, text_label(display_text::ours(line)), FALSE, FALSE, 0);
    g_free(line);
  }
}

// Who gets the message, every address the program sent (at most 20 a field, then a count):
// never cut, the main part scrolls instead.
void add_recipients(const request& q, GtkBox* column) {
  if (q.recipients.empty()) return;
  gtk_box_pack_start(column, text_label(display_text::ours(tr("The message goes to:"))), FALSE, FALSE, 0);
  for (const auto& r : q.recipients) {
    GtkWidget* line = text_label(r, max_recipient_chars);
    gtk_widget_set_margin_start(line, 12);
    gtk_box_pack_start(column, line, FALSE, FALSE, 0);
  }
}

// The whole draft behind "Details", in a view of its own height.
void add_details(const request& q, GtkBox* right) {
  if (q.details.empty()) return;
  GtkWidget* expander = gtk_expander_new_with_mnemonic(tr("_Details"));
  GtkWidget* scrolled = gtk_scrolled_window_new(nullptr, nullptr);
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_shadow_type(GTK_SCROLLED_WINDOW(scrolled), GTK_SHADOW_IN);
  gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(scrolled), FALSE);
  gtk_widget_set_size_request(scrolled, -1, details_height);
  GtkWidget* view = gtk_text_view_new();
  gtk_text_view_set_editable(GTK_TEXT_VIEW(view), FALSE);
  gtk_text_view_set_cursor_visible(GTK_TEXT_VIEW(view), FALSE);
  gtk_text_view_set_monospace(GTK_TEXT_VIEW(view), TRUE);
  gtk_text_view_set_wrap_mode(GTK_TEXT_VIEW(view), GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin(GTK_TEXT_VIEW(view), 6);
  gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(view)), q.details.c_str(),
                           static_cast<gint>(q.details.size()));
  atk_object_set_name(gtk_widget_get_accessible(view), tr("Details"));
  gtk_container_add(GTK_CONTAINER(scrolled), view);
  gtk_container_add(GTK_CONTAINER(expander), scrolled);
  gtk_box_pack_start(right, expander, TRUE, TRUE, 0);
}

// Centred as if the details were open, so that opening them keeps the window on the screen.
void place(const request& q, GtkWidget* dialog) {
  gint width = 0, height = 0;
  gtk_window_get_size(GTK_WINDOW(dialog), &width, &height);
  const GdkRectangle area = work_area();
  const gint tall = height + (q.details.empty() ? 0 : details_height + 12);
  gtk_window_move(GTK_WINDOW(dialog), area.x + std::max(0, (area.width - width) / 2),
                  area.y + std::max(0, (area.height - tall) / 2));
}

}  // namespace

// The body: the icon, then the heading, findings, recipients and choices at their natural size;
// only a question taller than its share of the screen (which the program never writes) scrolls,
// so that the buttons stay on a 1280x800 screen whatever the input; the files; the details.
void question_window::add_body(GtkWidget* dialog) {
  const request& q = q_;
  GtkWidget* content = gtk_dialog_get_content_area(GTK_DIALOG(dialog));
  GtkWidget* row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 18);
  gtk_container_set_border_width(GTK_CONTAINER(row), 18);
  GtkWidget* icon = gtk_image_new_from_icon_name(q.icon.empty() ? "dialog-warning" : q.icon.c_str(), GTK_ICON_SIZE_DIALOG);
  gtk_widget_set_valign(icon, GTK_ALIGN_START);
  gtk_box_pack_start(GTK_BOX(row), icon, FALSE, FALSE, 0);
  GtkWidget* right = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10);
  gtk_box_pack_start(GTK_BOX(row), right, TRUE, TRUE, 0);
  gtk_box_pack_start(GTK_BOX(content), row, TRUE, TRUE, 0);
  GtkWidget* main_part = gtk_scrolled_window_new(nullptr, nullptr);
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(main_part), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  // A part that scrolls shows its scroll bar, not GTK's overlay one that appears only on hover
  // (a question whose hidden copy was below the fold looked complete).
  gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(main_part), FALSE);
  gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(main_part), TRUE);
  gtk_scrolled_window_set_propagate_natural_width(GTK_SCROLLED_WINDOW(main_part), TRUE);
  const gint screen = work_area().height;
  gtk_scrolled_window_set_max_content_height(
      GTK_SCROLLED_WINDOW(main_part), std::min(max_main_height, screen * (q.files.empty() ? 45 : 30) / 100));
  gtk_box_pack_start(GTK_BOX(right), main_part, FALSE, FALSE, 0);
  GtkWidget* column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10);
  gtk_container_add(GTK_CONTAINER(main_part), column);
  add_heading_and_findings(q, GTK_BOX(column));
  add_recipients(q, GTK_BOX(column));
  if (!q.files.empty()) file_boxes_ = add_files(q, GTK_BOX(right), screen);
  if (!q.options.empty() || !q.toggles.empty()) choices_.add(q, GTK_BOX(right), screen);
  if (!q.choices.empty()) {
    const display_text choices = display_text::join(q.choices, display_text::ours("\n"));
    gtk_box_pack_start(GTK_BOX(q.files.empty() ? column : right), text_label(choices), FALSE, FALSE, 6);
  }
  add_details(q, GTK_BOX(right));
}

// The buttons in the order given; the safe one is the default and has the focus, so Enter gives
// it, and it looks preferred. Escape and closing the window give GTK_RESPONSE_DELETE_EVENT.
void question_window::add_buttons(GtkWidget* dialog) {
  const request& q = q_;
  std::string used = "d";  // Alt+D opens the details
  GtkWidget* safe = nullptr;
  for (std::size_t i = 0; i < q.buttons.size(); ++i) {
    GtkWidget* b = gtk_dialog_add_button(GTK_DIALOG(dialog), with_mnemonic(q.buttons[i].label.str(), used).c_str(),
                                         static_cast<gint>(i));
    if (q.buttons[i].id == q.default_id) safe = b;
  }
  for (std::size_t i = 0; i < q.buttons.size(); ++i)
    if (q.buttons[i].id == q.default_id) gtk_dialog_set_default_response(GTK_DIALOG(dialog), static_cast<gint>(i));
  gtk_widget_show_all(dialog);
  std::vector<GtkWidget*> controls = file_boxes_;
  for (GtkWidget* c : choices_.controls()) controls.push_back(c);
  GtkWidget* any_button = gtk_dialog_get_widget_for_response(GTK_DIALOG(dialog), 0);
  guard_.watch(dialog, any_button != nullptr ? gtk_widget_get_parent(any_button) : nullptr, std::move(controls), safe,
               [this](bool usable) { choices_.set_usable(usable); });
  if (safe == nullptr) return;
  choices_.set_default(safe);
  // The button row keeps the same distance from the window's edges as the text.
  GtkWidget* row_of_buttons = gtk_widget_get_parent(safe);
  gtk_widget_set_margin_start(row_of_buttons, 18);
  gtk_widget_set_margin_end(row_of_buttons, 18);
  gtk_widget_set_margin_bottom(row_of_buttons, 18);
  // The safe answer is also the one that looks preferred (GNOME HIG: "suggested action").
  gtk_style_context_add_class(gtk_widget_get_style_context(safe), GTK_STYLE_CLASS_SUGGESTED_ACTION);
  gtk_widget_set_can_default(safe, TRUE);
  gtk_widget_grab_default(safe);
  gtk_widget_grab_focus(safe);
}

int question_window::run() {
  const request& q = q_;
  GtkWidget* dialog = new_dialog(q);
  add_body(dialog);
  add_buttons(dialog);
  place(q, dialog);
  // A failure report or a notice (ask/dialog.hpp failure_request(), notice_request(): the error
  // and information icons) waits for no answer: no notice that a mail link is waiting.
  if (q.icon != "dialog-error" && q.icon != "dialog-information") unseen_.watch(dialog);
  watch_caller(dialog);
  const gint response = gtk_dialog_run(GTK_DIALOG(dialog));
  unseen_.end();
  if (caller_gone()) return 1;  // answered in the moment mailtokit went: the answer goes nowhere
  // A response below 0 (Escape, closed, destroyed: the widgets may be gone) ticks nothing.
  if (response < 0 || static_cast<std::size_t>(response) >= q.buttons.size()) {
    if (response != GTK_RESPONSE_NONE) gtk_widget_destroy(dialog);
    return 1;
  }
  const auto& button = q.buttons[static_cast<std::size_t>(response)];
  // Read before the widgets go; the choices go only with the default button.
  const std::vector<std::size_t> files = ticked(file_boxes_);
  const std::vector<std::string> choices =
      button.id == q.default_id ? choices_.answer_lines() : std::vector<std::string>();
  gtk_widget_destroy(dialog);
  std::printf("%s\n", button.id.c_str());
  for (const std::size_t i : files) std::printf("file %zu\n", i);
  for (const auto& line : choices) std::printf("%s\n", line.c_str());
  return std::fflush(stdout) == 0 ? 0 : 1;
}

}  // namespace mailtokit::ask::window
