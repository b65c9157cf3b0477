// mailtokit-ask: the window `mailtokit open` asks its question in. A GTK 3 message
// dialog of our own, because zenity, yad and kdialog cannot show a heading, a "Details" expander
// and a safe default button together, nor give them their accessible roles.
//
//     mailtokit-ask FILE
//
// FILE holds the question (ask/format.hpp). Prints the chosen button's id and exits 0; exits 1
// when the window is closed or Escape pressed, 2 on bad input, 3 without a display. When its
// standard input is a pipe (mailtokit gives it one and holds the other end while it waits), the
// end of that pipe (mailtokit killed or crashed) closes the window at once, answering nothing.
// Everything shown is plain text: labels are set with gtk_label_set_text(), never as markup.

#include <fcntl.h>
#include <glib-unix.h>
#include <gtk/gtk.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ask/format.hpp"
#include "ask/input_guard.hpp"
#include "base/i18n.hpp"
#include "base/paths.hpp"

using mailtokit::i18n::fill;
using mailtokit::i18n::ntr;
using mailtokit::i18n::tr;

namespace {


// The whole file, or nullopt when it cannot be read or is longer than ask::max_input.
std::optional<std::string> read_input(const char* path) {
  const int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return std::nullopt;
  std::string text;
  char buf[65536];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0) {
      close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    if (text.size() > mailtokit::ask::max_input) break;  // decode() refuses it
  }
  close(fd);
  return text;
}

// `label` with its underscores doubled and a mnemonic mark before the first letter no earlier
// label took ("Open _as it is"), so every button has its Alt+letter.
std::string with_mnemonic(const std::string& label, std::string& used) {
  std::string out;
  bool marked = false;
  for (const char c : label) {
    const char lower = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (!marked && lower >= 'a' && lower <= 'z' && used.find(lower) == std::string::npos) {
      out += '_';
      used += lower;
      marked = true;
    }
    if (c == '_') out += '_';
    out += c;
  }
  return out;
}

// What the main part shows at most (the program already bounds its text; these hold for any
// input): code points per label, findings listed (the rest are counted; Details has them all).
constexpr glong max_label_chars = 400;
constexpr glong max_recipient_chars = 8000;  // 20 addresses of up to 254 characters, and the words
constexpr std::size_t max_findings = 6;
// Pixels: the main part at most (it scrolls beyond), the list of files at most (it scrolls
// too), the details' view when open. With the buttons and margins, the window stays under 800
// pixels high; on a smaller screen each part takes its share of the screen's work area.
constexpr gint max_main_height = 420;
constexpr gint max_files_height = 220;
constexpr gint details_height = 200;

// The work area of the monitor the window opens on (the screen without panels); 1280x800 when
// it cannot be told.
GdkRectangle work_area() {
  GdkDisplay* display = gdk_display_get_default();
  GdkMonitor* monitor = display != nullptr ? gdk_display_get_primary_monitor(display) : nullptr;
  if (monitor == nullptr && display != nullptr) monitor = gdk_display_get_monitor(display, 0);
  GdkRectangle area{0, 0, 1280, 800};
  if (monitor != nullptr) gdk_monitor_get_workarea(monitor, &area);
  if (area.height <= 0) area = {0, 0, 1280, 800};
  return area;
}

// `text` cut to `max` code points, with an ellipsis (valid UTF-8 in and out).
std::string clipped(const std::string& text, glong max = max_label_chars) {
  if (g_utf8_strlen(text.c_str(), -1) <= max) return text;
  const char* end = g_utf8_offset_to_pointer(text.c_str(), max);
  return std::string(text.c_str(), static_cast<std::size_t>(end - text.c_str())) + "\u2026";
}

