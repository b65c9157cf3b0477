// The C API (include/mailtokit/mailtokit.h) over the C++ library: handles own C++ values, every
// entry point catches every exception, results are malloc'ed copies freed by mailtokit_free.
#include "mailtokit/mailtokit.h"

#include <array>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "mailtokit/address.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/compose.hpp"
#include "mailtokit/draft.hpp"
#include "mailtokit/iri.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/message.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/result.hpp"
#include "mailtokit/utf8.hpp"
#include "text/errc_names.hpp"

struct mailtokit_options {
  mailtokit::parse_options parse;
  mailtokit::read_options read;
  mailtokit::policy policy = mailtokit::policy::defaults();
  mailtokit::build_options build;
  mailtokit::compose_options compose;
};

struct mailtokit_draft {
  mailtokit::draft d;
};

namespace {

using mailtokit::errc;

// ---- error codes: the C values are fixed in mailtokit.h; errc maps to them by name ----

struct c_code_name {
  int code;
  std::string_view name;
  std::string_view message;
};

// The codes of the C interface itself.
constexpr std::array<c_code_name, 5> c_only{{
    {MAILTOKIT_OK, "ok", "success"},
    {MAILTOKIT_E_INVALID_ARGUMENT, "invalid_argument", "a required argument is NULL, out of range or not a valid value"},
    {MAILTOKIT_E_NO_MEMORY, "no_memory", "out of memory"},
    {MAILTOKIT_E_POLICY_REFUSED, "policy_refused", "the header policy never keeps this field"},
    {MAILTOKIT_E_OTHER, "other", "an error this version of mailtokit.h has no code for"},
}};

// The library's codes, by their stable names.
constexpr std::pair<int, std::string_view> c_library[] = {
    {MAILTOKIT_E_INPUT_TOO_LONG, "input_too_long"},
    {MAILTOKIT_E_TOO_MANY_RECIPIENTS, "too_many_recipients"},
    {MAILTOKIT_E_TOO_MANY_HFIELDS, "too_many_hfields"},
    {MAILTOKIT_E_NESTING_TOO_DEEP, "nesting_too_deep"},
    {MAILTOKIT_E_EMPTY_INPUT, "empty_input"},
    {MAILTOKIT_E_INTERNAL_ERROR, "internal_error"},
    {MAILTOKIT_E_UTF8_TRUNCATED, "utf8_truncated"},
    {MAILTOKIT_E_UTF8_OVERLONG, "utf8_overlong"},
    {MAILTOKIT_E_UTF8_SURROGATE, "utf8_surrogate"},
    {MAILTOKIT_E_UTF8_TOO_LARGE, "utf8_too_large"},
    {MAILTOKIT_E_UTF8_INVALID_BYTE, "utf8_invalid_byte"},
    {MAILTOKIT_E_PERCENT_TRUNCATED, "percent_truncated"},
    {MAILTOKIT_E_PERCENT_BAD_HEX, "percent_bad_hex"},
    {MAILTOKIT_E_UNKNOWN_CHARSET, "unknown_charset"},
    {MAILTOKIT_E_CHARSET_CONVERSION, "charset_conversion"},
    {MAILTOKIT_E_IRI_BAD_SCHEME, "iri_bad_scheme"},
    {MAILTOKIT_E_IRI_BAD_CHAR, "iri_bad_char"},
    {MAILTOKIT_E_IRI_PRIVATE_OUTSIDE_QUERY, "iri_private_outside_query"},
    {MAILTOKIT_E_IRI_BAD_AUTHORITY, "iri_bad_authority"},
    {MAILTOKIT_E_IRI_BAD_PORT, "iri_bad_port"},
    {MAILTOKIT_E_IRI_BAD_IP_LITERAL, "iri_bad_ip_literal"},
    {MAILTOKIT_E_IRI_BIDI, "iri_bidi"},
    {MAILTOKIT_E_IDNA_INVALID, "idna_invalid"},
    {MAILTOKIT_E_IDNA_TOO_LONG, "idna_too_long"},
    {MAILTOKIT_E_IDNA_EMPTY_LABEL, "idna_empty_label"},
    {MAILTOKIT_E_IDNA_BAD_PUNYCODE, "idna_bad_punycode"},
    {MAILTOKIT_E_IDNA_DISALLOWED, "idna_disallowed"},
    {MAILTOKIT_E_IDNA_BIDI, "idna_bidi"},
    {MAILTOKIT_E_ADDRESS_EMPTY, "address_empty"},
    {MAILTOKIT_E_ADDRESS_NO_AT, "address_no_at"},
    {MAILTOKIT_E_ADDRESS_BAD_LOCAL, "address_bad_local"},
    {MAILTOKIT_E_ADDRESS_BAD_DOMAIN, "address_bad_domain"},
    {MAILTOKIT_E_ADDRESS_BAD_LIST, "address_bad_list"},
    {MAILTOKIT_E_NOT_MAILTO, "not_mailto"},
    {MAILTOKIT_E_MAILTO_SECOND_QUESTION, "mailto_second_question"},
    {MAILTOKIT_E_MAILTO_BAD_CHAR, "mailto_bad_char"},
    {MAILTOKIT_E_MAILTO_BAD_HFIELD, "mailto_bad_hfield"},
    {MAILTOKIT_E_MAILTO_BAD_HNAME, "mailto_bad_hname"},
    {MAILTOKIT_E_MAILTO_INVALID_UTF8, "mailto_invalid_utf8"},
    {MAILTOKIT_E_ENCODED_WORD_MALFORMED, "encoded_word_malformed"},
    {MAILTOKIT_E_TOO_MANY_ENCODED_WORDS, "too_many_encoded_words"},
    {MAILTOKIT_E_NEEDS_SMTPUTF8, "needs_smtputf8"},
    {MAILTOKIT_E_INVALID_ADDRESS, "invalid_address"},
    {MAILTOKIT_E_NO_RECIPIENTS, "no_recipients"},
    {MAILTOKIT_E_HEADER_INJECTION, "header_injection"},
    {MAILTOKIT_E_HEADER_NOT_ALLOWED, "header_not_allowed"},
    {MAILTOKIT_E_MESSAGE_MALFORMED, "message_malformed"},
    {MAILTOKIT_E_BODY_MALFORMED, "body_malformed"},
    {MAILTOKIT_E_TOO_MANY_PARTS, "too_many_parts"},
    {MAILTOKIT_E_ADDRESS_DECODES_AGAIN, "address_decodes_again"},
    {MAILTOKIT_E_DISPLAY_NAME_SEPARATORS, "display_name_separators"},
    {MAILTOKIT_E_ADDRESS_COMPATIBILITY_CHARACTERS, "address_compatibility_characters"},
    // The library's no_memory is the C interface's own code: one code for memory running out,
    // whether a library call or the C layer found it.
    {MAILTOKIT_E_NO_MEMORY, "no_memory"},
};

constexpr int c_code_by_name(std::string_view name) {
  for (const auto& [code, n] : c_library)
    if (n == name) return code;
  return MAILTOKIT_E_OTHER;
}

// errc (as its index) -> C code, computed at compile time.
constexpr auto errc_to_c = [] {
  std::array<int, mailtokit::detail::errc_texts.size()> table{};
  for (std::size_t i = 0; i < table.size(); ++i) table[i] = c_code_by_name(mailtokit::detail::errc_texts[i].name);
  return table;
}();

int to_c(errc e) {
  auto i = static_cast<std::size_t>(e);
  return i < errc_to_c.size() ? errc_to_c[i] : MAILTOKIT_E_OTHER;
}

// The errc of a C library code, if it has one.
bool from_c(int code, errc& out) {
  for (std::size_t i = 0; i < errc_to_c.size(); ++i)
    if (errc_to_c[i] == code && code != MAILTOKIT_E_OTHER) {
      out = static_cast<errc>(i);
      return true;
    }
  return false;
}

// The C-only entry of a code, or nullptr.
const c_code_name* c_only_entry(int code) {
  for (const auto& c : c_only)
    if (c.code == code) return &c;
  return nullptr;
}

// ---- the C constants of the option enums ----

constexpr std::pair<int, mailtokit::invalid_utf8> c_invalid_utf8[] = {
    {MAILTOKIT_INVALID_UTF8_REPLACE, mailtokit::invalid_utf8::replace},
    {MAILTOKIT_INVALID_UTF8_REJECT, mailtokit::invalid_utf8::reject},
    {MAILTOKIT_INVALID_UTF8_LEGACY, mailtokit::invalid_utf8::legacy},
};

constexpr std::pair<int, mailtokit::uri_form> c_uri_form[] = {
    {MAILTOKIT_URI_ASCII, mailtokit::uri_form::ascii},
    {MAILTOKIT_URI_UTF8_ESCAPED, mailtokit::uri_form::utf8_escaped},
    {MAILTOKIT_URI_IRI, mailtokit::uri_form::iri},
};

// The C++ value of the C constant `c` of one of the tables above into `out`; false, leaving
// `out` alone, when `c` is not one of them.
template <class E, std::size_t N>
bool from_c_enum(int c, const std::pair<int, E> (&table)[N], E& out) {
  for (const auto& [code, value] : table)
    if (code == c) {
      out = value;
      return true;
    }
  return false;
}

int set_ok(mailtokit_error* err) {
  if (err) *err = {MAILTOKIT_OK, 0, "ok", "success"};
  return MAILTOKIT_OK;
}

int set_c_error(mailtokit_error* err, int code) {
  if (err) {
    const c_code_name* c = c_only_entry(code);
    *err = {code, 0, c ? c->name.data() : "unknown_error", c ? c->message.data() : "unknown error"};
  }
  return code;
}

int set_error(mailtokit_error* err, const mailtokit::error& e) {
  int code = to_c(e.code);
  // to_name()/to_string() return views of string literals, so data() is NUL-terminated.
  if (err) *err = {code, e.offset, mailtokit::to_name(e.code).data(), mailtokit::to_string(e.code).data()};
  return code;
}

// Run `f` (returning a C code) with no exception escaping.
template <class F>
int guarded(mailtokit_error* err, F&& f) noexcept {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return set_c_error(err, MAILTOKIT_E_NO_MEMORY);
  } catch (...) {
    return set_error(err, mailtokit::error{errc::internal_error, 0});
  }
}

