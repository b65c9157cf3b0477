// Internal: where the mailto parser puts what it reads. parse_mailto() collects every hfield in a
// mailto_uri; parse_draft() applies the policy to each hfield as soon as it is read, so that no
// list of hfields is built, moved and destroyed per link (the bulk path).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/result.hpp"

namespace mailtokit::detail {

class mailto_sink {
 public:
  mailto_sink(std::vector<address>& to_list, std::vector<warning>& warning_list) noexcept
      : to(to_list), warnings(warning_list) {}
  mailto_sink(const mailto_sink&) = delete;
  mailto_sink& operator=(const mailto_sink&) = delete;
  virtual ~mailto_sink() = default;
  /// The number of '&' in the query: an upper bound of the hfields to come, minus one.
  virtual void expect(std::size_t /*hfields*/) {}
  /// One parsed hfield, in URI order; the sink may take its strings.
  virtual void field(hfield& f) = 0;
  /// Forget everything given so far (to, warnings, fields): the parser reads the link again.
  virtual void reset() = 0;
  /// Take a string to decode into into `s` (whose content does not matter), perhaps one with the
  /// capacity of an earlier link's string (from `spare`, when the sink has one).
  void buffer(std::string& s) {
    if (spare != nullptr && !spare->empty()) {
      s.swap(spare->back());
      spare->pop_back();
    }
  }

  /// Set before each field(): true when the value is certainly clean for its kind (a body for
  /// "body", header text otherwise), so clean_body_text()/clean_header_text() may be skipped.
  bool value_clean = false;
  std::vector<std::string>* spare = nullptr;  ///< heap buffers of earlier links, for buffer()
  /// The `original` buffers of earlier links' addresses, apart from `spare`: a long list takes
  /// back as many as it gave, and short lines between two long ones do not use them up.
  std::vector<std::string>* spare_originals = nullptr;
  std::vector<address>& to;        ///< the addresses of the path
  std::vector<warning>& warnings;  ///< the parser's warnings, in the order it finds them
};

/// parse_mailto()'s work, with the hfields given to `sink` one by one.
result<void> parse_mailto_into(std::string_view uri, const parse_options& options, mailto_sink& sink);
/// The same with a given implementation of the URI scan (tests run every one).
struct uri_scanner;
result<void> parse_mailto_into(std::string_view uri, const parse_options& options, mailto_sink& sink,
                               const uri_scanner& scan);

}  // namespace mailtokit::detail
