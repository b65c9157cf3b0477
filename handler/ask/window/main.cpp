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
// The window and its parts: ask/window/question_window.hpp.

#include <fcntl.h>
#include <gtk/gtk.h>
#include <unistd.h>

#include <clocale>
#include <cstdio>
#include <optional>
#include <string>

#include "ask/format.hpp"
#include "ask/window/question_window.hpp"
#include "base/i18n.hpp"

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
  mailtokit::ask::window::question_window window(*q);
  return window.run();
}
