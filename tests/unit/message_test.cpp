#include "mailtokit/message.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "mailtokit/compose.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "compose_oracle.hpp"

using namespace mailtokit;

namespace {


// What the header policy does to a header value (RFC 6068 section 7, policy.hpp): HTAB becomes
// a space. The table's values have no other control characters (compose() refuses them).
std::string as_header(std::string s) {
  for (char& c : s)
    if (c == '\t') c = ' ';
  return s;
}

// What the policy does to a body (RFC 6068 section 5): bare CR and LF become CRLF; C0 controls
// other than HTAB, CR and LF, DEL and C1 controls (U+0080-U+009F) are removed.
std::string as_body(const std::string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b == '\r') {
      out += "\r\n";
      if (i + 1 < s.size() && s[i + 1] == '\n') ++i;
    } else if (b == '\n') {
      out += "\r\n";
    } else if ((b < 0x20 && b != '\t') || b == 0x7F) {
    } else if (b == 0xC2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(s[i + 1]) <= 0x9F) {
      ++i;
    } else {
      out += s[i];
    }
  }
  return out;
}

void check_addresses(const std::vector<address>& got, const std::vector<address>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    CHECK(got[i].valid);
    CHECK(got[i].display_name == as_header(want[i].display_name));
    CHECK(got[i].local_part == want[i].local_part);
    // The message holds A-labels; the reader gives the domain back in U-labels.
    CHECK(got[i].domain == want[i].domain);
  }
}

// compose(d) -> read_message -> d, up to what the policy does to any value.
std::string check_round_trip(const draft& d, const compose_options& o) {
  auto eml = compose(d, o);
  REQUIRE(eml);
  INFO("message:\n" << *eml);
  auto r = read_message(*eml);
  REQUIRE(r);
  check_addresses(r->to, d.to);
  check_addresses(r->cc, d.cc);
  check_addresses(r->bcc, d.bcc);
  REQUIRE(r->subject.has_value() == d.subject.has_value());
  if (d.subject) CHECK(*r->subject == as_header(*d.subject));
  // An empty body and no body are the same message.
  CHECK(r->body.value_or("") == as_body(d.body.value_or("")));
  REQUIRE(r->headers.size() == d.headers.size());
  for (std::size_t i = 0; i < d.headers.size(); ++i) {
    CHECK(r->headers[i].name == d.headers[i].name);
    CHECK(r->headers[i].value == as_header(d.headers[i].value));
  }
  REQUIRE(r->from.has_value() == d.from.has_value());
  if (d.from) {
    CHECK(r->from->local_part == d.from->local_part);
    CHECK(r->from->domain == d.from->domain);
    CHECK(r->from->display_name == as_header(d.from->display_name));
  }
  // Nothing of a composed draft is dropped: compose() writes only what a link can carry.
  CHECK(r->dropped.empty());
  return *eml;
}

compose_options fixed(bool smtputf8 = false) {
  compose_options o;
  o.date = "Sun, 22 Nov 2026 10:00:00 +0000";
  o.message_id = "<fixed@example.net>";
  o.allow_smtputf8 = smtputf8;
  return o;
}

