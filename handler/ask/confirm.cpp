#include "ask/confirm.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "ask/display_text.hpp"
#include "base/i18n.hpp"
#include "clients/dispatch.hpp"

namespace mailtokit::ask {

using program::open_failure;

namespace {

bool is_lead(char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }

// `s` with the characters that XML-like markup reads escaped: notification bodies (Desktop
// Notifications Specification, "Markup") and Qt rich text.
std::string escape_markup(std::string_view s) {
  std::string o;
  for (const char c : s) {
    if (c == '&')
      o += "&amp;";
    else if (c == '<')
      o += "&lt;";
    else if (c == '>')
      o += "&gt;";
    else if (c == '"')
      o += "&quot;";
    else
      o += c;
  }
  return o;
}

constexpr std::size_t qt_line_chars = 80;

std::string_view program_name(dialog_program p) {
  switch (p) {
    case dialog_program::zenity:
      return "zenity";
    case dialog_program::yad:
      return "yad";
    case dialog_program::kdialog:
      return "kdialog";
  }
  return "";
}

}  // namespace

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

std::optional<dialog_program> choose_dialog(std::string_view current_desktop,
                                            const std::function<bool(std::string_view)>& installed) {
  bool qt = false;
  while (!current_desktop.empty()) {
    const auto colon = std::min(current_desktop.find(':'), current_desktop.size());
    const auto entry = current_desktop.substr(0, colon);
    qt = qt || entry == "KDE" || entry == "LXQt";
    current_desktop.remove_prefix(std::min(colon + 1, current_desktop.size()));
  }
  constexpr dialog_program gtk_first[] = {dialog_program::zenity, dialog_program::yad,
                                          dialog_program::kdialog};
  constexpr dialog_program qt_first[] = {dialog_program::kdialog, dialog_program::zenity,
                                         dialog_program::yad};
  for (const auto p : qt ? qt_first : gtk_first)
    if (installed(program_name(p))) return p;
  return std::nullopt;
}

std::string qt_text(std::string_view text, std::size_t max_bytes) {
  std::string out = "<qt><div style=\"white-space:pre-wrap\">";
  const std::string_view tail = "</div></qt>";
  std::size_t left_out = 0;
  while (!text.empty()) {
    // A line of at most qt_line_chars code points, so the message box knows its real height
    // when it decides to scroll (it wraps long lines only after that decision).
    std::size_t end = 0, cps = 0;
    while (end < text.size() && text[end] != '\n' && !(is_lead(text[end]) && cps++ == qt_line_chars)) ++end;
    const bool newline = end < text.size() && text[end] == '\n';
    const std::string line = escape_markup(text.substr(0, end));
    text.remove_prefix(end + (newline ? 1 : 0));
    if (left_out > 0 || out.size() + line.size() + tail.size() + 64 > max_bytes) {
      ++left_out;
      continue;
    }
    out += line + "\n";  // white-space: pre-wrap keeps it (a text without line breaks is elided)
  }
  if (left_out > 0)
    out += "... " + fill(ntr("{0} more line (run `mailtokit preview` to see all)",
                             "{0} more lines (run `mailtokit preview` to see all)", left_out),
                         {std::to_string(left_out)});
  return out + std::string(tail);
}

bool is_size_limit(mailtokit::errc code) noexcept {
  using mailtokit::errc;
  return code == errc::input_too_long || code == errc::too_many_recipients || code == errc::too_many_hfields ||
         code == errc::too_many_encoded_words || code == errc::too_many_parts || code == errc::nesting_too_deep;
}

std::string refusal_words(mailtokit::errc code) {
  using mailtokit::errc;
  switch (code) {
    case errc::input_too_long:
      return tr("The link is longer than mailtokit reads.");
    case errc::too_many_recipients:
      return tr("The link names more recipients than mailtokit accepts.");
    case errc::too_many_hfields:
    case errc::too_many_encoded_words:
    case errc::too_many_parts:
    case errc::nesting_too_deep:
      return tr("The link has more parts than mailtokit accepts.");
    case errc::empty_input:
      return tr("The link is empty.");
    case errc::not_mailto:
    case errc::iri_bad_scheme:
      return tr("This is not a mailto: link.");
    case errc::utf8_truncated:
    case errc::utf8_overlong:
    case errc::utf8_surrogate:
    case errc::utf8_too_large:
    case errc::utf8_invalid_byte:
    case errc::mailto_invalid_utf8:
    case errc::unknown_charset:
    case errc::charset_conversion:
    case errc::encoded_word_malformed:
      return tr("The link contains text that cannot be read as letters.");
    case errc::percent_truncated:
    case errc::percent_bad_hex:
      return tr("The link has a % sign that is not followed by a character code.");
    case errc::mailto_second_question:
    case errc::mailto_bad_char:
    case errc::mailto_bad_hfield:
    case errc::mailto_bad_hname:
    case errc::iri_bad_char:
    case errc::iri_private_outside_query:
    case errc::iri_bad_authority:
    case errc::iri_bad_port:
    case errc::iri_bad_ip_literal:
    case errc::iri_bidi:
      return tr("The link is not written correctly: it has a character or a field a mailto: link may not have.");
    case errc::idna_invalid:
    case errc::idna_too_long:
    case errc::idna_empty_label:
    case errc::idna_bad_punycode:
    case errc::idna_disallowed:
    case errc::idna_bidi:
    case errc::address_empty:
    case errc::address_no_at:
    case errc::address_bad_local:
    case errc::address_bad_domain:
    case errc::address_bad_list:
    case errc::invalid_address:
    case errc::no_recipients:
      return tr("An address in the link is not a valid email address.");
    case errc::needs_smtputf8:
      return tr("An address has letters outside A to Z before the @, which your settings do not allow.");
    case errc::address_decodes_again:
      return tr("An address in the link holds codes that mail programs would read as another address.");
    case errc::display_name_separators:
      return tr("A name in the link holds characters that mail programs would read as other addresses.");
    case errc::address_compatibility_characters:
      return tr("An address in the link holds look-alike characters that mail programs would read as other addresses.");
    case errc::header_injection:
    case errc::header_not_allowed:
      return tr("The link tries to add line breaks or hidden fields to the message.");
    case errc::message_malformed:
    case errc::body_malformed:
      return tr("The message could not be read.");
    case errc::no_memory:
      return tr("There was not enough memory to read the link.");
    case errc::internal_error:
      break;
  }
  return tr("mailtokit could not read the link because of an error of its own.");
}

std::string failure_text(const open_failure& f, std::string_view kept_draft) {
  std::string t = clip(preview::visible(f.shown.empty() ? f.reason : f.shown), 600);
  if (!f.advice.empty()) t += "\n\n" + fill(tr("What to do: {0}"), {clip(preview::visible(f.advice), 400)});
  if (!kept_draft.empty())
    t += "\n\n" + fill(tr("The draft was not handed over; it is kept in {0}: open that file with your mail "
                            "program, or click the link again once mail goes where you want."),
                         {clip(preview::visible(kept_draft), 400)});
  return blank_runs_shown(t);
}

std::string choose_hint() {
  return tr("To choose where mail goes, open Mail links from the applications menu, or run mailtokit use NAME in a "
            "terminal.");
}

std::string breakable(std::string_view text, std::size_t every) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  std::size_t run = 0;
  for (const char c : text) {
    if (c == ' ' || c == '\n' || c == '\t') {
      run = 0;
    } else if (is_lead(c)) {
      if (run == every) {
        out += "\u200B";
        run = 0;
      }
      ++run;
    }
    out += c;
  }
  return out;
}

