// Fuzz target: the MIME composer (include/mailtokit/compose.hpp).
// Input: a mailto URI (when it starts with "mailto:", any case): parse_draft() then compose();
// otherwise NUL-separated draft fields written directly, as a program using the library could:
//   to \0 cc \0 bcc \0 subject \0 body \0 name \0 value \0 name \0 value ...
// (addresses through parse_address_list; subject, body and header values raw, controls and all).
// Properties of every composed message: CRLF line ends only, no NUL, no line over 998 octets
// (RFC 5322 section 2.1.1), a header section of well-formed fields holding exactly the fields
// the composer writes plus the draft's own (which the policy allowed), each once, the same
// fields for mimetic (an independent MIME parser: nothing injected), 7bit bodies and ASCII
// headers unless SMTPUTF8 was allowed (by default, or allow_smtputf8) and needed; and it decodes
// back to the draft: subject and header values through RFC 2047 decoding, the valid addresses
// through the address-list parser (an invalid one is an empty group, which yields no address:
// nothing in its text may become one), the body through mimetic's quoted-printable / base64
// decoders. A draft from a link always composes by default (a draft never refuses what the
// parser kept); with compose_options::strict, one whose addresses are all valid does unless it
// needs SMTPUTF8. The input's bytes are also attached as a file (draft::attachments), named by
// the subject: the file decodes back exactly with mimetic.

#include <mimetic/mimetic.h>

#include <string>
#include <vector>

#include "draft_check.hpp"
#include "fuzz.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/rfc2047.hpp"
#include "mailtokit/utf8.hpp"

namespace {

using mailtokit::errc;
using mailtokit::fuzz::show;

struct field {
  std::string name;
  std::string value;  // unfolded (CRLF before WSP removed), without the one space after ':'
};

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

std::string normalize_crlf(std::string_view b) {
  std::string out;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (b[i] == '\r') {
      out += "\r\n";
      if (i + 1 < b.size() && b[i + 1] == '\n') ++i;
    } else if (b[i] == '\n') {
      out += "\r\n";
    } else {
      out += b[i];
    }
  }
  return out;
}

// RFC 5322 sections 2.1, 2.2, 2.2.3: the header fields and the body, with the structure checked.
std::vector<field> split_message(const std::string& msg, std::string& body, std::string_view input) {
  const std::string ctx = "\nmessage:\n" + show(msg, 4000) + "\nfrom " + show(input);
  MAILTOKIT_FUZZ_CHECK(msg.find('\0') == std::string::npos, "NUL in the message" + ctx);
  MAILTOKIT_FUZZ_CHECK(mailtokit::fuzz::crlf_only(msg), "bare CR or LF in the message" + ctx);
  for (std::size_t start = 0; start < msg.size();) {
    std::size_t end = msg.find("\r\n", start);
    if (end == std::string::npos) end = msg.size();
    MAILTOKIT_FUZZ_CHECK(end - start <= 998, "line of " + std::to_string(end - start) + " octets" + ctx);
    start = end + 2;
  }
  const std::size_t blank = msg.find("\r\n\r\n");
  MAILTOKIT_FUZZ_CHECK(blank != std::string::npos, "no empty line after the header" + ctx);
  body = msg.substr(blank + 4);
  std::vector<field> fields;
  const std::string head = msg.substr(0, blank + 2);
  for (std::size_t start = 0; start < head.size();) {
    const std::size_t end = head.find("\r\n", start);
    const std::string line = head.substr(start, end - start);
    start = end + 2;
    MAILTOKIT_FUZZ_CHECK(!line.empty(), "empty header line" + ctx);
    if (line[0] == ' ' || line[0] == '\t') {
      MAILTOKIT_FUZZ_CHECK(!fields.empty(), "continuation line before any field" + ctx);
      MAILTOKIT_FUZZ_CHECK(line.find_first_not_of(" \t") != std::string::npos,
                           "folded line of white space only (RFC 5322 section 3.2.2)" + ctx);
      fields.back().value += line;
      continue;
    }
    const std::size_t colon = line.find(':');
    MAILTOKIT_FUZZ_CHECK(colon != std::string::npos && colon > 0, "header line without a field name: " + show(line) + ctx);
    field f;
    f.name = line.substr(0, colon);
    for (char c : f.name)
      MAILTOKIT_FUZZ_CHECK(static_cast<unsigned char>(c) >= 33 && static_cast<unsigned char>(c) <= 126,
                           "field name not ftext: " + show(f.name) + ctx);
    f.value = line.substr(colon + 1);
    fields.push_back(std::move(f));
  }
  for (auto& f : fields) {
    if (!f.value.empty() && f.value[0] == ' ') f.value.erase(0, 1);
  }
  return fields;
}

