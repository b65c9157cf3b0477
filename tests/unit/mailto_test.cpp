#include "mailtokit/mailto.hpp"

#include <catch2/catch.hpp>
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "mailtokit/policy.hpp"
#include "mailtokit/utf8.hpp"
#include "tsv.hpp"

using namespace mailtokit;
using test::split;

namespace {

std::vector<std::string> unicode_of(const std::vector<address>& list) {
  std::vector<std::string> out;
  for (const auto& a : list) out.push_back(a.unicode());
  return out;
}

std::vector<std::string> ascii_of(const std::vector<address>& list) {
  std::vector<std::string> out;
  for (const auto& a : list) out.push_back(a.ascii().value_or("null"));
  return out;
}

void check_optional(const std::optional<std::string>& got, const std::string& want) {
  if (want == "(none)") {
    CHECK_FALSE(got);
  } else {
    REQUIRE(got);
    CHECK(*got == want);
  }
}

bool has_warning(const draft& d, const std::string& code) {
  for (const auto& w : d.warnings)
    if (to_name(w.code) == code) return true;
  return false;
}

// The fields of an address parse_draft() reproduces (not `original`, which is the text the
// address was read from and differs between the URI forms).
parse_options strict_options() {
  parse_options o;
  o.strict = true;
  return o;
}

bool same_address(const address& a, const address& b) {
  return a.display_name == b.display_name && a.local_part == b.local_part && a.domain == b.domain &&
         a.domain_ascii == b.domain_ascii && a.valid == b.valid && a.needs_smtputf8 == b.needs_smtputf8;
}

bool same_addresses(const std::vector<address>& a, const std::vector<address>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same_address(a[i], b[i])) return false;
  return true;
}

}  // namespace

TEST_CASE("RFC 6068 examples (tests/data/rfc6068_examples.tsv)", "[mailto][rfc6068]") {
  for (const auto& row : test::load_tsv("rfc6068_examples.tsv")) {
    INFO("line " << row.line << ": " << row.at(0) << " -- " << row.at(10));
    auto d = parse_draft(row.at(0));
    if (row.at(1) != "ok") {
      // Today's rejections hold under strict; by default a link is refused the same way or read
      // with its repairs disclosed.
      auto s = parse_draft(row.at(0), strict_options());
      test::check_refused(s, row.at(1));
      if (d) CHECK_FALSE(d->warnings.empty());
      continue;
    }
    // The RFC's reading is the strict one; by default a row reads the same or discloses a repair
    // (6.1's "&amp;" spelling is read as '&').
    auto lenient = parse_draft(row.at(0));
    REQUIRE(lenient);
    d = parse_draft(row.at(0), strict_options());
    REQUIRE(d);
    if (lenient->warnings.empty()) CHECK(unicode_of(lenient->to) == unicode_of(d->to));
    if (lenient->warnings.empty()) CHECK(lenient->body == d->body);
    CHECK(unicode_of(d->to) == split(row.at(2), " | "));
    CHECK(unicode_of(d->cc) == split(row.at(3), " | "));
    CHECK(unicode_of(d->bcc) == split(row.at(4), " | "));
    check_optional(d->subject, row.at(5));
    check_optional(d->body, row.at(6));
    std::vector<std::string> headers;
    for (const auto& h : d->headers) headers.push_back(h.name + ": " + h.value);
    CHECK(headers == split(row.at(7), " | "));
    std::vector<std::string> dropped;
    for (const auto& f : d->dropped) dropped.push_back(f.name);
    CHECK(dropped == split(row.at(8), " | "));
    CHECK(ascii_of(d->to) == split(row.at(9), " | "));
    for (const auto& a : d->to) CHECK(a.valid);
    CHECK(d->warnings.empty());
  }
}

namespace {

std::vector<std::string> marked(const std::vector<address>& list) {
  std::vector<std::string> out;
  for (const auto& a : list) out.push_back(std::string(a.valid ? "" : "!").append(a.unicode()));
  return out;
}

}  // namespace

