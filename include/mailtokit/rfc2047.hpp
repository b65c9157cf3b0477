/// @file
/// RFC 2047 encoded words: decoding (any charset, through ICU) and encoding (UTF-8, Q or B).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "mailtokit/export.h"
#include "mailtokit/result.hpp"

/// RFC 2047 encoded words. Decoding happens exactly once and faithfully (CR, LF and NUL
/// included: the policy strips controls afterwards); the work is linear in the input. Stateless
/// functions, safe from any thread.
namespace mailtokit::rfc2047 {

/// RFC 2047 sections 4-6: decode the encoded words of an unstructured value (UTF-8 in, UTF-8
/// out), dropping white space between adjacent encoded words (section 6.2). Text that is not a
/// well-formed encoded word is kept as it is. decode("=?utf-8?Q?caf=C3=A9?=") == "café";
/// decode("=?iso-8859-1?Q?caf=E9?=") == "café".
[[nodiscard]] MAILTOKIT_API result<std::string> decode(std::string_view value);

/// decode() with a bound on the work: the value's encoded words beyond `max_words` give
/// too_many_encoded_words at the offset of the first one over (mailto limits::max_encoded_words).
/// Invalid UTF-8 input gives the utf8_* error at the offset of the first bad byte. Words in an
/// unknown charset, or whose octets are not valid in their charset, are kept as text. UTF-8,
/// US-ASCII and ISO-8859-1 words are decoded without ICU and not normalized; other charsets go
/// through charset::to_utf8 (ICU, NFC). Adjacent words of one charset are converted together,
/// so a character split across two words (a common mailer bug) still decodes. `charset*lang`
/// (RFC 2231) is accepted. A word must be delimited by white space, the start or end of the
/// value, a parenthesis, or another encoded word (section 5 (1)); one glued to other text is
/// text. Malformed words (bad `=XX`, bad base64, empty parts, unknown encoding) are kept as the
/// original text, and white space next to such text is kept.
[[nodiscard]] MAILTOKIT_API result<std::string> decode(std::string_view value, std::size_t max_words);

/// decode(value, max_words) that also counts, in `kept_as_text`, the runs of well-formed encoded
/// words kept as text because their charset is unknown or their octets are not valid in it
/// ("=?bogus-cs?Q?J=F6rg?=" counts 1), so that a caller can warn (encoded_word_undecodable).
[[nodiscard]] MAILTOKIT_API result<std::string> decode(std::string_view value, std::size_t max_words,
                                                       std::size_t& kept_as_text);

/// The two encodings of RFC 2047 section 4.
enum class encoding : char {
  q = 'Q',  ///< section 4.2, "similar to quoted-printable"
  b = 'B',  ///< section 4.1, base64
};

/// RFC 2047 section 4: the length of the encoded-text for the octets `utf8`. Q here is the form
/// safe in every context of section 5: letters, digits and "!*+-/" as they are, space as "_",
/// every other octet as "=XX" (uppercase hex). B includes its "=" padding.
[[nodiscard]] MAILTOKIT_API std::size_t encoded_length(std::string_view utf8, encoding e) noexcept;

/// RFC 2047 sections 2 and 4: append one encoded-word "=?utf-8?Q?...?=" (or "?B?") holding the
/// longest prefix of `utf8` that is made of whole UTF-8 sequences and keeps the word within
/// `max_len` characters (clamped to 24..75: section 2, "An 'encoded-word' may not be more than
/// 75 characters long"). Returns the number of octets of `utf8` used (at least one character
/// when `utf8` is not empty). append_word(out, "caf\xC3\xA9", encoding::q) appends
/// "=?utf-8?Q?caf=C3=A9?=".
MAILTOKIT_API std::size_t append_word(std::string& out, std::string_view utf8, encoding e,
                                      std::size_t max_len = 75);

/// RFC 2047 section 5 (1), for unstructured fields (Subject): `utf8` (valid UTF-8) as it would
/// appear unfolded in a header field. Words of printable ASCII stay readable; runs of words that
/// need encoding (non-ASCII, controls, "=?", leading or trailing white space) become UTF-8
/// encoded words of at most 75 characters, Q or B whichever is shorter (Q unless B saves more
/// than an eighth, so mostly-ASCII text stays readable), separated by single spaces, with the
/// white space between those words carried inside them (section 6.2).
/// encode_text("caf\xC3\xA9 au lait") == "=?utf-8?Q?caf=C3=A9?= au lait".
[[nodiscard]] MAILTOKIT_API std::string encode_text(std::string_view utf8);

/// RFC 2047 section 5 (3) and RFC 5322 section 3.2.5, for display names: atoms when the name is
/// atoms separated by single spaces, else a quoted-string when it is printable ASCII, else words
/// that are atoms and encoded words. encode_phrase("Smith, John") == "\"Smith, John\"";
/// encode_phrase("Jos\xC3\xA9 Smith") == "=?utf-8?Q?Jos=C3=A9?= Smith".
[[nodiscard]] MAILTOKIT_API std::string encode_phrase(std::string_view utf8);

}  // namespace mailtokit::rfc2047
