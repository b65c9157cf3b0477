/// Webmails as mail programs: for each service, its compose link, the fields it takes, what it
/// loses and where its format was found (the sources are cited beside each entry in
/// webmail.cpp and in handler/clients/WEBMAIL.md). The link is opened in the user's own browser
/// as the desktop opens any https link (launch/), never through a shell.
///
/// Every value is percent-encoded for the parser that reads it: every byte but the unreserved
/// ones (RFC 3986 2.3) as %XX with upper-case digits, so that PHP's parse_str and
/// URLSearchParams (which read '+' as a space) and decodeURIComponent (which does not) read the
/// same text; a '+' always goes as %2B and a space as %20.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit::webmail {

/// Where a service lives.
enum class kind {
  hosted,       ///< a public service at a fixed address (gmail, outlook, ...)
  self_hosted,  ///< the user's own server, by its address (roundcube, sogo, ...)
  any,          ///< `webmail`: a template in which %s stands for the mailto URI
};

/// How a service reads the mailto: URI it is given inside its compose link.
struct reading {
  bool to_in_path = true;  ///< the To addresses in the path; false: a to= field, the path empty
  bool names = false;      ///< display names kept, as "Name" <address> (else each is said lost)
  bool escape_at = false;  ///< every '@' as %40 (SnappyMail lower-cases what follows the last '@')
  bool twice = false;      ///< every value encoded twice (RainLoop decodes them twice)
  bool threading = false;  ///< In-Reply-To and References as in-reply-to= and references=
};

/// One webmail. Most are data: their link is `compose` (after the user's address for a
/// self-hosted one) and the mailto: URI as `read` says, percent-encoded; what they lose follows
/// from `read` and `html`. The others have their own `link` or `losses`.
struct service {
  std::string_view name;     ///< the configuration name, e.g. "roundcube"
  std::string_view title;    ///< what a person calls it, e.g. "Roundcube"
  webmail::kind kind;
  /// For kind::self_hosted, what the address looks like ("https://mail.example.org/"); for
  /// kind::any, a template; empty for hosted services.
  std::string_view example;
  /// The longest link it takes: the request line its server reads (about 8 KB for a query), or
  /// what the browser is handed (128 KiB, Linux's per-argument limit) when the draft travels in
  /// the fragment, which the server never sees.
  std::size_t max_link;
  /// Hosted: the link up to the mailto: URI; self-hosted: the same after the address the user
  /// gave (which is given a final '/').
  std::string_view compose = {};
  webmail::reading read = {};
  char html = 0;  ///< a body holding this character ('<' or '>') is read as HTML (said); 0: never
  /// Its own compose link for `d`, where it is not `compose` and the URI; `address` is the
  /// checked address or template (empty for hosted). nullptr: the plain one.
  std::string (*link)(const service& s, const draft& d, std::string_view address) = nullptr;
  /// Its own list of what it loses of `d` (said to the user before the browser opens), appended
  /// to `out`. nullptr: the plain one (fields without a place, names, HTML).
  void (*losses)(const service& s, const draft& d, std::vector<std::string>& out) = nullptr;
};

/// Why a webmail cannot be used as asked, in words for the user (naming the value and what to
/// use instead).
struct problem {
  std::string words;
};

/// Every service, hosted ones first, in the order `mailtokit use` lists them.
[[nodiscard]] const std::vector<const service*>& all();
/// The service named `name` (as service::name; "rainloop" is its own, "outlook" is Outlook.com,
/// "office365" Outlook on the web for work and school), or nullptr.
[[nodiscard]] const service* by_name(std::string_view name) noexcept;

/// `address` checked for `s`: an absolute https: URL (http: only for a loopback host: 127.0.0.0/8,
/// ::1 or localhost), without user name or password; for kind::any a template holding exactly
/// one %s (and no other '%' but escapes). The address as it will be used, or why not, in words
/// that name the value and say what to use instead.
[[nodiscard]] mailtokit::result<std::string, problem> check_address(const service& s, std::string_view address);

/// The compose link for `d`, or why not (a link longer than s.max_link: the draft is kept and
/// the user told). `address` must have passed check_address() (empty for hosted services).
[[nodiscard]] mailtokit::result<std::string, problem> compose_link(const service& s, const draft& d,
                                                                      std::string_view address);

/// What `s` loses of `d`, in words ("Gmail: this webmail loses Keywords ...").
[[nodiscard]] std::vector<std::string> losses(const service& s, const draft& d);

}  // namespace mailtokit::webmail
