/// @file
/// JSON output of drafts and errors: the one serializer behind `inspect --json`, batch, preview
/// and the C API, so they all print the same bytes (RFC 8259).
#pragma once

#include <string>
#include <string_view>

#include "mailtokit/address.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/export.h"
#include "mailtokit/result.hpp"

/// The JSON serializer (RFC 8259) of drafts and errors. Stateless functions, safe from any thread.
namespace mailtokit::json {

/// Output choices. Thread-safety: plain value.
struct options {
  /// Escape every non-ASCII character as `\uXXXX` (surrogate pairs above U+FFFF) so the output
  /// is pure ASCII; by default valid UTF-8 is copied as it is.
  bool ascii_only = false;
};

/// RFC 8259 section 7: append `s` as a JSON string literal, quotes included. '"' and '\\' are
/// escaped, every C0 control and DEL as `\b` `\f` `\n` `\r` `\t` or `\u00XX`, U+2028 and
/// U+2029 as `\u2028` and `\u2029` (so the output is also valid JavaScript), and each maximal
/// invalid UTF-8 subpart as `\ufffd`: the output is always valid UTF-8 and always valid JSON.
/// `append_string(out, "a\"\x01")` appends `"a\"\u0001"`.
MAILTOKIT_API void append_string(std::string& out, std::string_view s, const options& o = {});

/// {"address": ..., "ascii": ... or null, "valid": ..., "display_name": ... or null,
///  "smtputf8": ...}. `address` is address::unicode(), `ascii` address::ascii().
MAILTOKIT_API void append_address(std::string& out, const address& a, const options& o = {});

/// The `inspect --json` object of a draft:
/// {"ok":true,"error":null,"to":[...],"cc":[...],"bcc":[...],"subject":...|null,
///  "body":...|null,"headers":[{"name","value"}],"dropped":[{"name","value","reason"}],
///  "warnings":[{"code","field","message","offset"}],"from":{...}|null}. A warning's "code" is
///  to_name() of its warning_code, its "field" the field it concerns or null, its "offset" null
///  when it has none.
MAILTOKIT_API void append_draft(std::string& out, const draft& d, const options& o = {});

/// The object for a refused input: the same keys as append_draft() with empty lists and nulls,
/// "ok":false and "error":{"code":to_name(),"offset":...,"message":...}. An empty `message`
/// means to_string(e.code).
MAILTOKIT_API void append_error(std::string& out, const error& e, std::string_view message = {},
                                const options& o = {});

/// append_draft() into a new string.
[[nodiscard]] MAILTOKIT_API std::string from_draft(const draft& d, const options& o = {});
/// append_error() into a new string.
[[nodiscard]] MAILTOKIT_API std::string from_error(const error& e, std::string_view message = {},
                                                   const options& o = {});

}  // namespace mailtokit::json
