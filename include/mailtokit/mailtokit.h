/** @file
 * mailtokit C API: mailto: links to drafts and back, for programs written in C (or anything that
 * can call C). C99; usable from C++ (extern "C"). `#include <mailtokit/mailtokit.h>`; link with
 * `$(pkg-config --cflags --libs mailtokit)` or the CMake target mailtokit::mailtokit.
 *
 * Conventions, for every function here:
 * - Text in is UTF-8 as a pointer and a length in bytes (`const char* s, size_t len`); it need not
 *   be NUL-terminated and may hold NUL bytes. `s` may be NULL when `len` is 0.
 * - Functions that can fail return an int: MAILTOKIT_OK (0) or a MAILTOKIT_E_* code. When the
 *   `mailtokit_error* err` argument is not NULL it receives the code, the byte offset into the
 *   input where the problem is, and the stable name and English message of the code (static
 *   strings). On failure every output pointer is set to NULL (lengths to 0).
 * - Text out comes two ways. Owned: `char** out, size_t* out_len` receives a new NUL-terminated
 *   buffer (out_len may be NULL), which the caller frees with mailtokit_free(). Borrowed:
 *   mailtokit_str / mailtokit_address fields point into a handle; they are NUL-terminated, stay
 *   valid until the handle is changed or freed, and must not be freed.
 * - No exception crosses this boundary; out-of-memory is MAILTOKIT_E_NO_MEMORY; a NULL handle or
 *   output pointer where one is required is MAILTOKIT_E_INVALID_ARGUMENT.
 *
 * Thread-safety: every function is reentrant (the shared state is listed below), and
 * different handles may be used by different threads at the same time. Functions taking a
 * `const` handle only read it, so several threads may call them on one handle at once; a
 * function taking a non-const handle needs exclusive access to that handle (lock it yourself).
 * The strings of mailtokit_error and of mailtokit_error_name/message/mailtokit_version are static.
 *
 * Ownership: each handle (mailtokit_draft, mailtokit_options) belongs to the caller that created
 * it and is released with its _free function (which accepts NULL). Handles never share state.
 *
 * | C type | ownership | threads |
 * |---|---|---|
 * | mailtokit_options (opaque) | created by mailtokit_options_new(), freed by mailtokit_options_free(); the caller's | read-only use (passing it to parse/build/compose) from any number of threads at once; setters need exclusive access |
 * | mailtokit_draft (opaque) | created by mailtokit_parse(), mailtokit_read_message() or mailtokit_draft_new(), freed by mailtokit_draft_free() | `const` accessors concurrently; setters need exclusive access |
 * | mailtokit_str, mailtokit_address | borrowed from a draft, never freed | as the draft |
 * | mailtokit_error | plain struct, the caller's; its strings are static | any |
 * | `char*` results | the caller's, freed with mailtokit_free() | any |
 *
 * Threads and processes: the library holds no state that one call leaves for another to read,
 * except these, each safe from any number of threads at once:
 * - per thread (thread_local, so never shared): the IDNA cache (256 domains each way,
 *   mailtokit::idna::thread_cache()); the Message-ID generator of mailtokit_compose()
 *   (xoshiro256** seeded from getrandom(2), seeded again when getpid() shows a fork() child, so
 *   parent and children never write the same Message-ID); the Date text, formatted at most once
 *   a second; the header writer's scratch list of words.
 * - per process, made when the library is loaded and read-only after: ICU's spoof checker
 *   (UTS #39) of the previews, shared by every thread (ICU allows concurrent checks on one const
 *   checker), ICU's normalizers and its table of charset names (ICU keeps the failure of a first
 *   attempt, so they are made before any call can be short of memory).
 * - per process, made once at the first use (a C++ function-local static, thread-safe) and
 *   read-only after: libxml2's set-up (xmlInitParser(), called once before the first HTML body
 *   is read; libxml2 keeps its own global tables); the choice of the SIMD scanner for this CPU.
 * - ICU's and libidn2's own thread-safe tables and caches.
 * After fork(), parent and child may both go on using the library (a process with more threads
 * than the forking one has, in the child, only what POSIX allows after fork). Every entry point
 * catches every exception (std::bad_alloc, like ICU's and libidn2's own allocation failures,
 * becomes MAILTOKIT_E_NO_MEMORY, anything else MAILTOKIT_E_INTERNAL_ERROR). The numeric error
 * values are fixed per SONAME; an error code newer than this header arrives as MAILTOKIT_E_OTHER
 * with the right name (mailtokit_error::name).
 *
 * | area | functions |
 * |---|---|
 * | version, errors | mailtokit_version(), mailtokit_error_name(), mailtokit_error_message(), mailtokit_error_code(), mailtokit_free() |
 * | options | mailtokit_options_new(), mailtokit_options_free(), mailtokit_options_set_limit(), mailtokit_options_set_invalid_utf8(), mailtokit_options_set_strict(), mailtokit_options_keep(), mailtokit_options_drop(), mailtokit_options_drop_all(), mailtokit_options_set_uri_form(), mailtokit_options_set_compose_flags(), mailtokit_options_set_date(), mailtokit_options_set_message_id() |
 * | parse + policy | mailtokit_parse() (RFC 6068 and the header policy), mailtokit_read_message() (a saved RFC 5322/MIME draft, through the same policy) |
 * | reading a draft | mailtokit_draft_recipient_count(), mailtokit_draft_recipient(), mailtokit_draft_subject(), mailtokit_draft_body(), mailtokit_draft_body_text(), mailtokit_draft_from(), mailtokit_draft_header_count(), mailtokit_draft_header(), mailtokit_draft_dropped_count(), mailtokit_draft_dropped(), mailtokit_draft_warning_count(), mailtokit_draft_warning(), mailtokit_draft_warning_field(), mailtokit_draft_json() |
 * | making a draft | mailtokit_draft_new(), mailtokit_draft_add_recipients(), mailtokit_draft_set_subject(), mailtokit_draft_set_body(), mailtokit_draft_add_header(), mailtokit_draft_set_from(), mailtokit_draft_add_attachment() |
 * | build, compose, preview | mailtokit_build(), mailtokit_compose(), mailtokit_preview_text(), mailtokit_preview_json() |
 * | IRI | mailtokit_iri_to_uri(), mailtokit_uri_to_iri(), mailtokit_iri_check(), mailtokit_iri_equal() |
 *
 * A mail client's path, the example program tests/c/example.c (the test command runs it on
 * RFC 6068's natto link; build it with `cc example.c $(pkg-config --cflags --libs mailtokit)`):
 * @include example.c
 */
