// Fuzz target: mailto parsing, the header policy and building (include/mailtokit/mailto.hpp,
// policy.hpp).
// Properties: errors carry an offset inside the input; parse_draft() is parse_mailto() then
// apply_policy(); every draft is safe (draft_check.hpp: no control characters or line breaks
// in header values, CRLF-only bodies, only fields the policy keeps, no From); limits hold (with
// small limits, either the limit error or a result within them); and for accepted input
// parse(build(parse(x))) == parse(x) in the recipients, subject, body and headers, for each
// form build_mailto() writes, and build() is then a fixed point, for the drafts of every reading
// mode (default, strict, windows-1252, rejecting invalid UTF-8), read back in every mode: an
// invalid address is written only where it reads back as itself (buildable()), never so that it
// reads back valid or as several. The default reading's repairs are idempotent: the clean URI of any
// draft reads back with no repair (is_repair()), and the same draft when its addresses are all
// valid. parse_options::strict refuses only what the default reads with a repair, and an address
// that decodes again (address_decodes_again): what strict accepts the default accepts, and where
// the default needed neither both read the same. Header
// values hold no Unicode tag character; a body made from an HTML body is bounded by the link.
#include "mailtokit/mailto.hpp"

#include <string>
#include <vector>

#include "draft_check.hpp"
#include "fuzz.hpp"
#include "mailtokit/policy.hpp"

