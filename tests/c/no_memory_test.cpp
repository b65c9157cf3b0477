// Memory running out is one code on every path: errc::no_memory from the C++ parsers and readers,
// MAILTOKIT_E_NO_MEMORY from the C API. This executable replaces the global operator new, and
// malloc, with ones that fail from the Nth allocation on; each entry point is called with N = 0,
// 1, 2, ... until it succeeds, and every failing call must give the no-memory code (never
// internal_error, another code, a crash or std::terminate from a noexcept function) and the
// call that succeeds the same value as with memory to spare (never a partial one). malloc is what
// ICU and libidn2 allocate with and report the failure of by codes of their own
// (U_MEMORY_ALLOCATION_ERROR, IDN2_MALLOC); it is not replaced under AddressSanitizer, whose own
// malloc the sanitizer build needs (there only operator new fails).
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <string_view>

#include "mailtokit/charset.hpp"
#include "mailtokit/idna.hpp"
#include "mailtokit/idna_cache.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/mailtokit.h"
#include "mailtokit/message.hpp"
#include "mailtokit/policy.hpp"
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

// Counts one allocation; true when it is to fail.
bool allocation_fails() noexcept {
  if (allocations_left == 0) return true;
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

}  // namespace

int main() {
  using namespace mailtokit;
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
  std::printf("C allocations (ICU, libidn2) failing too: %s\n", FAIL_MALLOC ? "yes" : "no (AddressSanitizer)");
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