TEST_CASE("lenient readings and their strict errors (tests/data/lenient_links.tsv)", "[mailto][lenient]") {
  for (const auto& row : test::load_tsv("lenient_links.tsv")) {
    INFO("line " << row.line << ": " << row.at(0) << " -- " << row.at(8));
    auto s = parse_draft(row.at(0), strict_options());
    if (row.at(1) == "ok") {
      REQUIRE(s);
      for (const auto& w : s->warnings) CHECK_FALSE(is_repair(w.code));
    } else {
      test::check_refused(s, row.at(1));
    }
    auto d = parse_draft(row.at(0));
    REQUIRE(d);
    CHECK(marked(d->to) == split(row.at(2), " | "));
    CHECK(marked(d->cc) == split(row.at(3), " | "));
    check_optional(d->subject, row.at(4) == "(empty)" ? std::string() : row.at(4));
    check_optional(d->body, row.at(5));
    std::vector<std::string> dropped;
    for (const auto& f : d->dropped) dropped.push_back(f.name);
    CHECK(dropped == split(row.at(6), " | "));
    std::vector<std::string> got;
    for (const auto& w : d->warnings) got.push_back(std::string(to_name(w.code)) + "@" + std::to_string(w.offset));
    for (const auto& want : split(row.at(7), " | ")) CHECK(std::find(got.begin(), got.end(), want) != got.end());
    // Idempotent: the clean URI of the repaired draft reads as the same draft with no repair.
    const std::string clean = build_mailto(*d);
    INFO("clean URI: " << clean);
    auto again = parse_draft(clean);
    REQUIRE(again);
    for (const auto& w : again->warnings) CHECK_FALSE(is_repair(w.code));
    CHECK(same_addresses(again->to, d->to));
    CHECK(same_addresses(again->cc, d->cc));
    CHECK(again->subject == d->subject);
    CHECK(again->body == d->body);
    // A literal '%' is written %25, never left lone.
    if (d->subject && d->subject->find('%') != std::string::npos) CHECK(clean.find("%25") != std::string::npos);
  }
}

TEST_CASE("hfield names are decoded once, then matched case-insensitively", "[mailto]") {
  auto u = parse_mailto("mailto:?%74%4F=a@example.com&SUBJECT=x&Cc=b@example.com");
  REQUIRE(u);
  REQUIRE(u->hfields.size() == 3);
  CHECK(u->hfields[0].name == "to");
  CHECK(u->hfields[1].name == "subject");
  CHECK(u->hfields[2].name == "cc");
  REQUIRE(u->hfields[0].addresses.size() == 1);
  CHECK(u->hfields[0].addresses[0].unicode() == "a@example.com");
  CHECK(u->hfields[1].offset == 29);
  CHECK(u->hfields[1].value_offset == 37);
}

TEST_CASE("parse errors carry the offset in the caller's input", "[mailto]") {
  struct c {
    const char* uri;
    errc code;
    std::size_t offset;
  };
  for (auto [uri, code, offset] : {
           c{"", errc::empty_input, 0},
           c{"   \t ", errc::empty_input, 0},
           c{"mail:a@example.com", errc::not_mailto, 4},
           c{"  http://example.com", errc::not_mailto, 2},
           c{"mailto:a@example.com?subject", errc::mailto_bad_hfield, 21},
           c{"mailto:a@example.com?subject=x&body", errc::mailto_bad_hfield, 31},
           c{"mailto:a@example.com?=x", errc::mailto_bad_hname, 21},
           c{"  mailto:a@example.com?x=%", errc::percent_truncated, 25},
           c{"mailto:?cc=a@example.com%0", errc::percent_truncated, 24},
           c{"mailto:a@example.com?s=1?", errc::mailto_second_question, 24},
           c{"mailto:a\x7F@example.com", errc::mailto_bad_char, 8},
       }) {
    INFO(uri);
    auto r = parse_mailto(uri, strict_options());
    REQUIRE_FALSE(r);
    CHECK(r.error().code == code);
    CHECK(r.error().offset == offset);
  }
}

TEST_CASE("limits give clear errors", "[mailto][limits]") {
  parse_options o;
  o.limits.max_input = 20;
  auto r = parse_mailto("   mailto:a@example.com?subject=x", o);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::input_too_long, 23});
  CHECK(parse_mailto("mailto:a@example.com", o));

  o = {};
  o.limits.max_recipients = 3;
  CHECK(parse_mailto("mailto:a@x.example,b@x.example?cc=c@x.example", o));
  r = parse_mailto("mailto:a@x.example,b@x.example?cc=c@x.example,d@x.example", o);
  REQUIRE_FALSE(r);
  CHECK(r.error().code == errc::too_many_recipients);
  r = parse_mailto("mailto:a@x.example,b@x.example,c@x.example,d@x.example", o);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::too_many_recipients, 43});

  o = {};
  o.limits.max_hfields = 2;
  CHECK(parse_mailto("mailto:?a=1&b=2", o));
  r = parse_mailto("mailto:?a=1&b=2&c=3", o);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::too_many_hfields, 16});

  o = {};
  o.limits.max_encoded_words = 2;
  CHECK(parse_mailto("mailto:?subject=%3D%3Futf-8%3FQ%3Fa%3F%3D%3D%3Futf-8%3FQ%3Fb%3F%3D", o));
  r = parse_mailto("mailto:?subject=%3D%3Futf-8%3FQ%3Fa%3F%3D%3D%3Futf-8%3FQ%3Fb%3F%3D%3D%3Futf-8%3FQ%3Fc%3F%3D", o);
  REQUIRE_FALSE(r);
  CHECK(r.error().code == errc::too_many_encoded_words);
  r = parse_mailto("mailto:?cc=%3D%3Fa%3F%3D%3D%3Fb%3F%3D%3D%3Fc%3F%3D%20%3Cx@example.com%3E", o);
  REQUIRE_FALSE(r);
  CHECK(r.error().code == errc::too_many_encoded_words);
}

