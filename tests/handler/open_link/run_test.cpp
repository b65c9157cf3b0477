// `open` run whole (open_link/run.hpp), in this process, as the desktop would run it with --dry-run:
// a private HOME, no display, no session bus; what it prints read back. The stages' own tests are
// beside this one; here the call from its options to its exit status and output.
#include "open_link/run.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "../temp_files.hpp"

using namespace mailtokit::open_link;

namespace {

// A private HOME with `config` as mailtokit's configuration; the desktop's variables unset.
struct private_home {
  temp_dir home{"mailtokit-run-test"};
  explicit private_home(std::string_view config) {
    for (const char* v : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_DIRS",
                          "XDG_RUNTIME_DIR", "MAILTOKIT_CONFIG", "DISPLAY", "WAYLAND_DISPLAY",
                          "DBUS_SESSION_BUS_ADDRESS", "MAILTOKIT_ASK"})
      ::unsetenv(v);
    ::setenv("HOME", home.path.c_str(), 1);
    std::filesystem::create_directories(home.path + "/.config/mailtokit");
    write_file(home.path + "/.config/mailtokit/config", config);
  }
};

// What run_open() printed on stdout and stderr, and its exit status.
struct ran {
  int status = -1;
  std::string out, err;
};

ran run(const open_options& o) {
  fd_capture out(1), err(2);
  ran r;
  r.status = run_open(o);
  r.out = out.text();
  r.err = err.text();
  return r;
}

open_options dry(std::string uri) {
  open_options o;
  o.uri = std::move(uri);
  o.dry_run = true;
  return o;
}

}  // namespace

TEST_CASE("open --dry-run prints the one launch request, the draft in it, and starts nothing", "[run]") {
  private_home h("target = eml\n");
  const auto r = run(dry("mailto:a@example.org?subject=Hi&body=there"));
  CHECK(r.status == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["target"] == "eml");
  REQUIRE(j["files"].size() == 1);
  const std::string bytes = j["files"][0]["bytes"];
  CHECK(bytes.find("To: a@example.org\r\n") != std::string::npos);
  CHECK(bytes.find("Subject: Hi\r\n") != std::string::npos);
  // --dry-run writes no draft.
  CHECK_FALSE(std::filesystem::exists(h.home.path + "/.local/state/mailtokit/drafts"));
}

TEST_CASE("open hands over only what no reader decodes again, and says what it left out", "[run]") {
  private_home h("target = eml\n");
  // A name Roundcube reads as "boss@evil.example, y" (HTML references): left out, said.
  const auto r = run(dry("mailto:?to=%22boss%26%2364evil%26%2346example%26%2344%20y%22%20%3Cy%40example.org%3E"));
  CHECK(r.status == 0);
  const std::string bytes = nlohmann::json::parse(r.out)["files"][0]["bytes"];
  CHECK(bytes.find("To: y@example.org\r\n") != std::string::npos);
  CHECK(bytes.find("&#64") == std::string::npos);
  CHECK_FALSE(r.err.empty());
}

TEST_CASE("open refuses what is no mailto link, and a bad configuration, before anything starts", "[run]") {
  private_home h("target = eml\n");
  const auto http = run(dry("http://example.org/"));
  CHECK(http.status == 65);
  CHECK(http.out.empty());
  CHECK(http.err.find("not a mailto: link") != std::string::npos);
  private_home bad("confirm = sometimes\n");
  const auto config = run(dry("mailto:a@example.org"));
  CHECK(config.status == 78);
  CHECK(config.out.empty());
  CHECK(config.err.find("line 1, column 11") != std::string::npos);
}
