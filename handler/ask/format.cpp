#include "ask/format.hpp"

#include <glib.h>

#include <algorithm>


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

// A text part of a record, sanitized again (display_text::received()); the whole record was
// validated as UTF-8 before it is split, so every part is.
display_text shown_part(std::string_view part, bool isolates = false) {
  return display_text::received(part, isolates).value_or(display_text());
}

// `value` as exactly `n` lines, each ending in a line feed; nullopt when it is not that.
std::optional<std::vector<std::string>> lines_of(std::string_view value, std::size_t n) {
  std::vector<std::string> parts;
  for (std::size_t at = 0; at < value.size();) {
    const auto nl = value.find('\n', at);
    if (nl == std::string_view::npos || parts.size() == n) return std::nullopt;
    parts.emplace_back(value.substr(at, nl - at));
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
std::optional<std::string> add_toggle(request& r, std::string_view value) {
  if (r.toggles.size() == max_groups) return "more than " + std::to_string(max_groups) + " toggles";
  auto parts = lines_of(value, 3);
  if (!parts) parts = lines_of(value, 4);  // with the off note
  if (!parts) return std::string("a toggle that is not id, label, yes or no and an optional note");
  const auto on = yes_no((*parts)[2]);
  if (!valid_id((*parts)[0]) || !on) return std::string("a bad toggle");
  for (const auto& t : r.toggles)
    if (t.id == (*parts)[0]) return "two toggles with the id " + t.id;
  r.toggles.push_back({(*parts)[0], shown_part((*parts)[1]), *on, parts->size() == 4 ? shown_part((*parts)[3]) : display_text()});
  return std::nullopt;
}

// A group record's two lines; why not, when it is not that.
std::optional<std::string> add_group(request& r, std::string_view value) {
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
  r.groups.push_back({(*parts)[0], shown_part((*parts)[1]), std::move(governed_by)});
  return std::nullopt;
}

// An option record's seven lines; why not, when it is not that.
std::optional<std::string> add_option(request& r, std::string_view value) {
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
  r.options.push_back({group, id, shown_part(label), icon, shown_part(example), shown_part(address), *chosen});
  return std::nullopt;
}

}  // namespace

bool printable_line(std::string_view text) noexcept {
  return std::none_of(text.begin(), text.end(),
                      [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; });
}

std::string encode(const request& r) {
  std::string out(magic);
  put(out, "title", r.title.str());
  put(out, "headline", r.headline.str());
  for (const auto& f : r.findings) put(out, "finding", f.str());
  for (const auto& c : r.choices) put(out, "choice", c.str());
  for (const auto& c : r.recipients) put(out, "recipient", c.str());
  if (!r.files_intro.empty()) put(out, "files_intro", r.files_intro.str());
  for (const auto& f : r.files) put(out, "file", f.name.str() + "\n" + f.about.str());
  for (const auto& n : r.file_notes) put(out, "file_note", n.str());
  put(out, "details", r.details.str());
  if (!r.icon.empty()) put(out, "icon", r.icon);
  for (const auto& t : r.toggles) {
    std::string v = t.id + "\n" + t.label.str() + "\n" + (t.on ? "yes" : "no") + "\n";
    if (!t.off_note.empty()) v.append(t.off_note.str()).append("\n");
    put(out, "toggle", v);
  }
  for (const auto& g : r.groups) {
    std::string v = g.id + "\n" + g.heading.str() + "\n";
    if (!g.governed_by.empty()) v.append(g.governed_by).append("\n");
    put(out, "group", v);
  }
  for (const auto& o : r.options)
    put(out, "option", o.group + "\n" + o.id + "\n" + o.label.str() + "\n" + o.icon + "\n" + o.example.str() + "\n" +
                           o.address.str() + "\n" + (o.chosen ? "yes" : "no") + "\n");
  for (const auto& b : r.buttons) put(out, "button:" + b.id, b.label.str());
  put(out, "default", r.default_id);
  return out;
}

namespace {

// One record (`key`, its value `raw`) added to `r`; why not, when it cannot be. `plain` is the
// value validated and its hidden characters replaced (ids, the icon, the parts of a toggle, group
// or option, each part then sanitized as a text of its own).
std::optional<std::string> add_record(request& r, std::string_view key, std::string_view raw, const std::string& plain,
                                      bool& have_default) {
  const bool isolates = key == "details" || key == "recipient" || key == "file";
  // Whoever made the request, no run of blanks in a line of the window pushes link text to the
  // start of a line of its own. The details keep theirs: a body's indentation, in a scrolled view.
  auto text = [&] { return display_text::received(raw, isolates, key == "details").value_or(display_text()); };
  if (key == "title") {
    r.title = text();
  } else if (key == "headline") {
    r.headline = text();
  } else if (key == "details") {
    r.details = text();
  } else if (key == "files_intro") {
    r.files_intro = text();
  } else if (key == "finding" || key == "choice" || key == "recipient" || key == "file_note") {
    auto& list = key == "finding" ? r.findings : key == "choice" ? r.choices : key == "recipient" ? r.recipients : r.file_notes;
    if (list.size() == max_items) return "more than " + std::to_string(max_items) + " items";
    list.push_back(text());
  } else if (key == "file") {
    if (r.files.size() == max_items) return "more than " + std::to_string(max_items) + " files";
    const auto nl_at = plain.find('\n');
    if (nl_at == std::string::npos) return std::string("a file without its line end");
    const std::string_view v = plain;
    r.files.push_back({shown_part(v.substr(0, nl_at), true), shown_part(v.substr(nl_at + 1), true)});
  } else if (key == "icon") {
    if (plain.find('/') != std::string::npos) return std::string("an icon that is a path");
    r.icon = plain;
  } else if (key == "toggle" || key == "group" || key == "option") {
    return key == "toggle" ? add_toggle(r, plain) : key == "group" ? add_group(r, plain) : add_option(r, plain);
  } else if (key.substr(0, 7) == "button:" && valid_id(key.substr(7))) {
    if (r.buttons.size() == max_buttons) return "more than " + std::to_string(max_buttons) + " buttons";
    for (const auto& b : r.buttons)
      if (b.id == key.substr(7)) return "two buttons with the id " + b.id;
    r.buttons.push_back({std::string(key.substr(7)), text()});
  } else if (key == "default") {
    r.default_id = plain;
    have_default = true;
  } else {
    return std::string("unknown record");
  }
  return std::nullopt;
}

}  // namespace

mailtokit::result<request, std::string> decode(std::string_view text) {
  auto fail = [](std::string why) -> mailtokit::result<request, std::string> { return why; };
  if (text.size() > max_input) return fail("input over " + std::to_string(max_input) + " bytes");
  if (text.substr(0, magic.size()) != magic) return fail("input does not start with \"mailtokit-ask 1\"");
  std::size_t at = magic.size();
  request r;
  bool have_default = false;
  while (at < text.size()) {
    const std::string where = " at byte " + std::to_string(at);
    const auto nl = text.find('\n', at);
    if (nl == std::string_view::npos) return fail("record header without a line end" + where);
    const std::string_view head = text.substr(at, nl - at);
    const auto space = head.rfind(' ');
    if (space == std::string_view::npos) return fail("record header without a length" + where);
    const std::string_view key = head.substr(0, space), digits = head.substr(space + 1);
    std::size_t len = 0;
    if (digits.empty() || digits.size() > 7) return fail("bad length" + where);
    for (const char c : digits) {
      if (c < '0' || c > '9') return fail("bad length" + where);
      len = len * 10 + static_cast<std::size_t>(c - '0');
    }
    if (len > max_field) return fail("field over " + std::to_string(max_field) + " bytes" + where);
    const std::size_t value_at = nl + 1;
    if (value_at + len + 1 > text.size() || text[value_at + len] != '\n')
      return fail("field shorter than its length" + where);
    const std::string_view raw = text.substr(value_at, len);
    const bool isolates = key == "details" || key == "recipient" || key == "file";
    const auto plain = display_text::received(raw, isolates, true);
    if (!plain) return fail("invalid UTF-8 in the field" + where);
    if (auto bad = add_record(r, key, raw, plain->str(), have_default)) return fail(*bad + where);
    at = value_at + len + 1;
  }
  if (r.buttons.empty()) return fail("no button");
  bool found = false;
  for (const auto& b : r.buttons) found = found || b.id == r.default_id;
  if (!have_default || !found) return fail("the default is no button's id");
  return r;
}

}  // namespace mailtokit::ask
