#include "clients/handover_safety.hpp"

#include "../../oracle/worst_reader.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "clients/client.hpp"
#include "clients/dispatch.hpp"
#include "clients/webmail.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/handover.hpp"
#include "mailtokit/preview.hpp"

using namespace mailtokit;
using namespace mailtokit::dispatch;

namespace {

// The links of issue 39 and their kind: a web page could add a recipient through each.
const std::vector<std::string> hostile_links = {
    "mailto:?to=%22%3D%3Futf-8%3Fb%3FeCIgPGJvc3NAZXZpbC5leGFtcGxlPiwgIg%3D%3D%3F%3D%22%20%3Ca%40corp.example%3E"
    "&cc=%22%3D%3Futf-8%3Fb%3FeCIgPGJvc3NAZXZpbC5leGFtcGxlPiwgIg%3D%3D%3F%3D%22%20%3Cc%40corp.example%3E&subject=name",
    "mailto:%3D%3Futf-8%3Fb%3FYm9zc0BldmlsLmV4YW1wbGUsIHg%3D%3F%3D@corp.example,ok@corp.example?subject=local",
    "mailto:boss%2540evil.example%252C%2520x@corp.example,ok@corp.example?subject=pct",
    "mailto:ok@corp.example?cc=boss%252540evil.example%25252C%252520x@corp.example&subject=triple",
    "mailto:%3D%3Futf-8%3Fb%3FYm9zc0BldmlsLmV4YW1wbGUgKHh5%3F%3D@corp.example,ok@corp.example"
    "?bcc=%22%3D%3Futf-8%3Fq%3Fx%3D2C_boss%3D40evil.example%3F%3D%22%20%3Cb%40corp.example%3E&subject=local2",
    "mailto:ok@corp.example?cc=%3D%3Fiso-8859-1%3Fq%3Fboss%3D40evil.example%3D2C_y%3F%3D@corp.example"
    "&bcc=%22boss%40evil.example%2C%20x%22%20%3Cb%40corp.example%3E",
};

// Every address form of the draft, as the worst reader compares them: what it may find.
std::vector<std::string> forms(const draft& d) {
  std::vector<std::string> out;
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list) {
      auto f = oracle::worst_reader::own_forms(a);
      out.insert(out.end(), f.begin(), f.end());
    }
  return out;
}

// The arguments each built-in program gets for `d`, as `mailtokit open` builds them.
std::vector<std::string> handover_args(target t, const draft& d) {
  argv_inputs in;
  const std::string uri = harden_uri(build_mailto(d));
  const std::string claws = claws_uri(d);
  in.uri = clients::by_target(t)->body_file ? claws : uri;
  in.d = &d;
  in.terminal = {"xterm", "-e"};
  auto argv = client_argv(t, in);
  REQUIRE(argv);
  return *argv;
}

}  // namespace

TEST_CASE("the worst reader decodes what programs decode, wherever it stands", "[dispatch][hostile]") {
  namespace wr = oracle::worst_reader;
  CHECK(wr::percent_fixpoint("boss%2540evil.example%252C%2520x") == "boss@evil.example, x");
  CHECK(wr::decode_words_anywhere("\"=?utf-8?b?eCIgPGJvc3NAZXZpbC5leGFtcGxlPiwgIg==?=\" <a@corp.example>") ==
        "\"x\" <boss@evil.example>, \"\" <a@corp.example>");
  CHECK(wr::decode_words_anywhere("x=?iso-8859-1?q?boss=40evil.example?=y") == "xboss@evil.exampley");
  CHECK(wr::decode_words_anywhere("Quiz: 2+2=? and =?x?") == "Quiz: 2+2=? and =?x?");
  CHECK(wr::addresses("%3D%3Futf-8%3Fb%3FYm9zc0BldmlsLmV4YW1wbGUsIHg%3D%3F%3D@corp.example") ==
        std::vector<std::string>{"boss@evil.example", "x@corp.example"});
  CHECK(wr::addresses("\"Doe, Jane\" <Jane@Example.org>") == std::vector<std::string>{"jane@example.org"});
  CHECK(wr::uri_recipients("mailto:a@x.example?subject=b@y.example&CC=c@z.example&%62cc=d@w.example") ==
        std::vector<std::string>{"a@x.example", "c@z.example", "d@w.example"});
  CHECK(wr::recipients({"--composer", "--subject=s@x.example", "--cc=c@x.example", "--", "t@x.example"}) ==
        std::vector<std::string>{"c@x.example", "t@x.example"});
  CHECK(wr::recipients({"-compose", "to=%22a%2C%20b%22%20%3Ct%40x.example%3E,subject=s%40x.example"}) ==
        std::vector<std::string>{"t@x.example"});
}

