#include "clients/webmail.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "mailtokit/mailto.hpp"
#include "mailtokit/percent.hpp"
#include "mailtokit/policy.hpp"

using namespace mailtokit;

namespace {

draft parse(std::string_view uri) {
  auto d = parse_draft(uri, {}, policy::defaults());
  REQUIRE(d);
  return *d;
}

std::string link(std::string_view name, const draft& d, std::string_view address = {}) {
  const auto* s = webmail::by_name(name);
  REQUIRE(s != nullptr);
  auto l = webmail::compose_link(*s, d, address);
  REQUIRE(l);
  return *l;
}

bool has(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

// Everything after `marker` in `s`, percent-decoded once.
std::string decoded_after(const std::string& s, std::string_view marker) {
  const auto at = s.find(marker);
  REQUIRE(at != std::string::npos);
  auto d = percent::decode(std::string_view(s).substr(at + marker.size()));
  REQUIRE(d);
  return *d;
}

}  // namespace

TEST_CASE("every service has a name, a title and a link builder, and a name of its own", "[webmail]") {
  std::size_t hosted = 0, own = 0, any = 0;
  for (const auto* s : webmail::all()) {
    INFO(s->name);
    CHECK(webmail::by_name(s->name) == s);
    CHECK_FALSE(s->title.empty());
    // Its link is `compose` and the URI, or its own; the template's is the user's.
    CHECK((s->link != nullptr || !s->compose.empty()));
    if (s->kind == webmail::kind::hosted) CHECK(s->compose.starts_with("https://"));
    if (s->kind == webmail::kind::self_hosted) CHECK_FALSE(s->compose.starts_with("/"));
    CHECK((s->html == 0 || s->html == '<' || s->html == '>'));
    CHECK(s->max_link >= 2000);
    hosted += s->kind == webmail::kind::hosted;
    own += s->kind == webmail::kind::self_hosted;
    any += s->kind == webmail::kind::any;
  }
  CHECK(hosted == 9);
  CHECK(own == 7);
  CHECK(any == 1);
  CHECK(webmail::by_name("thunderbird") == nullptr);
}

TEST_CASE("a link is encoded for the parser that reads it: no raw + & = # or space in a value", "[webmail]") {
  const draft d = parse("mailto:a%2Bb@example.org?cc=c@example.org&subject=1%2B1%3D2%20%26%20%23x%25&body=x%0D%0Ay");
  const std::string gmail = link("gmail", d);
  CHECK(gmail.rfind("https://mail.google.com/mail/?extsrc=mailto&url=mailto%3A", 0) == 0);
  CHECK(gmail.find_first_of(" +#", 0) == std::string::npos);
  // Once decoded (the outer query), the mailto URI holds every value still encoded.
  const std::string inner = decoded_after(gmail, "url=");
  CHECK(inner == "mailto:a%2Bb@example.org?cc=c@example.org&subject=1%2B1%3D2%20%26%20%23x%25&body=x%0D%0Ay");
  // Upper-case hex everywhere (Proton matches "mailto%3A" literally).
  const std::string proton = link("proton", d);
  CHECK(proton.rfind("https://mail.proton.me/inbox/#mailto=mailto%3A", 0) == 0);
}

TEST_CASE("the deep links take the fields one by one", "[webmail]") {
  const draft d = parse("mailto:a@example.org,b@example.org?bcc=h@example.org&subject=Hi%20there&body=L1%0D%0AL2");
  const std::string o = link("outlook", d);
  CHECK(o == "https://outlook.live.com/mail/0/deeplink/compose?to=a%40example.org%2Cb%40example.org&bcc=h%40"
             "example.org&subject=Hi%20there&body=L1%0D%0AL2");
  CHECK(link("office365", d).rfind("https://outlook.office.com/mail/deeplink/compose?to=", 0) == 0);
  CHECK(link("fastmail", d).rfind("https://app.fastmail.com/mail/compose?to=", 0) == 0);
}

TEST_CASE("self-hosted services: the address joined as each one's handler does", "[webmail]") {
  const draft d = parse("mailto:a@example.org?subject=s");
  CHECK(link("roundcube", d, "https://mail.example.org") ==
        "https://mail.example.org/?_task=mail&_action=compose&_to=mailto%3Aa%40example.org%3Fsubject%3Ds");
  CHECK(link("roundcube", d, "https://example.org/roundcube/?_task=mail#x").rfind(
            "https://example.org/roundcube/?_task=mail&_action=compose&_to=", 0) == 0);
  CHECK(link("sogo", d, "https://m.example.org/SOGo/so/me/Mail/").rfind(
            "https://m.example.org/SOGo/so/me/Mail/UIxMailPopupView#!/Mail/0/new?mailto%3A", 0) == 0);
  CHECK(link("nextcloud", d, "https://cloud.example.org/").rfind(
            "https://cloud.example.org/index.php/apps/mail/compose?uri=mailto%3A%3Fto%3D", 0) == 0);
  CHECK(link("horde", d, "https://m.example.org/imp").rfind(
            "https://m.example.org/imp/basic.php?page=compose&actionID=mailto_link&to=mailto%3A%3Fto%3D", 0) == 0);
  CHECK(link("ox", d, "https://m.example.org/appsuite/").rfind(
            "https://m.example.org/appsuite/#app=io.ox/mail/compose:compose&mailto=mailto%3A", 0) == 0);
  CHECK(link("webmail", d, "https://m.example.org/c?x=1&u=%s&y=2") ==
        "https://m.example.org/c?x=1&u=mailto%3Aa%40example.org%3Fsubject%3Ds&y=2");
}

TEST_CASE("SnappyMail gets no '@' (it lower-cases what follows the last one)", "[webmail]") {
  const draft d = parse("mailto:a@example.org?subject=Hello%20World");
  const std::string s = link("snappymail", d, "https://mail.example.org/");
  CHECK(s.rfind("https://mail.example.org/?mailto&to=mailto%3A", 0) == 0);
  const std::string inner = decoded_after(s, "&to=");
  CHECK_FALSE(has(inner, "@"));
  CHECK(has(inner, "a%40example.org"));
  CHECK(has(inner, "Hello%20World"));
}

TEST_CASE("RainLoop gets every value encoded twice (it decodes them twice)", "[webmail]") {
  const draft d = parse("mailto:a@example.org?subject=100%25");
  const std::string inner = decoded_after(link("rainloop", d, "https://mail.example.org/"), "&to=");
  CHECK(inner == "mailto:?to=a@example.org&subject=100%2525");
}

TEST_CASE("SOGo never shows a hidden copy as a Cc: without a Cc, the Bcc is left out and said", "[webmail]") {
  const draft d = parse("mailto:a@example.org?bcc=h@example.org&subject=s");
  const auto* sogo = webmail::by_name("sogo");
  const std::string inner = decoded_after(link("sogo", d, "https://m.example.org/SOGo/so/me/Mail/"), "/new?");
  CHECK_FALSE(has(inner, "h@example.org"));
  const auto told = webmail::losses(*sogo, d);
  REQUIRE(told.size() == 1);
  CHECK(has(told[0], "h@example.org"));
  // With a Cc, Cc comes first, so "cc=" is found before "bcc=", and the Bcc goes as a Bcc.
  const draft both = parse("mailto:a@example.org?bcc=h@example.org&cc=c@example.org");
  const std::string i2 = decoded_after(link("sogo", both, "https://m.example.org/SOGo/so/me/Mail/"), "/new?");
  CHECK(i2 == "mailto:a@example.org?cc=c@example.org&bcc=h@example.org");
  CHECK(webmail::losses(*sogo, both).empty());
}

TEST_CASE("what a webmail loses is said: fields, display names, HTML bodies, Outlook's +", "[webmail]") {
  const draft d = parse("mailto:%22Jo%20Doe%22%20%3Cj%2Bx@example.org%3E?keywords=k&body=a%3Cb");
  auto o = webmail::losses(*webmail::by_name("outlook"), d);
  REQUIRE(o.size() == 3);
  CHECK(has(o[0], "Keywords"));
  CHECK(has(o[1], "Jo Doe"));
  CHECK(has(o[2], "j+x@example.org"));
  auto r = webmail::losses(*webmail::by_name("roundcube"), d);
  REQUIRE(r.size() == 2);  // Keywords, and the body read as HTML; the display name is kept
  CHECK(has(r[1], "HTML"));
  const std::string rc = decoded_after(link("roundcube", d, "https://m.example.org/"), "_to=");
  CHECK(has(rc, "%22Jo%20Doe%22%20%3Cj%2Bx@example.org%3E"));
  // In-Reply-To and References reach Roundcube, not Gmail.
  const draft t = parse("mailto:a@example.org?in-reply-to=%3Cm1@example.org%3E");
  CHECK(webmail::losses(*webmail::by_name("roundcube"), t).empty());
  CHECK(webmail::losses(*webmail::by_name("gmail"), t).size() == 1);
}

TEST_CASE("a link longer than the service takes is refused, never cut", "[webmail]") {
  const draft d = parse("mailto:a@example.org?body=" + std::string(9000, 'x'));
  auto g = webmail::compose_link(*webmail::by_name("gmail"), d, "");
  REQUIRE_FALSE(g);
  CHECK(has(g.error().words, "Gmail"));
  CHECK(has(g.error().words, "8000"));
  // The fragment-borne ones take it (the server never sees the fragment).
  CHECK(webmail::compose_link(*webmail::by_name("proton"), d, ""));
  const draft huge = parse("mailto:a@example.org?body=" + std::string(130 * 1024, 'x'));
  CHECK_FALSE(webmail::compose_link(*webmail::by_name("proton"), huge, ""));
}

TEST_CASE("addresses: https only (http for this computer), a server, no user, one %s in a template", "[webmail]") {
  const auto& rc = *webmail::by_name("roundcube");
  const auto& any = *webmail::by_name("webmail");
  CHECK(*webmail::check_address(rc, "https://mail.example.org/") == "https://mail.example.org/");
  CHECK(webmail::check_address(rc, "HTTPS://mail.example.org"));
  CHECK(webmail::check_address(rc, "http://127.0.0.1:8080/"));
  CHECK(webmail::check_address(rc, "http://localhost/rc/"));
  CHECK(webmail::check_address(rc, "http://[::1]:81/"));
  auto plain = webmail::check_address(rc, "http://mail.example.org/");
  REQUIRE_FALSE(plain);
  CHECK(has(plain.error().words, "https://"));
  CHECK_FALSE(webmail::check_address(rc, "http://127.0.0.1.evil.example/"));
  CHECK_FALSE(webmail::check_address(rc, "mail.example.org"));
  CHECK_FALSE(webmail::check_address(rc, "javascript:alert(1)"));
  CHECK_FALSE(webmail::check_address(rc, "https:///path"));
  CHECK_FALSE(webmail::check_address(rc, "https://user:pw@mail.example.org/"));
  CHECK_FALSE(webmail::check_address(rc, "https://mail.example.org/a b"));
  CHECK_FALSE(webmail::check_address(rc, "https://mail.example.org/\n"));
  auto none = webmail::check_address(any, "https://mail.example.org/compose");
  REQUIRE_FALSE(none);
  CHECK(has(none.error().words, "%s"));
  CHECK_FALSE(webmail::check_address(any, "https://m.example.org/?a=%s&b=%s"));
  CHECK_FALSE(webmail::check_address(any, "https://m.example.org/?a=%s&b=%zz"));
  CHECK(webmail::check_address(any, "https://m.example.org/?a=%s&b=%20"));
  CHECK(*webmail::check_address(*webmail::by_name("gmail"), "") == "");
}

TEST_CASE("addresses: a server named as a browser reads it, a port from 1 to 65535, nothing hidden (issue 46)",
          "[webmail]") {
  const auto& rc = *webmail::by_name("roundcube");
  CHECK(webmail::check_address(rc, "https://mail.example.org:8443/"));
  CHECK(webmail::check_address(rc, "https://mail.example.org:/"));  // the default port
  CHECK(webmail::check_address(rc, "https://[2001:db8::1]:443/rc/"));
  CHECK(webmail::check_address(rc, "https://b\xC3\xBCro.example/"));  // an internationalized name
  for (const char* bad : {"https://mail.example.org:99999/", "https://mail.example.org:0/", "https://mail.example.org:8o/",
                          "https://[::1/", "https://[::1]x/", "https://[]/", "https://[evil.example]/",
                          "https://mail.exa_mple.org/", "https://mail.example.org\xE2\x80\xAE/gro/",
                          "https://mail.example.org/\xE2\x80\xAEgro.exe", "https://a\xE2\x80\x8B.example/"}) {
    INFO(bad);
    auto r = webmail::check_address(rc, bad);
    REQUIRE_FALSE(r);
    CHECK_FALSE(has(r.error().words, "\xE2\x80\xAE"));  // the value is named, never applied
  }
  CHECK(has(webmail::check_address(rc, "https://m.example.org:99999/").error().words, "65535"));
}
