/// @file
/// Charset conversion to UTF-8 and Unicode normalization (ICU).
#pragma once

#include <string>
#include <string_view>

#include "mailtokit/export.h"
#include "mailtokit/result.hpp"

/// Legacy charsets to UTF-8 and NFC, through ICU (ucnv, Normalizer2). Only names in ICU's alias
/// table are opened, so no converter data file is searched for; ASCII input never reaches ICU.
/// Stateless functions, safe from any thread. Memory running out, in ICU too
/// (U_MEMORY_ALLOCATION_ERROR), is no_memory from to_utf8() and std::bad_alloc from the others.
namespace mailtokit::charset {

/// Convert `bytes` in the charset named `name` (IANA or ICU alias, case-insensitive, e.g.
/// "iso-8859-1", "windows-1252", "Shift_JIS") to UTF-8 in NFC. Unknown names give
/// unknown_charset at 0; bytes that are not valid in the charset give charset_conversion at
/// the offset of the first bad byte. to_utf8("caf\xE9", "iso-8859-1") == "café".
[[nodiscard]] MAILTOKIT_API result<std::string> to_utf8(std::string_view bytes, std::string_view name);

/// UAX #15 Normalization Form C of valid UTF-8 (invalid input is returned unchanged).
[[nodiscard]] MAILTOKIT_API std::string nfc(std::string_view utf8);

/// True when `utf8` is already in NFC (a quick check; ASCII always is).
[[nodiscard]] MAILTOKIT_API bool is_nfc(std::string_view utf8);

/// NFKC_Casefold (Unicode DerivedNormalizationProps.txt; the mapping UTS #46 section 4 builds on)
/// of valid UTF-8: compatibility characters become their plain forms, letters are case-folded,
/// default-ignorable characters vanish. What a reader that applies NFKC or IDNA mapping makes of a
/// text: nfkc_casefold("\uFF21\uFF20\uFF42") == "a@b" (fullwidth A, at sign, b). Invalid UTF-8
/// is returned unchanged; ASCII is only lower-cased.
[[nodiscard]] MAILTOKIT_API std::string nfkc_casefold(std::string_view utf8);

}  // namespace mailtokit::charset
