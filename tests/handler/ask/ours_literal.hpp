// Words of a test as display_text, and display_text printed in a failed check: "Cancel"_t is display_text::ours("Cancel"), our own words
// (a test's literal is never link text), so a test builds questions and requests as the program does.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "ask/display_text.hpp"

inline mailtokit::ask::display_text operator""_t(const char* text, std::size_t) {
  return mailtokit::ask::display_text::ours(text);
}

namespace mailtokit::ask {
// As Catch prints a value in a failed check: its text.
inline std::ostream& operator<<(std::ostream& out, const display_text& t) { return out << t.str(); }
}  // namespace mailtokit::ask

// The texts of `v`, to compare with a list of strings.
inline std::vector<std::string> texts(const std::vector<mailtokit::ask::display_text>& v) { return {v.begin(), v.end()}; }
