// Memory running out is one code on every path: errc::no_memory from the C++ parsers and readers,
// MAILTOKIT_E_NO_MEMORY from the C API. This executable replaces the global operator new, and
// malloc, with ones that fail from the Nth allocation on; each entry point is called with N = 0,
// 1, 2, ... until it succeeds, and every failing call must give the no-memory code (never
// internal_error, another code, a crash or std::terminate from a noexcept function) and the
// call that succeeds the same value as with memory to spare (never a partial one). malloc is what
// ICU and libidn2 allocate with and report the failure of by codes of their own
// (U_MEMORY_ALLOCATION_ERROR, IDN2_MALLOC); it is not replaced under AddressSanitizer, whose own
// malloc the sanitizer build needs (there only operator new fails). ICU makes some of its tables
// once per process and keeps the failure of a first attempt: before anything else, each of those
// is first reached short of memory, and the call that follows with memory to spare must succeed
// (first_use()).
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "mailtokit/charset.hpp"
#include "mailtokit/handover.hpp"
#include "mailtokit/idna.hpp"
#include "mailtokit/idna_cache.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/mailtokit.h"
#include "mailtokit/message.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/preview.hpp"
#include "mailtokit/result.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define FAIL_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FAIL_MALLOC 0
#endif
#endif
#ifndef FAIL_MALLOC
#define FAIL_MALLOC 1
#endif

namespace {
long allocations_left = -1;  // -1: never fail
bool only_one_fails = false;  // true: the allocation that fails is the only one
long allocations_made = 0;

// Counts one allocation; true when it is to fail.
bool allocation_fails() noexcept {
  ++allocations_made;
  if (allocations_left == 0) {
    if (only_one_fails) allocations_left = -1;
    return true;
  }
  if (allocations_left > 0) --allocations_left;
  return false;
}
}  // namespace

#if FAIL_MALLOC
// glibc's own allocator under the replaced malloc (glibc documents replacing malloc, calloc,
// realloc and free together; the rest of its allocation functions free through this free too).
extern "C" {
void* __libc_malloc(std::size_t n);
void* __libc_calloc(std::size_t n, std::size_t size);
void* __libc_realloc(void* p, std::size_t n);
void __libc_free(void* p);

void* malloc(std::size_t n) {
  if (!allocation_fails()) return __libc_malloc(n);
  errno = ENOMEM;
  return nullptr;
}
void* calloc(std::size_t n, std::size_t size) {
  if (!allocation_fails()) return __libc_calloc(n, size);
  errno = ENOMEM;
  return nullptr;
}
void* realloc(void* p, std::size_t n) {
  if (!allocation_fails()) return __libc_realloc(p, n);
  errno = ENOMEM;
  return nullptr;
}
void free(void* p) { __libc_free(p); }
}
#endif

