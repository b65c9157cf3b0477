#include "mailtokit/address.hpp"

#include <catch2/catch.hpp>
#include <cctype>
#include <string>
#include <vector>

#include "tsv.hpp"

using namespace mailtokit;
using test::split;

TEST_CASE("addr-spec vectors (tests/data/addresses.tsv)", "[address]") {
  for (const auto& row : test::load_tsv("addresses.tsv")) {
    INFO("line " << row.line << ": " << row.at(6));
    auto r = parse_addr_spec(row.at(0));
    const std::string& want = row.at(1);
    if (test::expects_error(want)) {
      test::check_refused(r, want);
      continue;
    }
    REQUIRE(r);
    CHECK(r->valid);
    CHECK(r->local_part == row.at(2));
    CHECK(r->domain == row.at(3));
    CHECK(r->domain_ascii == row.at(4));
    CHECK(r->needs_smtputf8 == (row.at(5) == "1"));
    CHECK(r->original == row.at(0));
    CHECK(r->display_name.empty());
    CHECK(r->unicode() == row.at(2) + "@" + row.at(3));
    if (r->needs_smtputf8)
      CHECK_FALSE(r->ascii());
    else
      CHECK(r->ascii() == row.at(2) + "@" + row.at(4));
  }
}

TEST_CASE("address-list vectors (tests/data/address_lists.tsv)", "[address]") {
  for (const auto& row : test::load_tsv("address_lists.tsv")) {
    INFO("line " << row.line << ": " << row.at(2));
    auto r = parse_address_list(row.at(0));
    REQUIRE(r);
    const auto want = split(row.at(1), " | ");
    REQUIRE(r->size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
      const auto parts = split(want[i], "/");
      REQUIRE(parts.size() == 3);
      INFO("entry " << i);
      CHECK((*r)[i].display_name == parts[0]);
      CHECK((*r)[i].unicode() == parts[1]);
      CHECK((*r)[i].valid == (parts[2] == "1"));
    }
  }
}

TEST_CASE("an invalid address keeps its text and has no ASCII form", "[address]") {
  auto r = parse_address_list("not an address");
  REQUIRE(r);
  REQUIRE(r->size() == 1);
  CHECK_FALSE((*r)[0].valid);
  CHECK((*r)[0].original == "not an address");
  CHECK((*r)[0].unicode() == "not an address");
  CHECK_FALSE((*r)[0].ascii());
}

TEST_CASE("display names lose line breaks, controls and bidi controls", "[address]") {
  // An encoded word decoding to CRLF must not put a line break into a header field.
  auto r = parse_address_list("=?utf-8?Q?Joe=0D=0ABcc:_x?= <joe@example.com>");
  REQUIRE(r);
  REQUIRE(r->size() == 1);
  CHECK((*r)[0].valid);
  CHECK((*r)[0].display_name.find('\r') == std::string::npos);
  CHECK((*r)[0].display_name.find('\n') == std::string::npos);
  auto bidi = parse_address_list("\xE2\x80\xAE" "evil <joe@example.com>");
  REQUIRE(bidi);
  REQUIRE(bidi->size() == 1);
  CHECK((*bidi)[0].display_name == "evil");
}

TEST_CASE("a colon after something that is not a display name does not start a group", "[address]") {
  auto r = parse_address_list("b@example.com Bcc:evil@example.com");
  REQUIRE(r);
  REQUIRE(r->size() == 1);
  CHECK_FALSE((*r)[0].valid);
}

TEST_CASE("addresses compare by value", "[address]") {
  auto a = parse_addr_spec("joe@example.com");
  auto b = parse_addr_spec("joe@example.com");
  REQUIRE(a);
  REQUIRE(b);
  CHECK(*a == *b);
  auto c = parse_addr_spec("joe@Example.com");
  REQUIRE(c);
  CHECK_FALSE(*a == *c);  // `original` differs
  CHECK(a->unicode() == c->unicode());
}

TEST_CASE("a '<' inside a domain literal does not start an angle address", "[address]") {
  // Found by the address fuzz target: user@[192<.0.2.1] is a valid addr-spec (dtext), so as an
  // address list it is a list of itself.
  auto spec = parse_addr_spec("user@[192<.0.2.1]");
  REQUIRE(spec);
  REQUIRE(spec->valid);
  auto list = parse_address_list("user@[192<.0.2.1]");
  REQUIRE(list);
  REQUIRE(list->size() == 1);
  CHECK((*list)[0].valid);
  CHECK((*list)[0].domain == spec->domain);
  CHECK((*list)[0].local_part == spec->local_part);
}

TEST_CASE("quotes, parentheses and angle brackets inside a domain literal are dtext", "[address]") {
  // Found by the address fuzz target: a '"' in a domain literal made the list entry unclosed.
  for (const char* text : {"user@[IPv6:1000:db8::1\"]", "user@[a(b]", "user@[a>b]", "Name <user@[1>2]>"}) {
    INFO(text);
    auto list = parse_address_list(text);
    REQUIRE(list);
    REQUIRE(list->size() == 1);
    CHECK((*list)[0].valid);
    CHECK((*list)[0].local_part == "user");
  }
  auto named = parse_address_list("Name <user@[1>2]>, b@example.org");
  REQUIRE(named);
  REQUIRE(named->size() == 2);
  CHECK((*named)[0].display_name == "Name");
  CHECK((*named)[0].domain == "[1>2]");
}

