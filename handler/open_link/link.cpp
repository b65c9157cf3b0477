#include "open_link/link.hpp"

#include <string>

#include "ask/failure.hpp"
#include "base/i18n.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/preview.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

using ask::is_size_limit;
using ask::refusal_words;
using errors::open_failure;
using xdg::print_failure;

std::optional<open_failure> non_mailto(std::string_view uri) {
  const std::string advice = tr("Nothing was started: mailtokit opens only mailto: links. Check the link you "
                                 "clicked, or the command that started mailtokit.");
  if (uri.empty())
    return open_failure{exit_usage, tr("The link is empty: mailtokit was started without a mailto: link."), advice};
  if (uri.front() == '-')
    return open_failure{exit_usage,
                        fill(tr("{0} was refused: a word starting with '-' is an option, not a mailto: link."),
                             {preview::visible(uri.substr(0, 64))}),
                        advice};
  std::string_view t = uri;
  while (!t.empty() && (t.front() == ' ' || t.front() == '\t' || t.front() == '\n' || t.front() == '\r'))
    t.remove_prefix(1);
  if (!chars::iequals(t.substr(0, 7), "mailto:")) {
    const auto colon = t.find(':');
    const std::string shown = preview::visible(uri.substr(0, 64)) + (uri.size() > 64 ? "..." : "");
    return open_failure{exit_dataerr,
                        colon == std::string_view::npos || colon > 32
                            ? fill(tr("{0} was refused: it is not a mailto: link (it has no scheme)."), {shown})
                            : fill(tr("{0} was refused: it is not a mailto: link (its scheme is '{1}')."),
                                   {shown, preview::visible(t.substr(0, colon))}),
                        advice};
  }
  return std::nullopt;
}

int refuse_non_mailto(std::string_view uri) {
  auto why = non_mailto(uri);
  if (!why) return exit_ok;
  print_failure(*why);
  return why->exit_code;
}

open_failure unreadable_link(const error& e, bool repairable) {
  const errc c = e.code;
  std::string advice =
      repairable ? tr("Nothing was started: mailtokit reads links strictly here (--strict or the configuration file). "
                      "Without that, it would repair this link and open it; `mailtokit preview` shows what it "
                      "would change.")
      : is_size_limit(c) ? tr("Nothing was started, so that a link this large cannot flood your mail program. Write "
                              "the message yourself, or ask whoever gave you the link for a shorter one.")
                         : tr("This is not a valid mailto: link, so nothing was started; `mailtokit preview` shows why.");
  open_failure f{exit_dataerr, fill(tr("the link at byte {0} ({1})"), {std::to_string(e.offset), to_string(c)}),
                 std::move(advice), std::string(to_name(c))};
  f.shown = refusal_words(c);
  return f;
}

}  // namespace mailtokit::open_link
