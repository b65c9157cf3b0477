/// The MIME composer: a draft to the bytes of an RFC 5322 message (RFC 2045, 2047, 6532).
#pragma once

#include <optional>
#include <string>

#include "mailtokit/draft.hpp"
#include "mailtokit/export.h"
#include "mailtokit/result.hpp"

namespace mailtokit {

struct compose_options {
  bool allow_smtputf8 = false;            ///< RFC 6532 raw UTF-8 headers when an address needs it
  bool mark_unsent = true;                ///< "X-Unsent: 1" so clients open the file as a draft
  std::optional<std::string> date;        ///< RFC 5322 date-time; default: now
  std::optional<std::string> message_id;  ///< "<id@domain>"; default: generated
};

/// RFC 5322 + RFC 2045/2047: the message bytes, CRLF line ends, lines of at most 78 characters
/// where the content allows and never more than 998. Fails with needs_smtputf8 when an address
/// has a non-ASCII local part and allow_smtputf8 is false.
[[nodiscard]] MAILTOKIT_API result<std::string> compose(const draft& d, const compose_options& options = {});

}  // namespace mailtokit
