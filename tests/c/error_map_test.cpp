// The C error codes cover every C++ mailtokit::errc: each stable name maps to a MAILTOKIT_E_*
// constant of mailtokit.h with the same name and message, and back. Fails when a code is added
// to MAILTOKIT_ERRC_LIST without its C constant (add it to mailtokit.h and src/c_api.cpp).
#include "mailtokit/mailtokit.h"

#include <cstdio>
#include <cstring>
#include <set>
#include <string_view>

#include "mailtokit/result.hpp"

int main() {
  int passed = 0, failed = 0;
  std::set<int> seen;
  auto check = [&](bool ok, std::string_view name, const char* what) {
    if (ok) {
      ++passed;
    } else {
      ++failed;
      std::fprintf(stderr, "FAILED: %.*s: %s\n", static_cast<int>(name.size()), name.data(), what);
    }
  };
#define MAILTOKIT_CHECK_CODE(id, msg)                                                                   \
  {                                                                                                     \
    constexpr std::string_view name = #id;                                                              \
    int code = mailtokit_error_code(name.data(), name.size());                                          \
    check(code != MAILTOKIT_E_OTHER, name, "has a MAILTOKIT_E_ constant in mailtokit.h");               \
    check(seen.insert(code).second, name, "has a C code of its own");                                   \
    check(name == mailtokit_error_name(code), name, "mailtokit_error_name() gives the name back");      \
    check(std::strcmp(mailtokit_error_message(code), msg) == 0, name, "same message as to_string()");   \
    check(mailtokit::to_name(mailtokit::errc::id) == name, name, "to_name() agrees");                   \
  }
  MAILTOKIT_ERRC_LIST(MAILTOKIT_CHECK_CODE)
#undef MAILTOKIT_CHECK_CODE
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
