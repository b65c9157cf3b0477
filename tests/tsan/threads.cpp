// The library under threads, for ThreadSanitizer (.ci/test.d/45-tsan.sh; built with
// -DMAILTOKIT_TSAN=ON, library and harness instrumented). Eight threads run every public entry
// point of the C++ API (include/mailtokit/*.hpp) and of the C API (mailtokit.h) on a mixed input
// set: the test vectors of tests/data (links, addresses, domains, IRIs, encoded words, charsets,
// messages) and the seed corpora of tests/fuzz, every input given to every entry point.
//
// - Cold start: the threads start together before the library has done anything in this
//   process, so the lazily made shared state (ICU's spoof checker and converters, libidn2,
//   libxml2's set-up, mimetic, the policy defaults, each thread's IDNA cache, Message-ID
//   generator and Date text) is first made by eight threads at once.
// - Shared read-only objects, as the headers allow: one policy and the parse_options of every
//   reading mode; then drafts (C++ `const draft` and C `const mailtokit_draft*`) and one
//   `const mailtokit_options*` made by the main thread and read by all threads at once (build,
//   compose, preview, JSON, hand-over, every accessor).
// - The results are checked too: each thread's digest of each input it ran must equal the one the
//   main thread computes alone afterwards, and the Message-IDs generated in all threads are
//   distinct (a generator seeded alike in two threads would repeat them).
// - fork() while the threads compose: the main thread, whose Message-ID generator has run (the
//   state a child inherits), forks children that each compose Message-IDs and send them back
//   through a pipe; the parent's, the children's and the threads' must all be distinct (a child
//   that did not seed again would repeat its parent's and its siblings' identifiers). The
//   children only compose a plain ASCII draft with a fixed Date (no ICU, no time zone lookup)
//   and _exit(), as a child of a process with other threads may.
//
// Built with MAILTOKIT_TSAN_PLANTED_RACE (mailtokit_tsan_planted), the threads also share one
// idna::cache, which idna_cache.hpp documents as one per thread: a real data race in the
// library's own code (its hit counters and use stamps), which the stage requires ThreadSanitizer
// to report.
//
//   mailtokit_tsan_threads [--threads N] [--copies C] [--every K]
//   C: each input run by C of the threads (default all; rounded to a divisor), K: only every
//   K-th input (default 1: all).
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <latch>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "mailtokit.hpp"
#include "mailtokit/idna_cache.hpp"
#include "mailtokit/mailtokit.h"
#include "tsv_unescape.hpp"

namespace mk = mailtokit;
namespace fs = std::filesystem;

namespace {

// --- the input set ---

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every column of every row of tests/data/<name>.tsv (comment lines skipped).
void add_tsv(std::vector<std::string>& out, const std::string& name) {
  std::istringstream in(slurp(fs::path(MAILTOKIT_TEST_DATA) / (name + ".tsv")));
  const auto rows = mk::test::tsv_rows(in);
  if (rows.empty()) throw std::runtime_error("no rows in tests/data/" + name + ".tsv");
  for (const auto& row : rows)
    for (const auto& field : row.cols)
      if (!field.empty() && field != "-") out.push_back(field);
}

// Every file of a folder, in name order (the fuzz corpora, tests/data/eml).
void add_files(std::vector<std::string>& out, const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(e.path());
  if (files.empty()) throw std::runtime_error("no files in " + dir.string());
  std::sort(files.begin(), files.end());
  for (const auto& f : files) out.push_back(slurp(f));
}

std::vector<std::string> load_inputs(std::size_t every) {
  std::vector<std::string> all;
  for (const char* t : {"rfc6068_examples", "corpus_real_links", "lenient_links", "hostile_inputs", "addresses",
                        "address_lists", "idna", "charset", "encoded_word_decode", "percent", "rfc3987_to_uri",
                        "rfc3987_to_iri", "rfc3987_compare", "rfc3987_bidi", "html_bodies", "preview",
                        "message_malformed", "qp_decode"})
    add_tsv(all, t);
  add_files(all, fs::path(MAILTOKIT_TEST_DATA) / "eml");
  for (const char* c : {"mailto", "address", "idna", "iri_to_uri", "uri_to_iri", "rfc2047", "charset", "percent",
                        "utf8", "preview"})
    add_files(all, fs::path(MAILTOKIT_FUZZ_CORPUS) / c);
  std::vector<std::string> picked;
  for (std::size_t i = 0; i < all.size(); i += every) picked.push_back(std::move(all[i]));
  return picked;
}

// --- digests: FNV-1a over everything an entry point returned ---

class digest {
 public:
  void add(std::string_view s) {
    for (const char c : s) byte(static_cast<unsigned char>(c));
    byte(0xFF);
  }
  void add(std::uint64_t n) {
    for (int i = 0; i < 8; ++i) byte(static_cast<unsigned char>(n >> (8 * i)));
  }
  void add(bool b) { byte(b ? 1 : 2); }
  void add(const mk::error& e) {
    add(mk::describe(e));
    add(mk::to_string(e.code));
  }
  template <class T>
  void add(const mk::result<T>& r) {
    add(r.has_value());
    if (!r) {
      add(r.error());
      return;
    }
    if constexpr (std::is_same_v<T, std::string>) add(std::string_view(*r));
    if constexpr (std::is_same_v<T, char32_t>) add(static_cast<std::uint64_t>(*r));
  }
  void add(const mk::address& a) {
    add(a.unicode());
    const auto ascii = a.ascii();
    add(ascii.has_value());
    if (ascii) add(std::string_view(*ascii));
    add(a.display_name);
    add(a.original);
    add(a.valid);
    add(a.needs_smtputf8);
  }
  [[nodiscard]] std::uint64_t value() const noexcept { return h_; }