TEST_CASE("no program reads a recipient the draft does not have (issue 39)", "[dispatch][hostile]") {
  for (const auto& link : hostile_links) {
    INFO(link);
    auto parsed = parse_draft(link);
    REQUIRE(parsed);
    // As the link reads, Thunderbird's hand-over holds more than the draft: the test can fail.
    {
      const auto found = oracle::worst_reader::recipients(handover_args(target{"thunderbird"}, *parsed));
      const auto allowed = forms(*parsed);
      CHECK(std::any_of(found.begin(), found.end(), [&](const std::string& f) {
        return std::find(allowed.begin(), allowed.end(), f) == allowed.end();
      }));
    }
    draft d = *parsed;
    const auto told = clients::make_handover_safe(d);
    CHECK_FALSE(told.empty());
    const auto allowed = forms(d);
    for (const auto* c : clients::all()) {
      INFO(c->name);
      for (const auto& f : oracle::worst_reader::recipients(handover_args(c->id(), d)))
        CHECK(std::find(allowed.begin(), allowed.end(), f) != allowed.end());
    }
    // What stays is the rest of the draft, each address the link's own.
    std::size_t before = parsed->to.size() + parsed->cc.size() + parsed->bcc.size();
    std::size_t after = d.to.size() + d.cc.size() + d.bcc.size();
    CHECK(after <= before);
    for (const auto* list : {&d.to, &d.cc, &d.bcc})
      for (const auto& a : *list) CHECK_FALSE(decodes_again(a));
  }
}

TEST_CASE("make_handover_safe says what it changed, and changes nothing else", "[dispatch][hostile]") {
  auto d = parse_draft(hostile_links[0]);
  REQUIRE(d);
  auto told = clients::make_handover_safe(*d);
  REQUIRE(told.size() == 2);
  CHECK(told[0].find("a@corp.example") != std::string::npos);
  CHECK(told[0].find("display name") != std::string::npos);
  REQUIRE(d->to.size() == 1);
  CHECK(d->to[0].unicode() == "a@corp.example");
  CHECK(d->to[0].display_name.empty());

  auto local = parse_draft(hostile_links[1]);
  REQUIRE(local);
  told = clients::make_handover_safe(*local);
  REQUIRE(told.size() == 1);
  CHECK(told[0].find("(To)") != std::string::npos);
  REQUIRE(local->to.size() == 1);
  CHECK(local->to[0].unicode() == "ok@corp.example");

  // A quoted local part holding a separator: the worst reader splits it into another address.
  auto quoted = parse_draft("mailto:%22boss%40evil.example%2Cx%22@corp.example,ok@corp.example");
  REQUIRE(quoted);
  REQUIRE(quoted->to.size() == 2);
  CHECK(clients::make_handover_safe(*quoted).size() == 1);
  REQUIRE(quoted->to.size() == 1);
  CHECK(quoted->to[0].unicode() == "ok@corp.example");

  // Plain names are not touched; a name with a comma (a webmail that splits at every comma reads
  // two entries) or an '@' is left off, and said.
  auto plain = parse_draft("mailto:?to=%22Jos%C3%A9%20O'Brien-Smith%22%20%3Cjose%40example.org%3E,"
                           "%22%E5%B1%B1%E7%94%B0%20%E5%A4%AA%E9%83%8E%22%20%3Cyamada%40example.jp%3E"
                           "&subject=Quiz%3A%202%2B2%3D%3F");
  REQUIRE(plain);
  const draft copy = *plain;
  CHECK(clients::make_handover_safe(*plain).empty());
  CHECK(plain->to == copy.to);
  auto comma = parse_draft("mailto:?to=%22Doe%2C%20Jane%22%20%3Cjane%40example.org%3E,%22bob%40example.org%22%20%3Cbob%40example.org%3E");
  REQUIRE(comma);
  CHECK(clients::make_handover_safe(*comma).size() == 2);
  REQUIRE(comma->to.size() == 2);
  CHECK(comma->to[0].display_name.empty());
  CHECK(comma->to[1].display_name.empty());
}

TEST_CASE("half an encoded word in each of two addresses is left out too", "[dispatch][hostile]") {
  // Found by the handover fuzz target: ';' splits the Cc value in two entries, neither of which
  // holds a whole encoded word; joined again in the hand-over, Thunderbird decodes one across them.
  auto d = parse_draft("mailto:ok@corp.example?cc=%3D%3Fiso-8859-1%3Fq%3Fboss%3D40evil.ex%26amp%3Bample%3D2C_y%3F%3D"
                       "@corp.example");
  REQUIRE(d);
  CHECK(std::any_of(d->warnings.begin(), d->warnings.end(),
                    [](const warning& w) { return w.code == warning_code::address_decodes_again; }));
  CHECK(clients::make_handover_safe(*d).size() == 2);
  CHECK(d->cc.empty());
  for (const auto* c : clients::all())
    for (const auto& f : oracle::worst_reader::recipients(handover_args(c->id(), *d))) CHECK(f == "ok@corp.example");
}