TEST_CASE("invalid UTF-8: replaced by default, refused when strict, transcoded when legacy", "[mailto][utf8]") {
  const std::string uri = "mailto:a@example.com?subject=caf%E9";
  auto d = parse_draft(uri);
  REQUIRE(d);
  CHECK(d->subject == "caf\xEF\xBF\xBD");
  CHECK(has_warning(*d, "invalid_utf8_replaced"));
  CHECK(d->warnings[0].offset == 32);

  parse_options strict;
  strict.on_invalid_utf8 = invalid_utf8::reject;
  auto s = parse_draft(uri, strict);
  REQUIRE_FALSE(s);
  CHECK(s.error() == error{errc::mailto_invalid_utf8, 32});

  parse_options legacy;
  legacy.on_invalid_utf8 = invalid_utf8::legacy;
  legacy.legacy_charset = "windows-1252";
  auto l = parse_draft("mailto:a@example.com?subject=caf%E9%20%80", legacy);
  REQUIRE(l);
  CHECK(l->subject == "caf\xC3\xA9 \xE2\x82\xAC");  // windows-1252 0x80 is the euro sign
  CHECK(has_warning(*l, "legacy_charset_decoded"));
  // Valid UTF-8 is never transcoded.
  auto u = parse_draft("mailto:a@example.com?subject=caf%C3%A9", legacy);
  REQUIRE(u);
  CHECK(u->subject == "caf\xC3\xA9");

  legacy.legacy_charset = "no-such-charset";
  auto bad = parse_draft(uri, legacy);
  REQUIRE_FALSE(bad);
  CHECK(bad.error().code == errc::unknown_charset);

  // An address that is not UTF-8 (RFC 6068 section 2 items 4-5 require it): an error with
  // strict or reject, else repaired like any value and marked invalid.
  auto a = parse_draft("mailto:caf%E9@example.com", strict_options());
  REQUIRE_FALSE(a);
  CHECK(a.error() == error{errc::mailto_invalid_utf8, 10});
  auto ar = parse_draft("mailto:caf%E9@example.com", strict);
  REQUIRE_FALSE(ar);
  CHECK(ar.error() == error{errc::mailto_invalid_utf8, 10});
  auto rep = parse_draft("mailto:caf%E9@example.com?cc=ok@example.org,x%FF@example.org");
  REQUIRE(rep);
  REQUIRE(rep->to.size() == 1);
  CHECK(rep->to[0].original == "caf\xEF\xBF\xBD@example.com");
  CHECK_FALSE(rep->to[0].valid);
  REQUIRE(rep->cc.size() == 2);
  CHECK(rep->cc[0].valid);
  CHECK_FALSE(rep->cc[1].valid);
  CHECK(has_warning(*rep, "invalid_utf8_replaced"));
  CHECK(has_warning(*rep, "invalid_address"));
  legacy.legacy_charset = "windows-1252";
  auto al = parse_draft("mailto:caf%E9@example.com", legacy);
  REQUIRE(al);
  CHECK(al->to[0].original == "caf\xC3\xA9@example.com");
  CHECK_FALSE(al->to[0].valid);
}

TEST_CASE("raw IRI characters are their UTF-8", "[mailto]") {
  auto d = parse_draft("mailto:user@\xE7\xB4\x8D\xE8\xB1\x86.example.org?subject=caf\xC3\xA9");
  REQUIRE(d);
  REQUIRE(d->to.size() == 1);
  CHECK(d->to[0].ascii() == "user@xn--99zt52a.example.org");
  CHECK(d->subject == "caf\xC3\xA9");
  auto smtp = parse_draft("mailto:%E7%94%A8%E6%88%B7@example.com");
  REQUIRE(smtp);
  CHECK(smtp->to[0].needs_smtputf8);
  CHECK_FALSE(smtp->to[0].ascii());
}

TEST_CASE("warnings for fragments, empty fields and raw characters", "[mailto]") {
  auto d = parse_draft("mailto:a@example.com?subject=x&&body=y&#top");
  REQUIRE(d);
  CHECK(has_warning(*d, "fragment_ignored"));
  CHECK(has_warning(*d, "empty_hfield"));
  CHECK(d->body == "y");
  auto empty_fragment = parse_draft("mailto:a@example.com#");
  REQUIRE(empty_fragment);
  CHECK(empty_fragment->warnings.empty());
  auto e = parse_draft("mailto:a@example.com,,b@example.com");
  REQUIRE(e);
  CHECK(e->to.size() == 2);
  CHECK(has_warning(*e, "empty_address"));
}