namespace {

using mailtokit::errc;
using mailtokit::fuzz::show;
using mailtokit::fuzz::summarize;

// The ways a link is read: the default, strict, a legacy charset (windows-1252), rejecting
// invalid UTF-8.
std::vector<mailtokit::parse_options> reading_modes() {
  std::vector<mailtokit::parse_options> modes(4);
  modes[1].strict = true;
  modes[2].on_invalid_utf8 = mailtokit::invalid_utf8::legacy;
  modes[2].legacy_charset = "windows-1252";
  modes[3].on_invalid_utf8 = mailtokit::invalid_utf8::reject;
  return modes;
}

// `d` without the invalid addresses build_mailto() leaves out (buildable(): they would read back
// valid or as several).
mailtokit::draft as_built(mailtokit::draft d) {
  for (auto* list : {&d.to, &d.cc, &d.bcc})
    std::erase_if(*list, [](const mailtokit::address& a) { return !mailtokit::buildable(a); });
  return d;
}

// parse(build(d)) == d, its unbuildable addresses left out, read back in every mode: an invalid
// address never comes back valid or as several. Strict may refuse an address that mail programs
// decode again, as it refuses the link it came from.
void check_round_trip(const mailtokit::draft& d, mailtokit::uri_form form, std::string_view input) {
  mailtokit::build_options bo;
  bo.form = form;
  const std::string uri = mailtokit::build_mailto(d, bo);
  const std::string want = summarize(as_built(d));
  for (auto po : reading_modes()) {
    const std::string what = "form " + std::to_string(static_cast<int>(form)) + " of " + show(input) +
                             (po.strict ? " read strict" : "") + " read in mode " +
                             std::to_string(static_cast<int>(po.on_invalid_utf8));
    // Bigger limits: a link within the limits may grow when written back (encoded words).
    po.limits.max_input = 64 * uri.size() + 1024;
    const auto again = mailtokit::parse_draft(uri, po);
    if (!again && po.strict &&
        (again.error().code == errc::address_decodes_again || again.error().code == errc::display_name_separators ||
         again.error().code == errc::address_compatibility_characters))
      continue;
    MAILTOKIT_FUZZ_CHECK(again.has_value(), "build_mailto output refused (" +
                                                (again ? std::string() : mailtokit::describe(again.error())) +
                                                "): " + show(uri) + " for " + what);
    MAILTOKIT_FUZZ_CHECK(summarize(*again) == want, "parse(build(d)) != d for " + what + "\nbuilt: " + show(uri) +
                                                        "\nwant:\n" + want + "got:\n" + summarize(*again));
    MAILTOKIT_FUZZ_CHECK(mailtokit::build_mailto(*again, bo) == uri, "build is not a fixed point: " + show(uri));
  }
  if (form != mailtokit::uri_form::iri) {
    for (char c : uri) MAILTOKIT_FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80, "non-ASCII in an ASCII form: " + show(uri));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;
  const auto policy = mailtokit::policy::defaults();

  const auto uri = mailtokit::parse_mailto(in);
  const auto d = mailtokit::parse_draft(in);
  MAILTOKIT_FUZZ_CHECK(uri.has_value() == d.has_value(), "parse_mailto and parse_draft disagree on " + show(in));
  if (!uri) {
    MAILTOKIT_FUZZ_CHECK(uri.error() == d.error(), "different errors from parse_mailto and parse_draft");
    MAILTOKIT_FUZZ_CHECK(uri.error().offset <= in.size(), "error offset past the end: " + mailtokit::describe(uri.error()));
  } else {
    const auto applied = mailtokit::apply_policy(*uri, policy);
    MAILTOKIT_FUZZ_CHECK(summarize(applied) == summarize(*d), "parse_draft != apply_policy(parse_mailto) for " + show(in));
    for (const auto& w : uri->warnings)
      MAILTOKIT_FUZZ_CHECK(w.offset == static_cast<std::size_t>(-1) || w.offset <= in.size(),
                           "warning offset past the end: " + std::string(mailtokit::to_name(w.code)));
    mailtokit::fuzz::check_draft_safety(*d, policy, in);
    // Unicode tag characters (U+E0000-U+E007F: F3 A0 80 xx, F3 A0 81 xx) never stay in a header
    // value, and a body made from an HTML body is bounded by the link (issue 27).
    const auto no_tags = [&](const std::string& what, std::string_view v) {
      MAILTOKIT_FUZZ_CHECK(v.find("\xF3\xA0\x80") == v.npos && v.find("\xF3\xA0\x81") == v.npos,
                           what + " holds a tag character: " + show(v) + " from " + show(in));
    };
    if (d->subject) no_tags("subject", *d->subject);
    for (const auto& h : d->headers) no_tags("header " + h.name, h.value);
    for (const auto& w : d->warnings)
      if (w.code == mailtokit::warning_code::html_body_converted)
        // At most three bytes per input byte: an invalid UTF-8 byte becomes U+FFFD (EF BF BD);
        // markup and entities only shrink, a bare line break becomes CRLF.
        MAILTOKIT_FUZZ_CHECK(d->body && d->body->size() <= 3 * in.size() + 64,
                             "a body from HTML is missing or longer than its bound: " + show(in));
    {
      const std::string clean = mailtokit::build_mailto(*d);
      mailtokit::parse_options po;
      po.limits.max_input = 64 * clean.size() + 1024;
      const auto again = mailtokit::parse_draft(clean, po);
      MAILTOKIT_FUZZ_CHECK(again.has_value(), "the clean URI is refused: " + show(clean) + " for " + show(in));
      if (again)
        for (const auto& w : again->warnings)
          MAILTOKIT_FUZZ_CHECK(!mailtokit::is_repair(w.code),
                               "the clean URI " + show(clean) + " needs a repair (" + std::string(mailtokit::to_name(w.code)) + ") for " + show(in));
    }
    // Every reading mode's draft, invalid addresses included (kept as their cleaned text so the
    // user can correct them): build_mailto() writes an invalid one only where it reads back as
    // itself (buildable()).
    using mailtokit::fuzz::variant;
    for (const auto& mode : reading_modes()) {
      const auto read = mailtokit::parse_draft(in, mode);
      if (!read) continue;
      if (variant(in, 0, 3)) check_round_trip(*read, mailtokit::uri_form::ascii, in);
      if (variant(in, 1, 3)) check_round_trip(*read, mailtokit::uri_form::utf8_escaped, in);
      if (variant(in, 2, 3)) check_round_trip(*read, mailtokit::uri_form::iri, in);
    }
  }

  // Small limits: the limit error, or a result within them.
  mailtokit::parse_options small;
  small.limits.max_input = 64;
  small.limits.max_recipients = 2;
  small.limits.max_hfields = 2;
  small.limits.max_encoded_words = 2;
  const auto s = mailtokit::parse_mailto(in, small);
  if (s) {
    MAILTOKIT_FUZZ_CHECK(uri.has_value(), "small limits accept what the defaults refuse: " + show(in));
    MAILTOKIT_FUZZ_CHECK(s->hfields.size() <= 2, "more hfields than the limit: " + show(in));
    std::size_t recipients = s->to.size();
    for (const auto& f : s->hfields) recipients += f.addresses.size();
    MAILTOKIT_FUZZ_CHECK(recipients <= 2, "more recipients than the limit: " + show(in));
  } else {
    MAILTOKIT_FUZZ_CHECK(s.error().offset <= in.size(), "error offset past the end with small limits");
  }

  // Strict refuses or reads literally only what the default repairs.
  mailtokit::parse_options strict_reading;
  strict_reading.strict = true;
  const auto st = mailtokit::parse_draft(in, strict_reading);
  MAILTOKIT_FUZZ_CHECK(!st || d, "strict accepts what the default refuses: " + show(in));
  if (d) {
    // Strict also refuses an address that mail programs decode again (address_decodes_again),
    // which the default keeps literally with that warning: not a repair, refused all the same.
    bool repaired = false, decodes_again = false;
    for (const auto& w : d->warnings) {
      repaired = repaired || mailtokit::is_repair(w.code);
      decodes_again = decodes_again || w.code == mailtokit::warning_code::address_decodes_again ||
                      w.code == mailtokit::warning_code::display_name_separators ||
                      w.code == mailtokit::warning_code::address_compatibility_characters;
    }
    // (and a display name with separators, an address with compatibility characters: issue 45)
    if (decodes_again && !repaired)
      MAILTOKIT_FUZZ_CHECK(!st && (st.error().code == errc::address_decodes_again ||
                                   st.error().code == errc::display_name_separators ||
                                   st.error().code == errc::address_compatibility_characters),
                           "strict accepts an address that decodes again: " + show(in));
    if (!repaired && !decodes_again) {
      MAILTOKIT_FUZZ_CHECK(st.has_value(), "strict refuses a link the default read without a repair: " + show(in));
      if (st) MAILTOKIT_FUZZ_CHECK(summarize(*st) == summarize(*d), "strict and default differ without a repair: " + show(in));
    }
  }

  // Rejecting invalid UTF-8 refuses exactly what replacing warns about.
  mailtokit::parse_options strict;
  strict.on_invalid_utf8 = mailtokit::invalid_utf8::reject;
  const auto r = mailtokit::parse_mailto(in, strict);
  if (uri) {
    bool replaced = false;
    for (const auto& w : uri->warnings) replaced = replaced || w.code == mailtokit::warning_code::invalid_utf8_replaced;
    MAILTOKIT_FUZZ_CHECK(r.has_value() != replaced, "reject mode disagrees with replace mode's warnings on " + show(in));
    if (!r) MAILTOKIT_FUZZ_CHECK(r.error().code == errc::mailto_invalid_utf8, "reject mode: unexpected error");
  }
  return 0;
}
