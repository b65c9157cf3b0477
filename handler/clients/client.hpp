/// The mail programs mailtokit knows: one file each in handler/clients/ (its names and desktop
/// entry ids, how it takes a draft, what it loses, its quirks with their sources), which makes
/// its descriptor known itself (a `registration`). Adding a program is its file and its test
/// (tests/clients/<name>_test.py): no list, enum or switch elsewhere names the programs
/// (handler/clients/README.md, "Adding a mail program").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/draft.hpp"
#include "mailtokit/result.hpp"
#include "base/errors.hpp"
#include "clients/dispatch.hpp"

namespace mailtokit::clients {

using dispatch::target;

/// What a client's hand-over is built from.
struct inputs {
  const draft* d = nullptr;    ///< the draft (never null)
  std::string_view uri;        ///< the clean URI from build_mailto(), hardened (dispatch::harden_uri)
  std::string_view body_file;  ///< Claws Mail: absolute path of the body file, when the body does not fit its socket line
};

/// How the draft reaches the program: the arguments that stand where its desktop entry has its
/// URI field code (%u or %U), or after the program's name when it is started directly. When
/// `is_uri` the only argument is one mailto: URI, so the entry can be started exactly as the
/// desktop starts it (D-Bus activation included); otherwise they are the program's own options.
struct handover {
  std::vector<std::string> args;
  bool is_uri = true;
};

/// One mail program, written in its file with designated initializers (the fields left out keep
/// the defaults below), a line for each group: who it is; how it is found; how it gets a draft;
/// what it loses; its words.
struct client {
  // Who it is.
  std::string_view name;   ///< configuration name (`target = NAME`), unique
  std::string_view label;  ///< what people call it
  /// Where it comes in all(), the order the fallback tries programs (graphical ones first: a
  /// browser has no terminal) and lists name them in; unique.
  int rank = 0;
  /// Other names `target =` takes for it ("claws"); unique among all names.
  std::vector<std::string_view> aliases = {};

  // How it is found.
  std::vector<std::string_view> entry_ids;  ///< desktop file ids: Debian's, Flathub's (the app id), Snap's
  /// Program names in Exec (basename, Snap's /snap/bin/NAME, Flatpak's --command=NAME); the first
  /// is the one started directly. They are also the process names of handler/attach/provenance.
  std::vector<std::string_view> programs;
  bool terminal = false;  ///< runs in a terminal
  /// The Debian 12 package that installs it: its test drives the real program, so .ci/install-deps
  /// installs it (tests/handler/clients/client_test.cpp compares).
  std::string_view package = {};

  // How it gets a draft.
  /// The hand-over. Errors: spawn_failed when an input is missing, invalid_address when the
  /// program would read an address as something else (KMail).
  errors::result<handover> (*hand)(const inputs&) = nullptr;
  /// Its hand-over is built from the clean link (inputs::uri must be one); false: from the draft
  /// alone (KMail's options, aerc's link with the To list decoded).
  bool from_link = true;
  /// Started directly (not through a desktop entry): the option before the hand-over ("-url" for
  /// alpine, whose entries say `alpine -url %u`); empty for none.
  std::string_view direct_option = {};
  /// Adds files to the hand-over the program's own way (absolute paths of private copies, see
  /// attachments::copy_for_handover), never as text it re-parses; `d` is the draft the hand-over
  /// was built from (Thunderbird rebuilds its whole hand-over from it); nullptr: the program
  /// cannot be given files by another program (the user is told, nothing is attached).
  void (*attach)(handover& h, const draft& d, const std::vector<std::string>& files) = nullptr;
  /// A running instance reads a link from its socket into a line of fixed size (Claws Mail,
  /// Sylpheed): whether `link`, in dispatch::claws_uri() form, fits; a link that does not is
  /// refused before anything starts (open_link/plan.cpp). nullptr: no such limit.
  bool (*socket_fits)(std::string_view link) noexcept = nullptr;
  /// With socket_fits: the body may go in a private file (inputs::body_file) when the link does
  /// not fit, and inputs::uri is then the link in socket form without it (Claws Mail's --insert).
  bool body_file = false;

