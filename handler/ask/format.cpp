#include "ask/format.hpp"

#include <glib.h>

namespace mailtokit::ask {
namespace {

constexpr std::string_view magic = "mailtokit-ask 1\n";

void put(std::string& out, std::string_view key, std::string_view value) {
  out += key;
  out += ' ';
  out += std::to_string(value.size());
  out += '\n';
  out += value;
  out += '\n';
}

bool valid_id(std::string_view id) {
  if (id.empty() || id.size() > 32) return false;
  for (const char c : id)
    if (!((c >= 'a' && c <= 'z') || c == '_')) return false;
  return true;
}

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

// `v` validated as UTF-8, its hidden characters replaced by U+FFFD.
std::optional<std::string> clean(std::string_view v, bool isolates) {
  if (!g_utf8_validate(v.data(), static_cast<gssize>(v.size()), nullptr)) return std::nullopt;
  std::string out;
  out.reserve(v.size());
  const char* p = v.data();
  const char* end = v.data() + v.size();
  while (p < end) {
    const char* next = g_utf8_next_char(p);
    if (hidden_char(g_utf8_get_char(p), isolates))
      out += "\xEF\xBF\xBD";
    else
      out.append(p, static_cast<std::size_t>(next - p));
    p = next;
  }
  return out;
}

}  // namespace

std::string encode(const request& r) {
  std::string out(magic);
  put(out, "title", r.title);
  put(out, "headline", r.headline);
  for (const auto& f : r.findings) put(out, "finding", f);
  for (const auto& c : r.choices) put(out, "choice", c);
  for (const auto& c : r.recipients) put(out, "recipient", c);
  if (!r.files_intro.empty()) put(out, "files_intro", r.files_intro);
  for (const auto& f : r.files) put(out, "file", f.name + "\n" + f.about);
  for (const auto& n : r.file_notes) put(out, "file_note", n);
  put(out, "details", r.details);
  for (const auto& b : r.buttons) put(out, "button:" + b.id, b.label);
  put(out, "default", r.default_id);
  return out;
}

mailtokit::result<request, std::string> decode(std::string_view text) {
  auto fail = [](std::string why) -> mailtokit::result<request, std::string> { return why; };
  if (text.size() > max_input) return fail("input over " + std::to_string(max_input) + " bytes");
  if (text.substr(0, magic.size()) != magic) return fail("input does not start with \"mailtokit-ask 1\"");
  std::size_t at = magic.size();
  request r;
  bool have_default = false;
  while (at < text.size()) {
    const auto nl = text.find('\n', at);
    if (nl == std::string_view::npos)
      return fail("record header without a line end at byte " + std::to_string(at));
    const std::string_view head = text.substr(at, nl - at);
    const auto space = head.rfind(' ');
    if (space == std::string_view::npos)
      return fail("record header without a length at byte " + std::to_string(at));
    const std::string_view key = head.substr(0, space), digits = head.substr(space + 1);
    std::size_t len = 0;
    if (digits.empty() || digits.size() > 7) return fail("bad length at byte " + std::to_string(at));
    for (const char c : digits) {
      if (c < '0' || c > '9') return fail("bad length at byte " + std::to_string(at));
      len = len * 10 + static_cast<std::size_t>(c - '0');
    }
    if (len > max_field)
      return fail("field over " + std::to_string(max_field) + " bytes at byte " + std::to_string(at));
    const std::size_t value_at = nl + 1;
    if (value_at + len + 1 > text.size() || text[value_at + len] != '\n')
      return fail("field shorter than its length at byte " + std::to_string(at));
    const bool isolates = key == "details" || key == "recipient" || key == "file";
    auto value = clean(text.substr(value_at, len), isolates);
    if (!value) return fail("invalid UTF-8 in the field at byte " + std::to_string(at));
    if (key == "title") {
      r.title = std::move(*value);
    } else if (key == "headline") {
      r.headline = std::move(*value);
    } else if (key == "details") {
      r.details = std::move(*value);
    } else if (key == "files_intro") {
      r.files_intro = std::move(*value);
    } else if (key == "finding" || key == "choice" || key == "recipient" || key == "file_note") {
      auto& list = key == "finding" ? r.findings : key == "choice" ? r.choices : key == "recipient" ? r.recipients : r.file_notes;
      if (list.size() == max_items) return fail("more than " + std::to_string(max_items) + " items");
      list.push_back(std::move(*value));
    } else if (key == "file") {
      if (r.files.size() == max_items) return fail("more than " + std::to_string(max_items) + " files");
      const auto nl_at = value->find('\n');
      if (nl_at == std::string::npos) return fail("a file without its line end at byte " + std::to_string(at));
      r.files.push_back({value->substr(0, nl_at), value->substr(nl_at + 1)});
    } else if (key.substr(0, 7) == "button:" && valid_id(key.substr(7))) {
      if (r.buttons.size() == max_buttons)
        return fail("more than " + std::to_string(max_buttons) + " buttons");
      for (const auto& b : r.buttons)
        if (b.id == key.substr(7)) return fail("two buttons with the id " + b.id);
      r.buttons.push_back({std::string(key.substr(7)), std::move(*value)});
    } else if (key == "default") {
      r.default_id = std::move(*value);
      have_default = true;
    } else {
      return fail("unknown record at byte " + std::to_string(at));
    }
    at = value_at + len + 1;
  }
  if (r.buttons.empty()) return fail("no button");
  bool found = false;
  for (const auto& b : r.buttons) found = found || b.id == r.default_id;
  if (!have_default || !found) return fail("the default is no button's id");
  return r;
}

}  // namespace mailtokit::ask