// A new handle, or NULL when it cannot be made (memory, or anything its members' constructors
// throw): no exception leaves an entry point.
template <class T>
T* new_handle() noexcept {
  try {
    return new T();
  } catch (...) {
    return nullptr;
  }
}

// A (pointer, length) argument as a view; false when the pointer is NULL but the length is not 0.
bool view(const char* s, std::size_t len, std::string_view& out) {
  if (!s && len != 0) return false;
  out = s ? std::string_view(s, len) : std::string_view();
  return true;
}

// Copy `s` into a new malloc'ed, NUL-terminated buffer.
int give(std::string_view s, char** out, std::size_t* out_len, mailtokit_error* err) {
  char* p = static_cast<char*>(std::malloc(s.size() + 1));
  if (!p) return set_c_error(err, MAILTOKIT_E_NO_MEMORY);
  if (!s.empty()) std::memcpy(p, s.data(), s.size());
  p[s.size()] = '\0';
  *out = p;
  if (out_len) *out_len = s.size();
  return set_ok(err);
}

template <class T>
int give(const mailtokit::result<T>& r, char** out, std::size_t* out_len, mailtokit_error* err) {
  return r ? give(*r, out, out_len, err) : set_error(err, r.error());
}

void clear_out(char** out, std::size_t* out_len) {
  if (out) *out = nullptr;
  if (out_len) *out_len = 0;
}

