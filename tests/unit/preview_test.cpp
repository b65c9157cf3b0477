#include "mailtokit/preview.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "mailtokit/policy.hpp"
#include "mailtokit/mailto.hpp"
#include <algorithm>
#include "tsv.hpp"

using namespace mailtokit;

namespace {

std::string codes(const std::vector<preview::finding>& f) {
  std::string out;
  for (const auto& x : f) out += (out.empty() ? "" : ",") + x.code;
  return out.empty() ? "-" : out;
}

bool has_invisible(const std::string& s) {
  // Any bidi control, zero-width or C0 control byte left in a display string.
  for (const char* bad : {"\xE2\x80\xAE", "\xE2\x80\x8B", "\xE2\x80\x8F", "\xE2\x81\xA7", "\xC2\xAD"})
    if (s.find(bad) != std::string::npos) return true;
  for (const char c : s)
    if (static_cast<unsigned char>(c) < 0x20 && c != '\n') return true;
  return false;
}

}  // namespace

TEST_CASE("preview findings for hostile and harmless links (tests/data/preview.tsv)", "[preview]") {
  for (const auto& row : test::load_tsv("preview.tsv")) {
    INFO("line " << row.line << ": " << row.at(0) << " (" << row.at(2) << ")");
    auto d = parse_draft(row.at(0));
    REQUIRE(d);
    const auto f = preview::check(*d);
    CHECK(codes(f) == row.at(1));
    // The text report never shows an invisible or reordering character as itself, except the
    // isolates it adds around each value.
    std::string text = preview::render_text(*d, f);
    for (const char* iso : {"\xE2\x81\xA6", "\xE2\x81\xA8", "\xE2\x81\xA9"}) {
      for (auto p = text.find(iso); p != std::string::npos; p = text.find(iso)) text.erase(p, 3);
    }
    CHECK_FALSE(has_invisible(text));
    // The JSON report is valid JSON with the draft's keys and the findings.
    const auto j = nlohmann::json::parse(preview::render_json(*d, f));
    CHECK(j.at("ok") == true);
    REQUIRE(j.at("findings").size() == f.size());
    for (std::size_t i = 0; i < f.size(); ++i) {
      CHECK(j["findings"][i]["code"] == f[i].code);
      CHECK(j["findings"][i]["field"] == f[i].field);
    }
  }
}

TEST_CASE("the homograph finding names the scripts and the look-alike", "[preview]") {
  auto d = parse_draft("mailto:admin@%D0%B0pple.com");
  REQUIRE(d);
  const auto f = preview::check(*d);
  REQUIRE(f.size() == 2);
  CHECK(f[0].field == "to[0]");
  CHECK(f[0].message.find("Cyrillic") != std::string::npos);
  CHECK(f[0].message.find("Latin") != std::string::npos);
  CHECK(f[1].message.find("\"apple.com\"") != std::string::npos);
  const std::string text = preview::render_text(*d, f);
  CHECK(text.find("ASCII form: admin@xn--pple-43d.com") != std::string::npos);
}

TEST_CASE("lookalikes names each letter that is not what it looks like", "[preview][lookalike]") {
  // UTS #39 section 4: the Cyrillic a (U+0430) of the link has the skeleton "a".
  const auto one = preview::lookalikes("admin@\xD0\xB0pple.com");
  REQUIRE(one.size() == 1);
  CHECK(one[0] == preview::lookalike{6, 6, "\xD0\xB0", "Cyrillic", "Cyrl", "a"});
  // Offsets in bytes, indexes in code points, across the local part and every label; the Greek
  // omicron (U+03BF) too.
  const auto two = preview::lookalikes("\xC3\xA9t\xC3\xA9@p\xD0\xB0yp\xCE\xBFl.com");
  REQUIRE(two.size() == 2);
  CHECK(two[0].offset == 7);
  CHECK(two[0].index == 5);
  CHECK(two[0].script_code == "Cyrl");
  CHECK(two[1].offset == 11);
  CHECK(two[1].index == 8);
  CHECK(two[1].character == "\xCE\xBF");
  CHECK(two[1].script == "Greek");
  CHECK(two[1].looks_like == "o");
  // UTS #39 section 5.2: in a label that mixes scripts, a letter outside its main script is
  // named even when nothing ASCII looks like it (the Cyrillic zhe, U+0436, among Latin letters).
  const auto zhe = preview::lookalikes("mail.ex\xD0\xB6mple.org");
  REQUIRE(zhe.size() == 1);
  CHECK(zhe[0] == preview::lookalike{7, 7, "\xD0\xB6", "Cyrillic", "Cyrl", ""});
  // ASCII letters are what they look like: in "secure" spelled with Cyrillic s, e, c and e,
  // only those four are named, not the Latin u and r of the Cyrillic-majority label.
  const auto secure = preview::lookalikes("\xD1\x95\xD0\xB5\xD1\x81ur\xD0\xB5.com");
  REQUIRE(secure.size() == 4);
  CHECK(secure[0].looks_like == "s");
  CHECK(secure[3].index == 5);
  CHECK(secure[3].looks_like == "e");
  // Nothing to say: ASCII, accented Latin letters, a Japanese label (Latin with Han and Kana
  // is allowed together), a Cyrillic label none of whose letters looks like ASCII.
  CHECK(preview::lookalikes("admin@apple.com").empty());
  CHECK(preview::lookalikes("m\xC3\xBCller@stra\xC3\x9F" "e.de").empty());
  CHECK(preview::lookalikes("\xE3\x83\x86\xE3\x82\xB9\xE3\x83\x88test.jp").empty());
  CHECK(preview::lookalikes("\xD0\xB4\xD1\x84\xD0\xBB\xD0\xB8\xD0\xB6.example").empty());
  CHECK(preview::lookalikes("").empty());
  // Invalid UTF-8 is skipped and still counted as one position.
  const auto bad = preview::lookalikes("\xFF\xD0\xB0");
  REQUIRE(bad.size() == 1);
  CHECK(bad[0].offset == 1);
  CHECK(bad[0].index == 1);
}

