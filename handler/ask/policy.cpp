#include "ask/policy.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "mailtokit/warning.hpp"

namespace mailtokit::ask {

std::optional<confirm_mode> parse_confirm_mode(std::string_view name) noexcept {
  if (name == "risky") return confirm_mode::risky;
  if (name == "always") return confirm_mode::always;
  if (name == "never") return confirm_mode::never;
  return std::nullopt;
}

namespace {

// Every finding code preview.hpp lists, with what it means for the question. A code missing here
// (one a newer library adds, a typo) is risky: the question fails closed, never open.
struct code_severity {
  std::string_view code;
  severity level;
};
constexpr std::array<code_severity, 18> known_codes{{
    // Who gets the message, or what an address looks like.
    {"hidden_recipients", severity::risky},
    {"bidi_control", severity::risky},
    {"mixed_direction", severity::risky},
    {"mixed_script", severity::risky},
    {"confusable", severity::risky},
    {"mixed_numbers", severity::risky},
    {"hidden_overlay", severity::risky},
    {"invisible_character", severity::risky},
    {"control_character", severity::risky},
    {"display_name_mismatch", severity::risky},
    {"address_decodes_again", severity::risky},
    {"address_compatibility_characters", severity::risky},
    // Facts: said, never asked about. The hand-over leaves a name with separators off and says
    // so; an invalid address is a parser note, asked about as such (is_risky(const warning&)).
    {"display_name_separators", severity::told},
    {"invalid_address", severity::told},
    {"non_ascii_local_part", severity::told},
    {"long_subject", severity::told},
    {"long_body", severity::told},
    {"many_lines", severity::told},
}};

}  // namespace

severity severity_of(std::string_view code) noexcept {
  for (const auto& k : known_codes)
    if (k.code == code) return k.level;
  return severity::risky;
}

bool is_risky(const preview::finding& f) noexcept { return severity_of(f.code) == severity::risky; }

bool is_risky(const warning& w) {
  if (w.code == warning_code::invalid_address || w.code == warning_code::address_decodes_again ||
      w.code == warning_code::address_compatibility_characters)
    return true;
  // The text of a recipient field changed: controls removed, bytes replaced, a charset guessed.
  const bool recipients = w.field == "to" || w.field == "cc" || w.field == "bcc";
  return recipients && kind_of(w.code) == warning_kind::text_changed;
}

bool needs_decision(const draft& d, const std::vector<preview::finding>& findings) {
  return std::any_of(findings.begin(), findings.end(), [](const auto& f) { return is_risky(f); }) ||
         std::any_of(d.warnings.begin(), d.warnings.end(), [](const auto& w) { return is_risky(w); });
}

ask_how decide_ask(confirm_mode mode, bool risky, const ask_context& c) noexcept {
  if (mode == confirm_mode::never || (mode == confirm_mode::risky && !risky)) return ask_how::no;
  // A person at a terminal answers there (they started us by hand); a browser gives us no
  // terminal, so the desktop asks.
  if (c.stdin_tty && c.stderr_tty) return ask_how::terminal;
  if (c.display && c.dialog_program) return ask_how::dialog;
  return mode == confirm_mode::always ? ask_how::refuse : ask_how::fallback_open;
}

}  // namespace mailtokit::ask
