/// @file
/// Error codes, byte-positioned errors and result<T>, the return type of every fallible call.
///
/// Every fallible function of the C++ API returns a mailtokit::result<T> holding either its value
/// or a mailtokit::error: an errc code and the byte offset in the input where the problem is. No
/// exception leaves the library for bad input (exceptions of dependencies are caught in the
/// library and become codes). Running out of memory is errc::no_memory from the parsers and
/// readers (parse_mailto(), parse_draft(), draft_parser, read_message()) and from
/// charset::to_utf8(), idna::to_ascii() and idna::to_unicode(), ICU's and libidn2's own
/// allocation failures included; other calls (compose(), build_mailto(), to_json(),
/// preview::check(), the handover:: functions) let std::bad_alloc propagate, ICU's allocation
/// failures as std::bad_alloc too (never a finding or a plain-or-not answer). The C API (mailtokit/mailtokit.h) carries the same codes as
/// MAILTOKIT_E_* constants with the same names.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "mailtokit/export.h"

/// The C++ API of mailtokit: parse mailto: links (RFC 6068), apply the header policy, compose and
/// read drafts (RFC 5322, MIME), with the IRI (RFC 3987), IDNA and charset layers below.
namespace mailtokit {

/// The error codes, one line per code: X(snake_case_name, "human message"). Each code is
/// documented at its enumerator of errc.
/// The name is a stable contract (printed by the CLI and in JSON); append, never rename.
// One line per error code: X(snake_case_name, "human message").
// The name is a stable contract (printed by the CLI and in JSON); append, never rename.
#define MAILTOKIT_ERRC_LIST(X)                                                        \
  /* general */                                                                      \
  X(input_too_long, "input is longer than the configured limit")                    \
  X(too_many_recipients, "more recipients than the configured limit")               \
  X(too_many_hfields, "more header fields than the configured limit")               \
  X(nesting_too_deep, "nesting deeper than the configured limit")                   \
  X(empty_input, "input is empty")                                                   \
  X(internal_error, "internal error in a dependency")                               \
  /* UTF-8, RFC 3629 */                                                              \
  X(utf8_truncated, "truncated UTF-8 sequence")                                     \
  X(utf8_overlong, "overlong UTF-8 encoding")                                       \
  X(utf8_surrogate, "UTF-8 encoded surrogate (U+D800..U+DFFF)")                     \
  X(utf8_too_large, "UTF-8 code point above U+10FFFF")                              \
  X(utf8_invalid_byte, "byte that cannot start a UTF-8 sequence")                   \
  /* percent-encoding, RFC 3986 section 2.1 */                                       \
  X(percent_truncated, "'%' not followed by two hex digits")                        \
  X(percent_bad_hex, "'%' followed by a character that is not a hex digit")         \
  /* charsets */                                                                     \
  X(unknown_charset, "charset name is not known")                                   \
  X(charset_conversion, "bytes are not valid in the named charset")                 \
  /* IRI, RFC 3987 */                                                                \
  X(iri_bad_scheme, "scheme is missing or malformed")                               \
  X(iri_bad_char, "character not allowed here by the RFC 3987 grammar")             \
  X(iri_private_outside_query, "private-use character outside the query")           \
  X(iri_bad_authority, "malformed authority")                                       \
  X(iri_bad_port, "port is not a number")                                           \
  X(iri_bad_ip_literal, "malformed IP literal")                                     \
  X(iri_bidi, "component mixes right-to-left and left-to-right text or has bidi controls") \
  /* IDNA, libidn2 (IDNA2008 + UTS #46) */                                           \
  X(idna_invalid, "domain label is not valid under IDNA2008/UTS #46")              \
  X(idna_too_long, "domain or label is too long")                                   \
  X(idna_empty_label, "empty domain label")                                         \
  X(idna_bad_punycode, "xn-- label is not valid punycode")                          \
  X(idna_disallowed, "code point disallowed in a domain")                           \
  X(idna_bidi, "label breaks the IDNA bidi rule")                                   \
  /* addresses, RFC 5322 section 3.4 */                                              \
  X(address_empty, "address is empty")                                              \
  X(address_no_at, "address has no '@'")                                            \
  X(address_bad_local, "malformed local part")                                      \
  X(address_bad_domain, "malformed domain")                                         \
  X(address_bad_list, "malformed address list")                                     \
  /* mailto, RFC 6068 */                                                             \
  X(not_mailto, "not a mailto URI")                                                 \
  X(mailto_second_question, "a second '?' must be percent-encoded")                 \
  X(mailto_bad_char, "character not allowed in a mailto URI")                       \
  X(mailto_bad_hfield, "header field without '='")                                  \
  X(mailto_bad_hname, "header field name is empty or not a valid field name")       \
  X(mailto_invalid_utf8, "value is not valid UTF-8")                                \
  /* RFC 2047 encoded words */                                                       \
  X(encoded_word_malformed, "malformed RFC 2047 encoded word")                       \
  X(too_many_encoded_words, "more RFC 2047 encoded words than the configured limit") \
  /* composing, RFC 5322 / 2045 / 6532 */                                            \
  X(needs_smtputf8, "address has a non-ASCII local part and SMTPUTF8 is not allowed") \
  X(invalid_address, "address is not a valid addr-spec")                            \
  X(no_recipients, "draft has no recipients")                                       \
  X(header_injection, "value contains a line break or control character")           \
  X(header_not_allowed, "header field name is malformed or written by the composer itself") \
  /* reading messages, RFC 5322 / 2045 / 2046 */                                      \
  X(message_malformed, "message is not a well-formed RFC 5322 / MIME message")      \
  X(body_malformed, "body is not valid in its Content-Transfer-Encoding")         \
  X(too_many_parts, "more MIME parts than the configured limit")                    \
  /* an address a mail program would read as another one */                           \
  X(address_decodes_again, "address holds a percent escape or an encoded word that mail programs decode again") \
  X(display_name_separators, "display name holds '@', '<', '>', ',' or ';', which mail programs read as separators") \
  X(address_compatibility_characters, "address holds compatibility characters that mail programs map to separators") \
  /* resources */                                                                    \
  X(no_memory, "out of memory")

/// Every way an input can be refused. Names from to_name() are stable: the CLI prints them, the
/// JSON output carries them, and the C API has each as MAILTOKIT_E_<NAME> (mailtokit/mailtokit.h)
/// with a number fixed per SONAME. The offset of an error is the first offending byte of the
/// input of the call that failed, unless the code says otherwise. Codes are only appended.
/// The library reads no files and starts no programs: the codes of the mailtokit program for
/// those (io_error, config_error, exec_syntax, spawn_failed, not_found) are the program's own.
enum class errc : std::uint16_t {
/// @cond
#define MAILTOKIT_ERRC_ENUM(name, msg) name,
/// @endcond
  MAILTOKIT_ERRC_LIST(MAILTOKIT_ERRC_ENUM)
#undef MAILTOKIT_ERRC_ENUM
};

// What each code means, where it comes from and the rule it enforces (Doxygen attaches these to
// the enumerators that MAILTOKIT_ERRC_LIST expands into).
/// @var errc::input_too_long
/// The input is longer than its configured limit: limits::max_input for a link (offset: where
/// the limit was passed), read_options::max_input for a message (read_options::max_field for one
/// of its header fields, at the first octet past it), max_addr_spec_octets for
/// parse_addr_spec(). A resource limit, never a truncated result.
/// @var errc::too_many_recipients
/// More To + Cc + Bcc addresses (path and hfields together) than limits::max_recipients or
/// read_options::max_recipients.
/// @var errc::too_many_hfields
/// More RFC 6068 section 2 hfields ("name=value" pairs) than limits::max_hfields, or more header
/// fields in a message than read_options::max_fields; offset of the first one over.
/// @var errc::nesting_too_deep
/// Multipart entities (RFC 2046 section 5.1) nested deeper than read_options::max_depth.
/// @var errc::empty_input
/// Nothing to read: a link that is empty after trimming white space, or an empty message.
/// @var errc::internal_error
/// A dependency failed where it should not (ICU or libidn2 reporting an internal failure of its
/// own, an exception from mimetic other than a parse error or std::bad_alloc). Offset 0. Memory
/// running out is no_memory, in ICU and libidn2 too.
/// @var errc::utf8_truncated
/// RFC 3629 section 4: a multi-byte UTF-8 sequence ends early (a lead byte without all its
/// continuation bytes).
/// @var errc::utf8_overlong
/// RFC 3629 section 3: a code point encoded with more bytes than needed ("C0 AF" for '/'), which
/// the RFC forbids because decoders that accept it can be tricked past checks.
/// @var errc::utf8_surrogate
/// RFC 3629 section 3: an encoded UTF-16 surrogate (U+D800..U+DFFF, "ED A0 80"), which is no
/// character.
/// @var errc::utf8_too_large
/// RFC 3629 section 3: a code point above U+10FFFF (lead bytes F4 90 and up, F5..FF).
/// @var errc::utf8_invalid_byte
/// RFC 3629 section 4: a byte that cannot start a sequence (a lone continuation byte 80..BF,
/// or C0, C1, F5..FF).
/// @var errc::percent_truncated
/// RFC 3986 section 2.1 (pct-encoded = "%" HEXDIG HEXDIG): a '%' at the end of the input or
/// followed by one hex digit only. In a mailto link only with parse_options::strict; by
/// default the '%' is read as itself (warning percent_literal). Offset of the '%'.
/// @var errc::percent_bad_hex
/// RFC 3986 section 2.1: a '%' followed by a character that is not a hex digit ("%zz"). In a
/// mailto link only with parse_options::strict (default: warning percent_literal). Offset of
/// the '%'.
/// @var errc::unknown_charset
/// A charset name (RFC 2047 encoded word, RFC 2046 section 4.1.2 charset parameter,
/// parse_options::legacy_charset, iri::to_uri_options::charset) that ICU's alias table does not
/// know. Offset 0 of the name's input, or of the value that named it.
/// @var errc::charset_conversion
/// Bytes that are not valid in their named charset (ICU conversion); offset of the first bad byte.
/// @var errc::iri_bad_scheme
/// RFC 3987 section 2.2 / RFC 3986 section 3.1 (scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" /
/// "." )): a malformed scheme, or none where iri::parse_absolute() needs one.
/// @var errc::iri_bad_char
/// RFC 3987 section 2.2: a character the IRI grammar does not allow at this place (a space, a
/// '"', a '<', a non-ucschar code point, a bidi control outside what section 4.1 allows).
/// @var errc::iri_private_outside_query
/// RFC 3987 section 2.2: an iprivate character (U+E000-U+F8FF, planes 15 and 16) outside iquery.
/// @var errc::iri_bad_authority
/// RFC 3987 section 2.2 / RFC 3986 section 3.2: a malformed iauthority (for example a second
/// '@' or a stray '[').
/// @var errc::iri_bad_port
/// RFC 3986 section 3.2.3 (port = *DIGIT): a port that is not a number.
/// @var errc::iri_bad_ip_literal
/// RFC 3986 section 3.2.2: a malformed IP-literal (IPv6address or IPvFuture in brackets). IPv6
/// zone identifiers ("[fe80::1%25eth0]") are refused, as in RFC 3987.
/// @var errc::iri_bidi
/// RFC 3987 sections 4.1 and 4.2: a component holds bidi formatting characters, mixes
/// right-to-left and left-to-right characters, or uses right-to-left characters without
/// starting and ending with them. Offset of the component (iri::check()).
/// @var errc::idna_invalid
/// IDNA2008 (RFC 5891 section 4.2, RFC 5892) with UTS #46 section 4 processing: a domain label
/// that is not valid (hyphen rules, leading combining marks, CONTEXTJ/CONTEXTO rules, a bad
/// A-label that does not round-trip). Offset of the label.
/// @var errc::idna_too_long
/// RFC 1034 section 3.1 / RFC 5890 section 2.3.2.1: a label longer than 63 octets or a domain
/// longer than 253 octets in ASCII form. Offset of the label (or 0 for the domain).
/// @var errc::idna_empty_label
/// RFC 1034 section 3.1: an empty label ("a..b", a leading '.'); a single trailing dot is
/// allowed. Offset of the empty label.
/// @var errc::idna_bad_punycode
/// RFC 3492 / RFC 5891 section 5.4: an "xn--" label that is not valid Punycode ("xn--a").
/// @var errc::idna_disallowed
/// RFC 5892 / UTS #46 section 5: a code point that is DISALLOWED in a domain name (symbols,
/// controls, most punctuation). Offset of the label.
/// @var errc::idna_bidi
/// RFC 5893 section 2: a label breaks the Bidi Rule for right-to-left domain names.
/// @var errc::address_empty
/// RFC 5322 section 3.4.1: an address with no text at all.
/// @var errc::address_no_at
/// RFC 5322 section 3.4.1 (addr-spec = local-part "@" domain): no '@' outside quotes.
/// @var errc::address_bad_local
/// RFC 5322 sections 3.4.1, 3.2.3, 3.2.4: a local part that is neither a dot-atom nor a
/// quoted-string, or one holding controls, bidi controls or invisible format characters.
/// @var errc::address_bad_domain
/// RFC 5322 section 3.4.1 / RFC 5321 section 4.1.2: a domain that is neither a host name
/// (letters, digits, hyphens; IDNA for Unicode) nor a domain literal ("[192.0.2.1]").
/// @var errc::address_bad_list
/// RFC 5322 section 3.4 (address-list): unbalanced quotes, angle brackets or comments, text
/// after an angle address; also where exactly one mailbox is needed and the text holds another
/// number (mailtokit_draft_set_from()).
/// @var errc::not_mailto
/// RFC 6068 section 2 (mailtoURI = "mailto:" [ to ] [ hfields ]): the input does not start with
/// the scheme "mailto:" (any case, after white space is trimmed).
/// @var errc::mailto_second_question
/// RFC 6068 section 2 (hfields = "?" hfield *( "&" hfield ); qchar has no "?"): a second '?'.
/// Only with parse_options::strict; by default it is read as '&' before a known field name
/// (warning question_as_ampersand) or as a literal '?' (question_literal).
/// @var errc::mailto_bad_char
/// RFC 6068 section 2 / RFC 3986 section 2: a raw control character (NUL, TAB, CR, LF, other C0
/// controls, DEL) anywhere in the link. No character of the grammar; a raw line break could
/// split the link where its author did not, so it is refused in every mode.
/// @var errc::mailto_bad_hfield
/// RFC 6068 section 2 (hfield = hfname "=" hfvalue): a field without '='. Only with
/// parse_options::strict; by default it has an empty value (warning hfield_without_value).
/// @var errc::mailto_bad_hname
/// RFC 6068 section 2 / RFC 5322 section 3.6.8: an empty field name ("?=x"), or (make_draft(),
/// mailtokit_draft_add_header()) a name that is not 1*ftext.
/// @var errc::mailto_invalid_utf8
/// RFC 6068 section 2 ("percent-encoded ... UTF-8"): a decoded value that is not UTF-8, with
/// invalid_utf8::reject, or an address that is not UTF-8 with parse_options::strict (by
/// default: U+FFFD and warning invalid_utf8_replaced). Offset of the bad byte's escape.
/// @var errc::encoded_word_malformed
/// RFC 2047 section 2 / RFC 4648 section 4: malformed encoded text, such as base64 with bytes
/// outside the alphabet or a misplaced '=' (transfer::base64_decode_append()). rfc2047::decode()
/// keeps malformed words as text instead.
/// @var errc::too_many_encoded_words
/// More RFC 2047 encoded words in one value than limits::max_encoded_words
/// (read_options::max_encoded_words); offset of the first one over.
/// @var errc::needs_smtputf8
/// RFC 6531 / RFC 6532: an address has a non-ASCII local part and compose_options::ascii_only or
/// strict (without allow_smtputf8) forbids the UTF-8 header fields it needs. Offset of the
/// first non-ASCII byte in that local part.
/// @var errc::invalid_address
/// RFC 5322 section 3.4.1: an address that is not a valid addr-spec where one is required:
/// compose() with compose_options::strict, make_draft(), mailtokit_draft_set_from().
/// @var errc::no_recipients
/// The draft has no recipients. No longer returned by the library (RFC 6068 allows
/// "mailto:?subject=x", and such a draft is composed); kept so that the codes stay stable.
/// @var errc::header_injection
/// RFC 5322 section 2.2 (a field body holds no CR or LF except in folding): a header value
/// (subject, display name, kept field, local part, date, Message-ID) holds a line break, a C0
/// control other than TAB, DEL, a C1 control, U+2028 or U+2029. Refused, never repaired, by
/// the composer and the builder. Offset of that character in the value.
/// @var errc::header_not_allowed
/// RFC 5322 section 3.6.8: a field name that is not 1-76 ftext characters, or one the composer
/// writes itself (Date, From, Sender, To, Cc, Bcc, Subject, Message-ID, MIME-Version, X-Unsent,
/// any Content-*).
/// @var errc::message_malformed
/// RFC 5322 sections 2.2 and 3.6 / RFC 2046 section 5.1 (read_message()): a header line that is
/// neither a field nor a continuation, an empty or non-ftext field name (offset of that byte),
/// a header line longer than read_options::max_line (RFC 5322 section 2.1.1; offset of its first
/// octet past the limit),
/// a multipart entity without parts, or anything mimetic could not parse (offset 0).
/// @var errc::body_malformed
/// RFC 2045 sections 6.7 and 6.8 (read_message(), transfer::qp_decode_append()): bad
/// quoted-printable or base64 (offset of the offending character), or an unknown
/// Content-Transfer-Encoding (offset of the body).
/// @var errc::too_many_parts
/// More lines starting with "--" (a bound on MIME parts, RFC 2046 section 5.1) than
/// read_options::max_parts.
/// @var errc::address_decodes_again
/// parse_options::strict only: an address of the link holds a percent escape or an RFC 2047
/// encoded word (decodes_again()), which the default reading keeps literally with the warning
/// address_decodes_again. Mail programs decode such text again (Thunderbird in a local part or a
/// quoted display name, Evolution in a whole addr-spec) and read another address out of it.
/// Offset: the first '%' or "=?" of the link that spells it, else 0.
/// @var errc::display_name_separators
/// parse_options::strict only: a display name of the link holds '@', '<', '>', ',' or ';', or a
/// compatibility form of one (name_holds_separators()), which the default reading keeps with the
/// warning display_name_separators. Offset: 0 (the link as a whole).
/// @var errc::address_compatibility_characters
/// parse_options::strict only: an address of the link holds compatibility characters that NFKC
/// maps to separators (compatibility_separators()), which the default reading keeps with the
/// warning address_compatibility_characters. Offset: 0 (the link as a whole).
/// @var errc::no_memory
/// Memory ran out (std::bad_alloc, or ICU's U_MEMORY_ALLOCATION_ERROR and libidn2's IDN2_MALLOC)
/// while parse_mailto(), parse_draft(), draft_parser::parse(), read_message(),
/// charset::to_utf8(), idna::to_ascii() or idna::to_unicode() worked: they give this code, never
/// a partial value. The C API's
/// MAILTOKIT_E_NO_MEMORY is the same code (every C entry point gives it). Offset 0.

/// The stable snake_case name of a code, e.g. "utf8_overlong".
[[nodiscard]] MAILTOKIT_API std::string_view to_name(errc code) noexcept;
/// A human-readable sentence for a code, e.g. "overlong UTF-8 encoding".
[[nodiscard]] MAILTOKIT_API std::string_view to_string(errc code) noexcept;

/// An error: what went wrong and the byte offset in the input where it went wrong. A plain value
/// (any thread); describe() formats it as the CLI prints it.
struct error {
  errc code{};             ///< what went wrong
  std::size_t offset = 0;  ///< byte offset in the input of the failing call (see each errc)
  /// Same code and offset.
  friend bool operator==(const error&, const error&) = default;
};

/// "<name> at byte <offset>: <message>", the CLI's error format.
[[nodiscard]] MAILTOKIT_API std::string describe(const error& e);

/// A value or an error, with the std::expected surface (has_value, bool, *, ->, value, error), so
/// that it can become std::expected later. Owns its value. Dereferencing a result that holds an
/// error is a programming error (std::bad_variant_access): test it first. Generic in its error
/// type `E` (as `std::expected<T, E>`): the library's results hold a mailtokit::error; a program
/// that has errors of its own makes `result<T, its_error>`, into which a library result converts
/// when its error type can be built from mailtokit::error.
/// @code
/// auto d = mailtokit::parse_draft(uri);
/// if (!d) std::cerr << mailtokit::describe(d.error()) << '\n';  // "not_mailto at byte 0: ..."
/// else use(*d);
/// @endcode
template <class T, class E = error>
class [[nodiscard]] result {
 public:
  /// A result holding a copy of `v`.
  result(const T& v) : v_(std::in_place_index<0>, v) {}
  /// A result holding `v`.
  result(T&& v) : v_(std::in_place_index<0>, std::move(v)) {}
  /// A result holding the error `e`.
  result(E e) : v_(std::in_place_index<1>, std::move(e)) {}
  /// A result holding the error E(e), for an error of another type E can be built from (a
  /// library error in a program's result).
  template <class E2>
    requires(!std::is_same_v<E2, E> && std::is_constructible_v<E, const E2&> && !std::is_constructible_v<T, const E2&>)
  result(const E2& e) : v_(std::in_place_index<1>, E(e)) {}
  /// A result holding T(u), for anything T can be built from (a string literal for
  /// result<std::string>).
  template <class U>
    requires(std::is_constructible_v<T, U &&> && !std::is_same_v<std::remove_cvref_t<U>, T> &&
             !std::is_same_v<std::remove_cvref_t<U>, E> && !std::is_same_v<std::remove_cvref_t<U>, mailtokit::error> &&
             !std::is_same_v<std::remove_cvref_t<U>, result>)
  result(U&& u) : v_(std::in_place_index<0>, T(std::forward<U>(u))) {}
  /// A result of another value and error type: its value as T, or its error as E.
  template <class U, class E2>
    requires(!std::is_same_v<result<U, E2>, result> && std::is_constructible_v<T, U &&> &&
             std::is_constructible_v<E, const E2&>)
  result(result<U, E2>&& r)
      : v_(r ? std::variant<T, E>(std::in_place_index<0>, T(std::move(*r)))
             : std::variant<T, E>(std::in_place_index<1>, E(r.error()))) {}

