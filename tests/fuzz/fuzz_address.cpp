// Fuzz target: RFC 5322 addresses (include/mailtokit/address.hpp).
// Properties: parse_addr_spec() and parse_address_list() agree (a valid addr-spec is a list of
// one valid address with the same parts); every valid address has a non-empty local part and
// domain, an ASCII domain of LDH labels, needs_smtputf8 exactly for a non-ASCII local part, and
// ascii() exactly when it can travel without SMTPUTF8; its addr-spec "local@domain" parses back
// to the same address, in Unicode and in ASCII form, and so does "name" <addr-spec> for its
// display name; every string is valid UTF-8; a bare addr-spec (no list structure) gives the
// same list through the fast path as through the general one.
#include "mailtokit/address.hpp"

#include <string>

#include "fuzz.hpp"
#include "mailtokit/utf8.hpp"

namespace {

using mailtokit::fuzz::show;

std::string quoted(std::string_view name) {
  std::string q = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') q += '\\';
    q += c;
  }
  return q + "\"";
}

bool same_mailbox(const mailtokit::address& a, const mailtokit::address& b) {
  return a.valid == b.valid && a.local_part == b.local_part && a.domain == b.domain &&
         a.domain_ascii == b.domain_ascii && a.needs_smtputf8 == b.needs_smtputf8;
}

void check_valid(const mailtokit::address& a, std::string_view in) {
  const std::string ctx = " for " + show(in);
  MAILTOKIT_FUZZ_CHECK(!a.local_part.empty() && !a.domain.empty(), "empty part in a valid address" + ctx);
  // The parsers take decoded UTF-8 text: only valid input promises valid output.
  if (mailtokit::utf8::validate(in)) {
    for (const std::string* s : {&a.local_part, &a.domain, &a.display_name, &a.original})
      MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(*s).has_value(), "invalid UTF-8 in an address" + ctx);
  }
  if (a.domain.front() != '[') {
    for (char c : a.domain_ascii) {
      const bool ldh = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                       c == '.' || c == '_';
      MAILTOKIT_FUZZ_CHECK(ldh, "domain_ascii is not LDH: " + show(a.domain_ascii) + ctx);
    }
  }
  MAILTOKIT_FUZZ_CHECK(a.needs_smtputf8 == !mailtokit::utf8::is_ascii(a.local_part), "needs_smtputf8 wrong" + ctx);
  MAILTOKIT_FUZZ_CHECK(a.ascii().has_value() == !a.needs_smtputf8, "ascii() presence wrong" + ctx);
  MAILTOKIT_FUZZ_CHECK(a.unicode() == a.local_part + "@" + a.domain, "unicode() is not local@domain" + ctx);

  const auto again = mailtokit::parse_addr_spec(a.unicode());
  MAILTOKIT_FUZZ_CHECK(again && same_mailbox(*again, a), "addr-spec " + show(a.unicode()) + " does not parse back" + ctx);
  if (const auto ascii = a.ascii()) {
    const auto back = mailtokit::parse_addr_spec(*ascii);
    MAILTOKIT_FUZZ_CHECK(back && back->valid && back->local_part == a.local_part && back->domain_ascii == a.domain_ascii,
                         "ASCII form " + show(*ascii) + " does not parse back" + ctx);
  }
  if (!a.display_name.empty()) {
    const std::string text = quoted(a.display_name) + " <" + a.unicode() + ">";
    const auto list = mailtokit::parse_address_list(text);
    MAILTOKIT_FUZZ_CHECK(list && list->size() == 1 && same_mailbox((*list)[0], a) &&
                             (*list)[0].display_name == a.display_name,
                         "name-addr " + show(text) + " does not parse back" + ctx);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;

  const auto spec = mailtokit::parse_addr_spec(in);
  if (spec) {
    if (spec->valid) check_valid(*spec, in);
  } else {
    MAILTOKIT_FUZZ_CHECK(spec.error().offset <= in.size(), "error offset past the end for " + show(in));
  }
  const auto list = mailtokit::parse_address_list(in);
  if (list) {
    for (const auto& a : *list)
      if (a.valid) check_valid(a, in);
    if (spec && spec->valid) {
      MAILTOKIT_FUZZ_CHECK(list->size() == 1 && same_mailbox((*list)[0], *spec),
                           "a valid addr-spec is not a list of itself: " + show(in));
    }
  } else {
    MAILTOKIT_FUZZ_CHECK(list.error().offset <= in.size(), "error offset past the end for " + show(in));
  }
  // A bare addr-spec takes the list parser's fast path; a leading space sends it the general way.
  if (!in.empty() && in.find_first_of("\"()[]<>,;:\\ \t\r\n") == in.npos) {
    std::string padded(1, ' ');  // (not " " + std::string: g++ 12 -Wrestrict false positive)
    padded += in;
    const auto general = mailtokit::parse_address_list(padded);
    MAILTOKIT_FUZZ_CHECK(list.has_value() == general.has_value() && (!list || *list == *general),
                         "the bare addr-spec fast path differs from the general path for " + show(in));
  }
  return 0;
}