const field* find_field(const std::vector<field>& fields, std::string_view name) {
  const field* found = nullptr;
  for (const auto& f : fields) {
    if (!iequals(f.name, name)) continue;
    MAILTOKIT_FUZZ_CHECK(found == nullptr, "field " + std::string(name) + " written twice");
    found = &f;
  }
  return found;
}

std::string decode_text(const std::string& raw, const std::string& ctx) {
  const auto d = mailtokit::rfc2047::decode(raw);
  MAILTOKIT_FUZZ_CHECK(d.has_value(), "cannot RFC 2047-decode " + show(raw) + ctx);
  return *d;
}

void check_addresses(const std::vector<field>& fields, std::string_view name,
                     const std::vector<mailtokit::address>& want, const std::string& ctx) {
  const field* f = find_field(fields, name);
  if (want.empty()) {
    MAILTOKIT_FUZZ_CHECK(f == nullptr, std::string(name) + " written for no address" + ctx);
    return;
  }
  MAILTOKIT_FUZZ_CHECK(f != nullptr, std::string(name) + " missing" + ctx);
  const auto got = mailtokit::parse_address_list(f->value);
  std::vector<const mailtokit::address*> valid;
  for (const auto& a : want)
    if (a.valid) valid.push_back(&a);
  MAILTOKIT_FUZZ_CHECK(got.has_value() && got->size() == valid.size(),
                       std::string(name) + " does not parse back to " + std::to_string(valid.size()) + " addresses: " +
                           show(f->value) + ctx);
  for (std::size_t i = 0; i < valid.size(); ++i) {
    const auto& g = (*got)[i];
    const auto& w = *valid[i];
    MAILTOKIT_FUZZ_CHECK(g.valid, std::string(name) + " address " + std::to_string(i) + " invalid when read back: " +
                                      show(g.original) + ctx);
    MAILTOKIT_FUZZ_CHECK(g.local_part == w.local_part && g.domain_ascii == w.domain_ascii,
                         std::string(name) + " address " + std::to_string(i) + " changed: " + show(g.local_part) + "@" +
                             show(g.domain_ascii) + " want " + show(w.local_part) + "@" + show(w.domain_ascii) + ctx);
    MAILTOKIT_FUZZ_CHECK(g.display_name == w.display_name, std::string(name) + " display name changed: " +
                                                               show(g.display_name) + " want " + show(w.display_name) + ctx);
  }
}

// mimetic reads the same fields and the body decodes back.
void check_with_mimetic(const std::string& msg, const std::vector<field>& fields, const std::string& want_body,
                        const std::string& ctx) {
  try {
    mimetic::MimeEntity me(msg.begin(), msg.end());
    std::size_t n = 0;
    std::string cte;
    for (const mimetic::Field& f : me.header()) {
      const std::string name(f.name().begin(), f.name().end());
      MAILTOKIT_FUZZ_CHECK(n < fields.size() && iequals(name, fields[n].name),
                           "mimetic sees another field list (field " + std::to_string(n) + " " + show(name) + ")" + ctx);
      if (iequals(name, "Content-Transfer-Encoding")) cte = f.value();
      ++n;
    }
    MAILTOKIT_FUZZ_CHECK(n == fields.size(), "mimetic sees " + std::to_string(n) + " fields, not " +
                                                 std::to_string(fields.size()) + ctx);
    const std::string& body = me.body();
    std::string decoded;
    if (iequals(cte, "quoted-printable")) {
      mimetic::QP::Decoder qp;
      mimetic::decode(body.begin(), body.end(), qp, std::back_inserter(decoded));
      // mimetic writes a hard line break (RFC 2045 section 6.7 rule 4) as a local "\n".
      decoded = normalize_crlf(decoded);
    } else if (iequals(cte, "base64")) {
      mimetic::Base64::Decoder b64;
      mimetic::decode(body.begin(), body.end(), b64, std::back_inserter(decoded));
    } else {
      decoded = body;
    }
    MAILTOKIT_FUZZ_CHECK(decoded == want_body, "body does not decode back (" + cte + "): " + show(decoded) + " want " +
                                                   show(want_body) + ctx);
  } catch (const std::exception& e) {
    mailtokit::fuzz::report(__FILE__, __LINE__, "mimetic threw", e.what() + ctx);
  }
}

