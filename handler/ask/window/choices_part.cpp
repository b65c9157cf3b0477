#include "ask/window/choices_part.hpp"

#include <algorithm>

#include "ask/window/widgets.hpp"
#include "base/i18n.hpp"

namespace mailtokit::ask::window {

void choices_part::add(const request& q, GtkBox* right, gint screen) {
  q_ = &q;
  add_toggles(right);
  // Each list at its natural height up to 420 pixels (half of a smaller screen), or 300 (40%)
  // when there are more; longer ones scroll, the chosen option in view.
  const gint most = q.groups.size() == 1 ? std::min(420, screen / 2) : std::min(300, screen * 40 / 100);
  for (const auto& g : q.groups) add_group(g, right, most);
  g_idle_add(show_chosen, this);
}

void choices_part::add_toggles(GtkBox* right) {
  for (const auto& t : q_->toggles) {
    GtkWidget* box = gtk_check_button_new_with_label(clipped(t.label).c_str());
    gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(box), t.on ? TRUE : FALSE);
    g_signal_connect(box, "key-press-event", G_CALLBACK(enter_is_default), nullptr);
    // Ticking or unticking greys or frees the groups it governs at once, and shows its note.
    g_signal_connect(box, "toggled", G_CALLBACK(on_change), this);
    gtk_box_pack_start(right, box, FALSE, FALSE, 0);
    toggles_.push_back(box);
    GtkWidget* note = nullptr;
    if (!t.off_note.empty()) {
      note = text_label(t.off_note);
      gtk_widget_set_margin_start(note, 28);
      gtk_widget_set_no_show_all(note, TRUE);  // update() shows it while the box is off
      gtk_box_pack_start(right, note, FALSE, FALSE, 0);
    }
    toggle_notes_.push_back(note);
  }
}

// One group's options, in a list that scrolls past `max_height` pixels.
void choices_part::add_group(const option_group& g, GtkBox* right, gint max_height) {
  GtkWidget* heading = bold_label(g.heading);
  gtk_box_pack_start(right, heading, FALSE, FALSE, 0);
  headings_.push_back(heading);
  const auto [scrolled, list] = scrolling_list(clipped(g.heading), max_height);
  GtkWidget* none = gtk_radio_button_new(nullptr);  // holds the group; never shown
  gtk_widget_set_no_show_all(none, TRUE);
  gtk_box_pack_start(GTK_BOX(list), none, FALSE, FALSE, 0);
  for (std::size_t k = 0; k < q_->options.size(); ++k)
    if (q_->options[k].group == g.id) rows_.push_back(option_row(k, none, scrolled, list));
  gtk_box_pack_start(right, scrolled, FALSE, FALSE, 0);
}

// The radio button of option `k` in `list` (its group held by `none`), and its address field.
choices_part::row choices_part::option_row(std::size_t k, GtkWidget* none, GtkWidget* scrolled, GtkWidget* list) {
  const auto& o = q_->options[k];
  row r;
  r.option = k;
  r.scrolled = scrolled;
  r.list = list;
  r.radio = gtk_radio_button_new_from_widget(GTK_RADIO_BUTTON(none));
  GtkWidget* inside = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
  // The icon when the theme has it, else an empty place of its size, so the names line up.
  GtkWidget* image = o.icon.empty() || !gtk_icon_theme_has_icon(gtk_icon_theme_get_default(), o.icon.c_str())
                         ? gtk_image_new()
                         : gtk_image_new_from_icon_name(o.icon.c_str(), GTK_ICON_SIZE_LARGE_TOOLBAR);
  gtk_image_set_pixel_size(GTK_IMAGE(image), 24);  // an icon with only large sizes is scaled down
  gtk_widget_set_size_request(image, 24, 24);
  gtk_box_pack_start(GTK_BOX(inside), image, FALSE, FALSE, 0);
  gtk_box_pack_start(GTK_BOX(inside), text_label(o.label), FALSE, FALSE, 0);
  gtk_container_add(GTK_CONTAINER(r.radio), inside);
  atk_object_set_name(gtk_widget_get_accessible(r.radio), clipped(o.label).c_str());
  gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(r.radio), o.chosen);
  g_signal_connect(r.radio, "toggled", G_CALLBACK(on_change), this);
  g_signal_connect(r.radio, "key-press-event", G_CALLBACK(enter_is_default), nullptr);
  gtk_box_pack_start(GTK_BOX(list), r.radio, FALSE, FALSE, 0);
  if (o.example.empty()) return r;
  r.entry = gtk_entry_new();
  gtk_entry_set_text(GTK_ENTRY(r.entry), o.address.c_str());
  gtk_entry_set_placeholder_text(GTK_ENTRY(r.entry), o.example.c_str());
  gtk_entry_set_activates_default(GTK_ENTRY(r.entry), TRUE);
  gtk_widget_set_margin_start(r.entry, 28);
  gtk_widget_set_no_show_all(r.entry, TRUE);
  // TRANSLATORS: {0} is a webmail's name, e.g. "Roundcube": the name of its address field.
  atk_object_set_name(gtk_widget_get_accessible(r.entry),
                      clipped(display_text::ours(tr("{0}: its address"), {o.label})).c_str());
  g_signal_connect(r.entry, "changed", G_CALLBACK(on_change), this);
  gtk_box_pack_start(GTK_BOX(list), r.entry, FALSE, FALSE, 0);
  return r;
}

