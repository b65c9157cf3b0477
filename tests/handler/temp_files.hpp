// Files for the program's unit tests: a private folder removed at the end of the test, a file's
// bytes written and read back.
#pragma once

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

/// A new private folder (mkdtemp) under `base`, its real path (no symbolic link in it); removed with
/// everything in it when the test ends.
struct temp_dir {
  std::string path;
  explicit temp_dir(std::string_view name = "mailtokit-test",
                    const std::filesystem::path& base = std::filesystem::temp_directory_path()) {
    std::string tmpl = (base / (std::string(name) + "-XXXXXX")).string();
    REQUIRE(mkdtemp(tmpl.data()) != nullptr);
    char* real = realpath(tmpl.c_str(), nullptr);
    REQUIRE(real != nullptr);
    path = real;
    std::free(real);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  ~temp_dir() {
    std::error_code ec;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path, ec);
  }
};

/// `bytes` as the file `p`.
inline void write_file(const std::string& p, std::string_view bytes) {
  std::ofstream out(p, std::ios::binary);
  out << bytes;
  REQUIRE(out.good());
}

/// The bytes of the file `p` ("" when it cannot be read).
inline std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