TEST_CASE("hidden recipients and dropped fields are called out in the text report", "[preview]") {
  auto d = parse_draft("mailto:a@example.com?bcc=spy@example.net&attach=%2Fetc%2Fpasswd&from=boss@example.com");
  REQUIRE(d);
  const auto f = preview::check(*d);
  const std::string text = preview::render_text(*d, f);
  CHECK(text.find("HIDDEN recipient") != std::string::npos);
  CHECK(text.find("spy@example.net") != std::string::npos);
  CHECK(text.find("attach = ") != std::string::npos);
  CHECK(text.find("from = ") != std::string::npos);
  CHECK(text.find("[hidden_recipients] bcc:") != std::string::npos);
}

TEST_CASE("visible() shows every hidden character, isolate() wraps in an isolate", "[preview]") {
  CHECK(preview::visible("a\xE2\x80\xAE" "b") == "a<U+202E>b");
  CHECK(preview::visible("x\xE2\x80\x8By\xEF\xBB\xBFz") == "x<U+200B>y<U+FEFF>z");
  CHECK(preview::visible("a\x01\x7F\xC2\x85") == "a<U+0001><U+007F><U+0085>");
  CHECK(preview::visible("a\r\nb\tc") == "a<U+000D><U+000A>b\tc");
  CHECK(preview::visible("a\r\nb", true) == "a\r\nb");
  // Every mandatory line break of UAX #14 (BK, CR, LF, NL): none can forge a line (issue 35).
  CHECK(preview::visible("a\xE2\x80\xA8" "b\xE2\x80\xA9" "c\x0B\x0C\xC2\x85") ==
        "a<U+2028>b<U+2029>c<U+000B><U+000C><U+0085>");
  CHECK(preview::visible("a\xE2\x80\xA8" "b", true) == "a<U+2028>b");
  CHECK(preview::visible("caf\xC3\xA9 \xD7\x90") == "caf\xC3\xA9 \xD7\x90");
  CHECK(preview::visible("bad\xFF") == "bad<0xFF>");
  CHECK(preview::isolate("x") == "\xE2\x81\xA8x\xE2\x81\xA9");
  CHECK(preview::isolate("a@b", true) == "\xE2\x81\xA6" "a@b\xE2\x81\xA9");
  CHECK(preview::isolate("\xE2\x81\xA9") == "\xE2\x81\xA8<U+2069>\xE2\x81\xA9");  // a PDI cannot close it early
}

TEST_CASE("long and many-line bodies are flagged", "[preview]") {
  draft d;
  d.body = std::string(9000, 'x');
  CHECK(codes(preview::check(d)) == "long_body");
  std::string lines;
  for (int i = 0; i < 61; ++i) lines += "line\r\n";
  d.body = lines;
  CHECK(codes(preview::check(d)) == "many_lines");
  d.body = std::string(100, 'y');
  CHECK(codes(preview::check(d)) == "-");
  preview::thresholds t;
  t.body_bytes = 10;
  CHECK(codes(preview::check(d, t)) == "long_body");
  d.subject = std::string(201, 's');
  d.body.reset();
  CHECK(codes(preview::check(d)) == "long_subject");
  // The text report shows at most the asked number of lines and says how many are left.
  d.body = lines;
  const std::string text = preview::render_text(d, {}, 10);
  CHECK(text.find("... 51 more lines") != std::string::npos);
}

