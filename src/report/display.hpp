// Internal: the characters of link text a person cannot see or that break a line, named for
// people ("U+202E RIGHT-TO-LEFT OVERRIDE"), shared by the findings (preview.cpp), the display
// escaping (visible(), isolate(): display.cpp) and the renderers (render.cpp).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "mailtokit/utf8.hpp"

namespace mailtokit::preview::detail {

// Code points of a UTF-8 string; an invalid byte comes out as its value with `bad` set.
template <class F>
inline void for_each_cp(std::string_view s, F&& f) {
  const char* it = s.data();
  const char* end = it + s.size();
  while (it < end) {
    const char* start = it;
    auto cp = utf8::decode(it, end);
    if (!cp) {
      f(static_cast<char32_t>(static_cast<unsigned char>(*start)), true);
      it = start + 1;
      continue;
    }
    f(*cp, false);
  }
}

// "U+202E".
[[nodiscard]] std::string hex_cp(char32_t cp);
// "U+202E RIGHT-TO-LEFT OVERRIDE" (ICU's character name; the code alone when it has none).
[[nodiscard]] std::string char_name(char32_t cp);
// A C0 or C1 control or DEL.
[[nodiscard]] bool is_control(char32_t cp);
// Invisible: default-ignorable or a format character (Cf), bidi controls aside.
[[nodiscard]] bool is_invisible(char32_t cp);
// What visible() shows as "<U+XXXX>": controls (but tab, and CR and LF when kept), bidi
// formatting, invisible characters, and the line and paragraph separators.
[[nodiscard]] bool is_hidden(char32_t cp, bool keep_newlines);
// visible(s) in double quotes, for a finding's words.
[[nodiscard]] std::string quoted(std::string_view s);
// The lines of a body (a last line break ends the last line, it does not start another).
[[nodiscard]] std::size_t count_lines(std::string_view body);

}  // namespace mailtokit::preview::detail