void check_message(const mailtokit::draft& d, const std::string& msg, bool smtputf8_allowed, std::string_view input) {
  std::string body;
  const auto fields = split_message(msg, body, input);
  const std::string ctx = "\nmessage:\n" + show(msg, 4000) + "\nfrom " + show(input);

  // Exactly the composer's fields and the draft's own.
  std::size_t expected = 6;  // Date, Message-ID, MIME-Version, Content-Type, Content-Transfer-Encoding, X-Unsent
  for (const bool present : {d.from.has_value(), !d.to.empty(), !d.cc.empty(), !d.bcc.empty(), d.subject.has_value()})
    expected += present ? 1u : 0u;
  expected += d.headers.size();
  MAILTOKIT_FUZZ_CHECK(fields.size() == expected, std::to_string(fields.size()) + " fields, expected " +
                                                      std::to_string(expected) + ctx);
  for (const char* own : {"Date", "Message-ID", "MIME-Version", "Content-Type", "Content-Transfer-Encoding", "X-Unsent"})
    MAILTOKIT_FUZZ_CHECK(find_field(fields, own) != nullptr, std::string(own) + " missing" + ctx);
  for (const auto& f : fields) {
    bool known = false;
    for (const char* own : {"Date", "Message-ID", "MIME-Version", "Content-Type", "Content-Transfer-Encoding",
                            "X-Unsent", "From", "To", "Cc", "Bcc", "Subject"})
      known = known || iequals(f.name, own);
    for (const auto& h : d.headers) known = known || iequals(f.name, h.name);
    MAILTOKIT_FUZZ_CHECK(known, "field the draft did not hold: " + show(f.name) + ctx);
  }

  bool ascii_headers = true;
  for (const auto& f : fields) ascii_headers = ascii_headers && mailtokit::utf8::is_ascii(f.value);
  if (!smtputf8_allowed) MAILTOKIT_FUZZ_CHECK(ascii_headers, "8-bit header without SMTPUTF8" + ctx);
  const field* cte = find_field(fields, "Content-Transfer-Encoding");
  if (cte->value == "7bit" || !smtputf8_allowed)
    MAILTOKIT_FUZZ_CHECK(mailtokit::utf8::is_ascii(body), "8-bit body with Content-Transfer-Encoding " + cte->value + ctx);

  check_addresses(fields, "To", d.to, ctx);
  check_addresses(fields, "Cc", d.cc, ctx);
  check_addresses(fields, "Bcc", d.bcc, ctx);
  if (d.subject) {
    const std::string got = decode_text(find_field(fields, "Subject")->value, ctx);
    MAILTOKIT_FUZZ_CHECK(got == *d.subject, "subject reads back as " + show(got) + " want " + show(*d.subject) + ctx);
  } else {
    MAILTOKIT_FUZZ_CHECK(find_field(fields, "Subject") == nullptr, "Subject written for none" + ctx);
  }
  // RFC 5322 section 3.6: "in-reply-to" and "references" may occur at most once (Keywords,
  // Comments and optional fields any number of times).
  for (const char* once : {"In-Reply-To", "References", "Sender", "Reply-To"}) (void)find_field(fields, once);
  // The draft's own fields, in draft order, each read back.
  for (std::size_t i = 0; i < d.headers.size(); ++i) {
    const auto& h = d.headers[i];
    std::size_t nth = 0;  // h is the nth field of its name in the draft
    for (std::size_t k = 0; k < i; ++k) nth += iequals(d.headers[k].name, h.name) ? 1u : 0u;
    const field* f = nullptr;
    for (const auto& g : fields)
      if (iequals(g.name, h.name) && nth-- == 0) {
        f = &g;
        break;
      }
    MAILTOKIT_FUZZ_CHECK(f != nullptr, "header " + h.name + " missing" + ctx);
    const std::string got = decode_text(f->value, ctx);
    MAILTOKIT_FUZZ_CHECK(got == h.value, h.name + " reads back as " + show(got) + " want " + show(h.value) + ctx);
  }
  check_with_mimetic(msg, fields, d.body ? normalize_crlf(*d.body) : std::string(), ctx);
}

// A draft with a file (draft::attachments): the same structural rules, a multipart/mixed of
// exactly the text and the file, and mimetic (an independent parser) decodes the file's base64
// back to every byte given.
void check_attachment(const mailtokit::draft& d, const std::string& msg, std::string_view input) {
  std::string body;
  (void)split_message(msg, body, input);
  const std::string ctx = "\nmessage:\n" + show(msg, 4000) + "\nfrom " + show(input);
  try {
    mimetic::MimeEntity me(msg.begin(), msg.end());
    MAILTOKIT_FUZZ_CHECK(me.header().contentType().isMultipart(),
                         "a draft with a file is not multipart" + ctx);
    const auto& parts = me.body().parts();
    MAILTOKIT_FUZZ_CHECK(parts.size() == 1 + d.attachments.size(),
                         "mimetic sees " + std::to_string(parts.size()) + " parts" + ctx);
    auto part = parts.begin();
    for (const auto& a : d.attachments) {
      ++part;
      const std::string& encoded = (*part)->body();
      std::string decoded;
      mimetic::Base64::Decoder b64;
      mimetic::decode(encoded.begin(), encoded.end(), b64, std::back_inserter(decoded));
      MAILTOKIT_FUZZ_CHECK(decoded == a.data, "the file does not decode back: " + show(decoded) + ctx);
    }
  } catch (const std::exception& e) {
    mailtokit::fuzz::report(__FILE__, __LINE__, "mimetic threw", e.what() + ctx);
  }
}

