/// The failure report: why a link was not opened, in plain words (the library's refusals
/// included), what to do, where the draft was kept, and the argv of the window that says it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ask/dialog_text.hpp"
#include "ask/display_text.hpp"
#include "base/errors.hpp"
#include "base/i18n.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit::ask {

/// The title of the failure window (English; shown through tr()).
inline constexpr std::string_view failure_title = N_("mailtokit: the link was not opened");

/// Why a link could not be read, in plain words for the failure dialog and notification (no
/// code, offset or RFC): one sentence per kind of library error.
[[nodiscard]] std::string refusal_words(mailtokit::errc code);

/// Whether the library refused an input for one of its size limits (length, recipients, fields,
/// encoded words, parts, nesting) rather than for how it is written: such a link gets other
/// advice, and its sentence in refusal_words() says "more ... than mailtokit accepts".
[[nodiscard]] bool is_size_limit(mailtokit::errc code) noexcept;

/// The failure report's text: the reason (`shown` when set), what to do, and where the draft
/// was kept.
[[nodiscard]] display_text failure_text(const errors::open_failure& f, std::string_view kept_draft);
/// How to choose another mail program in plain words, for a failure that another program would fix
/// (open_failure::another_program) shown where there is no button for it: a dialog program's
/// window, a notification.
[[nodiscard]] display_text choose_hint();
/// argv of the failure window: an error dialog, markup off.
[[nodiscard]] std::vector<std::string> failure_argv(dialog_program p, const display_text& text);

}  // namespace mailtokit::ask