std::string yad_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::vector<std::string> failure_argv(dialog_program p, std::string_view text) {
  const std::string title = "--title=" + std::string(tr(failure_title.data()));
  switch (p) {
    case dialog_program::zenity:
      return {"zenity", "--error", "--no-markup", "--width=560", title, "--text=" + std::string(text)};
    case dialog_program::yad:
      return {"yad",      "--image=dialog-error", "--no-markup", "--width=560",
              "--center", "--button=" + std::string(tr("OK")) + ":0", title,         "--text=" + yad_text(text)};
    case dialog_program::kdialog:
      return {"kdialog", title, "--error=" + qt_text(text)};
  }
  return {};
}

std::vector<std::string> notify_argv(std::string_view summary, const std::vector<std::string>& lines,
                                     bool critical, std::size_t max_lines, std::size_t line_chars) {
  std::string body;
  for (std::size_t i = 0; i < lines.size() && i < max_lines; ++i) {
    if (!body.empty()) body += '\n';
    body += escape_markup(blank_runs_shown(preview::visible(clip(lines[i], line_chars))));
  }
  if (lines.size() > max_lines)
    body += "\n(" +
            fill(tr("{0} more: see the terminal or mailtokit preview"), {std::to_string(lines.size() - max_lines)}) +
            ")";
  std::vector<std::string> argv{"notify-send", "--app-name=mailtokit"};
  if (critical) argv.push_back("--urgency=critical");
  // GOption: "--" ends the options, so nothing from the link can become one.
  argv.push_back("--");
  argv.emplace_back(summary);
  argv.push_back(body);
  return argv;
}

