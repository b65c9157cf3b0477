// Internal: the address-list parser with the reason each invalid entry was refused and a bound
// on the number of entries, used by mailto.cpp (the public parse_address_list() drops both).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/address.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit::detail {

/// Why out[index] is invalid; err.offset is relative to the parsed text.
struct address_issue {
  std::size_t index = 0;
  error err{};
};

/// RFC 5322 section 3.4 address-list, appending to `out` and `issues`. Fails with
/// too_many_recipients (offset of the entry) once `out` would grow beyond `max_total`. A group
/// with no members ("undisclosed-recipients:;") adds nothing, unless `empty_group_as_text`: then
/// its name is read as an entry (an invalid address with an issue, unless it is one), which is how
/// compose() writes an address that is not valid ("To: not-an-address : ;"), so that reading the
/// draft back keeps the recipient (read_message()). With `spare` (draft_parser's buffers of
/// earlier addresses), a bare addr-spec's `original` takes one of them instead of an allocation.
[[nodiscard]] result<void> parse_address_list_into(std::string_view text, std::vector<address>& out,
                                                   std::vector<address_issue>& issues, std::size_t max_total,
                                                   bool empty_group_as_text = false,
                                                   std::vector<std::string>* spare = nullptr);

/// `s` (whose content does not matter) swapped with the last of `spare`, if any, for text of
/// `n` bytes: a buffer of an earlier address, so that text longer than std::string's own room
/// (15 bytes) needs no allocation.
inline void take_spare(std::string& s, std::size_t n, std::vector<std::string>* spare) noexcept {
  if (n > 15 && spare != nullptr && !spare->empty()) {
    s.swap(spare->back());
    spare->pop_back();
  }
}

/// True when decoded `text` holds a ';' or a '<' outside quoted strings and domain literals: what
/// makes the path of a mailto URI an RFC 5322 address list rather than addr-specs.
[[nodiscard]] bool has_list_structure(std::string_view text) noexcept;

/// parse_addr_spec() of `a.original`, into `a` (an address with only `original` set: one just
/// added to a list, so nothing is moved). False when it is not a valid addr-spec: then
/// `a.valid` is false, `a.original` has its control characters removed, and `why` says why.
[[nodiscard]] bool addr_spec_or_invalid(address& a, error& why);

/// compatibility_separators(a) for an address this library's parser made (parse_draft(),
/// draft_parser): the same answer without the NFKC pass over a valid address's domain. A valid
/// domain is ASCII (a hostname or a literal), or went through IDNA (UTS #46 mapping) to an
/// A-label of letters, digits, '-' and '.' only: a compatibility character mapped to a separator
/// would have left that separator in the A-label, and the address would be invalid. The unit test
/// "compatibility_separators: the parser's shortcut" holds it equal to the full check for every
/// code point NFKC maps to a separator, in the domain and in the local part. Not for an address
/// built by hand (its domain need not be what IDNA made).
[[nodiscard]] bool compatibility_separators_parsed(const address& a);

/// decodes_again(a) for an address this library's parser made: the same answer without looking
/// at a valid domain that is not a literal (only letters, digits, '-' and '.' in its A-labels, and
/// the U-labels' ASCII is theirs). The unit test "decodes_again: the parser's shortcut" holds it
/// equal to decodes_again() on the parser's addresses. Not for an address built by hand.
[[nodiscard]] bool decodes_again_parsed(const address& a) noexcept;

}  // namespace mailtokit::detail
