// The first click's chooser and what it writes (open_link/first_choice.hpp, open_link/places.hpp): the
// places as options, none chosen, the default button the one that chooses; the choice written as
// `mailtokit use` writes it, every other line kept; bad answers refused in words.
#include "open_link/first_choice.hpp"

#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>
#include <vector>

#include "ask/format.hpp"
#include "../ask/ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::open_link;

namespace {

std::vector<place> sample_places() {
  return {{"desktop:org.gnome.Evolution", "Evolution", "org.gnome.Evolution", place::kind::program, {}, false},
          {"mutt", "mutt", "utilities-terminal", place::kind::program, {}, true},
          {"gmail", "Gmail", {}, place::kind::webmail, {}, false},
          {"roundcube", "Roundcube", {}, place::kind::organization, "https://mail.example.org/", false},
          {"webmail", "Webmail", {}, place::kind::organization, "https://mail.example.org/?to=%s", false},
          {"eml", "Save the draft as a file", "document-save", place::kind::file, {}, false}};
}

}  // namespace

TEST_CASE("first click: the chooser offers every place, none chosen, and only its button chooses", "[choose]") {
  const auto r = chooser_request(sample_places(), {});
  REQUIRE(r.groups.size() == 1);
  CHECK(r.groups[0].id == chooser_group);
  REQUIRE(r.options.size() == 6);
  for (const auto& o : r.options) {
    CHECK(o.group == chooser_group);
    CHECK_FALSE(o.chosen);  // a hurried Enter chooses nothing
    CHECK(o.address.empty());
  }
  CHECK(r.options[0].id == "desktop:org.gnome.Evolution");
  CHECK(r.options[0].icon == "org.gnome.Evolution");
  CHECK(r.options[1].label == "mutt, in a terminal");
  CHECK(r.options[2].label == "Gmail, in your browser");
  CHECK(r.options[2].icon == "web-browser");
  CHECK(r.options[2].example.empty());
  CHECK(r.options[3].label == "Your organization's Roundcube");
  CHECK(r.options[3].example == "https://mail.example.org/");  // it takes an address
  CHECK(r.options[4].example == "https://mail.example.org/?to=%s");
  CHECK(r.options[5].id == "eml");
  CHECK(r.default_id == chooser_button);
  REQUIRE(r.buttons.size() == 2);
  CHECK(r.buttons[0].id == "cancel");
  // What the chooser is for, as a plain line (no lone bullet), in words (no command syntax).
  CHECK(r.findings.empty());
  REQUIRE(r.choices.size() == 1);
  CHECK(r.choices[0].find('`') == std::string::npos);
  // It is a request the window takes.
  CHECK(ask::decode(ask::encode(r)));
  // Why the last answer could not be used comes first.
  const auto again = chooser_request(sample_places(), "the address must start with https://");
  REQUIRE(again.findings.size() == 1);
  CHECK(again.findings[0] == "the address must start with https://");
}

TEST_CASE("settings: the current place is chosen, with its address in its field", "[choose]") {
  const auto opts = place_options(sample_places(), "roundcube", "https://mail.example.net/");
  REQUIRE(opts.size() == 6);
  CHECK(opts[3].chosen);
  CHECK(opts[3].address == "https://mail.example.net/");
  CHECK_FALSE(opts[2].chosen);
  CHECK(opts[2].address.empty());
  // The address goes only into a field that takes one.
  const auto gmail = place_options(sample_places(), "gmail", "https://mail.example.net/");
  CHECK(gmail[2].chosen);
  CHECK(gmail[2].address.empty());
}

TEST_CASE("missing_parts says what is missing and what it costs, English needing no catalog") {
  for (const char* v : {"LANGUAGE", "LC_ALL", "LC_MESSAGES"}) ::unsetenv(v);
  ::setenv("LANG", "C.UTF-8", 1);
  CHECK(mailtokit::open_link::wants_english());
  CHECK(mailtokit::open_link::missing_parts(true, false).empty());  // English: no catalog needed
  ::setenv("LANGUAGE", "de", 1);
  CHECK_FALSE(mailtokit::open_link::wants_english());  // C.UTF-8 reads LANGUAGE
  ::setenv("LANG", "C", 1);
  CHECK(mailtokit::open_link::wants_english());  // plain C does not
  ::setenv("LANG", "fr_FR.UTF-8", 1);
  ::unsetenv("LANGUAGE");
  const auto both = mailtokit::open_link::missing_parts(false, false);
  REQUIRE(both.size() == 2);
  CHECK(both[0].find("mailtokit-ask") != std::string::npos);
  CHECK(both[0].find("cannot ask where mail goes") != std::string::npos);
  CHECK(both[1].find("English") != std::string::npos);
  CHECK(mailtokit::open_link::missing_parts(true, true).empty());
  ::setenv("LANG", "C.UTF-8", 1);
}

TEST_CASE("https_of_bare_host reads a host typed without a scheme as https, nothing else") {
  using mailtokit::open_link::https_of_bare_host;
  CHECK(https_of_bare_host("mail.example.org") == "https://mail.example.org/");
  CHECK(https_of_bare_host("mail.example.org/roundcube/") == "https://mail.example.org/roundcube/");
  CHECK(https_of_bare_host("mail.example.org:8443") == "https://mail.example.org:8443/");
  CHECK_FALSE(https_of_bare_host(""));
  CHECK_FALSE(https_of_bare_host("https://mail.example.org/"));
  CHECK_FALSE(https_of_bare_host("http://mail.example.org/"));
  CHECK_FALSE(https_of_bare_host("localhost"));  // no dot: not taken for a host
  CHECK_FALSE(https_of_bare_host("mail example.org"));
  CHECK_FALSE(https_of_bare_host("javascript:alert(1)"));
  CHECK_FALSE(https_of_bare_host(".example.org"));
  CHECK_FALSE(https_of_bare_host("mail.example.org/a b"));
}

TEST_CASE("the chooser asked again shows the answer that could not be used") {
  const std::vector<place> here = sample_places();
  const auto r = chooser_request(here, "why", "roundcube", "http://mail.example.org/");
  bool shown = false;
  for (const auto& o : r.options)
    if (o.id == "roundcube") shown = o.chosen && o.address == "http://mail.example.org/";
  CHECK(shown);
  CHECK(r.findings.front() == "why");
}