TEST_CASE("encoded words in an unknown charset warn encoded_word_undecodable", "[mailto]") {
  // Issue 26: the word was shown raw with no warning, while the man page promises one.
  auto d = parse_draft("mailto:a@x.org?subject=%3D%3Fbogus-cs%3FQ%3FJ%3DF6rg%3F%3D");
  REQUIRE(d);
  CHECK(d->subject == "=?bogus-cs?Q?J=F6rg?=");
  CHECK(has_warning(*d, "encoded_word_undecodable"));
  auto ok = parse_draft("mailto:a@x.org?subject=%3D%3Fiso-8859-1%3FQ%3FJ%3DF6rg%3F%3D");
  REQUIRE(ok);
  CHECK(ok->subject == "J\xC3\xB6rg");
  CHECK_FALSE(has_warning(*ok, "encoded_word_undecodable"));
}

TEST_CASE("invalid addresses are kept, marked, with a warning", "[mailto]") {
  auto d = parse_draft("mailto:not-an-address,ok@example.com?cc=Joe%20%3Cjoe@example.com%3E,nope");
  REQUIRE(d);
  REQUIRE(d->to.size() == 2);
  CHECK_FALSE(d->to[0].valid);
  CHECK(d->to[0].unicode() == "not-an-address");
  CHECK(d->to[1].valid);
  REQUIRE(d->cc.size() == 2);
  CHECK(d->cc[0].display_name == "Joe");
  CHECK(d->cc[0].valid);
  CHECK_FALSE(d->cc[1].valid);
  int invalid = 0;
  for (const auto& w : d->warnings) invalid += w.code == warning_code::invalid_address;
  CHECK(invalid == 2);
}

TEST_CASE("path addresses split on commas outside quoted strings, raw or encoded", "[mailto]") {
  auto d = parse_draft("mailto:%22a,b%22@example.com,%22c%2Cd%22@example.com%2Ce@example.com, f@example.com");
  REQUIRE(d);
  CHECK(unicode_of(d->to) ==
        std::vector<std::string>{"\"a,b\"@example.com", "\"c,d\"@example.com", "e@example.com", "f@example.com"});
}

TEST_CASE("build vectors (tests/data/rfc6068_build.tsv)", "[mailto][build]") {
  for (const auto& row : test::load_tsv("rfc6068_build.tsv")) {
    INFO("line " << row.line << ": " << row.at(8) << " -- " << row.at(9));
    mailto_fields f;
    f.to = split(row.at(0), " | ");
    f.cc = split(row.at(1), " | ");
    f.bcc = split(row.at(2), " | ");
    if (row.at(3) != "(none)") f.subject = row.at(3);
    if (row.at(4) != "(none)") f.body = row.at(4);
    for (const auto& h : split(row.at(5), " | ")) {
      const auto colon = h.find(": ");
      f.headers.push_back({h.substr(0, colon), h.substr(colon + 2)});
    }
    auto d = make_draft(f);
    REQUIRE(d);
    build_options o;
    o.form = row.at(6) == "iri" ? uri_form::iri : row.at(6) == "utf8_escaped" ? uri_form::utf8_escaped : uri_form::ascii;
    o.html = row.at(7) == "1";
    CHECK(build_mailto(*d, o) == row.at(8));
  }
}

TEST_CASE("make_draft refuses what cannot be a header", "[mailto][build]") {
  mailto_fields f;
  f.subject = "hi\r\nBcc: x@example.com";
  auto d = make_draft(f);
  REQUIRE_FALSE(d);
  CHECK(d.error() == error{errc::header_injection, 2});
  f = {};
  f.to = {"joe@example.com, not valid"};
  d = make_draft(f);
  REQUIRE_FALSE(d);
  CHECK(d.error().code == errc::invalid_address);
  f = {};
  f.headers = {{"Bad Name", "x"}};
  CHECK_FALSE(make_draft(f));
  f = {};
  f.body = "a\nb";
  d = make_draft(f);
  REQUIRE(d);
  CHECK(d->body == "a\r\nb");
}

TEST_CASE("values holding '=?' survive a round trip as encoded words", "[mailto][build]") {
  draft d;
  d.subject = "literally =?utf-8?Q?not_a_word?= and =?x?";
  d.headers.push_back({"Keywords", "=?"});
  d.body = "=?utf-8?Q?body_is_never_decoded?=";
  const std::string uri = build_mailto(d);
  CHECK(uri.find("subject=%3D%3Futf-8%3FB%3F") != std::string::npos);
  auto back = parse_draft(uri);
  REQUIRE(back);
  CHECK(back->subject == d.subject);
  CHECK(back->headers == d.headers);
  CHECK(back->body == d.body);
}