#ifndef MAILTOKIT_MAILTOKIT_H
#define MAILTOKIT_MAILTOKIT_H

#include <stddef.h>

#include "mailtokit/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- version ---- */

/** Major version of this header (the SONAME's number: libmailtokit.so.0). */
#define MAILTOKIT_VERSION_MAJOR 0
/** Minor version of this header. */
#define MAILTOKIT_VERSION_MINOR 1
/** Patch version of this header. */
#define MAILTOKIT_VERSION_PATCH 0
/** The version of this header as a string; mailtokit_version() gives the loaded library's. */
#define MAILTOKIT_VERSION_STRING "0.1.0"

/** The version of the library actually loaded, e.g. "0.1.0" (static string). */
MAILTOKIT_API const char* mailtokit_version(void);

/* ---- errors ---- */

/** Return codes. The values are fixed for a given SONAME; compare with these names. The codes
 * from MAILTOKIT_E_INPUT_TOO_LONG on are the library's error codes (the C++ mailtokit::errc);
 * their stable snake_case names are what mailtokit_error_name() returns and what the program and
 * the JSON output print. */
enum {
  MAILTOKIT_OK = 0, /**< success */
  /* the C interface itself */
  MAILTOKIT_E_INVALID_ARGUMENT = 1, /**< NULL handle/output, index out of range, bad enum value */
  MAILTOKIT_E_NO_MEMORY = 2,        /**< no_memory: allocation failed, in the C layer or the library (mailtokit::errc::no_memory) */
  MAILTOKIT_E_POLICY_REFUSED = 3,   /**< mailtokit_options_keep(): the name can never be kept */
  MAILTOKIT_E_OTHER = 9,            /**< a library error newer than this header: see err->name */
  /* general */
  /** input_too_long: input is longer than the configured limit (mailtokit::errc::input_too_long) */
  MAILTOKIT_E_INPUT_TOO_LONG = 10,
  /** too_many_recipients: more recipients than the configured limit (mailtokit::errc::too_many_recipients) */
  MAILTOKIT_E_TOO_MANY_RECIPIENTS = 11,
  /** too_many_hfields: more header fields than the configured limit (mailtokit::errc::too_many_hfields) */
  MAILTOKIT_E_TOO_MANY_HFIELDS = 12,
  /** nesting_too_deep: nesting deeper than the configured limit (mailtokit::errc::nesting_too_deep) */
  MAILTOKIT_E_NESTING_TOO_DEEP = 13,
  /** empty_input: input is empty (mailtokit::errc::empty_input) */
  MAILTOKIT_E_EMPTY_INPUT = 14,
  /** internal_error: internal error in a dependency (mailtokit::errc::internal_error) */
  MAILTOKIT_E_INTERNAL_ERROR = 15,
  /* UTF-8, RFC 3629 */
  /** utf8_truncated: truncated UTF-8 sequence (mailtokit::errc::utf8_truncated) */
  MAILTOKIT_E_UTF8_TRUNCATED = 20,
  /** utf8_overlong: overlong UTF-8 encoding (mailtokit::errc::utf8_overlong) */
  MAILTOKIT_E_UTF8_OVERLONG = 21,
  /** utf8_surrogate: UTF-8 encoded surrogate (U+D800..U+DFFF) (mailtokit::errc::utf8_surrogate) */
  MAILTOKIT_E_UTF8_SURROGATE = 22,
  /** utf8_too_large: UTF-8 code point above U+10FFFF (mailtokit::errc::utf8_too_large) */
  MAILTOKIT_E_UTF8_TOO_LARGE = 23,
  /** utf8_invalid_byte: byte that cannot start a UTF-8 sequence (mailtokit::errc::utf8_invalid_byte) */
  MAILTOKIT_E_UTF8_INVALID_BYTE = 24,
  /* percent-encoding, RFC 3986 section 2.1 */
  /** percent_truncated: '%' not followed by two hex digits (mailtokit::errc::percent_truncated) */
  MAILTOKIT_E_PERCENT_TRUNCATED = 30,
  /** percent_bad_hex: '%' followed by a character that is not a hex digit
   * (mailtokit::errc::percent_bad_hex) */
  MAILTOKIT_E_PERCENT_BAD_HEX = 31,
  /* charsets */
  /** unknown_charset: charset name is not known (mailtokit::errc::unknown_charset) */
  MAILTOKIT_E_UNKNOWN_CHARSET = 40,
  /** charset_conversion: bytes are not valid in the named charset (mailtokit::errc::charset_conversion) */
  MAILTOKIT_E_CHARSET_CONVERSION = 41,
  /* IRI, RFC 3987 */
  /** iri_bad_scheme: scheme is missing or malformed (mailtokit::errc::iri_bad_scheme) */
  MAILTOKIT_E_IRI_BAD_SCHEME = 50,
  /** iri_bad_char: character not allowed here by the RFC 3987 grammar (mailtokit::errc::iri_bad_char) */
  MAILTOKIT_E_IRI_BAD_CHAR = 51,
  /** iri_private_outside_query: private-use character outside the query
   * (mailtokit::errc::iri_private_outside_query) */
  MAILTOKIT_E_IRI_PRIVATE_OUTSIDE_QUERY = 52,
  /** iri_bad_authority: malformed authority (mailtokit::errc::iri_bad_authority) */
  MAILTOKIT_E_IRI_BAD_AUTHORITY = 53,
  /** iri_bad_port: port is not a number (mailtokit::errc::iri_bad_port) */
  MAILTOKIT_E_IRI_BAD_PORT = 54,
  /** iri_bad_ip_literal: malformed IP literal (mailtokit::errc::iri_bad_ip_literal) */
  MAILTOKIT_E_IRI_BAD_IP_LITERAL = 55,
  /** iri_bidi: component mixes right-to-left and left-to-right text or has bidi controls
   * (mailtokit::errc::iri_bidi) */
  MAILTOKIT_E_IRI_BIDI = 56,
  /* IDNA2008 + UTS #46 */
  /** idna_invalid: domain label is not valid under IDNA2008/UTS #46 (mailtokit::errc::idna_invalid) */
  MAILTOKIT_E_IDNA_INVALID = 60,
  /** idna_too_long: domain or label is too long (mailtokit::errc::idna_too_long) */
  MAILTOKIT_E_IDNA_TOO_LONG = 61,
  /** idna_empty_label: empty domain label (mailtokit::errc::idna_empty_label) */
  MAILTOKIT_E_IDNA_EMPTY_LABEL = 62,
  /** idna_bad_punycode: xn-- label is not valid punycode (mailtokit::errc::idna_bad_punycode) */
  MAILTOKIT_E_IDNA_BAD_PUNYCODE = 63,
  /** idna_disallowed: code point disallowed in a domain (mailtokit::errc::idna_disallowed) */
  MAILTOKIT_E_IDNA_DISALLOWED = 64,
  /** idna_bidi: label breaks the IDNA bidi rule (mailtokit::errc::idna_bidi) */
  MAILTOKIT_E_IDNA_BIDI = 65,
  /* addresses, RFC 5322 section 3.4 */
  /** address_empty: address is empty (mailtokit::errc::address_empty) */
  MAILTOKIT_E_ADDRESS_EMPTY = 70,
  /** address_no_at: address has no '@' (mailtokit::errc::address_no_at) */
  MAILTOKIT_E_ADDRESS_NO_AT = 71,
  /** address_bad_local: malformed local part (mailtokit::errc::address_bad_local) */
  MAILTOKIT_E_ADDRESS_BAD_LOCAL = 72,
  /** address_bad_domain: malformed domain (mailtokit::errc::address_bad_domain) */
  MAILTOKIT_E_ADDRESS_BAD_DOMAIN = 73,
  /** address_bad_list: malformed address list (mailtokit::errc::address_bad_list) */
  MAILTOKIT_E_ADDRESS_BAD_LIST = 74,
  /* mailto, RFC 6068 */
  /** not_mailto: not a mailto URI (mailtokit::errc::not_mailto) */
  MAILTOKIT_E_NOT_MAILTO = 80,
  /** mailto_second_question: a second '?' must be percent-encoded
   * (mailtokit::errc::mailto_second_question) */
  MAILTOKIT_E_MAILTO_SECOND_QUESTION = 81,
  /** mailto_bad_char: character not allowed in a mailto URI (mailtokit::errc::mailto_bad_char) */
  MAILTOKIT_E_MAILTO_BAD_CHAR = 82,
  /** mailto_bad_hfield: header field without '=' (mailtokit::errc::mailto_bad_hfield) */
  MAILTOKIT_E_MAILTO_BAD_HFIELD = 83,
  /** mailto_bad_hname: header field name is empty or not a valid field name
   * (mailtokit::errc::mailto_bad_hname) */
  MAILTOKIT_E_MAILTO_BAD_HNAME = 84,
  /** mailto_invalid_utf8: value is not valid UTF-8 (mailtokit::errc::mailto_invalid_utf8) */
  MAILTOKIT_E_MAILTO_INVALID_UTF8 = 85,
  /* RFC 2047 encoded words */
  /** encoded_word_malformed: malformed RFC 2047 encoded word (mailtokit::errc::encoded_word_malformed) */
  MAILTOKIT_E_ENCODED_WORD_MALFORMED = 90,
  /** too_many_encoded_words: more RFC 2047 encoded words than the configured limit
   * (mailtokit::errc::too_many_encoded_words) */
  MAILTOKIT_E_TOO_MANY_ENCODED_WORDS = 91,
  /* composing, RFC 5322 / 2045 / 6532 */
  /** needs_smtputf8: address has a non-ASCII local part and SMTPUTF8 is not allowed
   * (mailtokit::errc::needs_smtputf8) */
  MAILTOKIT_E_NEEDS_SMTPUTF8 = 100,
  /** invalid_address: address is not a valid addr-spec (mailtokit::errc::invalid_address) */
  MAILTOKIT_E_INVALID_ADDRESS = 101,
  /** no_recipients: draft has no recipients (mailtokit::errc::no_recipients) */
  MAILTOKIT_E_NO_RECIPIENTS = 102,
  /** header_injection: value contains a line break or control character
   * (mailtokit::errc::header_injection) */
  MAILTOKIT_E_HEADER_INJECTION = 103,
  /** header_not_allowed: header field name is malformed or written by the composer itself
   * (mailtokit::errc::header_not_allowed) */
  MAILTOKIT_E_HEADER_NOT_ALLOWED = 104,
  /** address_decodes_again: address holds a percent escape or an encoded word that mail programs
   * decode again (mailtokit::errc::address_decodes_again) */
  MAILTOKIT_E_ADDRESS_DECODES_AGAIN = 105,
  /** display_name_separators: display name holds '@', '<', '>', ',' or ';', which mail programs
   * read as separators (mailtokit::errc::display_name_separators) */
  MAILTOKIT_E_DISPLAY_NAME_SEPARATORS = 106,
  /** address_compatibility_characters: address holds compatibility characters that mail programs
   * map to separators (mailtokit::errc::address_compatibility_characters) */
  MAILTOKIT_E_ADDRESS_COMPATIBILITY_CHARACTERS = 107,
  /* 110 to 114: unused, reserved. They were the program's own codes (io_error, config_error,
   * exec_syntax, spawn_failed, not_found), which no function of this header ever returned; they
   * are not library codes, and the numbers stay unassigned for this SONAME. */
  /* reading messages, RFC 5322 / 2045 / 2046 (read_message in the C++ API) */
  /** message_malformed: message is not a well-formed RFC 5322 / MIME message
   * (mailtokit::errc::message_malformed) */
  MAILTOKIT_E_MESSAGE_MALFORMED = 120,
  /** body_malformed: body is not valid in its Content-Transfer-Encoding (mailtokit::errc::body_malformed) */
  MAILTOKIT_E_BODY_MALFORMED = 121,
  /** too_many_parts: more MIME parts than the configured limit (mailtokit::errc::too_many_parts) */
  MAILTOKIT_E_TOO_MANY_PARTS = 122
};

