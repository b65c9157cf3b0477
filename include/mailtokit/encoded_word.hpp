/// RFC 2047 encoded words: decoding (any charset, through ICU) and encoding (UTF-8, Q or B).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "mailtokit/result.hpp"

namespace mailtokit::rfc2047 {

/// RFC 2047 sections 4-6: decode the encoded words of an unstructured value (UTF-8 in, UTF-8
/// out), dropping white space between adjacent encoded words (section 6.2). Text that is not a
/// well-formed encoded word is kept as it is. decode("=?utf-8?Q?caf=C3=A9?=") == "café";
/// decode("=?iso-8859-1?Q?caf=E9?=") == "café".
[[nodiscard]] result<std::string> decode(std::string_view value);

/// decode() with a bound on the work: the value's encoded words beyond `max_words` give
/// too_many_encoded_words at the offset of the first one over (mailto limits::max_encoded_words).
/// Invalid UTF-8 input gives the utf8_* error at the offset of the first bad byte. Words in an
/// unknown charset, or whose octets are not valid in their charset, are kept as text. UTF-8,
/// US-ASCII and ISO-8859-1 words are decoded without ICU and not normalized; other charsets go
/// through charset::to_utf8 (ICU, NFC). Adjacent words of one charset are converted together,
/// so a character split across two words still decodes.
[[nodiscard]] result<std::string> decode(std::string_view value, std::size_t max_words);

}  // namespace mailtokit::rfc2047
