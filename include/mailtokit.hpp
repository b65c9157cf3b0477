/// @file
/// Umbrella header: the whole mailtokit C++ API.
///
/// @mainpage mailtokit API reference
///
/// mailtokit turns a `mailto:` link into a safe, correct draft email and back: the RFC 6068
/// parser and builder, a header policy that never lets a link attach files, set the sender or
/// break a header line, and a MIME composer (RFC 5322, 2045, 2047, 6532), on top of an IRI layer
/// (RFC 3987), IDNA (UTS #46) and charsets. This reference is generated from the installed
/// headers; the command-line program is documented in `man mailtokit`.
///
/// @section start Where to start: the path of a link
///
/// | step | call | header |
/// |---|---|---|
/// | 1. parse a link (RFC 6068 section 2) | mailtokit::parse_mailto(), or steps 1 and 2 at once with mailtokit::parse_draft() | mailtokit/mailto.hpp |
/// | 2. apply the header policy (RFC 6068 sections 3 and 7) | mailtokit::apply_policy(), mailtokit::policy | mailtokit/policy.hpp |
/// | 3. look at the result | mailtokit::draft (recipients, subject, body, kept and dropped fields, warnings) | mailtokit/draft.hpp |
/// | 4a. show it to the user | mailtokit::preview::check(), mailtokit::preview::render_text() | mailtokit/preview.hpp |
/// | 4b. hand it to another program that decodes what it is given again (a mail client, a webmail) | mailtokit::handover::make_safe() (what it changes: mailtokit::handover::changes(), also preview::check()'s handover_* findings) | mailtokit/handover.hpp |
/// | 4c. write the message a client opens | mailtokit::compose() | mailtokit/compose.hpp |
/// | 4d. write the link back | mailtokit::build_mailto() (from user fields: mailtokit::make_draft()) | mailtokit/mailto.hpp |
/// | back: a saved draft to a link | mailtokit::read_message(), then mailtokit::build_mailto() | mailtokit/message.hpp |
/// | bulk: many links, no allocation per link | mailtokit::draft_parser | mailtokit/policy.hpp |
/// | JSON of drafts and errors | mailtokit::json::from_draft(), mailtokit::json::from_error() | mailtokit/json.hpp |
///
/// @code
/// #include <mailtokit.hpp>
///
/// auto d = mailtokit::parse_draft(uri);                  // RFC 6068 + policy::defaults()
/// if (!d) { std::cerr << mailtokit::describe(d.error()) << '\n'; return; }
/// for (const auto& a : d->to) std::cout << a.unicode() << '\n';
/// for (const auto& f : d->dropped) std::cout << f.name << ": " << f.reason << '\n';
/// mailtokit::compose_options o;
/// auto message = mailtokit::compose(*d, o);              // result<std::string>
/// @endcode
///
/// The layers below, usable on their own: mailtokit::iri (RFC 3987 grammar, IRI <-> URI,
/// bidi rules, comparison; mailtokit/iri.hpp), mailtokit::idna (domains, mailtokit/idna.hpp and
/// the per-thread cache in mailtokit/idna_cache.hpp), mailtokit::charset (legacy charsets, NFC),
/// mailtokit::bidi, mailtokit::rfc2047 (encoded words), mailtokit::transfer (base64,
/// quoted-printable), mailtokit::percent, mailtokit::utf8, mailtokit::chars (the grammars'
/// character classes), mailtokit::parse_addr_spec() and mailtokit::parse_address_list()
/// (RFC 5322 addresses, mailtokit/address.hpp).
///
/// @section c_api The C API
///
/// mailtokit/mailtokit.h: C99, `extern "C"`, usable from any language with a C FFI. Text in is
/// UTF-8 as pointer + length; functions return MAILTOKIT_OK or a MAILTOKIT_E_* code and fill a
/// mailtokit_error with the code, byte offset, stable name and message; owned results are
/// freed with mailtokit_free(), borrowed views live as long as their handle. The file page has
/// the conventions, the ownership and thread table, every function, and the example program.
///
/// @section errors Errors and warnings
///
/// Every fallible call returns mailtokit::result<T> (the std::expected surface) holding a value
/// or a mailtokit::error: a mailtokit::errc code and the byte offset in the input where the
/// problem is. Each errc enumerator says what it means and which rule it enforces (RFC 6068,
/// RFC 3986/3987, RFC 3629, RFC 5322/2045/2047, IDNA2008/UTS #46); mailtokit::to_name() gives its
/// stable snake_case name, mailtokit::to_string() a sentence, mailtokit::describe() the CLI's
/// "name at byte N: message". No exception leaves the library for bad input. What did not stop
/// processing is a mailtokit::warning in the draft: a mailtokit::warning_code (the table with
/// each code's field and repair flag is at MAILTOKIT_WARN_LIST, mailtokit/warning.hpp), the field
/// it concerns, a sentence and an offset; what the policy refused is a mailtokit::dropped_field with its reason.
///
/// Every parse is bounded: mailtokit::limits (links, in mailtokit::parse_options) and
/// mailtokit::read_options (messages). Going over a limit is an error, never a truncated result,
/// a crash or unbounded memory; nothing in the library reads files, opens network connections or
/// starts processes.
///
/// @section threads Threads and ownership
///
/// | types | ownership | threads |
/// |---|---|---|
/// | mailtokit::draft, mailtokit::address, mailtokit::header_field, mailtokit::dropped_field, mailtokit::warning, mailtokit::mailto_uri, mailtokit::hfield, mailtokit::mailto_fields, mailtokit::preview::finding, mailtokit::handover::change | value types that own their strings | no shared state: one object per thread, or const use concurrently |
/// | mailtokit::parse_options, mailtokit::limits, mailtokit::build_options, mailtokit::compose_options, mailtokit::read_options, mailtokit::json::options, mailtokit::iri::to_uri_options, mailtokit::iri::to_iri_options, mailtokit::preview::thresholds, mailtokit::handover::limits | plain values (iri::to_uri_options::charset is a view the caller keeps alive) | as above |
/// | mailtokit::policy | value type | const methods (used by parse_draft() and apply_policy()) concurrently; keep() and drop() need exclusive access |
/// | mailtokit::result, mailtokit::error, mailtokit::errc | values; to_name() and to_string() return views of static strings | any |
/// | mailtokit::iri::components, mailtokit::iri::bidi_issue | **borrowed**: views into the parsed input, which must outlive them | as the input |
/// | mailtokit::idna::cache | owns its table; move-only | not thread-safe: one per thread (mailtokit::idna::cached_to_ascii() uses a thread_local one) |
/// | mailtokit::draft_parser | owns its options, policy, draft and spare buffers; current() is valid until the next parse() | not thread-safe: one per thread |
/// | mailtokit::chars::char_class | constexpr value | any |
///
/// Free functions (parse_draft(), build_mailto(), compose(), iri::to_uri(), preview::check(),
/// ...) are reentrant and keep no state between calls. There is no global mutable state: the
/// only per-process data are ICU's and libidn2's own thread-safe tables, and the IDNA cache is
/// thread_local.
///
/// @section embedding Embedding
///
/// CMake (the package is relocatable; `CMAKE_PREFIX_PATH=<prefix>` if not in a system prefix):
/// @code{.cmake}
/// find_package(mailtokit 0.1 REQUIRED)
/// target_link_libraries(my_client PRIVATE mailtokit::mailtokit)          # shared
/// # or:  target_link_libraries(my_client PRIVATE mailtokit::mailtokit_static)
/// @endcode
/// Both targets carry the include directory and the `cxx_std_20` requirement (a C++ target must
/// build as C++20 to include the C++ headers; C code includes only mailtokit/mailtokit.h). The
/// version file accepts the same major and minor version (0.1.x). The package finds the static
/// library's private dependencies itself: ICU (uc, i18n, data), libidn2 (pkg-config) and
/// mimetic. A C-only CMake project linking mailtokit::mailtokit_static must enable CXX
/// (`project(x C CXX)`) so that the C++ linker and runtime are used.
///
/// pkg-config:
/// @code{.sh}
/// cc my_client.c $(pkg-config --cflags --libs mailtokit)              # shared: -lmailtokit
/// cc my_client.c $(pkg-config --cflags mailtokit) \
///    $(pkg-config --static --libs mailtokit | sed 's/-lmailtokit/-Wl,-Bstatic -lmailtokit -Wl,-Bdynamic/')
/// @endcode
/// mailtokit.pc has `Requires.private: icu-uc icu-i18n libidn2` and `Libs.private: -lmimetic
/// -lstdc++ -lm` (mimetic ships no .pc; -lstdc++ because a C program links the C++ library).
/// `--static` also pulls in the private libraries of those modules: on Debian, libidn2's
/// -lunistring needs libunistring-dev.
///
/// The shared library exports only what the headers mark MAILTOKIT_API (mailtokit/export.h);
/// everything else is built with hidden visibility.
///
/// This reference: `cmake --build build --target docs` writes build/docs/html/index.html (needs
/// doxygen; the test command checks that it builds without a warning).
#pragma once

#include "mailtokit/address.hpp"
#include "mailtokit/bidi.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/charset.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/handover.hpp"
#include "mailtokit/idna.hpp"
#include "mailtokit/idna_cache.hpp"
#include "mailtokit/iri.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/message.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/result.hpp"
#include "mailtokit/rfc2047.hpp"
#include "mailtokit/transfer.hpp"
#include "mailtokit/utf8.hpp"
#include "mailtokit/warning.hpp"