// A wrapped, left-aligned plain-text label.
GtkWidget* text_label(const std::string& text, glong max = max_label_chars) {
  GtkWidget* l = gtk_label_new(nullptr);
  gtk_label_set_text(GTK_LABEL(l), clipped(text, max).c_str());
  gtk_label_set_line_wrap(GTK_LABEL(l), TRUE);
  gtk_label_set_line_wrap_mode(GTK_LABEL(l), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars(GTK_LABEL(l), 64);
  gtk_label_set_xalign(GTK_LABEL(l), 0.0F);
  gtk_label_set_selectable(GTK_LABEL(l), FALSE);
  return l;
}

// A list a screen reader names `name` (a box of rows), inside a framed view that takes its natural
// height up to `max_height` pixels and scrolls beyond: the files, and each group of choices.
std::pair<GtkWidget*, GtkWidget*> scrolling_list(const std::string& name, gint max_height) {
  GtkWidget* scrolled = gtk_scrolled_window_new(nullptr, nullptr);
  gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_shadow_type(GTK_SCROLLED_WINDOW(scrolled), GTK_SHADOW_IN);
  gtk_scrolled_window_set_overlay_scrolling(GTK_SCROLLED_WINDOW(scrolled), FALSE);  // shows that it scrolls
  gtk_scrolled_window_set_propagate_natural_height(GTK_SCROLLED_WINDOW(scrolled), TRUE);
  gtk_scrolled_window_set_propagate_natural_width(GTK_SCROLLED_WINDOW(scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height(GTK_SCROLLED_WINDOW(scrolled), max_height);
  GtkWidget* list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2);
  gtk_container_set_border_width(GTK_CONTAINER(list), 6);
  gtk_container_add(GTK_CONTAINER(scrolled), list);
  AtkObject* list_a11y = gtk_widget_get_accessible(list);
  atk_object_set_role(list_a11y, ATK_ROLE_LIST);
  atk_object_set_name(list_a11y, name.c_str());
  return {scrolled, list};
}

// The check boxes of the files, in the order given, for main() to read after the answer.
std::vector<GtkWidget*> file_boxes;

// Return or keypad Enter on a check box gives the default button (as in a text field), rather
// than toggling the box back.
gboolean enter_is_default(GtkWidget* w, GdkEventKey* e, gpointer) {
  if (e->keyval != GDK_KEY_Return && e->keyval != GDK_KEY_KP_Enter && e->keyval != GDK_KEY_ISO_Enter) return FALSE;
  GtkWidget* top = gtk_widget_get_toplevel(w);
  return GTK_IS_WINDOW(top) && gtk_window_activate_default(GTK_WINDOW(top));
}

// The files part: who asks and the advice, then one check box per file, none ticked, in a list
// that scrolls past max_files_height (or a fifth of the screen) with the notes. A box is ticked
// only by a click, Space on it after Tab, or Alt and its number: never by Return, Space or
// Escape pressed with the focus where the window opens it (on the safe button).
void add_files(const mailtokit::ask::request& q, GtkBox* right, gint screen) {
  GtkWidget* part = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_pack_start(right, part, FALSE, FALSE, 0);
  gtk_box_reorder_child(right, part, 1);
  if (!q.files_intro.empty()) gtk_box_pack_start(GTK_BOX(part), text_label(q.files_intro), FALSE, FALSE, 0);
  const auto [scrolled, list] = scrolling_list(tr("Files to attach"), std::min(max_files_height, screen / 5));
  std::string used;  // digits taken as mnemonics
  for (std::size_t i = 0; i < q.files.size(); ++i) {
    const auto& f = q.files[i];
    // "1. name": Alt+1 ticks the first file; from the tenth on, no number key.
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
    file_boxes.push_back(box);
  }
  // The notes (files never attached, what attaching loses) scroll with the list.
  for (const auto& n : q.file_notes) gtk_box_pack_start(GTK_BOX(list), text_label(n), FALSE, FALSE, 4);
  gtk_box_pack_start(GTK_BOX(part), scrolled, FALSE, FALSE, 0);
}

// The choices (the chooser of a first click, the settings window): the toggles as check boxes,
// then each group under its heading, a radio button per option (a hidden first one holds the
// group, so that none need be chosen to start), the text field of an option that takes an
// address under it, shown while it is chosen. The default button is usable once every group's
// choice is complete, so a hurried Enter chooses nothing.
struct choice_row {
  std::size_t option = 0;
  GtkWidget* radio = nullptr;
  GtkWidget* entry = nullptr;     // null: the option takes no address
  GtkWidget* scrolled = nullptr;  // the group's list, and what scrolls in it
  GtkWidget* list = nullptr;
};
std::vector<choice_row> choice_rows;
std::vector<GtkWidget*> toggle_boxes;
std::vector<GtkWidget*> toggle_notes;  // each toggle's off note (null: none), shown while it is off
std::vector<GtkWidget*> group_headings;  // in the order of q.groups
GtkWidget* choices_default = nullptr;
bool controls_usable = false;  // the input guard's state (below): the window has settled
const mailtokit::ask::request* choices_request = nullptr;  // the request, once it has choices

// Whether `group` may be changed now: no toggle governs it, or that toggle is on.
bool group_on(const mailtokit::ask::request& q, const std::string& group) {
  for (const auto& g : q.groups) {
    if (g.id != group || g.governed_by.empty()) continue;
    for (std::size_t t = 0; t < q.toggles.size() && t < toggle_boxes.size(); ++t)
      if (q.toggles[t].id == g.governed_by) return gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(toggle_boxes[t]));
  }
  return true;
}

// The chosen row of `group`, if any.
std::optional<std::size_t> chosen_row(const mailtokit::ask::request& q, const std::string& group) {
  for (std::size_t i = 0; i < choice_rows.size(); ++i)
    if (q.options[choice_rows[i].option].group == group &&
        gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(choice_rows[i].radio)))
      return i;
  return std::nullopt;
}

