/// @file
/// Email addresses (RFC 5322 section 3.4): one mailbox, with its Unicode and ASCII forms.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/export.h"
#include "mailtokit/result.hpp"

namespace mailtokit {

/// An addr-spec is one token that is never folded, so it must fit on one line of at most 998
/// octets (RFC 5322 section 2.1.1) with its field name: local part plus domain (both forms) may
/// not exceed this. Longer addresses are kept but marked invalid; the composer refuses them.
inline constexpr std::size_t max_addr_spec_octets = 900;

/// One mailbox. Owns its strings. Thread-safety: a value type, no shared state.
///
/// Addresses are dot-atom or quoted-string local parts (`%22not%40me%22@example.org` in a link is
/// `"not@me"@example.org`) and domains as host names (RFC 5321 letters, digits, hyphens) or
/// domain literals (`[192.0.2.1]`). Unicode domains (percent-encoded UTF-8, raw IRI characters or
/// A-labels) go through IDNA2008/UTS #46 (idna::to_ascii()): `domain` holds the U-labels for
/// display, `domain_ascii` the A-labels for the message. A non-ASCII local part sets
/// `needs_smtputf8` (RFC 6531). Local parts may not hold controls, bidi controls, zero-width or
/// other invisible format characters. An address that is not valid is kept with `valid` false
/// (and a warning "invalid_address" in the draft), so the user can fix it in the draft.
struct address {
  std::string display_name;     ///< decoded UTF-8 display name; empty when there is none
  std::string local_part;       ///< RFC 5322 local-part: dot-atom text, or quoted-string with its quotes
  std::string domain;           ///< domain for display: U-labels, or a domain literal "[...]"
  std::string domain_ascii;     ///< domain in A-labels; empty when the domain is invalid
  std::string original;         ///< the decoded text the address was parsed from
  bool valid = false;           ///< a valid RFC 5322 addr-spec with a valid domain
  bool needs_smtputf8 = false;  ///< the local part is not ASCII (RFC 6531)

  /// "local@domain" in Unicode; `original` when the address is invalid.
  [[nodiscard]] MAILTOKIT_API std::string unicode() const;
  /// "local@domain_ascii"; nullopt when invalid or when the local part needs SMTPUTF8.
  [[nodiscard]] MAILTOKIT_API std::optional<std::string> ascii() const;
  /// Member-wise equality.
  friend bool operator==(const address&, const address&) = default;
};

/// RFC 5322 section 3.4.1 addr-spec (no obsolete forms) over decoded UTF-8 text:
/// local-part = dot-atom / quoted-string, domain = dot-atom / domain-literal.
/// parse_addr_spec("\"not@me\"@example.org")->local_part == "\"not@me\"". An addr-spec longer
/// than max_addr_spec_octets fails with input_too_long (in a list it is kept, marked invalid).
[[nodiscard]] MAILTOKIT_API result<address> parse_addr_spec(std::string_view text);

/// RFC 5322 section 3.4 address-list (display names, angle addresses, comments, RFC 2047
/// encoded words in phrases) over decoded UTF-8 text. Entries that are not valid are kept with
/// valid == false.
[[nodiscard]] MAILTOKIT_API result<std::vector<address>> parse_address_list(std::string_view text);

/// True when `text` holds what a mail program may decode again after it was handed over: a
/// percent escape ('%' and two hex digits) or an RFC 2047 encoded word, or anything a lenient
/// decoder takes for one ("=?" and, after it, "?="). mailtokit reads such text in an address
/// literally, as RFC 6068 and RFC 2047 section 5 say; Thunderbird and Evolution decode it wherever
/// it stands (quoted or not, in a local part or a display name) and can read another address, or
/// several, out of it. "Quiz: 2+2=?" is not such text.
[[nodiscard]] MAILTOKIT_API bool decodes_again(std::string_view text) noexcept;
/// True when the local part, the domain or the display name of `a` (its text as read, when it is
/// not valid) decodes_again(), or holds half of an encoded word ("=?" or "?=" alone), which
/// another address of the same list can complete: "=?q?b?boss=40evil.example" and
/// "x?=@corp.example" are harmless apart, and a program that decodes the whole list reads
/// boss@evil.example out of them together.
[[nodiscard]] MAILTOKIT_API bool decodes_again(const address& a) noexcept;

/// True when the display name `name` (decoded UTF-8) holds '@', '<', '>', ',' or ';', itself or
/// as a compatibility form that NFKC maps to one (charset::nfkc_casefold()): text a mail program
/// or webmail can split into entries or read another address out of ("Doe, Jane" splits in
/// webmails that split a list at every comma; "boss@evil.example, y" reads as a recipient).
[[nodiscard]] MAILTOKIT_API bool name_holds_separators(std::string_view name);
/// True when NFKC (charset::nfkc_casefold()) turns characters of `text` into the separators of
/// an address or a list, '@' ',' ';' ':' '<' '>' '"' '\\' '[' ']' '(' ')' or a space, that `text` did
/// not have: a fullwidth comma U+FF0C or at sign U+FF20, a small comma U+FE50. mutt's and
/// GLib's IDNA map them, so "a@corp.example\uFF0Cboss\uFF20evil.example" reaches a program as
/// two recipients.
[[nodiscard]] MAILTOKIT_API bool compatibility_separators(std::string_view text);
/// compatibility_separators() of the local part or the domain of `a` (its text as read, when it
/// is not valid).
[[nodiscard]] MAILTOKIT_API bool compatibility_separators(const address& a);

}  // namespace mailtokit
