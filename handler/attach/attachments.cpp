#include "attach/attachments.hpp"

#include <fcntl.h>
#include <gio/gio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <filesystem>
#include <utility>

#include "mailtokit/chars.hpp"
#include "mailtokit/percent.hpp"
#include "base/files.hpp"
#include "base/i18n.hpp"

namespace mailtokit::attachments {


struct vetted_file_access {
  static void set_fd(vetted_file& f, int fd) noexcept {
    if (f.fd_ >= 0) close(f.fd_);
    f.fd_ = fd;
  }
};

namespace {

constexpr std::size_t npos = std::string::npos;

// The type is guessed from the name and this many first bytes, as GIO's own file queries do
// (g_local_file_query_info sniffs 4096 bytes).
constexpr std::size_t kSniffBytes = 4096;

void refuse(vetted_file& f, refusal why, std::string text) {
  f.why = why;
  f.refusal_text = std::move(text);
  vetted_file_access::set_fd(f, -1);
}

// `path` is `dir` or below it, component-wise (/etcetera is not under /etc).
bool under(std::string_view path, std::string_view dir) {
  if (dir.empty()) return false;
  if (dir == "/") return true;
  return path.size() > dir.size() && path.substr(0, dir.size()) == dir && path[dir.size()] == '/';
}

std::string real_path(const std::string& p, int& err) {
  char* r = realpath(p.c_str(), nullptr);
  if (r == nullptr) {
    err = errno;
    return {};
  }
  std::string out(r);
  std::free(r);
  return out;
}

std::string format_size(std::uint64_t n) {
  gchar* s = g_format_size(n);
  std::string out(s);
  g_free(s);
  return out;
}

bool pread_all(int fd, char* buf, std::size_t n, off_t at, std::size_t& got) {
  got = 0;
  while (got < n) {
    const ssize_t r = pread(fd, buf + got, n - got, at + static_cast<off_t>(got));
    if (r < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    if (r == 0) break;
    got += static_cast<std::size_t>(r);
  }
  return true;
}

void describe_type(vetted_file& f) {
  std::string head(kSniffBytes, '\0');
  std::size_t got = 0;
  if (!pread_all(f.fd(), head.data(), head.size(), 0, got)) got = 0;
  gboolean uncertain = FALSE;
  gchar* type =
      g_content_type_guess(f.name.c_str(), reinterpret_cast<const guchar*>(head.data()), got, &uncertain);
  gchar* mime = type ? g_content_type_get_mime_type(type) : nullptr;
  gchar* description = type ? g_content_type_get_description(type) : nullptr;
  f.mime_type = mime ? mime : "application/octet-stream";
  f.type_text = description ? description : f.mime_type;
  g_free(description);
  g_free(mime);
  g_free(type);
}

// The first component below `dir` of `path` (path is under dir).
std::string_view first_below(std::string_view path, std::string_view dir) {
  std::string_view rest = path.substr(dir == "/" ? 1 : dir.size() + 1);
  return rest.substr(0, rest.find('/'));
}

bool same_state(const struct stat& st, const vetted_file& f) {
  return st.st_dev == f.dev && st.st_ino == f.ino && static_cast<std::uint64_t>(st.st_size) == f.size &&
         static_cast<std::int64_t>(st.st_mtim.tv_sec) == f.mtime_sec && st.st_mtim.tv_nsec == f.mtime_nsec;
}

constexpr const char* kChanged =
    N_("it changed while mailtokit was looking at it; ask the program to send it again");

}  // namespace

std::string_view code(refusal r) noexcept {
  switch (r) {
    case refusal::none:
      return "none";
    case refusal::not_a_local_file:
      return "not_a_local_file";
    case refusal::not_found:
      return "not_found";
    case refusal::directory:
      return "directory";
    case refusal::not_regular_file:
      return "not_regular_file";
    case refusal::unreadable:
      return "unreadable";
    case refusal::hidden:
      return "hidden";
    case refusal::hidden_home_folder:
      return "hidden_home_folder";
    case refusal::system_place:
      return "system_place";
    case refusal::too_big:
      return "too_big";
    case refusal::credential:
      return "credential";
    case refusal::duplicate:
      return "duplicate";
    case refusal::over_limit:
      return "over_limit";
    case refusal::changed:
      return "changed";
    case refusal::outside_user_places:
      return "outside_user_places";
  }
  return "unknown";
}

vetted_file::~vetted_file() {
  if (fd_ >= 0) close(fd_);
}

vetted_file::vetted_file(vetted_file&& other) noexcept
    : requested(std::move(other.requested)),
      shown_path(std::move(other.shown_path)),
      name(std::move(other.name)),
      folder(std::move(other.folder)),
      size(other.size),
      size_text(std::move(other.size_text)),
      mime_type(std::move(other.mime_type)),
      type_text(std::move(other.type_text)),
      why(other.why),
      refusal_text(std::move(other.refusal_text)),
      dev(other.dev),
      ino(other.ino),
      mtime_sec(other.mtime_sec),
      mtime_nsec(other.mtime_nsec),
      fd_(std::exchange(other.fd_, -1)) {}

vetted_file& vetted_file::operator=(vetted_file&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) close(fd_);
    requested = std::move(other.requested);
    shown_path = std::move(other.shown_path);
    name = std::move(other.name);
    folder = std::move(other.folder);
    size = other.size;
    size_text = std::move(other.size_text);
    mime_type = std::move(other.mime_type);
    type_text = std::move(other.type_text);
    why = other.why;
    refusal_text = std::move(other.refusal_text);
    dev = other.dev;
    ino = other.ino;
    mtime_sec = other.mtime_sec;
    mtime_nsec = other.mtime_nsec;
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

errors::result<std::string> local_path(std::string_view v) {
  if (v.find('\0') != npos) return fail(errors::errc::io_error, v.find('\0'));
  if (!v.empty() && v.front() == '/') return std::string(v);
  // RFC 8089 section 2: file-URI = "file:" ( auth-path / local-path ); auth-path = [ file-auth ]
  // path-absolute; file-auth = "localhost" / host. Only this machine's files: no host or
  // "localhost".
  if (v.size() < 6 || !chars::iequals(v.substr(0, 5), "file:")) return fail(errors::errc::io_error, 0);
  std::size_t at = 5;
  if (v.substr(at, 2) == "//") {
    const std::size_t host_end = v.find('/', at + 2);
    if (host_end == npos) return fail(errors::errc::io_error, at);
    const std::string_view host = v.substr(at + 2, host_end - at - 2);
    if (!host.empty() && !chars::iequals(host, "localhost")) return fail(errors::errc::io_error, at + 2);
    at = host_end;
  }
  if (at >= v.size() || v[at] != '/') return fail(errors::errc::io_error, at);
  const std::string_view path = v.substr(at);
  // A query or fragment has no meaning for a file; a file name's own '?' or '#' is %3F / %23.
  if (const auto q = path.find_first_of("?#"); q != npos) return fail(errors::errc::io_error, at + q);
  auto decoded = percent::decode(path, at);
  if (!decoded) return fail(errors::errc::io_error, decoded.error().offset);
  if (decoded->find('\0') != npos) return fail(errors::errc::io_error, at + path.find('%'));
  return std::move(*decoded);
}

bool credential_file(std::string_view resolved_path) noexcept {
  const auto slash = resolved_path.rfind('/');
  const std::string name = chars::lowered(resolved_path.substr(slash == std::string_view::npos ? 0 : slash + 1));
  if (name == "krb5cc" || name == "xauthority" || name == ".xauthority") return true;
  for (const std::string_view prefix : {"krb5cc_", "xauth-", "xauth_", "xauth.", "serverauth."})
    if (name.starts_with(prefix)) return true;
  if (name.ends_with(".xauth") || name.ends_with(".ccache")) return true;
  // Any folder on the way that an agent or a keyring made for its secrets.
  std::string_view rest = resolved_path.substr(0, slash == std::string_view::npos ? 0 : slash);
  while (!rest.empty()) {
    const auto s = rest.rfind('/');
    const std::string folder = chars::lowered(rest.substr(s == std::string_view::npos ? 0 : s + 1));
    for (const std::string_view prefix : {"ssh-", "gpg-", "keyring-", "kwallet", "krb5cc"})
      if (folder.starts_with(prefix)) return true;
    if (s == std::string_view::npos) break;
    rest = rest.substr(0, s);
  }
  return false;
}

namespace {

std::string home_of(const vet_context& ctx) {
  if (ctx.home.empty()) return {};
  int err = 0;
  std::string home = real_path(ctx.home, err);
  return home.empty() ? ctx.home : home;
}

std::vector<std::string> user_folders(const vet_context& ctx) {
  if (ctx.user_folders) return *ctx.user_folders;
  std::vector<std::string> out;
  for (int d = G_USER_DIRECTORY_DESKTOP; d < G_USER_N_DIRECTORIES; ++d)
    if (const gchar* dir = g_get_user_special_dir(static_cast<GUserDirectory>(d)); dir != nullptr) out.emplace_back(dir);
  return out;
}

// A folder right in the temporary folder that the user owns and that nobody else may write to
// (a program's own export folder, made with mkdtemp(3): mode 0700).
bool private_temp_folder(std::string_view path, const vet_context& ctx) {
  std::string temp = ctx.temp_folder ? *ctx.temp_folder : std::string(g_get_tmp_dir());
  if (temp.empty()) return false;
  int err = 0;
  if (std::string real = real_path(temp, err); !real.empty()) temp = std::move(real);
  if (!under(path, temp)) return false;
  const std::string_view top = first_below(path, temp);
  if (path.size() == (temp == "/" ? 1 : temp.size() + 1) + top.size()) return false;  // a file right in it
  struct stat st {};
  const std::string folder = (temp == "/" ? "" : temp) + "/" + std::string(top);
  return lstat(folder.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
         (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

// Refused for being in a system folder (the words), or named through one as written. False when
// `f` was refused.
bool on_removable_media(std::string_view path) {
  return std::any_of(std::begin(removable_media), std::end(removable_media),
                     [&](std::string_view media) { return under(path, media); });
}

bool judge_system_place(vetted_file& f, const std::string& as_written) {
  for (std::string_view place : system_places) {
    if (!on_removable_media(f.shown_path) && (f.shown_path == place || under(f.shown_path, place))) {
      std::string text =
          fill(tr("it is in the system folder {0}, which holds the computer's own files, not your documents"), {place});
      refuse(f, refusal::system_place, std::move(text));
      return false;
    }
  }
  // The path as written, lexically normalized ("/tmp/../proc/self/cwd" is /proc/self/cwd): a
  // system place there is refused whatever it resolves to (/proc/self/cwd/x is in the home folder).
  const std::string written = std::filesystem::path(as_written).lexically_normal().generic_string();
  for (std::string_view place : system_places) {
    if (!on_removable_media(written) && (written == place || under(written, place))) {
      std::string text = fill(tr("it is named through the system folder {0}, which may lead anywhere, your home "
                                 "folder included"),
                              {place});
      refuse(f, refusal::system_place, std::move(text));
      return false;
    }
  }
  return true;
}

// Hidden folders of the home folder, and hidden files and folders anywhere. False when refused.
bool judge_hidden(vetted_file& f, const std::string& home) {
  // "Anything under a hidden folder of the home directory": ~/.ssh, ~/.gnupg, browser and mail
  // profiles, keyrings (~/.local/share/keyrings is under ~/.local).
  if (!home.empty() && under(f.shown_path, home)) {
    const std::string_view top = first_below(f.shown_path, home);
    if (!top.empty() && top.front() == '.' && top.size() < f.shown_path.size() - home.size() - 1) {
      std::string text = fill(tr("it is in the hidden folder {0} of your home folder, where programs keep settings, "
                                 "keys and passwords, not your documents"),
                              {top});
      refuse(f, refusal::hidden_home_folder, std::move(text));
      return false;
    }
  }
  // Hidden files, and files in a hidden folder anywhere (a project's .git, another account's
  // .ssh): hidden from the user in every file manager, so never something they chose to send.
  for (std::size_t i = 0; i < f.shown_path.size(); ++i) {
    if (f.shown_path[i] == '/' && i + 1 < f.shown_path.size() && f.shown_path[i + 1] == '.') {
      refuse(f, refusal::hidden, i == f.shown_path.rfind('/') ? tr("it is a hidden file") : tr("it is in a hidden folder"));
      return false;
    }
  }
  return true;
}

}  // namespace

bool allowed_place(std::string_view path, const vet_context& ctx) {
  if (const std::string home = home_of(ctx); !home.empty() && under(path, home)) return true;
  for (const std::string& folder : user_folders(ctx))
    if (folder != "/" && !folder.empty() && (path == folder || under(path, folder))) return true;
  return on_removable_media(path) || private_temp_folder(path, ctx);
}

// Where a file may come from: an allowed place (allowed_place()), never a credential nor a
// hidden file or folder there. A file outside those places is refused, in the words of the
// system folder it is in when it is in one. False when `f` was refused.
bool judge_place(vetted_file& f, const std::string& as_written, const vet_context& ctx) {
  if (!judge_system_place(f, as_written)) return false;
  if (credential_file(f.shown_path)) {
    refuse(f, refusal::credential,
           tr("it holds credentials (a Kerberos ticket, an X authority key or an agent's key) that let others act "
              "as you"));
    return false;
  }
  if (!judge_hidden(f, home_of(ctx))) return false;
  if (!allowed_place(f.shown_path, ctx)) {
    refuse(f, refusal::outside_user_places,
           tr("it is not in your home folder, one of your folders or on removable media, the places files are "
              "sent from"));
    return false;
  }
  return true;
}

// The file itself, through the descriptor that will be read: a regular file, the one judged (not
// swapped for a link or another file since), not over the size limit. False when refused.
bool judge_open(vetted_file& f, const vet_context& ctx) {
  struct stat before {};
  if (lstat(f.shown_path.c_str(), &before) != 0) {
    refuse(f, errno == EACCES ? refusal::unreadable : refusal::changed,
           errno == EACCES ? tr("you are not allowed to read it") : tr(kChanged));
    return false;
  }
  if (S_ISDIR(before.st_mode)) {
    refuse(f, refusal::directory, tr("it is a folder; only single files can be attached"));
    return false;
  }
  if (!S_ISREG(before.st_mode)) {
    refuse(f, S_ISLNK(before.st_mode) ? refusal::changed : refusal::not_regular_file,
           S_ISLNK(before.st_mode) ? tr(kChanged) : tr("it is not an ordinary file (a device, pipe or socket)"));
    return false;
  }

  // O_NOFOLLOW: the last component may not have become a link since realpath; O_NONBLOCK and
  // O_NOCTTY: a pipe or terminal swapped in since lstat neither blocks nor becomes ours.
  const int fd = open(f.shown_path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    const int e = errno;
    refuse(f, e == EACCES ? refusal::unreadable : refusal::changed,
           e == EACCES ? tr("you are not allowed to read it") : tr(kChanged));
    return false;
  }
  vetted_file_access::set_fd(f, fd);
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_dev != before.st_dev ||
      st.st_ino != before.st_ino) {
    refuse(f, refusal::changed, tr(kChanged));
    return false;
  }
  // A folder on the way swapped for a link between realpath and open would open another file:
  // the kernel's own name for the descriptor must be the path judged.
  {
    const std::string link = "/proc/self/fd/" + std::to_string(fd);
    std::string target(PATH_MAX + 1, '\0');
    const ssize_t n = readlink(link.c_str(), target.data(), target.size());
    if (n <= 0 || static_cast<std::size_t>(n) > PATH_MAX ||
        std::string_view(target.data(), static_cast<std::size_t>(n)) != f.shown_path) {
      refuse(f, refusal::changed, tr(kChanged));
      return false;
    }
  }
  f.dev = st.st_dev;
  f.ino = st.st_ino;
  f.size = static_cast<std::uint64_t>(st.st_size);
  f.mtime_sec = static_cast<std::int64_t>(st.st_mtim.tv_sec);
  f.mtime_nsec = st.st_mtim.tv_nsec;
  f.size_text = format_size(f.size);
  if (f.size > ctx.max_size) {
    std::string text = fill(tr("it is larger than {0}, the largest file mailtokit attaches"), {format_size(ctx.max_size)});
    refuse(f, refusal::too_big, std::move(text));
    return false;
  }
  // Regular files ignore O_NONBLOCK, but reads through the descriptor should not depend on that.
  if (const int fl = fcntl(fd, F_GETFL); fl >= 0) (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
  return true;
}

vetted_file vet(const request& req, const vet_context& ctx) {
  vetted_file f;
  f.requested = req;
  auto path = local_path(req.path_as_given);
  if (!path) {
    refuse(f, refusal::not_a_local_file,
           tr("it is not a file on this computer: only a full path or a file:// address of this computer can be "
              "attached"));
    return f;
  }
  // The rules are judged where symbolic links lead: ~/report.pdf -> ~/.ssh/id_rsa is a key.
  int err = 0;
  f.shown_path = real_path(*path, err);
  if (f.shown_path.empty()) {
    if (err == EACCES)
      refuse(f, refusal::unreadable, tr("you are not allowed to open a folder on its way"));
    else
      refuse(f, refusal::not_found, tr("there is no such file"));
    return f;
  }
  const std::size_t slash = f.shown_path.rfind('/');
  f.name = f.shown_path.substr(slash + 1);
  f.folder = slash == 0 ? "/" : f.shown_path.substr(0, slash);

  if (!judge_place(f, *path, ctx) || !judge_open(f, ctx)) return f;
  describe_type(f);
  return f;
}

bool still_same(vetted_file& f) {
  if (!f.allowed() || f.fd() < 0) return false;
  struct stat now {};
  struct stat at_path {};
  if (fstat(f.fd(), &now) != 0 || !same_state(now, f) || lstat(f.shown_path.c_str(), &at_path) != 0 ||
      !S_ISREG(at_path.st_mode) || at_path.st_dev != f.dev || at_path.st_ino != f.ino) {
    refuse(f, refusal::changed, tr(kChanged));
    return false;
  }
  return true;
}

errors::result<std::string> read_contents(vetted_file& f) {
  if (!f.allowed() || f.fd() < 0) return fail(errors::errc::io_error, 0);
  std::string out(f.size + 1, '\0');  // one byte more: a file that grew is noticed
  std::size_t got = 0;
  if (!pread_all(f.fd(), out.data(), out.size(), 0, got)) return fail(errors::errc::io_error, 0);
  struct stat now {};
  if (got != f.size || fstat(f.fd(), &now) != 0 || !same_state(now, f)) {
    refuse(f, refusal::changed, tr(kChanged));
    return fail(errors::errc::io_error, 0);
  }
  out.resize(got);
  return out;
}

errors::result<std::string> copy_for_handover(vetted_file& f, const std::string& dir) {
  if (!f.allowed() || f.fd() < 0 || dir.empty() || dir.front() != '/') return fail(errors::errc::io_error, 0);
  std::string sub = dir + "/attach-";
  if (!files::random_hex(sub, 16)) return fail(errors::errc::io_error, 0);
  if (mkdir(sub.c_str(), 0700) != 0) return fail(errors::errc::io_error, 0);
  const std::string path = sub + "/" + f.name;
  const int out = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (out < 0) return fail(errors::errc::io_error, 0);
  std::array<char, 65536> buf{};
  std::uint64_t total = 0;
  bool ok = true;
  for (;;) {
    std::size_t got = 0;
    if (!pread_all(f.fd(), buf.data(), buf.size(), static_cast<off_t>(total), got)) {
      ok = false;
      break;
    }
    if (got == 0) break;
    if (!files::write_all(out, std::string_view(buf.data(), got))) {
      ok = false;
      break;
    }
    total += got;
    if (total > f.size) break;
  }
  struct stat now {};
  const bool same = ok && total == f.size && fstat(f.fd(), &now) == 0 && same_state(now, f);
  ok = same && fsync(out) == 0;
  ok = close(out) == 0 && ok;
  if (!ok) {
    unlink(path.c_str());
    rmdir(sub.c_str());
    if (!same) refuse(f, refusal::changed, tr(kChanged));
    return fail(errors::errc::io_error, 0);
  }
  return path;
}

std::vector<vetted_file> vet_all(const std::vector<request>& reqs, const vet_context& ctx) {
  std::vector<vetted_file> out;
  out.reserve(reqs.size());
  std::size_t offered = 0;
  std::uint64_t total = 0;
  for (const request& r : reqs) {
    vetted_file f = vet(r, ctx);
    // The same file asked for again (another path, a link, the same path twice) is offered once:
    // 999 requests for one file made 999 copies.
    if (f.allowed())
      for (const auto& earlier : out)
        if (earlier.allowed() && earlier.dev == f.dev && earlier.ino == f.ino) {
          refuse(f, refusal::duplicate, fill(tr("it is the same file as {0}, which is offered once"), {earlier.shown_path}));
          break;
        }
    // Never more than the question can show, nor more than one message can carry.
    if (f.allowed() && offered >= ctx.max_files) {
      refuse(f, refusal::over_limit,
             fill(tr("mailtokit offers at most {0} files at once (attach_max_files)"), {std::to_string(ctx.max_files)}));
    } else if (f.allowed() && total + f.size > ctx.max_total) {
      refuse(f, refusal::over_limit,
             fill(tr("with the files before it, it is more than {0} (attach_max_total)"), {format_size(ctx.max_total)}));
    }
    if (f.allowed()) {
      ++offered;
      total += f.size;
    }
    out.push_back(std::move(f));
  }
  return out;
}

}  // namespace mailtokit::attachments