void update_choices(GtkWidget*, gpointer data) {
  const auto& q = *static_cast<const mailtokit::ask::request*>(data);
  bool complete = true;
  for (const auto& g : q.groups) {
    const auto i = chosen_row(q, g.id);
    complete = complete && i.has_value();
    if (i && choice_rows[*i].entry != nullptr)
      complete = complete && gtk_entry_get_text_length(GTK_ENTRY(choice_rows[*i].entry)) > 0;
  }
  // A group whose toggle is off is greyed, radio buttons and address fields, and keeps what it
  // shows; its heading too, so that the whole part reads as waiting.
  for (const auto& row : choice_rows) {
    const bool live = group_on(q, q.options[row.option].group);
    gtk_widget_set_sensitive(row.radio, controls_usable && live);
    if (row.entry != nullptr) {
      const bool on = gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(row.radio));
      gtk_widget_set_visible(row.entry, on);
      gtk_widget_set_sensitive(row.entry, on && live);
    }
  }
  for (std::size_t i = 0; i < q.groups.size() && i < group_headings.size(); ++i)
    gtk_widget_set_sensitive(group_headings[i], group_on(q, q.groups[i].id));
  for (std::size_t t = 0; t < toggle_notes.size() && t < toggle_boxes.size(); ++t)
    if (toggle_notes[t] != nullptr)
      gtk_widget_set_visible(toggle_notes[t], !gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(toggle_boxes[t])));
  if (choices_default != nullptr) gtk_widget_set_sensitive(choices_default, complete);
}

// One group's options, in a list that scrolls past `max_height` pixels.
void add_group(const mailtokit::ask::request& q, const mailtokit::ask::option_group& g, GtkBox* right, gint max_height) {
  GtkWidget* heading = text_label(g.heading);
  PangoAttrList* attrs = pango_attr_list_new();
  pango_attr_list_insert(attrs, pango_attr_weight_new(PANGO_WEIGHT_BOLD));
  gtk_label_set_attributes(GTK_LABEL(heading), attrs);
  pango_attr_list_unref(attrs);
  gtk_box_pack_start(right, heading, FALSE, FALSE, 0);
  group_headings.push_back(heading);
  const auto [scrolled, list] = scrolling_list(clipped(g.heading), max_height);
  GtkWidget* none = gtk_radio_button_new(nullptr);  // holds the group; never shown
  gtk_widget_set_no_show_all(none, TRUE);
  gtk_box_pack_start(GTK_BOX(list), none, FALSE, FALSE, 0);
  for (std::size_t k = 0; k < q.options.size(); ++k) {
    const auto& o = q.options[k];
    if (o.group != g.id) continue;
    choice_row row;
    row.option = k;
    row.scrolled = scrolled;
    row.list = list;
    row.radio = gtk_radio_button_new_from_widget(GTK_RADIO_BUTTON(none));
    GtkWidget* inside = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8);
    // The icon when the theme has it, else an empty place of its size, so the names line up.
    GtkWidget* image = o.icon.empty() || !gtk_icon_theme_has_icon(gtk_icon_theme_get_default(), o.icon.c_str())
                           ? gtk_image_new()
                           : gtk_image_new_from_icon_name(o.icon.c_str(), GTK_ICON_SIZE_LARGE_TOOLBAR);
    gtk_image_set_pixel_size(GTK_IMAGE(image), 24);  // an icon with only large sizes is scaled down
    gtk_widget_set_size_request(image, 24, 24);
    gtk_box_pack_start(GTK_BOX(inside), image, FALSE, FALSE, 0);
    gtk_box_pack_start(GTK_BOX(inside), text_label(o.label), FALSE, FALSE, 0);
    gtk_container_add(GTK_CONTAINER(row.radio), inside);
    atk_object_set_name(gtk_widget_get_accessible(row.radio), clipped(o.label).c_str());
    gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(row.radio), o.chosen);
    g_signal_connect(row.radio, "toggled", G_CALLBACK(update_choices), const_cast<mailtokit::ask::request*>(&q));
    g_signal_connect(row.radio, "key-press-event", G_CALLBACK(enter_is_default), nullptr);
    gtk_box_pack_start(GTK_BOX(list), row.radio, FALSE, FALSE, 0);
    if (!o.example.empty()) {
      row.entry = gtk_entry_new();
      gtk_entry_set_text(GTK_ENTRY(row.entry), o.address.c_str());
      gtk_entry_set_placeholder_text(GTK_ENTRY(row.entry), o.example.c_str());
      gtk_entry_set_activates_default(GTK_ENTRY(row.entry), TRUE);
      gtk_widget_set_margin_start(row.entry, 28);
      gtk_widget_set_no_show_all(row.entry, TRUE);
      // TRANSLATORS: {0} is a webmail's name, e.g. "Roundcube": the name of its address field.
      atk_object_set_name(gtk_widget_get_accessible(row.entry), fill(tr("{0}: its address"), {clipped(o.label)}).c_str());
      g_signal_connect(row.entry, "changed", G_CALLBACK(update_choices), const_cast<mailtokit::ask::request*>(&q));
      gtk_box_pack_start(GTK_BOX(list), row.entry, FALSE, FALSE, 0);
    }
    choice_rows.push_back(row);
  }
  gtk_box_pack_start(right, scrolled, FALSE, FALSE, 0);
}