/** What went wrong and where. Plain data; the strings are static. */
typedef struct mailtokit_error {
  int code;            /**< MAILTOKIT_OK or a MAILTOKIT_E_* code */
  size_t offset;       /**< byte offset into the input of the failing call (0 when not about input) */
  const char* name;    /**< stable snake_case name, e.g. "utf8_overlong"; "ok" on success */
  const char* message; /**< English sentence, e.g. "overlong UTF-8 encoding" */
} mailtokit_error;

/** The stable snake_case name of a code ("ok", "invalid_argument", "utf8_overlong", ...), or
 * "unknown_error" for a value that is no code. Static string. */
MAILTOKIT_API const char* mailtokit_error_name(int code);

/** An English sentence for a code, or "unknown error". Static string. */
MAILTOKIT_API const char* mailtokit_error_message(int code);

/** The code whose stable name is `name` (e.g. from the JSON output), or MAILTOKIT_E_OTHER when no
 * code of this header has that name. */
MAILTOKIT_API int mailtokit_error_code(const char* name, size_t len);

/** Free a buffer returned through a `char** out` argument. NULL is allowed. */
MAILTOKIT_API void mailtokit_free(void* p);

/* ---- borrowed views ---- */

/** A borrowed string: `len` bytes at `data`, followed by a NUL; points into a handle. */
typedef struct mailtokit_str {
  const char* data; /**< the bytes, NUL-terminated; never NULL in a filled view */
  size_t len;       /**< length in bytes, without the NUL */
} mailtokit_str;

