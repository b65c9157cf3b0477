#include "mailtokit/handover.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"

using namespace mailtokit;

namespace {

draft parsed(const std::string& uri) {
  auto d = parse_draft(uri);
  REQUIRE(d);
  return *d;
}

std::string kinds(const std::vector<handover::change>& cs) {
  std::string out;
  for (const auto& c : cs) {
    if (!out.empty()) out += ',';
    out.append(handover::code_of(c.kind)).append("@").append(c.field);
  }
  return out.empty() ? "-" : out;
}

}  // namespace

TEST_CASE("plain names and local parts: text no reader of a hand-over changes", "[handover][hostile]") {
  CHECK(handover::plain_name("Jane Doe"));
  CHECK(handover::plain_name("Jos\u00E9 O'Brien-Smith Jr."));
  CHECK(handover::plain_name("\u5C71\u7530 \u592A\u90CE"));  // Japanese
  CHECK(handover::plain_name("Stra\u00DFe"));
  for (const char* bad : {"Doe, Jane", "a&b", "a;b", "back\\slash", "say \"hi\"", "a:b", "<x>", "a@b", "a=b", "a?b",
                          "100%", "two  spaces", " lead", "trail ", "", "\uFF21nn", "\U0001D400nn", "a\u2003b",
                          "a\u200Bb", "a\u202Eb", "\uFB01ne", "tab\there", "boss&#64evil&#46example&#44 y"})
    CHECK_FALSE(handover::plain_name(bad));
  CHECK(handover::plain_local_part("j.doe+tag"));
  CHECK(handover::plain_local_part("J_Doe-1"));
  CHECK(handover::plain_local_part("o'brien+tag"));
  CHECK(handover::plain_local_part("\u00FCser"));  // lower-case letters beyond ASCII
  for (const char* bad : {"\"a,b\"", "a%40b", "=?x?q?y?=", "a&b", ".a", "a.", "a..b", "\u00DCser", "stra\u00DFe",
                          "\U0001D41Boss", "a\uFF20b", "a/b", "a!b", "a#b", ""})
    CHECK_FALSE(handover::plain_local_part(bad));
}

TEST_CASE("plain domains: LDH labels of 1 to 63 octets, no literal", "[handover]") {
  CHECK(handover::plain_domain("xn--bcher-kva.example"));
  CHECK(handover::plain_domain("a-b.c9"));
  CHECK_FALSE(handover::plain_domain("[192.0.2.1]"));
  CHECK_FALSE(handover::plain_domain("-a.example"));
  CHECK_FALSE(handover::plain_domain("a..example"));
  CHECK_FALSE(handover::plain_domain(""));
  CHECK_FALSE(handover::plain_domain("a_b.example"));
  CHECK_FALSE(handover::plain_domain(std::string(64, 'a') + ".example"));
  CHECK(handover::plain_domain(std::string(63, 'a') + ".example"));
}

TEST_CASE("plain text: no code a reader decodes again in a header text", "[handover][hostile]") {
  for (const char* ok : {"Invoice 42", "2+2=?", "50% off", "R&D", "Tom&Jerry", "caf\u00E9", "a ? = b", "100%", "+%%25",
                         "50%25 off", "%41"})
    CHECK(handover::plain_text(ok));
  for (const char* bad : {"=?utf-8?q?Invoice=0ABcc:=20boss@evil.example?=", "x=?y?=z", "line%0Abreak", "a%250Ab",
                          "a&#10;b", "a&#x0A;b", "a&NewLine;Bcc: x", "boss&commat;evil.example", "&lt;x&gt;"})
    CHECK_FALSE(handover::plain_text(bad));
  CHECK(handover::defused("=?utf-8?q?Hi?=") == "= ?utf-8?q?Hi?=");
  CHECK(handover::defused("a%0Ab") == "a% 0Ab");
  CHECK(handover::defused("a&#10;b&NewLine;") == "a& #10;b& NewLine;");
  CHECK(handover::defused("Invoice 42") == "Invoice 42");
  // An encoded word spelled in percent escapes: a reader that decodes twice then decodes the word.
  CHECK_FALSE(handover::plain_text("x%3D%3Futf-8%3Fq%3Fa%3D0Ab%3F%3D"));
  CHECK(handover::plain_text(handover::defused("x%3D%3Futf-8%3Fq%3Fa%3D0Ab%3F%3D")));
  CHECK(handover::plain_text("Q %2b0A"));  // decodes into "Q +0A": plain text still
  for (const char* bad : {"=?utf-8?q?Invoice=0ABcc:=20boss@evil.example?=", "==??", "%%0A", "&&#35;", "=?=?%4%0d%41",
                          "%25%30A"})
    CHECK(handover::plain_text(handover::defused(bad)));
}