// The shape of every entry point that turns a draft into malloc'ed text: `f(draft)` gives a
// string or a result<std::string>.
template <class F>
int give_from_draft(const mailtokit_draft* d, char** out, std::size_t* out_len, mailtokit_error* err, F&& f) {
  clear_out(out, out_len);
  return guarded(err, [&] {
    if (!d || !out) return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    return give(f(d->d), out, out_len, err);
  });
}

// The shape of every entry point that reads text into a new draft: `f(text)` gives a result<draft>.
template <class F>
int new_draft(const char* s, std::size_t len, mailtokit_draft** out, mailtokit_error* err, F&& f) {
  if (out) *out = nullptr;
  return guarded(err, [&] {
    std::string_view text;
    if (!out || !view(s, len, text)) return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    auto r = f(text);
    if (!r) return set_error(err, r.error());
    *out = new mailtokit_draft{std::move(*r)};
    return set_ok(err);
  });
}

// IRI -> URI or URI -> IRI: `convert(text, options)` with options.idna from MAILTOKIT_IRI_IDNA.
template <class Options>
int convert_iri(mailtokit::result<std::string> (*convert)(std::string_view, const Options&), const char* s,
                std::size_t len, unsigned flags, char** out, std::size_t* out_len, mailtokit_error* err) {
  clear_out(out, out_len);
  return guarded(err, [&] {
    std::string_view in;
    if (!out || !view(s, len, in) || (flags & ~unsigned{MAILTOKIT_IRI_IDNA}) != 0)
      return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    Options o;
    o.idna = (flags & MAILTOKIT_IRI_IDNA) != 0;
    return give(convert(in, o), out, out_len, err);
  });
}

