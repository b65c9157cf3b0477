/// The program's messages in the user's language (gettext). Every text a person reads on the
/// desktop or the terminal (the question, failure dialogs, notifications, errors, `--help`) is
/// written as tr("English text") and looked up in the "mailtokit" catalog; LANGUAGE, LC_ALL,
/// LC_MESSAGES and LANG choose, as everywhere. Codes, JSON and the man page stay English.
/// po/ holds the catalogs; the build regenerates po/mailtokit.pot with xgettext (keywords tr,
/// ntr:1,2 and N_).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace mailtokit {

/// Inline: every part of the program (and its window) writes tr() and fill() as they are.
inline namespace i18n {

/// Marks a string for the catalog without translating it here (a table of messages translated
/// where they are shown with tr()).
#define N_(text) text

/// Set the locale's message category from the environment and bind the catalog (installed
/// under `locale_dir`, e.g. /usr/share/locale). Only LC_MESSAGES and LC_CTYPE follow the user:
/// numbers and sorting stay "C" so that every file and the JSON read the same in every language.
void init_i18n(const char* locale_dir);

/// Where the message catalogs are: $MAILTOKIT_LOCALEDIR when set and not empty; else the first
/// folder with catalogs beside the running program (base/paths.hpp: ../share/locale, the build
/// tree's locale/), else `installed` (the folder the build was configured to install them in).
[[nodiscard]] const char* locale_dir(const char* installed);
/// The folder init_i18n() bound when it holds catalogs; "" when none was found (English only).
[[nodiscard]] const std::string& catalogs_dir();

/// `text` in the user's language (UTF-8), or `text` itself when the catalog has none.
[[nodiscard]] const char* tr(const char* text);
/// The singular or plural form for `n` in the user's language.
[[nodiscard]] const char* ntr(const char* singular, const char* plural, unsigned long n);

/// `pattern` with each "{0}", "{1}", ... replaced by that argument (a translation may reorder
/// them); "{{" is a literal "{". An index with no argument is left as it is.
[[nodiscard]] std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args);

}  // namespace i18n
}  // namespace mailtokit
