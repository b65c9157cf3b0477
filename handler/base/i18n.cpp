#include "base/i18n.hpp"

#include <libintl.h>

#include <clocale>
#include <cstdlib>
#include <string>
#include <vector>

#include "base/paths.hpp"

namespace mailtokit {

/// Inline: every part of the program (and its window) writes tr() and fill() as they are.
inline namespace i18n {

namespace {
constexpr const char* domain = "mailtokit";
std::string bound_dir;  // init_i18n()'s folder when it holds catalogs
}

void init_i18n(const char* locale_dir) {
  std::setlocale(LC_MESSAGES, "");
  std::setlocale(LC_CTYPE, "");
  if (locale_dir != nullptr && *locale_dir != '\0') bindtextdomain(domain, locale_dir);
  bound_dir = locale_dir != nullptr && paths::has_catalogs(locale_dir) ? locale_dir : "";
  bind_textdomain_codeset(domain, "UTF-8");
}

const char* locale_dir(const char* installed) {
  const char* env = std::getenv("MAILTOKIT_LOCALEDIR");
  if (env != nullptr && *env != '\0') return env;
  static std::string found;
  for (auto& dir : paths::locale_candidates(paths::running_program(), installed != nullptr ? installed : ""))
    if (paths::has_catalogs(dir)) {
      found = std::move(dir);
      return found.c_str();
    }
  return installed;
}

const std::string& catalogs_dir() { return bound_dir; }

const char* tr(const char* text) { return dgettext(domain, text); }

const char* ntr(const char* singular, const char* plural, unsigned long n) {
  return dngettext(domain, singular, plural, n);
}

std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args) {
  const std::vector<std::string_view> a(args);
  std::string out;
  out.reserve(pattern.size() + 32);
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '{' && i + 1 < pattern.size() && pattern[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    if (c == '{') {
      std::size_t j = i + 1;
      std::size_t index = 0;
      while (j < pattern.size() && pattern[j] >= '0' && pattern[j] <= '9' && j - i < 4)
        index = index * 10 + static_cast<std::size_t>(pattern[j++] - '0');
      if (j > i + 1 && j < pattern.size() && pattern[j] == '}' && index < a.size()) {
        out += a[index];
        i = j;
        continue;
      }
    }
    out += c;
  }
  return out;
}

}  // namespace i18n
}  // namespace mailtokit
