/// @file
/// Internationalized domain names: IDNA2008 with UTS #46 non-transitional processing (libidn2).
#pragma once

#include <string>
#include <string_view>

#include "mailtokit/export.h"
#include "mailtokit/result.hpp"

/// Domain names: IDNA2008 + UTS #46 non-transitional processing through libidn2
/// (idn2_to_ascii_8z with IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL, idn2_to_unicode_8z8z for
/// display). libidn2 2.3.3 lets some bad labels through, so its output is checked (LDH, the
/// A -> U -> A round trip), and since it turns "xn--a" into an empty label, domains are validated
/// with ToASCII first. Domains are limited to 253 bytes and labels to 63; empty labels ("a..b")
/// are refused, a single trailing dot is allowed. ASCII hosts without an "xn--" label are not
/// checked against the DNS rules (LDH, STD3): "a_b.example" passes. Functions are reentrant.
/// Memory running out, in libidn2 too (IDN2_MALLOC), gives no_memory at 0.
namespace mailtokit::idna {

/// True when `domain` is ASCII and has no label starting with "xn--" (case-insensitive), so
/// to_ascii() returns it lower-cased without calling libidn2 (which costs ~2 us a call).
[[nodiscard]] MAILTOKIT_API bool is_plain_ascii(std::string_view domain) noexcept;

/// UTS #46 section 4 (non-transitional) + IDNA2008 ToASCII of a UTF-8 domain, NFC first.
/// to_ascii("納豆.example.org") == "xn--99zt52a.example.org"; to_ascii("faß.de") == "xn--fa-hia.de".
/// Errors (idna_*) carry the byte offset of the offending label in `domain`.
[[nodiscard]] MAILTOKIT_API result<std::string> to_ascii(std::string_view domain);

/// IDNA2008 ToUnicode for display: A-labels to U-labels. Invalid "xn--" labels (e.g. "xn--a")
/// are errors; ASCII labels are lower-cased.
[[nodiscard]] MAILTOKIT_API result<std::string> to_unicode(std::string_view domain);

}  // namespace mailtokit::idna
