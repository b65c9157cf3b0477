// Fuzz target: the draft preview (include/mailtokit/preview.hpp), from a mailto URI
// (parse_draft) or, when the input does not start with "mailto:", from NUL-separated raw fields
// (to \0 cc \0 bcc \0 subject \0 body \0 name \0 value ...) as a program could pass them.
// Properties: a bidi formatting character (RFC 3987 section 4.1 list plus ALM and the isolates)
// in the subject, body, a header or an address always gives a bidi_control finding for that
// field, Bcc always gives hidden_recipients, finding codes are the documented ones; visible()
// leaves nothing invisible (no control, bidi, format or default-ignorable character: ICU's
// Unicode data as the reference) and isolate() wraps exactly visible() in one isolate;
// render_text() is valid UTF-8 whose only bidi characters are balanced isolates on each line and
// whose only control characters are line feeds and tabs; render_json() reads back (nlohmann::json)
// to the draft's JSON plus the findings.
#include "mailtokit/preview.hpp"

#include <unicode/uchar.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "draft_check.hpp"
#include "fuzz.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/finding_code.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/utf8.hpp"

namespace {

using mailtokit::fuzz::show;

constexpr bool is_bidi(char32_t cp) {
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

bool has_bidi(std::string_view s) {
  const char* it = s.data();
  const char* end = s.data() + s.size();
  while (it != end) {
    const char* start = it;
    const auto cp = mailtokit::utf8::decode(it, end);
    if (!cp) {
      it = start + 1;
      continue;
    }
    if (is_bidi(*cp)) return true;
  }
  return false;
}

bool has_finding(const std::vector<mailtokit::preview::finding>& fs, std::string_view code, std::string_view field) {
  return std::any_of(fs.begin(), fs.end(), [&](const auto& f) { return f.code == code && f.field == field; });
}

// Nothing invisible and nothing that breaks a line: each code point is printable, or tab, or
// (keep_newlines) CR/LF.
void check_visible(std::string_view text, const std::string& out, bool keep_newlines, std::string_view input) {
  MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(out).has_value(), "visible() output is not UTF-8: " + show(out));
  const char* it = out.data();
  const char* end = out.data() + out.size();
  while (it != end) {
    const auto cp = *mailtokit::utf8::decode(it, end);
    if (cp == '\t' || (keep_newlines && (cp == '\r' || cp == '\n'))) continue;
    const auto c = static_cast<UChar32>(cp);
    // A line break of UAX #14's mandatory classes (BK, CR, LF, NL), by ICU's data, could forge a
    // line of the question in a toolkit or a terminal (issue 35).
    const auto lb = u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
    const bool breaks = lb == U_LB_MANDATORY_BREAK || lb == U_LB_CARRIAGE_RETURN || lb == U_LB_LINE_FEED ||
                        lb == U_LB_NEXT_LINE;
    const bool hidden = cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || is_bidi(cp) || u_charType(c) == U_FORMAT_CHAR ||
                        u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) != 0 || breaks;
    MAILTOKIT_FUZZ_CHECK(!hidden, "visible(" + show(text) + ") still holds U+" + std::to_string(static_cast<unsigned>(cp)) +
                                      ": " + show(out) + " from " + show(input));
  }
}

void check_isolate(std::string_view text, bool address, std::string_view input) {
  const std::string iso = mailtokit::preview::isolate(text, address);
  const std::string open = address ? "\xE2\x81\xA6" : "\xE2\x81\xA8";  // LRI / FSI
  const std::string close = "\xE2\x81\xA9";                              // PDI
  MAILTOKIT_FUZZ_CHECK(iso.size() >= 6 && iso.compare(0, 3, open) == 0 && iso.compare(iso.size() - 3, 3, close) == 0 &&
                           iso.substr(3, iso.size() - 6) == mailtokit::preview::visible(text),
                       "isolate(" + show(text) + ") is not one isolate around visible(): " + show(iso) + " from " +
                           show(input));
}

// Each line: bidi characters only as balanced isolates; controls only tab (line feeds split).
void check_render_text(const std::string& text, std::string_view input) {
  MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::validate(text).has_value(), "render_text is not UTF-8 for " + show(input));
  int depth = 0;
  const char* it = text.data();
  const char* end = text.data() + text.size();
  while (it != end) {
    const auto cp = *mailtokit::utf8::decode(it, end);
    if (cp == '\n') {
      MAILTOKIT_FUZZ_CHECK(depth == 0, "an isolate stays open at the end of a line of render_text for " + show(input));
      continue;
    }
    if (cp >= 0x2066 && cp <= 0x2068) {
      ++depth;
    } else if (cp == 0x2069) {
      MAILTOKIT_FUZZ_CHECK(--depth >= 0, "PDI without an isolate in render_text for " + show(input));
    } else {
      MAILTOKIT_FUZZ_CHECK(!is_bidi(cp), "raw bidi control in render_text for " + show(input) + ":\n" + show(text, 4000));
      MAILTOKIT_FUZZ_CHECK(cp == '\t' || !(cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)),
                           "raw control character in render_text for " + show(input) + ":\n" + show(text, 4000));
    }
  }
  MAILTOKIT_FUZZ_CHECK(depth == 0, "an isolate stays open at the end of render_text for " + show(input));
}

