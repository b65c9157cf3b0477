/// Files a send-by-email request asks to attach (`xdg-email --attach`, the Email portal's
/// `attachment=`): which may be offered to the user at all, and the descriptor that makes the
/// file sent the file shown.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/result.hpp"
#include "base/errors.hpp"

namespace mailtokit::attachments {

/// Why a requested file is never attached, whatever the user answers. The code names are stable
/// (JSON, `inspect`); the text for people is vetted_file::refusal_text.
enum class refusal {
  none,                ///< allowed: may be offered to the user
  not_a_local_file,    ///< not an absolute path or a file:// URI of this machine (relative, http:, another
                       ///< host)
  not_found,           ///< nothing at that path (or a dangling symbolic link)
  directory,           ///< a folder
  not_regular_file,    ///< a device, pipe, socket or other special file
  unreadable,          ///< the user may not read it (or may not enter a folder on its way)
  hidden,              ///< the resolved path has a component starting with '.' (outside the home directory)
  hidden_home_folder,  ///< under a hidden folder of the home directory (~/.ssh, ~/.gnupg, ~/.mozilla, ...)
  system_place,        ///< under /etc, /proc, /sys, /dev, /run, /var or /boot (or named through one)
  too_big,             ///< over vet_context::max_size
  changed,             ///< the file changed or was swapped while it was being looked at or since
  credential,          ///< a file of credentials that lets others act as the user (a Kerberos ticket cache, an
                       ///< X authority file, a keyring), wherever it lives (credential_file())
  duplicate,           ///< the same file (device and inode) as one asked for before: offered once
  over_limit,          ///< past vet_context::max_files files or max_total bytes offered together
  outside_user_places, ///< in none of the places files are sent from (allowed_place()): /tmp, /opt, /srv, ...
};

/// The stable snake_case name of `r` ("hidden_home_folder").
[[nodiscard]] std::string_view code(refusal r) noexcept;

/// Largest file attached by default: 25 MB in SI units (25,000,000 bytes), as the desktop shows
/// sizes (g_format_size) and as the large mail services state their limit.
inline constexpr std::uint64_t default_max_size = 25ULL * 1000 * 1000;

/// The system folders, named in the words a refused file gets (a file there is in none of the
/// allowed places), and judged, lexically normalized, on the path as written: /proc/self/cwd/x
/// names a file in the home folder (the handler's working folder) without knowing the user's
/// name, and is refused for /proc.
inline constexpr std::string_view system_places[] = {"/etc", "/proc", "/sys", "/dev",
                                                     "/run", "/var",  "/boot"};

/// Where removable media are mounted (udisks2: /media/USER on Debian, /run/media/USER elsewhere).
inline constexpr std::string_view removable_media[] = {"/media", "/run/media"};

/// True when a file's path names credentials that let others act as the user, outside the places
/// above (a credential in a hidden folder is refused as such already): a Kerberos ticket cache
/// (MIT's default FILE:/tmp/krb5cc_UID, and krb5cc_* elsewhere), an X authority file (xauth*,
/// Xauthority, serverauth.*: what sshd's X11 forwarding, startx and display managers write), or
/// anything inside the folders ssh-agent, gpg-agent, GNOME Keyring and KDE Wallet make under /tmp
/// (ssh-*, gpg-*, keyring-*, kwallet*). Names are compared without regard to case.
[[nodiscard]] bool credential_file(std::string_view resolved_path) noexcept;

/// The most files one request may have offered (`attach_max_files`, 1 to 12): the question shows
/// every file it offers, name, folder, size and type, and zenity cannot scroll; twelve fit a
/// 1280x800 screen. Send-by-email requests carry one file or a few (a document, a few pictures).
inline constexpr std::size_t default_max_files = 12;
inline constexpr std::size_t most_max_files = 12;
/// The most bytes offered together (`attach_max_total`): 25 MB, what the large mail services take
/// in one message, so that what is attached can also be sent.
inline constexpr std::uint64_t default_max_total = 25ULL * 1000 * 1000;

/// What vet() judges against. Kept apart from getenv() so the rules are testable.
struct vet_context {
  std::string home;                            ///< $HOME (absolute; empty: no home folder is allowed)
  /// The XDG user folders (Documents, Downloads, Pictures, ...: xdg-user-dirs), which may lie
  /// outside the home folder; nullopt: GLib's g_get_user_special_dir() of each.
  std::optional<std::vector<std::string>> user_folders;
  /// The temporary folder ($TMPDIR or /tmp); nullopt: GLib's g_get_tmp_dir(); empty: none.
  std::optional<std::string> temp_folder;
  std::uint64_t max_size = default_max_size;   ///< the configuration's `attach_max_size`
  std::size_t max_files = default_max_files;   ///< the configuration's `attach_max_files` (vet_all())
  std::uint64_t max_total = default_max_total; ///< the configuration's `attach_max_total` (vet_all())
};

/// True when `resolved_path` (realpath(3), no hidden component) is in a place files are sent
/// from, the allowlist vet() judges by: the home folder, an XDG user folder (ctx.user_folders),
/// removable media (removable_media), or a private folder in the temporary folder, one that the
/// user owns and nobody else may write to (LibreOffice exports a document into
/// /tmp/lu*.tmp/lu*.tmp/ before it asks for it to be sent: PROVENANCE.md). Never the temporary
/// folder itself nor a folder there others may write to.
[[nodiscard]] bool allowed_place(std::string_view resolved_path, const vet_context& ctx);

/// What a link or xdg-email asked for: an `attach=` / `attachment=` value as the mailto parser
/// decoded it, and the byte offset of that value in the link (for inspect/JSON).
struct request {
  std::string path_as_given;
  std::size_t offset = static_cast<std::size_t>(-1);
};

/// The absolute path a request names: an absolute path as it is (a '%' in it is a literal
/// character: xdg-email percent-encodes the path once and the mailto parser decodes it once), or
/// a `file:` URI of this machine (RFC 8089: `file:///p`, `file://localhost/p`, `file:/p`) with
/// its path percent-decoded (percent::decode()). not_a_local_file for anything else: a relative
/// path, another scheme, another host, a query or fragment, a NUL (percent-encoded or not), an
/// empty path, a '%' that is not a triplet.
[[nodiscard]] errors::result<std::string> local_path(std::string_view value);

/// A requested file, judged. Move-only: owns `fd`, an O_RDONLY|O_CLOEXEC|O_NOFOLLOW descriptor on
/// the file that was judged (-1 when refused), closed by the destructor. Whatever reads or hands
/// over the file reads it through this descriptor (read_contents(), copy_for_handover()), so a
/// file swapped in at the same path later is never the one sent.
class vetted_file {
 public:
  request requested;            ///< what was asked for
  std::string shown_path;       ///< the resolved path (realpath(3)); empty when it has none
  std::string name;             ///< the last component of shown_path (what the mail program names it)
  std::string folder;           ///< shown_path without its last component ("/" for a file in /)
  std::uint64_t size = 0;       ///< bytes (fstat of the descriptor)
  std::string size_text;        ///< size for people ("3.1 MB" with a no-break space, g_format_size)
  std::string mime_type;        ///< "application/pdf" (GIO: file name and first bytes, shared-mime-info)
  std::string type_text;        ///< the type for people ("PDF document", g_content_type_get_description)
  refusal why = refusal::none;  ///< refusal::none when the file may be offered
  std::string refusal_text;     ///< why it is never attached, in plain words for people; empty when allowed
  dev_t dev = 0;                ///< identity and state recorded when judged, for still_same()
  ino_t ino = 0;
  std::int64_t mtime_sec = 0;
  long mtime_nsec = 0;