/** One mailbox (RFC 5322 section 3.4), borrowed from a draft. */
typedef struct mailtokit_address {
  mailtokit_str display_name; /**< decoded UTF-8 display name; empty when none */
  mailtokit_str local_part;   /**< dot-atom text, or quoted-string with its quotes */
  mailtokit_str domain;       /**< domain for display (U-labels) or a domain literal "[...]" */
  mailtokit_str domain_ascii; /**< domain in A-labels; empty when the domain is invalid */
  mailtokit_str original;     /**< the decoded text the address was parsed from */
  int valid;                  /**< 1 for a valid addr-spec with a valid domain, else 0 */
  int needs_smtputf8;         /**< 1 when the local part is not ASCII (RFC 6531) */
} mailtokit_address;

/* ---- options ---- */

/** Settings for parsing (limits, invalid UTF-8), the header policy, building and composing.
 * Every function taking `const mailtokit_options*` accepts NULL for the defaults. Owned by its
 * creator; free with mailtokit_options_free(). Read-only use from several threads is safe. */
typedef struct mailtokit_options mailtokit_options;

/** New options with the defaults: limits of 1 MiB input, 1000 recipients, 1000 header fields and
 * 1000 encoded words; invalid UTF-8 in values replaced by U+FFFD with a warning; the default
 * policy (to, cc, bcc, subject, body, keywords, in-reply-to, references kept); ASCII URIs; an
 * "X-Unsent: 1" header and RFC 6532 drafts for non-ASCII local parts when composing; not strict; date and Message-ID generated.
 * NULL when out of memory. */
MAILTOKIT_API mailtokit_options* mailtokit_options_new(void);

/** Release options (NULL is allowed). */
MAILTOKIT_API void mailtokit_options_free(mailtokit_options* opt);