namespace {

// Issue 45: links whose recipients a reader with one more decoding step than the old list read
// as other recipients, confirmed in the real programs' drafts.
const std::vector<std::string> issue45_links = {
    // Roundcube decodes HTML character references in a display name (to, cc, bcc).
    "mailto:?to=boss%26%2364evil%26%2346example%26%2344%20y%20%3Ca%40corp.example%3E"
    "&bcc=boss%26commat%3Bevil%26period%3Bexample%26comma%20z%20%3Cb%40corp.example%3E"
    "&cc=boss%26%23x40%3Bevil.example%26%23x2c%3B%20w%20%3Cc%40corp.example%3E",
    // mutt and GLib map fullwidth forms through IDNA.
    "mailto:a%40corp.example%EF%BC%8Cboss%EF%BC%A0evil.example?bcc=b%40corp.example%EF%B9%90boss2%EF%BC%A0evil.example",
    // mutt reads a group name.
    "mailto:?to=a%40corp.example%3Aboss%40evil.example&cc=ok%40corp.example",
    // Roundcube re-quotes a name ending in a backslash; the quote swallows the next recipient.
    "mailto:?to=%22a.%5C%5C%22%20%3Cx%40corp.example%3E%2C%20%22b%22%20%3Cy%40corp.example%3E",
    // Proton, OX and Tuta split at every comma.
    "mailto:?to=%22Doe%2C%20John%22%20%3Cj%40corp.example%3E",
    // Invalid addresses handed over verbatim: mutt joins the words.
    "mailto:?to=a%40corp.example%20boss%40evil.example&cc=boss%40evil.example%40corp.example"
    "&bcc=Boss%20Man%20boss%40evil.example,x%40%5B1.2.3.4",
    // A display name that decodes (RFC 2047) to an address and a separator: "z <boss@evil.example>,".
    "mailto:?to=%3D%3Futf-8%3Fb%3FeiA8Ym9zc0BldmlsLmV4YW1wbGU%2BLA%3D%3D%3F%3D%20%3Cd%40corp.example%3E",
    // Mathematical and small-form letters in a local part and a name.
    "mailto:?to=%F0%9D%90%9Boss%40corp.example&cc=%22%F0%9D%90%80nn%22%20%3Cann%40corp.example%3E",
};

// Every hand-over `mailtokit open` can make of `d`: each program's arguments, the message file,
// each webmail's compose link; what the worst reader finds in each, by name.
std::vector<std::pair<std::string, std::vector<std::string>>> every_handover(const draft& d) {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (const auto* c : clients::all()) out.emplace_back(c->name, oracle::worst_reader::recipients(handover_args(c->id(), d)));
  if (auto eml = compose(d)) out.emplace_back("eml", oracle::worst_reader::message_recipients(*eml));
  for (const auto* s : webmail::all()) {
    std::string where;
    if (s->kind == webmail::kind::self_hosted) where = "https://mail.example.org/";
    if (s->kind == webmail::kind::any) where = "https://mail.example.org/compose?link=%s";
    auto link = webmail::compose_link(*s, d, where);
    if (link) out.emplace_back(std::string(s->name), oracle::worst_reader::url_recipients(*link));
  }
  return out;
}

// The recipients the user is shown for `d`, as the worst reader compares them.
std::vector<std::string> shown(const draft& d) {
  std::vector<std::string> out;
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list) out.push_back(oracle::worst_reader::normalized(handover::spec(a)));
  return out;
}

}  // namespace

TEST_CASE("the worst reader applies every decoder seen (issue 45)", "[dispatch][hostile]") {
  namespace wr = oracle::worst_reader;
  CHECK(wr::html_references("boss&#64evil&#46example&#44 y") == "boss@evil.example, y");
  CHECK(wr::html_references("a&#x40;b&commat;c&comma d&lt;e&gt;&amp&unknown;") == "a@b@c, d<e>&&unknown;");
  CHECK(wr::html_references("&#;&#x;&") == "&#;&#x;&");
  CHECK(wr::unbackslash("\"a.\\\" <x@y>") == "\"a.\" <x@y>");
  CHECK(wr::decode_all("a@corp.example\uFF0Cboss\uFF20evil.example") == "a@corp.example,boss@evil.example");
  CHECK(wr::addresses("a@corp.example:boss@evil.example") == std::vector<std::string>{"a@corp.example", "boss@evil.example"});
  CHECK(wr::addresses("boss%26%2364evil%26%2346example%26%2344%20y%20%3Ca%40corp.example%3E") ==
        std::vector<std::string>{"boss@evil.example", "a@corp.example"});
  CHECK(wr::url_recipients("https://m.example/?_task=mail&_to=a%40x.example&_cc=b%40x.example&body=c%40x.example") ==
        std::vector<std::string>{"a@x.example", "b@x.example"});
  CHECK(wr::url_recipients("https://m.example/#mailto=mailto%3Aa%40x.example%3Fbcc%3Db%2540x.example%26body%3Dc%2540x.example") ==
        std::vector<std::string>{"a@x.example", "b@x.example"});
  CHECK(wr::message_recipients("To: a@x.example,\r\n b@x.example\r\nSubject: c@x.example\r\n\r\nTo: d@x.example\r\n") ==
        std::vector<std::string>{"a@x.example", "b@x.example"});
}

