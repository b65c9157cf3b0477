/// @file
/// The mailto URI scheme (RFC 6068): parsing into addresses and header fields, and building.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/address.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/export.h"
#include "mailtokit/result.hpp"

namespace mailtokit {

/// Resource limits for one URI; exceeding one is an error (input_too_long, too_many_recipients,
/// too_many_hfields, nesting_too_deep), except max_warnings, which bounds the warnings kept; never
/// a crash or unbounded work. Part of parse_options;
/// the program's `--max-input`, `--max-recipients`, `--max-hfields`, `--max-encoded-words` set
/// them. Going over a limit is an error at the offset where it was passed, never a truncated
/// result; time and memory grow in proportion to the input below the limits.
struct limits {
  std::size_t max_input = 1u << 20;        ///< bytes of URI after trimming
  std::size_t max_recipients = 1000;       ///< to + cc + bcc addresses
  std::size_t max_hfields = 1000;          ///< name=value pairs
  std::size_t max_encoded_words = 1000;    ///< RFC 2047 encoded words in one value
  /// Warnings kept (mailto_uri::warnings, draft::warnings): not an error. Past it, the first
  /// max_warnings found are kept, and one last warning warnings_truncated (no field, offset
  /// npos) says how many more were left out, so a link of a million repeated fields gives a
  /// bounded list. Warnings about addresses (warning_kind::address) are always kept: a few per
  /// recipient at most. apply_policy() and read_message(), given no limits, use this default.
  std::size_t max_warnings = 1000;
};

/// How values that are not valid UTF-8 after percent-decoding are treated. An address that is not
/// valid UTF-8 (RFC 6068 section 2 requires UTF-8) is repaired the same way and marked invalid;
/// with parse_options::strict it is an error (mailto_invalid_utf8) whatever the mode.
enum class invalid_utf8 {
  replace,  ///< replace invalid sequences with U+FFFD and warn (default)
  reject,   ///< error mailto_invalid_utf8 at the offset of the bad byte's escape
  legacy,   ///< transcode the value from parse_options::legacy_charset (ICU), then NFC
};

/// How parse_mailto() and parse_draft() read a link: limits, invalid UTF-8, strictness. A plain
/// value; one object may be shared read-only by any number of threads.
/// @code
/// mailtokit::parse_options o;
/// o.limits.max_input = 16u << 20;      // accept links up to 16 MiB
/// o.limits.max_recipients = 100000;
/// auto d = mailtokit::parse_draft(link, o);
/// @endcode
struct parse_options {
  mailtokit::limits limits{};  ///< resource limits of one link
  invalid_utf8 on_invalid_utf8 = invalid_utf8::replace;  ///< what to do with values that are not UTF-8
  std::string legacy_charset;  ///< used with invalid_utf8::legacy, e.g. "windows-1252"
  /// Refuse what the default reading repairs, with the error each repair stands for: a '%' not
  /// followed by two hex digits (percent_truncated, percent_bad_hex), a second '?'
  /// (mailto_second_question), an hfield without '=' (mailto_bad_hfield), an hfield without a
  /// name (mailto_bad_hname), an address that is not UTF-8 (mailto_invalid_utf8); "&amp;",
  /// "&#38;", "&#x26;", "//" after "mailto:", ';' between addresses and display names in the path
  /// are then not read as such. For validators and scanners.
  bool strict = false;
};

/// One hfield: decoded, lower-cased name; decoded UTF-8 value; byte offset of the name in the URI.
/// Values are percent-decoded once, made valid UTF-8 (parse_options::on_invalid_utf8) and, except
/// for "body" and the address fields, RFC 2047-decoded; line breaks and controls are still there
/// (the policy removes them). For "to", "cc" and "bcc" the value is the decoded address list with
/// controls already removed, and `addresses` holds its mailboxes.
struct hfield {
  std::string name;        ///< decoded, lower-cased field name ("subject")
  std::string value;       ///< decoded UTF-8 value (see above)
  std::size_t offset = 0;  ///< byte offset of the name in the URI
  std::vector<address> addresses;  ///< "to", "cc", "bcc": the parsed address-list (RFC 5322 section 3.4)
  std::size_t value_offset = 0;    ///< byte offset of the value in the URI
  /// Member-wise equality.
  friend bool operator==(const hfield&, const hfield&) = default;
};

/// A parsed mailto URI before any policy: everything it said. Owns its strings.
struct mailto_uri {
  std::vector<address> to;      ///< the addresses of the path ("to" part)
  std::vector<hfield> hfields;  ///< every hfield in URI order, "to"/"cc"/"bcc" included
  std::vector<warning> warnings;  ///< repairs and other notes, with offsets in the URI
};

/// RFC 6068 section 2: parse a mailto URI (or IRI: raw UTF-8 is accepted and treated as its
/// percent-encoded form). Leading and trailing ASCII white space is trimmed, "mailto:" is
/// case-insensitive, a fragment is ignored with a warning.
///
/// How a link is read:
/// - The to part is a comma-separated list of addr-specs (a `,` or `%2C` outside a quoted local
///   part separates); hfields are `name=value` joined by `&`.
/// - Percent-decoding happens exactly once: `%2561` is the text `%61`. `+` is a plus, never a
///   space. Field names are decoded, then matched case-insensitively (`%74%4F=x` is `to`).
/// - Values are UTF-8; bytes that are not follow parse_options::on_invalid_utf8 (default U+FFFD,
///   with a warning), in an address too, which is then marked invalid.
/// - RFC 2047 encoded words are decoded in every value except `body`
///   (`subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D` is "caf\u00E9"; other charsets through ICU).
///   In `to`/`cc`/`bcc` only display names are decoded, never the addresses themselves (RFC 2047
///   section 5), so an encoded word cannot add a recipient.
/// - `to`, `cc` and `bcc` values may use the RFC 5322 address-list syntax: display names, quoted
///   strings, comments, groups (flattened), and `;` as a separator as many clients write it.
/// - What real links get wrong is read as they evidently mean it, with a warning (a repair, see
///   warning_code and is_repair(), mailtokit/warning.hpp): a lone `%` is a literal `%`; a second `?` before a known field
///   name and `=` is `&`, any other is a literal `?`; a field without `=` has an empty value; a
///   field without a name (`&=x`) is dropped; "&amp;", "&#38;" and "&#x26;" (any case of `x`,
///   leading zeros) are `&` unless an `=` follows; `//` after `mailto:` is ignored; a path with
///   `;` or `<` outside quotes is an address list. parse_options::strict refuses these with the
///   RFC 6068 error instead.
///
/// Errors (offset in `uri`): empty_input, input_too_long, not_mailto, mailto_bad_char (a raw
/// control character, in every mode), unknown_charset, charset_conversion,
/// too_many_recipients, too_many_hfields, too_many_encoded_words; mailto_invalid_utf8 with
/// invalid_utf8::reject; and with parse_options::strict only: mailto_second_question,
/// mailto_bad_hfield, mailto_bad_hname, percent_bad_hex, percent_truncated, mailto_invalid_utf8 in an
/// address. Reentrant: no state between calls.
[[nodiscard]] MAILTOKIT_API result<mailto_uri> parse_mailto(std::string_view uri,
                                                            const parse_options& options = {});

/// The fields of a message as a user types them (the options of `mailtokit build`, xdg-email's).
struct mailto_fields {
  std::vector<std::string> to;   ///< each an RFC 5322 address-list: "Joe <joe@example.com>, ann@example.org"
  std::vector<std::string> cc;   ///< each an RFC 5322 address-list
  std::vector<std::string> bcc;  ///< each an RFC 5322 address-list
  std::optional<std::string> subject;  ///< UTF-8; no line breaks or controls (header_injection)
  std::optional<std::string> body;    ///< UTF-8; bare LF or CR line ends become CRLF
  std::vector<header_field> headers;  ///< e.g. {"In-Reply-To", "<id@example.com>"}
};

/// RFC 5322 / RFC 6068 section 7: check and normalize user-typed fields into a draft for
/// build_mailto(). Errors: mailto_invalid_utf8 (a value is not UTF-8), invalid_address (an entry
/// of an address list is not a valid address; offset into that list), header_injection (a
/// subject or header value holds a line break or control character; offset into that value),
/// mailto_bad_hname (a header name is not an RFC 5322 field name).
[[nodiscard]] MAILTOKIT_API result<draft> make_draft(const mailto_fields& fields);

/// The form build_mailto() writes.
enum class uri_form {
  ascii,       ///< pure ASCII URI, IDN domains as A-labels
  utf8_escaped,  ///< pure ASCII URI, IDN domains as percent-encoded UTF-8 (RFC 6068 section 2)
  iri,         ///< IRI: non-ASCII characters kept as UTF-8
};

/// How build_mailto() writes a link. A plain value.
struct build_options {
  uri_form form = uri_form::ascii;  ///< ASCII with A-labels, ASCII with escaped UTF-8, or IRI
  bool html = false;  ///< escape for an HTML attribute ("&" as "&amp;", "'" as "&#39;")
};

/// RFC 6068: the inverse of parsing. Percent-encodes exactly what RFC 6068 requires
/// ("gorby%25kremvax@example.com", "unlikely%3Faddress@example.com"): `%`, `/`, `?`, `#`, `[`,
/// `]`, `&`, `;`, `=`, `"`, `\`, space and everything a URI cannot hold; in values also `+` (as
/// `%2B`, so form decoders cannot read it as a space), but not in addresses. Line breaks in the
/// body become `%0D%0A`. A subject or header value containing `=?` is written as UTF-8 encoded
/// words, so reading the link back gives the same text. Addresses with a display name go into a
/// `to=` field (the to part holds bare addr-specs). IDN domains follow build_options::form.
/// parse_draft(build_mailto(d)) reproduces d's recipients, subject, body and headers.
///
/// An address that is not valid has no form RFC 6068 allows (section 2: `to` holds addr-specs,
/// a field value an RFC 5322 address list). It is written, in a `to=`, `cc=` or `bcc=` field of
/// its own, only when reading it back gives that one invalid address with the same text
/// (buildable()); any other is left out, never written so that it reads back as a valid address
/// or as several (a display name repaired with U+FFFD, `"Ann?" <ann@example.org>`, or a local
/// part read in a legacy charset reads back valid; `x@example.com;id` reads back as two). Ask buildable() to say which.
[[nodiscard]] MAILTOKIT_API std::string build_mailto(const draft& d, const build_options& options = {});

/// True when build_mailto() writes `a`: every valid address, and an invalid one whose text read
/// back as a field value (RFC 5322 section 3.4 address-list, in every reading mode: the link
/// build_mailto() writes is UTF-8 and needs no repair) is that one invalid address again. False
/// for an invalid address that would read back valid or as more than one, or as none.
[[nodiscard]] MAILTOKIT_API bool buildable(const address& a);

}  // namespace mailtokit
