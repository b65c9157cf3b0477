// Internal: the lookups of a table of codes (warning.cpp's warning codes, finding_code.cpp's
// finding codes), one entry per enumerator in enum order, so that table[code] is its entry, each
// with its stable `name` and its `text`.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace mailtokit::detail {

/// The entry of `code` in `table`, or nullptr for a value outside the enum.
template <class Entry, std::size_t N, class Code>
[[nodiscard]] constexpr const Entry* entry_of(const std::array<Entry, N>& table, Code code) noexcept {
  const auto i = static_cast<std::size_t>(code);
  return i < N ? &table[i] : nullptr;
}

/// The name of `code` (to_name()), or `unknown` for a value outside the enum.
template <class Entry, std::size_t N, class Code>
[[nodiscard]] constexpr std::string_view name_of(const std::array<Entry, N>& table, Code code,
                                                 std::string_view unknown) noexcept {
  const Entry* e = entry_of(table, code);
  return e ? e->name : unknown;
}

/// The text of `code` (to_string()), or `unknown` for a value outside the enum.
template <class Entry, std::size_t N, class Code>
[[nodiscard]] constexpr std::string_view text_of(const std::array<Entry, N>& table, Code code,
                                                 std::string_view unknown) noexcept {
  const Entry* e = entry_of(table, code);
  return e ? e->text : unknown;
}

/// The code whose name is `name`, or nullopt when none.
template <class Code, class Entry, std::size_t N>
[[nodiscard]] constexpr std::optional<Code> code_named(const std::array<Entry, N>& table,
                                                       std::string_view name) noexcept {
  for (std::size_t i = 0; i < N; ++i)
    if (table[i].name == name) return static_cast<Code>(i);
  return std::nullopt;
}

}  // namespace mailtokit::detail
