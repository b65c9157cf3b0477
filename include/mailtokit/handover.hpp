/// @file
/// The hand-over: what a mail program or a webmail may be given of a draft, so that what it
/// reads is what the user was shown. Programs decode what they are handed again, each its own
/// way (percent escapes, RFC 2047 words anywhere, HTML character references, NFKC and IDNA
/// mapping, backslash quoting, list and group syntax), and cut what is longer than their
/// buffers (mutt's 1,024-byte mailbox). Rather than race them by listing decoders, the
/// hand-over keeps only plain text: text in which none of those decoders finds anything, no
/// longer than the smallest limit measured in a real program. What is not plain is changed
/// (a display name taken off, a subject defused or shortened) or left out, and every change is
/// returned, so that the question, `preview`, `inspect` and an embedder say the same.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/address.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/export.h"

/// The canonical hand-over of a draft (one home for its allowlists). Stateless, thread-safe.
namespace mailtokit::handover {

/// The smallest limits measured in real mail programs, with a margin; what is longer is cut
/// somewhere by some reader. Defaults are the documented ones (man mailtokit-open).
struct limits {
  /// One mailbox as handed over, `"name" <local@domain>`: mutt and NeoMutt cut a mailbox at
  /// 1,024 bytes (inside the address: `acme.community` became `acme.com`), alpine cuts names
  /// near 1,022 bytes, Sylpheed folds inside a word at 996, Thunderbird drops a space near 890.
  /// Programs also write a name beyond ASCII as RFC 2047 words, up to three times as long. A
  /// longer mailbox loses its display name.
  std::size_t mailbox_bytes = 256;
  /// One header text (the subject, a keyword list, another kept field) in UTF-8: RFC 5322
  /// section 2.1.1 allows 998 octets in a line, name and colon included, and the programs above
  /// cut or fold below that. A longer text is shortened at a character boundary.
  std::size_t text_bytes = 800;
};

/// What the hand-over did to one part of the draft.
enum class change_kind {
  address_left_out,  ///< a recipient that is not plain_address() (or too long) is not handed over
  name_taken_off,    ///< a display name that is not plain_name() (or makes the mailbox too long)
  text_defused,      ///< a header text that readers decode again: spaces put inside each code
  text_shortened,    ///< a header text longer than limits::text_bytes, cut at a character boundary
};

/// Why a change was made (for the words the user is shown, and the finding codes).
enum class change_reason {
  decodes_again,     ///< an escape of a control, an RFC 2047 word, an HTML character reference
  not_valid,         ///< not a complete address: every program reads it its own way
  not_plain,         ///< characters a reader maps to others (compatibility forms, quotes, ...)
  too_long,          ///< longer than the smallest reader's limit
};

/// One change, in draft order (To, Cc, Bcc, subject, headers).
struct change {
  change_kind kind = change_kind::address_left_out;  ///< what was done
  change_reason reason = change_reason::not_plain;   ///< why
  std::string field;   ///< where: "to[0]" (the index in the draft before the change), "subject", "header:Keywords"
  std::string before;  ///< the address (Unicode form, or the text as read), the name or the text as the draft held it
  std::string after;   ///< what is handed over instead; empty for a recipient left out or a name taken off
  std::string recipient;  ///< for a name taken off: the address it belonged to (Unicode form); else empty
  /// Member-wise equality.
  friend bool operator==(const change&, const change&) = default;
};

/// The stable snake_case code of a change, as preview::check() reports it:
/// handover_address_left_out, handover_name_taken_off, handover_text_defused,
/// handover_text_shortened.
[[nodiscard]] MAILTOKIT_API std::string_view code_of(change_kind k) noexcept;
/// The stable snake_case name of a reason: decodes_again, not_valid, not_plain, too_long.
[[nodiscard]] MAILTOKIT_API std::string_view name_of(change_reason r) noexcept;

/// True when no reader of a hand-over can change `name`, a display name: every character is a
/// letter, mark or decimal digit of any script, the ASCII space, or one of ". - ' _"; NFKC and
/// case folding (charset::nfkc_casefold()) change nothing but the case of letters; no two spaces
/// in a row, none at either end. Never '&' ';' '\\' '"' ',' ':' '<' '>' '@' '=' '?' '%', a
/// compatibility, fullwidth or format character: percent-decoding, HTML references, RFC 2047,
/// backslash quoting, NFKC, IDNA mapping and list or group syntax find nothing in such a name.
/// plain_name("Jos\u00E9 O'Brien") is true; plain_name("Doe, Jane") is false.
[[nodiscard]] MAILTOKIT_API bool plain_name(std::string_view name);

/// True when no reader of a hand-over can change `local_part`, the local part of a valid
/// address: a dot-atom of ASCII letters, digits and ". - _ + '", or, beyond ASCII, lower-case
/// letters, marks and decimal digits that NFKC and case folding leave as they are (so no 'ß',
/// no fullwidth or mathematical letter). plain_local_part("j.doe+tag") is true;
/// plain_local_part("\"a,b\"") and plain_local_part("a%40b") are false.
[[nodiscard]] MAILTOKIT_API bool plain_local_part(std::string_view local_part);

/// True for an A-label domain made only of letters, digits and hyphens (RFC 5890 LDH labels of
/// 1 to 63 octets, no hyphen at either end), dots between labels, at most 253 octets: no domain
/// literal.
[[nodiscard]] MAILTOKIT_API bool plain_domain(std::string_view domain_ascii) noexcept;

/// True when `a` can be handed over: a valid address with a plain local part (plain_local_part())
/// and a plain A-label domain (plain_domain()), its spec() at most 254 octets (RFC 5321 section
/// 4.5.3.1.3: a path of 256 with its angle brackets).
[[nodiscard]] MAILTOKIT_API bool plain_address(const address& a);

/// The canonical form of a plain address (plain_address()) as every program and webmail gets it:
/// its local part, '@', its A-label domain.
[[nodiscard]] MAILTOKIT_API std::string spec(const address& a);

/// True when no reader decodes anything in `text`, a header text (a subject, a keyword): no
/// percent escape that decoding again (and again: "%250A") turns into a line break or another
/// control ("50%25 off" is plain text), no RFC 2047 encoded word nor what a lenient decoder
/// takes for one ("=?" and, after it, "?="), no HTML character reference ('&' then '#', or '&'
/// then a name that stands for ASCII punctuation, a space or a line break: "&NewLine;",
/// "&commat"). Thunderbird decodes a link's encoded-word subject, Roundcube and alpine save it
/// unencoded for every reader to decode: "=?utf-8?q?Invoice=0ABcc:=20x@evil.example?=" would
/// read as two lines. The body is no header text: no reader was seen to decode it again.
[[nodiscard]] MAILTOKIT_API bool plain_text(std::string_view text);

/// `text` with a space after the '=' of each "=?", the '%' of each percent escape (when one
/// decodes into a control) and the '&' of each character reference, so that plain_text() holds and a person still reads the same
/// words: "=?utf-8?q?Hi?=" becomes "= ?utf-8?q?Hi?=". Text that is plain_text() is returned as
/// it is.
[[nodiscard]] MAILTOKIT_API std::string defused(std::string_view text);

/// The changes make_safe() would make to `d`, without making them.
[[nodiscard]] MAILTOKIT_API std::vector<change> changes(const draft& d, const limits& l = {});

/// Makes `d` the canonical hand-over and returns what changed (empty when nothing did;
/// idempotent): leaves out each To, Cc and Bcc address that is not plain_address(); takes off
/// each display name that is not plain_name() or whose mailbox would be longer than
/// limits::mailbox_bytes; defuses (defused()) the subject and each kept header text that is not
/// plain_text(), and shortens one longer than limits::text_bytes. The body is left as it is.
MAILTOKIT_API std::vector<change> make_safe(draft& d, const limits& l = {});

}  // namespace mailtokit::handover
