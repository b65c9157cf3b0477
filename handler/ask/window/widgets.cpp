#include "ask/window/widgets.hpp"

namespace mailtokit::ask::window {

GdkRectangle work_area() {
  GdkDisplay* display = gdk_display_get_default();
  GdkMonitor* monitor = display != nullptr ? gdk_display_get_primary_monitor(display) : nullptr;
  if (monitor == nullptr && display != nullptr) monitor = gdk_display_get_monitor(display, 0);
  GdkRectangle area{0, 0, 1280, 800};
  if (monitor != nullptr) gdk_monitor_get_workarea(monitor, &area);
  if (area.height <= 0) area = {0, 0, 1280, 800};
  return area;
}

std::string clipped(const display_text& shown, glong max) {
  const std::string& text = shown.str();
  if (g_utf8_strlen(text.c_str(), -1) <= max) return text;
  const char* end = g_utf8_offset_to_pointer(text.c_str(), max);
  return std::string(text.c_str(), static_cast<std::size_t>(end - text.c_str())) + "\u2026";
}

GtkWidget* text_label(const display_text& text, glong max) {
  GtkWidget* l = gtk_label_new(nullptr);
  gtk_label_set_text(GTK_LABEL(l), clipped(text, max).c_str());
  gtk_label_set_line_wrap(GTK_LABEL(l), TRUE);
  gtk_label_set_line_wrap_mode(GTK_LABEL(l), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars(GTK_LABEL(l), 64);
  gtk_label_set_xalign(GTK_LABEL(l), 0.0F);
  gtk_label_set_selectable(GTK_LABEL(l), FALSE);
  return l;
}

GtkWidget* bold_label(const display_text& text, double scale) {
  GtkWidget* heading = text_label(text);
  PangoAttrList* attrs = pango_attr_list_new();
  pango_attr_list_insert(attrs, pango_attr_weight_new(PANGO_WEIGHT_BOLD));
  if (scale != 1.0) pango_attr_list_insert(attrs, pango_attr_scale_new(scale));
  gtk_label_set_attributes(GTK_LABEL(heading), attrs);
  pango_attr_list_unref(attrs);
  return heading;
}

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

gboolean enter_is_default(GtkWidget* w, GdkEventKey* e, gpointer) {
  if (e->keyval != GDK_KEY_Return && e->keyval != GDK_KEY_KP_Enter && e->keyval != GDK_KEY_ISO_Enter) return FALSE;
  GtkWidget* top = gtk_widget_get_toplevel(w);
  return GTK_IS_WINDOW(top) && gtk_window_activate_default(GTK_WINDOW(top));
}

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

}  // namespace mailtokit::ask::window
