// The one launch request (launch/request.hpp): the start request of its desktop entry, and the one
// JSON shape --dry-run prints for every target, read back with an independent parser.
#include "launch/request.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

using namespace mailtokit;
using nlohmann::json;

namespace {

launch::entry entry_of(std::string id, std::vector<std::string> exec) {
  launch::entry e;
  e.id = std::move(id);
  e.path = "/usr/share/applications/" + e.id;
  for (const auto& a : exec) e.exec += (e.exec.empty() ? "" : " ") + a;
  e.exec_argv = std::move(exec);
  return e;
}

const std::vector<std::string> keys = {"target", "name", "desktop_entry", "uris", "args", "argv",
                                       "terminal", "files", "activation_token"};

void same_keys(const json& j) {
  REQUIRE(j.is_object());
  CHECK(j.size() == keys.size());
  for (const auto& k : keys) CHECK(j.contains(k));
}

}  // namespace

TEST_CASE("an argv request: no entry, the argv, the files with their bytes", "[launch_request]") {
  launch::request r;
  r.target = "eml";
  r.name = "xdg-open";
  r.argv = {"xdg-open", "/s/draft-1.eml"};
  r.files = {{"draft", "/s/draft-1.eml", "To: a@example.org\r\n\r\n\"x\"\n"}};
  const json j = json::parse(launch::to_json(r));
  same_keys(j);
  CHECK(j["desktop_entry"].is_null());
  CHECK(j["argv"] == json::array({"xdg-open", "/s/draft-1.eml"}));
  CHECK(j["uris"].empty());
  CHECK(j["args"].empty());
  REQUIRE(j["files"].size() == 1);
  CHECK(j["files"][0]["what"] == "draft");
  CHECK(j["files"][0]["bytes"] == "To: a@example.org\r\n\r\n\"x\"\n");
  CHECK(launch::entry_start(r).e == nullptr);
}

TEST_CASE("an entry request: the entry, its Exec line, the URIs or the program's own options", "[launch_request]") {
  launch::request r;
  r.target = "desktop";
  r.name = "Thunderbird";
  r.desktop_entry = entry_of("thunderbird.desktop", {"thunderbird", "%u"});
  r.args = {"mailto:a@example.org"};
  r.activation_token = "token-1";
  json j = json::parse(launch::to_json(r));
  same_keys(j);
  CHECK(j["desktop_entry"]["id"] == "thunderbird.desktop");
  CHECK(j["desktop_entry"]["exec"] == "thunderbird %u");
  CHECK(j["desktop_entry"]["dbus"] == false);
  CHECK(j["uris"] == json::array({"mailto:a@example.org"}));
  CHECK(j["args"].empty());
  CHECK(j["argv"].empty());
  CHECK(j["activation_token"] == "token-1");
  CHECK(launch::entry_start(r).token == "token-1");

  r.desktop_entry = entry_of("claws-mail.desktop", {"claws-mail", "--compose", "%u"});
  r.args = {"--compose", "mailto:a@example.org"};
  r.is_uri = false;
  j = json::parse(launch::to_json(r));
  same_keys(j);
  CHECK(j["uris"].empty());
  CHECK(j["args"] == json::array({"--compose", "mailto:a@example.org"}));
  CHECK(j["desktop_entry"]["exec"] == "\"claws-mail\" \"--compose\" \"mailto:a@example.org\"");
}
