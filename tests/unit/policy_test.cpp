#include "mailtokit/policy.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "mailtokit/utf8.hpp"
#include "tsv.hpp"

using namespace mailtokit;
using test::split;

namespace {


// No C0/C1 control, DEL, U+2028 or U+2029, and valid UTF-8 (RFC 6068 section 7).
bool header_safe(const std::string& s) {
  if (!utf8::validate(s)) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x20 || c == 0x7F) return false;
    if (c == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) <= 0x9F) return false;
  }
  return s.find("\xE2\x80\xA8") == std::string::npos && s.find("\xE2\x80\xA9") == std::string::npos;
}

bool has_warning(const draft& d, const std::string& code) {
  for (const auto& w : d.warnings)
    if (to_name(w.code) == code) return true;
  return false;
}

// The checks every draft must pass, whatever the URI was.
void check_safe(const draft& d) {
  if (d.subject) CHECK(header_safe(*d.subject));
  for (const auto& h : d.headers) {
    INFO("header " << h.name);
    CHECK(header_safe(h.value));
    // Default policy: only these come through as extra header fields.
    CHECK((h.name == "In-Reply-To" || h.name == "Keywords" || h.name == "References"));
  }
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list) {
      CHECK(header_safe(a.unicode()));
      CHECK(header_safe(a.display_name));
      if (a.valid) {
        // A valid address holds no bidi control (they are refused in local parts and by IDNA).
        for (const char* bidi : {"\xE2\x80\xAE", "\xE2\x80\xAD", "\xE2\x81\xA6", "\xE2\x80\x8F"})
          CHECK(a.unicode().find(bidi) == std::string::npos);
      }
    }
  if (d.body) {
    for (std::size_t k = 0; k < d.body->size(); ++k) {
      const auto c = static_cast<unsigned char>((*d.body)[k]);
      if (c == '\r') CHECK((k + 1 < d.body->size() && (*d.body)[k + 1] == '\n'));
      if (c == '\n') CHECK((k > 0 && (*d.body)[k - 1] == '\r'));
      if (c != '\r' && c != '\n') CHECK((c >= 0x20 || c == '\t'));
    }
  }
  for (const auto& f : d.dropped) CHECK_FALSE(f.reason.empty());
  CHECK_FALSE(d.from);
}

}  // namespace

TEST_CASE("hostile inputs (tests/data/hostile_inputs.tsv)", "[policy][hostile]") {
  for (const auto& row : test::load_tsv("hostile_inputs.tsv")) {
    INFO("line " << row.line << ": " << row.at(0) << " -- " << row.at(6));
    auto d = parse_draft(row.at(0));
    if (row.at(1) != "ok") {
      // Today's rejections hold under strict; by default the link is refused the same way, or
      // read with its repairs disclosed and a safe draft.
      parse_options strict;
      strict.strict = true;
      auto s = parse_draft(row.at(0), strict);
      test::check_refused(s, row.at(1));
      if (d) {
        CHECK_FALSE(d->warnings.empty());
        check_safe(*d);
      } else {
        CHECK(d.error() == s.error());
      }
      continue;
    }
    REQUIRE(d);
    check_safe(*d);
    const auto want_dropped = split(row.at(2), " | ");
    REQUIRE(d->dropped.size() == want_dropped.size());
    for (std::size_t i = 0; i < want_dropped.size(); ++i) {
      const auto tilde = want_dropped[i].find('~');
      CHECK(d->dropped[i].name == want_dropped[i].substr(0, tilde));
      INFO("reason: " << d->dropped[i].reason);
      CHECK(d->dropped[i].reason.find(want_dropped[i].substr(tilde + 1)) != std::string::npos);
    }
    for (const auto& code : split(row.at(3), " | ")) {
      INFO("warning " << code);
      CHECK(has_warning(*d, code));
    }
    if (row.at(4) == "(none)")
      CHECK_FALSE(d->subject);
    else if (row.at(4) != "*")
      CHECK(d->subject == row.at(4));
    if (row.at(5) != "*") {
      std::vector<std::string> to;
      for (const auto& a : d->to) to.push_back(a.unicode());
      CHECK(to == split(row.at(5), " | "));
    }
  }
}

