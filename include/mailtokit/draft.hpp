/// The draft: what the header policy kept from a mailto URI, what it dropped and why.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mailtokit/address.hpp"

namespace mailtokit {

/// A header field kept by the policy besides To/Cc/Bcc/Subject/Body, with its canonical
/// name ("In-Reply-To", "Keywords", "References") and its decoded UTF-8 value.
struct header_field {
  std::string name;
  std::string value;
  friend bool operator==(const header_field&, const header_field&) = default;
};

/// A field the policy refused: decoded name and value, and a reason the user can read.
struct dropped_field {
  std::string name;
  std::string value;
  std::string reason;
  friend bool operator==(const dropped_field&, const dropped_field&) = default;
};

/// Something the user should know that did not stop processing. `code` is a stable snake_case
/// name (e.g. "invalid_utf8_replaced"); `offset` is a byte offset in the input, or npos.
struct warning {
  std::string code;
  std::string message;
  std::size_t offset = static_cast<std::size_t>(-1);
  friend bool operator==(const warning&, const warning&) = default;
};

/// A draft message. A value type: owns everything, no shared state.
struct draft {
  std::vector<address> to;
  std::vector<address> cc;
  std::vector<address> bcc;
  std::optional<std::string> subject;  ///< decoded UTF-8; nullopt when absent
  std::optional<std::string> body;     ///< decoded UTF-8, CRLF line ends; nullopt when absent
  std::vector<header_field> headers;   ///< other kept fields, in URI order
  std::optional<address> from;         ///< the user's identity, set by the application (never by a URI)
  std::vector<dropped_field> dropped;
  std::vector<warning> warnings;
};

}  // namespace mailtokit