 private:
  void byte(unsigned char b) {
    h_ ^= b;
    h_ *= 1099511628211ull;
  }
  std::uint64_t h_ = 14695981039346656037ull;
};

constexpr std::array<const char*, 8> k_charsets = {"windows-1252", "iso-8859-1", "Shift_JIS", "ISO-2022-JP",
                                                   "utf-16",       "gb18030",    "KOI8-R",    "x-no-such"};
constexpr std::string_view k_date = "Sun, 22 Nov 2026 10:00:00 +0000";
constexpr std::string_view k_message_id = "<threads@example.net>";

// What every thread shares, read-only while the threads run.
struct shared {
  std::vector<std::string> inputs;
  std::vector<mk::parse_options> modes;  // default, strict, windows-1252, reject invalid UTF-8
  mk::policy pol;                        // the defaults, Keywords dropped, Archived-At kept
  mk::compose_options fixed;             // fixed Date and Message-ID: the same bytes everywhere
  mk::compose_options dated;             // fixed Date, generated Message-ID (the forked children)
  mk::draft fork_draft;                  // what the fork case composes
  // Made by the main thread after the cold start, then read by every thread at once.
  std::vector<mk::draft> drafts;
  std::vector<mailtokit_draft*> c_drafts;
  mailtokit_options* c_options = nullptr;
  mailtokit_options* c_drop_all = nullptr;  // every field dropped, strict
#ifdef MAILTOKIT_TSAN_PLANTED_RACE
  mk::idna::cache* shared_cache = nullptr;
#endif
};

// What one thread keeps: its own parser (as `mailtokit batch` keeps one per worker) and cache.
struct own {
  std::optional<mk::draft_parser> parser;
  mk::idna::cache cache{64};
};

void add_warnings(digest& h, const std::vector<mk::warning>& ws) {
  for (const auto& w : ws) {
    h.add(mk::to_name(w.code));
    h.add(mk::to_string(w.code));
    h.add(mk::is_repair(w.code));
    h.add(static_cast<std::uint64_t>(mk::kind_of(w.code)));
    h.add(mk::warning_code_from_name(mk::to_name(w.code)) == w.code);
    h.add(w.field);
    h.add(w.message);
    h.add(static_cast<std::uint64_t>(w.offset));
  }
}

void add_draft(digest& h, const mk::draft& d) {
  for (const auto* list : {&d.to, &d.cc, &d.bcc}) {
    h.add(static_cast<std::uint64_t>(list->size()));
    for (const auto& a : *list) h.add(a);
  }
  h.add(d.subject.value_or("(none)"));
  h.add(d.body.value_or("(none)"));
  for (const auto& f : d.headers) {
    h.add(f.name);
    h.add(f.value);
  }
  for (const auto& f : d.dropped) {
    h.add(f.name);
    h.add(f.reason);
  }
  add_warnings(h, d.warnings);
}

// A C string view into the digest (the C API's borrowed strings).
void add_str(digest& h, const mailtokit_str& s) { h.add(std::string_view(s.data, s.len)); }

void add_c_buffer(digest& h, int rc, char* out, std::size_t len, const mailtokit_error& err) {
  h.add(static_cast<std::uint64_t>(rc));
  if (rc == MAILTOKIT_OK) h.add(std::string_view(out, len));
  else h.add(std::string_view(err.name));
  mailtokit_free(out);
}

// Every accessor of a C draft, and each thing made from it.
void add_c_draft(digest& h, const mailtokit_draft* d, const mailtokit_options* opt) {
  for (int kind : {MAILTOKIT_TO, MAILTOKIT_CC, MAILTOKIT_BCC}) {
    const std::size_t n = mailtokit_draft_recipient_count(d, kind);
    h.add(static_cast<std::uint64_t>(n));
    for (std::size_t i = 0; i < n; ++i) {
      mailtokit_address a{};
      if (mailtokit_draft_recipient(d, kind, i, &a) != MAILTOKIT_OK) throw std::runtime_error("recipient");
      add_str(h, a.display_name);
      add_str(h, a.local_part);
      add_str(h, a.domain_ascii);
      h.add(a.valid != 0);
    }
  }
  mailtokit_str s{};
  if (mailtokit_draft_subject(d, &s)) add_str(h, s);
  if (mailtokit_draft_body(d, &s)) add_str(h, s);
  mailtokit_address from{};
  h.add(mailtokit_draft_from(d, &from) == MAILTOKIT_OK);
  for (std::size_t i = 0; i < mailtokit_draft_header_count(d); ++i) {
    mailtokit_str name{}, value{};
    (void)mailtokit_draft_header(d, i, &name, &value);
    add_str(h, name);
    add_str(h, value);
  }
  for (std::size_t i = 0; i < mailtokit_draft_dropped_count(d); ++i) {
    mailtokit_str name{}, value{}, reason{};
    (void)mailtokit_draft_dropped(d, i, &name, &value, &reason);
    add_str(h, reason);
  }
  for (std::size_t i = 0; i < mailtokit_draft_warning_count(d); ++i) {
    mailtokit_str code{}, message{}, field{};
    std::size_t offset = 0;
    (void)mailtokit_draft_warning(d, i, &code, &message, &offset);
    (void)mailtokit_draft_warning_field(d, i, &field);
    add_str(h, code);
    add_str(h, field);
    h.add(static_cast<std::uint64_t>(offset));
  }
  char* out = nullptr;
  std::size_t len = 0;
  mailtokit_error err{};
  int rc = mailtokit_draft_body_text(d, MAILTOKIT_TEXT_LF, &out, &len, &err);
  add_c_buffer(h, rc, out, len, err);
  out = nullptr;
  rc = mailtokit_draft_json(d, MAILTOKIT_JSON_ASCII, &out, &len, &err);
  add_c_buffer(h, rc, out, len, err);
  out = nullptr;
  rc = mailtokit_build(d, opt, &out, &len, &err);
  add_c_buffer(h, rc, out, len, err);
  out = nullptr;
  rc = mailtokit_compose(d, opt, &out, &len, &err);
  add_c_buffer(h, rc, out, len, err);
  out = nullptr;
  rc = mailtokit_preview_text(d, &out, &len, &err);
  add_c_buffer(h, rc, out, len, err);
  out = nullptr;
  rc = mailtokit_preview_json(d, &out, &len, &err);
  add_c_buffer(h, rc, out, len, err);
}

// Everything made from a draft: links, the message and its reading back, JSON, the preview and
// the hand-over. `d` is only read.
void add_made_from(digest& h, const mk::draft& d, const shared& s) {
  for (auto form : {mk::uri_form::ascii, mk::uri_form::utf8_escaped, mk::uri_form::iri})
    for (bool html : {false, true}) h.add(mk::build_mailto(d, {form, html}));
  for (const auto* list : {&d.to, &d.cc, &d.bcc})
    for (const auto& a : *list) {
      h.add(mk::buildable(a));
      h.add(mk::handover::plain_address(a));
      h.add(mk::handover::spec(a));
      for (const auto& f : mk::preview::check_address(a, "to")) h.add(f.code);
    }
  const auto message = mk::compose(d, s.fixed);
  h.add(message);
  add_warnings(h, mk::compose_warnings(d, s.fixed));
  if (message) {
    const auto back = mk::read_message(*message, {}, s.pol);
    h.add(back.has_value());
    if (back) add_draft(h, *back);
    else h.add(back.error());
  }
  h.add(mk::json::from_draft(d));
  h.add(mk::json::from_draft(d, {true}));
  const auto findings = mk::preview::check(d);
  for (const auto& f : findings) {
    h.add(f.code);
    h.add(f.field);
    h.add(f.message);
  }
  h.add(mk::preview::render_text(d, findings));
  h.add(mk::preview::render_json(d, findings));
  for (const auto& c : mk::handover::changes(d)) {
    h.add(mk::handover::code_of(c.kind));
    h.add(mk::handover::name_of(c.reason));
    h.add(c.field);
    h.add(c.after);
  }
  mk::draft copy = d;
  h.add(static_cast<std::uint64_t>(mk::handover::make_safe(copy).size()));
  add_draft(h, copy);
  mk::mailto_fields fields;
  for (const auto& a : d.to) fields.to.push_back(a.unicode());
  for (const auto& a : d.cc) fields.cc.push_back(a.unicode());
  fields.subject = d.subject;
  fields.body = d.body;
  fields.headers = d.headers;
  const auto made = mk::make_draft(fields);
  h.add(made.has_value());
  if (made) add_draft(h, *made);
}

// Every entry point on one input; the digest of all they returned.
std::uint64_t run_input(std::string_view in, std::size_t index, const shared& s, own& o) {
  digest h;
  // text: UTF-8, percent-encoding, transfer encodings
  h.add(mk::utf8::validate(in).has_value());
  h.add(mk::utf8::is_ascii(in));
  std::string text;  // the input made valid UTF-8, for the functions that need it
  h.add(static_cast<std::uint64_t>(mk::utf8::repair(in, text)));
  h.add(static_cast<std::uint64_t>(mk::utf8::length(text)));
  {
    const char* it = in.data();
    for (int i = 0; i < 16 && it != in.data() + in.size(); ++i) {
      const auto cp = mk::utf8::decode(it, in.data() + in.size());
      h.add(cp);
      if (!cp) ++it;
    }
  }
  h.add(mk::percent::decode(in));
  h.add(mk::percent::check(in).has_value());
  h.add(mk::percent::encode(in, mk::chars::unreserved));
  {
    std::string out;
    mk::transfer::base64_append(in, out);
    mk::transfer::base64_lines_append(in, out);
    mk::transfer::qp_append(text, out);
    h.add(static_cast<std::uint64_t>(mk::transfer::qp_size(text)));
    h.add(mk::transfer::base64_decode_append(in, out, false).has_value());
    h.add(mk::transfer::qp_decode_append(in, out).has_value());
    h.add(out);
  }
  // unicode: charsets, normalization, bidi, IDNA (plain, this thread's cache, one of our own)
  h.add(mk::charset::to_utf8(in, k_charsets[index % k_charsets.size()]));
  h.add(mk::charset::nfc(text));
  h.add(mk::charset::is_nfc(text));
  h.add(mk::charset::nfkc_casefold(text));
  const auto bidi = mk::bidi::scan(text);
  h.add(bidi.ok());
  h.add(mk::idna::is_plain_ascii(in));
  h.add(mk::idna::to_ascii(in));
  h.add(mk::idna::to_unicode(in));
  h.add(mk::idna::cached_to_ascii(in));
  h.add(mk::idna::cached_to_unicode(in));
  h.add(o.cache.to_ascii(in));
  h.add(o.cache.to_unicode(in));
  // IRIs, RFC 3987
  if (const auto parts = mk::iri::parse(in)) {
    h.add(parts->scheme);
    h.add(parts->host);
    for (const auto& issue : mk::iri::bidi_issues(*parts)) h.add(static_cast<std::uint64_t>(issue.offset));
  } else {
    h.add(parts.error());
  }
  h.add(mk::iri::parse_absolute(in).has_value());
  h.add(mk::iri::check(in).has_value());
  h.add(mk::iri::trim(in));
  h.add(mk::iri::encode_non_ascii(text));
  h.add(mk::iri::to_uri(in));
  h.add(mk::iri::to_uri(in, {true, "windows-1252"}));
  h.add(mk::iri::to_iri(in));
  h.add(mk::iri::to_iri(in, {true}));
  h.add(mk::iri::normalize(in));
  h.add(mk::iri::normalize_for_scheme(in));
  if (const auto cmp = mk::iri::compare(in, text)) h.add(cmp->equivalent);
  // headers: encoded words, addresses
  h.add(mk::rfc2047::decode(in));
  {
    std::size_t kept = 0;
    h.add(mk::rfc2047::decode(in, 4, kept));
    h.add(static_cast<std::uint64_t>(kept));
  }
  h.add(mk::rfc2047::encode_text(text));
  h.add(mk::rfc2047::encode_phrase(text));
  h.add(static_cast<std::uint64_t>(mk::rfc2047::encoded_length(text, mk::rfc2047::encoding::b)));
  h.add(mk::name_holds_separators(text));
  h.add(mk::compatibility_separators(text));
  h.add(mk::decodes_again(in));
  h.add(mk::handover::plain_name(text));
  h.add(mk::handover::plain_text(text));
  h.add(mk::handover::defused(text));
  if (const auto a = mk::parse_addr_spec(in)) h.add(*a);
  else h.add(a.error());
  if (const auto list = mk::parse_address_list(in)) {
    for (const auto& a : *list) {
      h.add(a);
      h.add(mk::decodes_again(a));
      h.add(mk::compatibility_separators(a));
    }
  } else {
    h.add(list.error());
  }
  // links: every reading mode, the policy, this thread's parser; then all made from the draft
  for (const auto& mode : s.modes) {
    const auto uri = mk::parse_mailto(in, mode);
    h.add(uri.has_value());
    if (!uri) {
      h.add(uri.error());
      continue;
    }
    add_warnings(h, uri->warnings);
    add_draft(h, mk::apply_policy(*uri, s.pol));
  }
  if (!o.parser) o.parser.emplace(s.modes[0], s.pol);
  const auto parsed = o.parser->parse(in);
  h.add(parsed.has_value());
  if (parsed) add_draft(h, o.parser->current());
  if (const auto d = mk::parse_draft(in, s.modes[0], s.pol)) add_made_from(h, *d, s);
  else h.add(d.error());
  // messages: the input read as a message
  if (const auto m = mk::read_message(in, {}, s.pol)) add_draft(h, *m);
  else h.add(m.error());
  // the preview's text functions
  for (const auto& l : mk::preview::lookalikes(text)) {
    h.add(l.script_code);
    h.add(l.looks_like);
  }
  h.add(mk::preview::visible(in));
  h.add(mk::preview::isolate(text, true));
  {
    std::string out;
    mk::json::append_string(out, in);
    h.add(out);
  }
  // the C API: parse, read, a draft filled by the setters, the IRI functions
  mailtokit_error err{};
  mailtokit_draft* d = nullptr;
  int rc = mailtokit_parse(in.data(), in.size(), s.c_options, &d, &err);
  h.add(static_cast<std::uint64_t>(rc));
  h.add(static_cast<std::uint64_t>(err.offset));
  if (rc == MAILTOKIT_OK) add_c_draft(h, d, s.c_options);
  mailtokit_draft_free(d);
  d = nullptr;
  rc = mailtokit_parse(in.data(), in.size(), s.c_drop_all, &d, &err);
  h.add(static_cast<std::uint64_t>(rc));
  if (rc == MAILTOKIT_OK) h.add(static_cast<std::uint64_t>(mailtokit_draft_dropped_count(d)));
  mailtokit_draft_free(d);
  d = nullptr;
  rc = mailtokit_read_message(in.data(), in.size(), s.c_options, &d, &err);
  h.add(static_cast<std::uint64_t>(rc));
  if (rc == MAILTOKIT_OK) add_c_draft(h, d, s.c_options);
  mailtokit_draft_free(d);
  d = mailtokit_draft_new();
  if (!d) throw std::bad_alloc();
  h.add(static_cast<std::uint64_t>(mailtokit_draft_add_recipients(d, MAILTOKIT_TO, in.data(), in.size(), &err)));
  h.add(static_cast<std::uint64_t>(mailtokit_draft_add_recipients(d, MAILTOKIT_CC, "ann@example.org", 15, &err)));
  h.add(static_cast<std::uint64_t>(mailtokit_draft_set_subject(d, in.data(), in.size(), &err)));
  h.add(static_cast<std::uint64_t>(mailtokit_draft_set_body(d, in.data(), in.size(), &err)));
  h.add(static_cast<std::uint64_t>(mailtokit_draft_add_header(d, "Keywords", 8, in.data(), in.size(), &err)));
  h.add(static_cast<std::uint64_t>(mailtokit_draft_set_from(d, in.data(), in.size(), &err)));
  h.add(static_cast<std::uint64_t>(mailtokit_draft_add_attachment(d, "a.bin", 5, "application/octet-stream", 24,
                                                                  in.data(), in.size(), &err)));
  add_c_draft(h, d, s.c_options);
  mailtokit_draft_free(d);
  for (unsigned flags : {0u, unsigned{MAILTOKIT_IRI_IDNA}}) {
    char* out = nullptr;
    std::size_t len = 0;
    rc = mailtokit_iri_to_uri(in.data(), in.size(), flags, &out, &len, &err);
    add_c_buffer(h, rc, out, len, err);
    out = nullptr;
    rc = mailtokit_uri_to_iri(in.data(), in.size(), flags, &out, &len, &err);
    add_c_buffer(h, rc, out, len, err);
  }
  h.add(static_cast<std::uint64_t>(mailtokit_iri_check(in.data(), in.size(), &err)));
  int equivalent = 0;
  h.add(static_cast<std::uint64_t>(mailtokit_iri_equal(in.data(), in.size(), text.data(), text.size(), &equivalent, &err)));
  h.add(static_cast<std::uint64_t>(equivalent));
  if (err.name) h.add(static_cast<std::uint64_t>(mailtokit_error_code(err.name, std::strlen(err.name))));
  h.add(std::string_view(mailtokit_error_name(rc)));
  h.add(std::string_view(mailtokit_error_message(rc)));
  h.add(std::string_view(mailtokit_version()));
  return h.value();
}

// The shared drafts: everything made from draft i, read by several threads at once.
std::uint64_t run_shared(std::size_t i, const shared& s) {
  digest h;
  add_made_from(h, s.drafts[i], s);
  add_c_draft(h, s.c_drafts[i], s.c_options);
  return h.value();
}

// The Message-ID a composed message carries.
std::string message_id_of(const std::string& message) {
  const auto at = message.find("\r\nMessage-ID: ");
  if (at == std::string::npos) throw std::runtime_error("composed message without Message-ID");
  const auto start = at + 14;
  return message.substr(start, message.find("\r\n", start) - start);
}

struct thread_result {
  std::vector<std::optional<std::uint64_t>> inputs;  // digest per input index, where this thread ran it
  std::vector<std::optional<std::uint64_t>> drafts;  // digest per shared draft, where this thread ran it
  std::vector<std::string> message_ids;
  std::string failure;                 // an exception's text
};

constexpr std::size_t k_generated_ids = 200;  // Message-IDs generated per thread
constexpr int k_children = 4;                 // fork()ed by the main thread while the threads run
constexpr std::size_t k_child_ids = 50;       // Message-IDs generated per child, and by the parent

// The latches of a run: all threads started, cold start done, shared drafts made, each thread
// generating Message-IDs, the children forked.
struct latches {
  std::latch go, cold_done, shared_ready{1}, generating, forked{1};
  explicit latches(std::size_t threads)
      : go(static_cast<std::ptrdiff_t>(threads)),
        cold_done(static_cast<std::ptrdiff_t>(threads)),
        generating(static_cast<std::ptrdiff_t>(threads)) {}
};

// Thread t of `threads` runs the inputs and drafts i with (i + t) % stride == 0: each by
// threads / stride of the threads. It stays until the main thread has forked its children.
void worker(std::size_t t, std::size_t threads, std::size_t stride, shared& s, latches& l, thread_result& r) {
  bool counted = false, generating = false;
  try {
    own o;
    l.go.arrive_and_wait();
#ifdef MAILTOKIT_TSAN_PLANTED_RACE
    // The planted race: one cache shared by all threads, each looking up the same domains.
    for (int round = 0; round < 200; ++round)
      for (const char* domain : {"\xE7\xB4\x8D\xE8\xB1\x86.example.org", "b\xC3\xBC" "cher.example"})
        (void)s.shared_cache->to_ascii(domain);
#endif
    // Cold start and then the whole input set, each thread starting at its own place.
    const std::size_t n = s.inputs.size();
    r.inputs.assign(n, std::nullopt);
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t i = (k + t * n / threads) % n;
      if ((i + t) % stride == 0) r.inputs[i] = run_input(s.inputs[i], i, s, o);
    }
    counted = true;
    l.cold_done.count_down();
    l.shared_ready.wait();
    const std::size_t m = s.drafts.size();
    if (m == 0) throw std::runtime_error("no shared drafts");
    r.drafts.assign(m, std::nullopt);
    for (std::size_t k = 0; k < m; ++k) {
      const std::size_t i = (k + t * m / threads) % m;
      if ((i + t) % stride == 0) r.drafts[i] = run_shared(i, s);
    }
    // Generated Message-IDs and Dates: the per-thread generator and Date text.
    for (std::size_t k = 0; k < k_generated_ids; ++k) {
      const auto message = mk::compose(s.drafts[k % m]);
      if (!message) throw std::runtime_error("compose with generated fields failed: " + mk::describe(message.error()));
      r.message_ids.push_back(message_id_of(*message));
      if (!generating) l.generating.count_down();  // the main thread forks from now on
      generating = true;
    }
  } catch (const std::exception& e) {
    r.failure = e.what();
    // A failed thread must not hold the others.
    if (!counted) l.cold_done.count_down();
    if (!generating) l.generating.count_down();
  }
  l.forked.wait();
}

