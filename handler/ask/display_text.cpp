#include "ask/display_text.hpp"

#include <cstdio>
#include <optional>

namespace mailtokit::ask {

namespace {

// One UTF-8 sequence at `it` (advanced past it), or nullopt (it advanced by one byte).
std::optional<char32_t> next_code_point(const char*& it, const char* end) {
  const auto b = static_cast<unsigned char>(*it);
  const int len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || end - it < len) {
    ++it;
    return std::nullopt;
  }
  auto cp = static_cast<char32_t>(len == 1 ? b : (b & (0x7F >> len)));
  for (int i = 1; i < len; ++i) {
    const auto c = static_cast<unsigned char>(it[i]);
    if ((c & 0xC0) != 0x80) {
      ++it;
      return std::nullopt;
    }
    cp = (cp << 6) | static_cast<char32_t>(c & 0x3Fu);
  }
  it += len;
  return cp;
}

void append_tag(std::string& out, char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "<U+%04X>", static_cast<unsigned>(cp));
  out += buf;
}

// More U+0020 in a row than this become their count.
constexpr std::size_t max_plain_spaces = 3;

}  // namespace

bool is_blank(char32_t cp) noexcept {
  return cp == 0x20 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F ||
         cp == 0x205F || cp == 0x3000 || cp == 0x115F || cp == 0x1160 || cp == 0x2800 || cp == 0x3164 ||
         cp == 0xFFA0;
}

std::string blank_runs_shown(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const char* const end = text.data() + text.size();
  const char* it = text.data();
  while (it != end) {
    // The run of blanks at `it`: how many, and whether one is not U+0020.
    const char* run_end = it;
    std::size_t count = 0;
    bool other = false;
    for (const char* next = run_end; next != end; run_end = next, ++count) {
      const auto cp = next_code_point(next, end);
      if (!cp || !is_blank(*cp)) break;
      other = other || *cp != ' ';
    }
    if (count == 0) {
      out += *it++;
      continue;
    }
    if (count < 2 || (!other && count <= max_plain_spaces)) {
      out.append(it, run_end);
    } else if (!other) {
      out += " <" + std::to_string(count) + " x U+0020> ";
    } else {
      // Each tagged, the spaces between them kept: the run stays as wide as a few tags.
      std::size_t spaces = 0;
      auto flush = [&] {
        if (spaces > max_plain_spaces) {
          out += " <" + std::to_string(spaces) + " x U+0020> ";
        } else {
          out.append(spaces, ' ');
        }
        spaces = 0;
      };
      while (it != run_end) {
        const char32_t cp = *next_code_point(it, run_end);
        if (cp == ' ') {
          ++spaces;
          continue;
        }
        flush();
        append_tag(out, cp);
      }
      flush();
    }
    it = run_end;
  }
  return out;
}

}  // namespace mailtokit::ask
