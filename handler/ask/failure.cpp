#include "ask/failure.hpp"

namespace mailtokit::ask {

using errors::open_failure;

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

}  // namespace mailtokit::ask
