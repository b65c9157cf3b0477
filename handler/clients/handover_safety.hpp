/// What a mail program reads from what mailtokit hands it is the draft the user saw. Programs
/// decode a hand-over more than mailtokit does (handler/clients/README.md: Thunderbird decodes an
/// address part twice and RFC 2047 words anywhere in a To string, quotes or not; Evolution decodes
/// an encoded word that is a whole addr-spec), so the hand-over is built for the worst such
/// reader: a recipient whose text that reader would turn into other addresses is left out, and a
/// display name it would turn into one is left off, before anything opens, and the user is told.
/// worst_reader is that reader, written down, for the tests and the fuzz target to check every
/// hand-over against.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"

namespace mailtokit::clients {

/// Makes `d` safe to hand to any program: leaves out each To, Cc and Bcc address whose local part
/// or domain decodes_again() (a percent escape, an encoded word) or that the worst reader splits
/// or reads as another address (a quoted local part holding ',' or '<'), and takes off a display
/// name that decodes again or that the worst reader reads an address out of, other than its own. Returns one sentence per change,
/// in the user's language, to be shown before the draft opens; empty when nothing changed.
[[nodiscard]] std::vector<std::string> make_handover_safe(draft& d);

/// The worst reader of a hand-over: what the least careful mail program makes of a text it is
/// given, decoding everything it can, as often as it can.
namespace worst_reader {

/// Percent-decodes `s` again and again until nothing changes (at most 16 rounds).
[[nodiscard]] std::string percent_fixpoint(std::string_view s);
/// Decodes every RFC 2047 encoded word (`=?charset?B|Q?text?=`) wherever it stands: inside a
/// quoted string, glued to other text, in a local part or a domain. A word it cannot decode stays.
[[nodiscard]] std::string decode_words_anywhere(std::string_view s);
/// percent_fixpoint() and decode_words_anywhere() in turn until nothing changes (at most 16 rounds).
[[nodiscard]] std::string decode_all(std::string_view s);
/// An address as the worst reader compares it: lower-cased, without '"', trimmed of white space.
[[nodiscard]] std::string normalized(std::string_view address);
/// Every form of `a` a hand-over may spell (Unicode, ASCII, a UTF-8 local part at an A-label
/// domain; the text as read when it is not valid), each normalized(): what the worst reader may
/// find for it.
[[nodiscard]] std::vector<std::string> own_forms(const address& a);
/// The addresses the worst reader finds in an address-list text: decode_all(), then every ',' and
/// ';' splits, inside quotes or not; each entry's address is the text in its last "<...>", else
/// the entry; entries without '@' are no addresses. Each normalized().
[[nodiscard]] std::vector<std::string> addresses(std::string_view list_text);
/// The recipients the worst reader finds in a mailto: URI: the address part and the to, cc and bcc
/// fields (names matched after decode_all(), any case), each read by addresses(). The URI is split
/// at its raw '?' and '&' first, as every program does.
[[nodiscard]] std::vector<std::string> uri_recipients(std::string_view uri);
/// The recipients the worst reader finds in a program's arguments (a hand-over, after the
/// program's name): every mailto: URI (uri_recipients()), KMail's --to=, --cc= and --bcc= and the
/// To addresses after "--", and the to, cc and bcc keys of Thunderbird's -compose spec.
[[nodiscard]] std::vector<std::string> recipients(const std::vector<std::string>& args);

}  // namespace worst_reader

}  // namespace mailtokit::clients
