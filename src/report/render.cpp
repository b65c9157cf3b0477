// The preview's reports: the text `mailtokit preview` prints, and its JSON.
#include <string>
#include <vector>

#include "mailtokit/json.hpp"
#include "mailtokit/preview.hpp"
#include "report/display.hpp"

namespace mailtokit::preview {

namespace {

std::string address_display(const address& a) {
  std::string s;
  if (!a.display_name.empty()) s += isolate(a.display_name) + " <";
  s += isolate(a.valid ? a.unicode() : a.original, true);
  if (!a.display_name.empty()) s += ">";
  return s;
}

void render_list(std::string& out, std::string_view label, const std::vector<address>& list, bool hidden) {
  if (list.empty()) return;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const auto& a = list[i];
    out += i == 0 ? std::string(label) : std::string(label.size(), ' ');
    out += address_display(a);
    if (hidden) out += "   <- HIDDEN recipient: gets the message, the other recipients do not see it";
    out += '\n';
    const std::string pad(label.size(), ' ');
    if (!a.valid) {
      out += pad + "   (not a valid address)\n";
    } else if (auto ascii = a.ascii()) {
      if (*ascii != a.unicode()) out += pad + "   ASCII form: " + visible(*ascii) + "\n";
    } else if (a.needs_smtputf8) {
      out += pad + "   no ASCII form: the local part is not ASCII (needs SMTPUTF8)\n";
    }
  }
}

}  // namespace

using namespace detail;

std::string render_text(const draft& d, const std::vector<finding>& findings, std::size_t max_body_lines) {
  std::string out = "mailtokit preview: nothing has been sent. The link asks for this draft:\n\n";
  if (d.to.empty() && d.cc.empty() && d.bcc.empty()) out += "To:       (no recipients)\n";
  render_list(out, "To:       ", d.to, false);
  render_list(out, "Cc:       ", d.cc, false);
  render_list(out, "Bcc:      ", d.bcc, true);
  if (d.from) {
    out += "From:     " + address_display(*d.from) + "   (from your configuration, never from the link)\n";
  }
  out += "Subject:  " + (d.subject ? isolate(*d.subject) : std::string("(none)")) + "\n";
  for (const auto& h : d.headers) out += "Header:   " + visible(h.name) + ": " + isolate(h.value) + "\n";
  if (d.body) {
    const std::size_t lines = count_lines(*d.body);
    out += "Body:     " + std::to_string(lines) + (lines == 1 ? " line, " : " lines, ") +
           std::to_string(d.body->size()) + " bytes\n";
    std::string_view rest = *d.body;
    std::size_t shown = 0;
    while (!rest.empty() && shown < max_body_lines) {
      auto nl = rest.find('\n');
      std::string_view line = rest.substr(0, nl);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      out += "  | " + isolate(line) + "\n";
      ++shown;
      if (nl == std::string_view::npos) break;
      rest.remove_prefix(nl + 1);
    }
    if (lines > shown) out += "  | ... " + std::to_string(lines - shown) + " more lines (see --format json)\n";
  } else {
    out += "Body:     (none)\n";
  }
  out += "\nDropped from the link:";
  if (d.dropped.empty()) out += " nothing\n";
  else out += "\n";
  for (const auto& f : d.dropped)
    out += "  " + visible(f.name) + " = " + isolate(f.value) + "\n      " + visible(f.reason) + "\n";
  if (!d.warnings.empty()) {
    out += "\nParser notes:\n";
    for (const auto& w : d.warnings) {
      out += "  [" + visible(to_name(w.code)) + "] " + visible(w.message);
      if (w.offset != static_cast<std::size_t>(-1)) out += " (at byte " + std::to_string(w.offset) + ")";
      out += "\n";
    }
  }
  out += "\nWarnings:";
  if (findings.empty()) out += " none\n";
  else out += "\n";
  for (const auto& f : findings) out += "  [" + f.code + "] " + visible(f.field) + ": " + visible(f.message) + "\n";
  return out;
}

std::string render_json(const draft& d, const std::vector<finding>& findings) {
  std::string out = json::from_draft(d);
  // Insert the findings as the object's last key.
  while (!out.empty() && out.back() != '}') out.pop_back();
  if (out.empty()) return out;
  out.pop_back();
  out += ",\"findings\":[";
  for (std::size_t i = 0; i < findings.size(); ++i) {
    if (i > 0) out += ',';
    out += "{\"code\":";
    json::append_string(out, findings[i].code);
    out += ",\"field\":";
    json::append_string(out, findings[i].field);
    out += ",\"message\":";
    json::append_string(out, findings[i].message);
    out += '}';
  }
  out += "]}";
  return out;
}

}  // namespace mailtokit::preview
