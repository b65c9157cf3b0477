/// The header policy (RFC 6068 sections 3 and 7): what may become part of a draft, and why not.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit {

/// Which hfields a draft keeps. Default: to, cc, bcc, subject, body, keywords, in-reply-to,
/// references. Applications may keep more or fewer names; file and resource access (attach,
/// attachment, insert, ...) can never be kept. A value type; const methods are thread-safe.
class policy {
 public:
  /// The default kept set.
  [[nodiscard]] static policy defaults();
  /// Keep `name` too (case-insensitive). Returns false, and changes nothing, for names that can
  /// never be kept (file access, originator and MIME fields).
  bool keep(std::string_view name);
  /// Stop keeping `name`.
  void drop(std::string_view name);
  /// Empty when `name` (decoded, any case) is kept; otherwise the reason it is dropped.
  [[nodiscard]] std::string reason_to_drop(std::string_view name) const;
  /// The kept names, lower-cased, in the order they were added.
  [[nodiscard]] const std::vector<std::string>& kept() const noexcept { return kept_; }

 private:
  std::vector<std::string> kept_;
};

/// Apply the policy: kept fields become the draft, the rest go to draft::dropped with reasons.
[[nodiscard]] draft apply_policy(const mailto_uri& uri, const policy& p = policy::defaults());

/// parse_mailto() then apply_policy().
[[nodiscard]] result<draft> parse_draft(std::string_view uri, const parse_options& options = {},
                                        const policy& p = policy::defaults());

}  // namespace mailtokit
