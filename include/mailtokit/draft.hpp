/// @file
/// The draft: what the header policy kept from a mailto URI, what it dropped and why.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mailtokit/address.hpp"

namespace mailtokit {

/// A header field kept by the policy besides To/Cc/Bcc/Subject/Body, with its canonical
/// name ("In-Reply-To", "Keywords", "References") and its decoded UTF-8 value.
struct header_field {
  std::string name;   ///< canonical name, e.g. "In-Reply-To"
  std::string value;  ///< decoded UTF-8, no line breaks or controls
  /// Member-wise equality.
  friend bool operator==(const header_field&, const header_field&) = default;
};

/// A field the policy refused: decoded name and value, and a reason the user can read.
/// read_message() also lists the MIME parts it did not take as the body here ("MIME attachment",
/// "MIME part": names with a space, so never a field's).
struct dropped_field {
  std::string name;    ///< decoded name as the link wrote it (any case)
  std::string value;   ///< decoded value
  std::string reason;  ///< why it was dropped, for people (policy::reason_to_drop())
  /// Member-wise equality.
  friend bool operator==(const dropped_field&, const dropped_field&) = default;
};

/// Something the user should know that did not stop processing. `code` is a stable snake_case
/// name (e.g. "invalid_utf8_replaced"); `offset` is a byte offset in the input, or npos.
///
/// The codes (stable; a repair is a code is_repair() names, which parse_options::strict turns
/// into the error given):
///
/// | code | meaning |
/// |---|---|
/// | `fragment_ignored` | a non-empty `#fragment` was ignored (RFC 6068 section 2 has no fragment) |
/// | `raw_character` | a character RFC 6068 section 2 wants percent-encoded (space, `"`, `<`, `[`, ...) was taken as itself (first one only) |
/// | `empty_hfield` | `&&`, or a `&`/`?` at an end, was skipped |
/// | `empty_address` | an empty entry in the to part was skipped |
/// | `invalid_address` | an address is not a valid RFC 5322 section 3.4.1 addr-spec / mailbox; kept, marked invalid |
/// | `invalid_utf8_replaced` | a value was not UTF-8 (RFC 6068 section 2); maximal invalid subparts became U+FFFD (Unicode section 3.9). Repair (`mailto_invalid_utf8`) in an address |
/// | `legacy_charset_decoded` | a value was not UTF-8 and was read in parse_options::legacy_charset |
/// | `encoded_word_undecodable` | RFC 2047 encoded words in a value could not be decoded and were kept as text |
/// | `header_controls_removed` | line breaks or controls were removed from a header value (RFC 6068 section 7, RFC 5322 section 2.2) |
/// | `body_line_breaks_normalized` | bare CR or LF in the body became CRLF (RFC 6068 section 5) |
/// | `body_controls_removed` | control characters were removed from the body |
/// | `repeated_field` | a single-valued field appeared more than once (last wins; bodies are joined with CRLF) |
/// | `percent_literal` | repair: a `%` not followed by two hex digits was read as a literal `%` (first one per value); strict: `percent_truncated` / `percent_bad_hex` |
/// | `question_as_ampersand` | repair: a second `?` followed by a known field name and `=` was read as `&` (RFC 6068 section 6.1's own wrong example); strict: `mailto_second_question` |
/// | `question_literal` | repair: a second `?` was read as a literal `?` of the value (first one only); strict: `mailto_second_question` |
/// | `hfield_without_value` | repair: a field without `=` was read with an empty value; strict: `mailto_bad_hfield` |
/// | `html_ampersand` | repair: "&amp;" left by copying HTML source was read as `&` (first one only); strict: a field named `amp;body` |
/// | `slashes_ignored` | repair: `//` after `mailto:` was ignored; strict: the path `//a@example.org` |
/// | `path_address_list` | repair: the to part held display names, `<` or `;` and was read as an RFC 5322 address list; strict: one invalid address |
/// | `address_as_text` | compose_warnings(): an invalid address is in the message as text (an empty group's display name) |
/// | `smtputf8_needed` | compose_warnings(): the message has UTF-8 header fields (RFC 6532); sending it needs SMTPUTF8 (RFC 6531) |
/// | `body_charset_assumed` | read_message(): an 8-bit body labelled US-ASCII, or unlabelled, was read as UTF-8 |
/// | `from_multiple` | read_message(): `From` names several authors; the first is draft::from |
/// | `from_unreadable` | read_message(): `From` holds no valid address; it was ignored |
///
/// Repairs are idempotent: the clean URI (build_mailto()) of a repaired link reads back as the
/// same draft with no repair.
struct warning {
  std::string code;     ///< stable snake_case name (the table above)
  std::string message;  ///< English sentence for people, naming the value concerned
  std::size_t offset = static_cast<std::size_t>(-1);  ///< byte offset in the input; npos when none
  /// Member-wise equality.
  friend bool operator==(const warning&, const warning&) = default;
};

/// A file the application attaches to a draft; compose() writes it as a MIME part. The library
/// never reads files: the application supplies the bytes (the program reads them through the
/// descriptor of the file the user was shown). Never filled in from a link.
struct attachment {
  std::string filename;      ///< UTF-8 name without folder ("Bericht.pdf"); empty: none given
  std::string content_type;  ///< "type/subtype" (RFC 2045 tokens); empty: application/octet-stream
  std::string data;          ///< the file's bytes, any of the 256 values
  /// Member-wise equality.
  friend bool operator==(const attachment&, const attachment&) = default;
};

/// A draft message. A value type: owns everything, no shared state.
///
/// What a link fills in (RFC 6068 section 2, through parse_draft()): the to part and every `to`,
/// `cc` and `bcc` field accumulate in order; a repeated `subject` (and `in-reply-to`,
/// `references`): the last wins, with a warning; repeated `body` values are joined with CRLF;
/// `keywords` may repeat. No header value ever holds CR, LF, NUL or another C0/C1 control, U+2028
/// or U+2029: a line break followed by white space is unfolded (RFC 5322 section 2.2.3), any other
/// line break becomes one space, TAB a space, other controls are removed (warning
/// `header_controls_removed`); display names also lose bidi controls. The body keeps its text:
/// bare CR or LF become CRLF (RFC 6068 section 5), C0 controls other than TAB, CR and LF, DEL and
/// C1 controls are removed, encoded words are not decoded.
struct draft {
  std::vector<address> to;   ///< To recipients, in link order (the to part first)
  std::vector<address> cc;   ///< Cc recipients
  std::vector<address> bcc;  ///< Bcc recipients (a draft keeps them; the preview calls them out)
  std::optional<std::string> subject;  ///< decoded UTF-8; nullopt when absent
  std::optional<std::string> body;     ///< decoded UTF-8, CRLF line ends; nullopt when absent
  std::vector<header_field> headers;   ///< other kept fields, in URI order
  std::optional<address> from;         ///< the user's identity, set by the application (never by a URI)
  std::vector<dropped_field> dropped;  ///< what the policy refused, with reasons, in link order
  std::vector<warning> warnings;      ///< repairs and other things the user should know
  std::vector<attachment> attachments;  ///< files set by the application (never by a URI), in order
};

}  // namespace mailtokit