std::string fixture(const std::string& name) {
  std::ifstream in(std::string(MAILTOKIT_TEST_DATA) + "/eml/" + name, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const dropped_field* find_dropped(const draft& d, const std::string& name) {
  for (const auto& f : d.dropped)
    if (f.name == name) return &f;
  return nullptr;
}

}  // namespace

TEST_CASE("an invalid recipient survives compose -> read_message", "[message]") {
  // Issue 26: compose writes "To: not-an-address : ;" (an empty group holding the text), and
  // reading the draft back lost the recipient without a word.
  auto d = parse_draft("mailto:not-an-address?subject=x");
  REQUIRE(d);
  compose_options o;
  o.date = "Wed, 25 Nov 2026 18:30:00 +0000";
  auto bytes = compose(*d, o);
  REQUIRE(bytes);
  REQUIRE(bytes->find("To: not-an-address : ;") != std::string::npos);
  auto back = read_message(*bytes);
  REQUIRE(back);
  REQUIRE(back->to.size() == 1);
  CHECK_FALSE(back->to[0].valid);
  CHECK(back->to[0].original == "not-an-address");
  bool warned = false;
  for (const auto& w : back->warnings) warned = warned || w.code == warning_code::invalid_address;
  CHECK(warned);
  // A group with members keeps its members only; an empty group elsewhere is its name as text.
  auto g = read_message("To: Team: a@example.org, b@example.org;\r\nCc: undisclosed-recipients:;\r\n\r\nx");
  REQUIRE(g);
  REQUIRE(g->to.size() == 2);
  CHECK(g->to[1].unicode() == "b@example.org");
  REQUIRE(g->cc.size() == 1);
  CHECK(g->cc[0].original == "undisclosed-recipients");
}

TEST_CASE("compose -> read_message round trip over compose_oracle.tsv", "[message]") {
  std::size_t composed = 0;
  for (const auto& row : test::load_tsv("compose_oracle.tsv")) {
    INFO("compose_oracle.tsv line " << row.line << ": " << row.at(8));
    const draft d = test::compose_oracle_draft(row);
    const compose_options o = fixed(row.at(7).find("smtputf8") != std::string::npos);
    if (!compose(d, o)) continue;  // rows the composer refuses (injection attempts) have no message
    ++composed;
    check_round_trip(d, o);
  }
  CHECK(composed >= 25);
}

TEST_CASE("mailto URI -> draft -> message -> draft equals the URI's draft (compose_oracle_uri.tsv)", "[message]") {
  for (const auto& row : test::load_tsv("compose_oracle_uri.tsv")) {
    INFO("compose_oracle_uri.tsv line " << row.line << ": " << row.at(0));
    auto d = parse_draft(row.at(0));
    if (!d) continue;
    auto eml = compose(*d, fixed());
    if (!eml) continue;
    auto r = read_message(*eml);
    REQUIRE(r);
    // The policy already ran once, so nothing changes the second time. An invalid address is in
    // the message as an empty group ("somename : ;"), read back as that text, still invalid.
    auto same = [](const std::vector<address>& a, const std::vector<address>& b) {
      REQUIRE(a.size() == b.size());
      for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].valid == b[i].valid);
        if (!b[i].valid) {
          CHECK(a[i].original == b[i].original);
          continue;
        }
        CHECK(a[i].display_name == b[i].display_name);
        CHECK(a[i].local_part == b[i].local_part);
        CHECK(a[i].domain_ascii == b[i].domain_ascii);
      }
    };
    same(r->to, d->to);
    same(r->cc, d->cc);
    same(r->bcc, d->bcc);
    CHECK(r->subject == d->subject);
    CHECK(r->body.value_or("") == d->body.value_or(""));
    CHECK(r->headers == d->headers);
    // And the link of the message is a link to the same draft.
    auto again = parse_draft(build_mailto(*r));
    REQUIRE(again);
    CHECK(again->subject == d->subject);
    CHECK(again->headers == d->headers);
  }
}

