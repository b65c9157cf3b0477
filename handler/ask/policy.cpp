#include "ask/policy.hpp"

#include <algorithm>
#include <string_view>

#include "mailtokit/finding_code.hpp"
#include "mailtokit/warning.hpp"

namespace mailtokit::ask {

std::optional<confirm_mode> parse_confirm_mode(std::string_view name) noexcept {
  if (name == "risky") return confirm_mode::risky;
  if (name == "always") return confirm_mode::always;
  if (name == "never") return confirm_mode::never;
  return std::nullopt;
}

bool is_risky(const preview::finding& f) noexcept { return severity_of(f.code) == severity::risky; }

bool is_risky(const warning& w) {
  if (severity_of(w.code) == severity::risky) return true;
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