TEST_CASE("file access, originator, MIME and HTML fields can never be kept", "[policy]") {
  policy p = policy::defaults();
  for (const char* name : {"attach", "ATTACHMENT", "Attachments", "insert", "x-attach-file", "from", "Sender", "reply-to",
                           "return-path", "resent-from", "date", "message-id", "received", "Content-Type",
                           "mime-version", "html-body", "bad name", "", "a:b"}) {
    INFO(name);
    CHECK_FALSE(p.keep(name));
    CHECK_FALSE(p.reason_to_drop(name).empty());
  }
  CHECK(p.kept() == policy::defaults().kept());
}

TEST_CASE("applications widen and narrow the kept set", "[policy]") {
  policy p = policy::defaults();
  CHECK(p.kept() ==
        std::vector<std::string>{"to", "cc", "bcc", "subject", "body", "keywords", "in-reply-to", "references"});
  CHECK(p.keep("X-Campaign"));
  CHECK(p.keep("x-campaign"));  // once only
  CHECK(p.kept().size() == 9);
  p.drop("BCC");
  p.drop("body");
  CHECK(p.reason_to_drop("bcc").find("policy") != std::string::npos);
  auto d = parse_draft("mailto:a@example.com?x-campaign=fall&bcc=b@example.com&body=x&blat=1", {}, p);
  REQUIRE(d);
  REQUIRE(d->headers.size() == 1);
  CHECK(d->headers[0] == header_field{"X-Campaign", "fall"});
  CHECK(d->bcc.empty());
  CHECK_FALSE(d->body);
  REQUIRE(d->dropped.size() == 3);
  CHECK(d->dropped[0].name == "bcc");
  CHECK(d->dropped[0].value == "b@example.com");
  CHECK(d->dropped[1].name == "body");
  CHECK(d->dropped[2].name == "blat");
  CHECK(d->dropped[2].reason.find("unknown") != std::string::npos);
}

TEST_CASE("repeated fields: last subject wins, bodies join with CRLF, to/cc/bcc accumulate", "[policy]") {
  auto d = parse_draft(
      "mailto:a@example.com?subject=one&body=first&to=b@example.com&subject=two&body=second&cc=c@example.com&"
      "to=d@example.com&in-reply-to=%3C1@x%3E&in-reply-to=%3C2@x%3E&keywords=k1&keywords=k2");
  REQUIRE(d);
  CHECK(d->subject == "two");
  CHECK(d->body == "first\r\nsecond");
  REQUIRE(d->to.size() == 3);
  CHECK(d->to[0].unicode() == "a@example.com");
  CHECK(d->to[1].unicode() == "b@example.com");
  CHECK(d->to[2].unicode() == "d@example.com");
  REQUIRE(d->cc.size() == 1);
  CHECK(d->headers == std::vector<header_field>{{"In-Reply-To", "<2@x>"}, {"Keywords", "k1"}, {"Keywords", "k2"}});
  int repeated = 0;
  for (const auto& w : d->warnings) repeated += w.code == warning_code::repeated_field;
  CHECK(repeated == 3);
}

TEST_CASE("apply_policy on a parsed URI equals parse_draft", "[policy]") {
  const char* uri = "mailto:a@example.com?subject=hi%0D%0Athere&attach=x&body=b%0Ac";
  auto u = parse_mailto(uri);
  REQUIRE(u);
  auto d1 = apply_policy(*u);
  auto d2 = parse_draft(uri);
  REQUIRE(d2);
  CHECK(d1.subject == d2->subject);
  CHECK(d1.body == d2->body);
  CHECK(d1.dropped == d2->dropped);
  CHECK(d1.warnings == d2->warnings);
  // The parsed URI itself still says everything, unsanitized.
  CHECK(u->hfields[0].value == "hi\r\nthere");
}

namespace {

void require_same(const draft& a, const draft& b) {
  CHECK(a.to == b.to);
  CHECK(a.cc == b.cc);
  CHECK(a.bcc == b.bcc);
  CHECK(a.subject == b.subject);
  CHECK(a.body == b.body);
  CHECK(a.headers == b.headers);
  CHECK(a.dropped == b.dropped);
  CHECK(a.warnings == b.warnings);
  CHECK(a.from == b.from);
}

}  // namespace

