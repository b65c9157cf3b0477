#include "ask/dialog_text.hpp"

#include <algorithm>

#include "base/i18n.hpp"

namespace mailtokit::ask {

namespace {

bool is_lead(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

constexpr std::size_t qt_line_chars = 80;

std::string_view program_name(dialog_program p) {
  switch (p) {
    case dialog_program::zenity:
      return "zenity";
    case dialog_program::yad:
      return "yad";
    case dialog_program::kdialog:
      return "kdialog";
  }
  return "";
}

}  // namespace

std::string markup_escaped(std::string_view s) {
  std::string o;
  for (const char c : s) {
    if (c == '&')
      o += "&amp;";
    else if (c == '<')
      o += "&lt;";
    else if (c == '>')
      o += "&gt;";
    else if (c == '"')
      o += "&quot;";
    else
      o += c;
  }
  return o;
}

std::optional<dialog_program> choose_dialog(std::string_view current_desktop,
                                            const std::function<bool(std::string_view)>& installed) {
  bool qt = false;
  while (!current_desktop.empty()) {
    const auto colon = std::min(current_desktop.find(':'), current_desktop.size());
    const auto entry = current_desktop.substr(0, colon);
    qt = qt || entry == "KDE" || entry == "LXQt";
    current_desktop.remove_prefix(std::min(colon + 1, current_desktop.size()));
  }
  constexpr dialog_program gtk_first[] = {dialog_program::zenity, dialog_program::yad,
                                          dialog_program::kdialog};
  constexpr dialog_program qt_first[] = {dialog_program::kdialog, dialog_program::zenity,
                                         dialog_program::yad};
  for (const auto p : qt ? qt_first : gtk_first)
    if (installed(program_name(p))) return p;
  return std::nullopt;
}

std::string qt_text(std::string_view text, std::size_t max_bytes) {
  std::string out = "<qt><div style=\"white-space:pre-wrap\">";
  const std::string_view tail = "</div></qt>";
  std::size_t left_out = 0;
  while (!text.empty()) {
    // A line of at most qt_line_chars code points, so the message box knows its real height
    // when it decides to scroll (it wraps long lines only after that decision).
    std::size_t end = 0, cps = 0;
    while (end < text.size() && text[end] != '\n' && !(is_lead(text[end]) && cps++ == qt_line_chars)) ++end;
    const bool newline = end < text.size() && text[end] == '\n';
    const std::string line = markup_escaped(text.substr(0, end));
    text.remove_prefix(end + (newline ? 1 : 0));
    if (left_out > 0 || out.size() + line.size() + tail.size() + 64 > max_bytes) {
      ++left_out;
      continue;
    }
    out += line + "\n";  // white-space: pre-wrap keeps it (a text without line breaks is elided)
  }
  if (left_out > 0)
    out += "... " + fill(ntr("{0} more line (run `mailtokit preview` to see all)",
                             "{0} more lines (run `mailtokit preview` to see all)", left_out),
                         {std::to_string(left_out)});
  return out + std::string(tail);
}

std::string breakable(std::string_view text, std::size_t every) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  std::size_t run = 0;
  for (const char c : text) {
    if (c == ' ' || c == '\n' || c == '\t') {
      run = 0;
    } else if (is_lead(c)) {
      if (run == every) {
        out += "\u200B";
        run = 0;
      }
      ++run;
    }
    out += c;
  }
  return out;
}

std::string yad_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace mailtokit::ask