// Once the window is laid out: each list scrolled so that its chosen option (and its address
// field) is in view, so the settings window shows the current choice.
gboolean show_chosen(gpointer) {
  for (const auto& row : choice_rows) {
    if (!gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(row.radio))) continue;
    GtkWidget* last = row.entry != nullptr ? row.entry : row.radio;
    gint top = 0, bottom = 0, x = 0;
    if (!gtk_widget_translate_coordinates(row.radio, row.list, 0, 0, &x, &top) ||
        !gtk_widget_translate_coordinates(last, row.list, 0, gtk_widget_get_allocated_height(last), &x, &bottom))
      continue;
    gtk_adjustment_clamp_page(gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(row.scrolled)), top, bottom);
  }
  return G_SOURCE_REMOVE;
}

void add_choices(const mailtokit::ask::request& q, GtkBox* right, gint screen) {
  for (const auto& t : q.toggles) {
    GtkWidget* box = gtk_check_button_new_with_label(clipped(t.label).c_str());
    gtk_toggle_button_set_active(GTK_TOGGLE_BUTTON(box), t.on ? TRUE : FALSE);
    g_signal_connect(box, "key-press-event", G_CALLBACK(enter_is_default), nullptr);
    // Ticking or unticking greys or frees the groups it governs at once, and shows its note.
    g_signal_connect(box, "toggled", G_CALLBACK(update_choices), const_cast<mailtokit::ask::request*>(&q));
    gtk_box_pack_start(right, box, FALSE, FALSE, 0);
    toggle_boxes.push_back(box);
    GtkWidget* note = nullptr;
    if (!t.off_note.empty()) {
      note = text_label(t.off_note);
      gtk_widget_set_margin_start(note, 28);
      gtk_widget_set_no_show_all(note, TRUE);  // update_choices() shows it while the box is off
      gtk_box_pack_start(right, note, FALSE, FALSE, 0);
    }
    toggle_notes.push_back(note);
  }
  // Each list at its natural height up to 420 pixels (half of a smaller screen), or 300 (40%)
  // when there are more; longer ones scroll, the chosen option in view.
  const gint most = q.groups.size() == 1 ? std::min(420, screen / 2) : std::min(300, screen * 40 / 100);
  for (const auto& g : q.groups) add_group(q, g, right, most);
  g_idle_add(show_chosen, nullptr);
}

// The input guard (ask/input_guard.hpp) on this window: every button press, touch and key of
// the program passes through on_event() (gdk_event_handler_set, before GTK hands it to any
// widget), and what the guard refuses is dropped there, with the release of the press it
// refused; so a key sent during the wait (Right Right space, Tab) never moves the focus, and a
// click never reaches a button. Map, visibility (X11 only: Wayland sends no such event) and the
// keyboard focus are its state. Meanwhile every button and check box stays insensitive (seen,
// and refused to a screen reader's action too); each time the guard opens, the safe button
// takes the focus and shows as the default.
class window_guard {
 public:
  // Watch `window`; `row` is the row of buttons, `controls` the check and radio buttons,
  // `safe` the default button (or null).
  void watch(GtkWidget* window, GtkWidget* row, std::vector<GtkWidget*> controls, GtkWidget* safe) {
    row_ = row;
    controls_ = std::move(controls);
    safe_ = safe;
    gtk_widget_add_events(window, GDK_VISIBILITY_NOTIFY_MASK | GDK_FOCUS_CHANGE_MASK);
    g_signal_connect(window, "map-event", G_CALLBACK(on_map), this);
    g_signal_connect(window, "unmap-event", G_CALLBACK(on_unmap), this);
    g_signal_connect(window, "visibility-notify-event", G_CALLBACK(on_visibility), this);
    g_signal_connect(window, "notify::is-active", G_CALLBACK(on_active), this);
    gdk_event_handler_set(on_event, this, nullptr);
    set_usable(false);
  }

 private:
  using guard_t = mailtokit::ask::input_guard;
  static guard_t::time now() { return guard_t::time{g_get_monotonic_time() / 1000}; }