TEST_CASE("compose -> read_message round trip over generated drafts", "[message]") {
  std::mt19937 rng(6068);
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  const std::vector<std::string> words = {"hello", "caf\xC3\xA9", "\xE7\xB4\x8D\xE8\xB1\x86", "\xF0\x9F\x98\x80",
                                          "=?utf-8?Q?x?=", "a", "Gr\xC3\xBC\xC3\x9F" "e", "From", ".", "\"q\"",
                                          "x=y", "(c)", "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", std::string(90, 'w'),
                                          "e\xCC\x81"};
  const std::vector<std::string> spaces = {" ", " ", " ", "  ", "\t", " \t "};
  const std::vector<std::string> names = {"", "Alice", "Jos\xC3\xA9 M\xC3\xBCller", "Smith, John", "a  b",
                                          "\xE5\xB1\xB1\xE7\x94\xB0 \xE5\xA4\xAA\xE9\x83\x8E", "Dr. \"Who\""};
  const std::vector<std::string> specs = {"a@example.org", "user@b\xC3\xBC" "cher.example",
                                          "x@\xE7\xB4\x8D\xE8\xB1\x86.example.org", "\"john doe\"@example.org",
                                          "first.last@sub.example.com"};
  auto text = [&](std::size_t max_words, const std::vector<std::string>& seps) {
    std::string s;
    const std::size_t n = rng() % (max_words + 1);
    for (std::size_t i = 0; i < n; ++i) {
      if (i) s += pick(seps);
      s += pick(words);
    }
    if (rng() % 8 == 0) s = " " + s;
    if (rng() % 8 == 0) s += " ";
    return s;
  };
  auto mailboxes = [&](std::size_t max) {
    std::vector<address> v;
    const std::size_t n = rng() % (max + 1);
    for (std::size_t i = 0; i < n; ++i) {
      const std::string name = pick(names);
      v.push_back(test::table_address(name.empty() ? pick(specs) : name + " <" + pick(specs) + ">"));
    }
    return v;
  };
  int qp = 0, base64 = 0, folded = 0;
  for (int n = 0; n < 400; ++n) {
    draft d;
    d.to = mailboxes(3);
    d.cc = mailboxes(2);
    d.bcc = mailboxes(1);
    if (rng() % 4) d.subject = text(rng() % 2 ? 8 : 60, spaces);
    if (rng() % 4) {
      std::string body;
      const std::size_t lines = rng() % 12;
      for (std::size_t i = 0; i < lines; ++i) {
        body += text(rng() % 3 ? 6 : 40, {" ", " ", "  ", "\t"});
        body += pick({"\r\n", "\n", "\r\n", "\r\n", " \r\n"});
      }
      d.body = body;
    }
    if (rng() % 3 == 0) d.headers.push_back({"Keywords", text(5, {", ", " "})});
    if (rng() % 3 == 0) d.headers.push_back({"In-Reply-To", "<id" + std::to_string(n) + "@example.org>"});
    if (rng() % 3 == 0) d.headers.push_back({"References", "<a@example.org> <b" + std::to_string(n) + "@example.org>"});
    if (rng() % 2) d.from = test::table_address(pick(names).empty() ? "me@example.net" : "Me Myself <me@example.net>");
    INFO("draft " << n);
    const std::string eml = check_round_trip(d, fixed());
    qp += eml.find("Content-Transfer-Encoding: quoted-printable") != std::string::npos;
    base64 += eml.find("Content-Transfer-Encoding: base64") != std::string::npos;
    folded += eml.find("\r\n ") != std::string::npos || eml.find("\r\n\t") != std::string::npos;
  }
  // The generator reaches every encoding and folding.
  CHECK(qp > 20);
  CHECK(base64 > 20);
  CHECK(folded > 100);
}

TEST_CASE("read_message: Thunderbird draft with folded fields", "[message][fixture]") {
  auto r = read_message(fixture("thunderbird.eml"));
  REQUIRE(r);
  REQUIRE(r->to.size() == 2);
  CHECK(r->to[0].display_name == "J\xC3\xB6rg M\xC3\xBCller");
  CHECK(r->to[0].unicode() == "joerg@example.org");
  CHECK(r->to[1].display_name == "Smith, John");
  CHECK(r->to[1].unicode() == "john@example.com");
  REQUIRE(r->cc.size() == 1);
  CHECK(r->cc[0].display_name == "\xE5\xB1\xB1\xE7\x94\xB0\xE5\xA4\xAA\xE9\x83\x8E");  // B-encoded
  CHECK(r->cc[0].domain == "\xE7\xB4\x8D\xE8\xB1\x86.example.org");
  CHECK(r->cc[0].domain_ascii == "xn--99zt52a.example.org");
  // Two encoded words across a fold: the white space between them is dropped (RFC 2047 6.2).
  CHECK(r->subject == "Gr\xC3\xBC\xC3\x9F" "e aus K\xC3\xB6ln \xE2\x80\x94 ein langer Betreff der gefaltet wird");
  CHECK(r->body == "Hallo J\xC3\xB6rg,\r\n\r\ndas Treffen ist am Dienstag um 10 Uhr.\r\n\r\nGr\xC3\xBC\xC3\x9F" "e\r\nJane\r\n");
  REQUIRE(r->from);
  CHECK(r->from->display_name == "Jane Doe");
  CHECK(r->from->unicode() == "jane@example.net");
  CHECK(r->headers.empty());
  for (const char* name : {"user-agent", "content-language", "x-mozilla-draft-info", "x-identity-key", "fcc"})
    CHECK(find_dropped(*r, name) != nullptr);
  CHECK(r->dropped.size() == 5);
}

