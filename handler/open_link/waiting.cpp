#include "open_link/waiting.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "base/files.hpp"
#include "xdg/drafts.hpp"
#include "xdg/user_files.hpp"

namespace mailtokit::open_link {

namespace {

// A link reaches `open` as one argument, which Linux bounds at 32 pages (MAX_ARG_STRLEN): a
// file longer than that is none of ours.
constexpr std::size_t max_link_bytes = 32 * 4096;
constexpr std::string_view suffix = ".link";

using clock = std::chrono::system_clock;

// "<nanoseconds since 1970, 20 digits>-<pid>.link": names sort as the links came.
std::string new_name() {
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now().time_since_epoch()).count();
  char buf[64];
  std::snprintf(buf, sizeof buf, "%020lld-%d", static_cast<long long>(ns), static_cast<int>(::getpid()));
  return std::string(buf) + std::string(suffix);
}

bool ours(std::string_view name) {
  return name.size() > suffix.size() + 21 && name.ends_with(suffix) && name[20] == '-' &&
         std::all_of(name.begin(), name.begin() + 20, [](char c) { return c >= '0' && c <= '9'; });
}

clock::time_point time_of(std::string_view name) {
  long long ns = 0;
  for (const char c : name.substr(0, 20)) ns = ns * 10 + (c - '0');
  return clock::time_point(std::chrono::duration_cast<clock::duration>(std::chrono::nanoseconds(ns)));
}

// The names of the list's files, newest first.
std::vector<std::string> names_in(const std::string& dir) {
  std::vector<std::string> out;
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return out;
  while (const dirent* e = ::readdir(d))
    if (ours(e->d_name)) out.emplace_back(e->d_name);
  ::closedir(d);
  std::sort(out.begin(), out.end(), std::greater<>());
  return out;
}

// A regular file's link (never followed through a symbolic link), or nullopt.
std::optional<std::string> read_link_file(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  auto text = xdg::read_small_file(path, max_link_bytes);
  if (!text || !*text) return std::nullopt;
  return std::move(**text);
}

void remove(const std::string& dir, const std::string& name) { (void)::unlink((dir + "/" + name).c_str()); }

// What trim() leaves of the list.
struct trimmed {
  std::vector<std::string> kept;  // the names still there, newest first
  std::size_t dropped = 0;        // how many left for the length
};

// Removes, of `names` (the list's, newest first), the links past their time and those past the
// list's length (beyond the `room` newest).
trimmed trim(const std::string& dir, std::vector<std::string> names, std::size_t room) {
  const auto oldest = clock::now() - waiting_kept_for;
  trimmed t;
  for (auto& name : names) {
    if (time_of(name) < oldest) {
      remove(dir, name);
    } else if (t.kept.size() == room) {
      remove(dir, name);
      ++t.dropped;
    } else {
      t.kept.push_back(std::move(name));
    }
  }
  return t;
}

}  // namespace

std::string waiting_dir(std::string_view state_dir) { return std::string(state_dir) + "/waiting"; }

put_aside_result put_aside(const std::string& dir, std::string_view link) {
  put_aside_result r;
  if (link.size() > max_link_bytes || !xdg::ensure_private_dir(dir)) return r;
  // The same link again (a page repeating one) moves to the top: one line in the list.
  auto names = names_in(dir);
  std::erase_if(names, [&](const std::string& name) {
    const auto text = read_link_file(dir + "/" + name);
    if (!text || *text != link) return false;
    remove(dir, name);
    r.already = true;
    return true;
  });
  r.dropped = trim(dir, std::move(names), max_waiting_kept - 1).dropped;
  r.kept = files::write_atomic(AT_FDCWD, dir + "/" + new_name(), link, {.replace = false}).has_value();
  return r;
}

std::vector<waiting_link> list_waiting(const std::string& dir) {
  const trimmed listed = trim(dir, names_in(dir), max_waiting_kept);
  std::vector<waiting_link> out;
  for (const auto& name : listed.kept)
    if (auto text = read_link_file(dir + "/" + name)) out.push_back({name, std::move(*text), time_of(name)});
  return out;
}

std::optional<std::string> take_waiting(const std::string& dir, const std::string& name) {
  if (!ours(name) || name.find('/') != std::string::npos) return std::nullopt;
  auto text = read_link_file(dir + "/" + name);
  if (!text || ::unlink((dir + "/" + name).c_str()) != 0) return std::nullopt;
  return text;
}

std::size_t forget_waiting(const std::string& dir) {
  std::size_t n = 0;
  for (const auto& name : names_in(dir)) if (::unlink((dir + "/" + name).c_str()) == 0) ++n;
  return n;
}

}  // namespace mailtokit::open_link