// parse_draft() applies the policy field by field while parsing, draft_parser does the same
// into a reused draft, apply_policy() works on a finished mailto_uri: all three must agree on
// every vector, with one draft_parser carried from link to link (so reuse shows), under the
// default policy, a wider one and a narrower one.
TEST_CASE("parse_draft, apply_policy(parse_mailto) and a reused draft_parser agree", "[policy][bulk]") {
  std::vector<std::string> links;
  for (const char* file : {"rfc6068_examples.tsv", "hostile_inputs.tsv", "compose_oracle_uri.tsv"})
    for (const auto& row : test::load_tsv(file)) links.push_back(row.at(0));
  links.push_back("mailto:a@example.com?subject=1&subject=2&body=x&body=y%0Az&cc=b@example.com&to=c@example.com");
  links.push_back("mailto:a@example.com?in-reply-to=%3C1@x%3E&in-reply-to=%3C2@x%3E&keywords=k&x-custom=v#frag");
  links.push_back("mailto:?body=" + std::string(3000, 'b') + "&subject=" + std::string(200, 's'));
  REQUIRE(links.size() > 100);

  policy wide = policy::defaults();
  REQUIRE(wide.keep("X-Custom"));
  policy narrow = policy::defaults();
  narrow.drop("body");
  narrow.drop("CC");
  const policy standard = policy::defaults();
  for (const policy* p : std::vector<const policy*>{&standard, &wide, &narrow}) {
    draft_parser bulk({}, *p);
    for (int pass = 0; pass < 2; ++pass) {
      for (std::size_t k = 0; k < links.size(); ++k) {
        const std::string& link = links[pass == 0 ? k : links.size() - 1 - k];
        INFO("link " << link);
        const auto d = parse_draft(link, {}, *p);
        const auto u = parse_mailto(link);
        const auto r = bulk.parse(link);
        REQUIRE(d.has_value() == u.has_value());
        REQUIRE(d.has_value() == r.has_value());
        if (!d) {
          CHECK(d.error() == u.error());
          CHECK(d.error() == r.error());
          CHECK(bulk.current().to.empty());
          CHECK_FALSE(bulk.current().subject);
          continue;
        }
        require_same(*d, apply_policy(*u, *p));
        require_same(*d, bulk.current());
      }
    }
  }
}

TEST_CASE("policy::keeps tests lower-cased names, the default ones by bit", "[policy]") {
  policy p = policy::defaults();
  for (const char* n : {"to", "cc", "bcc", "subject", "body", "keywords", "in-reply-to", "references"})
    CHECK(p.keeps(n));
  CHECK_FALSE(p.keeps("x-custom"));
  CHECK_FALSE(p.keeps("Subject"));
  CHECK_FALSE(p.keeps("subjec"));
  p.drop("Subject");
  CHECK_FALSE(p.keeps("subject"));
  CHECK(p.keep("x-custom"));
  CHECK(p.keeps("x-custom"));
  CHECK(p.keep("SUBJECT"));
  CHECK(p.keeps("subject"));
}

TEST_CASE("dropped reasons are sentences that name the rule", "[policy]") {
  const policy p = policy::defaults();
  CHECK(p.reason_to_drop("subject").empty());
  CHECK(p.reason_to_drop("In-Reply-To").empty());
  CHECK(p.reason_to_drop("%61ttach").find("encoded twice") != std::string::npos);
  CHECK(p.reason_to_drop("attach").find("RFC 6068 section 7") != std::string::npos);
  CHECK(p.reason_to_drop("From").find("RFC 6068 section 3") != std::string::npos);
  CHECK(p.reason_to_drop("x-unknown").find("unknown") != std::string::npos);
}