TEST_CASE("read_message: multipart/mixed with alternative and a PDF attachment", "[message][fixture]") {
  auto r = read_message(fixture("multipart_attachment.eml"));
  REQUIRE(r);
  REQUIRE(r->to.size() == 1);
  CHECK(r->to[0].display_name == "Buchhandlung");
  CHECK(r->to[0].domain == "b\xC3\xBC" "cher.example");
  CHECK(r->subject == "Rechnung f\xC3\xBCr M\xC3\xA4rz");
  REQUIRE(r->headers.size() == 1);
  CHECK(r->headers[0] == header_field{"Keywords", "Rechnung, M\xC3\xA4rz"});
  // The quoted-printable text/plain part, soft break joined; the CRLF before the boundary
  // delimiter belongs to the delimiter (RFC 2046 section 5.1.1).
  CHECK(r->body ==
        "Sehr geehrte Damen und Herren,\r\n\r\nanbei die Rechnung f\xC3\xBCr M\xC3\xA4rz. Diese Zeile ist so lang, "
        "dass sie weich umbrochen wird.\r\n\r\nMit freundlichen Gr\xC3\xBC\xC3\x9F" "en\r\nJane");
  const dropped_field* html = find_dropped(*r, "MIME part");
  REQUIRE(html);
  CHECK(html->value == "text/html");
  const dropped_field* pdf = find_dropped(*r, "MIME attachment");
  REQUIRE(pdf);
  CHECK(pdf->value == "application/pdf; filename=Rechnung M\xC3\xA4rz.pdf");
  CHECK_THAT(pdf->reason, Catch::Contains("not representable in a mailto link"));
}

TEST_CASE("read_message: ISO-8859-1 quoted-printable with LF line ends", "[message][fixture]") {
  auto r = read_message(fixture("latin1_qp.eml"));
  REQUIRE(r);
  REQUIRE(r->to.size() == 1);
  CHECK(r->to[0].display_name == "Ren\xC3\xA9" "e Dupont");
  CHECK(r->subject == "\xC3\x80 bient\xC3\xB4t");
  CHECK(r->body ==
        "Ch\xC3\xA8re Ren\xC3\xA9" "e,\r\n\r\nVoil\xC3\xA0 le caf\xC3\xA9 cr\xC3\xA8me br\xC3\xBBl\xC3\xA9" "e. Une ligne "
        "tr\xC3\xA8s longue qui est coup\xC3\xA9" "e par un saut doux. \r\n");
  REQUIRE(r->from);
  CHECK(r->from->display_name == "Fran\xC3\xA7ois");
  CHECK(find_dropped(*r, "x-mailer") != nullptr);
}

TEST_CASE("read_message: hostile fields are dropped with reasons", "[message][fixture]") {
  const std::string eml = fixture("hostile.eml");
  auto r = read_message(eml);
  REQUIRE(r);
  REQUIRE(r->to.size() == 1);
  CHECK(r->to[0].unicode() == "victim@example.org");
  // The encoded CRLF is decoded once and then removed by the policy: no second field, a warning.
  CHECK(r->subject == "hi Bcc: spy2@example.com");
  bool warned = false;
  for (const auto& w : r->warnings) warned = warned || w.code == warning_code::header_controls_removed;
  CHECK(warned);
  for (const char* name : {"return-path", "received", "reply-to", "sender", "x-attach-file", "attach",
                           "disposition-notification-to", "content-disposition", "body"}) {
    INFO(name);
    const dropped_field* f = find_dropped(*r, name);
    REQUIRE(f);
    CHECK_FALSE(f->reason.empty());
  }
  CHECK(find_dropped(*r, "x-attach-file")->reason.find("RFC 6068 section 7") != std::string::npos);
  CHECK(r->body == "Hello\r\n");  // the "Body:" field did not become the body
  CHECK(r->headers == std::vector<header_field>{{"In-Reply-To", "<abc@example.com>"}});
  REQUIRE(r->from);  // the sender is the draft's, never the link's
  CHECK(r->from->unicode() == "mallory@example.com");
  // Bcc is kept by the default policy, as for links; an application's policy can drop it.
  CHECK(r->bcc.size() == 1);
  policy p = policy::defaults();
  p.drop("bcc");
  auto strict = read_message(eml, {}, p);
  REQUIRE(strict);
  CHECK(strict->bcc.empty());
  REQUIRE(find_dropped(*strict, "bcc"));
  CHECK(find_dropped(*strict, "bcc")->value == "spy@example.com");
  // The link made of it carries none of the dropped fields.
  const std::string link = build_mailto(*strict);
  auto back = parse_draft(link);
  REQUIRE(back);
  CHECK(back->bcc.empty());
  CHECK(back->dropped.empty());
  CHECK(back->subject == "hi Bcc: spy2@example.com");
}