TEST_CASE("a lone '=?' is no encoded word: it is written as it is", "[mailto][build]") {
  // Claws Mail, Evolution and Balsa decode no encoded word in a link: "2+2=?" written as one
  // would reach them as =?utf-8?B?...?= (issue 39).
  draft d;
  d.subject = "Quiz: 2+2=?";
  d.headers.push_back({"Keywords", "=? and =?"});
  const std::string uri = build_mailto(d);
  CHECK(uri == "mailto:?subject=Quiz:%202%2B2%3D%3F&Keywords=%3D%3F%20and%20%3D%3F");
  auto back = parse_draft(uri);
  REQUIRE(back);
  CHECK(back->subject == d.subject);
  CHECK(back->headers == d.headers);
}

// ---- round-trip property: parse_draft(build_mailto(x)) == x for generated valid drafts ----

namespace {

struct generator {
  std::mt19937 rng;
  explicit generator(unsigned seed) : rng(seed) {}

  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); }
  bool coin(unsigned percent = 50) { return pick(100) < percent; }

  // Printable text with the characters RFC 6068 reserves, UTF-8 of 1-4 bytes, and spaces.
  std::string text(std::size_t max_len, bool allow_breaks) {
    static const std::vector<std::string> pieces = {
        "a", "Z", "0", " ", "%", "&", "=", "?", "#", "+", "/", ";", ",", ":", "@", "'", "\"", "\\", "<", ">",
        "[", "]", "{", "}", "|", "^", "`", "~", "!", "$", "(", ")", "*", "-", ".", "_", "=?", "?=", "%25",
        "%0D%0A", "\xC3\xA9", "\xE2\x82\xAC", "\xE7\xB4\x8D", "\xF0\x9F\x98\x80", "\xD7\xA9", "\xEF\xBB\xBF",
        "\xEE\x80\x80", "\xC2\xA0"};
    std::string s;
    const std::size_t n = pick(max_len + 1);
    for (std::size_t i = 0; i < n; ++i) {
      if (allow_breaks && coin(8)) {
        s += "\r\n";
        continue;
      }
      s += pieces[pick(pieces.size())];
    }
    return s;
  }

  std::string local_part() {
    static const std::string atext = "abcXYZ019!#$%&'*+-/=?^_`{|}~";
    if (coin(25)) {
      // A quoted string: qtext, quoted-pairs, spaces and UTF-8.
      std::string q = "\"";
      const std::size_t n = pick(8);
      for (std::size_t i = 0; i < n; ++i) {
        switch (pick(5)) {
          case 0: q += "\\\""; break;
          case 1: q += "\\\\"; break;
          case 2: q += " "; break;
          case 3: q += "@,"; break;
          default: q += static_cast<char>('a' + pick(26)); break;
        }
      }
      return q + "\"";
    }
    std::string s;
    const std::size_t atoms = 1 + pick(3);
    for (std::size_t a = 0; a < atoms; ++a) {
      if (a) s += '.';
      const std::size_t n = 1 + pick(6);
      for (std::size_t i = 0; i < n; ++i) s += coin(10) ? std::string("\xC3\xBC") : std::string(1, atext[pick(atext.size())]);
    }
    return s;
  }

  std::string domain() {
    static const std::vector<std::string> labels = {
        "example", "com", "org", "x-y", "a1", "\xE7\xB4\x8D\xE8\xB1\x86", "b\xC3\xBC" "cher", "\xD0\xBF\xD1\x80\xD0\xB8\xD0\xBC\xD0\xB5\xD1\x80",
        "caf\xC3\xA9", "xn--99zt52a"};
    if (coin(5)) return "[192.0.2." + std::to_string(pick(256)) + "]";
    std::string d;
    const std::size_t n = 1 + pick(3);
    for (std::size_t i = 0; i < n; ++i) d += labels[pick(labels.size())] + ".";
    return d + "example";
  }

  std::string address_text(bool with_name) {
    std::string spec = local_part() + "@" + domain();
    if (!with_name) return spec;
    std::string name = text(6, false);
    // A display name is phrase text: keep it to something a user would type.
    std::string clean;
    for (char c : name)
      if (c != '\r' && c != '\n') clean += c;
    while (!clean.empty() && clean.back() == ' ') clean.pop_back();
    while (!clean.empty() && clean.front() == ' ') clean.erase(0, 1);
    std::string quoted = "\"";
    for (char c : clean) {
      if (c == '"' || c == '\\') quoted += '\\';
      quoted += c;
    }
    quoted += "\"";
    return quoted + " <" + spec + ">";
  }

  mailto_fields fields() {
    mailto_fields f;
    for (auto* list : {&f.to, &f.cc, &f.bcc}) {
      const std::size_t n = pick(3);
      for (std::size_t i = 0; i < n; ++i) list->push_back(address_text(coin(30)));
    }
    if (coin(70)) f.subject = text(12, false);
    if (coin(60)) f.body = text(30, true);
    if (coin(30)) f.headers.push_back({"In-Reply-To", "<" + std::to_string(pick(100000)) + "@example.com>"});
    if (coin(30)) f.headers.push_back({"Keywords", text(6, false)});
    if (coin(20)) f.headers.push_back({"References", "<a@example.com> <b@example.com>"});
    return f;
  }
};

