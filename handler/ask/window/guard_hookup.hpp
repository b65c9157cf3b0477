// mailtokit-ask's hookup of the input guard (ask/input_guard.hpp): the guard decides, this
// class feeds it the window's events and makes the widgets follow it.
#pragma once

#include <gtk/gtk.h>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "ask/input_guard.hpp"

namespace mailtokit::ask::window {

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
  // `safe` the default button (or null); `on_usable` is told each change, after the controls.
  void watch(GtkWidget* window, GtkWidget* row, std::vector<GtkWidget*> controls, GtkWidget* safe,
             std::function<void(bool)> on_usable) {
    row_ = row;
    controls_ = std::move(controls);
    safe_ = safe;
    on_usable_ = std::move(on_usable);
    gtk_widget_add_events(window, GDK_VISIBILITY_NOTIFY_MASK | GDK_FOCUS_CHANGE_MASK);
    g_signal_connect(window, "map-event", G_CALLBACK(on_map), this);
    g_signal_connect(window, "unmap-event", G_CALLBACK(on_unmap), this);
    g_signal_connect(window, "visibility-notify-event", G_CALLBACK(on_visibility), this);
    g_signal_connect(window, "notify::is-active", G_CALLBACK(on_active), this);
    gdk_event_handler_set(on_event, this, nullptr);
    set_usable(false);
  }

 private:
  using guard_t = input_guard;
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
    if (on_usable_) on_usable_(on);
    if (on && safe_ != nullptr) {
      gtk_widget_grab_default(safe_);
      gtk_widget_grab_focus(safe_);
    }
  }

  guard_t guard_;
  GtkWidget* row_ = nullptr;
  GtkWidget* safe_ = nullptr;
  std::vector<GtkWidget*> controls_;
  std::function<void(bool)> on_usable_;
  std::vector<guint16> down_;          // keys held down
  std::vector<guint16> dropped_keys_;  // keys whose press was dropped: their release goes too
  guint dropped_buttons_ = 0;          // the same for mouse buttons (bit 0: a touch)
  bool last_press_ok_ = true;
  guint timer_ = 0;
  bool usable_ = false;
};

}  // namespace mailtokit::ask::window
