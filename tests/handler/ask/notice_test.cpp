#include "ask/notice.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "question_support.hpp"
#include "ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;
using namespace question_support;

TEST_CASE("the notification says each repair in plain words, once per kind", "[question][notice]") {
  // Two syntax repairs (a literal '%', a field without '=') are one sentence.
  const std::string syntax = notice("mailto:a@example.org?subject=100%&keywords");
  CHECK(syntax == "The link was not written quite correctly; mailtokit read it the way it was evidently meant.\n");
  // Where the text changed is named before a colon.
  const std::string text = notice("mailto:a@example.org?subject=a%0Ab%FF&body=x%01y&keywords=k%E2%80%8Bw%0Dz");
  CHECK(has(text, "Subject: line breaks or control characters were removed.\n"));
  CHECK(has(text, "Subject: some letters could not be read and were replaced.\n"));
  CHECK(has(text, "Message text: control characters were removed.\n"));
  CHECK(has(text, "Keywords: line breaks or control characters were removed.\n"));
  check_plain_text(text);
  // Line breaks written as a bare %0A are no news: no line at all.
  CHECK(notice("mailto:a@example.org?body=line%201%0Aline%202") == "");
  CHECK(notice("mailto:a@example.org?subject=fine") == "");
}

TEST_CASE("the notification names risky things and removed fields as the question does", "[question][notice]") {
  const std::string t = notice(issue_link);
  CHECK(has(t, "admin@\xD0\xB0pple.com is not apple.com\n"));
  CHECK(has(t, "This link would send a hidden copy to x@evil.example\n"));
  // attach= is told by offer_files() (offered, or not attached and why), so not here.
  CHECK_FALSE(has(t, "passwd"));
  check_plain_text(t);
  // Other fields that ask for a file, and fields a link may not set, are named.
  const std::string dropped = notice("mailto:a@example.org?insert=%2Fetc%2Fshadow&from=boss@example.org&x-y=1");
  CHECK(has(dropped, "mailtokit removed a request to attach /etc/shadow: a link may never attach files.\n"));
  CHECK(has(dropped, "mailtokit removed 2 fields a link may not set: \"from\", \"x-y\".\n"));
  // A long subject is worth reading in full.
  CHECK(has(notice("mailto:a@example.org?subject=" + std::string(300, 'x')),
            "The subject is long: read all of it before you send it.\n"));
  // An address some servers cannot deliver to.
  const std::string utf8 = notice("mailto:%D0%BF%D0%BE%D1%87%D1%82%D0%B0@example.org");
  CHECK(has(utf8, "has letters outside A to Z before the @; some mail servers cannot deliver to it.\n"));
}

