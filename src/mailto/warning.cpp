#include "mailtokit/warning.hpp"

#include <array>

namespace mailtokit {

namespace {

struct warning_entry {
  std::string_view name;
  warning_kind kind;
  bool repair;
  std::string_view text;
};

// One entry per warning_code, in enum order.
constexpr std::array warning_entries{
#define MAILTOKIT_WARN_ENTRY(name, kind, repair, text) warning_entry{#name, warning_kind::kind, repair, text},
    MAILTOKIT_WARN_LIST(MAILTOKIT_WARN_ENTRY)
#undef MAILTOKIT_WARN_ENTRY
};

const warning_entry* entry(warning_code code) noexcept {
  const auto i = static_cast<std::size_t>(code);
  return i < warning_entries.size() ? &warning_entries[i] : nullptr;
}

}  // namespace

std::string_view to_name(warning_code code) noexcept {
  const warning_entry* e = entry(code);
  return e ? e->name : "unknown_warning";
}

std::string_view to_string(warning_code code) noexcept {
  const warning_entry* e = entry(code);
  return e ? e->text : "unknown warning";
}

warning_kind kind_of(warning_code code) noexcept {
  const warning_entry* e = entry(code);
  return e ? e->kind : warning_kind::syntax;
}

bool is_repair(warning_code code) noexcept {
  const warning_entry* e = entry(code);
  return e && e->repair;
}

std::optional<warning_code> warning_code_from_name(std::string_view name) noexcept {
  for (std::size_t i = 0; i < warning_entries.size(); ++i)
    if (warning_entries[i].name == name) return static_cast<warning_code>(i);
  return std::nullopt;
}

}  // namespace mailtokit
