#include "mailtokit/qp_decode.hpp"

#include <catch2/catch.hpp>
#include <random>
#include <string>

#include "mailtokit/transfer_encoding.hpp"
#include "tsv.hpp"

using namespace mailtokit;

TEST_CASE("qp_decode_append: RFC 2045 section 6.7 vectors", "[qp_decode]") {
  for (const auto& row : test::load_tsv("qp_decode.tsv")) {
    INFO("line " << row.line << ": " << row.at(2));
    std::string out = "prefix:";
    auto r = transfer::qp_decode_append(row.at(0), out, 0);
    const std::string& want = row.at(1);
    if (want.rfind("error ", 0) == 0) {
      REQUIRE_FALSE(r);
      const std::string code = want.substr(6, want.find(' ', 6) - 6);
      CHECK(to_name(r.error().code) == code);
      CHECK(r.error().offset == std::stoul(want.substr(want.rfind(' ') + 1)));
    } else {
      REQUIRE(r);
      CHECK(out == "prefix:" + (want == "(empty)" ? std::string() : want));
    }
  }
}

TEST_CASE("qp_decode_append: error offsets add the base", "[qp_decode]") {
  std::string out;
  auto r = transfer::qp_decode_append("ab=X1", out, 100);
  REQUIRE_FALSE(r);
  CHECK(r.error() == error{errc::body_malformed, 102});
}

TEST_CASE("qp_decode_append inverts qp_append over random text", "[qp_decode]") {
  // Text with CRLF line ends only (qp_append encodes any other CR or LF, which then comes back).
  std::mt19937 rng(20261122);
  static constexpr char bytes[] = "abc =.F\t\x7F\x01\xC3\xA9\x80\xFF";
  const std::string alphabet = std::string(bytes, sizeof bytes - 1) + std::string(1, '\0') + "From \r\n";
  for (int n = 0; n < 2000; ++n) {
    std::string text;
    const std::size_t len = rng() % 300;
    for (std::size_t i = 0; i < len; ++i) {
      const std::size_t pick = rng() % (alphabet.size() + 2);
      if (pick >= alphabet.size()) {
        text += "\r\n";
      } else {
        text += alphabet[pick];
      }
    }
    std::string enc;
    transfer::qp_append(text, enc);
    std::string dec;
    REQUIRE(transfer::qp_decode_append(enc, dec));
    // qp_append encodes a lone CR or LF, so they come back as themselves.
    CHECK(dec == text);
  }
}