void* operator new(std::size_t n) {
  // With malloc replaced, malloc counts the allocation.
  if (!FAIL_MALLOC && allocation_fails()) throw std::bad_alloc();
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
// Every other form allocates and frees with the same malloc, or AddressSanitizer's own nothrow new
// (std::stable_sort's temporary buffer) meets the free() above: alloc-dealloc-mismatch. The
// nothrow form never fails here: a caller of it copes without memory by itself (stable_sort sorts
// in place), and the count is of the allocations that must give no_memory.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  const long left = allocations_left;
  allocations_left = -1;
  void* p = std::malloc(n == 0 ? 1 : n);
  allocations_left = left;
  return p;
}
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void* operator new[](std::size_t n) { return operator new(n); }
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace {

int failed = 0;
int passed = 0;

void check(bool ok, const char* what, long n, std::string_view got) {
  if (ok) {
    ++passed;
    return;
  }
  ++failed;
  std::fprintf(stderr, "FAILED: %s, allocation %ld failing: got %.*s\n", what, n, static_cast<int>(got.size()),
               got.data());
}

// What a call gave: "ok " and its value in full, or the name of its error code.
struct outcome {
  bool ok = false;
  std::string text;
};

// Calls `f` once with memory to spare (which also makes ICU's shared data, as any first call
// does), then with the Nth allocation failing, for every N until it succeeds. Each call starts
// with an empty IDNA cache of the thread, so that the parsers call libidn2 every time.
template <class F>
void each_failing_allocation(const char* what, F&& f) {
  const outcome spare = f();
  check(spare.ok, what, -1, spare.text);
  if (!spare.ok) return;
  long n = 0;
  for (;; ++n) {
    mailtokit::idna::thread_cache() = mailtokit::idna::cache();
    allocations_left = n;
    const outcome got = f();
    allocations_left = -1;
    if (got.ok) {
      check(got.text == spare.text, what, n, "a value other than with memory to spare: " + got.text);
      break;
    }
    check(got.text == "no_memory", what, n, got.text);
  }
  check(n > 0, what, n, "success without any allocation");
  std::printf("%s: %ld failing allocations, each no_memory\n", what, n);
  std::fflush(stdout);
}

// As each_failing_allocation(), but only the Nth allocation fails, for every N below the number
// `f` makes: where a later allocation would throw std::bad_alloc anyway, this one shows an
// allocation failure that a dependency reports by a code and the library took for another
// failure, a wrong value (a name that is not plain, a text that could not be checked). Each call
// gives no_memory, or the value with memory to spare where the failure was coped with.
template <class F>
void each_single_failing_allocation(const char* what, F&& f) {
  const long before = allocations_made;
  const outcome spare = f();
  const long made = allocations_made - before;
  check(spare.ok, what, -1, spare.text);
  if (!spare.ok) return;
  long coped = 0;
  for (long n = 0; n < made; ++n) {
    mailtokit::idna::thread_cache() = mailtokit::idna::cache();
    only_one_fails = true;
    allocations_left = n;
    const outcome got = f();
    allocations_left = -1;
    only_one_fails = false;
    if (got.ok) ++coped;
    check(got.ok ? got.text == spare.text : got.text == "no_memory", what, n,
          got.ok ? "a value other than with memory to spare: " + got.text : got.text);
  }
  std::printf("%s: %ld allocations failing one at a time, each no_memory or coped with (%ld)\n", what, made, coped);
  std::fflush(stdout);
}

// Both: from the Nth allocation on, and the Nth alone.
template <class F>
void each_way(const char* what, F&& f) {
  each_failing_allocation(what, f);
  each_single_failing_allocation(what, f);
}

// fn() with memory to spare: what the test itself allocates.
template <class Fn>
auto unarmed(Fn fn) {
  const long left = allocations_left;
  allocations_left = -1;
  auto v = fn();
  allocations_left = left;
  return v;
}

outcome failure(const mailtokit::error& e) { return {false, std::string(mailtokit::to_name(e.code))}; }

// The outcome of a C++ call that lets std::bad_alloc propagate: its value through `show`, or
// no_memory.
template <class Fn, class Show>
outcome caught(Fn fn, Show show) {
  try {
    const auto v = fn();
    return {true, unarmed([&] { return show(v); })};
  } catch (const std::bad_alloc&) {
    return {false, "no_memory"};
  }
}

// ICU makes its normalizers, its table of charset names and the spoof checker's tables once per
// process (umtx_initOnce) and keeps the error of a failed first attempt for every later call. The
// first call of `f` fails from its Nth allocation on, for N = 0, 1, ... until it succeeds; after
// each, a call with memory to spare must give `want`. Only a call that is the first of the
// process to reach one of those tables tests that it is not kept failing.
template <class F>
void first_use(const char* what, std::string_view want, F&& f) {
  long n = 0;
  for (;; ++n) {
    allocations_left = n;
    const outcome got = f();
    allocations_left = -1;
    const outcome again = f();
    const bool back = again.ok && again.text == want;
    check(back, what, n, "then, with memory to spare: " + again.text);
    // A failure that ICU keeps fails every call after it: once is enough to say so.
    if (!back) return;
    if (got.ok) {
      check(got.text == want, what, n, "a value other than with memory to spare: " + got.text);
      break;
    }
    check(got.text == "no_memory", what, n, got.text);
  }
  std::printf("%s: first use with %ld failing allocations, each no_memory, then with memory: ok\n", what, n);
  std::fflush(stdout);
}

std::string shown(bool b) { return b ? "true" : "false"; }

std::string shown(const std::vector<mailtokit::preview::lookalike>& ls) {
  std::string out;
  for (const auto& l : ls)
    out += std::to_string(l.offset) + " " + l.character + " " + l.script + " " + l.looks_like + "\n";
  return out;
}

std::string shown(const std::vector<mailtokit::preview::finding>& fs) {
  std::string out;
  for (const auto& f : fs) out += f.code + " " + f.field + ": " + f.message + "\n";
  return out;
}

std::string shown(const std::vector<mailtokit::handover::change>& cs) {
  std::string out;
  for (const auto& c : cs) out += std::string(mailtokit::handover::code_of(c.kind)) + " " + c.field + "\n";
  return out;
}

// The outcome of a C call that gave a buffer (freed here).
outcome of_c_text(int rc, const mailtokit_error& e, char* text, std::size_t len) {
  return unarmed([&] {
    outcome o{rc == MAILTOKIT_OK, rc == MAILTOKIT_E_NO_MEMORY ? std::string("no_memory") : std::string(e.name)};
    if (o.ok) o.text.assign(text, len);
    mailtokit_free(text);
    return o;
  });
}

// The outcome of a C++ call: its value through `show`, or its code.
template <class T, class Show>
outcome of(const mailtokit::result<T>& r, Show show) {
  if (!r) return failure(r.error());
  return {true, unarmed([&] { return show(*r); })};
}

std::string draft_json(const mailtokit::draft& d) { return mailtokit::json::from_draft(d); }

// The outcome of a C call that made a draft (freed here).
outcome of_c(int rc, const mailtokit_error& e, mailtokit_draft* d) {
  return unarmed([&] {
    outcome o{rc == MAILTOKIT_OK, rc == MAILTOKIT_E_NO_MEMORY ? std::string("no_memory") : std::string(e.name)};
    if (o.ok) {
      char* json = nullptr;
      std::size_t len = 0;
      mailtokit_error je{};
      o.text = mailtokit_draft_json(d, 0, &json, &len, &je) == MAILTOKIT_OK ? std::string(json, len) : je.name;
      mailtokit_free(json);
    }
    mailtokit_draft_free(d);
    return o;
  });
}

constexpr std::string_view the_link =
    "mailto:alice@b%C3%BCcher.example,bob@example.org?cc=Carol%20%3Ccarol@example.net%3E"
    "&subject=%3D%3Futf-8%3FB%3FY2Fmw6k%3D%3F%3D&body=hi%0Athere&in-reply-to=%3Cx@y%3E&x-foo=1";
constexpr std::string_view eml =
    "To: Alice <alice@example.org>, bob@b\xC3\xBC" "cher.example\r\n"
    "Subject: =?utf-8?q?caf=C3=A9?=\r\n"
    "Content-Type: multipart/mixed; boundary=b\r\n\r\n"
    "--b\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
    "caf=E9\r\n--b\r\nContent-Type: application/pdf; name=a.pdf\r\n"
    "Content-Disposition: attachment; filename*=utf-8''a%C3%A9.pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    "eHg=\r\n--b--\r\n";
// Long enough that the UTF-8 result is not held in the string itself (no allocation then).
constexpr std::string_view latin1 = "caf\xE9 cr\xE8me br\xFBl\xE9" "e, na\xEFve fa\xE7" "ade";
constexpr std::string_view domain = "b\xC3\xBC" "cher.example.org";
// A recipient beyond ASCII, long enough that ICU allocates for it (a UnicodeString holds 27 UTF-16
// units in itself): the hand-over's NFKC and case folding of the name, the spoof checks of the
// local part and of a label that mixes Latin and Cyrillic.
constexpr std::string_view intl_link =
    "mailto:?to=J%C3%B6rg%20M%C3%BCller-L%C3%BCdenscheidt%20%C3%85ngstr%C3%B6m%20%C3%98resund%20"
    "%3Cj%C3%B6rg.m%C3%BCller.%C3%A5ngstr%C3%B6m.%C3%B8resund@b%C3%BCcher"
    "%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0"
    "%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0%D0%B0"
    ".example%3E";

// The first use of each of ICU's tables that are made once per process (first_use()).
void first_uses() {
  using namespace mailtokit;
  first_use("charset::nfc (ICU's NFC)", "caf\xC3\xA9", [] {
    return caught([] { return charset::nfc("cafe\xCC\x81"); }, [](const std::string& s) { return s; });
  });
  first_use("charset::nfkc_casefold (ICU's NFKC_Casefold)", "mail", [] {
    return caught([] { return charset::nfkc_casefold("\xEF\xBC\xAD\xEF\xBD\x81\xEF\xBD\x89\xEF\xBD\x8C"); },
                  [](const std::string& s) { return s; });
  });
  first_use("charset::to_utf8 (ICU's charset names)", "caf\xC3\xA9", [] {
    const auto r = charset::to_utf8("caf\xE9", "iso-8859-1");
    return r ? outcome{true, *r} : failure(r.error());
  });
  first_use("handover::plain_name (ICU's NFKC)", "true", [] {
    return caught([] { return handover::plain_name("Jos\xC3\xA9 M\xC3\xBCller"); }, [](bool b) { return shown(b); });
  });
  first_use("preview::lookalikes (ICU's spoof checker)", "6 \xD0\xB0 Cyrillic a\n", [] {
    return caught([] { return preview::lookalikes("admin@\xD0\xB0pple.com"); },
                  [](const auto& ls) { return shown(ls); });
  });
}

// The hand-over and the preview, where ICU's codes for memory running out read as a name that is
// not plain or a text that could not be checked for look-alikes.
void hand_over_and_preview(const mailtokit::parse_options& po, const mailtokit::policy& p) {
  using namespace mailtokit;
  const auto parsed = parse_draft(intl_link, po, p);
  check(parsed.has_value(), "parse_draft of a recipient beyond ASCII", -1, parsed ? "" : failure(parsed.error()).text);
  if (!parsed) return;
  const draft& intl = *parsed;
  each_way("handover::changes", [&] {
    return caught([&] { return handover::changes(intl); }, [](const auto& cs) { return shown(cs); });
  });
  each_way("handover::plain_name", [&] {
    return caught([&] { return handover::plain_name(intl.to.at(0).display_name); }, [](bool b) { return shown(b); });
  });
  each_way("preview::check", [&] {
    return caught([&] { return preview::check(intl); }, [](const auto& fs) { return shown(fs); });
  });
  each_way("preview::lookalikes", [&] {
    return caught([&] { return preview::lookalikes(intl.to.at(0).unicode()); }, [](const auto& ls) { return shown(ls); });
  });
  mailtokit_draft* intl_c = nullptr;
  mailtokit_error intl_e{};
  const int made = mailtokit_parse(intl_link.data(), intl_link.size(), nullptr, &intl_c, &intl_e);
  check(made == MAILTOKIT_OK, "mailtokit_parse of a recipient beyond ASCII", -1, made == MAILTOKIT_OK ? "" : intl_e.name);
  if (made != MAILTOKIT_OK) return;
  each_way("mailtokit_preview_json", [&] {
    char* json = nullptr;
    std::size_t len = 0;
    mailtokit_error e{};
    const int rc = mailtokit_preview_json(intl_c, &json, &len, &e);
    return of_c_text(rc, e, json, len);
  });
  each_way("mailtokit_preview_text", [&] {
    char* text = nullptr;
    std::size_t len = 0;
    mailtokit_error e{};
    const int rc = mailtokit_preview_text(intl_c, &text, &len, &e);
    return of_c_text(rc, e, text, len);
  });
  mailtokit_draft_free(intl_c);
}

}  // namespace

