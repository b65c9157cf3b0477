#include "ask/confirm.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

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

display_text failure_text(const open_failure& f, std::string_view kept_draft) {
  const display_text paragraph_break = display_text::ours("\n\n");
  display_text t = display_text::from_link(f.shown.empty() ? f.reason : f.shown, 600);
  if (!f.advice.empty())
    t += paragraph_break + display_text::ours(tr("What to do: {0}"), {display_text::from_link(f.advice, 400)});
  if (!kept_draft.empty())
    t += paragraph_break +
         display_text::ours(tr("The draft was not handed over; it is kept in {0}: open that file with your mail "
                               "program, or click the link again once mail goes where you want."),
                            {display_text::from_link(kept_draft, 400)});
  return t;
}

display_text choose_hint() {
  return display_text::ours(tr("To choose where mail goes, open Mail links from the applications menu, or run "
                               "mailtokit use NAME in a terminal."));
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

std::vector<std::string> failure_argv(dialog_program p, const display_text& text) {
  const std::string title = "--title=" + display_text::ours(tr(failure_title.data())).str();
  switch (p) {
    case dialog_program::zenity:
      return {"zenity", "--error", "--no-markup", "--width=560", title, "--text=" + text.str()};
    case dialog_program::yad:
      return {"yad",      "--image=dialog-error", "--no-markup", "--width=560",
              "--center", "--button=" + std::string(tr("OK")) + ":0", title,         "--text=" + yad_text(text.str())};
    case dialog_program::kdialog:
      return {"kdialog", title, "--error=" + qt_text(text.str())};
  }
  return {};
}

std::vector<std::string> notify_argv(const display_text& summary, const std::vector<display_text>& lines,
                                     bool critical, std::size_t max_lines, std::size_t line_chars) {
  std::string body;
  for (std::size_t i = 0; i < lines.size() && i < max_lines; ++i) {
    if (!body.empty()) body += '\n';
    // A line break inside a line shows as <U+000A> (a notification's lines are the lines given).
    body += escape_markup(display_text::from_link(lines[i].str(), line_chars).str());
  }
  if (lines.size() > max_lines)
    body += "\n(" +
            fill(tr("{0} more: see the terminal or mailtokit preview"), {std::to_string(lines.size() - max_lines)}) +
            ")";
  std::vector<std::string> argv{"notify-send", "--app-name=mailtokit"};
  if (critical) argv.push_back("--urgency=critical");
  // GOption: "--" ends the options, so nothing from the link can become one.
  argv.push_back("--");
  argv.push_back(summary.str());
  argv.push_back(body);
  return argv;
}

// ---- files a request asks to attach --------------------------------------------------------

display_text shown_file_name(std::string_view name, std::size_t max) {
  return display_text::file_name_from_link(name, max);
}

std::vector<display_text> recipient_lines(const draft& d) {
  std::vector<display_text> out;
  auto list = [&](const std::vector<address>& v, const char* label) {
    if (v.empty()) return;
    std::vector<display_text> addresses;
    for (std::size_t i = 0; i < v.size() && i < 20; ++i)
      addresses.push_back(display_text::isolated_from_link(v[i].valid ? v[i].unicode() : v[i].original, 120, true));
    display_text line = display_text::join(addresses, display_text::ours(", "));
    if (v.size() > 20)
      // TRANSLATORS: after a list of 20 addresses; {0} is how many more there are.
      line += display_text::ours(" ") +
              display_text::ours(ntr("and {0} more (the details show every one)",
                                     "and {0} more (the details show every one)", v.size() - 20),
                                 {display_text::number(v.size() - 20)});
    out.push_back(display_text::ours(tr(label), {line}));
  };
  // The hidden copies first: on the first screen, never below what a long To list pushes down.
  list(d.bcc, N_("Hidden copy, which the others do not see: {0}"));
  list(d.to, N_("To: {0}"));
  list(d.cc, N_("Cc: {0}"));
  return out;
}

namespace {

display_text asked_intro(std::size_t n, std::string_view asker, std::string_view program) {
  const display_text who = display_text::from_link(asker, 120);
  const display_text for_program = display_text::from_link(program, 120);
  const display_text count = display_text::number(n);
  if (asker.empty())
    return display_text::ours(ntr("This request asks to attach a file to the message for {1}.",
                                  "This request asks to attach {0} files to the message for {1}.", n),
                              {count, for_program});
  return display_text::ours(ntr("{2} asks to attach a file to the message for {1}.",
                                "{2} asks to attach {0} files to the message for {1}.", n),
                            {count, for_program, who});
}

}  // namespace

file_offer offer_text(const std::vector<attachments::vetted_file>& files, std::string_view asker,
                      std::string_view program, const std::vector<std::string>& lost_with_files) {
  file_offer o;
  std::size_t allowed = 0;
  for (const auto& f : files) allowed += f.allowed() ? 1u : 0u;
  o.intro = asked_intro(files.size(), asker, program);
  o.advice = display_text::ours(tr("A link in a web page or a message must never send your files: choose a file only "
                                   "if you asked to send it yourself. A file you do not choose is not attached."));
  auto name_of = [](const attachments::vetted_file& f) {
    return shown_file_name(!f.name.empty() ? f.name : f.requested.path_as_given, 80);
  };
  // Every file that would be attached is offered: vet_all() offers at most attach_max_files (12
  // at the most) and refuses the rest, never "... and N more".
  for (const auto& f : files)
    if (f.allowed())
      o.files.push_back({name_of(f), display_text::ours(tr("in {0}, {1}, {2}"),
                                                        {display_text::from_link(f.folder, 160),
                                                         display_text::from_link(f.size_text, 80),
                                                         display_text::from_link(f.type_text, 80)})});
  std::size_t refused = 0;
  for (const auto& f : files) {
    if (f.allowed() || ++refused > 12) continue;
    o.notes.push_back(display_text::ours(tr("Never attached: {0}: {1}"),
                                         {name_of(f), display_text::from_link(f.refusal_text, 200)}));
  }
  if (refused > 12)
    o.notes.push_back(display_text::ours(
        ntr("{0} more file is never attached.", "{0} more files are never attached.", refused - 12),
        {display_text::number(refused - 12)}));
  if (allowed > 0)
    for (std::size_t i = 0; i < lost_with_files.size() && i < 4; ++i)
      o.notes.push_back(
          display_text::ours(tr("If a file is attached: {0}"), {display_text::from_link(lost_with_files[i], 200)}));
  return o;
}

}  // namespace mailtokit::ask
