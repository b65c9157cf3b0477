#include "base/errors.hpp"

#include "base/i18n.hpp"

#include <array>

namespace mailtokit::errors {

namespace {

struct text {
  std::string_view name;
  std::string_view message;
};

// One entry per errors::errc, in enum order.
constexpr std::array texts{
#define MAILTOKIT_PROGRAM_ERRC_TEXT(name, msg) text{#name, msg},
    MAILTOKIT_PROGRAM_ERRC_LIST(MAILTOKIT_PROGRAM_ERRC_TEXT)
#undef MAILTOKIT_PROGRAM_ERRC_TEXT
};

const text* find(errors::errc c) noexcept {
  const auto i = static_cast<std::size_t>(c);
  return i < texts.size() ? &texts[i] : nullptr;
}

}  // namespace

std::string_view to_name(errors::errc c) noexcept {
  const text* t = find(c);
  return t ? t->name : "unknown_error";
}

std::string_view to_string(errors::errc c) noexcept {
  const text* t = find(c);
  return t ? t->message : "unknown error";
}

std::string_view to_name(code c) noexcept {
  return c.is_library() ? mailtokit::to_name(c.library()) : errors::to_name(c.own());
}

std::string_view to_string(code c) noexcept {
  return c.is_library() ? mailtokit::to_string(c.library()) : errors::to_string(c.own());
}

std::string describe(const error& e) {
  if (e.code.is_library()) return mailtokit::describe(mailtokit::error{e.code.library(), e.offset});
  // The library's format ("<name> at byte <offset>: <message>") for the program's own codes.
  return std::string(to_name(e.code)) + " at byte " + std::to_string(e.offset) + ": " + std::string(to_string(e.code));
}

open_failure config_failure(std::string_view where, std::string_view what) {
  return {exit_config, std::string(where) + ": " + std::string(what),
          tr("Correct the configuration file, then open the link again.")};
}

}  // namespace mailtokit::errors