std::string generated_id(const shared& s) {
  const auto message = mk::compose(s.fork_draft, s.dated);
  if (!message) throw std::runtime_error("compose with a generated Message-ID failed: " + mk::describe(message.error()));
  return message_id_of(*message);
}

// A child: k_child_ids Message-IDs, one a line, into `fd`; exit status 0 when all were written.
[[noreturn]] void child_ids(const shared& s, int fd) {
  std::string out;
  try {
    for (std::size_t i = 0; i < k_child_ids; ++i) out += generated_id(s) + "\n";
  } catch (const std::exception&) {
    _exit(2);
  }
  _exit(write(fd, out.data(), out.size()) == static_cast<ssize_t>(out.size()) ? 0 : 1);
}

// The fork case (see the top of the file): the Message-IDs of the parent and its children, or
// `failure` set.
std::vector<std::string> fork_ids(const shared& s, std::string& failure) {
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < k_child_ids; ++i) ids.push_back(generated_id(s));
  struct child {
    pid_t pid;
    int fd;
  };
  std::vector<child> children;
  for (int c = 0; c < k_children; ++c) {
    int fds[2];
    if (pipe(fds) != 0) {
      failure = "pipe() failed";
      break;
    }
    const pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      child_ids(s, fds[1]);
    }
    close(fds[1]);
    if (pid < 0) {
      close(fds[0]);
      failure = "fork() failed";
      break;
    }
    children.push_back({pid, fds[0]});
    ids.push_back(generated_id(s));  // the parent between its forks
  }
  for (const child& c : children) {
    std::string got;
    char buf[4096];
    for (ssize_t n; (n = read(c.fd, buf, sizeof buf)) > 0;) got.append(buf, static_cast<std::size_t>(n));
    close(c.fd);
    int status = 0;
    if (waitpid(c.pid, &status, 0) != c.pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
      failure = "a forked child failed (status " + std::to_string(status) + ")";
    std::size_t lines = 0;
    for (std::size_t p = 0, e; (e = got.find('\n', p)) != std::string::npos; p = e + 1, ++lines)
      ids.push_back(got.substr(p, e - p));
    if (lines != k_child_ids) failure = "a forked child sent " + std::to_string(lines) + " Message-IDs";
  }
  return ids;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t threads = 8, every = 1, copies = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string_view opt = argv[i];
    const auto value = static_cast<std::size_t>(std::strtoul(argv[i + 1], nullptr, 10));
    if (opt == "--threads" && value > 0) threads = value;
    else if (opt == "--every" && value > 0) every = value;
    else if (opt == "--copies" && value > 0) copies = value;
    else {
      std::fprintf(stderr, "usage: %s [--threads N] [--copies C] [--every K]\n", argv[0]);
      return 64;
    }
  }
  const std::size_t stride = copies == 0 || copies >= threads ? 1 : threads / copies;
  const auto start = std::chrono::steady_clock::now();
  shared s;
  try {
    s.inputs = load_inputs(every);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tsan harness: %s\n", e.what());
    return 66;
  }
  // Nothing of the library runs before the threads but these plain values' set-up.
  s.pol = mk::policy::defaults();
  s.pol.drop("keywords");
  (void)s.pol.keep("archived-at");
  s.modes.resize(4);
  s.modes[1].strict = true;
  s.modes[2].on_invalid_utf8 = mk::invalid_utf8::legacy;
  s.modes[2].legacy_charset = "windows-1252";
  s.modes[3].on_invalid_utf8 = mk::invalid_utf8::reject;
  s.fixed.date = std::string(k_date);
  s.fixed.message_id = std::string(k_message_id);
  s.dated.date = std::string(k_date);
  // The C options, every setter used, shared read-only by the threads.
  s.c_options = mailtokit_options_new();
  s.c_drop_all = mailtokit_options_new();
  if (!s.c_options || !s.c_drop_all) return 70;
  (void)mailtokit_options_drop_all(s.c_drop_all);
  (void)mailtokit_options_set_strict(s.c_drop_all, 1);
  (void)mailtokit_options_set_limit(s.c_options, MAILTOKIT_LIMIT_RECIPIENTS, 500);
  (void)mailtokit_options_set_invalid_utf8(s.c_options, MAILTOKIT_INVALID_UTF8_LEGACY, "windows-1252", 12);
  (void)mailtokit_options_set_strict(s.c_options, 0);
  (void)mailtokit_options_keep(s.c_options, "archived-at", 11);
  (void)mailtokit_options_drop(s.c_options, "keywords", 8);
  (void)mailtokit_options_set_uri_form(s.c_options, MAILTOKIT_URI_UTF8_ESCAPED, 0);
  (void)mailtokit_options_set_compose_flags(s.c_options, MAILTOKIT_COMPOSE_ALLOW_SMTPUTF8);
  (void)mailtokit_options_set_date(s.c_options, k_date.data(), k_date.size());
  (void)mailtokit_options_set_message_id(s.c_options, k_message_id.data(), k_message_id.size());