std::string html_unescape(std::string s) {
  for (auto [from, to] : {std::pair<std::string, std::string>{"&amp;", "&"}, {"&#39;", "'"}}) {
    for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
      s.replace(p, from.size(), to);
  }
  return s;
}

}  // namespace

TEST_CASE("round trip: parse_draft(build_mailto(x)) == x for generated drafts", "[mailto][build][property]") {
  generator g(20261122);
  int built = 0;
  for (int i = 0; i < 3000; ++i) {
    auto fields = g.fields();
    auto x = make_draft(fields);
    if (!x) {
      // Generated text that is not a header (e.g. a display name that is only controls) is refused.
      CHECK((x.error().code == errc::invalid_address || x.error().code == errc::header_injection));
      continue;
    }
    ++built;
    for (auto form : {uri_form::ascii, uri_form::utf8_escaped, uri_form::iri}) {
      for (bool html : {false, true}) {
        build_options o;
        o.form = form;
        o.html = html;
        const std::string uri = build_mailto(*x, o);
        INFO("uri: " << uri);
        if (form != uri_form::iri) CHECK(utf8::is_ascii(uri));
        if (!html) CHECK(uri.find('#') == std::string::npos);
        CHECK(uri.find('"') == std::string::npos);
        auto y = parse_draft(html ? html_unescape(uri) : uri);
        REQUIRE(y);
        CHECK(same_addresses(y->to, x->to));
        CHECK(same_addresses(y->cc, x->cc));
        CHECK(same_addresses(y->bcc, x->bcc));
        CHECK(y->subject == x->subject);
        CHECK(y->body == x->body);
        CHECK(y->headers == x->headers);
        CHECK(y->dropped.empty());
        // The only warnings a clean link may give: an address that mail programs decode again
        // (a '%' escape or an encoded word the generator put in a name or a local part) or read
        // as separators (a name with ',' or '>', issue 45).
        for (const auto& w : y->warnings)
          CHECK((w.code == warning_code::address_decodes_again || w.code == warning_code::display_name_separators ||
                 w.code == warning_code::address_compatibility_characters));
        bool decodes = false;
        for (const auto* list : {&x->to, &x->cc, &x->bcc})
          for (const auto& a : *list)
            decodes = decodes || decodes_again(a) || (!a.display_name.empty() && name_holds_separators(a.display_name)) ||
                      compatibility_separators(a);
        CHECK(decodes == !y->warnings.empty());
      }
    }
  }
  CHECK(built > 2500);
}

TEST_CASE("random input never breaks the invariants", "[mailto][property]") {
  std::mt19937 rng(6068);
  const std::string alphabet = "aZ09@.,;:?&=%#+/\"\\<>()[] \t\r\n\x01\x7F\x80\xC3\xA9\xE2\x80\xAE\xFF";
  const std::vector<std::string> tokens = {"to", "cc", "bcc", "subject", "body", "attach", "%0D%0A", "%00", "=?utf-8?Q?a=0D=0Ab?=",
                                           "%3D%3Futf-8%3FQ%3Fx%3D0Ay%3F%3D", "%C0%AF", "%E2%80%A8", "%2561", "%", "%AC", "%E2%80"};
  for (int i = 0; i < 20000; ++i) {
    std::string uri = "mailto:";
    const std::size_t n = std::uniform_int_distribution<std::size_t>(0, 40)(rng);
    for (std::size_t k = 0; k < n; ++k) {
      if (std::uniform_int_distribution<int>(0, 3)(rng) == 0)
        uri += tokens[std::uniform_int_distribution<std::size_t>(0, tokens.size() - 1)(rng)];
      else
        uri += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
    }
    INFO(uri);
    auto d = parse_draft(uri);
    if (!d) {
      CHECK(d.error().offset <= uri.size());
      continue;
    }
    auto clean = [](const std::string& s) {
      if (!utf8::validate(s)) return false;
      for (const char ch : s)
        if (const auto c = static_cast<unsigned char>(ch); c < 0x20 || c == 0x7F) return false;
      return s.find("\xE2\x80\xA8") == std::string::npos && s.find("\xE2\x80\xA9") == std::string::npos &&
             s.find("\xC2\x85") == std::string::npos;
    };
    if (d->subject) CHECK(clean(*d->subject));
    for (const auto& h : d->headers) CHECK(clean(h.value));
    for (const auto* list : {&d->to, &d->cc, &d->bcc})
      for (const auto& a : *list) {
        CHECK(clean(a.unicode()));
        CHECK(clean(a.display_name));
      }
    if (d->body) {
      CHECK(utf8::validate(*d->body));
      for (std::size_t k = 0; k < d->body->size(); ++k) {
        const char c = (*d->body)[k];
        if (c == '\r') CHECK((k + 1 < d->body->size() && (*d->body)[k + 1] == '\n'));
        if (c == '\n') CHECK((k > 0 && (*d->body)[k - 1] == '\r'));
      }
    }
    for (const auto& f : d->dropped) {
      CHECK_FALSE(f.reason.empty());
      CHECK(utf8::validate(f.name));
      CHECK(utf8::validate(f.value));
    }
    for (const auto& w : d->warnings) CHECK(utf8::validate(w.message));
  }
}

