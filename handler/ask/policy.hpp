/// When `open` asks before a draft opens, and how: the confirm mode, which findings are risks,
/// and whether the terminal, a window or nobody can be asked. Pure functions of their inputs.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/finding_code.hpp"
#include "mailtokit/preview.hpp"

namespace mailtokit::ask {

/// `confirm = risky | always | never`: when `open` asks before handing a draft over.
enum class confirm_mode { risky, always, never };
/// The mode named `name` ("risky", "always", "never"); nullopt for anything else.
[[nodiscard]] std::optional<confirm_mode> parse_confirm_mode(std::string_view name) noexcept;

/// What a finding or warning means for the question (finding_code.hpp): `risky` needs the
/// user's decision, `notice` is said, `info` is for the details.
using mailtokit::severity;
/// severity_of(code), the library's, for a finding code (MAILTOKIT_FINDING_LIST): risky for the findings that
/// change who gets the message or what an address looks like (hidden recipients, bidi tricks,
/// mixed scripts and confusables, invisible and control characters, a display name that shows
/// another address); notice for facts (long texts, a non-ASCII local part). A code it does not
/// know is risky (fail closed).
using mailtokit::severity_of;
/// severity_of(f.code) == severity::risky.
[[nodiscard]] bool is_risky(const preview::finding& f) noexcept;
/// True for a parser note that says a lenient repair changed a recipient field: a risky warning
/// code (MAILTOKIT_WARN_SEVERITY_LIST: an address kept although invalid, or holding text readers
/// decode again), or a text changed in 'to', 'cc' or 'bcc' (controls removed, a charset
/// guessed): decided on the warning's code, its kind and its field, never on its English message.
[[nodiscard]] bool is_risky(const warning& w);

/// True when the draft needs the user's decision before it opens: a risky preview finding, or a
/// parser note that changed a recipient field (is_risky() of each). What the policy already
/// neutralized (dropped fields, other notes) is only told.
[[nodiscard]] bool needs_decision(const draft& d, const std::vector<preview::finding>& findings);

/// How to ask. `terminal`: stdin and stderr are terminals. `dialog`: a display and a dialog
/// program. Otherwise the fallback: tell (notification and stderr) and open, except that
/// confirm = always refuses (`refuse`).
enum class ask_how { no, terminal, dialog, fallback_open, refuse };
struct ask_context {
  bool stdin_tty = false;
  bool stderr_tty = false;
  bool display = false;         ///< DISPLAY or WAYLAND_DISPLAY set
  bool dialog_program = false;  ///< zenity or yad installed
};
[[nodiscard]] ask_how decide_ask(confirm_mode mode, bool risky, const ask_context& c) noexcept;

}  // namespace mailtokit::ask
