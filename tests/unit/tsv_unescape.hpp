// Test helper: the rows of tests/data/*.tsv, each field with its escapes \t \n \r \\ \0 and \xHH
// undone (so that control bytes and invalid UTF-8 can be written in the data files). Without
// Catch2: used by tsv.hpp, the threads harness (tests/tsan) and the training run (tests/pgo).
#pragma once

#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

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

struct tsv_row {
  std::size_t line = 0;  // its line number in the file, from 1
  std::vector<std::string> cols;
  [[nodiscard]] const std::string& at(std::size_t i) const {
    static const std::string empty;
    return i < cols.size() ? cols[i] : empty;
  }
};

/// The rows of a .tsv text: columns separated by tabs, unescaped; a CR before the line's end
/// dropped, empty lines and lines starting with '#' skipped.
inline std::vector<tsv_row> tsv_rows(std::istream& in) {
  std::vector<tsv_row> rows;
  std::string line;
  std::size_t n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    tsv_row row;
    row.line = n;
    std::size_t start = 0;
    for (;;) {
      const std::size_t tab = line.find('\t', start);
      row.cols.push_back(tsv_unescape(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start)));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace mailtokit::test
