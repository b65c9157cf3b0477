// Test helper: load tests/data/*.tsv vectors. Columns are tab-separated; lines starting with '#'
// and empty lines are skipped. Fields understand the escapes \t \n \r \\ \0 and \xHH so that
// control bytes and invalid UTF-8 can be written in the data files.
#pragma once

#include <catch2/catch.hpp>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "mailtokit/result.hpp"
#include "tsv_unescape.hpp"

namespace mailtokit::test {

/// Rows of tests/data/<name>, unescaped (tsv_rows()).
inline std::vector<tsv_row> load_tsv(const std::string& name) {
  std::ifstream in(std::string(MAILTOKIT_TEST_DATA) + "/" + name, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open test data " + name);
  std::vector<tsv_row> rows = tsv_rows(in);
  if (rows.empty()) throw std::runtime_error("no rows in test data " + name);
  return rows;
}

/// Fields of `s` separated by `sep` (nothing for an empty string).
inline std::vector<std::string> split(const std::string& s, const std::string& sep) {
  std::vector<std::string> out;
  if (s.empty()) return out;
  std::size_t start = 0;
  for (;;) {
    const auto p = s.find(sep, start);
    out.push_back(s.substr(start, p == s.npos ? s.npos : p - start));
    if (p == s.npos) break;
    start = p + sep.size();
  }
  return out;
}

/// True when a vector column expects an error: "error <errc name> <offset>".
inline bool expects_error(const std::string& want) { return want.rfind("error ", 0) == 0; }

/// Check an error against an "error <errc name> <offset>" column.
inline void check_error(const error& e, const std::string& want) {
  const auto sp = want.find(' ', 6);
  CHECK(std::string(to_name(e.code)) == want.substr(6, sp - 6));
  CHECK(e.offset == std::stoul(want.substr(sp + 1)));
}

/// Check that `r` is refused as an "error <errc name> <offset>" column says.
template <class T>
void check_refused(const result<T>& r, const std::string& want) {
  REQUIRE_FALSE(r);
  check_error(r.error(), want);
}

/// Check a result against a vector column: either the expected value, or
/// "error <errc name> <offset>".
inline void check_expected(const result<std::string>& r, const std::string& want) {
  if (expects_error(want)) {
    check_refused(r, want);
  } else {
    INFO("error: " << (r ? std::string() : describe(r.error())));
    REQUIRE(r);
    CHECK(*r == want);
  }
}

}  // namespace mailtokit::test
