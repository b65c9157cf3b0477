#include "xdg/mimeapps.hpp"

#include <vector>

namespace mailtokit::mimeapps {
namespace {

std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    out.push_back(text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  return out;
}

// `out` += first [+ "=" + value] + "\n", by appending (GCC 12 at -O3 reports a false -Wrestrict for
// chains of std::string operator+, bug 105329).
void add_line(std::string& out, std::string_view first, std::string_view value = {}) {
  out.append(first);
  if (!value.empty()) {
    out.push_back('=');
    out.append(value);
  }
  out.push_back('\n');
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// "[Group]" -> "Group"; nullopt for another line.
std::optional<std::string_view> group_of(std::string_view line) {
  line = trimmed(line);
  if (line.size() < 2 || line.front() != '[' || line.back() != ']') return std::nullopt;
  return line.substr(1, line.size() - 2);
}

// The value when `line` is "type=value" (white space around '=' allowed), else nullopt.
std::optional<std::string_view> value_of(std::string_view line, std::string_view type) {
  line = trimmed(line);
  const auto eq = line.find('=');
  if (eq == std::string_view::npos || trimmed(line.substr(0, eq)) != type) return std::nullopt;
  return trimmed(line.substr(eq + 1));
}

}  // namespace

std::optional<std::string> value(std::string_view text, std::string_view group, std::string_view type) {
  std::string_view current;
  for (const auto line : lines(text)) {
    if (auto g = group_of(line)) {
      current = *g;
      continue;
    }
    if (current != group) continue;
    if (auto v = value_of(line, type)) return std::string(*v);
  }
  return std::nullopt;
}

std::string set_default(std::string_view text, std::string_view type, const std::optional<std::string>& v) {
  constexpr std::string_view group = "Default Applications";
  std::string out;
  std::string_view current;
  bool in_group_seen = false, done = false;
  std::size_t group_end = 0;  // in `out`: after the group's last line that is not blank
  std::string line_text;
  if (v) add_line(line_text, type, *v);
  for (const auto line : lines(text)) {
    if (auto g = group_of(line)) {
      if (current == group && !done) {  // leaving the group without the line: add it at its end
        out.insert(group_end, line_text);
        done = true;
      }
      current = *g;
      in_group_seen = in_group_seen || current == group;
      add_line(out, line);
      group_end = out.size();
      continue;
    }
    if (current == group && value_of(line, type)) {
      if (!done) out += line_text;
      done = true;
      group_end = out.size();
      continue;
    }
    add_line(out, line);
    if (!trimmed(line).empty()) group_end = out.size();
  }
  if (!done && v) {
    if (in_group_seen && current == group) {
      out.insert(group_end, line_text);
    } else {
      if (!in_group_seen) {
        if (!out.empty() && !out.ends_with("\n\n")) out += '\n';
        out += '[';
        out.append(group);
        out.append("]\n");
      }
      out += line_text;
    }
  }
  return out;
}

std::string drop_id(std::string_view text, std::string_view type, std::string_view id) {
  std::string out;
  for (const auto line : lines(text)) {
    auto v = group_of(line) ? std::nullopt : value_of(line, type);
    if (!v) {
      add_line(out, line);
      continue;
    }
    std::string kept;
    std::string_view list = *v;
    while (!list.empty()) {
      const auto semi = list.find(';');
      const auto item = trimmed(list.substr(0, semi));
      list.remove_prefix(semi == std::string_view::npos ? list.size() : semi + 1);
      if (item.empty() || item == id) continue;
      kept += std::string(item) + ";";
    }
    if (!kept.empty()) add_line(out, type, kept);
  }
  return out;
}

std::string default_list(std::string_view first, std::string_view then) {
  std::string out(first);
  out += ';';
  if (!then.empty() && then != first) {
    out.append(then);
    out += ';';
  }
  return out;
}

bool holds_no_entry(std::string_view text) {
  for (const auto line : lines(text)) {
    const auto t = trimmed(line);
    if (!t.empty() && t.front() != '#' && !group_of(t)) return false;
  }
  return true;
}

std::vector<std::string> list_paths(std::string_view config_home, std::string_view config_dirs,
                                   std::string_view data_home, std::string_view data_dirs,
                                   const std::vector<std::string>& desktops) {
  std::vector<std::string> folders;
  const auto add = [&folders](std::string_view dir, std::string_view sub) {
    if (dir.empty() || dir.front() != '/') return;
    std::string d(dir);
    while (d.size() > 1 && d.back() == '/') d.pop_back();
    folders.push_back(d + std::string(sub));
  };
  const auto add_all = [&add](std::string_view list, std::string_view fallback, std::string_view sub) {
    if (list.empty()) list = fallback;
    while (!list.empty()) {
      const auto colon = list.find(':');
      add(list.substr(0, colon), sub);
      list.remove_prefix(colon == std::string_view::npos ? list.size() : colon + 1);
    }
  };
  add(config_home, "");
  add_all(config_dirs, "/etc/xdg", "");
  add(data_home, "/applications");
  add_all(data_dirs, "/usr/local/share:/usr/share", "/applications");
  std::vector<std::string> out;
  for (const auto& f : folders) {
    for (const auto& desk : desktops) {
      std::string lower;
      for (const char c : desk) lower += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
      if (!lower.empty()) out.push_back(f + "/" + lower + "-mimeapps.list");
    }
    out.push_back(f + "/mimeapps.list");
  }
  return out;
}

std::vector<std::string> named_defaults(const std::vector<std::string>& texts, std::string_view type) {
  std::vector<std::string> out;
  for (const auto& t : texts) {
    auto v = value(t, "Default Applications", type);
    if (!v) continue;
    std::string_view rest = *v;
    while (!rest.empty()) {
      const auto semi = rest.find(';');
      auto id = rest.substr(0, semi);
      while (!id.empty() && (id.front() == ' ' || id.front() == '\t')) id.remove_prefix(1);
      while (!id.empty() && (id.back() == ' ' || id.back() == '\t')) id.remove_suffix(1);
      if (!id.empty()) out.emplace_back(id);
      rest.remove_prefix(semi == std::string_view::npos ? rest.size() : semi + 1);
    }
  }
  return out;
}

}  // namespace mailtokit::mimeapps
