#include "base/errors.hpp"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "mailtokit/result.hpp"

using namespace mailtokit;

TEST_CASE("the program's codes have their own names, none of them a library code", "[program_error]") {
  std::set<std::string> names;
  std::set<std::string> library;
#define MAILTOKIT_LIBRARY_NAME(id, msg) library.insert(#id);
  MAILTOKIT_ERRC_LIST(MAILTOKIT_LIBRARY_NAME)
#undef MAILTOKIT_LIBRARY_NAME
#define MAILTOKIT_PROGRAM_NAME(id, msg)                                 \
  {                                                                     \
    const errors::errc c = errors::errc::id;                          \
    CHECK(errors::to_name(c) == #id);                                  \
    CHECK(errors::to_string(c) == msg);                                \
    CHECK(names.insert(#id).second);                                    \
    CHECK(library.count(#id) == 0);                                     \
    CHECK(errors::to_name(errors::code(c)) == #id);                   \
  }
  MAILTOKIT_PROGRAM_ERRC_LIST(MAILTOKIT_PROGRAM_NAME)
#undef MAILTOKIT_PROGRAM_NAME
  // The names the program has always printed.
  CHECK(names == std::set<std::string>{"io_error", "config_error", "exec_syntax", "spawn_failed", "not_found"});
}

TEST_CASE("a program error holds either kind of code and says which", "[program_error]") {
  const errors::error own = errors::fail(errors::errc::spawn_failed, 3);
  CHECK_FALSE(own.code.is_library());
  CHECK(own.code == errors::errc::spawn_failed);
  CHECK_FALSE(own.code == errors::errc::not_found);
  CHECK(errors::describe(own) == "spawn_failed at byte 3: could not start the program");

  const errors::error lib = fail(errc::utf8_overlong, 5);
  CHECK(lib.code.is_library());
  CHECK(lib.code.library() == errc::utf8_overlong);
  CHECK(lib.code == errc::utf8_overlong);
  CHECK(lib == errors::error(error{errc::utf8_overlong, 5}));
  CHECK(errors::describe(lib) == describe(error{errc::utf8_overlong, 5}));
  // The same number in the two enums is not the same code.
  CHECK_FALSE(errors::code(static_cast<errc>(0)) == errors::code(static_cast<errors::errc>(0)));
}

TEST_CASE("errors::result carries values, program errors and library errors", "[program_error]") {
  errors::result<std::string> v = std::string("x");
  REQUIRE(v);
  CHECK(*v == "x");
  errors::result<std::string> p = errors::fail(errors::errc::io_error, 7);
  REQUIRE_FALSE(p);
  CHECK(p.error().code == errors::errc::io_error);
  CHECK(p.error().offset == 7);
  errors::result<int> l = fail(errc::not_mailto, 2);
  REQUIRE_FALSE(l);
  CHECK(l.error().code == errc::not_mailto);
  errors::result<std::string> from_library = result<std::string>(std::string("y"));
  REQUIRE(from_library);
  CHECK(*from_library == "y");
  errors::result<std::string> failed_library = result<std::string>(fail(errc::empty_input, 0));
  REQUIRE_FALSE(failed_library);
  CHECK(failed_library.error().code == errc::empty_input);
  errors::result<void> ok;
  CHECK(ok);
  errors::result<void> bad = errors::fail(errors::errc::config_error, 1);
  CHECK_FALSE(bad);
  CHECK(to_name(bad.error().code) == "config_error");
  errors::result<void> lib_ok = result<void>{};
  CHECK(lib_ok);
  errors::result<void> lib_bad = result<void>(fail(errc::header_injection, 4));
  REQUIRE_FALSE(lib_bad);
  CHECK(bad.error().code == errors::errc::config_error);
  CHECK(lib_bad.error() == errors::error(error{errc::header_injection, 4}));
}
