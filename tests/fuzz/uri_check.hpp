// Shared by the IRI fuzz targets: RFC 3986 checks of URIs with Boost.URL as the independent
// parser, and comparison up to the case of hex digits in escapes.
#pragma once

#include <boost/url/parse.hpp>

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

/// RFC 3986 section 4.1 URI-reference, by Boost.URL. Boost.URL 1.81 refuses "[V1.x]", but
/// IPvFuture's "v" is case-insensitive (RFC 5234 section 2.3): it is lower-cased first.
inline bool boost_accepts(std::string_view uri) {
  try {
    std::string s(uri);
    for (std::size_t i = s.find("[V"); i != std::string::npos; i = s.find("[V", i + 1)) s[i + 1] = 'v';
    return boost::urls::parse_uri_reference(s).has_value();
  } catch (...) {
    return false;
  }
}

}  // namespace mailtokit::fuzz
