/// Handing a clean draft to a mail client: the targets, their argv and the hand-over's URI forms
/// (hardened, desktop-safe, webmail compose URLs).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/result.hpp"
#include "base/errors.hpp"

namespace mailtokit::dispatch {

/// Where a draft goes, by its configuration name: a known mail program (the name its own file in
/// handler/clients/ gives it, clients::client::name), a webmail in the user's browser (`webmail`:
/// one of clients/webmail.hpp's services), the draft file opened by the desktop (`eml`), the
/// configured `command` (`custom`), or a desktop entry (`desktop`: `target = desktop:ID`, or the
/// program the user chose on the desktop; see handler/open_link/choose.hpp). A name, not a list of
/// every program, so that a program is added by its file alone; `name` views a string that lives
/// as long as the program (a descriptor's name, a literal).
struct target {
  std::string_view name;
  friend constexpr bool operator==(target, target) noexcept = default;
  static const target webmail, eml, custom, desktop;
};
inline constexpr target target::webmail{"webmail"};
inline constexpr target target::eml{"eml"};
inline constexpr target target::custom{"custom"};
inline constexpr target target::desktop{"desktop"};

/// The configuration name of a target ("claws-mail", "neomutt", "webmail", ...).
[[nodiscard]] std::string_view to_name(target t) noexcept;
/// The target named `name` (case-sensitive, as listed by to_name(), or a program's alias such as
/// "claws" for "claws-mail"; a webmail service's name, such as "gmail" or "roundcube", is
/// target::webmail). A program's target views its descriptor's name, never `name`.
[[nodiscard]] std::optional<target> parse_target(std::string_view name) noexcept;

/// What a target needs to be given.
[[nodiscard]] bool needs_uri(target t) noexcept;         ///< the clean mailto URI
[[nodiscard]] bool needs_draft_file(target t) noexcept;  ///< the composed draft file (eml)
[[nodiscard]] bool needs_terminal(target t) noexcept;    ///< runs inside a terminal emulator
/// The program whose presence means the target is installed ("xdg-open" for eml; none for a
/// webmail, which opens in the desktop's browser).
[[nodiscard]] std::string_view program(target t) noexcept;

/// The clean URI as it is passed to clients: '+' written as %2B (Claws Mail and other
/// application/x-www-form-urlencoded style decoders read '+' as a space) and a final '.' before
/// "eml", "ics", "vcf", "msf", "mozeml" or "wdseml" written as %2E (Thunderbird opens an argument
/// ending so as a file, MessengerContentHandler; with .msf it reads the named file as a mail
/// folder summary). Both spellings decode to the same octets (RFC 3986 2.1).
[[nodiscard]] std::string harden_uri(std::string_view clean_uri);

/// The URI as handed to a desktop entry or a custom command: after "mailto:", every byte but
/// letters, digits, "-._~", "@", ",", "?", "&", "=" and the '%' of an escape percent-encoded, so
/// that it means nothing to a shell, a Lisp reader or a quote-splitting launcher (an entry that
/// wrapped %u in `sh -c "..."` let a link run commands: CVE-2023-27985, CVE-2023-27986). The same
/// octets as `uri` once decoded (RFC 6068: any octet of a mailto URI may be percent-encoded).
[[nodiscard]] std::string desktop_safe_uri(std::string_view uri);
/// True when `uri` holds only what desktop_safe_uri() leaves.
[[nodiscard]] bool is_desktop_safe(std::string_view uri) noexcept;


/// Inputs of client_argv(). Views must outlive the call.
struct argv_inputs {
  std::string_view uri;         ///< the clean URI from build_mailto() (ASCII form), hardened inside
  std::string_view draft_file;  ///< absolute path of the composed draft (eml)
  std::string_view body_file;   ///< claws-mail: absolute path of the body (claws_body_text), the URI without it
  const draft* d = nullptr;     ///< the draft (kmail options, aerc's To)
  std::vector<std::string> terminal;  ///< terminal prefix for neomutt/mutt/aerc, e.g. {"xterm", "-e"}
  std::string_view program;     ///< the client program to run (default: program(t))
  /// Files the user chose to attach (absolute paths of private copies); a program without a way
  /// to take files gets spawn_failed (callers check clients::client::attach first).
  std::vector<std::string> attachments;
};

/// The argv for a built-in target started directly (not `custom` or `desktop`): the program and
/// its hand-over (handler/clients/<name>.cpp), after the terminal prefix for a terminal program;
/// or the draft file for xdg-open (a webmail opens in the browser: open_link/prepare.cpp). Every argument taken from the link is one argv
/// element that cannot start with '-'. Errors: spawn_failed when an input the target needs is
/// missing, invalid_address when kmail would read an address as a URL (or an option).
[[nodiscard]] errors::result<std::vector<std::string>> client_argv(target t, const argv_inputs& in);

/// The URI for Claws Mail: the clean, hardened URI, except that when a To address has a display
/// name the To list goes in the address part as RFC 5322 text, percent-encoded ("Doe, Jane"
/// <jane@example.org>), since Claws Mail reads the address part as its To text and ignores a
/// `to=` field in the query (tested with the real Claws Mail 4.1).
[[nodiscard]] std::string claws_uri(const draft& d);
/// Whether a running Claws Mail receives the clean URI whole: it reads "compose <uri>" from
/// its socket into an 8192-byte line buffer (BUFFSIZE, lock_socket_input_cb) and drops the rest.
[[nodiscard]] bool claws_link_fits(std::string_view hardened_uri) noexcept;
/// Whether a running Sylpheed receives the link whole: it reads "compose <link>" (or, with files,
/// "compose_attach <link>", whose following lines it takes as paths to attach) into an 8191-byte
/// line (fd_gets, lock_socket_input_cb).
[[nodiscard]] bool sylpheed_link_fits(std::string_view link) noexcept;
/// The body as the file handed to Claws Mail with --insert (which inserts it as text): UTF-8,
/// CRLF written as LF.
[[nodiscard]] std::string claws_body_text(std::string_view body);

/// What target `t` will not show as the draft holds it, one sentence each ("aerc: this client
/// loses Keywords (...)"), for the user to be told before the draft opens: the program's own
/// list (handler/clients/; a webmail's are its service's, clients/webmail.hpp). Empty when the
/// target shows everything.
[[nodiscard]] std::vector<std::string> client_losses(target t, const draft& d);

/// The built-in targets as one JSON object, for `mailtokit targets --json` (what scripts and the
/// tests read instead of a list of their own): "programs", every mail program by rank, each with
/// "name", "label", "aliases", "programs" (the names it runs as, the first started directly),
/// "terminal", "package" (its Debian package) and "path" (where that first program is in PATH, or
/// null); "webmails", every service with "name", "title" and "kind" ("hosted", "self_hosted",
/// "any"); "others": eml, custom, desktop.
[[nodiscard]] std::string targets_json();

}  // namespace mailtokit::dispatch