TEST_CASE("read_message: malformed messages give positioned errors (message_malformed.tsv)", "[message]") {
  for (const auto& row : test::load_tsv("message_malformed.tsv")) {
    INFO("message_malformed.tsv line " << row.line << ": " << row.at(3));
    auto r = read_message(row.at(0));
    REQUIRE_FALSE(r);
    CHECK(to_name(r.error().code) == row.at(1));
    CHECK(r.error().offset == std::stoul(row.at(2)));
  }
}

TEST_CASE("read_message: header forms other writers use", "[message]") {
  SECTION("no empty line: a header-only message (mimetic alone would lose the last field)") {
    auto r = read_message("To: a@example.org\r\nSubject: s");
    REQUIRE(r);
    CHECK(r->to.size() == 1);
    CHECK(r->subject == "s");
    CHECK_FALSE(r->body);
  }
  SECTION("an mbox From_ line, LF line ends, obsolete white space before the colon") {
    auto r = read_message("From someone@example.org Sun Nov 22 10:00:00 2026\nTo : a@example.org\nSubject:x\n\nbody\n");
    REQUIRE(r);
    CHECK(r->to.size() == 1);
    CHECK(r->subject == "x");
    CHECK(r->body == "body\r\n");
  }
  SECTION("unfolding keeps white space runs and removes only the line breaks (RFC 5322 3.2.2)") {
    auto r = read_message("Subject: a\r\n   b\r\n\tc\r\n\r\n");
    REQUIRE(r);
    CHECK(r->subject == "a   b c");  // the policy makes the TAB a space
  }
  SECTION("a base64 body without a charset that is UTF-8 is read, with a warning") {
    auto r = read_message("Content-Transfer-Encoding: base64\r\n\r\nY2Fmw6kKYmFy\r\n");
    REQUIRE(r);
    CHECK(r->body == "caf\xC3\xA9\r\nbar");
    REQUIRE(r->warnings.size() == 1);
    CHECK(r->warnings[0].code == warning_code::body_charset_assumed);
  }
  SECTION("a message that is only an attachment has no body") {
    auto r = read_message("To: a@example.org\r\nContent-Type: application/octet-stream\r\n\r\nxx");
    REQUIRE(r);
    CHECK_FALSE(r->body);
    REQUIRE(find_dropped(*r, "MIME part"));
  }
  SECTION("windows-1252 through ICU") {
    auto r = read_message("Content-Type: text/plain; charset=windows-1252\r\n\r\n\x93quoted\x94 \x80");
    REQUIRE(r);
    CHECK(r->body == "\xE2\x80\x9Cquoted\xE2\x80\x9D \xE2\x82\xAC");
  }
}