// parse_address_list() takes a value without any list structure (no quotes, comments, brackets,
// separators or white space) as one addr-spec without splitting it; a leading space sends the
// same text through the general path. Both must give the same address, valid or not.
TEST_CASE("the bare addr-spec fast path of address lists equals the general path", "[address][list]") {
  std::vector<std::string> inputs;
  for (const auto& row : test::load_tsv("addresses.tsv")) inputs.push_back(row.at(0));
  for (const char* extra : {"a@b", "@", "a@", "@b", "a@@b", "a.@b", "x@[1.2.3.4", "joe@example.com.", "\xC3\xA9@b.example",
                            "a@xn--99zt52a.example", "a@\xE7\xB4\x8D\xE8\xB1\x86.example", "a\x01@b", "a@b\x7F",
                            "=?utf-8?q?x?=@example.com", "a@-b.example"})
    inputs.emplace_back(extra);
  inputs.push_back(std::string(1000, 'a') + "@b");  // over max_addr_spec_octets
  std::size_t fast = 0;
  for (const auto& in : inputs) {
    if (in.empty() || in.find_first_of("\"()[]<>,;:\\ \t\r\n") != std::string::npos) continue;
    ++fast;
    INFO("input " << in);
    const auto direct = parse_address_list(in);
    const auto general = parse_address_list(" " + in);
    REQUIRE(direct.has_value() == general.has_value());
    if (!direct) {
      CHECK(direct.error().code == general.error().code);
      continue;
    }
    CHECK(*direct == *general);
  }
  CHECK(fast > 30);
}

TEST_CASE("decodes_again finds what mail programs decode again in an address", "[address][hostile]") {
  // A percent escape or an encoded word (what a lenient decoder takes for one: "=?" then "?=").
  CHECK(decodes_again("boss%40evil.example%2C%20x"));
  CHECK(decodes_again("=?utf-8?b?Ym9zc0BldmlsLmV4YW1wbGUsIHg=?="));
  CHECK(decodes_again("x=?iso-8859-1?q?boss=40evil.example?=y"));
  CHECK(decodes_again("\"=?utf-8?B?eA==?=\""));
  CHECK(decodes_again("a%3d"));
  // What no decoder changes.
  CHECK_FALSE(decodes_again("Quiz: 2+2=?"));
  CHECK_FALSE(decodes_again("100% sure"));
  CHECK_FALSE(decodes_again("%zz and %4"));
  CHECK_FALSE(decodes_again("=?="));
  CHECK_FALSE(decodes_again("?= before =?"));
  CHECK_FALSE(decodes_again(""));

  auto list = parse_address_list("\"=?utf-8?b?eCI=?=\" <a@corp.example>, plain@corp.example");
  REQUIRE(list);
  REQUIRE(list->size() == 2);
  CHECK(decodes_again((*list)[0]));  // its display name
  CHECK_FALSE(decodes_again((*list)[1]));
  auto local = parse_addr_spec("=?utf-8?b?eA==?=@corp.example");
  REQUIRE(local);
  CHECK(decodes_again(*local));
}

// decodes_again(address) skips a part without '%', '=' or '?' eight bytes at a time and looks at
// a short tail on its own: every length up to 24, each of the matches and near misses at every
// place, against a reading of one byte at a time.
TEST_CASE("decodes_again on an address part agrees with a byte-by-byte reading at every length", "[address][hostile]") {
  const auto reference = [](const std::string& s) {
    for (std::size_t i = 0; i + 1 < s.size(); ++i) {
      if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
          std::isxdigit(static_cast<unsigned char>(s[i + 2])))
        return true;
      if ((s[i] == '=' && s[i + 1] == '?') || (s[i] == '?' && s[i + 1] == '=')) return true;
    }
    return false;
  };
  std::size_t found = 0, checked = 0;
  for (const std::string mark : {"%41", "%4", "%", "=?", "?=", "=", "?", "%zz", "=x?"})
    for (std::size_t n = 0; n <= 24; ++n)
      for (std::size_t at = 0; at <= n; ++at) {
        std::string text(n, 'a');
        text.insert(at, mark);
        address a;
        a.valid = false;
        a.original = text;
        const bool expected = reference(text);
        CHECK(decodes_again(a) == expected);
        address b;
        b.valid = true;
        b.local_part = "user";
        b.domain = b.domain_ascii = "corp.example";
        b.display_name = text;
        CHECK(decodes_again(b) == expected);
        found += expected ? 1 : 0;
        ++checked;
      }
  CHECK(found > 100);
  CHECK(found < checked);
}

TEST_CASE("name_holds_separators and compatibility_separators (issue 45)", "[address][hostile]") {
  CHECK(name_holds_separators("Doe, Jane"));
  CHECK(name_holds_separators("z <boss@evil.example>,"));
  CHECK(name_holds_separators("a;b"));
  CHECK(name_holds_separators("boss\uFF20evil.example"));  // a fullwidth at sign
  CHECK_FALSE(name_holds_separators("Jane Doe"));
  CHECK_FALSE(name_holds_separators("boss&#64evil"));       // no separator to NFKC: the hand-over's matter
  CHECK(compatibility_separators("a@corp.example\uFF0Cboss\uFF20evil.example"));
  CHECK(compatibility_separators("b\uFE50c"));     // a small comma
  CHECK(compatibility_separators("a\u3000b"));     // an ideographic space
  CHECK(compatibility_separators("\u2474x"));      // a parenthesized digit one: "(1)"
  CHECK_FALSE(compatibility_separators("a,b@c"));  // ASCII separators are no compatibility form
  CHECK_FALSE(compatibility_separators("\U0001D41Boss"));  // a mathematical letter maps to a letter
  CHECK_FALSE(compatibility_separators("caf\u00E9"));
  auto list = parse_address_list("a@corp.example\uFF0Cboss\uFF20evil.example, ok@corp.example");
  REQUIRE(list);
  REQUIRE(list->size() == 2);
  CHECK(compatibility_separators((*list)[0]));
  CHECK_FALSE(compatibility_separators((*list)[1]));
}
