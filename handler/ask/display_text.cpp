#include "ask/display_text.hpp"

#include <glib.h>

#include <algorithm>
#include <cstdio>

#include "base/i18n.hpp"

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

void append_spaces(std::string& out, std::size_t spaces) {
  if (spaces > max_plain_spaces)
    out += " <" + std::to_string(spaces) + " x U+0020> ";
  else
    out.append(spaces, ' ');
}

// A run of blanks with one other than U+0020: each tagged, the spaces between them kept, so the
// run stays as wide as a few tags.
void append_mixed_run(std::string& out, const char* it, const char* run_end) {
  std::size_t spaces = 0;
  while (it != run_end) {
    const char32_t cp = *next_code_point(it, run_end);
    if (cp == ' ') {
      ++spaces;
      continue;
    }
    append_spaces(out, spaces);
    spaces = 0;
    append_tag(out, cp);
  }
  append_spaces(out, spaces);
}

bool is_lead(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

// Unicode 15, UAX #9 section 2: the explicit formatting characters (embeddings, overrides,
// isolates, marks), and the C0 and C1 controls but line feed and tab. `isolates`: the isolates
// (U+2066-U+2069) stay. The details are the preview's text, which wraps each value in an isolate
// so that it cannot reorder its line (UAX #9 section 2.7; the value's own bidi characters are
// already shown as <U+XXXX>); an isolate only ever narrows what a value can reorder.
bool hidden_char(gunichar c, bool isolates) {
  if (c == '\n' || c == '\t') return false;
  if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) return true;
  if (c >= 0x2066 && c <= 0x2069) return !isolates;
  return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E);
}

// Where the run of blanks that ends `text` begins (text.size() when it ends in none).
std::size_t trailing_run(std::string_view text) {
  std::size_t start = text.size();
  while (start > 0) {
    std::size_t lead = start - 1;
    while (lead > 0 && !is_lead(text[lead])) --lead;
    const char* it = text.data() + lead;
    const auto cp = next_code_point(it, text.data() + start);
    if (!cp || it != text.data() + start || !is_blank(*cp)) break;
    start = lead;
  }
  return start;
}

// Where the run of blanks that begins `text` ends (0 when it begins with none).
std::size_t leading_run(std::string_view text) {
  const char* const end = text.data() + text.size();
  const char* it = text.data();
  const char* run_end = it;
  while (it != end) {
    const auto cp = next_code_point(it, end);
    if (!cp || !is_blank(*cp)) break;
    run_end = it;
  }
  return static_cast<std::size_t>(run_end - text.data());
}

// `a` then `b`, each already shown: only the run of blanks they make together at the seam is
// shown again, so that our own alignment in either (the details' columns) stays as it is.
std::string joined(std::string a, std::string_view b) {
  const std::size_t tail = trailing_run(a), head = leading_run(b);
  if (tail == a.size() || head == 0) return a.append(b);
  const std::string seam = blank_runs_shown(a.substr(tail) + std::string(b.substr(0, head)));
  a.resize(tail);
  return a.append(seam).append(b.substr(head));
}

}  // namespace

std::string blank_runs_shown_in_isolates(std::string_view text) {
  // FSI, LRI and RLI open an isolate, PDI closes it (UTF-8: E2 81 A6..A9).
  std::string out;
  out.reserve(text.size());
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t open = at;
    while (open + 2 < text.size() && !(text[open] == '\xE2' && text[open + 1] == '\x81' &&
                                       text[open + 2] >= '\xA6' && text[open + 2] <= '\xA8'))
      ++open;
    if (open + 2 >= text.size()) break;
    const std::size_t close = text.find("\xE2\x81\xA9", open + 3);
    const std::size_t end = close == std::string_view::npos ? text.size() : close;
    out.append(text.substr(at, open + 3 - at));
    out += blank_runs_shown(text.substr(open + 3, end - open - 3));
    at = end;
  }
  out.append(text.substr(at));
  return out;
}

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
    if (count < 2 || (!other && count <= max_plain_spaces))
      out.append(it, run_end);
    else if (!other)
      append_spaces(out, count);
    else
      append_mixed_run(out, it, run_end);
    it = run_end;
  }
  return out;
}

std::string clip(std::string_view s, std::size_t max) {
  std::size_t cps = 0, cut = s.size();
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (!is_lead(s[i])) continue;
    if (cps == max) cut = i;
    ++cps;
  }
  if (cps <= max) return std::string(s);
  const std::size_t more = cps - max;
  return std::string(s.substr(0, cut)) + " ... (" +
         fill(ntr("{0} more character", "{0} more characters", more), {std::to_string(more)}) + ")";
}

display_text display_text::ours(const char* translated) { return display_text(blank_runs_shown(translated)); }

display_text display_text::ours(const char* translated, std::initializer_list<display_text> args) {
  std::vector<std::string_view> views;
  for (const auto& a : args) views.push_back(a.text_);
  std::string out;
  // i18n::fill() takes an initializer_list: up to four arguments, the most a sentence has.
  switch (views.size()) {
    case 0: out = fill(translated, {}); break;
    case 1: out = fill(translated, {views[0]}); break;
    case 2: out = fill(translated, {views[0], views[1]}); break;
    case 3: out = fill(translated, {views[0], views[1], views[2]}); break;
    default: out = fill(translated, {views[0], views[1], views[2], views[3]}); break;
  }
  return display_text(blank_runs_shown(out));
}

display_text display_text::number(std::size_t n) { return display_text(std::to_string(n)); }

std::optional<display_text> display_text::received(std::string_view wire, bool isolates, bool keep_blanks) {
  if (!g_utf8_validate(wire.data(), static_cast<gssize>(wire.size()), nullptr)) return std::nullopt;
  std::string out;
  out.reserve(wire.size());
  const char* p = wire.data();
  const char* end = wire.data() + wire.size();
  while (p < end) {
    const char* next = g_utf8_next_char(p);
    if (hidden_char(g_utf8_get_char(p), isolates))
      out += "\xEF\xBF\xBD";
    else
      out.append(p, static_cast<std::size_t>(next - p));
    p = next;
  }
  return display_text(keep_blanks ? std::move(out) : blank_runs_shown(out));
}

display_text display_text::join(const std::vector<display_text>& parts, const display_text& separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out = joined(std::move(out), separator.text_);
    out = joined(std::move(out), parts[i].text_);
  }
  return display_text(std::move(out));
}

display_text display_text::clipped(std::size_t max) const { return display_text(clip(text_, max)); }

std::vector<display_text> display_text::lines() const {
  std::vector<display_text> out;
  for (std::size_t at = 0; at < text_.size();) {
    const auto nl = std::min(text_.find('\n', at), text_.size());
    out.push_back(display_text(text_.substr(at, nl - at)));
    at = nl + 1;
  }
  return out;
}

display_text& display_text::operator+=(const display_text& more) {
  text_ = joined(std::move(text_), more.text_);
  return *this;
}

}  // namespace mailtokit::ask
