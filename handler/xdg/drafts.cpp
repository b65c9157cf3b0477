#include "xdg/drafts.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <ctime>

#include "base/files.hpp"

namespace mailtokit::xdg {

std::string folder_in(std::string_view state_home) { return std::string(state_home) + "/mailtokit/drafts"; }
namespace {

bool is_draft_name(std::string_view name) {
  if (name.substr(0, 6) != "draft-") return false;
  auto ends = [&](std::string_view s) { return name.size() > s.size() + 6 && name.substr(name.size() - s.size()) == s; };
  return ends(".eml") || ends(".eml.tmp");
}

}  // namespace

errors::result<void> ensure_private_dir(const std::string& dir) {
  if (dir.empty() || dir.front() != '/' || dir.find('\0') != std::string::npos) return fail(errors::errc::io_error, 0);
  // XDG Base Directory Specification: "If, when attempting to write a file, the destination
  // directory is non-existent an attempt should be made to create it with permission 0700."
  for (std::size_t slash = dir.find('/', 1);; slash = dir.find('/', slash + 1)) {
    const std::string prefix = dir.substr(0, slash);
    if (mkdir(prefix.c_str(), 0700) != 0 && errno != EEXIST) return fail(errors::errc::io_error, prefix.size());
    if (slash == std::string::npos) break;
  }
  struct stat st {};
  if (lstat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
    return fail(errors::errc::io_error, 0);
  if ((st.st_mode & 077) != 0 && chmod(dir.c_str(), 0700) != 0) return fail(errors::errc::io_error, 0);
  return {};
}

errors::result<std::string> new_draft_name() {
  std::string name = "draft-";
  if (!files::random_hex(name, 16)) return fail(errors::errc::io_error, 0);
  return name + ".eml";
}

errors::result<std::string> write_draft_named(const std::string& dir, const std::string& name, std::string_view bytes) {
  if (dir.empty() || dir.front() != '/' || !is_draft_name(name) || name.find('/') != std::string::npos)
    return fail(errors::errc::io_error, 0);
  files::fd_guard dfd(open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (dfd.get() < 0) return fail(errors::errc::io_error, 0);
  // "<name>.tmp", then the name: never an existing draft's (RENAME_NOREPLACE).
  const files::atomic_options o{.mode = 0600, .replace = false, .sync_dir = true, .fixed_temp = true};
  auto w = files::write_atomic(dfd.get(), name, bytes, o);
  if (!w) return fail(errors::errc::io_error, w.error().offset == EEXIST ? EEXIST : 0);
  std::string path = dir;
  if (path.back() != '/') path += '/';
  return path + name;
}

errors::result<std::string> write_draft(const std::string& dir, std::string_view bytes) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    auto name = new_draft_name();
    if (!name) return name.error();
    auto w = write_draft_named(dir, *name, bytes);
    if (!w && w.error().offset == EEXIST) continue;
    return w;
  }
  return fail(errors::errc::io_error, 0);
}

errors::result<std::size_t> clean_old(const std::string& dir, std::chrono::seconds max_age) {
  const int raw = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (raw < 0) {
    if (errno == ENOENT) return std::size_t{0};
    return fail(errors::errc::io_error, 0);
  }
  DIR* d = fdopendir(raw);
  if (d == nullptr) {
    close(raw);
    return fail(errors::errc::io_error, 0);
  }
  const std::time_t cutoff = std::time(nullptr) - static_cast<std::time_t>(max_age.count());
  std::size_t removed = 0;
  while (const dirent* e = readdir(d)) {
    const std::string_view name = e->d_name;
    if (name.substr(0, 7) == "attach-" && name.size() > 7) {
      // A folder of attachments::copy_for_handover(): its regular files, then the folder.
      struct stat st {};
      if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode)) continue;
      if (st.st_mtime >= cutoff) continue;
      const int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0) continue;
      if (DIR* sd = fdopendir(sub)) {
        while (const dirent* f = readdir(sd)) {
          struct stat fs {};
          if (fstatat(dirfd(sd), f->d_name, &fs, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(fs.st_mode))
            (void)unlinkat(dirfd(sd), f->d_name, 0);
        }
        closedir(sd);
      } else {
        close(sub);
      }
      if (unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR) == 0) ++removed;
      continue;
    }
    if (!is_draft_name(name)) continue;
    struct stat st {};
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode)) continue;
    if (st.st_mtime >= cutoff) continue;
    if (unlinkat(dirfd(d), e->d_name, 0) == 0) ++removed;
  }
  closedir(d);
  return removed;
}


}  // namespace mailtokit::xdg
