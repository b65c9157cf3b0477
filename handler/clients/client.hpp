/// The mail programs mailtokit knows: one file each in handler/clients/ (its names and desktop
/// entry ids, how it takes a draft, what it loses, its quirks with their sources), which makes
/// its descriptor known itself (a `registration`). Adding a program is its file and its test
/// (tests/clients/<name>_test.py): no list, enum or switch elsewhere names the programs
/// (handler/clients/README.md, "Adding a mail program").
#pragma once

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
/// the defaults below).
struct client {
  std::string_view name;   ///< configuration name (`target = NAME`), unique
  std::string_view label;  ///< what people call it
  /// Where it comes in all(), the order the fallback tries programs (graphical ones first: a
  /// browser has no terminal) and lists name them in; unique.
  int rank = 0;
  std::vector<std::string_view> entry_ids;  ///< desktop file ids: Debian's, Flathub's (the app id), Snap's
  std::vector<std::string_view> programs;   ///< program names in Exec (basename, Snap's /snap/bin/NAME, Flatpak's --command=NAME)
  bool terminal = false;                    ///< runs in a terminal
  /// The hand-over. Errors: spawn_failed when an input is missing, invalid_address when the
  /// program would read an address as something else (KMail).
  errors::result<handover> (*hand)(const inputs&) = nullptr;
  /// Appends what the program will not show as the draft holds it, one sentence each (told to
  /// the user before the draft opens). nullptr: it shows everything.
  void (*losses)(const draft&, std::vector<std::string>& out) = nullptr;
  std::string_view notes;  ///< its quirks and where they were found, for `mailtokit targets` (English, marked N_(), shown through tr())
  /// Started directly (not through a desktop entry): the option before the hand-over ("-url" for
  /// alpine, whose entries say `alpine -url %u`); empty for none.
  std::string_view direct_option = {};
  /// Adds files to the hand-over the program's own way (absolute paths of private copies, see
  /// attachments::copy_for_handover), never as text it re-parses; `d` is the draft the hand-over
  /// was built from (Thunderbird rebuilds its whole hand-over from it); nullptr: the program
  /// cannot be given files by another program (the user is told, nothing is attached).
  void (*attach)(handover& h, const draft& d, const std::vector<std::string>& files) = nullptr;
  /// Appends what the program loses only when it is given files (its way of taking them carries
  /// fewer fields than the plain hand-over), one sentence each; nullptr: nothing more.
  void (*losses_with_files)(const draft&, std::vector<std::string>& out) = nullptr;
  /// Other names `target =` takes for it ("claws"); unique among all names.
  std::vector<std::string_view> aliases = {};
  /// Its hand-over is built from the clean link (inputs::uri must be one); false: from the draft
  /// alone (KMail's options, aerc's link with the To list decoded).
  bool from_link = true;
  /// How it gets the draft, for `mailtokit targets`, when its hand-over is not the plain link and
  /// "its own options in place of the link" would be wrong (English, marked N_()); empty: that.
  std::string_view gets = {};
  /// A running instance reads a link from its socket into a line of fixed size (Claws Mail,
  /// Sylpheed): whether `link`, in dispatch::claws_uri() form, fits; a link that does not is
  /// refused before anything starts (open_link/plan.cpp). nullptr: no such limit.
  bool (*socket_fits)(std::string_view link) noexcept = nullptr;
  /// With socket_fits: the body may go in a private file (inputs::body_file) when the link does
  /// not fit, and inputs::uri is then the link in socket form without it (Claws Mail's --insert).
  bool body_file = false;
  /// Why it was not started when its hand-over failed with invalid_address: {0} is the number of
  /// the To address (English, marked N_()); empty: the plain failure.
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

/// The plain hand-over: the clean URI, as the desktop gives it.
[[nodiscard]] errors::result<handover> uri_only(const inputs& in);

}  // namespace mailtokit::clients
