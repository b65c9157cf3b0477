#include "ask/window/caller.hpp"

#include <glib-unix.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

namespace mailtokit::ask::window {

bool caller_gone() {
  struct stat st {};
  if (fstat(0, &st) != 0 || !S_ISFIFO(st.st_mode)) return false;
  pollfd p{0, POLLIN, 0};
  if (poll(&p, 1, 0) <= 0) return false;
  if ((p.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0) return true;
  char c = 0;
  return read(0, &c, 1) == 0;
}

namespace {

// mailtokit is gone: nobody is there to take an answer, so the window goes.
gboolean on_caller_gone(gint, GIOCondition, gpointer dialog) {
  if (!caller_gone()) return G_SOURCE_CONTINUE;  // a byte the caller wrote: it is still there
  gtk_widget_destroy(GTK_WIDGET(dialog));
  return G_SOURCE_REMOVE;
}

}  // namespace

void watch_caller(GtkWidget* dialog) {
  struct stat st {};
  if (fstat(0, &st) == 0 && S_ISFIFO(st.st_mode))
    g_unix_fd_add(0, static_cast<GIOCondition>(G_IO_IN | G_IO_HUP | G_IO_ERR), on_caller_gone, dialog);
}

}  // namespace mailtokit::ask::window
