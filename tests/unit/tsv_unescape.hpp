// Test helper: one field of tests/data/*.tsv with its escapes \t \n \r \\ \0 and \xHH undone (so
// that control bytes and invalid UTF-8 can be written in the data files). Without Catch2: used
// by tsv.hpp and by the threads harness (tests/tsan).
#pragma once

#include <stdexcept>
#include <string>

namespace mailtokit::test {

inline std::string tsv_unescape(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '\\' || i + 1 == s.size()) {
      out += s[i];
      continue;
    }
    const char c = s[++i];
    switch (c) {
      case 't': out += '\t'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case '0': out += '\0'; break;
      case '\\': out += '\\'; break;
      case 'x': {
        if (i + 2 >= s.size()) throw std::runtime_error("bad \\x escape");
        out += static_cast<char>(std::stoi(s.substr(i + 1, 2), nullptr, 16));
        i += 2;
        break;
      }
      default: out += '\\'; out += c; break;
    }
  }
  return out;
}

}  // namespace mailtokit::test
