#include "mailtokit/warning.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "mailtokit/compose.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/message.hpp"
#include "mailtokit/policy.hpp"

using namespace mailtokit;

namespace {

// Every code of MAILTOKIT_WARN_LIST, in enum order.
constexpr warning_code all_codes[] = {
#define MAILTOKIT_WARN_TEST(name, kind, repair, text) warning_code::name,
    MAILTOKIT_WARN_LIST(MAILTOKIT_WARN_TEST)
#undef MAILTOKIT_WARN_TEST
};

// The warnings of `uri` (read with the default policy) as "code field" lines.
std::vector<std::string> facts(std::string_view uri) {
  auto d = parse_draft(uri, {}, policy::defaults());
  REQUIRE(d);
  std::vector<std::string> out;
  for (const auto& w : d->warnings) out.push_back(std::string(to_name(w.code)) + " " + w.field);
  return out;
}

}  // namespace

TEST_CASE("every warning code has one stable name that reads back", "[warning]") {
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < std::size(all_codes); ++i) {
    const warning_code c = all_codes[i];
    CHECK(static_cast<std::size_t>(c) == i);  // codes are numbered in list order, from 0
    const std::string_view name = to_name(c);
    INFO(name);
    CHECK(names.insert(name).second);
    CHECK_FALSE(name.empty());
    for (char ch : name) CHECK(((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_'));
    CHECK(warning_code_from_name(name) == c);
    CHECK_FALSE(to_string(c).empty());
    CHECK(to_string(c) != name);
  }
  CHECK(names.size() == 31);
  CHECK_FALSE(warning_code_from_name("no_such_warning"));
  CHECK_FALSE(warning_code_from_name(""));
  const auto outside = static_cast<warning_code>(std::size(all_codes));
  CHECK(to_name(outside) == "unknown_warning");
  CHECK_FALSE(is_repair(outside));
}

TEST_CASE("the repairs are exactly what strict refuses or reads literally", "[warning]") {
  std::set<std::string_view> repairs;
  for (warning_code c : all_codes)
    if (is_repair(c)) repairs.insert(to_name(c));
  CHECK(repairs == std::set<std::string_view>{"percent_literal", "question_as_ampersand", "question_literal",
                                              "hfield_without_value", "hfield_without_name", "html_ampersand",
                                              "slashes_ignored", "path_address_list", "invalid_utf8_replaced",
                                              "legacy_charset_decoded"});
  // Each repair the default reading makes is refused by strict.
  for (std::string_view uri : {"mailto:a@example.org?subject=100%", "mailto:a@example.org?cc=b@example.org?body=x",
                               "mailto:a@example.org?subject", "mailto://a@example.org",
                               "mailto:a@example.org?subject=a&amp;body=b", "mailto:Joe%20%3Cj@example.org%3E"}) {
    INFO(uri);
    auto d = parse_draft(uri);
    REQUIRE(d);
    bool repaired = false;
    for (const auto& w : d->warnings) repaired = repaired || is_repair(w.code);
    CHECK(repaired);
    parse_options strict;
    strict.strict = true;
    auto s = parse_draft(uri, strict);
    if (s)
      for (const auto& w : s->warnings) CHECK_FALSE(is_repair(w.code));
  }
}

TEST_CASE("kinds: what changed a value's text, what is about an address", "[warning]") {
  CHECK(kind_of(warning_code::header_controls_removed) == warning_kind::text_changed);
  CHECK(kind_of(warning_code::invalid_utf8_replaced) == warning_kind::text_changed);
  CHECK(kind_of(warning_code::legacy_charset_decoded) == warning_kind::text_changed);
  CHECK(kind_of(warning_code::encoded_word_undecodable) == warning_kind::text_changed);
  CHECK(kind_of(warning_code::invalid_address) == warning_kind::address);
  CHECK(kind_of(warning_code::fragment_ignored) == warning_kind::syntax);
  CHECK(kind_of(warning_code::smtputf8_needed) == warning_kind::sending);
}

TEST_CASE("each warning names the field it concerns, in lower case", "[warning]") {
  using v = std::vector<std::string>;
  CHECK(facts("mailto:a@x.org?cc=%0Ab@y.org") == v{"header_controls_removed cc"});
  CHECK(facts("mailto:a@x.org?CC=%0Ab@y.org") == v{"header_controls_removed cc"});
  CHECK(facts("mailto:a@x.org?bcc=b@y.org%0D") == v{"header_controls_removed bcc"});
  CHECK(facts("mailto:a@x.org?subject=a%0Db") == v{"header_controls_removed subject"});
  CHECK(facts("mailto:a@x.org?In-Reply-To=%3Ca@b%3E%0D%3Cc@d%3E") == v{"header_controls_removed in-reply-to"});
  CHECK(facts("mailto:a@x.org?subject=%C0%AF") == v{"invalid_utf8_replaced subject"});
  CHECK(facts("mailto:a@x.org?to=b@y.org%FF") == v{"invalid_address to", "invalid_utf8_replaced to"});
  CHECK(facts("mailto:a@x.org?body=a%0Ab") == v{"body_line_breaks_normalized body"});
  CHECK(facts("mailto:a@x.org?subject=a&subject=b") == v{"repeated_field subject"});
  CHECK(facts("mailto:a@x.org?subject=100%") == v{"percent_literal subject"});
  CHECK(facts("mailto:a@x.org,,b@y.org") == v{"empty_address to"});
  CHECK(facts("mailto:nobody?cc=bad") == v{"invalid_address to", "invalid_address cc"});
  CHECK(facts("mailto:a@x.org#top") == v{"fragment_ignored "});
  CHECK(facts("mailto:a@x.org?subject=x&&body=y") == v{"empty_hfield "});
  CHECK(facts("mailto://a@x.org") == v{"slashes_ignored "});

  // compose_warnings(): the list the address is in.
  auto d = parse_draft("mailto:a@x.org?cc=not-an-address");
  REQUIRE(d);
  const auto notes = compose_warnings(*d);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].code == warning_code::address_as_text);
  CHECK(notes[0].field == "cc");

  // read_message(): the header field.
  auto m = read_message("From: nobody\r\nTo: a@x.org\r\n\r\nhi\r\n");
  REQUIRE(m);
  REQUIRE(m->warnings.size() == 1);
  CHECK(m->warnings[0].code == warning_code::from_unreadable);
  CHECK(m->warnings[0].field == "from");
}