  // What it loses (losses_of(): bcc_lost, only_fields, spaces_changed, then losses).
  /// Said when the draft has a Bcc, which it does not read (English, marked N_()); empty: it reads Bcc.
  std::string_view bcc_lost = {};
  /// It reads no header field of the draft's others (draft::headers) but these (lower case): each
  /// other one is said lost ("it does not read that field from a link"). No value: it reads them all.
  std::optional<std::vector<std::string_view>> only_fields = std::nullopt;
  /// Said when a line of the body starts with a space, or (with doubled_spaces) two spaces stand
  /// together: spaces its composer changes (English, marked N_()); empty: it keeps them.
  std::string_view spaces_changed = {};
  bool doubled_spaces = false;
  /// Appends what else the program will not show as the draft holds it, one sentence each (told
  /// to the user before the draft opens). nullptr: nothing else.
  void (*losses)(const draft&, std::vector<std::string>& out) = nullptr;
  /// Appends what the program loses only when it is given files (its way of taking them carries
  /// fewer fields than the plain hand-over), one sentence each; nullptr: nothing more.
  void (*losses_with_files)(const draft&, std::vector<std::string>& out) = nullptr;

  // Its words (English, marked N_(), shown through tr()).
  std::string_view notes;  ///< its quirks and where they were found, for `mailtokit targets`
  /// How it gets the draft, for `mailtokit targets`, when its hand-over is not the plain link and
  /// "its own options in place of the link" would be wrong; empty: that.
  std::string_view gets = {};
  /// Why it was not started when its hand-over failed with invalid_address: {0} is the number of
  /// the To address; empty: the plain failure.
  std::string_view address_refused = {};

  /// Its target (dispatch::target): its name.
  [[nodiscard]] target id() const noexcept { return target{name}; }
};

/// Makes a program known: its file holds one, at namespace scope, for each program it describes
/// (`const registration mutt{{.name = "mutt", ...}};`), made before main() runs, which is why
/// all() must not be read before then (a registration after that aborts: it would be missed).
/// Its descriptor lives in it, where all() points.
class registration {
 public:
  explicit registration(client c);
  registration(const registration&) = delete;
  registration& operator=(const registration&) = delete;

 private:
  client c_;
};

/// Every known program, by rank (client::rank: the order the fallback tries them).
[[nodiscard]] const std::vector<const client*>& all();
/// Every program's name, by rank, joined with ", ": the list in texts people read (`open --help`).
[[nodiscard]] std::string list_of_names();
/// The program with this target (its name), or nullptr (webmail, eml, custom, desktop are not
/// programs).
[[nodiscard]] const client* by_target(target t) noexcept;
/// The program a desktop entry starts, recognized by its entry id, else by the program its Exec
/// runs, looking through the Flatpak (`flatpak run ... APP-ID`, `--command=NAME`), Snap
/// (/snap/bin/NAME) and `env` launchers. nullptr for an unknown program.
[[nodiscard]] const client* recognize(std::string_view entry_id, const std::vector<std::string>& exec_argv);

/// For programs that read `attach=` from a link they are given (Evolution, Geary): one
/// `attach=PATH` field per file appended to the URI, every byte but unreserved ones
/// percent-encoded (so the URI stays in dispatch::desktop_safe_uri() form).
void attach_in_uri(handover& h, const draft& d, const std::vector<std::string>& files);

/// What `c` will not show of `d`, in words, one sentence each (its bcc_lost, only_fields,
/// spaces_changed, then its losses function).
[[nodiscard]] std::vector<std::string> losses_of(const client& c, const draft& d);

/// The plain hand-over: the clean URI, as the desktop gives it.
[[nodiscard]] errors::result<handover> uri_only(const inputs& in);

}  // namespace mailtokit::clients
