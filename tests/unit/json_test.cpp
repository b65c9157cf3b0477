#include "mailtokit/json.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/utf8.hpp"
#include "text/utf8_subpart.hpp"

using namespace mailtokit;

namespace {

std::string as_literal(std::string_view s, bool ascii_only = false) {
  std::string out;
  mailtokit::json::options o;
  o.ascii_only = ascii_only;
  mailtokit::json::append_string(out, s, o);
  return out;
}

}  // namespace

TEST_CASE("every single byte gives valid JSON that nlohmann reads back", "[json]") {
  for (int b = 0; b < 256; ++b) {
    const std::string in(1, static_cast<char>(b));
    INFO("byte " << b);
    for (bool ascii : {false, true}) {
      const std::string lit = as_literal(in, ascii);
      for (char c : lit) CHECK(static_cast<unsigned char>(c) >= 0x20);  // no raw control characters
      const auto parsed = nlohmann::json::parse(lit);
      REQUIRE(parsed.is_string());
      if (b < 0x80)
        CHECK(parsed.get<std::string>() == in);
      else
        CHECK(parsed.get<std::string>() == "\xEF\xBF\xBD");  // a lone byte >= 0x80 is never valid UTF-8
    }
  }
}

TEST_CASE("control characters use the short escapes or the six-character u00XX form", "[json]") {
  CHECK(as_literal("\"\\/") == R"("\"\\/")");
  CHECK(as_literal("\b\f\n\r\t") == R"("\b\f\n\r\t")");
  CHECK(as_literal(std::string("\x00\x01\x1F\x7F", 4)) == R"("\u0000\u0001\u001f\u007f")");
  CHECK(as_literal("a\xE2\x80\xA8" "b\xE2\x80\xA9" "c\xC2\x85") == R"("a\u2028b\u2029c\u0085")");
}

