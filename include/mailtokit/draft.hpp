/// @file
/// The draft: what the header policy kept from a mailto URI, what it dropped and why.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "mailtokit/address.hpp"
#include "mailtokit/warning.hpp"

namespace mailtokit {

/// A header field kept by the policy besides To/Cc/Bcc/Subject/Body, with its canonical
/// name ("In-Reply-To", "Keywords", "References") and its decoded UTF-8 value.
struct header_field {
  std::string name;   ///< canonical name, e.g. "In-Reply-To"
  std::string value;  ///< decoded UTF-8, no line breaks or controls
  /// Member-wise equality.
  friend bool operator==(const header_field&, const header_field&) = default;
};

/// A field the policy refused: decoded name and value, and a reason the user can read.
/// read_message() also lists the MIME parts it did not take as the body here ("MIME attachment",
/// "MIME part": names with a space, so never a field's).
struct dropped_field {
  std::string name;    ///< decoded name as the link wrote it (any case)
  std::string value;   ///< decoded value
  std::string reason;  ///< why it was dropped, for people (policy::reason_to_drop())
  /// Member-wise equality.
  friend bool operator==(const dropped_field&, const dropped_field&) = default;
};

/// A file the application attaches to a draft; compose() writes it as a MIME part. The library
/// never reads files: the application supplies the bytes (the program reads them through the
/// descriptor of the file the user was shown). Never filled in from a link.
struct attachment {
  std::string filename;      ///< UTF-8 name without folder ("Bericht.pdf"); empty: none given
  std::string content_type;  ///< "type/subtype" (RFC 2045 tokens); empty: application/octet-stream
  std::string data;          ///< the file's bytes, any of the 256 values
  /// Member-wise equality.
  friend bool operator==(const attachment&, const attachment&) = default;
};

/// A draft message. A value type: owns everything, no shared state.
///
/// What a link fills in (RFC 6068 section 2, through parse_draft()): the to part and every `to`,
/// `cc` and `bcc` field accumulate in order; a repeated `subject` (and `in-reply-to`,
/// `references`): the last wins, with a warning; repeated `body` values are joined with CRLF;
/// `keywords` may repeat. No header value ever holds CR, LF, NUL or another C0/C1 control, U+2028
/// or U+2029: a line break followed by white space is unfolded (RFC 5322 section 2.2.3), any other
/// line break becomes one space, TAB a space, other controls are removed (warning
/// `header_controls_removed`); display names also lose bidi controls. The body keeps its text:
/// bare CR or LF become CRLF (RFC 6068 section 5), C0 controls other than TAB, CR and LF, DEL and
/// C1 controls are removed, encoded words are not decoded.
struct draft {
  std::vector<address> to;   ///< To recipients, in link order (the to part first)
  std::vector<address> cc;   ///< Cc recipients
  std::vector<address> bcc;  ///< Bcc recipients (a draft keeps them; the preview calls them out)
  std::optional<std::string> subject;  ///< decoded UTF-8; nullopt when absent
  std::optional<std::string> body;     ///< decoded UTF-8, CRLF line ends; nullopt when absent
  std::vector<header_field> headers;   ///< other kept fields, in URI order
  std::optional<address> from;         ///< the user's identity, set by the application (never by a URI)
  std::vector<dropped_field> dropped;  ///< what the policy refused, with reasons, in link order
  std::vector<warning> warnings;      ///< repairs and other things the user should know (at most limits::max_warnings and a last warnings_truncated)
  std::vector<attachment> attachments;  ///< files set by the application (never by a URI), in order
};

}  // namespace mailtokit
