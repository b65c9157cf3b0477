// Internal to handler/clients: what several programs' hand-overs share.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "clients/client.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/chars.hpp"

namespace mailtokit::clients::detail {

/// The address as every program gets it: its local part and its A-label domain, the domain the
/// user was shown (handover::spec()); the text as read for an invalid one.
std::string ascii_form(const address& a);
/// RFC 5322 section 3.4 mailbox text: `"display name" <spec>` for a valid address with a display
/// name (quoted, '"' and '\' escaped), else `spec`: for programs that read an address list as
/// text (KMail's options, aerc's and Claws Mail's To), so that the display name arrives too.
std::string named(const address& a, std::string spec);
/// named() with the ASCII form: the mailbox as such a program gets it.
std::string mailbox(const address& a);
/// The list as mailbox() texts joined by `sep`.
std::string join_named(const std::vector<address>& list, std::string_view sep);
/// CRLF written as LF.
std::string crlf_to_lf(std::string_view s);
/// One query field `name=value` appended (every byte but unreserved ones percent-encoded);
/// nothing for an empty value.
void add_query(std::string& url, char& sep, std::string_view name, std::string_view value);

/// The hand-over `options` then the clean link (is_uri when there are no options); spawn_failed
/// when `uri` is not one: the clean URI always starts with "mailto:", so it is never an option
/// and never a -compose spec.
errors::result<handover> link_after(std::string_view uri, std::vector<std::string> options);

/// How a program's command line takes files.
enum class file_args {
  joined,  ///< one `OPTIONFILE` argument each (`--attach=FILE`)
  pairs,   ///< `OPTION FILE` for each file (`-attach FILE`)
  list,    ///< `OPTION` once, then every file (`--attach FILE...`)
};
/// The files added to `h` as `how` says, before a "--" that ends the options, else at the end;
/// the hand-over is then no longer a lone link.
void add_files(handover& h, file_args how, std::string_view option, const std::vector<std::string>& files);

/// A client::attach that adds the files as add_files() does, `how` with `option`
/// (`.attach = detail::attach_as<detail::file_args::joined, "--attach=">`).
template <std::size_t N>
struct option_text {
  char text[N];
  constexpr option_text(const char (&s)[N]) { std::copy_n(s, N, text); }  // NOLINT: a literal's wrapper
};
template <file_args how, option_text option>
void attach_as(handover& h, const draft& /*d*/, const std::vector<std::string>& files) {
  add_files(h, how, option.text, files);
}

/// Whether a line of `text` starts with a space, or (with `doubled`) two spaces stand together:
/// what a composer that rewrites spaces changes.
bool odd_spaces(std::string_view text, bool doubled);

template <class List>
bool one_of(std::string_view name, const List& list) {
  return std::any_of(list.begin(), list.end(), [&](std::string_view n) { return chars::iequals(name, n); });
}

}  // namespace mailtokit::clients::detail