TEST_CASE("a comma inside a domain literal does not split the to part", "[mailto]") {
  // Found by the mailto fuzz target: build_mailto writes user@[192,0.2.1] as
  // user@%5B192%2C0.2.1%5D in the path, and the path was split at the %2C.
  for (const char* uri : {"mailto:user@%5B192%2C0.2.1%5D,b@example.org", "mailto:user@[192,0.2.1],b@example.org"}) {
    INFO(uri);
    auto d = mailtokit::parse_draft(uri);
    REQUIRE(d);
    REQUIRE(d->to.size() == 2);
    CHECK(d->to[0].domain == "[192,0.2.1]");
    CHECK(d->to[1].unicode() == "b@example.org");
    auto again = mailtokit::parse_draft(mailtokit::build_mailto(*d));
    REQUIRE(again);
    CHECK(again->to == d->to);
  }
}

// The parser classifies the bytes of a URI sixteen at a time (SSE2) and looks flagged ones up in a
// table. Every byte value at every lane of a 16-byte block (and in the tail after the blocks)
// must be classified as RFC 3986 / RFC 6068 say: a control character is refused at its offset,
// a character that should have been percent-encoded is taken with a raw_character warning at its
// offset, and anything else (qchar, "%?&=/" with their meaning, non-ASCII UTF-8 lead bytes
// replaced later) passes without that warning.
TEST_CASE("every byte at every lane of the URI scan", "[mailto][scan]") {
  const std::string head = "mailto:a@example.com?body=";
  for (unsigned b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    if (c == '%' || c == '?' || c == '&' || c == '#' || c == '=') continue;  // structure: tested elsewhere
    const bool ctl = b < 0x20 || b == 0x7F;
    const bool raw = !ctl && b < 0x80 && std::string_view(" \"<>[\\]^`{|}").find(c) != std::string_view::npos;
    for (std::size_t lane = 0; lane < 40; ++lane) {
      const std::string link = head + std::string(lane, 'x') + c + "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy";
      const std::size_t at = head.size() + lane;
      INFO("byte " << b << " at offset " << at);
      const auto u = parse_mailto(link);
      if (ctl) {
        REQUIRE_FALSE(u);
        CHECK(u.error().code == errc::mailto_bad_char);
        CHECK(u.error().offset == at);
        continue;
      }
      REQUIRE(u);
      std::size_t raw_warnings = 0;
      for (const auto& w : u->warnings)
        if (w.code == warning_code::raw_character) {
          ++raw_warnings;
          CHECK(w.offset == at);
        }
      CHECK(raw_warnings == (raw ? 1u : 0u));
    }
  }
  // At the end of a long link too (the byte loop after the blocks), and a '#' in any lane stops
  // the scan: what follows it is not looked at.
  for (std::size_t lane = 0; lane < 40; ++lane) {
    const auto u = parse_mailto(head + std::string(lane, 'x') + "#\x01\x7F<");
    REQUIRE(u);
    CHECK(u->hfields.at(0).value == std::string(lane, 'x'));
    const auto v = parse_mailto(head + std::string(lane, 'x') + "?zz&y=1", strict_options());
    REQUIRE_FALSE(v);
    CHECK(v.error().code == errc::mailto_second_question);
    CHECK(v.error().offset == head.size() + lane);
  }
}

// ---- round trips keep validity: drafts with invalid addresses, every reading mode ----

