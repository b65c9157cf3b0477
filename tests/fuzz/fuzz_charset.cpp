// Fuzz target: charset conversion and NFC (include/mailtokit/charset.hpp).
// Input: "<charset name>\0<bytes>", or, without a NUL, a first byte that picks one of the
// charsets below and the bytes after it.
// Properties: success gives valid UTF-8 in NFC; errors are unknown_charset or
// charset_conversion with an offset inside the input; ISO-8859-1 maps byte for byte (the
// charset's definition, an oracle that needs no table); UTF-8 is accepted exactly when our
// validator accepts it and comes out as its NFC; nfc() is idempotent, agrees with is_nfc(), and
// leaves invalid UTF-8 unchanged; ICU never touches a file (unknown names would make it look for
// .cnv files).
#include "mailtokit/charset.hpp"

#include <array>
#include <string>

#include "fuzz.hpp"
#include "mailtokit/utf8.hpp"

namespace {

using mailtokit::errc;
using mailtokit::fuzz::show;

constexpr std::array<const char*, 24> k_names = {
    "utf-8",       "iso-8859-1", "windows-1252", "Shift_JIS", "ISO-2022-JP", "utf-16",
    "UTF-16BE",    "utf-7",      "gb18030",      "big5",      "EUC-KR",      "KOI8-R",
    "utf-32",      "SCSU",       "BOCU-1",       "HZ-GB-2312", "ISO-2022-KR", "iso-8859-7",
    "windows-1258", "EUC-JP",    "us-ascii",     "x-no-such", "ISO-2022-CN", "IBM037"};

bool is_latin1(std::string_view name) {
  return name == "iso-8859-1" || name == "ISO-8859-1" || name == "latin1" || name == "ISO_8859-1";
}

std::string latin1_to_utf8(std::string_view bytes) {
  std::string out;
  for (char c : bytes) mailtokit::utf8::append(out, static_cast<unsigned char>(c));
  return out;
}

void check_nfc(std::string_view s) {
  const std::string once = mailtokit::charset::nfc(s);
  if (!mailtokit::utf8::validate(s)) {
    MAILTOKIT_FUZZ_CHECK(once == s, "nfc() changed invalid UTF-8 " + show(s));
    return;
  }
  MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(once).has_value(), "nfc() output invalid for " + show(s));
  MAILTOKIT_FUZZ_CHECK(mailtokit::charset::nfc(once) == once, "nfc() not idempotent on " + show(s));
  MAILTOKIT_FUZZ_CHECK(mailtokit::charset::is_nfc(once), "is_nfc(nfc(x)) false for " + show(s));
  MAILTOKIT_FUZZ_CHECK(mailtokit::charset::is_nfc(s) == (once == s), "is_nfc disagrees with nfc on " + show(s));
  if (mailtokit::utf8::is_ascii(s)) MAILTOKIT_FUZZ_CHECK(once == s, "nfc() changed ASCII");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  std::string_view name, bytes;
  if (const auto nul = in.find('\0'); nul != in.npos) {
    name = in.substr(0, nul);
    bytes = in.substr(nul + 1);
  } else if (!in.empty()) {
    name = k_names[static_cast<unsigned char>(in[0]) % k_names.size()];
    bytes = in.substr(1);
  }
  mailtokit::fuzz::io_guard guard;

  const auto r = mailtokit::charset::to_utf8(bytes, name);
  if (r) {
    MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(*r).has_value(), "to_utf8 output invalid: " + show(*r));
    MAILTOKIT_FUZZ_CHECK(mailtokit::charset::is_nfc(*r), "to_utf8 output not NFC: " + show(*r));
    if (is_latin1(name)) MAILTOKIT_FUZZ_CHECK(*r == latin1_to_utf8(bytes), "Latin-1 mapping wrong for " + show(bytes));
  } else {
    const auto code = r.error().code;
    MAILTOKIT_FUZZ_CHECK(code == errc::unknown_charset || code == errc::charset_conversion,
                         "unexpected error " + std::string(mailtokit::to_name(code)) + " for " + show(name) + " " +
                             show(bytes));
    MAILTOKIT_FUZZ_CHECK(r.error().offset <= bytes.size(), "error offset past the end");
    if (is_latin1(name)) MAILTOKIT_FUZZ_CHECK(false, "Latin-1 refused " + show(bytes));
  }
  if (name == "utf-8") {
    const bool valid = mailtokit::utf8::validate(bytes).has_value();
    MAILTOKIT_FUZZ_CHECK(r.has_value() == valid, "utf-8 acceptance differs from the validator on " + show(bytes));
    if (valid) MAILTOKIT_FUZZ_CHECK(*r == mailtokit::charset::nfc(bytes), "utf-8 output is not the NFC of the input");
    else MAILTOKIT_FUZZ_CHECK(r.error().offset == mailtokit::utf8::validate(bytes).error().offset, "utf-8 error offset");
  }
  check_nfc(bytes);
  return 0;
}