TEST_CASE("invalid UTF-8 becomes one U+FFFD per maximal subpart", "[json]") {
  // Unicode 15 section 3.9, table 3-8: "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64"
  // shows as a, FFFD, FFFD, FFFD, b, FFFD, c, FFFD, FFFD, d.
  const std::string in = "\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
  const auto parsed = nlohmann::json::parse(as_literal(in));
  CHECK(parsed.get<std::string>() ==
        "a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD\xEF\xBF\xBD" "d");
  CHECK(as_literal("\xC0\xAF") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");
  CHECK(as_literal("\xED\xA0\x80", true) == R"("\ufffd\ufffd\ufffd")");
}

TEST_CASE("ascii_only escapes non-ASCII, with surrogate pairs above U+FFFF", "[json]") {
  const std::string in = "caf\xC3\xA9 \xE7\xB4\x8D \xF0\x9F\x98\x80";
  const std::string lit = as_literal(in, true);
  CHECK(lit == R"("caf\u00e9 \u7d0d \ud83d\ude00")");
  CHECK(nlohmann::json::parse(lit).get<std::string>() == in);
  CHECK(as_literal(in) == "\"" + in + "\"");
}

TEST_CASE("a draft serializes to the inspect --json contract", "[json]") {
  auto d = parse_draft(
      "mailto:user@%E7%B4%8D%E8%B1%86.example.org,%E7%94%A8@example.com?subject=caf%C3%A9&"
      "In-Reply-To=%3C3469A91.D10AF4C@example.com%3E&attach=/etc/passwd&cc=Joe%20%3Cjoe@example.com%3E,bad&"
      "subject=a%0D%0Ab#frag");
  REQUIRE(d);
  const auto j = nlohmann::json::parse(mailtokit::json::from_draft(*d));
  CHECK(j["ok"] == true);
  CHECK(j["error"].is_null());
  REQUIRE(j["to"].size() == 2);
  CHECK(j["to"][0]["address"] == "user@\xE7\xB4\x8D\xE8\xB1\x86.example.org");
  CHECK(j["to"][0]["ascii"] == "user@xn--99zt52a.example.org");
  CHECK(j["to"][0]["valid"] == true);
  CHECK(j["to"][0]["display_name"].is_null());
  CHECK(j["to"][1]["ascii"].is_null());  // the local part needs SMTPUTF8
  CHECK(j["to"][1]["smtputf8"] == true);
  REQUIRE(j["cc"].size() == 2);
  CHECK(j["cc"][0]["display_name"] == "Joe");
  CHECK(j["cc"][1]["valid"] == false);
  CHECK(j["cc"][1]["ascii"].is_null());
  CHECK(j["bcc"].empty());
  CHECK(j["subject"] == "a b");
  CHECK(j["body"].is_null());
  CHECK(j["headers"] == nlohmann::json::parse(R"([{"name":"In-Reply-To","value":"<3469A91.D10AF4C@example.com>"}])"));
  REQUIRE(j["dropped"].size() == 1);
  CHECK(j["dropped"][0]["name"] == "attach");
  CHECK(j["dropped"][0]["value"] == "/etc/passwd");
  CHECK(j["dropped"][0]["reason"] == d->dropped[0].reason);
  REQUIRE(j["warnings"].size() == d->warnings.size());
  for (std::size_t i = 0; i < d->warnings.size(); ++i) {
    CHECK(j["warnings"][i]["code"] == std::string(to_name(d->warnings[i].code)));
    if (d->warnings[i].field.empty())
      CHECK(j["warnings"][i]["field"].is_null());
    else
      CHECK(j["warnings"][i]["field"] == d->warnings[i].field);
    CHECK(j["warnings"][i]["message"] == d->warnings[i].message);
    CHECK(j["warnings"][i]["offset"] == d->warnings[i].offset);
  }
  CHECK(j["from"].is_null());
}

TEST_CASE("an error serializes with the same keys", "[json]") {
  parse_options strict;
  strict.strict = true;
  auto d = parse_draft("mailto:joe@example.com?cc=bob@example.com?body=hello", strict);
  REQUIRE_FALSE(d);
  const auto j = nlohmann::json::parse(mailtokit::json::from_error(d.error()));
  CHECK(j["ok"] == false);
  CHECK(j["error"]["code"] == "mailto_second_question");
  CHECK(j["error"]["offset"] == 41);
  CHECK(j["error"]["message"] == std::string(to_string(errc::mailto_second_question)));
  for (const char* key : {"to", "cc", "bcc", "headers", "dropped", "warnings"}) CHECK(j[key].empty());
  CHECK(j["subject"].is_null());
  CHECK(j["body"].is_null());
  const auto custom = nlohmann::json::parse(mailtokit::json::from_error(d.error(), "custom\ntext"));
  CHECK(custom["error"]["message"] == "custom\ntext");
}

TEST_CASE("strings with every hostile byte round-trip through nlohmann", "[json]") {
  std::string all;
  for (int b = 0; b < 0x80; ++b) all += static_cast<char>(b);
  all += "caf\xC3\xA9\xE2\x80\xAE\xF0\x9F\x98\x80";
  draft d;
  d.subject = all;
  d.body = all;
  d.headers.push_back({"X-" + all, all});
  d.warnings.push_back({warning_code::raw_character, all, all, 5});
  const auto j = nlohmann::json::parse(mailtokit::json::from_draft(d));
  CHECK(j["subject"] == all);
  CHECK(j["body"] == all);
  CHECK(j["headers"][0]["name"] == "X-" + all);
  CHECK(j["warnings"][0]["code"] == "raw_character");
  CHECK(j["warnings"][0]["field"] == all);
  CHECK(j["warnings"][0]["message"] == all);
  const auto a = nlohmann::json::parse(mailtokit::json::from_draft(d, {true}));
  CHECK(a["subject"] == all);
}

namespace {

// The writer as it was before it copied runs and wrote addresses from their parts: one byte or
// code point at a time into small appends, addresses through address::unicode() and ascii().
// The test oracle for the fast writer: every draft must serialize to the same bytes.
void reference_string(std::string& out, std::string_view s, bool ascii_only) {
  static constexpr char hex[] = "0123456789abcdef";
  const auto u16 = [&](unsigned v) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(v >> shift) & 0xF];
  };
  out += '"';
  const char* it = s.data();
  const char* end = it + s.size();
  while (it != end) {
    const auto b = static_cast<unsigned char>(*it);
    if (b < 0x80) {
      if (b == '"') out += "\\\"";
      else if (b == '\\') out += "\\\\";
      else if (b == '\b') out += "\\b";
      else if (b == '\f') out += "\\f";
      else if (b == '\n') out += "\\n";
      else if (b == '\r') out += "\\r";
      else if (b == '\t') out += "\\t";
      else if (b < 0x20 || b == 0x7F) u16(b);
      else out += static_cast<char>(b);
      ++it;
      continue;
    }
    const char* start = it;
    const auto cp = utf8::decode(it, end);
    if (!cp) {
      it = start + utf8::maximal_subpart(start, end);
      out += ascii_only ? "\\ufffd" : "\xEF\xBF\xBD";
    } else if (*cp == 0x2028 || *cp == 0x2029 || (*cp >= 0x80 && *cp <= 0x9F)) {
      u16(static_cast<unsigned>(*cp));
    } else if (ascii_only && *cp >= 0x10000) {
      const auto v = static_cast<unsigned>(*cp) - 0x10000u;
      u16(0xD800u + (v >> 10));
      u16(0xDC00u + (v & 0x3FFu));
    } else if (ascii_only) {
      u16(static_cast<unsigned>(*cp));
    } else {
      out.append(start, it);
    }
  }
  out += '"';
}

