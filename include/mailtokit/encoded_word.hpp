/// RFC 2047 encoded words: decoding (any charset, through ICU) and encoding (UTF-8, Q or B).
#pragma once

#include <string>
#include <string_view>

#include "mailtokit/result.hpp"

namespace mailtokit::rfc2047 {

/// RFC 2047 sections 4-6: decode the encoded words of an unstructured value (UTF-8 in, UTF-8
/// out), dropping white space between adjacent encoded words (section 6.2). Text that is not a
/// well-formed encoded word is kept as it is. decode("=?utf-8?Q?caf=C3=A9?=") == "café";
/// decode("=?iso-8859-1?Q?caf=E9?=") == "café".
[[nodiscard]] result<std::string> decode(std::string_view value);

}  // namespace mailtokit::rfc2047