TEST_CASE("warnings are bounded: the first max_warnings kept, one last warning counts the rest", "[warning][limits]") {
  // With the field limit raised, a link of 5000 repeated subjects gives 4999 repeated_field
  // warnings: 1000 are kept and warnings_truncated says how many more there were.
  std::string uri = "mailto:a@example.org";
  for (int i = 0; i < 5000; ++i) uri += i == 0 ? "?subject=x" : "&subject=x";
  parse_options o;
  o.limits.max_hfields = 1000000;
  auto d = parse_draft(uri, o);
  REQUIRE(d);
  REQUIRE(d->warnings.size() == 1001);
  for (std::size_t i = 0; i < 1000; ++i) CHECK(d->warnings[i].code == warning_code::repeated_field);
  const warning& last = d->warnings.back();
  CHECK(last.code == warning_code::warnings_truncated);
  CHECK(last.field.empty());
  CHECK(last.offset == static_cast<std::size_t>(-1));
  CHECK(last.message == "3999 more warnings were left out (the limit of warnings kept is 1000)");

  // The bound is a limit of its own; parse_mailto() and draft_parser keep it too.
  o.limits.max_warnings = 10;
  d = parse_draft(uri, o);
  REQUIRE(d);
  REQUIRE(d->warnings.size() == 11);
  CHECK(d->warnings.back().message == "4989 more warnings were left out (the limit of warnings kept is 10)");
  std::string spaces = "mailto:a@example.org?subject=";
  for (int i = 0; i < 50; ++i) spaces += "&x-" + std::to_string(i) + "=%";  // 50 percent_literal
  auto u = parse_mailto(spaces, o);
  REQUIRE(u);
  REQUIRE(u->warnings.size() == 11);
  CHECK(u->warnings.back().code == warning_code::warnings_truncated);
  draft_parser parser(o);
  REQUIRE(parser.parse(uri));
  CHECK(parser.current().warnings.size() == 11);

  // A flood of other warnings never hides a warning about an address.
  std::string risky = "mailto:a@example.org";
  for (int i = 0; i < 50; ++i) risky += i == 0 ? "?subject=x" : "&subject=x";
  risky += "&cc=bad%25address@example.org";
  d = parse_draft(risky, o);
  REQUIRE(d);
  bool seen = false;
  for (const auto& w : d->warnings) seen = seen || w.code == warning_code::address_decodes_again;
  CHECK(seen);
  CHECK(d->warnings.back().code == warning_code::warnings_truncated);
  CHECK(d->warnings.size() == 12);
}