  vetted_file() = default;
  ~vetted_file();
  vetted_file(vetted_file&& other) noexcept;
  vetted_file& operator=(vetted_file&& other) noexcept;
  vetted_file(const vetted_file&) = delete;
  vetted_file& operator=(const vetted_file&) = delete;

  [[nodiscard]] bool allowed() const noexcept { return why == refusal::none; }
  /// The open descriptor (-1 when refused).
  [[nodiscard]] int fd() const noexcept { return fd_; }

 private:
  friend struct vetted_file_access;  // attachments.cpp sets and closes the descriptor
  int fd_ = -1;
};

/// Judge one request; the result says why a file is refused or describes it for the question.
/// In order: local_path(); realpath(3) (every symbolic link resolved: the rules below are judged
/// on where the link leads); the resolved path is refused when it is under a system place or
/// named through one as written, is a credential (credential_file()), is under a hidden folder
/// of the home directory or has any component starting with '.' (a hidden file, or a file in a
/// hidden folder anywhere: `.git/config`, another user's `.ssh`), or is not in an allowed place
/// (allowed_place()); lstat(2): only a regular file; open(2) with
/// O_RDONLY|O_NOFOLLOW|O_NONBLOCK|O_NOCTTY|O_CLOEXEC (EACCES: unreadable); fstat(2) of the
/// descriptor must be the same regular file (device and inode) as lstat saw, and /proc/self/fd
/// must show the descriptor at the resolved path (a folder on the way swapped for a link between
/// the calls is caught; refused `changed` when it cannot be checked); the size limit; then the
/// type from the name and the first 4096 bytes.
/// As root every file is readable (CAP_DAC_OVERRIDE), so `unreadable` means "cannot be opened
/// by this process".
[[nodiscard]] vetted_file vet(const request& req, const vet_context& ctx);

/// Before the hand-over: the descriptor's file still has the size and modification time it had
/// when judged, and the resolved path still leads to it (same device and inode). Otherwise the
/// file is marked refusal::changed (and the caller must ask again) and false is returned.
[[nodiscard]] bool still_same(vetted_file& f);

/// The whole file read through its descriptor (pread from offset 0), for compose()'s
/// attachments. io_error when the file is refused, reading fails, or the size read differs from
/// the size judged (then the file is also marked refusal::changed).
[[nodiscard]] errors::result<std::string> read_contents(vetted_file& f);

/// For mail programs that read the file after mailtokit returns: a private copy made from the
/// descriptor, `dir`/attach-<32 hex digits>/<name> (folder 0700, file 0600, created with
/// O_EXCL|O_NOFOLLOW, fsync'ed), so that what the program reads later is the bytes the user was
/// shown whatever happens to the original. `dir` is the drafts folder (xdg::ensure_private_dir
/// first). Returns the copy's absolute path. io_error on failure or when the file changed while
/// copied (then also refusal::changed). Why a copy and not `/proc/self/fd/N`: mail programs read
/// the path after mailtokit has exited (its descriptors closed) or forward it to an already
/// running instance, where `/proc/self` is another process. xdg::clean_old() does not delete
/// these folders (it takes only draft-*.eml files).
[[nodiscard]] errors::result<std::string> copy_for_handover(vetted_file& f, const std::string& dir);

/// vet() each request; the vector keeps the request order. Then, in that order: a file already
/// offered (same device and inode) is refused as a duplicate, and once max_files files or
/// max_total bytes are offered, every further file is refused as over_limit.
[[nodiscard]] std::vector<vetted_file> vet_all(const std::vector<request>& reqs, const vet_context& ctx);

}  // namespace mailtokit::attachments