  static gboolean on_map(GtkWidget*, GdkEvent*, gpointer self) {
    static_cast<window_guard*>(self)->guard_.set_shown(true, now());
    static_cast<window_guard*>(self)->refresh();
    return FALSE;
  }
  static gboolean on_unmap(GtkWidget*, GdkEvent*, gpointer self) {
    static_cast<window_guard*>(self)->guard_.set_shown(false, now());
    static_cast<window_guard*>(self)->refresh();
    return FALSE;
  }
  static gboolean on_visibility(GtkWidget*, GdkEventVisibility* e, gpointer self) {
    static_cast<window_guard*>(self)->guard_.set_seen(e->state != GDK_VISIBILITY_FULLY_OBSCURED, now());
    static_cast<window_guard*>(self)->refresh();
    return FALSE;
  }
  static void on_active(GObject* window, GParamSpec*, gpointer self) {
    static_cast<window_guard*>(self)->guard_.set_focused(gtk_window_is_active(GTK_WINDOW(window)) != FALSE, now());
    static_cast<window_guard*>(self)->refresh();
  }
  static gboolean on_timer(gpointer self) {
    static_cast<window_guard*>(self)->timer_ = 0;
    static_cast<window_guard*>(self)->refresh();
    return G_SOURCE_REMOVE;
  }
  static void on_event(GdkEvent* e, gpointer self) {
    if (static_cast<window_guard*>(self)->passes(e)) gtk_main_do_event(e);
  }

  // Whether `e` may reach GTK. A press the guard refuses is dropped, and so is its release; a
  // double or triple click (GTK's second event after a press) goes where its press went.
  bool passes(GdkEvent* e) {
    bool ok = true;
    switch (e->type) {
      case GDK_BUTTON_PRESS:
      case GDK_TOUCH_BEGIN: {
        ok = guard_.accepts(guard_t::input::pointer_press, now());
        const guint bit = e->type == GDK_TOUCH_BEGIN ? 0 : std::min(e->button.button, 31U);
        dropped_buttons_ = ok ? dropped_buttons_ & ~(1U << bit) : dropped_buttons_ | (1U << bit);
        last_press_ok_ = ok;
        break;
      }
      case GDK_2BUTTON_PRESS:
      case GDK_3BUTTON_PRESS:
        ok = last_press_ok_;
        break;
      case GDK_BUTTON_RELEASE:
      case GDK_TOUCH_END:
      case GDK_TOUCH_CANCEL: {
        const guint bit = e->type == GDK_BUTTON_RELEASE ? std::min(e->button.button, 31U) : 0;
        ok = (dropped_buttons_ & (1U << bit)) == 0;
        dropped_buttons_ &= ~(1U << bit);
        break;
      }
      case GDK_KEY_PRESS: {
        const guint16 key = e->key.hardware_keycode;
        const bool held = std::find(down_.begin(), down_.end(), key) != down_.end();
        const auto what = e->key.keyval == GDK_KEY_Escape ? guard_t::input::cancel_key
                          : held                          ? guard_t::input::key_repeat
                                                          : guard_t::input::key_press;
        ok = guard_.accepts(what, now());
        if (!held) down_.push_back(key);
        std::erase(dropped_keys_, key);
        if (!ok) dropped_keys_.push_back(key);
        break;
      }
      case GDK_KEY_RELEASE: {
        const guint16 key = e->key.hardware_keycode;
        std::erase(down_, key);
        ok = std::find(dropped_keys_.begin(), dropped_keys_.end(), key) == dropped_keys_.end();
        std::erase(dropped_keys_, key);
        break;
      }
      default:
        return true;  // moving, scrolling, drawing, focus: nothing that answers
    }
    refresh();
    return ok;
  }

  // The widgets as the guard says, and a timer for its next change.
  void refresh() {
    const bool open = guard_.is_open(now());
    if (open != usable_) set_usable(open);
    if (timer_ != 0) g_source_remove(timer_);
    timer_ = 0;
    if (const auto at = guard_.next_change())
      timer_ = g_timeout_add(static_cast<guint>(std::max<gint64>(0, (*at - now()).count()) + 1), on_timer, this);
  }

  void set_usable(bool on) {
    usable_ = on;
    if (row_ != nullptr) gtk_widget_set_sensitive(row_, on);
    for (GtkWidget* w : controls_) gtk_widget_set_sensitive(w, on);
    controls_usable = on;
    // ... but a group whose toggle is off stays greyed.
    if (choices_request != nullptr) update_choices(nullptr, const_cast<mailtokit::ask::request*>(choices_request));
    if (on && safe_ != nullptr) {
      gtk_widget_grab_default(safe_);
      gtk_widget_grab_focus(safe_);
    }
  }

  guard_t guard_;
  GtkWidget* row_ = nullptr;
  GtkWidget* safe_ = nullptr;
  std::vector<GtkWidget*> controls_;
  std::vector<guint16> down_;          // keys held down
  std::vector<guint16> dropped_keys_;  // keys whose press was dropped: their release goes too
  guint dropped_buttons_ = 0;          // the same for mouse buttons (bit 0: a touch)
  bool last_press_ok_ = true;
  guint timer_ = 0;
  bool usable_ = false;
};
window_guard guard;

