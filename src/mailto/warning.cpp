#include "mailtokit/warning.hpp"

#include <array>

#include "mailto/code_table.hpp"

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

}  // namespace

std::string_view to_name(warning_code code) noexcept {
  return detail::name_of(warning_entries, code, "unknown_warning");
}

std::string_view to_string(warning_code code) noexcept {
  return detail::text_of(warning_entries, code, "unknown warning");
}

warning_kind kind_of(warning_code code) noexcept {
  const warning_entry* e = detail::entry_of(warning_entries, code);
  return e ? e->kind : warning_kind::syntax;
}

bool is_repair(warning_code code) noexcept {
  const warning_entry* e = detail::entry_of(warning_entries, code);
  return e && e->repair;
}

std::optional<warning_code> warning_code_from_name(std::string_view name) noexcept {
  return detail::code_named<warning_code>(warning_entries, name);
}

}  // namespace mailtokit
