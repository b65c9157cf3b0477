// mailtokit-ask's choices (the chooser of a first click, the settings window): the toggles as
// check boxes, then each group under its heading, a radio button per option (a hidden first one
// holds the group, so that none need be chosen to start), the text field of an option that takes
// an address under it, shown while it is chosen. The default button is usable once every group's
// choice is complete, so a hurried Enter chooses nothing. A toggle that governs groups greys them
// while it is off.
#pragma once

#include <gtk/gtk.h>

#include <optional>
#include <string>
#include <vector>

#include "ask/format.hpp"

namespace mailtokit::ask::window {

class choices_part {
 public:
  // The toggles and groups of `q` (which outlives this) in `right`; `screen`: the work area's height.
  void add(const request& q, GtkBox* right, gint screen);
  // The default button, usable only while every choice is complete; the widgets as the choices are.
  void set_default(GtkWidget* button);
  // Whether the input guard lets the controls be used now; the widgets follow at once.
  void set_usable(bool usable);
  // The check and radio buttons (the input guard keeps them insensitive while it waits).
  [[nodiscard]] std::vector<GtkWidget*> controls() const;
  // What the window prints after the default button's id: "toggle ID on|off", "choose GROUP ID"
  // and "address GROUP TEXT" (an address that is one line of printable characters), read before
  // the widgets go.
  [[nodiscard]] std::vector<std::string> answer_lines() const;

 private:
  struct row {
    std::size_t option = 0;
    GtkWidget* radio = nullptr;
    GtkWidget* entry = nullptr;     // null: the option takes no address
    GtkWidget* scrolled = nullptr;  // the group's list, and what scrolls in it
    GtkWidget* list = nullptr;
  };

  void add_toggles(GtkBox* right);
  void add_group(const option_group& g, GtkBox* right, gint max_height);
  row option_row(std::size_t k, GtkWidget* none, GtkWidget* scrolled, GtkWidget* list);
  [[nodiscard]] bool group_on(const std::string& group) const;
  [[nodiscard]] std::optional<std::size_t> chosen_row(const std::string& group) const;
  void update();
  static void on_change(GtkWidget*, gpointer self);
  static gboolean show_chosen(gpointer self);

  const request* q_ = nullptr;
  std::vector<row> rows_;
  std::vector<GtkWidget*> toggles_;
  std::vector<GtkWidget*> toggle_notes_;  // each toggle's off note (null: none), shown while it is off
  std::vector<GtkWidget*> headings_;      // in the order of q.groups
  GtkWidget* default_ = nullptr;
  bool usable_ = false;  // the input guard's state: the window has settled
};

}  // namespace mailtokit::ask::window