// ---- files a request asks to attach --------------------------------------------------------

std::string shown_file_name(std::string_view name, std::size_t max) {
  const std::string v = preview::visible(name);
  std::vector<std::size_t> starts;  // byte offset of each character
  for (std::size_t i = 0; i < v.size(); ++i)
    if (is_lead(v[i])) starts.push_back(i);
  constexpr std::size_t tail = 16;
  std::string out = "\xE2\x81\xA8";  // FSI
  if (starts.size() <= max || max <= tail + 1) {
    out += v;
  } else {
    out += v.substr(0, starts[max - tail - 1]);
    out += "\xE2\x80\xA6";  // an ellipsis where characters were cut
    out += v.substr(starts[starts.size() - tail]);
  }
  return out + "\xE2\x81\xA9";  // PDI
}

std::vector<std::string> recipient_lines(const draft& d) {
  std::vector<std::string> out;
  auto list = [&](const std::vector<address>& v, const char* label) {
    if (v.empty()) return;
    std::string line;
    for (std::size_t i = 0; i < v.size() && i < 20; ++i) {
      // Appended piece by piece: GCC 12's -Wrestrict misreads `"..." + std::string&&` here at -O3.
      if (i > 0) line += ", ";
      // Cut before it is made visible: an invalid address of invisible characters grows eight
      // times in visible(), and no field may grow past what the window reads.
      line += preview::isolate(clip(v[i].valid ? v[i].unicode() : v[i].original, 120), true);
    }
    if (v.size() > 20) {
      line += ' ';
      // TRANSLATORS: after a list of 20 addresses; {0} is how many more there are.
      line += fill(ntr("and {0} more (the details show every one)", "and {0} more (the details show every one)",
                       v.size() - 20),
                   {std::to_string(v.size() - 20)});
    }
    out.push_back(fill(tr(label), {line}));
  };
  // The hidden copies first: on the first screen, never below what a long To list pushes down.
  list(d.bcc, N_("Hidden copy, which the others do not see: {0}"));
  list(d.to, N_("To: {0}"));
  list(d.cc, N_("Cc: {0}"));
  return out;
}

file_offer offer_text(const std::vector<attachments::vetted_file>& files, std::string_view asker,
                      std::string_view program, const std::vector<std::string>& lost_with_files) {
  file_offer o;
  std::size_t allowed = 0;
  for (const auto& f : files) allowed += f.allowed() ? 1u : 0u;
  const std::string who = clip(preview::visible(asker), 120);
  const std::string for_program = clip(preview::visible(program), 120);
  const std::string count = std::to_string(files.size());
  o.intro = asker.empty() ? fill(ntr("This request asks to attach a file to the message for {1}.",
                                     "This request asks to attach {0} files to the message for {1}.", files.size()),
                                 {count, for_program})
                          : fill(ntr("{2} asks to attach a file to the message for {1}.",
                                     "{2} asks to attach {0} files to the message for {1}.", files.size()),
                                 {count, for_program, who});
  o.advice = tr("A link in a web page or a message must never send your files: choose a file only if you asked "
                "to send it yourself. A file you do not choose is not attached.");
  auto name_of = [](const attachments::vetted_file& f) {
    return shown_file_name(!f.name.empty() ? f.name : f.requested.path_as_given, 80);
  };
  // Every file that would be attached is offered: vet_all() offers at most attach_max_files (12
  // at the most) and refuses the rest, never "... and N more".
  for (const auto& f : files)
    if (f.allowed())
      o.files.push_back({name_of(f), fill(tr("in {0}, {1}, {2}"), {clip(preview::visible(f.folder), 160),
                                                                    preview::visible(f.size_text),
                                                                    clip(preview::visible(f.type_text), 80)})});
  std::size_t refused = 0;
  for (const auto& f : files) {
    if (f.allowed() || ++refused > 12) continue;
    o.notes.push_back(fill(tr("Never attached: {0}: {1}"), {name_of(f), clip(preview::visible(f.refusal_text), 200)}));
  }
  if (refused > 12)
    o.notes.push_back(fill(ntr("{0} more file is never attached.", "{0} more files are never attached.", refused - 12),
                           {std::to_string(refused - 12)}));
  if (allowed > 0)
    for (std::size_t i = 0; i < lost_with_files.size() && i < 4; ++i)
      o.notes.push_back(fill(tr("If a file is attached: {0}"), {clip(preview::visible(lost_with_files[i]), 200)}));
  return o;
}

}  // namespace mailtokit::ask
