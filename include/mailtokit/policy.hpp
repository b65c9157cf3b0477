/// @file
/// The header policy (RFC 6068 sections 3 and 7): what may become part of a draft, and why not.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/export.h"
#include "mailtokit/mailto.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit {

/// Which hfields a draft keeps. Default: to, cc, bcc, subject, body, keywords, in-reply-to,
/// references. Applications may keep more or fewer names; file and resource access (attach,
/// attachment, insert, ...) can never be kept. A value type; const methods are thread-safe
/// (parse_draft() and apply_policy() use them concurrently); keep() and drop() need exclusive
/// access.
///
/// Everything not kept is dropped with a reason (RFC 6068 sections 3 and 7):
///
/// | dropped | examples | can keep() enable it? |
/// |---|---|---|
/// | file and resource access | `attach`, `Attachment`, `attachments`, `insert`, `x-attach-file`, `%61ttach`
/// (any name containing `attach`, `insert`, `file` or `include`, in any case, after decoding) | never | |
/// originator, routing, trace | `from`, `sender`, `reply-to`, `return-path`, `resent-*`, `apparently-to`,
/// `received`, `date`, `message-id`, `delivered-to`, `errors-to`, `mail-followup-to`, ... | never | | MIME |
/// `mime-version`, `content-*` | never | | HTML bodies | any name containing `html` (`html-body`,
/// `body-html`) | never | | not a field name | a decoded name with a space, `:`, a control or non-ASCII |
/// never | | read receipts, tracking | `disposition-notification-to`, `return-receipt-to`,
/// `x-confirm-reading-to`, ... | yes | | Usenet | `newsgroups`, `newshost`, `followup-to` | yes | | unknown |
/// `blat`, `x-evil` | yes |
///
/// A link's HTML never becomes HTML in a draft. A link without `body` gets the plain text of its
/// first `html-body` (else its first `html-part`) as its body, with the warning
/// "html_body_converted" (text, line breaks, link targets after their text; nothing fetched;
/// libxml2's HTML parser, no network); with a `body`, the HTML is dropped and its reason says so.
/// Unicode tag characters (U+E0000-U+E007F) are removed from the subject and other header values
/// with the warning "tag_characters_removed" (the body keeps them; preview::check() names them).
///
/// A name is decoded once: `%2561ttach` becomes the name `%61ttach`, which is not `attach`; it is
/// an unknown field, and its reason says that it was percent-encoded twice.
class policy {
 public:
  /// The default kept set.
  [[nodiscard]] MAILTOKIT_API static policy defaults();
  /// Keep `name` too (case-insensitive). Returns false, and changes nothing, for names that can
  /// never be kept (file access, originator and MIME fields).
  MAILTOKIT_API bool keep(std::string_view name);
  /// Stop keeping `name`.
  MAILTOKIT_API void drop(std::string_view name);
  /// Empty when `name` (decoded, any case) is kept; otherwise the reason it is dropped.
  [[nodiscard]] MAILTOKIT_API std::string reason_to_drop(std::string_view name) const;
  /// The kept names, lower-cased, in the order they were added.
  [[nodiscard]] const std::vector<std::string>& kept() const noexcept { return kept_; }
  /// True when `lowered_name` (already lower-case) is kept; the default names are a bit test.
  [[nodiscard]] MAILTOKIT_API bool keeps(std::string_view lowered_name) const noexcept;

 private:
  std::vector<std::string> kept_;
  std::uint32_t common_ = 0;  // bit i: the i-th default name (to, cc, ...) is kept
};

/// Apply the policy: kept fields become the draft, the rest go to draft::dropped with reasons.
/// Header values lose line breaks and controls here (see draft). Reentrant.
[[nodiscard]] MAILTOKIT_API draft apply_policy(const mailto_uri& uri, const policy& p = policy::defaults());

/// parse_mailto() then apply_policy(), in one pass: the policy is applied to each hfield as it is
/// read, without building the mailto_uri (a unit test holds the two paths equal on every test
/// vector). The entry point for one link; errors as parse_mailto(). Reentrant.
/// @code
/// auto d = mailtokit::parse_draft(uri);                  // RFC 6068 + policy::defaults()
/// if (!d) { std::cerr << mailtokit::describe(d.error()) << '\n'; return; }
/// for (const auto& a : d->to) std::cout << a.unicode() << '\n';
/// for (const auto& f : d->dropped) std::cout << f.name << ": " << f.reason << '\n';
/// @endcode
[[nodiscard]] MAILTOKIT_API result<draft> parse_draft(std::string_view uri, const parse_options& options = {},
                                                      const policy& p = policy::defaults());

/// Bulk parsing (archives, crawls, `mailtokit batch`): parse_draft() for link after link into one
/// draft that the parser owns and reuses, so that in steady state a link costs no memory
/// allocation for the strings and lists a previous link already needed. The draft of each call
/// equals parse_draft(uri, options, policy)'s. Not thread-safe: use one per thread.
class draft_parser {
 public:
  /// A parser that reads links with `options` and applies `p`.
  MAILTOKIT_API explicit draft_parser(parse_options options = {}, policy p = policy::defaults());
  /// Parse `uri` and apply the policy. On success current() is its draft; on error current()
  /// is empty. Either way the previous draft is gone.
  [[nodiscard]] MAILTOKIT_API result<void> parse(std::string_view uri);
  /// The draft of the last successful parse(); valid until the next call.
  [[nodiscard]] const draft& current() const noexcept { return draft_; }
  /// The same, to change before use (e.g. set `from`); the next parse() starts over anyway.
  [[nodiscard]] draft& current() noexcept { return draft_; }
  /// Take the draft out (the next parse() starts without its memory).
  [[nodiscard]] draft take() noexcept { return std::move(draft_); }
  /// The options links are read with.
  [[nodiscard]] const parse_options& options() const noexcept { return options_; }
  /// The policy applied to each link.
  [[nodiscard]] const mailtokit::policy& policy() const noexcept { return policy_; }

 private:
  parse_options options_;
  mailtokit::policy policy_;
  draft draft_;
  std::vector<std::string> spare_;  // buffers of earlier drafts, handed to the parser
  std::vector<std::string> spare_originals_;  // the addresses' `original` buffers, kept apart
};

}  // namespace mailtokit
