/// @file
/// Warnings: what the library repaired or changed without refusing the input, as typed facts
/// (a code, the field it concerns, a sentence for people, an offset), as errors are (result.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mailtokit/export.h"

namespace mailtokit {

/// What a warning is about, so that a program decides on facts and never on the English text.
enum class warning_kind : std::uint8_t {
  syntax,        ///< the link's syntax was read leniently or a part of it was skipped
  text_changed,  ///< the text of a value was changed: characters removed or replaced, another charset read
  address,       ///< an address is not usable as written: kept for the user to correct, or ignored
  sending,       ///< what sending the composed message needs
};

/// The warning codes, one line per code:
/// X(snake_case_name, kind, repair, "what happened").
///
/// - `kind` is a warning_kind enumerator.
/// - `repair` is true for a repair of the default reading of a link: what parse_options::strict
///   refuses (with the error named below) or reads literally instead (invalid UTF-8 outside
///   addresses follows parse_options::on_invalid_utf8 in both modes). parse_draft() of the clean
///   URI (build_mailto()) of a draft never gives one: repairs are idempotent.
/// - The name is a stable contract (the CLI prints it, the JSON output and the C API carry it);
///   append, never rename.
///
/// | code | field | meaning |
/// |---|---|---|
/// | `fragment_ignored` | none | a non-empty `#fragment` was ignored (RFC 6068 section 2 has no fragment) |
/// | `raw_character` | none | a character RFC 6068 section 2 wants percent-encoded (space, `"`, `<`, `[`, ...) was taken as itself (first one only) |
/// | `empty_hfield` | none | `&&`, or a `&`/`?` at an end, was skipped |
/// | `empty_address` | `to` | an empty entry in the to part was skipped |
/// | `invalid_address` | the address field | an address is not a valid RFC 5322 section 3.4.1 addr-spec / mailbox; kept, marked invalid |
/// | `invalid_utf8_replaced` | the field | repair: a value was not UTF-8 (RFC 6068 section 2); maximal invalid subparts became U+FFFD (Unicode section 3.9); strict: `mailto_invalid_utf8` in an address |
/// | `legacy_charset_decoded` | the field | repair: a value was not UTF-8 and was read in parse_options::legacy_charset |
/// | `encoded_word_undecodable` | the field | RFC 2047 encoded words in a value could not be decoded and were kept as text |
/// | `header_controls_removed` | the field | line breaks or controls were removed from a header value (RFC 6068 section 7, RFC 5322 section 2.2) |
/// | `body_line_breaks_normalized` | `body` | bare CR or LF in the body became CRLF (RFC 6068 section 5) |
/// | `body_controls_removed` | `body` | control characters were removed from the body |
/// | `repeated_field` | the field | a single-valued field appeared more than once (last wins; bodies are joined with CRLF) |
/// | `percent_literal` | the field; none in a field name | repair: a `%` not followed by two hex digits was read as a literal `%` (first one per value); strict: `percent_truncated` / `percent_bad_hex` |
/// | `question_as_ampersand` | none | repair: a second `?` followed by a known field name and `=` was read as `&` (RFC 6068 section 6.1's own wrong example); strict: `mailto_second_question` |
/// | `question_literal` | none | repair: a second `?` was read as a literal `?` of the value (first one only); strict: `mailto_second_question` |
/// | `hfield_without_value` | none | repair: a field without `=` was read with an empty value; strict: `mailto_bad_hfield` |
/// | `html_ampersand` | none | repair: "&amp;" (or "&#38;", "&#x26;") left by copying HTML source was read as `&` (first one only); strict: a field named `amp;body` |
/// | `slashes_ignored` | none | repair: `//` after `mailto:` was ignored; strict: the path `//a@example.org` |
/// | `path_address_list` | `to` | repair: the to part held display names, `<` or `;` and was read as an RFC 5322 address list; strict: one invalid address |
/// | `address_as_text` | the address field | compose_warnings(): an invalid address is in the message as text (an empty group's display name) |
/// | `smtputf8_needed` | none | compose_warnings(): the message has UTF-8 header fields (RFC 6532); sending it needs SMTPUTF8 (RFC 6531) |
/// | `body_charset_assumed` | `body` | read_message(): an 8-bit body labelled US-ASCII, or unlabelled, was read as UTF-8 |
/// | `from_multiple` | `from` | read_message(): `From` names several authors; the first is draft::from |
/// | `from_unreadable` | `from` | read_message(): `From` holds no valid address; it was ignored |
/// | `hfield_without_name` | none | repair: a field without a name (`&=x`) was dropped; strict: `mailto_bad_hname` |
/// | `tag_characters_removed` | the field | invisible Unicode tag characters (U+E0000 to U+E007F) were removed from a header value |
/// | `html_body_converted` | `body` | a link with an HTML body and no plain-text `body`: its HTML was turned into plain text for the body |
/// | `address_decodes_again` | the address field | an address holds a percent escape or an RFC 2047 encoded word (decodes_again()): read literally here, but mail programs decode it again and can read another address out of it; strict: `address_decodes_again` |
/// | `display_name_separators` | the address field | a display name holds '@', '<', '>', ',' or ';', or a compatibility form of one (name_holds_separators()): webmails that split at every comma, and readers that decode the name again, can read other entries or another address out of it; strict: `display_name_separators` |
/// | `address_compatibility_characters` | the address field | an address holds compatibility characters that NFKC and IDNA mapping turn into separators such as '@' or ',' (compatibility_separators()): mutt and GLib map them and read other addresses; strict: `address_compatibility_characters` |
/// | `warnings_truncated` | none | more warnings than limits::max_warnings: the first ones are kept and this last one says how many more were left out ("N more warnings were left out ..."); warnings about addresses are always kept |
#define MAILTOKIT_WARN_LIST(X)                                                                                   \
  X(fragment_ignored, syntax, false, "a fragment ('#...') means nothing in a mailto URI and was ignored")       \
  X(raw_character, syntax, false, "a character that should be percent-encoded was taken as itself")           \
  X(empty_hfield, syntax, false, "an empty header field was skipped")                                         \
  X(empty_address, syntax, false, "an empty address was skipped")                                             \
  X(invalid_address, address, false, "an address is not valid; it is kept so it can be corrected")            \
  X(invalid_utf8_replaced, text_changed, true, "a value was not valid UTF-8; the invalid bytes became U+FFFD")  \
  X(legacy_charset_decoded, text_changed, true, "a value was not UTF-8 and was read in the legacy charset")     \
  X(encoded_word_undecodable, text_changed, false, "RFC 2047 encoded words could not be decoded and were kept as text") \
  X(header_controls_removed, text_changed, false, "line breaks or control characters were removed from a header value") \
  X(body_line_breaks_normalized, text_changed, false, "bare CR or LF in the body became CRLF")                 \
  X(body_controls_removed, text_changed, false, "control characters were removed from the body")              \
  X(repeated_field, syntax, false, "a single-valued field appeared more than once")                           \
  X(percent_literal, syntax, true, "a '%' not followed by two hex digits was read as a literal '%'")           \
  X(question_as_ampersand, syntax, true, "a second '?' before a header field name was read as '&'")            \
  X(question_literal, syntax, true, "a second '?' was read as a literal '?'")                                  \
  X(hfield_without_value, syntax, true, "a header field without '=' was read with an empty value")             \
  X(html_ampersand, syntax, true, "an HTML '&amp;' was read as '&'")                                           \
  X(slashes_ignored, syntax, true, "'//' after 'mailto:' was ignored")                                         \
  X(path_address_list, syntax, true, "the to part held an address list and was read as one")                   \
  X(address_as_text, address, false, "an invalid address is in the message as text")                          \
  X(smtputf8_needed, sending, false, "the message has UTF-8 header fields; sending it needs SMTPUTF8")          \
  X(body_charset_assumed, text_changed, false, "an 8-bit body labelled US-ASCII, or unlabelled, was read as UTF-8") \
  X(from_multiple, address, false, "'From' names several authors; the first is used")                          \
  X(from_unreadable, address, false, "'From' holds no valid address; it was ignored")                          \
  X(hfield_without_name, syntax, true, "a header field without a name was dropped")                            \
  X(tag_characters_removed, text_changed, false, "invisible Unicode tag characters were removed from a header value") \
  X(html_body_converted, text_changed, false, "the link's HTML body was turned into plain text for the body") \
  X(address_decodes_again, address, false, "an address holds text that mail programs decode again into another address") \
  X(display_name_separators, address, false, "a display name holds characters that mail programs read as separators of addresses") \
  X(address_compatibility_characters, address, false, "an address holds characters that mail programs map to separators of addresses") \
  X(warnings_truncated, syntax, false, "more warnings than the limit: the rest were counted and left out")

/// Every warning the library gives, in MAILTOKIT_WARN_LIST order (codes are only appended).
enum class warning_code : std::uint16_t {
/// @cond
#define MAILTOKIT_WARN_ENUM(name, kind, repair, text) name,
/// @endcond
  MAILTOKIT_WARN_LIST(MAILTOKIT_WARN_ENUM)
#undef MAILTOKIT_WARN_ENUM
};

// Doxygen attaches these to the enumerators that MAILTOKIT_WARN_LIST expands into (the table at
// MAILTOKIT_WARN_LIST has the same facts in one place).
/// @var warning_code::fragment_ignored
/// A non-empty `#fragment` was ignored (RFC 6068 section 2 has no fragment). Field: none.
/// @var warning_code::raw_character
/// A character RFC 6068 section 2 wants percent-encoded (space, `"`, `<`, `[`, ...) was taken as itself (first one only). Field: none.
/// @var warning_code::empty_hfield
/// `&&`, or a `&`/`?` at an end, was skipped. Field: none.
/// @var warning_code::empty_address
/// An empty entry in the to part was skipped. Field: `to`.
/// @var warning_code::invalid_address
/// An address is not a valid RFC 5322 section 3.4.1 addr-spec / mailbox; kept, marked invalid. Field: the address field.
/// @var warning_code::invalid_utf8_replaced
/// Repair: a value was not UTF-8 (RFC 6068 section 2); maximal invalid subparts became U+FFFD (Unicode section 3.9); strict: `mailto_invalid_utf8` in an address. Field: the field.
/// @var warning_code::legacy_charset_decoded
/// Repair: a value was not UTF-8 and was read in parse_options::legacy_charset. Field: the field.
/// @var warning_code::encoded_word_undecodable
/// RFC 2047 encoded words in a value could not be decoded and were kept as text. Field: the field.
/// @var warning_code::header_controls_removed
/// Line breaks or controls were removed from a header value (RFC 6068 section 7, RFC 5322 section 2.2). Field: the field.
/// @var warning_code::body_line_breaks_normalized
/// Bare CR or LF in the body became CRLF (RFC 6068 section 5). Field: `body`.
/// @var warning_code::body_controls_removed
/// Control characters were removed from the body. Field: `body`.
/// @var warning_code::repeated_field
/// A single-valued field appeared more than once (last wins; bodies are joined with CRLF). Field: the field.
/// @var warning_code::percent_literal
/// Repair: a `%` not followed by two hex digits was read as a literal `%` (first one per value); strict: `percent_truncated` / `percent_bad_hex`. Field: the field; none in a field name.
/// @var warning_code::question_as_ampersand
/// Repair: a second `?` followed by a known field name and `=` was read as `&` (RFC 6068 section 6.1's own wrong example); strict: `mailto_second_question`. Field: none.
/// @var warning_code::question_literal
/// Repair: a second `?` was read as a literal `?` of the value (first one only); strict: `mailto_second_question`. Field: none.
/// @var warning_code::hfield_without_value
/// Repair: a field without `=` was read with an empty value; strict: `mailto_bad_hfield`. Field: none.
/// @var warning_code::html_ampersand
/// Repair: "&amp;" (or "&#38;", "&#x26;") left by copying HTML source was read as `&` (first one only); strict: a field named `amp;body`. Field: none.
/// @var warning_code::slashes_ignored
/// Repair: `//` after `mailto:` was ignored; strict: the path `//a@example.org`. Field: none.
/// @var warning_code::path_address_list
/// Repair: the to part held display names, `<` or `;` and was read as an RFC 5322 address list; strict: one invalid address. Field: `to`.
/// @var warning_code::address_as_text
/// Compose_warnings(): an invalid address is in the message as text (an empty group's display name). Field: the address field.
/// @var warning_code::smtputf8_needed
/// Compose_warnings(): the message has UTF-8 header fields (RFC 6532); sending it needs SMTPUTF8 (RFC 6531). Field: none.
/// @var warning_code::body_charset_assumed
/// Read_message(): an 8-bit body labelled US-ASCII, or unlabelled, was read as UTF-8. Field: `body`.
/// @var warning_code::from_multiple
/// Read_message(): `From` names several authors; the first is draft::from. Field: `from`.
/// @var warning_code::from_unreadable
/// Read_message(): `From` holds no valid address; it was ignored. Field: `from`.
/// @var warning_code::hfield_without_name
/// Repair: a field without a name (`&=x`) was dropped; strict: `mailto_bad_hname`. Field: none.
/// @var warning_code::tag_characters_removed
/// Invisible Unicode tag characters (U+E0000 to U+E007F) were removed from a header value. Field: the field.
/// @var warning_code::html_body_converted
/// A link with an HTML body and no plain-text `body`: its HTML was turned into plain text for the body. Field: `body`.
/// @var warning_code::address_decodes_again
/// An address holds a percent escape or an RFC 2047 encoded word (decodes_again()): read literally here, but mail programs decode it again and can read another address out of it; strict: `address_decodes_again`. Field: the address field.
/// @var warning_code::display_name_separators
/// A display name holds '@', '<', '>', ',' or ';', or a compatibility form of one (name_holds_separators()): webmails that split at every comma, and readers that decode the name again, can read other entries or another address out of it; strict: `display_name_separators`. Field: the address field.
/// @var warning_code::address_compatibility_characters
/// An address holds compatibility characters that NFKC and IDNA mapping turn into separators such as '@' or ',' (compatibility_separators()); strict: `address_compatibility_characters`. Field: the address field.
/// @var warning_code::warnings_truncated
/// More warnings than limits::max_warnings: the first ones are kept and this one, last in the list (offset npos), says how many more were left out; warnings about addresses (warning_kind::address) are always kept. Field: none.

/// The stable snake_case name of a code, e.g. "invalid_utf8_replaced" (the JSON and the CLI
/// print it); "unknown_warning" for a value outside the list.
[[nodiscard]] MAILTOKIT_API std::string_view to_name(warning_code code) noexcept;
/// A general English sentence for a code (a warning's own message names the value concerned).
[[nodiscard]] MAILTOKIT_API std::string_view to_string(warning_code code) noexcept;
/// What the code is about (MAILTOKIT_WARN_LIST).
[[nodiscard]] MAILTOKIT_API warning_kind kind_of(warning_code code) noexcept;
/// True for a repair of the default reading of a link (a lone '%', a second '?', an hfield
/// without '=' or without a name, "&amp;" and "&#38;", "//", an address list in the path,
/// invalid UTF-8): what parse_options::strict refuses or reads literally instead (invalid UTF-8
/// outside addresses follows on_invalid_utf8 in both modes). parse_draft() of the clean URI
/// (build_mailto()) of a draft never gives one.
[[nodiscard]] MAILTOKIT_API bool is_repair(warning_code code) noexcept;
/// The code whose name is `name` (to_name()), for names read back from JSON; nullopt when none.
[[nodiscard]] MAILTOKIT_API std::optional<warning_code> warning_code_from_name(std::string_view name) noexcept;

/// Something the user should know that did not stop processing: what (`code`), about which
/// field of the link or message (`field`), in a sentence naming the value (`message`), and where
/// in the input (`offset`, a byte offset, or npos).
struct warning {
  warning_code code{};  ///< what happened (MAILTOKIT_WARN_LIST); to_name() for the stable name
  /// The field concerned, lower-case as a link names it ("to", "cc", "bcc", "subject", "body",
  /// "from", or another header name such as "in-reply-to"); empty when the warning is about the
  /// link's syntax or the whole message (the table at MAILTOKIT_WARN_LIST says which).
  std::string field;
  std::string message;  ///< English sentence for people, naming the value concerned
  std::size_t offset = static_cast<std::size_t>(-1);  ///< byte offset in the input; npos when none
  /// Member-wise equality.
  friend bool operator==(const warning&, const warning&) = default;
};

}  // namespace mailtokit