/** The resource limits of one parse; exceeding one is an error, never unbounded work. */
typedef enum mailtokit_limit {
  MAILTOKIT_LIMIT_INPUT = 0,         /**< bytes of URI after trimming (input_too_long) */
  MAILTOKIT_LIMIT_RECIPIENTS = 1,    /**< to + cc + bcc addresses (too_many_recipients) */
  MAILTOKIT_LIMIT_HFIELDS = 2,       /**< name=value pairs (too_many_hfields) */
  MAILTOKIT_LIMIT_ENCODED_WORDS = 3, /**< RFC 2047 encoded words in one value (too_many_encoded_words) */
  /* mailtokit_read_message() only (recipients and encoded words above apply to it too) */
  MAILTOKIT_LIMIT_MESSAGE_INPUT = 4,  /**< bytes of message, default 10 MiB (input_too_long) */
  MAILTOKIT_LIMIT_MESSAGE_FIELDS = 5, /**< header fields of the message, default 1000 (too_many_hfields) */
  MAILTOKIT_LIMIT_MESSAGE_PARTS = 6,  /**< MIME parts, default 1000 (too_many_parts) */
  MAILTOKIT_LIMIT_MESSAGE_DEPTH = 7,  /**< multipart nesting, default 20 (nesting_too_deep) */
  /* both */
  /** warnings kept per draft, default 1000; past it one warnings_truncated counts the rest (no error) */
  MAILTOKIT_LIMIT_WARNINGS = 8,
  /* mailtokit_read_message() only */
  /** octets of one header line without its line end, default 998 (RFC 5322 section 2.1.1; message_malformed) */
  MAILTOKIT_LIMIT_MESSAGE_LINE = 9,
  /** octets of one header field, its folded lines together, default 64 KiB (input_too_long) */
  MAILTOKIT_LIMIT_MESSAGE_FIELD = 10
} mailtokit_limit;

/** Set one limit; `which` is a mailtokit_limit. MAILTOKIT_E_INVALID_ARGUMENT for a NULL handle or
 * an unknown `which`. (Enumerations are passed as int throughout, so any value a caller passes
 * is defined behaviour and refused when unknown.) */
MAILTOKIT_API int mailtokit_options_set_limit(mailtokit_options* opt, int which, size_t value);

/** What parsing does with values that are not valid UTF-8 after percent-decoding. An address that
 * is not valid UTF-8 is repaired the same way and marked invalid (an error with strict). */
typedef enum mailtokit_invalid_utf8 {
  MAILTOKIT_INVALID_UTF8_REPLACE = 0, /**< U+FFFD for each maximal invalid subpart, and a warning */
  MAILTOKIT_INVALID_UTF8_REJECT = 1,  /**< error mailto_invalid_utf8 at the bad byte's escape */
  MAILTOKIT_INVALID_UTF8_LEGACY = 2   /**< transcode from `charset` (e.g. "windows-1252"), then NFC */
} mailtokit_invalid_utf8;

/** Choose the invalid-UTF-8 treatment (`mode`: a mailtokit_invalid_utf8); `charset` (an IANA or
 * ICU name, may be NULL/0) is used by MAILTOKIT_INVALID_UTF8_LEGACY. */
MAILTOKIT_API int mailtokit_options_set_invalid_utf8(mailtokit_options* opt, int mode, const char* charset,
                                                     size_t charset_len);

/** With `strict` nonzero, refuse what is repaired by default, with the error each repair stands
 * for: parsing refuses a '%' not followed by two hex digits (percent_truncated, percent_bad_hex),
 * a second '?' (mailto_second_question), a field without '=' (mailto_bad_hfield) and an address
 * that is not UTF-8 (mailto_invalid_utf8), and reads "&amp;", "//" after "mailto:", ';' and
 * display names in the path literally; composing refuses an invalid address (invalid_address)
 * and, without MAILTOKIT_COMPOSE_ALLOW_SMTPUTF8, a non-ASCII local part (needs_smtputf8).
 * Default 0: each repair is a warning with a stable code and offset. For validators. */
MAILTOKIT_API int mailtokit_options_set_strict(mailtokit_options* opt, int strict);

/** RFC 6068 sections 3 and 7: keep header field `name` (case-insensitive) too. Fails with
 * MAILTOKIT_E_POLICY_REFUSED, changing nothing, for names that can never be kept (file and
 * resource access such as "attach", originator and MIME fields). */
MAILTOKIT_API int mailtokit_options_keep(mailtokit_options* opt, const char* name, size_t len);

/** Stop keeping header field `name` (case-insensitive); dropped fields are reported, with reasons. */
MAILTOKIT_API int mailtokit_options_drop(mailtokit_options* opt, const char* name, size_t len);

/** Stop keeping every header field, the defaults included: each field of a link is then dropped
 * with a reason, while the addresses in the link's path still become To (RFC 6068 section 2). For
 * a program with its own list of accepted fields (a mail client's user setting): call this, then
 * mailtokit_options_keep() for each name on the list, and a field reaches the draft only when
 * both the list and the library allow it (names that can never be kept stay refused).
 * MAILTOKIT_E_INVALID_ARGUMENT for a NULL handle. */
MAILTOKIT_API int mailtokit_options_drop_all(mailtokit_options* opt);

/** The form mailtokit_build() writes. */
typedef enum mailtokit_uri_form {
  MAILTOKIT_URI_ASCII = 0,        /**< pure ASCII URI, IDN domains as A-labels (default) */
  MAILTOKIT_URI_UTF8_ESCAPED = 1, /**< pure ASCII, IDN domains as percent-encoded UTF-8 */
  MAILTOKIT_URI_IRI = 2           /**< IRI: non-ASCII characters kept as UTF-8 */
} mailtokit_uri_form;

