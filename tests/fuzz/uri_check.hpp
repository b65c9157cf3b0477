// Shared by the IRI fuzz targets: RFC 3986 checks of URIs with Boost.URL as the independent
// parser, and comparison up to the case of hex digits in escapes.
#pragma once

#include <boost/url/parse.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "fuzz.hpp"

namespace mailtokit::fuzz {

/// `s` with the two hex digits after each '%' upper-cased (RFC 3986 section 2.1: "For
/// consistency, URI producers and normalizers should use uppercase hexadecimal digits").
inline std::string upper_hex(std::string_view s) {
  std::string out(s);
  for (std::size_t i = 0; i + 2 < out.size(); ++i) {
    if (out[i] != '%') continue;
    for (std::size_t k = i + 1; k <= i + 2; ++k)
      if (out[k] >= 'a' && out[k] <= 'f') out[k] = static_cast<char>(out[k] - 'a' + 'A');
    i += 2;
  }
  return out;
}

/// `s` without the port of its authority, when it has one of digits only (or empty); otherwise
/// an empty optional.
inline std::optional<std::string> without_port(const std::string& s) {
  std::size_t a = s.find("//");
  if (a == std::string::npos) return std::nullopt;
  // Only a scheme (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":") may precede the "//".
  if (a != 0 && (a < 2 || s[a - 1] != ':' || s.find_first_of("/?#") < a)) return std::nullopt;
  a += 2;
  const std::size_t end = std::min(s.find_first_of("/?#", a), s.size());
  std::size_t host = s.rfind('@', end);
  host = (host == std::string::npos || host < a) ? a : host + 1;
  if (host < end && s[host] == '[') return std::nullopt;
  const std::size_t colon = s.find(':', host);
  if (colon == std::string::npos || colon >= end) return std::nullopt;
  for (std::size_t i = colon + 1; i < end; ++i)
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
  return s.substr(0, colon) + s.substr(end);
}

/// RFC 3986 section 4.1 URI-reference, by Boost.URL. Two known Boost.URL 1.81 refusals of valid
/// references are worked around: "[V1.x]" (IPvFuture's "v" is case-insensitive, RFC 5234 section
/// 2.3: it is lower-cased first), and a reg-name that begins like an IPv4 address followed by a
/// port ("//1.2.3.4x:/" is refused, "//1.2.3.4x/" and "//1.2.3.4:/" are accepted; found by the
/// iri_to_uri fuzz target): a refused reference is looked at again without its port of digits.
inline bool boost_accepts(std::string_view uri) {
  try {
    std::string s(uri);
    for (std::size_t i = s.find("[V"); i != std::string::npos; i = s.find("[V", i + 1)) s[i + 1] = 'v';
    if (boost::urls::parse_uri_reference(s).has_value()) return true;
    const auto shorter = without_port(s);
    return shorter && boost::urls::parse_uri_reference(*shorter).has_value();
  } catch (...) {
    return false;
  }
}

}  // namespace mailtokit::fuzz