namespace {

// The ways a link can be read: the default, strict, rejecting invalid UTF-8, a legacy charset.
std::vector<std::pair<std::string, parse_options>> reading_modes() {
  parse_options strict;
  strict.strict = true;
  parse_options reject;
  reject.on_invalid_utf8 = invalid_utf8::reject;
  parse_options legacy;
  legacy.on_invalid_utf8 = invalid_utf8::legacy;
  legacy.legacy_charset = "windows-1252";
  parse_options legacy_strict = legacy;
  legacy_strict.strict = true;
  return {{"default", {}}, {"strict", strict}, {"reject", reject}, {"windows-1252", legacy},
          {"windows-1252 strict", legacy_strict}};
}

// An address as the property compares it: valid ones by what they deliver to, invalid ones by text.
std::string shown(const address& a) {
  return a.valid ? "valid " + a.display_name + " <" + a.unicode() + ">" : "invalid " + a.original;
}

// What build_mailto() promises for one list: the valid addresses and the buildable() invalid
// ones, in order; never an invalid address read back valid or as several.
std::vector<std::string> expected(const std::vector<address>& list) {
  std::vector<std::string> out;
  for (const auto& a : list)
    if (buildable(a)) out.push_back(shown(a));
  return out;
}
std::vector<std::string> shown(const std::vector<address>& list) {
  std::vector<std::string> out;
  for (const auto& a : list) out.push_back(shown(a));
  return out;
}

// Reads `link` in every mode, builds each draft in every form and reads that back in every mode.
void check_validity_kept(const std::string& link) {
  for (const auto& [in_mode, in_options] : reading_modes()) {
    auto d = parse_draft(link, in_options);
    if (!d) continue;
    for (auto form : {uri_form::ascii, uri_form::utf8_escaped, uri_form::iri}) {
      build_options bo;
      bo.form = form;
      const std::string built = build_mailto(*d, bo);
      for (const auto& [out_mode, out_options] : reading_modes()) {
        INFO(link << " read " << in_mode << ", built " << built << ", read back " << out_mode);
        auto y = parse_draft(built, out_options);
        if (!y) {
          // strict refuses an address mail programs would read as another, as it does the link's.
          CHECK(out_options.strict);
          CHECK((y.error().code == errc::address_decodes_again || y.error().code == errc::display_name_separators ||
                 y.error().code == errc::address_compatibility_characters));
          continue;
        }
        CHECK(shown(y->to) == expected(d->to));
        CHECK(shown(y->cc) == expected(d->cc));
        CHECK(shown(y->bcc) == expected(d->bcc));
      }
    }
  }
}

}  // namespace

TEST_CASE("round trip keeps validity: an invalid address never reads back valid or as several", "[mailto][build]") {
  // Undeliverable text (its display name was not UTF-8) must not come back as <ann@example.org>.
  auto ann = parse_draft("mailto:?to=%22Ann%FF%22%20%3Cann@example.org%3E");
  REQUIRE(ann);
  REQUIRE(ann->to.size() == 1);
  CHECK_FALSE(ann->to[0].valid);
  CHECK_FALSE(buildable(ann->to[0]));
  CHECK(build_mailto(*ann) == "mailto:");
  // A local part read in windows-1252 is marked for the user, and must not come back valid.
  parse_options legacy;
  legacy.on_invalid_utf8 = invalid_utf8::legacy;
  legacy.legacy_charset = "windows-1252";
  auto e = parse_draft("mailto:%E9@example.org", legacy);
  REQUIRE(e);
  REQUIRE(e->to.size() == 1);
  CHECK_FALSE(e->to[0].valid);
  CHECK(build_mailto(*e) == "mailto:");
  // Strict reads one invalid address where a field value holds two.
  parse_options strict;
  strict.strict = true;
  auto x = parse_draft("mailto:x@example.com;id", strict);
  REQUIRE(x);
  REQUIRE(x->to.size() == 1);
  CHECK_FALSE(x->to[0].valid);
  CHECK(build_mailto(*x) == "mailto:");
  // An invalid address that reads back as itself is written, in a field of its own.
  auto plain = parse_draft("mailto:not-an-address,a@example.org?cc=%22open");
  REQUIRE(plain);
  CHECK(build_mailto(*plain) == "mailto:?to=not-an-address&to=a@example.org&cc=%22open");
  for (const char* link : {"mailto:?to=%22Ann%FF%22%20%3Cann@example.org%3E", "mailto:%E9@example.org",
                           "mailto:x@example.com;id", "mailto:not-an-address,a@example.org?cc=%22open",
                           "mailto:a@example.org,%22b,c@example.org?cc=d@example.org"})
    check_validity_kept(link);
}

TEST_CASE("round trip keeps validity for generated links with invalid addresses, in every mode",
          "[mailto][build][property]") {
  std::mt19937 rng(20261201);
  const auto pick = [&rng](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  static const std::vector<std::string> pieces = {
      "a", "b@example.org", "@", "%40", ",", "%2C", ";", "%3B", "<", "%3C", ">", "%3E", "%22", "%20", "(", ")",
      "%FF", "%E9", "%C3%A9", "%C3", "x@example.com", "[", "]", "\\", "%5C", "=?utf-8?q?a?=", ".", ":", "Ann%20"};
  for (int i = 0; i < 300; ++i) {
    std::string link = "mailto:";
    for (std::size_t k = pick(4); k > 0; --k) link += pieces[pick(pieces.size())];
    for (const char* field : {"?to=", "&cc=", "&bcc="}) {
      link += field;
      for (std::size_t k = pick(6); k > 0; --k) link += pieces[pick(pieces.size())];
    }
    check_validity_kept(link);
  }
}