void choices_part::set_default(GtkWidget* button) {
  if (q_ == nullptr) return;
  if (!q_->groups.empty()) default_ = button;  // usable once every choice is complete
  update();
}

void choices_part::set_usable(bool usable) {
  usable_ = usable;
  // ... but a group whose toggle is off stays greyed.
  if (q_ != nullptr) update();
}

std::vector<GtkWidget*> choices_part::controls() const {
  std::vector<GtkWidget*> out = toggles_;
  for (const auto& r : rows_) out.push_back(r.radio);
  return out;
}

std::vector<std::string> choices_part::answer_lines() const {
  std::vector<std::string> out;
  if (q_ == nullptr) return out;
  for (std::size_t i = 0; i < q_->toggles.size() && i < toggles_.size(); ++i)
    out.push_back("toggle " + q_->toggles[i].id +
                  (gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(toggles_[i])) ? " on" : " off"));
  for (const auto& g : q_->groups) {
    const auto i = chosen_row(g.id);
    if (!i) continue;
    out.push_back("choose " + g.id + " " + q_->options[rows_[*i].option].id);
    if (rows_[*i].entry == nullptr) continue;
    const std::string address = gtk_entry_get_text(GTK_ENTRY(rows_[*i].entry));
    // One line: a line break or other control character pasted into the field is left out
    // with the address, which is then asked for again.
    if (!address.empty() && printable_line(address)) out.push_back("address " + g.id + " " + address);
  }
  return out;
}

// Whether `group` may be changed now: no toggle governs it, or that toggle is on.
bool choices_part::group_on(const std::string& group) const {
  for (const auto& g : q_->groups) {
    if (g.id != group || g.governed_by.empty()) continue;
    for (std::size_t t = 0; t < q_->toggles.size() && t < toggles_.size(); ++t)
      if (q_->toggles[t].id == g.governed_by) return gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(toggles_[t]));
  }
  return true;
}

std::optional<std::size_t> choices_part::chosen_row(const std::string& group) const {
  for (std::size_t i = 0; i < rows_.size(); ++i)
    if (q_->options[rows_[i].option].group == group && gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(rows_[i].radio)))
      return i;
  return std::nullopt;
}

void choices_part::update() {
  bool complete = true;
  for (const auto& g : q_->groups) {
    const auto i = chosen_row(g.id);
    complete = complete && i.has_value();
    if (i && rows_[*i].entry != nullptr) complete = complete && gtk_entry_get_text_length(GTK_ENTRY(rows_[*i].entry)) > 0;
  }
  // A group whose toggle is off is greyed, radio buttons and address fields, and keeps what it
  // shows; its heading too, so that the whole part reads as waiting.
  for (const auto& r : rows_) {
    const bool live = group_on(q_->options[r.option].group);
    gtk_widget_set_sensitive(r.radio, usable_ && live);
    if (r.entry != nullptr) {
      const bool on = gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(r.radio));
      gtk_widget_set_visible(r.entry, on);
      gtk_widget_set_sensitive(r.entry, on && live);
    }
  }
  for (std::size_t i = 0; i < q_->groups.size() && i < headings_.size(); ++i)
    gtk_widget_set_sensitive(headings_[i], group_on(q_->groups[i].id));
  for (std::size_t t = 0; t < toggle_notes_.size() && t < toggles_.size(); ++t)
    if (toggle_notes_[t] != nullptr)
      gtk_widget_set_visible(toggle_notes_[t], !gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(toggles_[t])));
  if (default_ != nullptr) gtk_widget_set_sensitive(default_, complete);
}

void choices_part::on_change(GtkWidget*, gpointer self) { static_cast<choices_part*>(self)->update(); }

// Once the window is laid out: each list scrolled so that its chosen option (and its address
// field) is in view, so the settings window shows the current choice.
gboolean choices_part::show_chosen(gpointer self) {
  for (const auto& r : static_cast<choices_part*>(self)->rows_) {
    if (!gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(r.radio))) continue;
    GtkWidget* last = r.entry != nullptr ? r.entry : r.radio;
    gint top = 0, bottom = 0, x = 0;
    if (!gtk_widget_translate_coordinates(r.radio, r.list, 0, 0, &x, &top) ||
        !gtk_widget_translate_coordinates(last, r.list, 0, gtk_widget_get_allocated_height(last), &x, &bottom))
      continue;
    gtk_adjustment_clamp_page(gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(r.scrolled)), top, bottom);
  }
  return G_SOURCE_REMOVE;
}

}  // namespace mailtokit::ask::window
