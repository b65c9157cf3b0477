#include "ask/window/files_part.hpp"

#include <algorithm>
#include <string>

#include "ask/window/widgets.hpp"
#include "base/i18n.hpp"

namespace mailtokit::ask::window {

namespace {

// One file's check box: "1. name" (Alt+1 ticks the first file; from the tenth on, no number
// key), with what is said about it under it.
GtkWidget* file_box(const file& f, std::size_t i, GtkWidget* list) {
  // The number, then a left-to-right mark: the line reads left to right whatever the name's
  // script (the name itself is isolated, so it keeps its own order inside).
  std::string label = std::to_string(i + 1) + ". \u200E";
  if (i < 9) label = "_" + label;
  for (const char c : clipped(f.name)) label += c == '_' ? std::string("__") : std::string(1, c);
  GtkWidget* box = gtk_check_button_new_with_mnemonic(label.c_str());
  // The name wraps like every text: a wide one pushed the window, its buttons and the name's
  // real ending off a 1024-pixel screen.
  if (GtkWidget* name = gtk_bin_get_child(GTK_BIN(box)); GTK_IS_LABEL(name)) {
    gtk_label_set_line_wrap(GTK_LABEL(name), TRUE);
    gtk_label_set_line_wrap_mode(GTK_LABEL(name), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_max_width_chars(GTK_LABEL(name), 60);
    gtk_label_set_xalign(GTK_LABEL(name), 0.0F);
  }
  gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(box), FALSE);
  g_signal_connect(box, "key-press-event", G_CALLBACK(enter_is_default), nullptr);
  AtkObject* a11y = gtk_widget_get_accessible(box);
  atk_object_set_name(a11y, clipped(f.name).c_str());
  atk_object_set_description(a11y, f.about.c_str());
  gtk_box_pack_start(GTK_BOX(list), box, FALSE, FALSE, 0);
  GtkWidget* about = text_label(f.about);
  gtk_widget_set_margin_start(about, 28);
  gtk_style_context_add_class(gtk_widget_get_style_context(about), GTK_STYLE_CLASS_DIM_LABEL);
  gtk_box_pack_start(GTK_BOX(list), about, FALSE, FALSE, 0);
  return box;
}

}  // namespace

std::vector<GtkWidget*> add_files(const request& q, GtkBox* right, gint screen) {
  GtkWidget* part = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_pack_start(right, part, FALSE, FALSE, 0);
  gtk_box_reorder_child(right, part, 1);
  if (!q.files_intro.empty()) gtk_box_pack_start(GTK_BOX(part), text_label(q.files_intro), FALSE, FALSE, 0);
  const auto [scrolled, list] = scrolling_list(tr("Files to attach"), std::min(max_files_height, screen / 5));
  std::vector<GtkWidget*> boxes;
  for (std::size_t i = 0; i < q.files.size(); ++i) boxes.push_back(file_box(q.files[i], i, list));
  // The notes (files never attached, what attaching loses) scroll with the list.
  for (const auto& n : q.file_notes) gtk_box_pack_start(GTK_BOX(list), text_label(n), FALSE, FALSE, 4);
  gtk_box_pack_start(GTK_BOX(part), scrolled, FALSE, FALSE, 0);
  return boxes;
}

std::vector<std::size_t> ticked(const std::vector<GtkWidget*>& boxes) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < boxes.size(); ++i)
    if (gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(boxes[i]))) out.push_back(i);
  return out;
}

}  // namespace mailtokit::ask::window
