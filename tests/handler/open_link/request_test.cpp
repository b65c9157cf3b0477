// The first stages of `open`, shared with `preview` (open_link/request.hpp): the request read from a
// configuration file and a link, and the draft made the hand-over.
#include "open_link/request.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "../temp_files.hpp"

using namespace mailtokit;
using namespace mailtokit::open_link;

namespace {

// A HOME of its own with `config` as mailtokit's configuration file.
xdg::environment home_with(const temp_dir& t, std::string_view config) {
  xdg::environment env;
  env.home = t.path;
  std::filesystem::create_directories(t.path + "/.config/mailtokit");
  write_file(t.path + "/.config/mailtokit/config", config);
  return env;
}

}  // namespace

TEST_CASE("a request is read with the configuration's policy and from =", "[request]") {
  temp_dir t("mailtokit-request");
  const auto env = home_with(t, "from = Me <me@example.org>\nstrict = no\n");
  auto r = read_request({"mailto:a@example.org?subject=hi&x-spam=1", false, {}, {}}, env);
  REQUIRE(r);
  CHECK(r->lc.exists);
  CHECK_FALSE(r->po.strict);
  REQUIRE(r->d.to.size() == 1);
  CHECK(r->d.subject == "hi");
  REQUIRE(r->d.from);
  CHECK(r->d.from->unicode() == "me@example.org");
  // preview's --keep: a header field besides the policy's.
  auto kept = read_request({"mailto:a@example.org?x-spam=1", false, {"x-spam"}, {}}, env);
  REQUIRE(kept);
  CHECK(kept->d.headers.size() == 1);
}

TEST_CASE("each stage a request can fail at is named, with what is kept", "[request]") {
  temp_dir t("mailtokit-request");
  auto env = home_with(t, "notify = no\n");
  auto refused = read_request({"https://example.org/", false, {}, {}}, env);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().step == read_step::not_mailto);
  CHECK_FALSE(refused.error().notify);  // the configuration's notify = no, read before the refusal
  auto bad = read_request({"mailto:a@example.org?subject=100%", true, {}, {}}, env);
  REQUIRE_FALSE(bad);
  CHECK(bad.error().step == read_step::link);
  REQUIRE(bad.error().link_error);
  CHECK(bad.error().why.advice.find("reads links strictly") != std::string::npos);  // only --strict refused it
  env = home_with(t, "keep = reply-to\n");  // never kept: an originator field
  auto policy = read_request({"mailto:a@example.org", false, {}, {}}, env);
  REQUIRE_FALSE(policy);
  CHECK(policy.error().step == read_step::policy);
  CHECK(policy.error().by_default);  // the draft as the defaults read it, to be kept
  env = home_with(t, "from = not an address\n");
  auto from = read_request({"mailto:a@example.org", false, {}, {}}, env);
  REQUIRE_FALSE(from);
  CHECK(from.error().step == read_step::from);
  CHECK(from.error().read);
  CHECK(from.error().lc);
  env = home_with(t, "this is no setting\n");
  auto config = read_request({"mailto:a@example.org", false, {}, {}}, env);
  REQUIRE_FALSE(config);
  CHECK(config.error().step == read_step::config);
  CHECK(config.error().why.exit_code == exit_config);
}

TEST_CASE("the draft made the hand-over: what is not plain is said and left out, once", "[request]") {
  temp_dir t("mailtokit-request");
  const auto env = home_with(t, "");
  auto r = read_request({"mailto:ok@example.org,%3D%3Futf-8%3Fb%3FYm9zc0BldmlsLmV4YW1wbGU%3D%3F%3D@corp.example",
                         false, {}, {}},
                        env);
  REQUIRE(r);
  REQUIRE(r->d.to.size() == 2);
  const auto changes = hand_over_safe(r->d);
  CHECK(changes.size() == 1);
  CHECK(r->d.to.size() == 1);
  CHECK(hand_over_safe(r->d).empty());  // idempotent
}
