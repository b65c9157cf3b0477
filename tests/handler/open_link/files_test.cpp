// The files a request asks to attach (open_link/files.hpp): where they come from, and that a file the
// answer did not tick, or that nobody could be asked about, is never attached.
#include "open_link/files.hpp"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "ask/question.hpp"
#include "mailtokit/preview.hpp"

using namespace mailtokit;
using namespace mailtokit::open_link;
using namespace mailtokit::ask;
using namespace mailtokit::xdg;
using mailtokit::errors::open_failure;

TEST_CASE("the files asked for: attach= and attachment= the policy dropped, and send --attach", "[files]") {
  auto d = parse_draft("mailto:a@example.org?attach=%2Ftmp%2Fa&Attachment=%2Ftmp%2Fb&x-attach-file=%2Ftmp%2Fc", {},
                       policy::defaults());
  REQUIRE(d);
  const auto r = attach_requests(*d, {"/home/u/c.pdf"});
  REQUIRE(r.size() == 3);
  CHECK(r[0].path_as_given == "/home/u/c.pdf");
  CHECK(r[1].path_as_given == "/tmp/a");
  CHECK(r[2].path_as_given == "/tmp/b");  // x-attach-file= is dropped, never offered
}

TEST_CASE("only the ticked files, and only when they were shown, are attached", "[files]") {
  char dir_template[] = "/tmp/mailtokit-files-test-XXXXXX";
  REQUIRE(mkdtemp(dir_template) != nullptr);
  const std::string dir = dir_template;
  for (const char* name : {"a.txt", "b.txt"}) std::ofstream(dir + "/" + name) << name << "\n";
  auto d = parse_draft("mailto:a@example.org", {}, policy::defaults());
  REQUIRE(d);
  attachments::vet_context vc;
  vc.home = dir;
  open_plan plan;
  auto attach = [&](const answer& a, std::string why_not) {
    file_request r;
    r.files = attachments::vet_all({{dir + "/a.txt"}, {dir + "/b.txt"}}, vc);
    r.why_not = std::move(why_not);
    return attach_ticked(*d, r, a, plan, dir);
  };
  const auto ticked = attach(answer{choice::open, {1}, true}, "");
  REQUIRE(ticked.handed.size() == 1);
  CHECK(ticked.handed[0].find("b.txt") != std::string::npos);
  REQUIRE(ticked.told.size() == 1);
  CHECK(ticked.told[0].find("a.txt: you did not choose to attach it") != std::string::npos);
  const auto unseen = attach(answer{choice::open, {0, 1}, false}, "");
  CHECK(unseen.handed.empty());
  CHECK(unseen.told.size() == 2);
  const std::string strict = "links are read strictly here (--strict or the configuration file), and that attaches no file";
  const auto refused = attach(answer{choice::open, {0, 1}, true}, strict);
  CHECK(refused.handed.empty());
  CHECK(refused.told[0].find(strict) != std::string::npos);
  (void)std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("a clicked link's files are all told the link's reason, in a system folder or not", "[files]") {
  char dir_template[] = "/tmp/mailtokit-files-test-XXXXXX";
  REQUIRE(mkdtemp(dir_template) != nullptr);
  const std::string dir = dir_template;
  std::ofstream(dir + "/a.txt") << "a\n";
  auto d = parse_draft("mailto:a@example.org", {}, policy::defaults());
  REQUIRE(d);
  attachments::vet_context vc;
  vc.home = dir;
  open_plan plan;
  file_request r;
  r.files = attachments::vet_all({{"/etc/passwd"}, {dir + "/a.txt"}}, vc);
  REQUIRE_FALSE(r.files[0].allowed());
  const std::string link = "the request came from a link in firefox-esr, and a link never attaches files";
  r.why_not = link;
  r.from_link = true;
  const auto told = attach_ticked(*d, r, answer{choice::open, {0}, true}, plan, dir).told;
  REQUIRE(told.size() == 2);
  CHECK(told[0] == "not attached: /etc/passwd: " + link);
  CHECK(told[1].find(link) != std::string::npos);
  r.from_link = false;  // from a terminal the place is the reason
  const auto typed = attach_ticked(*d, r, answer{choice::open, {0}, true}, plan, dir).told;
  CHECK(typed[0].find("/etc") != std::string::npos);
  CHECK(typed[0].find(link) == std::string::npos);
  (void)std::system(("rm -rf '" + dir + "'").c_str());
}

TEST_CASE("files that cannot be offered are said in the question's own text, not only in Details", "[files]") {
  char dir_template[] = "/tmp/mailtokit-files-test-XXXXXX";
  REQUIRE(mkdtemp(dir_template) != nullptr);
  const std::string dir = dir_template;
  std::ofstream(dir + "/report.pdf") << "%PDF-1.4\n";
  auto d = parse_draft("mailto:a@example.org?bcc=spy@evil.example&attach=" + dir + "/report.pdf", {},
                       policy::defaults());
  REQUIRE(d);
  xdg::environment env;
  env.home = dir;
  // Nobody who can show files can be asked: no terminal, no display.
  const auto r = request_files(*d, {}, open_plan{}, offer_rules{}, ask_context{}, desktop_ui{}, env, xdg::config{});
  REQUIRE_FALSE(r.why_not.empty());
  CHECK(r.offer.files.empty());
  REQUIRE(r.offer.notes.size() == 1);
  CHECK(r.offer.notes[0].find("report.pdf") != std::string::npos);
  CHECK(r.offer.notes[0].find("is not attached: " + r.why_not + ".") != std::string::npos);
  const auto q = make_question(*d, preview::check(*d), {}, {}, r.offer);
  bool said = false;
  for (const auto& f : q.findings) said = said || f == r.offer.notes[0];
  CHECK(said);
  (void)std::system(("rm -rf '" + dir + "'").c_str());
}