#ifdef MAILTOKIT_TSAN_PLANTED_RACE
  mk::idna::cache planted(64);
  for (const char* domain : {"\xE7\xB4\x8D\xE8\xB1\x86.example.org", "b\xC3\xBC" "cher.example"})
    (void)planted.to_ascii(domain);  // filled first: the threads then only look up (hits)
  s.shared_cache = &planted;
#endif

  latches l(threads);
  std::vector<thread_result> results(threads);
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < threads; ++t)
    pool.emplace_back(worker, t, threads, stride, std::ref(s), std::ref(l), std::ref(results[t]));
  l.cold_done.wait();
  // The shared drafts, made now (the threads wait), C++ and C.
  for (const auto& in : s.inputs) {
    auto d = mk::parse_draft(in);
    mailtokit_draft* c = nullptr;
    if (!d || mailtokit_parse(in.data(), in.size(), s.c_options, &c, nullptr) != MAILTOKIT_OK) continue;
    s.drafts.push_back(std::move(*d));
    s.c_drafts.push_back(c);
  }
  if (auto d = mk::parse_draft("mailto:fork@example.org?subject=fork")) s.fork_draft = std::move(*d);
  l.shared_ready.count_down();
  // fork() while the threads compose their Message-IDs.
  l.generating.wait();
  std::string fork_failure;
  std::vector<std::string> forked_ids;
  try {
    forked_ids = fork_ids(s, fork_failure);
  } catch (const std::exception& e) {
    fork_failure = e.what();
  }
  l.forked.count_down();
  for (auto& th : pool) th.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // The reference: the main thread alone, after the threads.
  int failures = 0;
  own o;
  std::vector<std::uint64_t> want(s.inputs.size()), want_drafts(s.drafts.size());
  for (std::size_t i = 0; i < s.inputs.size(); ++i) want[i] = run_input(s.inputs[i], i, s, o);
  for (std::size_t i = 0; i < s.drafts.size(); ++i) want_drafts[i] = run_shared(i, s);
  std::set<std::string> ids;
  std::size_t generated = 0;
  for (std::size_t t = 0; t < threads; ++t) {
    const auto& r = results[t];
    if (!r.failure.empty()) {
      std::fprintf(stderr, "FAIL: thread %zu: %s\n", t, r.failure.c_str());
      ++failures;
      continue;
    }
    for (std::size_t i = 0; i < want.size(); ++i)
      if (r.inputs[i] && *r.inputs[i] != want[i]) {
        std::fprintf(stderr, "FAIL: thread %zu, input %zu: results differ from a single thread's\n", t, i);
        ++failures;
      }
    for (std::size_t i = 0; i < want_drafts.size(); ++i)
      if (r.drafts[i] && *r.drafts[i] != want_drafts[i]) {
        std::fprintf(stderr, "FAIL: thread %zu, shared draft %zu: results differ from a single thread's\n", t, i);
        ++failures;
      }
    generated += r.message_ids.size();
    ids.insert(r.message_ids.begin(), r.message_ids.end());
  }
  if (!fork_failure.empty()) {
    std::fprintf(stderr, "FAIL: fork: %s\n", fork_failure.c_str());
    ++failures;
  }
  generated += forked_ids.size();
  ids.insert(forked_ids.begin(), forked_ids.end());
  if (ids.size() != generated) {
    std::fprintf(stderr, "FAIL: %zu of %zu generated Message-IDs repeat\n", generated - ids.size(), generated);
    ++failures;
  }
  for (auto* c : s.c_drafts) mailtokit_draft_free(c);
  mailtokit_options_free(s.c_options);
  mailtokit_options_free(s.c_drop_all);
  std::printf("tsan harness: %zu threads, %zu inputs and %zu shared drafts each run by %zu of them, %zu Message-IDs "
              "(%zu across %d fork()s), %.1f s threaded: %s\n", threads, s.inputs.size(), s.drafts.size(),
              threads / stride, generated, forked_ids.size(), k_children, seconds,
              failures ? "FAILED" : "same results as one thread");
  return failures ? 1 : 0;
}
