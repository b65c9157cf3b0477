#include "mailto/repairs.hpp"

#include <algorithm>
#include <string>

#include "header/address_detail.hpp"
#include "mailtokit/chars.hpp"
#include "text/percent_facts.hpp"

namespace mailtokit::detail {

// A path that is evidently an RFC 5322 address list rather than addr-specs: a ';' (Outlook's
// separator) or a '<' (an angle address after a display name), raw or pct-encoded, outside
// quoted strings and domain literals ("Doe, Jane" <jane@example.org>, a@x;b@y).
bool path_is_list(std::string_view raw) {
  std::string text;
  decode_facts facts;
  (void)decode_once(raw, 0, text, facts, false);  // never fails when not strict
  return has_list_structure(text);
}

// Header field names RFC 6068 and the default policy know: a second '?' followed by one of them
// and '=' is the '&' the author meant (RFC 6068 section 6 shows this mistake).
bool known_hfield_at(std::string_view query, std::size_t i) noexcept {
  static constexpr std::string_view names[] = {"to",       "cc",          "bcc",       "subject", "body",
                                               "keywords", "in-reply-to", "references", "attach"};
  for (std::string_view n : names) {
    if (query.size() - i <= n.size() || query[i + n.size()] != '=') continue;
    bool same = true;
    for (std::size_t k = 0; k < n.size() && same; ++k) same = chars::lower(query[i + k]) == n[k];
    if (same) return true;
  }
  return false;
}

// The length of an HTML character reference to '&' without its '&' at text[i] ("amp;", "#38;",
// "#x26;", "#X026;"), or 0. HTML's numeric references allow leading zeros and either case of
// 'x' (WHATWG HTML section 13.2.5.80); the named one is case-sensitive.
std::size_t html_ampersand_at(std::string_view text, std::size_t i) noexcept {
  const std::string_view rest = text.substr(std::min(i, text.size()));
  if (rest.starts_with("amp;")) return 4;
  if (!rest.starts_with("#")) return 0;
  std::size_t k = 1;
  const bool hex = k < rest.size() && (rest[k] == 'x' || rest[k] == 'X');
  if (hex) ++k;
  while (k < rest.size() && rest[k] == '0') ++k;
  const std::string_view digits = hex ? "26;" : "38;";
  return rest.substr(k).starts_with(digits) ? k + digits.size() : 0;
}

}  // namespace mailtokit::detail