/** Set the form of built URIs (`form`: a mailtokit_uri_form), and with `html` nonzero escape
 * them for an HTML attribute. */
MAILTOKIT_API int mailtokit_options_set_uri_form(mailtokit_options* opt, int form, int html);

/** Flags for mailtokit_options_set_compose_flags(). */
enum {
  MAILTOKIT_COMPOSE_ALLOW_SMTPUTF8 = 1, /**< RFC 6532 raw UTF-8 headers when an address needs it,
                                           also with ASCII_ONLY or STRICT (the default otherwise) */
  MAILTOKIT_COMPOSE_NO_UNSENT_MARK = 2, /**< leave out "X-Unsent: 1" */
  MAILTOKIT_COMPOSE_ASCII_ONLY = 4,     /**< refuse a non-ASCII local part (needs_smtputf8) */
  MAILTOKIT_COMPOSE_STRICT = 8          /**< refuse invalid addresses and non-ASCII local parts */
};

/** Set the compose flags (an OR of MAILTOKIT_COMPOSE_*; 0 is the default). */
MAILTOKIT_API int mailtokit_options_set_compose_flags(mailtokit_options* opt, unsigned flags);

/** Fix the Date header value (RFC 5322 date-time) of composed messages; NULL/0 means "now". */
MAILTOKIT_API int mailtokit_options_set_date(mailtokit_options* opt, const char* date, size_t len);

/** Fix the Message-ID ("<id@domain>") of composed messages; NULL/0 means generated. */
MAILTOKIT_API int mailtokit_options_set_message_id(mailtokit_options* opt, const char* id, size_t len);

/* ---- drafts ---- */

/** A draft message: recipients, subject, body and other kept header fields, plus what the
 * policy dropped and warnings. Owned by its creator; free with mailtokit_draft_free(). */
typedef struct mailtokit_draft mailtokit_draft;

/** RFC 6068 section 2 + the header policy: parse a mailto URI (or IRI) into a new draft.
 * Leading/trailing ASCII white space is trimmed; "mailto:" is case-insensitive. On error *out is
 * NULL and err->offset is the byte offset in `uri`. Example:
 * mailtokit_parse("mailto:a@example.org?subject=Hi", 31, NULL, &d, &err). */
MAILTOKIT_API int mailtokit_parse(const char* uri, size_t len, const mailtokit_options* opt,
                                  mailtokit_draft** out, mailtokit_error* err);

/** RFC 5322 / RFC 2045-2047: read a message (a saved draft as mailtokit_compose() or a mail
 * program writes it) into a new draft, e.g. to turn it into a mailto link with mailtokit_build().
 * Header values are unfolded and decoded (To, Cc, Bcc as address lists, others as RFC 2047
 * text), the body from its transfer encoding and charset to UTF-8 with CRLF line ends; From
 * becomes the draft's From; every other field goes through the options' header policy exactly
 * as a link's fields do (kept, or dropped with a reason); in a multipart message the first
 * text/plain part that is not an attachment is the body and every other part is dropped.
 * Errors carry the byte offset in `eml`: message_malformed, body_malformed, charset_conversion,
 * unknown_charset, utf8_*, and the limits' codes. */
MAILTOKIT_API int mailtokit_read_message(const char* eml, size_t len, const mailtokit_options* opt,
                                         mailtokit_draft** out, mailtokit_error* err);

/** A new empty draft, to fill with the setters below and then build or compose. NULL when out of
 * memory. */
MAILTOKIT_API mailtokit_draft* mailtokit_draft_new(void);

/** Release a draft (NULL is allowed); its borrowed strings become invalid. */
MAILTOKIT_API void mailtokit_draft_free(mailtokit_draft* d);

/** Which recipient list. */
typedef enum mailtokit_recipient_kind {
  MAILTOKIT_TO = 0, /**< To */
  MAILTOKIT_CC = 1, /**< Cc */
  MAILTOKIT_BCC = 2 /**< Bcc */
} mailtokit_recipient_kind;

/** The number of addresses in one recipient list (`kind`: a mailtokit_recipient_kind; 0 for a
 * NULL draft or an unknown kind). */
MAILTOKIT_API size_t mailtokit_draft_recipient_count(const mailtokit_draft* d, int kind);

/** Address `i` of a recipient list, borrowed. MAILTOKIT_E_INVALID_ARGUMENT when out of range. */
MAILTOKIT_API int mailtokit_draft_recipient(const mailtokit_draft* d, int kind, size_t i,
                                            mailtokit_address* out);

/** The subject, borrowed: returns 1 when the draft has one (and sets *out), else 0 (and sets *out
 * to an empty string). `out` may be NULL to ask only whether there is one. */
MAILTOKIT_API int mailtokit_draft_subject(const mailtokit_draft* d, mailtokit_str* out);

/** The body (CRLF line ends), borrowed: 1 when present, else 0; `out` may be NULL. */
MAILTOKIT_API int mailtokit_draft_body(const mailtokit_draft* d, mailtokit_str* out);

/** Flags for mailtokit_draft_body_text(). */
enum {
  MAILTOKIT_TEXT_LF = 1 /**< line ends as LF alone, the form Unix programs keep text in */
};

