// mailtokit-ask's files part: who asks to attach files and the advice, then one check box per
// file, none ticked. A box is ticked only by a click, Space on it after Tab, or Alt and its
// number: never by Return, Space or Escape pressed with the focus where the window opens it (on
// the safe button).
#pragma once

#include <gtk/gtk.h>

#include <cstddef>
#include <vector>

#include "ask/format.hpp"

namespace mailtokit::ask::window {

// The files part of `q`, second in `right`, in a list that scrolls past max_files_height (or a
// fifth of the `screen`'s height) with the notes. Returns the check boxes, in the order of q.files.
std::vector<GtkWidget*> add_files(const request& q, GtkBox* right, gint screen);

// The indexes of the boxes ticked.
std::vector<std::size_t> ticked(const std::vector<GtkWidget*>& boxes);

}  // namespace mailtokit::ask::window
