// Fuzz target: the `inspect` path end to end, as handler/commands/mailto.cpp runs it: parse_draft()
// with the options the command offers (default, --strict-utf8, --charset windows-1252, a
// policy with --keep/--drop) and the JSON serializer (include/mailtokit/json.hpp), whose output
// is read back by nlohmann::json (an independent RFC 8259 parser).
// Properties: the output is one valid JSON object of valid UTF-8 with no raw control character,
// U+2028 or U+2029; with ascii_only it is pure ASCII and reads back to the same values; every
// value reads back equal to the draft's (addresses, subject, body, headers, dropped fields,
// warnings) or to the error's code, offset and message; drafts are safe (draft_check.hpp).
#include "mailtokit/json.hpp"

#include <nlohmann/json.hpp>

#include <string>

#include "draft_check.hpp"
#include "fuzz.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/utf8.hpp"

namespace {

using mailtokit::fuzz::show;
using json = nlohmann::json;

json read_back(const std::string& text, std::string_view input) {
  MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(text).has_value(), "JSON is not UTF-8: " + show(text));
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto b = static_cast<unsigned char>(text[i]);
    MAILTOKIT_FUZZ_CHECK(b >= 0x20 && b != 0x7F, "raw control byte in JSON: " + show(text) + " from " + show(input));
  }
  MAILTOKIT_FUZZ_CHECK(text.find("\xE2\x80\xA8") == std::string::npos && text.find("\xE2\x80\xA9") == std::string::npos,
                       "raw U+2028/U+2029 in JSON from " + show(input));
  try {
    json j = json::parse(text);
    MAILTOKIT_FUZZ_CHECK(j.is_object(), "JSON is not an object: " + show(text));
    return j;
  } catch (const json::exception& e) {
    mailtokit::fuzz::report(__FILE__, __LINE__, "nlohmann::json cannot read our JSON",
                            std::string(e.what()) + "\n" + show(text) + "\nfrom " + show(input));
  }
}

void expect_string_or_null(const json& j, const std::optional<std::string>& want, const std::string& what) {
  if (!want) {
    MAILTOKIT_FUZZ_CHECK(j.is_null(), what + " should be null");
    return;
  }
  MAILTOKIT_FUZZ_CHECK(j.is_string() && j.get<std::string>() == *want,
                       what + " reads back as " + show(j.dump()) + ", want " + show(*want));
}

void expect_addresses(const json& j, const std::vector<mailtokit::address>& list, const std::string& what) {
  MAILTOKIT_FUZZ_CHECK(j.is_array() && j.size() == list.size(), what + ": wrong count");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& a = j[i];
    const auto& want = list[i];
    const std::string at = what + "[" + std::to_string(i) + "]";
    expect_string_or_null(a.at("address"), want.unicode(), at + ".address");
    expect_string_or_null(a.at("ascii"), want.ascii(), at + ".ascii");
    MAILTOKIT_FUZZ_CHECK(a.at("valid").is_boolean() && a.at("valid").get<bool>() == want.valid, at + ".valid");
    MAILTOKIT_FUZZ_CHECK(a.at("smtputf8").is_boolean() && a.at("smtputf8").get<bool>() == want.needs_smtputf8,
                         at + ".smtputf8");
    expect_string_or_null(a.at("display_name"),
                          want.display_name.empty() ? std::nullopt : std::optional<std::string>(want.display_name),
                          at + ".display_name");
  }
}

