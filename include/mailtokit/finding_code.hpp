/// @file
/// Finding codes and severities: every code the preview (preview::check()) and the hand-over
/// (handover::code_of()) report, in one list with what each means for a person asked about the
/// draft, and the severity of each warning code (warning.hpp), so that no program compares
/// English text or spells a code of its own, and a code nobody listed is risky.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "mailtokit/export.h"
#include "mailtokit/warning.hpp"

namespace mailtokit {

/// What a finding or a warning means for the question before a draft opens; ordered, so
/// `s >= severity::notice` is "said to the user".
enum class severity : std::uint8_t {
  info,    ///< a fact about how the link was read: in `inspect`, JSON and the details only
  notice,  ///< said to the user (a long text, an address kept although invalid, a change the hand-over makes), not asked about
  risky,   ///< needs the user's decision: who gets the message or what an address looks like may not be what it seems
};

/// The finding codes, one line per code: X(snake_case_name, severity, "what it means").
///
/// - `severity` is a severity enumerator: what the code means for the question.
/// - The name is a stable contract (preview::finding::code, the JSON output, the C API and the
///   CLI carry it); append, never rename. A name not in this list is risky (severity_of()).
///
/// | code | severity | meaning |
/// |---|---|---|
/// | `hidden_recipients` | risky | the draft has Bcc recipients, who are not shown to the others |
/// | `bidi_control` | risky | bidi formatting characters that can reorder what is displayed (RFC 3987 section 4.1) |
/// | `mixed_direction` | risky | an address part mixes left-to-right and right-to-left text (RFC 3987 section 4.2) |
/// | `mixed_script` | risky | an identifier fails UTS #39 "moderately restrictive" |
/// | `confusable` | risky | a non-ASCII local part or domain whose UTS #39 skeleton is ASCII |
/// | `mixed_numbers` | risky | digits of several numbering systems (UTS #39) |
/// | `hidden_overlay` | risky | a mark that hides in the character before it (UTS #39) |
/// | `non_ascii_local_part` | notice | a local part beyond ASCII (RFC 6532): not every server takes it |
/// | `invisible_character` | risky | invisible characters (default-ignorable, format, tags) |
/// | `control_character` | risky | C0/C1 controls or DEL |
/// | `invalid_address` | notice | not a valid address: kept for the user to correct |
/// | `display_name_mismatch` | risky | a display name that holds another address |
/// | `address_decodes_again` | risky | text that mail programs decode again into another address (decodes_again()) |
/// | `display_name_separators` | notice | a display name holding separators (name_holds_separators()); the hand-over takes it off |
/// | `address_compatibility_characters` | risky | characters that NFKC and IDNA map to separators (compatibility_separators()) |
/// | `spoof_check_failed` | risky | ICU could not check a text for look-alikes: never taken for a pass |
/// | `long_subject` | notice | a subject longer than preview::thresholds::subject_chars |
/// | `long_body` | notice | a body longer than preview::thresholds::body_bytes |
/// | `many_lines` | notice | a body with more lines than preview::thresholds::body_lines |
/// | `handover_address_left_out` | notice | the hand-over leaves a recipient out (handover::change_kind::address_left_out) |
/// | `handover_name_taken_off` | notice | the hand-over takes a display name off (handover::change_kind::name_taken_off) |
/// | `handover_text_defused` | notice | the hand-over defuses a header text (handover::change_kind::text_defused) |
/// | `handover_text_shortened` | notice | the hand-over shortens a header text (handover::change_kind::text_shortened) |
#define MAILTOKIT_FINDING_LIST(X)                                                                          \
  X(hidden_recipients, risky, "the draft has hidden recipients (Bcc)")                                      \
  X(bidi_control, risky, "bidi formatting characters can reorder what is displayed")                        \
  X(mixed_direction, risky, "an address mixes left-to-right and right-to-left text")                        \
  X(mixed_script, risky, "an identifier mixes scripts that UTS #39 does not allow together")                \
  X(confusable, risky, "a text is not ASCII but looks like ASCII text")                                     \
  X(mixed_numbers, risky, "digits from different numbering systems are mixed")                              \
  X(hidden_overlay, risky, "a mark hides in the character before it")                                       \
  X(non_ascii_local_part, notice, "a local part is not ASCII; not every mail server accepts it")            \
  X(invisible_character, risky, "a text holds invisible characters")                                        \
  X(control_character, risky, "a text holds control characters")                                           \
  X(invalid_address, notice, "an address is not valid; it is kept so it can be corrected")                  \
  X(display_name_mismatch, risky, "a display name shows another address")                                   \
  X(address_decodes_again, risky, "an address holds text that mail programs decode again into another address") \
  X(display_name_separators, notice, "a display name holds characters that mail programs read as separators") \
  X(address_compatibility_characters, risky, "an address holds characters that mail programs map to separators") \
  X(spoof_check_failed, risky, "a text could not be checked for look-alike characters")                     \
  X(long_subject, notice, "the subject is long")                                                            \
  X(long_body, notice, "the body is long")                                                                  \
  X(many_lines, notice, "the body has many lines")                                                          \
  X(handover_address_left_out, notice, "the hand-over to a mail program leaves a recipient out")            \
  X(handover_name_taken_off, notice, "the hand-over to a mail program takes a display name off")            \
  X(handover_text_defused, notice, "the hand-over to a mail program defuses a text that readers decode again") \
  X(handover_text_shortened, notice, "the hand-over to a mail program shortens a text longer than readers take")

/// Every finding code, in MAILTOKIT_FINDING_LIST order (codes are only appended).
enum class finding_code : std::uint16_t {
/// @cond
#define MAILTOKIT_FINDING_ENUM(name, level, text) name,
/// @endcond
  MAILTOKIT_FINDING_LIST(MAILTOKIT_FINDING_ENUM)
#undef MAILTOKIT_FINDING_ENUM
};

// Doxygen attaches these to the enumerators that MAILTOKIT_FINDING_LIST expands into (the table
// at MAILTOKIT_FINDING_LIST has the same facts in one place).
/// @var finding_code::hidden_recipients
/// The draft has Bcc recipients. Risky.
/// @var finding_code::bidi_control
/// Bidi formatting characters that can reorder what is displayed. Risky.
/// @var finding_code::mixed_direction
/// An address part mixes left-to-right and right-to-left text. Risky.
/// @var finding_code::mixed_script
/// An identifier fails UTS #39 "moderately restrictive". Risky.
/// @var finding_code::confusable
/// A non-ASCII local part or domain whose UTS #39 skeleton is ASCII. Risky.
/// @var finding_code::mixed_numbers
/// Digits of several numbering systems. Risky.
/// @var finding_code::hidden_overlay
/// A mark that hides in the character before it. Risky.
/// @var finding_code::non_ascii_local_part
/// A local part beyond ASCII (RFC 6532). Notice.
/// @var finding_code::invisible_character
/// Invisible characters. Risky.
/// @var finding_code::control_character
/// Control characters. Risky.
/// @var finding_code::invalid_address
/// Not a valid address, kept for the user to correct. Notice.
/// @var finding_code::display_name_mismatch
/// A display name that holds another address. Risky.
/// @var finding_code::address_decodes_again
/// Text that mail programs decode again into another address. Risky.
/// @var finding_code::display_name_separators
/// A display name holding separators; the hand-over takes it off. Notice.
/// @var finding_code::address_compatibility_characters
/// Characters that NFKC and IDNA map to separators. Risky.
/// @var finding_code::spoof_check_failed
/// ICU could not check a text for look-alikes (never taken for a pass). Risky.
/// @var finding_code::long_subject
/// A long subject. Notice.
/// @var finding_code::long_body
/// A long body. Notice.
/// @var finding_code::many_lines
/// A body with many lines. Notice.
/// @var finding_code::handover_address_left_out
/// The hand-over leaves a recipient out. Notice.
/// @var finding_code::handover_name_taken_off
/// The hand-over takes a display name off. Notice.
/// @var finding_code::handover_text_defused
/// The hand-over defuses a header text. Notice.
/// @var finding_code::handover_text_shortened
/// The hand-over shortens a header text. Notice.

/// The stable snake_case name of a code, e.g. "bidi_control" (preview::finding::code, the JSON
/// and the C API carry it); "unknown_finding" for a value outside the list.
[[nodiscard]] MAILTOKIT_API std::string_view to_name(finding_code code) noexcept;
/// A general English sentence for a code (a finding's own message names the value concerned).
[[nodiscard]] MAILTOKIT_API std::string_view to_string(finding_code code) noexcept;
/// The code whose name is `name` (to_name()); nullopt when none.
[[nodiscard]] MAILTOKIT_API std::optional<finding_code> finding_code_from_name(std::string_view name) noexcept;

/// The severity of a finding code (MAILTOKIT_FINDING_LIST); risky for a value outside the list.
[[nodiscard]] MAILTOKIT_API severity severity_of(finding_code code) noexcept;
/// The severity of the finding named `name` (preview::finding::code): risky for a name that is
/// not in MAILTOKIT_FINDING_LIST (one a newer library adds, a misspelt one), so a question
/// fails closed. severity_of("long_body") is notice; severity_of("Long_body") is risky.
[[nodiscard]] MAILTOKIT_API severity severity_of(std::string_view name) noexcept;
/// The severity of each warning code (warning.hpp), one line per code, in MAILTOKIT_WARN_LIST
/// order: X(snake_case_name, severity). Risky: an address kept although invalid, or holding text
/// that readers decode or map into other addresses. Notice: another address warning, a changed
/// text, warnings left out. Info: how the link's syntax was read, what sending needs. A text
/// changed in a recipient field ('to', 'cc', 'bcc') is risky as well: a program decides that on
/// the warning's field and kind (warning_kind::text_changed).
#define MAILTOKIT_WARN_SEVERITY_LIST(X)   \
  X(fragment_ignored, info)                \
  X(raw_character, info)                   \
  X(empty_hfield, info)                    \
  X(empty_address, info)                   \
  X(invalid_address, risky)                \
  X(invalid_utf8_replaced, notice)         \
  X(legacy_charset_decoded, notice)        \
  X(encoded_word_undecodable, notice)      \
  X(header_controls_removed, notice)       \
  X(body_line_breaks_normalized, notice)   \
  X(body_controls_removed, notice)         \
  X(repeated_field, info)                  \
  X(percent_literal, info)                 \
  X(question_as_ampersand, info)           \
  X(question_literal, info)                \
  X(hfield_without_value, info)            \
  X(html_ampersand, info)                  \
  X(slashes_ignored, info)                 \
  X(path_address_list, info)               \
  X(address_as_text, notice)               \
  X(smtputf8_needed, info)                 \
  X(body_charset_assumed, notice)          \
  X(from_multiple, notice)                 \
  X(from_unreadable, notice)               \
  X(hfield_without_name, info)             \
  X(tag_characters_removed, notice)        \
  X(html_body_converted, notice)           \
  X(address_decodes_again, risky)          \
  X(display_name_separators, notice)       \
  X(address_compatibility_characters, risky) \
  X(warnings_truncated, notice)

/// The severity of a warning code (MAILTOKIT_WARN_SEVERITY_LIST); risky for a value outside
/// MAILTOKIT_WARN_LIST.
[[nodiscard]] MAILTOKIT_API severity severity_of(warning_code code) noexcept;

}  // namespace mailtokit
