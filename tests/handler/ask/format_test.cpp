// The question's file format (ask/format.hpp): what mailtokit-ask refuses, and what it shows of
// hostile text.
#include "ask/format.hpp"

#include <catch2/catch.hpp>

#include "../error_of.hpp"
#include <string>

using namespace mailtokit;

namespace {

// A question as the program writes one: the safe button first and the default.
ask::request sample() {
  ask::request r;
  r.title = "mailtokit: check this link before it opens";
  r.headline = "admin@\xD0\xB0pple.com is not apple.com";
  r.findings = {"x@evil.example would get the message"};
  r.choices = {"Cancel: nothing is opened."};
  r.details = "To: admin@\xD0\xB0pple.com\n";
  r.buttons = {{"cancel", "Cancel"}, {"open", "Open as it is"}};
  r.default_id = "cancel";
  return r;
}

}  // namespace

TEST_CASE(
    "confirm window: mailtokit-ask's input: anything but the format is refused, hidden characters shown",
    "[confirm]") {
  std::string why;
  const std::string good = ask::encode(sample());
  CHECK(ask::decode(good));
  why = error_of(ask::decode(""));
  why = error_of(ask::decode("mailtokit-ask 2\n"));
  CHECK_FALSE(ask::decode(good.substr(0, good.size() - 1)));  // last record cut short
  why = error_of(ask::decode(good + "x"));
  why = error_of(ask::decode("mailtokit-ask 1\ntitle 99\nshort\n"));
  CHECK(why.find("shorter than its length") != std::string::npos);
  CHECK_FALSE(ask::decode("mailtokit-ask 1\ntitle 9999999\nx\n"));  // over max_field
  why = error_of(ask::decode("mailtokit-ask 1\ntitle -1\nx\n"));
  why = error_of(ask::decode("mailtokit-ask 1\nscript 1\nx\nbutton:cancel 1\nC\ndefault 6\ncancel\n"));
  CHECK(why.find("unknown record") != std::string::npos);
  // Invalid UTF-8 (an overlong '<'), no button, a default that is no button, bad ids.
  why = error_of(ask::decode("mailtokit-ask 1\ntitle 2\n\xC0\xBC\nbutton:cancel 1\nC\ndefault 6\ncancel\n"));
  CHECK(why.find("UTF-8") != std::string::npos);
  why = error_of(ask::decode("mailtokit-ask 1\ndefault 6\ncancel\n"));
  why = error_of(ask::decode("mailtokit-ask 1\nbutton:cancel 1\nC\ndefault 4\nopen\n"));
  why = error_of(ask::decode("mailtokit-ask 1\nbutton:Open 1\nC\ndefault 4\nOpen\n"));
  CHECK_FALSE(ask::decode("mailtokit-ask 1\nbutton:a 1\nA\nbutton:a 1\nB\ndefault 1\na\n"));
  std::string many = "mailtokit-ask 1\n";
  for (int i = 0; i < 40; ++i) many += "finding 1\nx\n";
  why = error_of(ask::decode(many + "button:cancel 1\nC\ndefault 6\ncancel\n"));
  CHECK_FALSE(ask::decode(std::string(ask::max_input + 1, 'x')));
  // A bidi override, an isolate and an escape become U+FFFD; line breaks and tabs stay.
  const std::string hostile =
      "a\xE2\x80\xAE"
      "b\xE2\x81\xA6"
      "c\x1B[31m\td\ne";
  const auto r = ask::decode("mailtokit-ask 1\nheadline " + std::to_string(hostile.size()) + "\n" + hostile +
                                 "\nbutton:cancel 1\nC\ndefault 6\ncancel\n");
  REQUIRE(r);
  CHECK(r->headline ==
        "a\xEF\xBF\xBD"
        "b\xEF\xBF\xBD"
        "c\xEF\xBF\xBD[31m\td\ne");
  // The details (the preview's text) keep their isolates, nothing else.
  const auto d = ask::decode("mailtokit-ask 1\ndetails " + std::to_string(hostile.size()) + "\n" + hostile +
                                 "\nbutton:cancel 1\nC\ndefault 6\ncancel\n");
  REQUIRE(d);
  CHECK(d->details ==
        "a\xEF\xBF\xBD"
        "b\xE2\x81\xA6"
        "c\xEF\xBF\xBD[31m\td\ne");
}