TEST_CASE("read_message: limits", "[message]") {
  read_options o;
  o.max_input = 10;
  auto r = read_message("Subject: 0123456789", o);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::input_too_long, 10});

  read_options few;
  few.max_fields = 2;
  r = read_message("A: 1\r\nB: 2\r\nC: 3\r\n\r\n", few);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::too_many_hfields, 12});

  few.max_parts = 2;
  few.max_fields = 1000;
  r = read_message("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\nx\r\n--b\r\n\r\ny\r\n--b--\r\n", few);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::too_many_parts, 65});

  // Nesting: each level a multipart holding the next.
  std::string nested;
  for (int i = 0; i < 30; ++i)
    nested += "Content-Type: multipart/mixed; boundary=b" + std::to_string(i) + "\r\n\r\n--b" + std::to_string(i) + "\r\n";
  nested += "\r\nx\r\n";
  r = read_message(nested);
  REQUIRE_FALSE(r);
  CHECK(r.error().code == errc::nesting_too_deep);

  few.max_recipients = 2;
  r = read_message("To: a@example.org, b@example.org\r\nCc: c@example.org\r\n\r\n", few);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::too_many_recipients, 37});
}

TEST_CASE("read_message: a header line over 998 octets is refused at its 999th octet", "[message][limits]") {
  // RFC 5322 section 2.1.1: "Each line of characters MUST be no more than 998 characters".
  // A 1 MB Subject line is refused where the line passes the limit, before mimetic reads it.
  CHECK(read_options{}.max_line == 998);
  CHECK(read_options{}.max_field == 65536);
  const std::string head = "To: a@example.org\r\nSubject: ";
  std::string eml = head + std::string(1000000, 'x') + "\r\n\r\nbody\r\n";
  auto r = read_message(eml);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::message_malformed, 19 + 998});
  // A line of exactly 998 octets is read.
  eml = head + std::string(998 - 9, 'y') + "\r\n\r\nbody\r\n";
  r = read_message(eml);
  REQUIRE(r);
  CHECK(r->subject == std::string(998 - 9, 'y'));
  // Folded into lines of 900 octets, a field is read up to max_field (64 KiB by default); a
  // longer one, its folded lines together, is input_too_long where it passes the limit.
  std::string folded = "To: a@example.org\r\nSubject: s";
  for (int i = 0; i < 80; ++i) folded += "\r\n " + std::string(899, 'z');
  read_options big;
  big.max_field = 80 * 902 + 10;
  r = read_message(folded + "\r\n\r\nbody\r\n", big);
  REQUIRE(r);
  CHECK(r->subject->size() == 1 + 80 * 900);
  r = read_message(folded + "\r\n\r\nbody\r\n");
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::input_too_long, 19 + 65536});
  // A field of a MIME part's header is held to it too.
  read_options small;
  small.max_field = 5000;
  r = read_message("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nX-Folded: a" +
                       folded.substr(folded.find("\r\n ")) + "\r\n\r\nbody\r\n--b--\r\n",
                   small);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::input_too_long, 50 + 5000});
  // A line of a MIME part's header is held to the line limit.
  small = read_options{};
  small.max_line = 100;
  r = read_message("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nX-Long: " + std::string(200, 'p') +
                       "\r\n\r\nbody\r\n--b--\r\n",
                   small);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::message_malformed, 50 + 100});
  // A long line of a body (after the part header's empty line) is the body's business.
  r = read_message("Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n\r\n" + std::string(200, 'p') +
                       "\r\n--b--\r\n",
                   small);
  REQUIRE(r);
  CHECK(r->body == std::string(200, 'p'));
}