// An option set from a (pointer, length) text: `f(options, text)` gives the C code.
template <class F>
int set_option_text(mailtokit_options* opt, const char* s, std::size_t len, F&& f) {
  return guarded(nullptr, [&] {
    std::string_view text;
    if (!opt || !view(s, len, text)) return MAILTOKIT_E_INVALID_ARGUMENT;
    return f(*opt, text);
  });
}

// An optional compose option (date, Message-ID): the empty text restores the default.
int set_optional_option(mailtokit_options* opt, std::optional<std::string> mailtokit::compose_options::*field,
                        const char* s, std::size_t len) {
  return set_option_text(opt, s, len, [&](mailtokit_options& o, std::string_view v) {
    if (v.empty())
      (o.compose.*field).reset();
    else
      o.compose.*field = std::string(v);
    return MAILTOKIT_OK;
  });
}

mailtokit_str borrow(const std::string& s) { return {s.c_str(), s.size()}; }

// Lend `s` through an optional out-parameter.
void lend(mailtokit_str* out, const std::string& s) {
  if (out) *out = borrow(s);
}

void borrow(const mailtokit::address& a, mailtokit_address* out) {
  *out = {borrow(a.display_name), borrow(a.local_part), borrow(a.domain), borrow(a.domain_ascii),
          borrow(a.original), a.valid ? 1 : 0, a.needs_smtputf8 ? 1 : 0};
}

constexpr mailtokit_str empty_str{"", 0};

// Hand the i-th element of one of the draft's lists to `f`; MAILTOKIT_E_INVALID_ARGUMENT, without
// calling `f`, when there is none.
template <class T, class F>
int with_element(const mailtokit_draft* d, std::vector<T> mailtokit::draft::*list, std::size_t i, F&& f) {
  if (!d || i >= (d->d.*list).size()) return MAILTOKIT_E_INVALID_ARGUMENT;
  f((d->d.*list)[i]);
  return MAILTOKIT_OK;
}

template <class T>
std::size_t count(const mailtokit_draft* d, std::vector<T> mailtokit::draft::*list) {
  return d ? (d->d.*list).size() : 0;
}

// An optional text of the draft (subject, body): 1 and the text when present, else 0 and "".
int optional_text(const mailtokit_draft* d, std::optional<std::string> mailtokit::draft::*field, mailtokit_str* out) {
  if (out) *out = empty_str;
  if (!d || !(d->d.*field)) return 0;
  lend(out, *(d->d.*field));
  return 1;
}

const std::vector<mailtokit::address>* recipients(const mailtokit_draft* d, int kind) {
  if (!d) return nullptr;
  switch (kind) {
    case MAILTOKIT_TO:
      return &d->d.to;
    case MAILTOKIT_CC:
      return &d->d.cc;
    case MAILTOKIT_BCC:
      return &d->d.bcc;
  }
  return nullptr;
}

std::vector<mailtokit::address>* recipients(mailtokit_draft* d, int kind) {
  return const_cast<std::vector<mailtokit::address>*>(recipients(static_cast<const mailtokit_draft*>(d), kind));
}

// A setter of an optional draft field: NULL (with length 0) clears it, `set(draft, text)` sets it
// from text that is valid UTF-8 and gives the C code.
template <class T, class F>
int set_or_clear(mailtokit_draft* d, std::optional<T> mailtokit::draft::*field, const char* s, std::size_t len,
                 mailtokit_error* err, F&& set) {
  return guarded(err, [&] {
    if (!d || (!s && len != 0)) return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    if (!s) {
      (d->d.*field).reset();
      return set_ok(err);
    }
    std::string_view text(s, len);
    if (auto ok = mailtokit::utf8::validate(text); !ok) return set_error(err, ok.error());
    return set(d->d, text);
  });
}