int main() {
  using namespace mailtokit;
  first_uses();  // first, before any other call of the process reaches ICU
  // The arguments are made before any allocation may fail: only the calls are tested.
  const parse_options po;
  const read_options ro;
  const policy p = policy::defaults();
  each_failing_allocation("parse_mailto", [&] {
    return of(parse_mailto(the_link, po), [](const mailto_uri& u) {
      std::string fields;
      for (const hfield& h : u.hfields) fields += h.name + "=" + h.value + "\n";
      return fields;
    });
  });
  each_failing_allocation("parse_draft", [&] { return of(parse_draft(the_link, po, p), draft_json); });
  draft_parser parser;
  each_failing_allocation("draft_parser::parse", [&parser] {
    auto r = parser.parse(the_link);
    if (!r) return failure(r.error());
    return outcome{true, unarmed([&parser] { return draft_json(parser.current()); })};
  });
  each_failing_allocation("mailtokit_parse", [] {
    mailtokit_draft* d = nullptr;
    mailtokit_error e{};
    const int rc = mailtokit_parse(the_link.data(), the_link.size(), nullptr, &d, &e);
    return of_c(rc, e, d);
  });
  // mimetic is not exception-safe (see parse_mime() in src/mail/message.cpp): an allocation
  // failing inside its parse crashed in its own clean-up, a segmentation fault this test found.
  each_failing_allocation("read_message", [&] { return of(read_message(eml, ro, p), draft_json); });
  each_failing_allocation("mailtokit_read_message", [] {
    mailtokit_draft* d = nullptr;
    mailtokit_error e{};
    const int rc = mailtokit_read_message(eml.data(), eml.size(), nullptr, &d, &e);
    return of_c(rc, e, d);
  });
  // ICU and libidn2 themselves, where their codes for memory running out become no_memory.
  const auto same = [](const std::string& s) { return s; };
  each_failing_allocation("charset::to_utf8", [&] { return of(charset::to_utf8(latin1, "iso-8859-1"), same); });
  each_failing_allocation("idna::to_ascii", [&] { return of(idna::to_ascii(domain), same); });
  each_failing_allocation("idna::to_unicode", [&] { return of(idna::to_unicode(domain), same); });
  hand_over_and_preview(po, p);
  std::printf("C allocations (ICU, libidn2) failing too: %s\n", FAIL_MALLOC ? "yes" : "no (AddressSanitizer)");
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
