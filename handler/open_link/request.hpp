/// The first stages of `open`, shared with `send` (which runs `open`) and `preview`: the request
/// read (the configuration, the policy, the link, `from =`), then the draft made the one a mail
/// program is handed (clients::make_handover_safe()). What `preview` shows is the draft these two
/// return, so it is exactly the draft `open` hands over.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/errors.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/result.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

/// What the command line says of how the link is read.
struct reading {
  std::string_view uri;                  ///< the link as given
  bool strict = false;                   ///< --strict (the configuration's `strict =` is added)
  std::vector<std::string> keep, drop;   ///< preview's --keep and --drop: header fields besides the policy's
};

/// A request that could be read: the configuration it was read with, how, and its draft.
struct link_request {
  xdg::loaded_config lc;
  parse_options po;
  draft d;
};

/// The stage a request failed at, for the caller's own way of saying it (preview prints the link's
/// error as JSON, open reports on the desktop).
enum class read_step { not_mailto, config, policy, link, from };

/// Why a request cannot be read.
struct read_failure {
  read_step step = read_step::link;
  errors::open_failure why;
  std::optional<error> link_error;  ///< step == link: the parser's error
  /// The draft as the default policy reads the link, when it could be read (config and policy
  /// failures): kept, so that nothing the user clicked is lost.
  std::optional<draft> by_default;
  /// A draft that was read (step == from), kept the same way, and the configuration it was read with.
  std::optional<draft> read;
  std::optional<xdg::loaded_config> lc;
  /// The configuration's `notify =` (true when it could not be read).
  bool notify = true;
};

/// Reads the request: reads the configuration (`env`), refuses a link that is no mailto: link, its
/// policy with `r`'s extra fields, the link (strictly with --strict or `strict = yes`) and sets
/// `from =`.
[[nodiscard]] mailtokit::result<link_request, read_failure> read_request(const reading& r,
                                                                         const xdg::environment& env);

/// The draft a mail program is given: made the canonical hand-over in place
/// (clients::make_handover_safe()); returns one sentence per change, to be told before it opens.
[[nodiscard]] std::vector<std::string> hand_over_safe(draft& d);

}  // namespace mailtokit::open_link
