// Internal: the lenient repairs of the default reading of a mailto URI (warning.hpp lists them;
// parse_options::strict reads literally or refuses instead): what a link copied from HTML
// source, written after RFC 6068 section 6's own wrong example or with an address list in its
// path means. The parser (mailto.cpp) calls these and discloses each repair it makes.
#pragma once

#include <cstddef>
#include <string_view>

namespace mailtokit::detail {

// A path that is evidently an RFC 5322 address list rather than addr-specs: a ';' (Outlook's
// separator) or a '<' (an angle address after a display name), raw or pct-encoded, outside
// quoted strings and domain literals ("Doe, Jane" <jane@example.org>, a@x;b@y).
[[nodiscard]] bool path_is_list(std::string_view raw);

// Header field names RFC 6068 and the default policy know: a second '?' followed by one of them
// and '=' is the '&' the author meant (RFC 6068 section 6 shows this mistake).
[[nodiscard]] bool known_hfield_at(std::string_view query, std::size_t i) noexcept;

// The length of an HTML character reference to '&' without its '&' at text[i] ("amp;", "#38;",
// "#x26;", "#X026;"), or 0. HTML's numeric references allow leading zeros and either case of
// 'x' (WHATWG HTML section 13.2.5.80); the named one is case-sensitive.
[[nodiscard]] std::size_t html_ampersand_at(std::string_view text, std::size_t i) noexcept;

}  // namespace mailtokit::detail
