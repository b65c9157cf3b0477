// mailtokit-ask's notice that a question waits unseen: a desktop notification while the window
// has not had the focus.
#pragma once

#include <gtk/gtk.h>

#include <string>

#include "base/i18n.hpp"
#include "base/paths.hpp"

namespace mailtokit::ask::window {

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

}  // namespace mailtokit::ask::window