TEST_CASE("plain addresses and names, and the canonical form", "[dispatch][hostile]") {
  auto idn = parse_draft("mailto:info@%E7%B4%8D%E8%B1%86.example.org?cc=%C3%BC%40b%C3%BCcher.example");
  REQUIRE(idn);
  CHECK(handover::spec(idn->to[0]) == "info@xn--99zt52a.example.org");
  // The same A-label domain everywhere, with a non-ASCII local part too.
  CHECK(handover::spec(idn->cc[0]) == "\u00FC@xn--bcher-kva.example");
  CHECK(handover::plain_address(idn->cc[0]));
  draft d = *idn;
  CHECK(clients::make_handover_safe(d).empty());
  for (const auto& [name, found] : every_handover(d)) {
    INFO(name);
    for (const auto& f : found) {
      INFO(f);
      CHECK((f == "info@xn--99zt52a.example.org" || f == "\u00FC@xn--bcher-kva.example"));
    }
  }
}

TEST_CASE("no hand-over gives any reader a recipient the user was not shown (issue 45)", "[dispatch][hostile]") {
  for (const auto& link : issue45_links) {
    INFO(link);
    auto parsed = parse_draft(link);
    REQUIRE(parsed);
    draft d = *parsed;
    const auto told = clients::make_handover_safe(d);
    CHECK_FALSE(told.empty());
    const auto allowed = shown(d);
    for (const auto& [name, found] : every_handover(d)) {
      INFO(name);
      for (const auto& f : found) {
        INFO(f);
        CHECK(std::find(allowed.begin(), allowed.end(), f) != allowed.end());
      }
    }
    // Every address left in the draft is plain, each name too.
    for (const auto* list : {&d.to, &d.cc, &d.bcc})
      for (const auto& a : *list) {
        CHECK(handover::plain_address(a));
        CHECK((a.display_name.empty() || handover::plain_name(a.display_name)));
      }
    // Idempotent.
    draft again = d;
    CHECK(clients::make_handover_safe(again).empty());
  }
}

TEST_CASE("the worst reader sees the attacks of issue 45 when the link goes as it is", "[dispatch][hostile]") {
  // Without make_handover_safe(), the message file and Roundcube's link hold more recipients than
  // the draft shows: the proof above can fail.
  for (std::size_t i : {0u, 6u}) {
    INFO(issue45_links[i]);
    auto d = parse_draft(issue45_links[i]);
    REQUIRE(d);
    const auto allowed = shown(*d);
    const auto* rc = webmail::by_name("roundcube");
    REQUIRE(rc);
    auto link = webmail::compose_link(*rc, *d, "https://mail.example.org/");
    REQUIRE(link);
    const auto found = oracle::worst_reader::url_recipients(*link);
    CHECK(std::any_of(found.begin(), found.end(),
                      [&](const std::string& f) { return std::find(allowed.begin(), allowed.end(), f) == allowed.end(); }));
  }
}

TEST_CASE("every left-out address and name is told, in words", "[dispatch][hostile]") {
  auto d = parse_draft(issue45_links[5]);
  REQUIRE(d);
  const auto told = clients::make_handover_safe(*d);
  CHECK(told.size() == 4);
  for (const auto& t : told) CHECK(t.find("is not a complete address") != std::string::npos);
  CHECK(d->to.empty());
  CHECK(d->cc.empty());
  CHECK(d->bcc.empty());
  auto fw = parse_draft(issue45_links[7]);
  REQUIRE(fw);
  const auto told2 = clients::make_handover_safe(*fw);
  REQUIRE(told2.size() == 2);
  CHECK(told2[0].find("other characters") != std::string::npos);
  CHECK(told2[1].find("without its display name") != std::string::npos);
  REQUIRE(fw->cc.size() == 1);
  CHECK(fw->cc[0].display_name.empty());
}