  /// True when the result holds a value.
  [[nodiscard]] bool has_value() const noexcept { return v_.index() == 0; }
  /// has_value().
  explicit operator bool() const noexcept { return has_value(); }
  /// The value (must hold one).
  T& operator*() & { return std::get<0>(v_); }
  /// The value (must hold one).
  const T& operator*() const& { return std::get<0>(v_); }
  /// The value, moved out (must hold one).
  T&& operator*() && { return std::get<0>(std::move(v_)); }
  /// The value's members (must hold one).
  T* operator->() { return &std::get<0>(v_); }
  /// The value's members (must hold one).
  const T* operator->() const { return &std::get<0>(v_); }
  /// The value; calling it on an error is a programming error (std::bad_variant_access).
  T& value() & { return std::get<0>(v_); }
  /// The value; calling it on an error is a programming error (std::bad_variant_access).
  const T& value() const& { return std::get<0>(v_); }
  /// The value, moved out; calling it on an error is a programming error.
  T&& value() && { return std::get<0>(std::move(v_)); }
  /// The error (must hold one: !has_value()).
  [[nodiscard]] const E& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, E> v_;
};

/// result<void, E>: success or an error.
template <class E>
class [[nodiscard]] result<void, E> {
 public:
  /// Success.
  result() = default;
  /// The error `e`.
  result(E e) : e_(std::move(e)), ok_(false) {}
  /// The error E(e), for an error of another type E can be built from.
  template <class E2>
    requires(!std::is_same_v<E2, E> && std::is_constructible_v<E, const E2&>)
  result(const E2& e) : e_(E(e)), ok_(false) {}
  /// A result<void> of another error type: success or its error as E.
  template <class E2>
    requires(!std::is_same_v<E2, E> && std::is_constructible_v<E, const E2&>)
  result(const result<void, E2>& r) : e_(r ? E(E2{}) : E(r.error())), ok_(r.has_value()) {}
  /// True on success.
  [[nodiscard]] bool has_value() const noexcept { return ok_; }
  /// has_value().
  explicit operator bool() const noexcept { return ok_; }
  /// Nothing (for the std::expected surface).
  void value() const {}
  /// The error (must hold one: !has_value()).
  [[nodiscard]] const E& error() const { return e_; }

 private:
  E e_{default_error()};
  bool ok_ = true;

  static E default_error() {
    if constexpr (std::is_default_constructible_v<E>) return E{};
    else return E(mailtokit::error{});
  }
};

/// Shorthand for returning an error: `return fail(errc::utf8_overlong, 3);`
[[nodiscard]] inline error fail(errc code, std::size_t offset) noexcept { return error{code, offset}; }

}  // namespace mailtokit
