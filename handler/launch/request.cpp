#include "launch/request.hpp"

#include "mailtokit/json.hpp"

namespace mailtokit::launch {

namespace {

void append_array(std::string& j, const std::vector<std::string>& list) {
  j += '[';
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (i > 0) j += ',';
    json::append_string(j, list[i]);
  }
  j += ']';
}

void append_entry(std::string& j, const request& r) {
  if (!r.desktop_entry) {
    j += "null";
    return;
  }
  const start_request s = entry_start(r);
  j += "{\"id\":";
  json::append_string(j, r.desktop_entry->id);
  j += ",\"file\":";
  json::append_string(j, r.desktop_entry->path);
  auto line = exec_line(s);
  j += ",\"exec\":";
  json::append_string(j, line ? *line : r.desktop_entry->exec);
  j += std::string(",\"dbus\":") + (uses_dbus(s) ? "true" : "false") + "}";
}

}  // namespace

start_request entry_start(const request& r) {
  start_request s;
  s.e = r.desktop_entry ? &*r.desktop_entry : nullptr;
  s.args = r.args;
  s.is_uri = r.is_uri;
  s.option_before = r.option_before;
  s.terminal = r.terminal;
  s.token = r.activation_token;
  return s;
}

std::string to_json(const request& r) {
  std::string j = "{\"target\":";
  json::append_string(j, r.target);
  j += ",\"name\":";
  json::append_string(j, r.name);
  j += ",\"desktop_entry\":";
  append_entry(j, r);
  const bool entry = r.desktop_entry.has_value();
  j += ",\"uris\":";
  append_array(j, entry && r.is_uri ? r.args : std::vector<std::string>{});
  j += ",\"args\":";
  append_array(j, entry && !r.is_uri ? r.args : std::vector<std::string>{});
  j += ",\"argv\":";
  append_array(j, r.argv);
  j += ",\"terminal\":";
  append_array(j, r.terminal);
  j += ",\"files\":[";
  for (std::size_t i = 0; i < r.files.size(); ++i) {
    if (i > 0) j += ',';
    j += "{\"what\":";
    json::append_string(j, r.files[i].what);
    j += ",\"path\":";
    json::append_string(j, r.files[i].path);
    j += ",\"bytes\":";
    json::append_string(j, r.files[i].bytes);
    j += '}';
  }
  j += "],\"activation_token\":";
  json::append_string(j, r.activation_token);
  return j + "}";
}

}  // namespace mailtokit::launch