std::string reference_draft(const draft& d, bool ascii_only) {
  std::string out = "{\"ok\":true,\"error\":null";
  const auto str = [&](std::string_view s) { reference_string(out, s, ascii_only); };
  const auto opt = [&](const std::optional<std::string>& s) {
    if (s) str(*s);
    else out += "null";
  };
  const auto addr = [&](const address& a) {
    out += "{\"address\":";
    str(a.unicode());
    out += ",\"ascii\":";
    opt(a.ascii());
    out += a.valid ? ",\"valid\":true" : ",\"valid\":false";
    out += ",\"display_name\":";
    if (a.display_name.empty()) out += "null";
    else str(a.display_name);
    out += a.needs_smtputf8 ? ",\"smtputf8\":true}" : ",\"smtputf8\":false}";
  };
  for (const auto& [key, list] : {std::pair{"to", &d.to}, {"cc", &d.cc}, {"bcc", &d.bcc}}) {
    out += ",\"" + std::string(key) + "\":[";
    for (std::size_t i = 0; i < list->size(); ++i) {
      if (i) out += ',';
      addr((*list)[i]);
    }
    out += ']';
  }
  out += ",\"subject\":";
  opt(d.subject);
  out += ",\"body\":";
  opt(d.body);
  out += ",\"headers\":[";
  for (std::size_t i = 0; i < d.headers.size(); ++i) {
    out += i ? ",{\"name\":" : "{\"name\":";
    str(d.headers[i].name);
    out += ",\"value\":";
    str(d.headers[i].value);
    out += '}';
  }
  out += "],\"dropped\":[";
  for (std::size_t i = 0; i < d.dropped.size(); ++i) {
    out += i ? ",{\"name\":" : "{\"name\":";
    str(d.dropped[i].name);
    out += ",\"value\":";
    str(d.dropped[i].value);
    out += ",\"reason\":";
    str(d.dropped[i].reason);
    out += '}';
  }
  out += "],\"warnings\":[";
  for (std::size_t i = 0; i < d.warnings.size(); ++i) {
    const warning& w = d.warnings[i];
    out += i ? ",{\"code\":" : "{\"code\":";
    str(to_name(w.code));
    out += ",\"field\":";
    if (w.field.empty()) out += "null";
    else str(w.field);
    out += ",\"message\":";
    str(w.message);
    out += ",\"offset\":";
    out += w.offset == static_cast<std::size_t>(-1) ? "null" : std::to_string(w.offset);
    out += '}';
  }
  out += "],\"from\":";
  if (d.from) addr(*d.from);
  else out += "null";
  out += '}';
  return out;
}

}  // namespace

// The writer copies runs of plain bytes (sixteen at a time) and writes addresses from their
// parts; on a mixed input (every link of the benchmark's sets, hostile ones included, and
// generated links of escapes, controls, invalid UTF-8, U+2028, C1 controls and 4-byte
// characters at every offset) it must write what a one-byte-at-a-time writer writes.
TEST_CASE("the writer gives the bytes of a one-byte-at-a-time reference on a mixed input", "[json]") {
  std::vector<std::string> links;
  for (const char* set : {"ref113", "short", "subject_body", "idn", "encoded_words", "long_body", "hostile"}) {
    std::ifstream in(std::string(MAILTOKIT_TEST_DATA) + "/../bench/data/" + set + ".txt", std::ios::binary);
    REQUIRE(in);
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) links.push_back(line);
  }
  REQUIRE(links.size() > 1000);
  const std::vector<std::string> pieces = {"%", "%0D", "%0A", "%00", "%22", "%5C", "%E2%80%A8", "%C2%85", "%FF",
                                           "\xC3\xA9", "\xE2\x80\xA8", "\xF0\x9F\x98\x80", "\xC3", "\x7F", "\"",
                                           "\\", "@", ",", "=?utf-8?q?a=22?=", "&", "?", "=", "to=", "cc=",
                                           "subject=", "body=", "x-y=", "<", ">", "a", "b.example", " ", "%7F",
                                           "%1B", "%F0%9F%98%80", "%ED%A0%80", "%C3%A9", "0123456789abcdef"};
  std::mt19937 rng(57);
  for (int n = 0; n < 20000; ++n) {
    std::string link = "mailto:";
    for (std::size_t k = rng() % 40; k > 0; --k) link += pieces[rng() % pieces.size()];
    links.push_back(std::move(link));
  }
  policy pol = policy::defaults();
  REQUIRE(pol.keep("x-y"));  // a kept header with a hostile value
  std::size_t drafts = 0, compared = 0;
  for (const std::string& link : links) {
    auto d = parse_draft(link, {}, pol);
    if (!d) continue;
    ++drafts;
    if (drafts % 7 == 0) d->from = d->to.empty() ? address{} : d->to.front();
    for (bool ascii_only : {false, true}) {
      json::options o;
      o.ascii_only = ascii_only;
      std::string got = "prefix";  // appends after what the string holds
      json::append_draft(got, *d, o);
      if (got.substr(6) != reference_draft(*d, ascii_only)) FAIL("differs on " << link << "\n got:  " << got.substr(6));
      ++compared;
    }
  }
  CHECK(drafts > 10000);
  CHECK(compared == 2 * drafts);
}
