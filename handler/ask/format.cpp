#include "ask/format.hpp"

#include <glib.h>

#include <algorithm>

#include "ask/display_text.hpp"

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

// `value` as exactly `n` lines, each ending in a line feed; nullopt when it is not that.
std::optional<std::vector<std::string>> lines_of(const std::string& value, std::size_t n) {
  std::vector<std::string> parts;
  for (std::size_t at = 0; at < value.size();) {
    const auto nl = value.find('\n', at);
    if (nl == std::string::npos || parts.size() == n) return std::nullopt;
    parts.push_back(value.substr(at, nl - at));
    at = nl + 1;
  }
  if (parts.size() != n) return std::nullopt;
  return parts;
}

std::optional<bool> yes_no(const std::string& v) {
  if (v == "yes") return true;
  if (v == "no") return false;
  return std::nullopt;
}

// A toggle record's three lines; why not, when it is not that.
std::optional<std::string> add_toggle(request& r, const std::string& value) {
  if (r.toggles.size() == max_groups) return "more than " + std::to_string(max_groups) + " toggles";
  auto parts = lines_of(value, 3);
  if (!parts) parts = lines_of(value, 4);  // with the off note
  if (!parts) return std::string("a toggle that is not id, label, yes or no and an optional note");
  const auto on = yes_no((*parts)[2]);
  if (!valid_id((*parts)[0]) || !on) return std::string("a bad toggle");
  for (const auto& t : r.toggles)
    if (t.id == (*parts)[0]) return "two toggles with the id " + t.id;
  r.toggles.push_back({(*parts)[0], (*parts)[1], *on, parts->size() == 4 ? (*parts)[3] : std::string()});
  return std::nullopt;
}

// A group record's two lines; why not, when it is not that.
std::optional<std::string> add_group(request& r, const std::string& value) {
  if (r.groups.size() == max_groups) return "more than " + std::to_string(max_groups) + " groups";
  auto parts = lines_of(value, 2);
  if (!parts) parts = lines_of(value, 3);  // with the toggle that governs it
  if (!parts || !valid_id((*parts)[0])) return std::string("a group that is not an id and a heading");
  for (const auto& g : r.groups)
    if (g.id == (*parts)[0]) return "two groups with the id " + g.id;
  std::string governed_by = parts->size() == 3 ? (*parts)[2] : std::string();
  if (parts->size() == 3 &&
      std::none_of(r.toggles.begin(), r.toggles.end(), [&](const toggle& t) { return t.id == governed_by; }))
    return "a group governed by no toggle declared before it: " + governed_by;
  r.groups.push_back({(*parts)[0], (*parts)[1], std::move(governed_by)});
  return std::nullopt;
}

// An option record's seven lines; why not, when it is not that.
std::optional<std::string> add_option(request& r, const std::string& value) {
  if (r.options.size() == max_options) return "more than " + std::to_string(max_options) + " options";
  const auto parts = lines_of(value, 7);
  if (!parts) return std::string("an option record without its seven lines");
  // Plain references, not a structured binding: clang 14 (the fuzz build) cannot capture one.
  const std::string& group = (*parts)[0];
  const std::string& id = (*parts)[1];
  const std::string& label = (*parts)[2];
  const std::string& icon = (*parts)[3];
  const std::string& example = (*parts)[4];
  const std::string& address = (*parts)[5];
  const std::string& chosen_text = (*parts)[6];
  if (std::none_of(r.groups.begin(), r.groups.end(), [&](const option_group& g) { return g.id == group; }))
    return "an option of no group declared before it: " + group;
  const bool printable = std::all_of(id.begin(), id.end(), [](char c) { return c > 0x20 && c < 0x7F; });
  if (id.empty() || id.size() > 128 || !printable) return "a bad option id " + id;
  const auto chosen = yes_no(chosen_text);
  if (!chosen) return std::string("an option's chosen that is not yes or no");
  for (const auto& o : r.options) {
    if (o.group == group && o.id == id) return "two options with the id " + id;
    if (o.group == group && o.chosen && *chosen) return "two options chosen in the group " + group;
  }
  r.options.push_back({group, id, label, icon, example, address, *chosen});
  return std::nullopt;
}

}  // namespace

bool printable_line(std::string_view text) noexcept {
  return std::none_of(text.begin(), text.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; });
}

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
  if (!r.icon.empty()) put(out, "icon", r.icon);
  for (const auto& t : r.toggles) {
    std::string v = t.id + "\n" + t.label + "\n" + (t.on ? "yes" : "no") + "\n";
    if (!t.off_note.empty()) v.append(t.off_note).append("\n");
    put(out, "toggle", v);
  }
  for (const auto& g : r.groups) {
    std::string v = g.id + "\n" + g.heading + "\n";
    if (!g.governed_by.empty()) v.append(g.governed_by).append("\n");
    put(out, "group", v);
  }
  for (const auto& o : r.options)
    put(out, "option", o.group + "\n" + o.id + "\n" + o.label + "\n" + o.icon + "\n" + o.example + "\n" + o.address +
                           "\n" + (o.chosen ? "yes" : "no") + "\n");
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
    // Whoever made the request, no run of blanks in a line of the window pushes link text to the
    // start of a line of its own. The details keep theirs: a body's indentation, in a scrolled view.
    if (key != "details" && key != "default" && key != "icon") *value = blank_runs_shown(*value);
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
    } else if (key == "icon") {
      if (value->find('/') != std::string::npos) return fail("an icon that is a path at byte " + std::to_string(at));
      r.icon = std::move(*value);
    } else if (key == "toggle" || key == "group" || key == "option") {
      auto bad = key == "toggle" ? add_toggle(r, *value) : key == "group" ? add_group(r, *value) : add_option(r, *value);
      if (bad) return fail(*bad + " at byte " + std::to_string(at));
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
