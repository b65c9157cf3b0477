/// What a mail program or a webmail reads from what mailtokit hands it is the draft the user saw,
/// by construction: every recipient is handed over in one canonical form made from the parsed
/// draft (a plain local part, '@', the A-label domain), and a display name only when it is plain
/// text (handover::plain_name()). Programs decode a hand-over more than mailtokit does, each its
/// own way (handler/clients/README.md, WEBMAIL.md: percent escapes twice, RFC 2047 words
/// anywhere, HTML character references, IDNA mapping of fullwidth forms, group syntax, backslash
/// quoting, commas inside quotes); plain text is text none of them changes, so no list of
/// decoders has to be complete. What is not plain is left out before anything opens, and said.
/// worst_reader is every decoder seen so far, applied until nothing changes: the proof the tests
/// and the fuzz target hold every hand-over to, not the defence.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"

namespace mailtokit::clients {

/// Makes `d` the canonical hand-over (handover::make_safe(), the one home of its rules) and
/// returns one sentence per change, in the user's language, to be shown before the draft opens;
/// empty when nothing changed. Idempotent.
[[nodiscard]] std::vector<std::string> make_handover_safe(draft& d);

/// The worst reader of a hand-over: every decoder a mail program or webmail was seen to apply, in
/// turn and until nothing changes, then address lists split at every separator.
namespace worst_reader {

/// Percent-decodes `s` again and again until nothing changes (at most 16 rounds).
[[nodiscard]] std::string percent_fixpoint(std::string_view s);
/// Decodes HTML character references (HTML section 13.2.5.72): decimal "&#64", hexadecimal
/// "&#x40" and the named ones that stand for ASCII punctuation or spaces ("&commat", "&lt",
/// "&comma", ...), each with or without its ';', as Roundcube's compose page does to a name.
[[nodiscard]] std::string html_references(std::string_view s);
/// Decodes every RFC 2047 encoded word (`=?charset?B|Q?text?=`) wherever it stands: inside a
/// quoted string, glued to other text, in a local part or a domain. A word it cannot decode stays.
[[nodiscard]] std::string decode_words_anywhere(std::string_view s);
/// Takes every backslash as the quoting of the character after it ("\\x" becomes "x").
[[nodiscard]] std::string unbackslash(std::string_view s);
/// percent_fixpoint(), html_references(), decode_words_anywhere(), unbackslash() and NFKC with
/// case folding (charset::nfkc_casefold(): NFKC and UTS #46 mapping without STD3 rules) in turn
/// until nothing changes (at most 16 rounds).
[[nodiscard]] std::string decode_all(std::string_view s);
/// An address as the worst reader compares it: without '"', trimmed of white space, with NFKC and
/// case folding (charset::nfkc_casefold()).
[[nodiscard]] std::string normalized(std::string_view address);
/// Every form of `a` a hand-over may spell (Unicode, ASCII, a UTF-8 local part at an A-label
/// domain; the text as read when it is not valid), each normalized(), never decoded: what the
/// worst reader may find for it.
[[nodiscard]] std::vector<std::string> own_forms(const address& a);
/// The addresses the worst reader finds in an address-list text: decode_all(), then every ',',
/// ';' and ':' (group syntax) splits, inside quotes or not; each entry's address is the text in
/// its last "<...>", else the entry; entries without '@' are no addresses. Each normalized().
[[nodiscard]] std::vector<std::string> addresses(std::string_view list_text);
/// The recipients the worst reader finds in a mailto: URI: the address part and the to, cc and bcc
/// fields (names matched after decode_all(), any case), each read by addresses(). The URI is split
/// at its raw '?' and '&' first, as every program does.
[[nodiscard]] std::vector<std::string> uri_recipients(std::string_view uri);
/// The recipients the worst reader finds in a webmail's compose link: in every query or fragment
/// parameter (split at '?', '#', '&', ';'), a value that is a mailto: URI once or twice decoded
/// where a service takes one (a parameter named url, uri, to, mailto, ct or link, or none:
/// Gmail's url=, Roundcube's _to=, Proton's #mailto=, SOGo's nameless one) read by
/// uri_recipients(), else a value of a parameter named to, cc or bcc (decoded, without leading
/// '_') read by addresses(). A subject that reads "mailto:..." is no recipient.
[[nodiscard]] std::vector<std::string> url_recipients(std::string_view url);
/// The recipients the worst reader finds in a message file: the To, Cc and Bcc fields of its
/// header (unfolded), each read by addresses().
[[nodiscard]] std::vector<std::string> message_recipients(std::string_view message);
/// The recipients the worst reader finds in a program's arguments (a hand-over, after the
/// program's name): every mailto: URI (uri_recipients()), KMail's --to=, --cc= and --bcc= and the
/// To addresses after "--", and the to, cc and bcc keys of Thunderbird's -compose spec.
[[nodiscard]] std::vector<std::string> recipients(const std::vector<std::string>& args);

}  // namespace worst_reader

}  // namespace mailtokit::clients
