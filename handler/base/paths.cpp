#include "base/paths.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace mailtokit::paths {

namespace fs = std::filesystem;

std::string beside(std::string_view program, std::string_view relative) {
  if (program.empty() || program.front() != '/') return {};
  return (fs::path(program).parent_path() / fs::path(relative)).lexically_normal().string();
}

std::string running_program() {
  std::error_code ec;
  const auto p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

bool has_catalogs(const std::string& dir) {
  if (dir.empty()) return false;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (fs::is_regular_file(it->path() / "LC_MESSAGES" / "mailtokit.mo", ec)) return true;
  return false;
}

std::vector<std::string> locale_candidates(std::string_view program, std::string_view configured) {
  std::vector<std::string> out;
  const auto add = [&out](std::string p) {
    if (!p.empty() && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(std::move(p));
  };
  add(beside(program, "../share/locale"));
  add(beside(program, "../../share/locale"));
  std::error_code ec;
  if (const auto cache = beside(program, "../CMakeCache.txt");
      !cache.empty() && fs::is_regular_file(cache, ec))
    add(beside(program, "../locale"));
  add(std::string(configured));
  return out;
}

std::vector<std::string> ask_candidates(std::string_view program, std::string_view configured) {
  std::vector<std::string> out;
  for (auto p : {beside(program, "mailtokit-ask"), beside(program, "../libexec/mailtokit/mailtokit-ask"),
                 std::string(configured)})
    if (!p.empty() && std::find(out.begin(), out.end(), p) == out.end()) out.push_back(std::move(p));
  return out;
}

bool session_bus_known() {
  if (const char* a = std::getenv("DBUS_SESSION_BUS_ADDRESS"); a != nullptr && *a != '\0') return true;
  const char* run = std::getenv("XDG_RUNTIME_DIR");
  std::error_code ec;
  return run != nullptr && *run == '/' && fs::is_socket(std::string(run) + "/bus", ec);
}

}  // namespace mailtokit::paths