void check_render_json(const mailtokit::draft& d, const std::vector<mailtokit::preview::finding>& fs,
                       std::string_view input) {
  const std::string text = mailtokit::preview::render_json(d, fs);
  try {
    auto j = nlohmann::json::parse(text);
    const auto& jf = j.at("findings");
    MAILTOKIT_FUZZ_CHECK(jf.is_array() && jf.size() == fs.size(), "render_json: findings count");
    for (std::size_t i = 0; i < fs.size(); ++i) {
      // A field name from a draft header name that is not UTF-8 reads back with U+FFFD.
      MAILTOKIT_FUZZ_CHECK(jf[i].at("code") == fs[i].code, "render_json: finding " + std::to_string(i) + " differs");
      if (mailtokit::utf8::validate(fs[i].field))
        MAILTOKIT_FUZZ_CHECK(jf[i].at("field") == fs[i].field, "render_json: field of finding " + std::to_string(i));
      if (mailtokit::utf8::validate(fs[i].message))
        MAILTOKIT_FUZZ_CHECK(jf[i].at("message") == fs[i].message, "render_json: message differs");
    }
    j.erase("findings");
    MAILTOKIT_FUZZ_CHECK(j == nlohmann::json::parse(mailtokit::json::from_draft(d)),
                         "render_json is not the draft's JSON plus findings for " + show(input));
  } catch (const nlohmann::json::exception& e) {
    mailtokit::fuzz::report(__FILE__, __LINE__, "render_json does not read back", std::string(e.what()) + " for " + show(input));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;

  mailtokit::draft d;
  if (mailtokit::fuzz::starts_mailto(in)) {
    auto parsed = mailtokit::parse_draft(in);
    if (!parsed) return 0;
    d = std::move(*parsed);
  } else if (!mailtokit::fuzz::draft_from_fields(in, d)) {
    return 0;
  }

  const auto fs = mailtokit::preview::check(d);
  for (const auto& f : fs) {
    MAILTOKIT_FUZZ_CHECK(mailtokit::finding_code_from_name(f.code).has_value(),
                         "undocumented finding code " + f.code);
  }
  MAILTOKIT_FUZZ_CHECK(d.bcc.empty() != has_finding(fs, "hidden_recipients", "bcc"), "hidden recipients not reported");
  if (d.subject && has_bidi(*d.subject))
    MAILTOKIT_FUZZ_CHECK(has_finding(fs, "bidi_control", "subject"), "bidi control in the subject not reported: " + show(in));
  if (d.body && has_bidi(*d.body))
    MAILTOKIT_FUZZ_CHECK(has_finding(fs, "bidi_control", "body"), "bidi control in the body not reported: " + show(in));
  for (const auto& h : d.headers)
    if (has_bidi(h.value))
      MAILTOKIT_FUZZ_CHECK(has_finding(fs, "bidi_control", "header:" + h.name), "bidi control in " + h.name + " not reported");
  const std::pair<const char*, const std::vector<mailtokit::address>*> lists[] = {{"to", &d.to}, {"cc", &d.cc}, {"bcc", &d.bcc}};
  for (const auto& [name, list] : lists) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      const auto& a = (*list)[i];
      const std::string field = std::string(name) + "[" + std::to_string(i) + "]";
      const bool bidi = a.valid ? has_bidi(a.local_part) || has_bidi(a.domain) || has_bidi(a.display_name)
                                : has_bidi(a.original);
      if (bidi) MAILTOKIT_FUZZ_CHECK(has_finding(fs, "bidi_control", field), "bidi control in " + field + " not reported: " + show(in));
      check_isolate(a.unicode(), true, in);
    }
  }

  for (const auto* text : {d.subject ? &*d.subject : nullptr, d.body ? &*d.body : nullptr}) {
    if (text == nullptr) continue;
    check_visible(*text, mailtokit::preview::visible(*text), false, in);
    check_visible(*text, mailtokit::preview::visible(*text, true), true, in);
    check_isolate(*text, false, in);
  }
  using mailtokit::fuzz::variant;
  if (variant(in, 0, 3)) check_visible(in, mailtokit::preview::visible(in), false, in);
  if (variant(in, 1, 3)) check_render_text(mailtokit::preview::render_text(d, fs, 50), in);
  if (variant(in, 2, 3)) check_render_json(d, fs, in);
  return 0;
}