mailtokit::compose_options pinned(bool smtputf8) {
  mailtokit::compose_options o;
  o.allow_smtputf8 = smtputf8;
  o.date = "Sun, 22 Nov 2026 10:00:00 +0000";
  o.message_id = "<fuzz@mailtokit.invalid>";
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The default Date reads the time zone (/etc/localtime) once: do it before the I/O guard.
  mailtokit::draft d;
  (void)mailtokit::compose(d);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view in = mailtokit::fuzz::as_view(data, size);
  mailtokit::fuzz::io_guard guard;

  mailtokit::draft d;
  const bool from_uri = mailtokit::fuzz::starts_mailto(in);
  if (from_uri) {
    auto parsed = mailtokit::parse_draft(in);
    if (!parsed) return 0;
    d = std::move(*parsed);
  } else if (!mailtokit::fuzz::draft_from_fields(in, d)) {
    return 0;
  }

  bool all_valid = true, needs_utf8 = false;
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list) {
      all_valid = all_valid && a.valid;
      // compose() looks at the local part of every address, valid or not, before validity.
      needs_utf8 = needs_utf8 || !mailtokit::utf8::is_ascii(a.local_part);
    }

  // Default (RFC 6532 when needed), strict, and strict with allow_smtputf8.
  for (const int mode : {0, 1, 2}) {
    if (!mailtokit::fuzz::variant(in, static_cast<unsigned>(mode), 3)) continue;
    const bool strict = mode != 0, smtputf8 = mode == 2;
    mailtokit::compose_options o = pinned(smtputf8);
    o.strict = strict;
    const auto msg = mailtokit::compose(d, o);
    if (msg) {
      if (strict) MAILTOKIT_FUZZ_CHECK(all_valid, "strict composed an invalid address for " + show(in));
      check_message(d, *msg, smtputf8 || !strict, in);
      continue;
    }
    const errc code = msg.error().code;
    if (from_uri && !strict)
      MAILTOKIT_FUZZ_CHECK(false, "a draft from a link does not compose: " + mailtokit::describe(msg.error()) + " for " + show(in));
    if (from_uri && all_valid) {
      // What the policy lets through must compose: only SMTPUTF8 may stand in the way.
      MAILTOKIT_FUZZ_CHECK(code == errc::needs_smtputf8 && !smtputf8 && needs_utf8,
                           "a draft from a link does not compose: " + mailtokit::describe(msg.error()) + " for " + show(in));
    }
    if (code == errc::needs_smtputf8)
      MAILTOKIT_FUZZ_CHECK(needs_utf8 && !smtputf8 && strict, "needs_smtputf8 without cause");
  }
  // The input's own bytes as a file named by the subject: composes unless the name holds a
  // control or invalid UTF-8 (or the draft does not compose anyway), and reads back.
  if (!from_uri && mailtokit::fuzz::variant(in, 1, 3)) {
    mailtokit::draft with_file = d;
    with_file.attachments.push_back({d.subject.value_or(""), "application/octet-stream", std::string(in)});
    const auto plain = mailtokit::compose(d, pinned(true));
    const auto msg = mailtokit::compose(with_file, pinned(true));
    if (msg) {
      check_attachment(with_file, *msg, in);
    } else if (plain) {
      const errc code = msg.error().code;
      const std::string& name = with_file.attachments[0].filename;
      MAILTOKIT_FUZZ_CHECK(code == errc::header_injection || !mailtokit::utf8::validate(name),
                           "a file named " + show(name) + " does not compose: " + mailtokit::describe(msg.error()));
    }
  }
  // The default Date and Message-ID are well-formed too.
  if (mailtokit::fuzz::variant(in, 2, 3)) {
    mailtokit::compose_options defaults;
    defaults.allow_smtputf8 = true;
    if (const auto msg = mailtokit::compose(d, defaults)) check_message(d, *msg, true, in);
  }
  return 0;
}