TEST_CASE("an HTML body becomes the plain-text body it means (tests/data/html_bodies.tsv)",
          "[policy][html]") {
  for (const auto& row : test::load_tsv("html_bodies.tsv")) {
    INFO("line " << row.line << ": " << row.at(0) << " -- " << row.at(4));
    for (const bool strict : {false, true}) {
      // Not a repair of the link's syntax: strict reads it the same.
      parse_options o;
      o.strict = strict;
      auto d = parse_draft(row.at(0), o);
      REQUIRE(d);
      check_safe(*d);
      if (row.at(1) == "(none)") {
        CHECK_FALSE(d->body);
      } else {
        REQUIRE(d->body);
        CHECK(*d->body == row.at(1));
        // Never HTML in the draft: no tag of the link survives as markup.
        CHECK((d->body->find("<b>") == std::string::npos || row.at(1).find("<b>") != std::string::npos));
      }
      const auto want_dropped = split(row.at(2), " | ");
      REQUIRE(d->dropped.size() == want_dropped.size());
      for (std::size_t i = 0; i < want_dropped.size(); ++i) {
        const auto tilde = want_dropped[i].find('~');
        CHECK(d->dropped[i].name == want_dropped[i].substr(0, tilde));
        INFO("reason: " << d->dropped[i].reason);
        CHECK(d->dropped[i].reason.find(want_dropped[i].substr(tilde + 1)) != std::string::npos);
      }
      std::vector<std::string> got;
      for (const auto& w : d->warnings) {
        got.push_back(std::string(to_name(w.code)) + "@" + std::to_string(w.offset));
        CHECK_FALSE(is_repair(w.code));
      }
      const auto want = split(row.at(3), " | ");
      for (const auto& w : want) CHECK(std::find(got.begin(), got.end(), w) != got.end());
      if (want.empty()) CHECK_FALSE(has_warning(*d, "html_body_converted"));
      // Idempotent: the clean link of the draft has the body as 'body', read with no conversion.
      auto again = parse_draft(build_mailto(*d));
      REQUIRE(again);
      CHECK(again->body == d->body);
      CHECK_FALSE(has_warning(*again, "html_body_converted"));
      // parse_draft() is parse_mailto() then apply_policy().
      auto u = parse_mailto(row.at(0), o);
      REQUIRE(u);
      const draft applied = apply_policy(*u);
      CHECK(applied.body == d->body);
      CHECK(applied.dropped == d->dropped);
      CHECK(applied.warnings == d->warnings);
    }
  }
}

TEST_CASE("an HTML body is bounded: nesting past libxml2's limit is cut and said", "[policy][html]") {
  std::string html = "%3Cp%3Estart%3C%2Fp%3E";
  for (int i = 0; i < 400; ++i) html += "%3Cdiv%3E";
  html += "lost";
  auto d = parse_draft("mailto:?html-body=" + html);
  REQUIRE(d);
  REQUIRE(d->body);
  CHECK(*d->body == "start");
  REQUIRE(has_warning(*d, "html_body_converted"));
  for (const auto& w : d->warnings)
    if (w.code == warning_code::html_body_converted) CHECK(w.message.find("cut") != std::string::npos);
  // A link as long as the default limit allows, all of it markup: read in proportion to its size.
  std::string big = "mailto:?html-body=";
  while (big.size() < (1u << 20) - 128)
    big += "%3Cp%3Ea%3Cb%3Eb%3C%2Fb%3E%3Ca%20href%3Dhttp%3A%2F%2Fx%3Ec%3C%2Fa%3E";
  auto b = parse_draft(big);
  REQUIRE(b);
  REQUIRE(b->body);
  CHECK(b->body->size() < big.size());
}

TEST_CASE("an application that drops 'body' gets no body from HTML either", "[policy][html]") {
  policy p = policy::defaults();
  p.drop("body");
  auto d = parse_draft("mailto:?html-body=%3Cb%3Ex%3C%2Fb%3E", {}, p);
  REQUIRE(d);
  CHECK_FALSE(d->body);
  REQUIRE(d->dropped.size() == 1);
  CHECK(d->dropped[0].name == "html-body");
  CHECK_FALSE(has_warning(*d, "html_body_converted"));
}

