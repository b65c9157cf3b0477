// Internal to handler/clients: text helpers several programs' hand-overs share.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/address.hpp"
#include "mailtokit/chars.hpp"

namespace mailtokit::clients::detail {

/// The address as every program gets it: its local part and its A-label domain, the domain the
/// user was shown (handover::spec()); the text as read for an invalid one.
std::string ascii_form(const address& a);
/// RFC 5322 section 3.4 mailbox text: `"display name" <spec>` for a valid address with a display
/// name (quoted, '"' and '\' escaped), else `spec`: for programs that read an address list as
/// text (KMail's options, aerc's and Claws Mail's To), so that the display name arrives too.
std::string named(const address& a, std::string spec);
/// The list as named() ASCII forms joined by `sep`.
std::string join_named(const std::vector<address>& list, std::string_view sep);
/// CRLF written as LF.
std::string crlf_to_lf(std::string_view s);
/// One query field `name=value` appended (every byte but unreserved ones percent-encoded);
/// nothing for an empty value.
void add_query(std::string& url, char& sep, std::string_view name, std::string_view value);

template <class List>
bool one_of(std::string_view name, const List& list) {
  return std::any_of(list.begin(), list.end(), [&](std::string_view n) { return chars::iequals(name, n); });
}

}  // namespace mailtokit::clients::detail
