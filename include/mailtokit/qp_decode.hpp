/// Quoted-printable decoding (RFC 2045 section 6.7), the inverse of transfer::qp_append().
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "mailtokit/export.h"
#include "mailtokit/result.hpp"

namespace mailtokit::transfer {

/// RFC 2045 section 6.7: append the octets that the quoted-printable text `in` encodes.
/// Hard line breaks (CRLF, or a bare LF or CR as files on disk have them) become CRLF; a "=" at
/// the end of a line is a soft line break and disappears (rule 5); white space at the end of a
/// line is deleted (rule 3: "it will necessarily have been added by intermediate transport
/// agents"); "=XX" takes upper- or lower-case hex (note (2)'s "robust implementation"). A "="
/// followed by anything else gives body_malformed at its offset (plus `base`).
/// qp_decode_append("caf=C3=A9=\r\n au lait", out) appends "caf\xC3\xA9 au lait".
[[nodiscard]] MAILTOKIT_API result<void> qp_decode_append(std::string_view in, std::string& out,
                                                          std::size_t base = 0);

}  // namespace mailtokit::transfer