/** The body in a new buffer, as mailtokit_draft_body() has it, or with MAILTOKIT_TEXT_LF with
 * each CRLF turned into LF: the form Unix programs keep text in. A parsed link or read message
 * has only CRLF line breaks (RFC 6068 section 5), so its body comes out with LF and nothing else
 * changed; a body given to mailtokit_draft_set_body() keeps any bare CR or LF it had. When the draft has no
 * body: MAILTOKIT_OK and *out NULL. `flags`: 0 or MAILTOKIT_TEXT_LF. */
MAILTOKIT_API int mailtokit_draft_body_text(const mailtokit_draft* d, unsigned flags, char** out, size_t* out_len,
                                            mailtokit_error* err);

/** The From address (set by mailtokit_draft_set_from() or read from a message; a link never sets
 * it), borrowed: 1 when set, else 0; `out` may be NULL. */
MAILTOKIT_API int mailtokit_draft_from(const mailtokit_draft* d, mailtokit_address* out);

/** The number of other kept header fields (In-Reply-To, Keywords, References, ...). */
MAILTOKIT_API size_t mailtokit_draft_header_count(const mailtokit_draft* d);

/** Kept header field `i` in URI order: canonical name and decoded UTF-8 value, borrowed. */
MAILTOKIT_API int mailtokit_draft_header(const mailtokit_draft* d, size_t i, mailtokit_str* name,
                                         mailtokit_str* value);

/** The number of fields the policy dropped. */
MAILTOKIT_API size_t mailtokit_draft_dropped_count(const mailtokit_draft* d);

/** Dropped field `i`: decoded name and value and a reason the user can read, borrowed. Any of
 * the output pointers may be NULL. */
MAILTOKIT_API int mailtokit_draft_dropped(const mailtokit_draft* d, size_t i, mailtokit_str* name,
                                          mailtokit_str* value, mailtokit_str* reason);

/** The number of warnings (things the user should know that did not stop processing). */
MAILTOKIT_API size_t mailtokit_draft_warning_count(const mailtokit_draft* d);

/** Warning `i`: stable snake_case code (e.g. "invalid_utf8_replaced"), message, and byte offset
 * in the parsed URI ((size_t)-1 when none), borrowed. Output pointers may be NULL. */
MAILTOKIT_API int mailtokit_draft_warning(const mailtokit_draft* d, size_t i, mailtokit_str* code,
                                          mailtokit_str* message, size_t* offset);

/** The field warning `i` concerns, lower case as a link names it ("to", "cc", "subject",
 * "body", "in-reply-to", ...), borrowed; empty (length 0) when the warning is about the link's
 * syntax or the whole message. MAILTOKIT_E_INVALID_ARGUMENT when out of range. */
MAILTOKIT_API int mailtokit_draft_warning_field(const mailtokit_draft* d, size_t i, mailtokit_str* field);

/** RFC 5322 section 3.4 address-list: parse `list` (e.g. "Ann <ann@example.org>, bob@example.org")
 * and append its addresses to a recipient list. Addresses that are not valid are kept with
 * valid == 0 (mailtokit_compose writes them as text, or refuses them with MAILTOKIT_COMPOSE_STRICT); a malformed list is an error and adds nothing. */
MAILTOKIT_API int mailtokit_draft_add_recipients(mailtokit_draft* d, int kind, const char* list,
                                                 size_t len, mailtokit_error* err);

/** Set the subject (UTF-8, checked); `s` NULL clears it. */
MAILTOKIT_API int mailtokit_draft_set_subject(mailtokit_draft* d, const char* s, size_t len,
                                              mailtokit_error* err);

/** Set the body (UTF-8, checked; use CRLF line ends); `s` NULL clears it. */
MAILTOKIT_API int mailtokit_draft_set_body(mailtokit_draft* d, const char* s, size_t len,
                                           mailtokit_error* err);

/** Append a header field. `name` must be a field name (RFC 5322 section 3.6.8 ftext, else
 * mailto_bad_hname); `value` UTF-8 (checked). Application-set fields bypass the URI policy. */
MAILTOKIT_API int mailtokit_draft_add_header(mailtokit_draft* d, const char* name, size_t name_len,
                                             const char* value, size_t value_len, mailtokit_error* err);

/** Set the user's identity: one mailbox ("Ann <ann@example.org>"), RFC 5322 section 3.4. Fails
 * with address_bad_list unless the text is exactly one address, and with invalid_address when
 * that address is not valid; `mailbox` NULL clears it. */
MAILTOKIT_API int mailtokit_draft_set_from(mailtokit_draft* d, const char* mailbox, size_t len,
                                           mailtokit_error* err);

/** Append a file to send with the draft: mailtokit_compose() writes it as a base64 MIME part
 * after the text (multipart/mixed, the name RFC 2231-encoded when it is not plain ASCII). The
 * library never reads a file: `data` holds its `data_len` bytes (any values; NULL with 0 for an
 * empty file). `filename` is UTF-8 without a folder (checked here; empty: no name);
 * `content_type` is "type/subtype" (empty: application/octet-stream). A control character in the
 * name or a content type that is not token/token fails mailtokit_compose() with
 * MAILTOKIT_E_HEADER_INJECTION or MAILTOKIT_E_HEADER_NOT_ALLOWED. */
MAILTOKIT_API int mailtokit_draft_add_attachment(mailtokit_draft* d, const char* filename, size_t filename_len,
                                                 const char* content_type, size_t content_type_len,
                                                 const char* data, size_t data_len, mailtokit_error* err);

/** Flags for mailtokit_draft_json(). */
enum {
  MAILTOKIT_JSON_ASCII = 1 /**< escape every non-ASCII character as a JSON \\u escape (pure ASCII output) */
};