TEST_CASE("read_message: mutated messages never crash and errors stay inside the input", "[message]") {
  std::vector<std::string> seeds = {fixture("thunderbird.eml"), fixture("multipart_attachment.eml"),
                                    fixture("latin1_qp.eml"), fixture("hostile.eml")};
  draft d;
  d.to = test::table_addresses("Jos\xC3\xA9 <j@b\xC3\xBC" "cher.example>");
  d.subject = std::string(300, 'x') + " caf\xC3\xA9";
  d.body = "\xE6\xBC\xA2\xE5\xAD\x97 " + std::string(200, 'y');
  seeds.push_back(*compose(d, fixed()));
  const std::vector<std::string> inserts = {"\r\n", "\n", "\r", "--", "=", ":", " ", "\r\n\r\n", "=?utf-8?B?",
                                            "\xFF", std::string(1, '\0'), "--------------0aBcDeFgHiJkLmNoPqRsTuVw\r\n",
                                            "Content-Type: multipart/mixed; boundary=q\r\n"};
  std::mt19937 rng(5322);
  for (int n = 0; n < 3000; ++n) {
    std::string m = seeds[rng() % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits && !m.empty(); ++e) {
      const std::size_t at = rng() % m.size();
      switch (rng() % 4) {
        case 0: m[at] = static_cast<char>(rng() % 256); break;
        case 1: m.erase(at, rng() % 16); break;
        case 2: m.insert(at, inserts[rng() % inserts.size()]); break;
        default: m.resize(at); break;
      }
    }
    auto r = read_message(m);
    if (!r) {
      CHECK(r.error().offset <= m.size());
    } else {
      for (const auto& h : r->headers) CHECK(h.value.find_first_of("\r\n") == std::string::npos);
      if (r->subject) CHECK(r->subject->find_first_of("\r\n") == std::string::npos);
    }
  }
}

TEST_CASE("a draft with attachments reads back: body, and each file named (RFC 2231)", "[message][attachments]") {
  draft d;
  d.subject = "files";
  d.body = "Here they are.\r\n";
  std::string long_name;
  for (int i = 0; i < 30; ++i) long_name += "\xC3\xA4\xE2\x82\xAC";
  long_name += ".pdf";
  d.attachments.push_back({"report.pdf", "application/pdf", "%PDF-1.4\n"});
  d.attachments.push_back({"Bericht \xC3\xBC" "ber \xC3\x84.pdf", "application/pdf", std::string("\0\xFF", 2)});
  d.attachments.push_back({long_name, "", "x"});
  d.attachments.push_back({"", "text/plain", "no name"});
  auto m = compose(d);
  REQUIRE(m);
  auto r = read_message(*m);
  REQUIRE(r);
  CHECK(r->body == "Here they are.\r\n");
  CHECK(r->subject == "files");
  std::vector<std::string> values;
  for (const dropped_field& f : r->dropped) values.push_back(f.name + ": " + f.value);
  CHECK(values == std::vector<std::string>{"MIME attachment: application/pdf; filename=report.pdf",
                                           "MIME attachment: application/pdf; filename=Bericht \xC3\xBC" "ber \xC3\x84.pdf",
                                           "MIME attachment: application/octet-stream; filename=" + long_name,
                                           "MIME attachment: text/plain"});
}

TEST_CASE("RFC 2231 names as other programs write them", "[message][attachments]") {
  auto name_of = [](const std::string& params) {
    const std::string eml =
        "Subject: x\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"
        "Content-Type: text/plain\r\n\r\nhi\r\n--b\r\nContent-Type: application/octet-stream\r\n"
        "Content-Disposition: attachment;" +
        params + "\r\n\r\nx\r\n--b--\r\n";
    auto r = read_message(eml);
    REQUIRE(r);
    REQUIRE(r->dropped.size() == 1);
    return r->dropped[0].value;
  };
  // RFC 2231 section 4's example form, in ISO-8859-1 with a language.
  CHECK(name_of(" filename*=iso-8859-1'de'B%E4r.txt") == "application/octet-stream; filename=B\xC3\xA4r.txt");
  // Continuations, mixed encoded and plain, out of order in the field (section 3).
  CHECK(name_of(" filename*1=\"-two\"; filename*0*=UTF-8''%C3%BCne") ==
        "application/octet-stream; filename=\xC3\xBCne-two");
  // The RFC 2231 form wins over a plain filename next to it.
  CHECK(name_of(" filename=\"fallback.txt\"; filename*=UTF-8''real%20name.txt") ==
        "application/octet-stream; filename=real name.txt");
  // A gap in the numbering or bad UTF-8 is not read; the plain value (RFC 2047) still is.
  CHECK(name_of(" filename*0*=UTF-8''a; filename*2*=b") == "application/octet-stream");
  CHECK(name_of(" filename*=UTF-8''%FF.txt") == "application/octet-stream");
  CHECK(name_of(" filename=\"=?utf-8?q?caf=C3=A9.txt?=\"") == "application/octet-stream; filename=caf\xC3\xA9.txt");
}