// A question nobody can see is no question: above a full-screen window (a browser, a
// video) a compositor may map the window hidden behind it and leave the keyboard where it was,
// and gtk_window_set_keep_above() does nothing on Wayland. When the window has not had the focus
// `unseen_s` seconds after it was shown, a desktop notification (org.freedesktop.Notifications on
// the session bus) says that a mail link waits for an answer; it is withdrawn when the window gets
// the focus or the question ends. Meanwhile the buttons stay insensitive (input_guard), so nothing
// is handed over. Without a bus or a notification server the window is all there is.
class unseen_notice {
 public:
  static constexpr guint unseen_s = 4;

  void watch(GtkWidget* window) {
    timer_ = g_timeout_add_seconds(unseen_s, on_unseen, this);
    g_signal_connect(window, "notify::is-active", G_CALLBACK(on_active), this);
  }

  // The question is answered or closed: the notification, if any, goes.
  void end() {
    if (timer_ != 0) g_source_remove(timer_);
    timer_ = 0;
    withdraw(true);
  }

 private:
  static gboolean on_unseen(gpointer self) {
    auto* n = static_cast<unseen_notice*>(self);
    n->timer_ = 0;
    n->notify();
    return G_SOURCE_REMOVE;
  }
  static void on_active(GObject* window, GParamSpec*, gpointer self) {
    auto* n = static_cast<unseen_notice*>(self);
    if (gtk_window_is_active(GTK_WINDOW(window)) == FALSE) return;
    if (n->timer_ != 0) g_source_remove(n->timer_);
    n->timer_ = 0;
    n->withdraw(false);
  }
  static void on_sent(GObject* bus, GAsyncResult* res, gpointer self) {
    auto* n = static_cast<unseen_notice*>(self);
    GVariant* reply = g_dbus_connection_call_finish(G_DBUS_CONNECTION(bus), res, nullptr);
    if (reply == nullptr) return;  // no notification server: nothing to withdraw
    g_variant_get(reply, "(u)", &n->id_);
    g_variant_unref(reply);
    if (n->withdrawn_) n->withdraw(false);  // the focus came while the notification was on its way
  }

