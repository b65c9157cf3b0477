// Fuzz target: percent-encoding (include/mailtokit/percent.hpp).
// Properties: decode() decodes every triplet exactly once and fails exactly where a reference
// reading of RFC 3986 section 2.1 fails, with the same code and offset (shifted by `base`);
// check() and decode_append() agree with decode(); encode() emits only allowed bytes and
// uppercase triplets, and decode(encode(x)) == x.
#include "mailtokit/percent.hpp"

#include <optional>
#include <string>

#include "fuzz.hpp"
#include "mailtokit/chars.hpp"

namespace {

using mailtokit::errc;
using mailtokit::fuzz::show;

bool is_hex(char c) { return mailtokit::chars::hexdig(c); }

// Reference decoder: the output, or the code and offset of the first bad '%'.
struct ref_result {
  std::optional<std::string> out;
  errc code{};
  std::size_t offset = 0;
};

ref_result reference_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') {
      out += s[i];
      continue;
    }
    const std::size_t left = s.size() - i - 1;
    if (left >= 2 && is_hex(s[i + 1]) && is_hex(s[i + 2])) {
      out += static_cast<char>(mailtokit::percent::hex_value(s[i + 1]) * 16 + mailtokit::percent::hex_value(s[i + 2]));
      i += 2;
      continue;
    }
    // A hex digit that is present but bad is bad_hex; a missing one is truncated.
    const bool bad = (left >= 1 && !is_hex(s[i + 1])) || (left >= 2 && !is_hex(s[i + 2]));
    return {std::nullopt, bad ? errc::percent_bad_hex : errc::percent_truncated, i};
  }
  return {out, {}, 0};
}

void check_encode(const std::string& bytes, const mailtokit::chars::char_class& allowed) {
  const std::string enc = mailtokit::percent::encode(bytes, allowed);
  for (std::size_t i = 0; i < enc.size(); ++i) {
    if (enc[i] == '%' && !allowed('%')) {
      MAILTOKIT_FUZZ_CHECK(i + 2 < enc.size() && mailtokit::percent::hex_value(enc[i + 1]) >= 0 &&
                               mailtokit::percent::hex_value(enc[i + 2]) >= 0,
                           "bad triplet in " + show(enc));
      MAILTOKIT_FUZZ_CHECK(!(enc[i + 1] >= 'a' && enc[i + 1] <= 'f') && !(enc[i + 2] >= 'a' && enc[i + 2] <= 'f'),
                           "lowercase hex in " + show(enc));
      const auto b = static_cast<char>(mailtokit::percent::hex_value(enc[i + 1]) * 16 + mailtokit::percent::hex_value(enc[i + 2]));
      MAILTOKIT_FUZZ_CHECK(!allowed(b), "allowed byte escaped in " + show(enc));
      i += 2;
    } else {
      MAILTOKIT_FUZZ_CHECK(allowed(enc[i]), "byte not allowed left unescaped in " + show(enc));
    }
  }
  if (!allowed('%')) {
    const auto back = mailtokit::percent::decode(enc);
    MAILTOKIT_FUZZ_CHECK(back && *back == bytes, "decode(encode(x)) != x for " + show(bytes));
  }
  std::string appended = "pre";
  mailtokit::percent::encode_append(bytes, allowed, appended);
  MAILTOKIT_FUZZ_CHECK(appended == "pre" + enc, "encode_append != encode");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view s = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;

  const auto ref = reference_decode(s);
  const auto dec = mailtokit::percent::decode(s);
  MAILTOKIT_FUZZ_CHECK(dec.has_value() == ref.out.has_value(), "decode acceptance differs from RFC 3986 on " + show(s));
  if (dec) {
    MAILTOKIT_FUZZ_CHECK(*dec == *ref.out, "decode(" + show(s) + ") = " + show(*dec) + ", expected " + show(*ref.out));
  } else {
    MAILTOKIT_FUZZ_CHECK(dec.error().code == ref.code && dec.error().offset == ref.offset,
                         "decode error " + std::string(mailtokit::to_name(dec.error().code)) + " at " +
                             std::to_string(dec.error().offset) + " for " + show(s));
  }
  const auto chk = mailtokit::percent::check(s);
  MAILTOKIT_FUZZ_CHECK(chk.has_value() == dec.has_value() && (chk || chk.error() == dec.error()),
                       "check() disagrees with decode() on " + show(s));
  const auto based = mailtokit::percent::decode(s, 1000);
  MAILTOKIT_FUZZ_CHECK(based.has_value() == dec.has_value() &&
                           (based || based.error().offset == dec.error().offset + 1000),
                       "base not added to the offset");
  std::string appended = "pre";
  const auto app = mailtokit::percent::decode_append(s, appended);
  MAILTOKIT_FUZZ_CHECK(app.has_value() == dec.has_value() && (!dec || appended == "pre" + *dec),
                       "decode_append disagrees with decode on " + show(s));
  MAILTOKIT_FUZZ_CHECK(mailtokit::percent::has_escape(s) == (s.find('%') != s.npos), "has_escape wrong");

  const std::string bytes = dec ? *dec : std::string(s);
  check_encode(bytes, mailtokit::chars::unreserved);
  check_encode(bytes, mailtokit::chars::qchar);
  check_encode(bytes, mailtokit::chars::pchar);
  return 0;
}
