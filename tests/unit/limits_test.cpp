// The limits table (tests/data/limits.tsv): megabyte links, 100,000 hfields, recipients and
// encoded words, a million "%25" layers. Each must end in the limit error the table names (with
// its offset where given) or in a correct result, checked field by field. Outcome checks only:
// that time and memory grow in proportion to the input is measured by the benchmark.
#include "mailtokit/mailto.hpp"

#include <catch2/catch.hpp>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/policy.hpp"
#include "tsv.hpp"

using namespace mailtokit;

namespace {

// "{text}count{text}count...": each text repeated count times.
std::string expand(std::string_view pattern) {
  std::string out;
  std::size_t i = 0;
  while (i < pattern.size()) {
    REQUIRE(pattern[i] == '{');
    const std::size_t close = pattern.find('}', i);
    REQUIRE(close != pattern.npos);
    const std::string_view text = pattern.substr(i + 1, close - i - 1);
    std::size_t end = close + 1;
    while (end < pattern.size() && pattern[end] >= '0' && pattern[end] <= '9') ++end;
    std::size_t count = 0;
    REQUIRE(std::from_chars(pattern.data() + close + 1, pattern.data() + end, count).ec == std::errc{});
    out.reserve(out.size() + text.size() * count);
    for (std::size_t k = 0; k < count; ++k) out += text;
    i = end;
  }
  return out;
}

std::size_t to_size(std::string_view s) {
  std::size_t n = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), n);
  REQUIRE(r.ec == std::errc{});
  REQUIRE(r.ptr == s.data() + s.size());
  return n;
}

parse_options options_from(const std::string& spec) {
  parse_options o;
  if (spec == "-" || spec.empty()) return o;
  std::size_t start = 0;
  while (start <= spec.size()) {
    std::size_t comma = spec.find(',', start);
    if (comma == std::string::npos) comma = spec.size();
    const std::string item = spec.substr(start, comma - start);
    const std::size_t eq = item.find('=');
    REQUIRE(eq != std::string::npos);
    const std::string key = item.substr(0, eq);
    const std::size_t value = to_size(std::string_view(item).substr(eq + 1));
    if (key == "max_input") {
      o.limits.max_input = value;
    } else if (key == "max_recipients") {
      o.limits.max_recipients = value;
    } else if (key == "max_hfields") {
      o.limits.max_hfields = value;
    } else if (key == "max_encoded_words") {
      o.limits.max_encoded_words = value;
    } else {
      FAIL("unknown limit " << key);
    }
    start = comma + 1;
  }
  return o;
}

std::size_t recipients_of(const mailto_uri& u) {
  std::size_t n = u.to.size();
  for (const auto& f : u.hfields) n += f.addresses.size();
  return n;
}

// Compare without printing megabytes: the first differing offset and the sizes.
void check_text(const std::string& what, const std::optional<std::string>& got, const std::string& want) {
  INFO(what);
  REQUIRE(got.has_value());
  INFO("got " << got->size() << " bytes, want " << want.size());
  std::size_t i = 0;
  while (i < got->size() && i < want.size() && (*got)[i] == want[i]) ++i;
  INFO("first difference at byte " << i << ": got '" << got->substr(i, 40) << "' want '" << want.substr(i, 40) << "'");
  const bool same = *got == want;  // not CHECK(*got == want): that would print megabytes
  CHECK(same);
}

void check_outcome(const mailto_uri& u, const draft& d, const std::string& checks) {
  std::size_t start = 0;
  while (start < checks.size()) {
    std::size_t semi = checks.find(';', start);
    if (semi == std::string::npos) semi = checks.size();
    const std::string c = checks.substr(start, semi - start);
    start = semi + 1;
    if (c.rfind("hfields=", 0) == 0) {
      CHECK(u.hfields.size() == to_size(std::string_view(c).substr(8)));
    } else if (c.rfind("recipients=", 0) == 0) {
      CHECK(recipients_of(u) == to_size(std::string_view(c).substr(11)));
      CHECK(d.to.size() + d.cc.size() + d.bcc.size() == recipients_of(u));
    } else if (c.rfind("subject~", 0) == 0) {
      check_text("subject", d.subject, expand(std::string_view(c).substr(8)));
    } else if (c.rfind("body~", 0) == 0) {
      check_text("body", d.body, expand(std::string_view(c).substr(5)));
    } else if (c.rfind("body_size=", 0) == 0) {
      REQUIRE(d.body.has_value());
      CHECK(d.body->size() == to_size(std::string_view(c).substr(10)));
    } else {
      FAIL("unknown check " << c);
    }
  }
}

}  // namespace

TEST_CASE("the limits table (tests/data/limits.tsv)", "[limits]") {
  const auto rows = test::load_tsv("limits.tsv");
  REQUIRE(rows.size() >= 20);
  for (const auto& row : rows) {
    // tsv.hpp unescapes every column; patterns hold no backslash escapes of their own.
    const std::string& name = row.at(0);
    SECTION(name) {
      const std::string input = expand(row.at(1));
      const parse_options options = options_from(row.at(2));
      const std::string& expected = row.at(3);
      INFO("line " << row.line << ": " << name << " (" << input.size() << " bytes)");
      const auto uri = parse_mailto(input, options);
      const auto d = parse_draft(input, options);
      REQUIRE(uri.has_value() == d.has_value());
      if (!uri) INFO("refused: " << describe(uri.error()));
      if (expected.rfind("error ", 0) == 0) {
        REQUIRE_FALSE(uri.has_value());
        const std::string want = expected.substr(6);
        const std::size_t sp = want.find(' ');
        CHECK(std::string(to_name(uri.error().code)) == want.substr(0, sp));
        if (sp != std::string::npos) CHECK(uri.error().offset == to_size(std::string_view(want).substr(sp + 1)));
        CHECK(uri.error().offset <= input.size());
        CHECK(d.error() == uri.error());
      } else if (expected.rfind("ok|error ", 0) == 0) {
        if (!uri) {
          CHECK(std::string(to_name(uri.error().code)) == expected.substr(9));
          CHECK(uri.error().offset <= input.size());
        } else {
          check_outcome(*uri, *d, row.at(4));
        }
      } else {
        REQUIRE(expected == "ok");
        REQUIRE(uri.has_value());
        check_outcome(*uri, *d, row.at(4));
      }
    }
  }
}

TEST_CASE("the default limits are the documented ones", "[limits]") {
  const limits l;
  CHECK(l.max_input == 1048576);
  CHECK(l.max_recipients == 1000);
  CHECK(l.max_hfields == 1000);
  CHECK(l.max_encoded_words == 1000);
  CHECK(l.max_warnings == 1000);
}
