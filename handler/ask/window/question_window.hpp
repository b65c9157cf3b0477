// mailtokit-ask's window: the question (or the chooser, the settings window, a failure) that a
// request (ask/format.hpp) describes, with its parts: the heading and findings, who gets the
// message, the files (files_part.hpp), the choices (choices_part.hpp), the details; the buttons
// behind the input guard (guard_hookup.hpp), the notice when it waits unseen (unseen_notice.hpp)
// and the lifeline to mailtokit (caller.hpp). Its state is its own, passed to no global.
#pragma once

#include <gtk/gtk.h>

#include <vector>

#include "ask/format.hpp"
#include "ask/window/choices_part.hpp"
#include "ask/window/guard_hookup.hpp"
#include "ask/window/unseen_notice.hpp"

namespace mailtokit::ask::window {

class question_window {
 public:
  explicit question_window(const request& q) : q_(q) {}
  question_window(const question_window&) = delete;
  question_window& operator=(const question_window&) = delete;

  // Shows the window and waits: prints the chosen button's id, then "file N" for each file
  // ticked and, for the default button, the choices' lines (choices_part::answer_lines()); 0.
  // 1 when the window is closed, Escape pressed, mailtokit gone or stdout cannot be written.
  int run();

 private:
  void add_body(GtkWidget* dialog);
  void add_buttons(GtkWidget* dialog);

  const request& q_;
  std::vector<GtkWidget*> file_boxes_;  // the files' check boxes, in the order of q.files
  choices_part choices_;
  window_guard guard_;
  unseen_notice unseen_;
};

}  // namespace mailtokit::ask::window