/** The draft as the JSON object `mailtokit inspect --json` prints (RFC 8259; keys "ok", "error",
 * "to", "cc", "bcc", "subject", "body", "headers", "dropped", "warnings", "from"), in a new
 * buffer. `flags`: 0 or MAILTOKIT_JSON_ASCII. */
MAILTOKIT_API int mailtokit_draft_json(const mailtokit_draft* d, unsigned flags, char** out, size_t* out_len,
                                       mailtokit_error* err);

/* ---- building, composing, previewing ---- */

/** RFC 6068: the mailto URI of a draft (form from the options), in a new buffer. Percent-encodes
 * exactly what RFC 6068 requires; parsing it back gives the same recipients, subject, body and
 * headers, except an invalid address that would read back valid or as several (a repaired one,
 * or "x@example.com;id"): it is left out (mailtokit::buildable()), never written as another. */
MAILTOKIT_API int mailtokit_build(const mailtokit_draft* d, const mailtokit_options* opt, char** out,
                                  size_t* out_len, mailtokit_error* err);

/** RFC 5322 + RFC 2045/2047 (+ RFC 6532 when an address has a non-ASCII local part): the bytes
 * of the message, CRLF line ends, lines of at most 78 characters where the content allows and
 * never more than 998, in a new buffer. A draft without recipients is composed too (the user adds
 * them in the client); an invalid address is written as the display name of an empty group
 * ("somename : ;") so that clients show its text. Fails with needs_smtputf8 (a non-ASCII local
 * part with MAILTOKIT_COMPOSE_ASCII_ONLY or STRICT and without ALLOW_SMTPUTF8), invalid_address
 * (with STRICT), header_injection (a line break or control character in a value, or a bad
 * date) or header_not_allowed (a header field the composer writes itself, such as Date or
 * Content-Type, or a malformed name). */
MAILTOKIT_API int mailtokit_compose(const mailtokit_draft* d, const mailtokit_options* opt, char** out,
                                    size_t* out_len, mailtokit_error* err);

/** RFC 6068 section 7: the plain-text preview a person confirms before the draft opens (what
 * `mailtokit preview` prints), in a new buffer: every field decoded and shown inside Unicode
 * isolates with invisible and bidi control characters made visible, addresses in Unicode and
 * ASCII forms, hidden recipients called out, dropped fields with reasons, warnings, and the
 * findings (bidi tricks, UTS #39 mixed-script and confusable addresses, long bodies, ...). At
 * most 500 body lines are shown; the count of the rest is given. */
MAILTOKIT_API int mailtokit_preview_text(const mailtokit_draft* d, char** out, size_t* out_len,
                                         mailtokit_error* err);

/** The same preview as JSON: mailtokit_draft_json()'s object plus "findings":
 * [{"code","field","message"}], in a new buffer. Finding codes are stable snake_case names such
 * as "hidden_recipients", "bidi_control", "mixed_script", "confusable", "long_body". */
MAILTOKIT_API int mailtokit_preview_json(const mailtokit_draft* d, char** out, size_t* out_len,
                                         mailtokit_error* err);

/* ---- IRI <-> URI (RFC 3987) ---- */

/** Flags for the IRI functions. */
enum {
  MAILTOKIT_IRI_IDNA = 1 /**< also map host names: ToASCII in iri_to_uri, ToUnicode in uri_to_iri */
};

/** RFC 3987 section 3.1: map an IRI-reference to a URI-reference (each non-ASCII character
 * becomes the %HH triplets of its UTF-8 octets, uppercase hex; existing escapes are kept, so the
 * mapping is idempotent), in a new buffer. The input is checked against the RFC 3987 grammar
 * first; errors (utf8_*, percent_*, iri_*, idna_*) carry the byte offset in `iri`.
 * "mailto:user@example.org?subject=caf\xC3\xA9" -> "mailto:user@example.org?subject=caf%C3%A9".
 * `flags`: 0 or MAILTOKIT_IRI_IDNA (non-ASCII host names to A-labels). */
MAILTOKIT_API int mailtokit_iri_to_uri(const char* iri, size_t len, unsigned flags, char** out,
                                       size_t* out_len, mailtokit_error* err);

/** RFC 3987 section 3.2: map a URI-reference to an IRI, in a new buffer. Only escapes of octets
 * 0x80 and above that form strictly legal UTF-8 of a character appropriate in an IRI are
 * decoded ("http://www.example.org/D%C3%BCrst" -> "http://www.example.org/D\xC3\xBCrst";
 * "D%FCrst" stays). `flags`: 0 or MAILTOKIT_IRI_IDNA (A-labels to U-labels). */
MAILTOKIT_API int mailtokit_uri_to_iri(const char* uri, size_t len, unsigned flags, char** out,
                                       size_t* out_len, mailtokit_error* err);

/** RFC 3987 sections 2.2 and 4.2: check an IRI-reference against the grammar and the bidi rules
 * (iri_bidi at the offset of the offending component). MAILTOKIT_OK when it is valid. */
MAILTOKIT_API int mailtokit_iri_check(const char* iri, size_t len, mailtokit_error* err);

/** RFC 3987 section 5.3: compare two IRIs with the comparison ladder (simple string,
 * syntax-based, scheme-based normalization). Sets *equivalent to 1 or 0. Both must parse; an
 * error's offset is in the input that failed (`a` is tried first). */
MAILTOKIT_API int mailtokit_iri_equal(const char* a, size_t a_len, const char* b, size_t b_len,
                                      int* equivalent, mailtokit_error* err);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MAILTOKIT_MAILTOKIT_H */
