/// @file
/// The MIME composer: a draft to the bytes of an RFC 5322 message (RFC 2045, 2047, 6532).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/export.h"
#include "mailtokit/result.hpp"

namespace mailtokit {

/// How compose() writes a message. A plain value; output is deterministic when `date` and
/// `message_id` are set.
struct compose_options {
  /// Kept for compatibility: RFC 6532 raw UTF-8 headers when an address needs them, also with
  /// ascii_only or strict.
  bool allow_smtputf8 = false;
  /// Refuse a non-ASCII local part (needs_smtputf8) instead of making an RFC 6532 draft.
  bool ascii_only = false;
  /// Refuse what the default writes as text or as an RFC 6532 draft: an address that is not a
  /// valid addr-spec (invalid_address) and, without allow_smtputf8, a non-ASCII local part.
  bool strict = false;
  bool mark_unsent = true;                ///< "X-Unsent: 1" so clients open the file as a draft
  std::optional<std::string> date;        ///< RFC 5322 date-time; default: now
  std::optional<std::string> message_id;  ///< "<id@domain>"; default: generated
};

/// RFC 5322 + RFC 2045/2047: the message bytes, CRLF line ends, lines of at most 78 characters
/// where the content allows and never more than 998. A draft never refuses what the parser
/// kept: an address that is not a valid addr-spec is written as the display name of an empty
/// group ("somename : ;", RFC 5322 section 3.4), which clients show as its text; a non-ASCII
/// local part makes an RFC 6532 draft (raw UTF-8 header fields). With ascii_only or strict (and
/// not allow_smtputf8) a non-ASCII local part fails with needs_smtputf8; with strict an invalid
/// address fails with invalid_address. Reentrant: the Message-ID generator and the Date text are
/// per thread, and the generator seeds itself again in a child after fork().
///
/// **Header fields**, in this order: `Date`, `From` (when the application sets draft::from),
/// `To`, `Cc`, `Bcc` (only when not empty; a draft keeps its Bcc), `Subject` (when present; an
/// empty subject is `Subject:`), `Message-ID`, the other kept fields (`Keywords`,
/// `In-Reply-To`, `References`, ...) in URI order, `MIME-Version: 1.0`, `Content-Type:
/// text/plain; charset=us-ascii` (ASCII body) or `charset=utf-8`, `Content-Transfer-Encoding`,
/// and `X-Unsent: 1` (unless compose_options::mark_unsent is false). A draft without recipients
/// is allowed (`mailto:?subject=x` is a valid link).
///
/// - **Addresses**: `local@domain` with the domain in A-labels (idna::to_ascii() when the
///   address carries only its Unicode form), never folded inside; display names as atoms when
///   they are atoms separated by single spaces (`John Smith`), else a quoted-string (with a
///   backslash before each quote and backslash) when they are printable ASCII (`"Smith, John"`), else RFC 2047 encoded
///   words (`=?utf-8?Q?Jos=C3=A9?= Smith`). An invalid address (address::valid false, a malformed
///   local part or domain, an addr-spec over max_addr_spec_octets) is written as the display
///   name of an empty group, its text as a phrase, so nothing in it can become a second address
///   or another field; GMime and Python's `email` read it back as one group with that name.
/// - **Encoded words** (RFC 2047, rfc2047::encode_text(), rfc2047::encode_phrase()): UTF-8, each
///   word at most 75 characters and a whole number of characters, Q or B whichever is shorter
///   (Q unless B saves more than an eighth; Q writes only letters, digits and `!*+-/`
///   literally). A run of words that need encoding becomes one segment with its inner white
///   space inside the encoded text (section 6.2). Also encoded: any word containing `=?`,
///   leading and trailing white space of a value, any word that with its white space passes 900
///   octets.
/// - **Folding**: only by inserting CRLF before white space that is part of the value, so
///   unfolding gives back the value exactly; lines at most 78 octets where the content allows it
///   and never more than 998; never inside an encoded word, an address or a quoted string; never
///   right after the field name.
/// - **Body**: valid UTF-8 required (else the `utf8_*` error); bare CR and LF become CRLF.
///   `7bit` when the body is ASCII, every line is at most 78 octets, and no line has trailing
///   white space, a control character other than TAB, or starts with `From ` or `.`; otherwise
///   quoted-printable or base64, whichever is smaller (quoted-printable on a tie), as
///   transfer::qp_append() and transfer::base64_lines_append() write them.
/// - **SMTPUTF8 / EAI**: an address with a non-ASCII local part makes the message an RFC 6532
///   one: header fields are raw UTF-8, domains still in A-labels, encoded words only where
///   needed, and compose_warnings() says that sending needs SMTPUTF8 (RFC 6531).
/// - **Attachments** (draft::attachments, set by the application): the message becomes
///   `multipart/mixed` (RFC 2046 section 5.1.3) with `boundary="=_mailtokit_mixed_0"` (another
///   number when a 7bit body holds that text; base64 and quoted-printable never can): the text
///   part first (its own Content-Type and Content-Transfer-Encoding), then each file in order as
///   `Content-Type: TYPE; name=...`, `Content-Disposition: attachment; filename=...` (RFC 2183)
///   and base64 in lines of 76 characters, so every byte value travels. A file name that is
///   printable ASCII without a double quote or a backslash and fits on its line is a quoted-string
///   (`filename="report.pdf"`); any other is RFC 2231 UTF-8 (`filename*=UTF-8''Bericht%20%C3%BCber.pdf`),
///   split into `filename*0*=`, `filename*1*=`, ... continuations when long; `name` in
///   Content-Type is written the same way (no RFC 2047 words inside quotes: RFC 2047 section 5
///   forbids them there, and every reader that matters knows RFC 2231). No plain `filename=`
///   fallback next to `filename*=`: readers disagree on which of the two wins. A file name may not
///   hold controls (header_injection) or invalid UTF-8; a folder part is left to readers (RFC 2183
///   section 2.3 tells them to ignore it). An empty content type is `application/octet-stream`;
///   one that is not `token/token` fails with header_not_allowed.
/// - **Date**: local time with its numeric offset (`Sun, 22 Nov 2026 10:00:00 +0100`), formatted
///   at most once a second per thread (a thread_local cache of the text).
/// - **Message-ID**: `<26 base32 characters@domain>`, 128 bits from a per-thread `xoshiro256**`
///   generator seeded by getrandom(2), and seeded again when it finds itself in another process
///   (getpid() differs: a fork() child) so that no two processes write the same identifier
///   (RFC 5322 section 3.6.4: it "MUST be globally unique"); the domain is the `From` address's domain in A-labels, or
///   `mailtokit.invalid` (RFC 6761) when there is no `From`. The host name is not used: it
///   would leak it.
///
/// **Header injection is refused, not repaired.** The policy already strips controls from
/// values, and compose() checks again: a header value (subject, display name, kept field,
/// local part) holding a C0 control other than TAB, DEL, a C1 control (NEL among them), U+2028
/// or U+2029 fails with header_injection at the offset of that character in the value; invalid
/// UTF-8 fails with the `utf8_*` code. Field names must be 1-76 ftext characters and may not be
/// one the composer writes (`Date`, `From`, `Sender`, `To`, `Cc`, `Bcc`, `Subject`,
/// `Message-ID`, `MIME-Version`, `X-Unsent`, any `Content-*`): header_not_allowed.
/// compose_options::date and compose_options::message_id must be printable ASCII
/// (header_injection). A value that merely decodes to a line break
/// (`=?utf-8?Q?hi=0D=0ABcc:...?=`) is encoded again, so readers show it as text.
///
/// **Design note: why the composer does not use mimetic to write messages.** mimetic 0.9.8
/// (Debian 12) is linked for parsing (read_message()), but nothing writes through it: it has no
/// RFC 2047 (`header().subject()` writes non-ASCII text as raw UTF-8), `TextPlain` given the
/// charset "utf-8" loses the charset parameter, its quoted-printable encoder switches to binary mode
/// at the first 8-bit byte (CRLF becomes `=0D=0A`) and ends soft breaks in a bare LF, its base64
/// lines end in a bare LF, it folds by turning a space into CRLF TAB (changing the unfolded
/// value) and leaves a 200-character word on one line, a subject holding CRLF and
/// "Bcc: evil@example.org" writes a second field, and `body().assign()` is written verbatim
/// whatever Content-Transfer-Encoding says.
/// It is also slow for this job: building and writing a small draft with `MimeEntity` costs
/// about 5.5 us of CPU (~180,000 drafts/s, g++ 12 -O2, on a 2-core machine), while compose()
/// of the same kind of draft, encoding included, runs at 1.2-3.1 million drafts/s. mimetic
/// remains an independent reader of what compose() writes, in the oracle tests and the
/// `compose` fuzz target.
[[nodiscard]] MAILTOKIT_API result<std::string> compose(const draft& d, const compose_options& options = {});

/// What compose(d, options) will do that the user should know, as warnings (offset npos), for a
/// program to show next to the message:
/// "address_as_text" for each address written as text, "smtputf8_needed" when the draft has
/// UTF-8 header fields (sending needs SMTPUTF8, RFC 6531).
[[nodiscard]] MAILTOKIT_API std::vector<warning> compose_warnings(const draft& d, const compose_options& options = {});

}  // namespace mailtokit
