#include "mailtokit/finding_code.hpp"

#include <catch2/catch.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "mailtokit/handover.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "tsv.hpp"

using namespace mailtokit;

namespace {

std::vector<finding_code> every_code() {
  std::vector<finding_code> out;
#define MAILTOKIT_TEST_CODE(name, level, text) out.push_back(finding_code::name);
  MAILTOKIT_FINDING_LIST(MAILTOKIT_TEST_CODE)
#undef MAILTOKIT_TEST_CODE
  return out;
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// [a-z]+(_[a-z0-9]+)*, by hand: std::regex draws GCC 12's -Wmaybe-uninitialized false positive in
// its std::function members under the sanitizer build's -O1.
bool snake_case(std::string_view s) {
  constexpr std::string_view letters = "abcdefghijklmnopqrstuvwxyz";
  const auto first_end = s.find('_');
  const auto first = s.substr(0, first_end);
  if (first.empty() || first.find_first_not_of(letters) != std::string_view::npos) return false;
  if (first_end == std::string_view::npos) return true;
  for (auto rest = s.substr(first_end); !rest.empty();) {  // each "_word"
    rest.remove_prefix(1);
    const auto end = std::min(rest.find('_'), rest.size());
    const auto word = rest.substr(0, end);
    if (word.empty() || word.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789") != std::string_view::npos)
      return false;
    rest.remove_prefix(end);
  }
  return true;
}

}  // namespace

TEST_CASE("every finding code has a unique stable name and a severity", "[finding_code]") {
  std::set<std::string_view> names;
  for (const auto code : every_code()) {
    const auto name = to_name(code);
    INFO(name);
    CHECK(snake_case(name));
    CHECK(names.insert(name).second);
    CHECK(finding_code_from_name(name) == code);
    CHECK(severity_of(name) == severity_of(code));
    CHECK_FALSE(to_string(code).empty());
  }
  CHECK(severity_of("bidi_control") == severity::risky);
  CHECK(severity_of("spoof_check_failed") == severity::risky);
  CHECK(severity_of("long_body") == severity::notice);
  CHECK(severity_of("handover_name_taken_off") == severity::notice);
}

TEST_CASE("a finding or warning code nobody listed is risky", "[finding_code]") {
  CHECK(severity_of("") == severity::risky);
  CHECK(severity_of("Long_body") == severity::risky);
  CHECK(severity_of("long_body ") == severity::risky);
  CHECK(severity_of("homoglyph_in_subject") == severity::risky);
  CHECK_FALSE(finding_code_from_name("homoglyph_in_subject"));
  const auto outside = static_cast<finding_code>(every_code().size());
  CHECK(severity_of(outside) == severity::risky);
  CHECK(to_name(outside) == "unknown_finding");
  CHECK(severity_of(static_cast<warning_code>(0xFFFF)) == severity::risky);
}

TEST_CASE("every warning code has a severity", "[finding_code]") {
  for (std::uint16_t i = 0; warning_code_from_name(to_name(static_cast<warning_code>(i))); ++i) {
    const auto code = static_cast<warning_code>(i);
    INFO(to_name(code));
    const auto s = severity_of(code);
    // An address kept although readers may read another one is asked about; the link's syntax
    // is a fact for the details.
    if (code == warning_code::invalid_address || code == warning_code::address_decodes_again ||
        code == warning_code::address_compatibility_characters)
      CHECK(s == severity::risky);
    else if (kind_of(code) == warning_kind::text_changed || kind_of(code) == warning_kind::address)
      CHECK(s == severity::notice);
    else
      CHECK(s <= severity::notice);
  }
}

TEST_CASE("every code the hand-over gives is in the table", "[finding_code]") {
  using handover::change_kind;
  for (const auto k : {change_kind::address_left_out, change_kind::name_taken_off, change_kind::text_defused,
                       change_kind::text_shortened}) {
    INFO(handover::code_of(k));
    CHECK(finding_code_from_name(handover::code_of(k)));
  }
}

TEST_CASE("every finding preview::check() gives for the test links is in the table", "[finding_code]") {
  std::size_t seen = 0;
  for (const auto* file : {"preview.tsv", "hostile_links.tsv", "lenient_links.tsv", "corpus_real_links.tsv"}) {
    for (const auto& row : test::load_tsv(file)) {
      auto d = parse_draft(row.at(0));
      if (!d) continue;
      for (const auto& f : preview::check(*d)) {
        INFO(file << ":" << row.line << ": " << f.code);
        CHECK(finding_code_from_name(f.code));
        ++seen;
      }
    }
  }
  CHECK(seen > 50);
}

TEST_CASE("no finding name is spelt as a string in the library's sources", "[finding_code]") {
  // Every finding is made from a finding_code (to_name()), so none can be misspelt: a code's
  // name appears as a string literal nowhere in src/ (but in the C API's table of error names,
  // some of which are also finding names: invalid_address, address_decodes_again, ...).
  const std::filesystem::path src = std::filesystem::path(MAILTOKIT_TEST_DATA) / ".." / ".." / "src";
  REQUIRE(std::filesystem::is_directory(src));
  std::size_t files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(src)) {
    if (e.path().extension() != ".cpp" && e.path().extension() != ".hpp") continue;
    if (e.path().filename() == "c_api.cpp") continue;
    ++files;
    const std::string text = slurp(e.path());
    for (const auto code : every_code()) {
      std::string quoted(1, '"');  // appended: "\"" + std::string&& trips GCC bug 105329 at -O3
      quoted.append(to_name(code)).append(1, '"');
      INFO(e.path().string() << ": " << quoted);
      CHECK(text.find(quoted) == std::string::npos);
    }
  }
  CHECK(files > 20);
}
