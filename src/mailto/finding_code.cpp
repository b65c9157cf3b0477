#include "mailtokit/finding_code.hpp"

#include <array>
#include <utility>

#include "mailto/code_table.hpp"

namespace mailtokit {

namespace {

struct finding_entry {
  std::string_view name;
  severity level;
  std::string_view text;
};

// One entry per finding_code, in enum order.
constexpr std::array finding_entries{
#define MAILTOKIT_FINDING_ENTRY(name, level, text) finding_entry{#name, severity::level, text},
    MAILTOKIT_FINDING_LIST(MAILTOKIT_FINDING_ENTRY)
#undef MAILTOKIT_FINDING_ENTRY
};

// One severity per warning_code, in enum order: each line names its code, so a line out of
// place or missing does not compile.
constexpr std::array warning_severities{
#define MAILTOKIT_WARN_SEVERITY_ENTRY(name, level) \
  std::pair{warning_code::name, severity::level},
    MAILTOKIT_WARN_SEVERITY_LIST(MAILTOKIT_WARN_SEVERITY_ENTRY)
#undef MAILTOKIT_WARN_SEVERITY_ENTRY
};

constexpr bool in_warning_order() {
  for (std::size_t i = 0; i < warning_severities.size(); ++i)
    if (static_cast<std::size_t>(warning_severities[i].first) != i) return false;
  return true;
}
static_assert(in_warning_order(), "MAILTOKIT_WARN_SEVERITY_LIST follows MAILTOKIT_WARN_LIST's order");
#define MAILTOKIT_WARN_COUNT(name, kind, repair, text) +1
static_assert(warning_severities.size() == 0 MAILTOKIT_WARN_LIST(MAILTOKIT_WARN_COUNT),
              "MAILTOKIT_WARN_SEVERITY_LIST has one line per warning code");
#undef MAILTOKIT_WARN_COUNT

}  // namespace

std::string_view to_name(finding_code code) noexcept {
  return detail::name_of(finding_entries, code, "unknown_finding");
}

std::string_view to_string(finding_code code) noexcept {
  return detail::text_of(finding_entries, code, "unknown finding");
}

std::optional<finding_code> finding_code_from_name(std::string_view name) noexcept {
  return detail::code_named<finding_code>(finding_entries, name);
}

severity severity_of(finding_code code) noexcept {
  const finding_entry* e = detail::entry_of(finding_entries, code);
  return e ? e->level : severity::risky;
}

severity severity_of(std::string_view name) noexcept {
  const auto code = finding_code_from_name(name);
  return code ? severity_of(*code) : severity::risky;
}

severity severity_of(warning_code code) noexcept {
  const auto* e = detail::entry_of(warning_severities, code);
  return e ? e->second : severity::risky;
}

}  // namespace mailtokit