TEST_CASE("check_address on an invalid address", "[preview]") {
  address a;
  a.original = "not an address\xE2\x80\xAE";
  const auto f = preview::check_address(a, "cc[2]");
  REQUIRE(f.size() == 2);
  CHECK(f[0].code == "invalid_address");
  CHECK(f[0].field == "cc[2]");
  CHECK(f[1].code == "bidi_control");
}

TEST_CASE("names from the link are shown visibly everywhere in the text report", "[preview]") {
  // Found by tests/fuzz/fuzz_preview.cpp: a kept header's name reached the findings' field raw.
  draft d;
  d.to = {};
  d.headers = {{"K\x1B[2Je", "x\x01"}};
  d.dropped = {{"a\x1B]0;t\x07", "v\x1B", "r"}};
  d.warnings = {{warning_code::raw_character, "w\x1B", "m\x1B", 0}};
  const std::string text = preview::render_text(d, preview::check(d));
  for (const char c : text) CHECK((static_cast<unsigned char>(c) >= 0x20 || c == '\n'));
  CHECK(text.find("header:K<U+001B>[2Je") != std::string::npos);
}

TEST_CASE("invisible characters in the subject and body: what and where", "[preview][invisible]") {
  auto d = parse_draft("mailto:a@example.com?subject=ab%E2%80%8Bc&body=one%0D%0Atw%C2%ADo");
  REQUIRE(d);
  const auto f = preview::check(*d);
  REQUIRE(f.size() == 2);
  CHECK(f[0].code == "invisible_character");
  CHECK(f[0].field == "subject");
  CHECK(f[0].message.find("U+200B ZERO WIDTH SPACE at character 3") != std::string::npos);
  CHECK(f[1].code == "invisible_character");
  CHECK(f[1].field == "body");
  CHECK(f[1].message.find("U+00AD SOFT HYPHEN at line 2") != std::string::npos);
  // Tag characters are counted and the text they hide is shown: "hi" is U+E0068 U+E0069.
  auto t = parse_draft("mailto:a@example.com?body=x%0D%0AHello%F3%A0%81%A8%F3%A0%81%A9");
  REQUIRE(t);
  const auto g = preview::check(*t);
  REQUIRE(g.size() == 1);
  CHECK(g[0].field == "body");
  INFO(g[0].message);
  CHECK(g[0].message.find("2 Unicode tag characters (U+E0000 to U+E007F) at line 2") != std::string::npos);
  CHECK(g[0].message.find("hidden text \"hi\"") != std::string::npos);
}

TEST_CASE("display names with separators and compatibility characters are findings (issue 45)", "[preview][hostile]") {
  auto d = parse_draft("mailto:?to=%3D%3Futf-8%3Fb%3FeiA8Ym9zc0BldmlsLmV4YW1wbGU%2BLA%3D%3D%3F%3D%20%3Cd%40corp.example%3E");
  REQUIRE(d);
  REQUIRE(d->to.size() == 1);
  CHECK(d->to[0].display_name == "z <boss@evil.example>,");
  CHECK(std::any_of(d->warnings.begin(), d->warnings.end(),
                    [](const warning& w) { return w.code == warning_code::display_name_separators; }));
  parse_options strict;
  strict.strict = true;
  auto s = parse_draft("mailto:?to=%3D%3Futf-8%3Fb%3FeiA8Ym9zc0BldmlsLmV4YW1wbGU%2BLA%3D%3D%3F%3D%20%3Cd%40corp.example%3E",
                       strict);
  REQUIRE_FALSE(s);
  CHECK(s.error().code == errc::display_name_separators);
  auto fw = parse_draft("mailto:a%40corp.example%EF%BC%8Cboss%EF%BC%A0evil.example", strict);
  REQUIRE_FALSE(fw);
  CHECK(fw.error().code == errc::address_compatibility_characters);
}

TEST_CASE("visible(): marks stacked past three on one letter are shown by code (issue 46)", "[preview]") {
  // Vietnamese in decomposed form (e, dot below, circumflex) and Hebrew with points stay drawn.
  CHECK(preview::visible("e\xCC\xA3\xCC\x82") == "e\xCC\xA3\xCC\x82");
  CHECK(preview::visible("\xD7\xA9\xD7\x81\xD6\xBC\xD6\xB8") == "\xD7\xA9\xD7\x81\xD6\xBC\xD6\xB8");
  // Zalgo: the fourth mark and every one after it, by code; the next letter starts afresh.
  std::string zalgo = "Z";
  for (int i = 0; i < 6; ++i) zalgo += "\xCD\x8C";  // U+034C COMBINING ALMOST EQUAL TO ABOVE
  zalgo += "a\xCC\x81";
  CHECK(preview::visible(zalgo) ==
        "Z\xCD\x8C\xCD\x8C\xCD\x8C<U+034C><U+034C><U+034C>a\xCC\x81");
}