TEST_CASE("Unicode tag characters are removed from header values, with a warning", "[policy][invisible]") {
  // "hi" then TAG LATIN SMALL LETTER X, Y (U+E0078, U+E0079): text a reader cannot see.
  const std::string tags = "%F3%A0%81%B8%F3%A0%81%B9";
  auto d = parse_draft("mailto:?subject=hi" + tags + "&keywords=k" + tags + "&body=b" + tags);
  REQUIRE(d);
  CHECK(d->subject == "hi");
  REQUIRE(d->headers.size() == 1);
  CHECK(d->headers[0].value == "k");
  // The body keeps them (the preview reports them, see preview_test).
  CHECK(d->body == "b\xF3\xA0\x81\xB8\xF3\xA0\x81\xB9");
  std::vector<std::string> got;
  for (const auto& w : d->warnings)
    if (w.code == warning_code::tag_characters_removed) got.push_back(std::to_string(w.offset));
  CHECK(got == std::vector<std::string>{"16", "52"});
  // Other invisible characters stay (they have uses: a soft hyphen, a zero-width joiner in an emoji).
  auto z = parse_draft("mailto:?subject=a%E2%80%8Db");
  REQUIRE(z);
  CHECK(z->subject ==
        "a\xE2\x80\x8D"
        "b");
  CHECK_FALSE(has_warning(*z, "tag_characters_removed"));
  // The same in strict mode: a safety rule, not a repair of the link.
  parse_options s;
  s.strict = true;
  auto st = parse_draft("mailto:?subject=hi" + tags, s);
  REQUIRE(st);
  CHECK(st->subject == "hi");
  CHECK_FALSE(is_repair(warning_code::tag_characters_removed));
}

TEST_CASE("an address that decodes again is read literally with a warning, and strict refuses it", "[policy][hostile]") {
  // The links of issue 39: Thunderbird and Evolution read another recipient out of each.
  const std::vector<std::pair<std::string, std::string>> links = {
      {"mailto:?to=%22%3D%3Futf-8%3Fb%3FeCIgPGJvc3NAZXZpbC5leGFtcGxlPiwgIg%3D%3D%3F%3D%22%20%3Ca%40corp.example%3E"
       "&subject=name",
       "to"},
      {"mailto:%3D%3Futf-8%3Fb%3FYm9zc0BldmlsLmV4YW1wbGUsIHg%3D%3F%3D@corp.example?subject=local", "to"},
      {"mailto:boss%2540evil.example%252C%2520x@corp.example?subject=pct", "to"},
      {"mailto:a@corp.example?cc=%3D%3Futf-8%3Fb%3FYm9zc0BldmlsLmV4YW1wbGUgKHh5%3F%3D@corp.example", "cc"},
      {"mailto:a@corp.example?bcc=%22%3D%3Futf-8%3Fq%3Fx%3D2C_boss%3D40evil.example%3F%3D%22%20%3Cb%40corp.example%3E",
       "bcc"},
  };
  for (const auto& [link, field] : links) {
    INFO(link);
    auto d = parse_draft(link);
    REQUIRE(d);
    const auto w = std::find_if(d->warnings.begin(), d->warnings.end(),
                                [](const warning& x) { return x.code == warning_code::address_decodes_again; });
    REQUIRE(w != d->warnings.end());
    CHECK(w->field == field);
    CHECK_FALSE(is_repair(w->code));
    parse_options strict;
    strict.strict = true;
    auto s = parse_draft(link, strict);
    REQUIRE_FALSE(s);
    CHECK(s.error().code == errc::address_decodes_again);
    CHECK(s.error().offset < link.size());
    CHECK(s.error().offset > 0);
  }
  // A literal "=?" in a subject, and '%' in a display name without two hex digits, are no such thing.
  for (const std::string link : {"mailto:q@example.org?subject=Quiz%3A%202%2B2%3D%3F",
                                 "mailto:?to=%22100%25%20sure%22%20%3Ca%40corp.example%3E"}) {
    INFO(link);
    auto d = parse_draft(link);
    REQUIRE(d);
    for (const auto& w : d->warnings) CHECK(w.code != warning_code::address_decodes_again);
    parse_options strict;
    strict.strict = true;
    CHECK(parse_draft(link, strict));
  }
}