TEST_CASE("a subject that a reader decodes again is defused, and said", "[handover][hostile]") {
  // The link's subject is an encoded word of an encoded word: mailtokit decodes it once, into
  // the text "=?utf-8?q?Invoice=0ABcc:=20boss@evil.example?=", which Thunderbird decodes again
  // into "Invoice" and a second line "Bcc: boss@evil.example".
  auto d = parsed("mailto:a@example.org?subject="
                  "%3D%3Futf-8%3Fb%3FPT91dGYtOD9xP0ludm9pY2U9MEFCY2M6PTIwYm9zc0BldmlsLmV4YW1wbGU%2FPQ%3D%3D%3F%3D");
  REQUIRE(d.subject);
  CHECK(*d.subject == "=?utf-8?q?Invoice=0ABcc:=20boss@evil.example?=");
  const std::string before = *d.subject;
  REQUIRE_FALSE(handover::plain_text(before));
  const auto predicted = handover::changes(d);
  const auto made = handover::make_safe(d);
  CHECK(predicted == made);
  CHECK(kinds(made) == "handover_text_defused@subject");
  CHECK(made[0].before == before);
  CHECK(*d.subject == made[0].after);
  CHECK(handover::plain_text(*d.subject));
  CHECK(handover::make_safe(d).empty());  // idempotent
}

TEST_CASE("mailboxes past the smallest reader's limit lose their name, long texts are shortened", "[handover][hostile]") {
  // mutt cut "<payroll@acme.community>" to "payroll@acme.com" behind a name of 1,004 bytes.
  const std::string name(1004, 'a');
  auto d = parsed("mailto:?to=%22" + name + "%22%20%3Cpayroll@acme.community%3E&bcc=%22" + name +
                  "%22%20%3Cspy@acme.community%3E");
  REQUIRE(d.to.size() == 1);
  REQUIRE(d.to[0].display_name == name);
  const auto made = handover::make_safe(d);
  CHECK(kinds(made) == "handover_name_taken_off@to[0],handover_name_taken_off@bcc[0]");
  CHECK(made[0].reason == handover::change_reason::too_long);
  CHECK(made[0].recipient == "payroll@acme.community");
  CHECK(d.to[0].display_name.empty());
  CHECK(handover::spec(d.to[0]) == "payroll@acme.community");
  // A name that fits is kept: the limit is on the whole mailbox.
  const handover::limits l;
  const std::string fits(l.mailbox_bytes - std::string("\"\" <payroll@acme.community>").size(), 'b');
  auto e = parsed("mailto:?to=%22" + fits + "%22%20%3Cpayroll@acme.community%3E");
  CHECK(handover::make_safe(e).empty());
  auto f = parsed("mailto:?to=%22" + fits + "b%22%20%3Cpayroll@acme.community%3E");
  CHECK(kinds(handover::make_safe(f)) == "handover_name_taken_off@to[0]");
  // A subject past the text limit is cut at a character boundary.
  std::string subject;
  while (subject.size() < 2 * l.text_bytes) subject += "caf%C3%A9 ";
  auto g = parsed("mailto:a@example.org?subject=" + subject);
  const auto cut = handover::make_safe(g);
  REQUIRE(kinds(cut) == "handover_text_shortened@subject");
  CHECK(g.subject->size() <= l.text_bytes);
  CHECK(g.subject->size() > l.text_bytes - 4);
  CHECK(g.subject->back() != '\xC3');
}

TEST_CASE("recipients that are not plain are left out, with the index the draft had", "[handover][hostile]") {
  auto d = parsed("mailto:ok@example.org,a%2540b@example.org?cc=%22x%22@example.org&cc=fine@example.org"
                  "&to=%22boss%26%2364evil%26%2346example%26%2344%20y%22%20%3Cc@example.org%3E");
  const auto made = handover::make_safe(d);
  CHECK(kinds(made) ==
        "handover_address_left_out@to[1],handover_name_taken_off@to[2],handover_address_left_out@cc[0]");
  CHECK(made[0].reason == handover::change_reason::decodes_again);
  REQUIRE(d.to.size() == 2);
  CHECK(d.to[0].local_part == "ok");
  CHECK(d.to[1].local_part == "c");
  CHECK(d.to[1].display_name.empty());
  REQUIRE(d.cc.size() == 1);
  CHECK(d.cc[0].local_part == "fine");
}

TEST_CASE("preview reports what the hand-over will change, as findings", "[handover][preview]") {
  // Roundcube reads this name as "boss@evil.example, y": open drops it; preview and inspect say so.
  auto d = parsed("mailto:?to=%22boss%26%2364evil%26%2346example%26%2344%20y%22%20%3Cc@example.org%3E");
  const auto findings = preview::check(d);
  bool said = false;
  for (const auto& f : findings)
    if (f.code == "handover_name_taken_off" && f.field == "to[0]") said = true;
  CHECK(said);
  auto safe = d;
  (void)handover::make_safe(safe);
  for (const auto& f : preview::check(safe)) CHECK(f.code.rfind("handover_", 0) != 0);
}