// An optional UTF-8 text setter (subject, body): NULL clears.
int set_optional_text(mailtokit_draft* d, std::optional<std::string> mailtokit::draft::*field, const char* s,
                      std::size_t len, mailtokit_error* err) {
  return set_or_clear(d, field, s, len, err, [&](mailtokit::draft& x, std::string_view text) {
    x.*field = std::string(text);
    return set_ok(err);
  });
}

}  // namespace

extern "C" {

// ---- version, errors, memory ----

const char* mailtokit_version(void) { return MAILTOKIT_VERSION_STRING; }

const char* mailtokit_error_name(int code) {
  if (const c_code_name* c = c_only_entry(code)) return c->name.data();
  errc e{};
  return from_c(code, e) ? mailtokit::to_name(e).data() : "unknown_error";
}

const char* mailtokit_error_message(int code) {
  if (const c_code_name* c = c_only_entry(code)) return c->message.data();
  errc e{};
  return from_c(code, e) ? mailtokit::to_string(e).data() : "unknown error";
}

int mailtokit_error_code(const char* name, size_t len) {
  std::string_view n;
  if (!view(name, len, n)) return MAILTOKIT_E_OTHER;
  for (const auto& c : c_only)
    if (c.name == n) return c.code;
  return c_code_by_name(n);
}

void mailtokit_free(void* p) { std::free(p); }

// ---- options ----

mailtokit_options* mailtokit_options_new(void) { return new_handle<mailtokit_options>(); }

void mailtokit_options_free(mailtokit_options* opt) { delete opt; }

int mailtokit_options_set_limit(mailtokit_options* opt, int which, size_t value) {
  if (!opt) return MAILTOKIT_E_INVALID_ARGUMENT;
  auto& l = opt->parse.limits;
  switch (which) {
    case MAILTOKIT_LIMIT_INPUT:
      l.max_input = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_RECIPIENTS:
      l.max_recipients = value;
      opt->read.max_recipients = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_HFIELDS:
      l.max_hfields = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_ENCODED_WORDS:
      l.max_encoded_words = value;
      opt->read.max_encoded_words = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_MESSAGE_INPUT:
      opt->read.max_input = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_MESSAGE_FIELDS:
      opt->read.max_fields = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_WARNINGS:
      l.max_warnings = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_MESSAGE_LINE:
      opt->read.max_line = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_MESSAGE_FIELD:
      opt->read.max_field = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_MESSAGE_PARTS:
      opt->read.max_parts = value;
      return MAILTOKIT_OK;
    case MAILTOKIT_LIMIT_MESSAGE_DEPTH:
      opt->read.max_depth = value;
      return MAILTOKIT_OK;
  }
  return MAILTOKIT_E_INVALID_ARGUMENT;
}

int mailtokit_options_set_invalid_utf8(mailtokit_options* opt, int mode, const char* charset,
                                       size_t charset_len) {
  return guarded(nullptr, [&] {
    std::string_view cs;
    if (!opt || !view(charset, charset_len, cs) || !from_c_enum(mode, c_invalid_utf8, opt->parse.on_invalid_utf8))
      return MAILTOKIT_E_INVALID_ARGUMENT;
    opt->parse.legacy_charset.assign(cs);
    return MAILTOKIT_OK;
  });
}

int mailtokit_options_set_strict(mailtokit_options* opt, int strict) {
  if (!opt) return MAILTOKIT_E_INVALID_ARGUMENT;
  opt->parse.strict = strict != 0;
  opt->compose.strict = strict != 0;
  return MAILTOKIT_OK;
}

int mailtokit_options_keep(mailtokit_options* opt, const char* name, size_t len) {
  return set_option_text(opt, name, len, [](mailtokit_options& o, std::string_view n) {
    return o.policy.keep(n) ? MAILTOKIT_OK : MAILTOKIT_E_POLICY_REFUSED;
  });
}

int mailtokit_options_drop(mailtokit_options* opt, const char* name, size_t len) {
  return set_option_text(opt, name, len, [](mailtokit_options& o, std::string_view n) {
    o.policy.drop(n);
    return MAILTOKIT_OK;
  });
}

int mailtokit_options_drop_all(mailtokit_options* opt) {
  return guarded(nullptr, [&] {
    if (!opt) return MAILTOKIT_E_INVALID_ARGUMENT;
    // drop() changes kept(): walk a copy.
    const std::vector<std::string> kept = opt->policy.kept();
    for (const auto& n : kept) opt->policy.drop(n);
    return MAILTOKIT_OK;
  });
}

int mailtokit_options_set_uri_form(mailtokit_options* opt, int form, int html) {
  if (!opt || !from_c_enum(form, c_uri_form, opt->build.form)) return MAILTOKIT_E_INVALID_ARGUMENT;
  opt->build.html = html != 0;
  return MAILTOKIT_OK;
}

int mailtokit_options_set_compose_flags(mailtokit_options* opt, unsigned flags) {
  constexpr unsigned known = MAILTOKIT_COMPOSE_ALLOW_SMTPUTF8 | MAILTOKIT_COMPOSE_NO_UNSENT_MARK |
                             MAILTOKIT_COMPOSE_ASCII_ONLY | MAILTOKIT_COMPOSE_STRICT;
  if (!opt || (flags & ~known) != 0) return MAILTOKIT_E_INVALID_ARGUMENT;
  opt->compose.allow_smtputf8 = (flags & MAILTOKIT_COMPOSE_ALLOW_SMTPUTF8) != 0;
  opt->compose.ascii_only = (flags & MAILTOKIT_COMPOSE_ASCII_ONLY) != 0;
  opt->compose.strict = (flags & MAILTOKIT_COMPOSE_STRICT) != 0;
  opt->compose.mark_unsent = (flags & MAILTOKIT_COMPOSE_NO_UNSENT_MARK) == 0;
  return MAILTOKIT_OK;
}

int mailtokit_options_set_date(mailtokit_options* opt, const char* date, size_t len) {
  return set_optional_option(opt, &mailtokit::compose_options::date, date, len);
}

int mailtokit_options_set_message_id(mailtokit_options* opt, const char* id, size_t len) {
  return set_optional_option(opt, &mailtokit::compose_options::message_id, id, len);
}

// ---- drafts ----

int mailtokit_parse(const char* uri, size_t len, const mailtokit_options* opt, mailtokit_draft** out,
                    mailtokit_error* err) {
  return new_draft(uri, len, out, err, [&](std::string_view u) {
    return opt ? mailtokit::parse_draft(u, opt->parse, opt->policy) : mailtokit::parse_draft(u);
  });
}

int mailtokit_read_message(const char* eml, size_t len, const mailtokit_options* opt, mailtokit_draft** out,
                           mailtokit_error* err) {
  return new_draft(eml, len, out, err, [&](std::string_view m) {
    return opt ? mailtokit::read_message(m, opt->read, opt->policy) : mailtokit::read_message(m);
  });
}

mailtokit_draft* mailtokit_draft_new(void) { return new_handle<mailtokit_draft>(); }

void mailtokit_draft_free(mailtokit_draft* d) { delete d; }

size_t mailtokit_draft_recipient_count(const mailtokit_draft* d, int kind) {
  const auto* list = recipients(d, kind);
  return list ? list->size() : 0;
}

int mailtokit_draft_recipient(const mailtokit_draft* d, int kind, size_t i,
                              mailtokit_address* out) {
  const auto* list = recipients(d, kind);
  if (!list || !out || i >= list->size()) return MAILTOKIT_E_INVALID_ARGUMENT;
  borrow((*list)[i], out);
  return MAILTOKIT_OK;
}

int mailtokit_draft_subject(const mailtokit_draft* d, mailtokit_str* out) {
  return optional_text(d, &mailtokit::draft::subject, out);
}

int mailtokit_draft_body(const mailtokit_draft* d, mailtokit_str* out) {
  return optional_text(d, &mailtokit::draft::body, out);
}

int mailtokit_draft_body_text(const mailtokit_draft* d, unsigned flags, char** out, size_t* out_len,
                              mailtokit_error* err) {
  clear_out(out, out_len);
  return guarded(err, [&] {
    if (!d || !out || (flags & ~unsigned{MAILTOKIT_TEXT_LF}) != 0)
      return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    if (!d->d.body) return set_ok(err);
    const std::string& body = *d->d.body;
    if ((flags & MAILTOKIT_TEXT_LF) == 0) return give(body, out, out_len, err);
    std::string lf;
    lf.reserve(body.size());
    for (std::size_t i = 0; i < body.size(); ++i)
      if (body[i] != '\r' || i + 1 >= body.size() || body[i + 1] != '\n') lf += body[i];
    return give(lf, out, out_len, err);
  });
}

int mailtokit_draft_from(const mailtokit_draft* d, mailtokit_address* out) {
  if (!d || !d->d.from) return 0;
  if (out) borrow(*d->d.from, out);
  return 1;
}

size_t mailtokit_draft_header_count(const mailtokit_draft* d) { return count(d, &mailtokit::draft::headers); }

int mailtokit_draft_header(const mailtokit_draft* d, size_t i, mailtokit_str* name, mailtokit_str* value) {
  return with_element(d, &mailtokit::draft::headers, i, [&](const mailtokit::header_field& h) {
    lend(name, h.name);
    lend(value, h.value);
  });
}

size_t mailtokit_draft_dropped_count(const mailtokit_draft* d) { return count(d, &mailtokit::draft::dropped); }

int mailtokit_draft_dropped(const mailtokit_draft* d, size_t i, mailtokit_str* name, mailtokit_str* value,
                            mailtokit_str* reason) {
  return with_element(d, &mailtokit::draft::dropped, i, [&](const mailtokit::dropped_field& f) {
    lend(name, f.name);
    lend(value, f.value);
    lend(reason, f.reason);
  });
}

size_t mailtokit_draft_warning_count(const mailtokit_draft* d) { return count(d, &mailtokit::draft::warnings); }

int mailtokit_draft_warning(const mailtokit_draft* d, size_t i, mailtokit_str* code, mailtokit_str* message,
                            size_t* offset) {
  return with_element(d, &mailtokit::draft::warnings, i, [&](const mailtokit::warning& w) {
    if (code) {
      const std::string_view name = mailtokit::to_name(w.code);  // a string literal: NUL-terminated
      *code = {name.data(), name.size()};
    }
    lend(message, w.message);
    if (offset) *offset = w.offset;
  });
}

int mailtokit_draft_warning_field(const mailtokit_draft* d, size_t i, mailtokit_str* field) {
  return with_element(d, &mailtokit::draft::warnings, i, [&](const mailtokit::warning& w) { lend(field, w.field); });
}

int mailtokit_draft_add_recipients(mailtokit_draft* d, int kind, const char* list,
                                   size_t len, mailtokit_error* err) {
  return guarded(err, [&] {
    auto* target = recipients(d, kind);
    std::string_view text;
    if (!target || !view(list, len, text)) return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    if (auto ok = mailtokit::utf8::validate(text); !ok) return set_error(err, ok.error());
    auto parsed = mailtokit::parse_address_list(text);
    if (!parsed) return set_error(err, parsed.error());
    target->insert(target->end(), std::make_move_iterator(parsed->begin()), std::make_move_iterator(parsed->end()));
    return set_ok(err);
  });
}

int mailtokit_draft_set_subject(mailtokit_draft* d, const char* s, size_t len, mailtokit_error* err) {
  return set_optional_text(d, &mailtokit::draft::subject, s, len, err);
}

int mailtokit_draft_set_body(mailtokit_draft* d, const char* s, size_t len, mailtokit_error* err) {
  return set_optional_text(d, &mailtokit::draft::body, s, len, err);
}

int mailtokit_draft_add_header(mailtokit_draft* d, const char* name, size_t name_len, const char* value,
                               size_t value_len, mailtokit_error* err) {
  return guarded(err, [&] {
    std::string_view n, v;
    if (!d || !view(name, name_len, n) || !view(value, value_len, v))
      return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    // RFC 5322 section 3.6.8: field-name = 1*ftext
    if (n.empty()) return set_error(err, mailtokit::fail(errc::mailto_bad_hname, 0));
    for (std::size_t i = 0; i < n.size(); ++i)
      if (!mailtokit::chars::ftext(n[i])) return set_error(err, mailtokit::fail(errc::mailto_bad_hname, i));
    if (auto ok = mailtokit::utf8::validate(v); !ok) return set_error(err, ok.error());
    d->d.headers.push_back({std::string(n), std::string(v)});
    return set_ok(err);
  });
}

int mailtokit_draft_add_attachment(mailtokit_draft* d, const char* filename, size_t filename_len,
                                   const char* content_type, size_t content_type_len, const char* data,
                                   size_t data_len, mailtokit_error* err) {
  return guarded(err, [&] {
    std::string_view name, type, bytes;
    if (!d || !view(filename, filename_len, name) || !view(content_type, content_type_len, type) ||
        !view(data, data_len, bytes))
      return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    if (auto ok = mailtokit::utf8::validate(name); !ok) return set_error(err, ok.error());
    d->d.attachments.push_back({std::string(name), std::string(type), std::string(bytes)});
    return set_ok(err);
  });
}

int mailtokit_draft_set_from(mailtokit_draft* d, const char* mailbox, size_t len, mailtokit_error* err) {
  return set_or_clear(d, &mailtokit::draft::from, mailbox, len, err, [&](mailtokit::draft& x, std::string_view text) {
    auto parsed = mailtokit::parse_address_list(text);
    if (!parsed) return set_error(err, parsed.error());
    // RFC 5322 section 3.6.2: from = "From:" mailbox-list CRLF; one mailbox here (no Sender).
    if (parsed->size() != 1) return set_error(err, mailtokit::fail(errc::address_bad_list, 0));
    if (!parsed->front().valid) return set_error(err, mailtokit::fail(errc::invalid_address, 0));
    x.from = std::move(parsed->front());
    return set_ok(err);
  });
}

int mailtokit_draft_json(const mailtokit_draft* d, unsigned flags, char** out, size_t* out_len,
                         mailtokit_error* err) {
  clear_out(out, out_len);
  return guarded(err, [&] {
    if (!d || !out || (flags & ~unsigned{MAILTOKIT_JSON_ASCII}) != 0)
      return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    mailtokit::json::options o;
    o.ascii_only = (flags & MAILTOKIT_JSON_ASCII) != 0;
    return give(mailtokit::json::from_draft(d->d, o), out, out_len, err);
  });
}

// ---- building, composing, previewing ----

int mailtokit_build(const mailtokit_draft* d, const mailtokit_options* opt, char** out, size_t* out_len,
                    mailtokit_error* err) {
  return give_from_draft(d, out, out_len, err, [&](const mailtokit::draft& x) {
    return mailtokit::build_mailto(x, opt ? opt->build : mailtokit::build_options{});
  });
}

int mailtokit_compose(const mailtokit_draft* d, const mailtokit_options* opt, char** out, size_t* out_len,
                      mailtokit_error* err) {
  return give_from_draft(d, out, out_len, err, [&](const mailtokit::draft& x) {
    return opt ? mailtokit::compose(x, opt->compose) : mailtokit::compose(x);
  });
}

int mailtokit_preview_text(const mailtokit_draft* d, char** out, size_t* out_len, mailtokit_error* err) {
  return give_from_draft(d, out, out_len, err, [](const mailtokit::draft& x) {
    return mailtokit::preview::render_text(x, mailtokit::preview::check(x));
  });
}

int mailtokit_preview_json(const mailtokit_draft* d, char** out, size_t* out_len, mailtokit_error* err) {
  return give_from_draft(d, out, out_len, err, [](const mailtokit::draft& x) {
    return mailtokit::preview::render_json(x, mailtokit::preview::check(x));
  });
}

// ---- IRI <-> URI ----

int mailtokit_iri_to_uri(const char* iri, size_t len, unsigned flags, char** out, size_t* out_len,
                         mailtokit_error* err) {
  return convert_iri(&mailtokit::iri::to_uri, iri, len, flags, out, out_len, err);
}

int mailtokit_uri_to_iri(const char* uri, size_t len, unsigned flags, char** out, size_t* out_len,
                         mailtokit_error* err) {
  return convert_iri(&mailtokit::iri::to_iri, uri, len, flags, out, out_len, err);
}

int mailtokit_iri_check(const char* iri, size_t len, mailtokit_error* err) {
  return guarded(err, [&] {
    std::string_view in;
    if (!view(iri, len, in)) return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    auto r = mailtokit::iri::check(in);
    return r ? set_ok(err) : set_error(err, r.error());
  });
}

int mailtokit_iri_equal(const char* a, size_t a_len, const char* b, size_t b_len, int* equivalent,
                        mailtokit_error* err) {
  if (equivalent) *equivalent = 0;
  return guarded(err, [&] {
    std::string_view x, y;
    if (!equivalent || !view(a, a_len, x) || !view(b, b_len, y)) return set_c_error(err, MAILTOKIT_E_INVALID_ARGUMENT);
    auto r = mailtokit::iri::compare(x, y);
    if (!r) return set_error(err, r.error());
    *equivalent = r->equivalent ? 1 : 0;
    return set_ok(err);
  });
}

}  // extern "C"
