#include "ask/file_offer.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "mailtokit/utf8.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;

TEST_CASE("the files part of the question: the files, the refusals, the losses", "[file_offer]") {
  using mailtokit::attachments::refusal;
  std::vector<mailtokit::attachments::vetted_file> files(2);
  files[0].name = "report\u202E.odt";
  files[0].folder = "/home/u/Documents";
  files[0].size_text = "12.3 kB";
  files[0].type_text = "ODT document";
  files[1].requested.path_as_given = "/etc/passwd";
  files[1].shown_path = "/etc/passwd";
  files[1].name = "passwd";
  files[1].why = refusal::system_place;
  files[1].refusal_text = "it is in a system folder (/etc)";
  REQUIRE(files[0].allowed());
  REQUIRE_FALSE(files[1].allowed());
  const file_offer o = offer_text(files, "xdg-email (for soffice.bin)", "Thunderbird (thunderbird.desktop)");
  CHECK(o.intro == "xdg-email (for soffice.bin) asks to attach 2 files to the message for Thunderbird (thunderbird.desktop).");
  CHECK(o.advice.find("choose a file only if you asked to send it yourself") != std::string::npos);
  REQUIRE(o.files.size() == 1);  // only what may be attached is offered
  CHECK(o.files[0].name == "\xE2\x81\xA8report<U+202E>.odt\xE2\x81\xA9");  // a bidi override is shown, not obeyed
  CHECK(o.files[0].about == "in /home/u/Documents, 12.3 kB, ODT document");
  REQUIRE(o.notes.size() == 1);
  CHECK(o.notes[0] == "Never attached: \xE2\x81\xA8passwd\xE2\x81\xA9: it is in a system folder (/etc)");
  // What the program loses with files is said, each line shown, not obeyed.
  const file_offer l = offer_text(files, "", "Thunderbird", {"Thunderbird: loses In-Reply-To\xE2\x80\xAE"});
  CHECK(l.intro == "This request asks to attach 2 files to the message for Thunderbird.");
  REQUIRE(l.notes.size() == 2);
  CHECK(l.notes[1] == "If a file is attached: Thunderbird: loses In-Reply-To<U+202E>");
  // Nothing may be attached: nothing offered, and no loss said.
  files[0].why = refusal::hidden;
  files[0].refusal_text = "it is hidden";
  const file_offer none = offer_text(files, "", "Thunderbird", {"Thunderbird: loses In-Reply-To"});
  CHECK(none.files.empty());
  CHECK(none.notes.size() == 2);
  // Thirteen refused files: twelve named, the rest counted.
  std::vector<mailtokit::attachments::vetted_file> many(13);
  for (auto& f : many) {
    f.name = "passwd";
    f.why = refusal::system_place;
    f.refusal_text = "it is in a system folder (/etc)";
  }
  const file_offer m = offer_text(many, "", "Thunderbird");
  REQUIRE(m.notes.size() == 13);
  CHECK(m.notes.back() == "1 more file is never attached.");
}

TEST_CASE("file names are shown so that they cannot be reordered or cut at the end", "[file_offer]") {
  // A right-to-left name was drawn reordered; a long name was cut at its end.
  CHECK(shown_file_name("\xD8\xAA\xD9\x82\xD8\xB1\xD9\x8A\xD8\xB1 taxes-2023.pdf") ==
        "\xE2\x81\xA8" "\xD8\xAA\xD9\x82\xD8\xB1\xD9\x8A\xD8\xB1 taxes-2023.pdf\xE2\x81\xA9");

  const std::string long_name = std::string(200, 'a') + "-invoice.pdf.exe";
  const std::string shown(shown_file_name(long_name, 80));
  CHECK(shown.find("-invoice.pdf.exe\xE2\x81\xA9") != std::string::npos);  // the real ending stays
  CHECK(shown.find("\xE2\x80\xA6") != std::string::npos);
  CHECK(mailtokit::utf8::length(shown) == 80 + 2);  // 80 characters and the two isolates
  CHECK(shown_file_name("short.pdf") == "\xE2\x81\xA8short.pdf\xE2\x81\xA9");
  CHECK(shown_file_name("a\xE2\x80\xA8" "b") == "\xE2\x81\xA8" "a<U+2028>b\xE2\x81\xA9");
}
