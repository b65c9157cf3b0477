/// @file
/// The draft preview (RFC 6068 section 7): what a link asks for, fully decoded, with warnings
/// for hidden recipients, bidi tricks (RFC 3987 section 4), spoofable addresses (UTS #39, ICU),
/// invisible characters and long bodies, and a display that cannot be reordered by its content.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/address.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/export.h"

/// The preview a person confirms before a draft opens (RFC 6068 section 7). Stateless functions
/// (UTS #39 checks through ICU's thread-safe spoof checker), safe from any thread.
namespace mailtokit::preview {

/// One thing the user should look at. `code` is stable snake_case: hidden_recipients,
/// bidi_control, mixed_direction, mixed_script, confusable, mixed_numbers, hidden_overlay,
/// non_ascii_local_part, invisible_character, control_character, invalid_address,
/// display_name_mismatch, address_decodes_again, display_name_separators,
/// address_compatibility_characters, spoof_check_failed (ICU could not check a text: never taken for
/// a pass), long_subject, long_body, many_lines, and what the hand-over to a mail program will
/// change (handover::changes(), handover::code_of()): handover_address_left_out,
/// handover_name_taken_off, handover_text_defused, handover_text_shortened. `field` names where: "to[0]",
/// "cc[1]", "bcc[0]", "from", "subject", "body", "header:Keywords". `message` is for people.
struct finding {
  std::string code;     ///< stable snake_case name (see above)
  std::string field;    ///< where: "to[0]", "subject", "header:Keywords", ...
  std::string message;  ///< English sentence for people
  /// Member-wise equality.
  friend bool operator==(const finding&, const finding&) = default;
};

/// When a body or subject counts as long (RFC 6068 section 7: content the user may not read).
struct thresholds {
  std::size_t body_bytes = 8192;    ///< a body longer than this is long_body
  std::size_t body_lines = 60;      ///< a body with more lines than this is many_lines
  std::size_t subject_chars = 200;  ///< a subject with more characters than this is long_subject
};

/// Every finding for a draft, in a stable order (recipients, from, subject, headers, body).
/// invisible_character names each invisible character and where it first is ("at character 3",
/// in the body "at line 2"); Unicode tag characters (U+E0000-U+E007F) are counted and the ASCII
/// text they spell is shown. Thread-safe; ASCII text never calls ICU.
[[nodiscard]] MAILTOKIT_API std::vector<finding> check(const draft& d, const thresholds& t = {});

/// The address checks alone: bidi (RFC 3987 section 4.1 and 4.2 rule 1 per local part and
/// label), UTS #39 restriction level "moderately restrictive" per local part and domain label
/// (ICU uspoof, so "admin@\u0430pple.com" with a Cyrillic a is mixed_script), confusable when
/// the UTS #39 skeleton of a non-ASCII local part or domain is ASCII ("looks like apple.com"),
/// invisible and control characters, non-ASCII local part, display name holding another address,
/// text that mail programs decode again (address_decodes_again: decodes_again()), a display name
/// holding separators (display_name_separators: name_holds_separators()), compatibility
/// characters that map to separators (address_compatibility_characters: compatibility_separators()).
[[nodiscard]] MAILTOKIT_API std::vector<finding> check_address(const address& a, std::string_view field);

/// One character of an address that is not the letter it looks like.
struct lookalike {
  std::size_t offset = 0;   ///< byte offset of the character in the text given
  std::size_t index = 0;    ///< its position in code points, from 0
  std::string character;    ///< the character (UTF-8)
  std::string script;       ///< its script's English name, as ICU names it ("Cyrillic")
  std::string script_code;  ///< its script's ISO 15924 code ("Cyrl"), for a table of names
  std::string looks_like;   ///< the ASCII text it is confusable with ("a"); empty when none
  /// Member-wise equality.
  friend bool operator==(const lookalike&, const lookalike&) = default;
};

/// The characters of `text` (an address, a local part, a domain or one label) a person could
/// take for others: each non-ASCII character whose UTS #39 section 4 skeleton is ASCII (the
/// Cyrillic "\u0430" of "admin@\u0430pple.com" looks like "a"), and, in an identifier (local part
/// or domain label) that fails the UTS #39 section 5.2 restriction level "moderately
/// restrictive", each non-ASCII letter whose script (UTS #39 section 5.1, ICU uscript) is not the
/// one most of its letters have (Latin on a tie). ASCII is never reported: it is the letter it
/// looks like. In text order; empty for ASCII text. Thread-safe.
/// lookalikes("admin@\u0430pple.com") gives one: offset 6, index 6, "\u0430", "Cyrillic",
/// "Cyrl", "a".
[[nodiscard]] MAILTOKIT_API std::vector<lookalike> lookalikes(std::string_view text);

/// `text` with every bidi formatting character, default-ignorable or format (Cf) character,
/// C0/C1 control, DEL and line or paragraph separator (U+2028, U+2029: every mandatory line break
/// of UAX #14 is a control or one of these) replaced by a visible "<U+XXXX>" (tab and, when
/// `keep_newlines`, CR and LF stay) and each invalid UTF-8 byte by "<0xNN>": nothing in the
/// result is invisible, and nothing in it breaks a line but CR and LF kept on purpose. A
/// non-spacing or enclosing mark after three in a row is shown the same way: dozens stacked on one
/// letter ("Zalgo" text) are drawn over the neighbouring lines.
/// visible("a\u202Eb") == "a<U+202E>b".
[[nodiscard]] MAILTOKIT_API std::string visible(std::string_view text, bool keep_newlines = false);

/// visible(text) inside a Unicode isolate (UAX #9 section 2.7), so it cannot reorder what is
/// around it: LRI ... PDI for an address (its parts read left to right), FSI ... PDI otherwise.
[[nodiscard]] MAILTOKIT_API std::string isolate(std::string_view text, bool address = false);

/// The text report of `mailtokit preview`: each field decoded and isolated, addresses in Unicode
/// and ASCII forms, hidden recipients called out, dropped fields with reasons, parser warnings
/// and findings. At most `max_body_lines` body lines are shown; the count of the rest is given.
[[nodiscard]] MAILTOKIT_API std::string render_text(const draft& d, const std::vector<finding>& findings,
                                                    std::size_t max_body_lines = 500);

/// json::append_draft()'s object with one more key, "findings": [{"code","field","message"}].
[[nodiscard]] MAILTOKIT_API std::string render_json(const draft& d, const std::vector<finding>& findings);

}  // namespace mailtokit::preview
