/// @file
/// Reading a message (RFC 5322, MIME) back into a draft: a saved draft becomes a mailto link.
#pragma once

#include <cstddef>
#include <string_view>

#include "mailtokit/draft.hpp"
#include "mailtokit/export.h"
#include "mailtokit/policy.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit {

/// Resource limits for one message; exceeding one is an error, never unbounded work. A plain
/// value. `max_parts` counts lines starting with "--" (every MIME part follows one), so it bounds
/// what mimetic builds before it builds it: mimetic needs ~45 bytes of memory per input byte on
/// a message made of tiny parts. The header section (its line and field lengths, its field
/// count) is checked by mailtokit in one pass before mimetic sees the message.
struct read_options {
  std::size_t max_input = std::size_t{10} << 20;  ///< bytes of message (input_too_long)
  std::size_t max_fields = 1000;         ///< header fields of the message (too_many_hfields)
  std::size_t max_parts = 1000;          ///< lines starting "--", a bound on MIME parts (too_many_parts)
  std::size_t max_depth = 20;            ///< multipart nesting (nesting_too_deep)
  std::size_t max_recipients = 1000;     ///< To + Cc + Bcc addresses (too_many_recipients)
  std::size_t max_encoded_words = 1000;  ///< RFC 2047 encoded words in one field value (too_many_encoded_words)
  /// Octets of one line of the header section without its line end: RFC 5322 section 2.1.1
  /// "Each line of characters MUST be no more than 998 characters" (message_malformed at the
  /// first octet past it). mimetic's time grows with the square of a header line's length, so
  /// this bound keeps reading a message linear in its size.
  std::size_t max_line = 998;
  /// Octets of one header field, its folded lines together, in the message's header section or
  /// a part's (input_too_long at the first octet past it). mimetic's time grows with the square
  /// of a field's length too (a 1 MB folded Subject: 0.3 s, 10 MB: 80 s); fields of up to 64 KiB
  /// keep reading a 10 MB message within 2x of the speed of a small one. 1000 recipients of 60
  /// characters fit.
  std::size_t max_field = std::size_t{64} << 10;
};

/// RFC 5322 / RFC 2045-2047: read the message `eml` (a draft as compose() or a mail program
/// writes it) into a draft that build_mailto() can turn into a link. mimetic parses the MIME
/// entities; header values are unfolded (RFC 5322 section 3.2.2) and decoded by mailtokit: To,
/// Cc and Bcc as address lists, other values as RFC 2047 text, the body from its
/// Content-Transfer-Encoding and charset to UTF-8 with CRLF line ends. Every field except the
/// ones compose() writes itself (MIME-Version, Content-*, Date, Message-ID, X-Unsent, From: From
/// becomes draft::from) then goes through the header policy `p` exactly as a mailto URI's
/// hfields do, so kept and dropped fields (with reasons) are the same as for a link. In a
/// multipart message the first text/plain part that is not an attachment is the body; every
/// other part is in draft::dropped with the name "MIME attachment" (a disposition of attachment
/// or a file name) or "MIME part" (names with a space, so never a field's) and the value
/// "type/subtype[; filename=NAME]". A header field named "Body" is dropped, never the body. Errors carry the byte offset in `eml`: message_malformed (a
/// header line that is not a field, a field name that is not RFC 5322 ftext, a line of the
/// header section or of a part's header longer than read_options::max_line: offset of its first
/// octet past the limit), input_too_long (a field longer than max_field), body_malformed
/// (bad quoted-printable or base64, an unknown transfer encoding), charset_conversion,
/// unknown_charset, utf8_* (raw header bytes that are not UTF-8), and the limits' codes.
///
/// In more detail:
/// - **Parsing.** mimetic's header unfolding is not RFC 5322 conforming (it turns a continuation
///   line's leading white space into one space), and it silently loses a last header line that
///   no line break ends, a field with an empty name, and everything after a NUL in a value. So
///   the top-level header section is also scanned by mailtokit (RFC 5322 section 3.2.2 unfolding
///   that only removes the line breaks, byte offsets); the two readings must name the same
///   fields in the same order, else message_malformed. An unterminated header section gets its
///   empty line before mimetic sees it. Line ends may be CRLF, LF or CR; an mbox `From ` line
///   before the header is skipped; `Name : value` (RFC 5322 section 4.5.3) is accepted.
/// - **Decoding.** Raw non-ASCII header text must be UTF-8 (RFC 6532); domains go back to
///   U-labels. The body: `7bit`/`8bit`/`binary` as they are, `quoted-printable` through
///   transfer::qp_decode_append(), `base64` through transfer::base64_decode_append() (line breaks
///   and white space skipped, missing padding accepted); then the charset: UTF-8 and US-ASCII
///   validated without normalization (an 8-bit body labelled US-ASCII or unlabelled is read as
///   UTF-8 when it is valid UTF-8, warning `body_charset_assumed`), any other charset through
///   charset::to_utf8() (ICU, NFC). An empty body is no body. `format=flowed` (RFC 3676) is not
///   unwrapped. A message without Content-Type is `text/plain; charset=us-ascii` (RFC 2045
///   section 5.2); a message whose only entity is not text/plain has no body.
/// - **Positions.** mimetic keeps none: errors inside a nested part are placed at the first
///   occurrence of that part's body in the message (exact unless the same bytes occur earlier),
///   and at the body's start for quoted-printable/base64 charset errors.
/// - **Safety.** No file, network or process access; exceptions from mimetic are caught
///   (message_malformed; no_memory for out of memory). mimetic itself is not exception-safe:
///   memory running out inside its parse of the MIME structure leaves a pointer that its own
///   clean-up would delete twice, so the half-built structure is then left unfreed instead
///   (a leak only when memory ran out, bounded by max_input and max_parts). Reentrant. Not a goal: speed (mimetic
///   parses every entity; this path is for single drafts).
[[nodiscard]] MAILTOKIT_API result<draft> read_message(std::string_view eml, const read_options& options = {},
                                                       const policy& p = policy::defaults());

}  // namespace mailtokit