void expect_draft(const json& j, const mailtokit::draft& d) {
  MAILTOKIT_FUZZ_CHECK(j.at("ok") == true && j.at("error").is_null(), "ok/error wrong for a draft");
  expect_addresses(j.at("to"), d.to, "to");
  expect_addresses(j.at("cc"), d.cc, "cc");
  expect_addresses(j.at("bcc"), d.bcc, "bcc");
  expect_string_or_null(j.at("subject"), d.subject, "subject");
  expect_string_or_null(j.at("body"), d.body, "body");
  const json& h = j.at("headers");
  MAILTOKIT_FUZZ_CHECK(h.is_array() && h.size() == d.headers.size(), "headers: wrong count");
  for (std::size_t i = 0; i < d.headers.size(); ++i) {
    expect_string_or_null(h[i].at("name"), d.headers[i].name, "headers.name");
    expect_string_or_null(h[i].at("value"), d.headers[i].value, "headers.value");
  }
  const json& dr = j.at("dropped");
  MAILTOKIT_FUZZ_CHECK(dr.is_array() && dr.size() == d.dropped.size(), "dropped: wrong count");
  for (std::size_t i = 0; i < d.dropped.size(); ++i) {
    expect_string_or_null(dr[i].at("name"), d.dropped[i].name, "dropped.name");
    expect_string_or_null(dr[i].at("value"), d.dropped[i].value, "dropped.value");
    expect_string_or_null(dr[i].at("reason"), d.dropped[i].reason, "dropped.reason");
  }
  const json& w = j.at("warnings");
  MAILTOKIT_FUZZ_CHECK(w.is_array() && w.size() == d.warnings.size(), "warnings: wrong count");
  for (std::size_t i = 0; i < d.warnings.size(); ++i) {
    expect_string_or_null(w[i].at("code"), std::string(mailtokit::to_name(d.warnings[i].code)), "warnings.code");
    const std::string& field = d.warnings[i].field;
    expect_string_or_null(w[i].at("field"), field.empty() ? std::nullopt : std::optional<std::string>(field),
                          "warnings.field");
    expect_string_or_null(w[i].at("message"), d.warnings[i].message, "warnings.message");
  }
  MAILTOKIT_FUZZ_CHECK(j.at("from").is_null(), "from set by a link");
}

void expect_error(const json& j, const mailtokit::error& e) {
  MAILTOKIT_FUZZ_CHECK(j.at("ok") == false, "ok should be false");
  const json& err = j.at("error");
  expect_string_or_null(err.at("code"), std::string(mailtokit::to_name(e.code)), "error.code");
  MAILTOKIT_FUZZ_CHECK(err.at("offset").is_number_unsigned() && err.at("offset").get<std::size_t>() == e.offset,
                       "error.offset");
  expect_string_or_null(err.at("message"), std::string(mailtokit::to_string(e.code)), "error.message");
}

void inspect(std::string_view in, const mailtokit::parse_options& po, const mailtokit::policy& p) {
  const auto d = mailtokit::parse_draft(in, po, p);
  mailtokit::json::options ascii;
  ascii.ascii_only = true;
  if (d) {
    mailtokit::fuzz::check_draft_safety(*d, p, in);
    const std::string text = mailtokit::json::from_draft(*d);
    const json j = read_back(text, in);
    expect_draft(j, *d);
    const std::string ascii_text = mailtokit::json::from_draft(*d, ascii);
    MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::is_ascii(ascii_text), "ascii_only output is not ASCII: " + show(ascii_text));
    MAILTOKIT_FUZZ_CHECK(read_back(ascii_text, in) == j, "ascii_only output reads back differently for " + show(in));
  } else {
    MAILTOKIT_FUZZ_CHECK(d.error().offset <= in.size(), "error offset past the end");
    const json j = read_back(mailtokit::json::from_error(d.error()), in);
    expect_error(j, d.error());
    MAILTOKIT_FUZZ_CHECK(read_back(mailtokit::json::from_error(d.error(), {}, ascii), in) == j, "ascii_only error differs");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;

  using mailtokit::fuzz::variant;
  const auto defaults = mailtokit::policy::defaults();
  if (variant(in, 0, 4)) inspect(in, {}, defaults);

  mailtokit::parse_options strict;
  strict.on_invalid_utf8 = mailtokit::invalid_utf8::reject;
  if (variant(in, 1, 4)) inspect(in, strict, defaults);

  mailtokit::parse_options legacy;
  legacy.on_invalid_utf8 = mailtokit::invalid_utf8::legacy;
  legacy.legacy_charset = "windows-1252";
  if (variant(in, 2, 4)) inspect(in, legacy, defaults);
  if (!variant(in, 3, 4)) return 0;

  // --keep / --drop: a policy that keeps more (never file access) and drops a default.
  auto custom = mailtokit::policy::defaults();
  MAILTOKIT_FUZZ_CHECK(!custom.keep("attach") && !custom.keep("From") && !custom.keep("content-type"),
                       "the policy keeps a field that can never be kept");
  (void)custom.keep("x-mailer");
  (void)custom.keep("Comments");
  custom.drop("bcc");
  inspect(in, {}, custom);
  return 0;
}
