#include "mailtokit/result.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

using namespace mailtokit;

namespace {
result<int> half(int x) {
  if (x % 2 != 0) return fail(errc::internal_error, static_cast<std::size_t>(x));
  return x / 2;
}
}  // namespace

TEST_CASE("result holds a value or an error", "[result]") {
  auto ok = half(4);
  REQUIRE(ok.has_value());
  REQUIRE(static_cast<bool>(ok));
  CHECK(*ok == 2);
  CHECK(ok.value() == 2);
  auto bad = half(3);
  REQUIRE_FALSE(bad);
  CHECK(bad.error() == error{errc::internal_error, 3});
  result<std::string> s = std::string("abc");
  CHECK(s->size() == 3);
  result<void> v;
  CHECK(v.has_value());
  result<void> e = fail(errc::internal_error, 7);
  CHECK_FALSE(e);
  CHECK(e.error().offset == 7);
}

TEST_CASE("every error code has a unique snake_case name and a message", "[result]") {
  std::set<std::string> names;
#define MAILTOKIT_CHECK_NAME(name, msg)                      \
  {                                                          \
    const std::string n(to_name(errc::name));                \
    CHECK(n == #name);                                       \
    CHECK(names.insert(n).second);                           \
    CHECK_FALSE(to_string(errc::name).empty());              \
    for (char c : n) CHECK(((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')); \
  }
  MAILTOKIT_ERRC_LIST(MAILTOKIT_CHECK_NAME)
#undef MAILTOKIT_CHECK_NAME
  CHECK(names.size() > 40);
  CHECK(describe(error{errc::utf8_overlong, 12}) == "utf8_overlong at byte 12: overlong UTF-8 encoding");
}
