// mailtokit-ask's lifeline: when its standard input is a pipe (mailtokit gives it one and holds
// the other end while it waits), the end of that pipe (mailtokit killed or crashed) closes the
// window at once, answering nothing.
#pragma once

#include <gtk/gtk.h>

namespace mailtokit::ask::window {

// Whether the caller's end of the standard-input pipe is gone (never when it is no pipe).
bool caller_gone();
// Closes `dialog` when the caller is gone.
void watch_caller(GtkWidget* dialog);

}  // namespace mailtokit::ask::window