  // A session bus that is there: without one, GLib would start a bus of its own (dbus-launch).
  void notify() {
    if (!mailtokit::paths::session_bus_known()) return;
    bus_ = g_bus_get_sync(G_BUS_TYPE_SESSION, nullptr, nullptr);
    if (bus_ == nullptr) return;
    GVariantBuilder hints;
    g_variant_builder_init(&hints, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add(&hints, "{sv}", "urgency", g_variant_new_byte(2));  // stays until withdrawn
    g_variant_builder_add(&hints, "{sv}", "desktop-entry", g_variant_new_string("mailtokit"));
    const std::string summary = tr("A mail link is waiting for your answer");
    const std::string body =
        tr("The question about it is behind another window. Leave full screen or switch to the question to "
           "answer it; nothing is opened until you do.");
    g_dbus_connection_call(
        bus_, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
        "org.freedesktop.Notifications", "Notify",
        g_variant_new("(susss@as@a{sv}i)", "mailtokit", 0U, "dialog-warning", summary.c_str(), body.c_str(),
                      g_variant_new_strv(nullptr, 0), g_variant_builder_end(&hints), 0),
        G_VARIANT_TYPE("(u)"), G_DBUS_CALL_FLAGS_NONE, 10'000, nullptr, on_sent, this);
  }

  // CloseNotification; `wait` when the program is about to end (an asynchronous call would be lost).
  void withdraw(bool wait) {
    withdrawn_ = true;
    if (bus_ == nullptr || id_ == 0) return;
    GVariant* args = g_variant_new("(u)", id_);
    id_ = 0;
    if (wait) {
      GVariant* r =
          g_dbus_connection_call_sync(bus_, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                      "org.freedesktop.Notifications", "CloseNotification", args, nullptr,
                                      G_DBUS_CALL_FLAGS_NONE, 2'000, nullptr, nullptr);
      if (r != nullptr) g_variant_unref(r);
    } else {
      g_dbus_connection_call(bus_, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                             "org.freedesktop.Notifications", "CloseNotification", args, nullptr,
                             G_DBUS_CALL_FLAGS_NONE, 2'000, nullptr, nullptr, nullptr);
    }
  }

  GDBusConnection* bus_ = nullptr;
  guint timer_ = 0;
  guint32 id_ = 0;
  bool withdrawn_ = false;
};
unseen_notice unseen;

// The window: titled, above the others, an alert for screen readers.
GtkWidget* new_dialog(const mailtokit::ask::request& q) {
  GtkWidget* dialog = gtk_dialog_new();
  const std::string title = q.title.empty() ? tr("mailtokit: check this link before it opens") : q.title;
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
void add_heading_and_findings(const mailtokit::ask::request& q, GtkBox* column) {
  GtkWidget* heading = text_label(q.headline);
  PangoAttrList* attrs = pango_attr_list_new();
  pango_attr_list_insert(attrs, pango_attr_weight_new(PANGO_WEIGHT_BOLD));
  pango_attr_list_insert(attrs, pango_attr_scale_new(PANGO_SCALE_LARGE));
  gtk_label_set_attributes(GTK_LABEL(heading), attrs);
  pango_attr_list_unref(attrs);
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
    GtkWidget* finding = text_label("\u2022 " + f);
    atk_object_set_name(gtk_widget_get_accessible(finding), clipped(f).c_str());  // read without the bullet
    gtk_box_pack_start(column, finding, FALSE, FALSE, 0);
  }
  if (more > 0) {
    // xgettext:c-format
    gchar* line =
        g_strdup_printf(ntr("%lu more finding: see Details.", "%lu more findings: see Details.", more),
                        static_cast<unsigned long>(more));
    gtk_box_pack_start(column, text_label(line), FALSE, FALSE, 0);
    g_free(line);
  }
}

// Who gets the message, every address the program sent (at most 20 a field, then a count):
// never cut, the main part scrolls instead.
void add_recipients(const mailtokit::ask::request& q, GtkBox* column) {
  if (q.recipients.empty()) return;
  gtk_box_pack_start(column, text_label(tr("The message goes to:")), FALSE, FALSE, 0);
  for (const auto& r : q.recipients) {
    GtkWidget* line = text_label(r, max_recipient_chars);
    gtk_widget_set_margin_start(line, 12);
    gtk_box_pack_start(column, line, FALSE, FALSE, 0);
  }
}

// The whole draft behind "Details", in a view of its own height.
void add_details(const mailtokit::ask::request& q, GtkBox* right) {
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
  gtk_text_buffer_set_text(gtk_text_view_get_buffer(GTK_TEXT_VIEW(view)), q.details.data(),
                           static_cast<gint>(q.details.size()));
  atk_object_set_name(gtk_widget_get_accessible(view), tr("Details"));
  gtk_container_add(GTK_CONTAINER(scrolled), view);
  gtk_container_add(GTK_CONTAINER(expander), scrolled);
  gtk_box_pack_start(right, expander, TRUE, TRUE, 0);
}

// The body: the icon, then the heading, findings, recipients and choices at their natural size;
// only a question taller than its share of the screen (which the program never writes) scrolls,
// so that the buttons stay on a 1280x800 screen whatever the input; the files; the details.
void add_body(const mailtokit::ask::request& q, GtkWidget* dialog) {
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
  if (!q.files.empty()) add_files(q, GTK_BOX(right), screen);
  if (!q.options.empty() || !q.toggles.empty()) add_choices(q, GTK_BOX(right), screen);
  if (!q.choices.empty()) {
    std::string choices;
    for (const auto& c : q.choices) choices += (choices.empty() ? "" : "\n") + c;
    gtk_box_pack_start(GTK_BOX(q.files.empty() ? column : right), text_label(choices), FALSE, FALSE, 6);
  }
  add_details(q, GTK_BOX(right));
}

// The buttons in the order given; the safe one is the default and has the focus, so Enter gives
// it, and it looks preferred. Escape and closing the window give GTK_RESPONSE_DELETE_EVENT.
void add_buttons(const mailtokit::ask::request& q, GtkWidget* dialog) {
  std::string used = "d";  // Alt+D opens the details
  GtkWidget* safe = nullptr;
  for (std::size_t i = 0; i < q.buttons.size(); ++i) {
    GtkWidget* b = gtk_dialog_add_button(GTK_DIALOG(dialog), with_mnemonic(q.buttons[i].label, used).c_str(),
                                         static_cast<gint>(i));
    if (q.buttons[i].id == q.default_id) safe = b;
  }
  for (std::size_t i = 0; i < q.buttons.size(); ++i)
    if (q.buttons[i].id == q.default_id) gtk_dialog_set_default_response(GTK_DIALOG(dialog), static_cast<gint>(i));
  gtk_widget_show_all(dialog);
  std::vector<GtkWidget*> controls = file_boxes;
  controls.insert(controls.end(), toggle_boxes.begin(), toggle_boxes.end());
  for (const auto& row : choice_rows) controls.push_back(row.radio);
  GtkWidget* any_button = gtk_dialog_get_widget_for_response(GTK_DIALOG(dialog), 0);
  guard.watch(dialog, any_button != nullptr ? gtk_widget_get_parent(any_button) : nullptr,
              std::move(controls), safe);
  if (safe == nullptr) return;
  if (!q.groups.empty()) choices_default = safe;  // usable once every choice is complete
  if (!q.groups.empty() || !q.toggles.empty()) {
    choices_request = &q;
    update_choices(nullptr, const_cast<mailtokit::ask::request*>(&q));
  }
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

// Centred as if the details were open, so that opening them keeps the window on the screen.
void place(const mailtokit::ask::request& q, GtkWidget* dialog) {
  gint width = 0, height = 0;
  gtk_window_get_size(GTK_WINDOW(dialog), &width, &height);
  const GdkRectangle area = work_area();
  const gint tall = height + (q.details.empty() ? 0 : details_height + 12);
  gtk_window_move(GTK_WINDOW(dialog), area.x + std::max(0, (area.width - width) / 2),
                  area.y + std::max(0, (area.height - tall) / 2));
}

// Whether the caller's end of the standard-input pipe is gone (never when it is no pipe).
bool caller_gone() {
  struct stat st {};
  if (fstat(0, &st) != 0 || !S_ISFIFO(st.st_mode)) return false;
  pollfd p{0, POLLIN, 0};
  if (poll(&p, 1, 0) <= 0) return false;
  if ((p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0) return true;
  char c = 0;
  return read(0, &c, 1) == 0;
}

// mailtokit is gone: nobody is there to take an answer, so the window goes.
gboolean on_caller_gone(gint, GIOCondition, gpointer dialog) {
  if (!caller_gone()) return G_SOURCE_CONTINUE;  // a byte the caller wrote: it is still there
  gtk_widget_destroy(GTK_WIDGET(dialog));
  return G_SOURCE_REMOVE;
}

void watch_caller(GtkWidget* dialog) {
  struct stat st {};
  if (fstat(0, &st) == 0 && S_ISFIFO(st.st_mode))
    g_unix_fd_add(0, static_cast<GIOCondition>(G_IO_IN | G_IO_HUP | G_IO_ERR), on_caller_gone, dialog);
}

int show(const mailtokit::ask::request& q) {
  GtkWidget* dialog = new_dialog(q);
  add_body(q, dialog);
  add_buttons(q, dialog);
  place(q, dialog);
  // A failure report (ask/dialog.hpp failure_request(): the error icon) waits for no answer: no
  // notice that a mail link is waiting.
  if (q.icon != "dialog-error") unseen.watch(dialog);
  watch_caller(dialog);
  const gint response = gtk_dialog_run(GTK_DIALOG(dialog));
  unseen.end();
  if (caller_gone()) return 1;  // answered in the moment mailtokit went: the answer goes nowhere
  // A response below 0 (Escape, closed, destroyed: the widgets may be gone) ticks nothing.
  if (response >= 0 && static_cast<std::size_t>(response) < q.buttons.size()) {
    std::vector<std::size_t> ticked;
    for (std::size_t i = 0; i < file_boxes.size(); ++i)
      if (gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(file_boxes[i]))) ticked.push_back(i);
    const bool by_default = q.buttons[static_cast<std::size_t>(response)].id == q.default_id;
    std::vector<std::string> choices;  // read before the widgets go
    for (std::size_t i = 0; by_default && i < q.toggles.size(); ++i)
      choices.push_back("toggle " + q.toggles[i].id +
                        (gtk_toggle_button_get_active(GTK_TOGGLE_BUTTON(toggle_boxes[i])) ? " on" : " off"));
    for (const auto& g : q.groups) {
      const auto row = by_default ? chosen_row(q, g.id) : std::nullopt;
      if (!row) continue;
      choices.push_back("choose " + g.id + " " + q.options[choice_rows[*row].option].id);
      if (choice_rows[*row].entry == nullptr) continue;
      const std::string address = gtk_entry_get_text(GTK_ENTRY(choice_rows[*row].entry));
      // One line: a line break or other control character pasted into the field is left out
      // with the address, which is then asked for again.
      if (!address.empty() && mailtokit::ask::printable_line(address))
        choices.push_back("address " + g.id + " " + address);
    }
    gtk_widget_destroy(dialog);
    std::printf("%s\n", q.buttons[static_cast<std::size_t>(response)].id.c_str());
    for (const std::size_t i : ticked) std::printf("file %zu\n", i);
    for (const auto& line : choices) std::printf("%s\n", line.c_str());
    return std::fflush(stdout) == 0 ? 0 : 1;
  }
  if (response != GTK_RESPONSE_NONE) gtk_widget_destroy(dialog);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::setlocale(LC_ALL, "");
  mailtokit::i18n::init_i18n(mailtokit::i18n::locale_dir(MAILTOKIT_LOCALEDIR));
  if (argc != 2) {
    std::fprintf(stderr, "usage: mailtokit-ask FILE (a question written by mailtokit)\n");
    return 2;
  }
  const auto text = read_input(argv[1]);
  if (!text) {
    std::fprintf(stderr, "mailtokit-ask: cannot read %s\n", argv[1]);
    return 2;
  }
  const auto q = mailtokit::ask::decode(*text);
  if (!q) {
    std::fprintf(stderr, "mailtokit-ask: bad input: %s\n", q.error().c_str());
    return 2;
  }
  g_set_prgname("mailtokit-ask");
  if (!gtk_init_check(nullptr, nullptr)) {  // no GTK options: argv holds only the file
    std::fprintf(stderr, "mailtokit-ask: cannot open the display\n");
    return 3;
  }
  return show(*q);
}
