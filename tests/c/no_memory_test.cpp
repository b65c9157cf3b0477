// Memory running out is one code on every path: errc::no_memory from the C++ parsers and readers,
// MAILTOKIT_E_NO_MEMORY from the C API. This executable replaces the global operator new with one
// that throws std::bad_alloc at the Nth allocation; each entry point is called with N = 0, 1, 2,
// ... until it succeeds, and every failing call must give the no-memory code (never
// internal_error, another code, a crash or std::terminate from a noexcept function).
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <string_view>

#include "mailtokit/mailto.hpp"
#include "mailtokit/mailtokit.h"
#include "mailtokit/message.hpp"
#include "mailtokit/policy.hpp"
#include "mailtokit/result.hpp"

namespace {
long allocations_left = -1;  // -1: never fail
}

void* operator new(std::size_t n) {
  if (allocations_left == 0) throw std::bad_alloc();
  if (allocations_left > 0) --allocations_left;
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
// Every other form allocates and frees with the same malloc, or AddressSanitizer's own nothrow new
// (std::stable_sort's temporary buffer) meets the free() above: alloc-dealloc-mismatch. The
// nothrow form never fails here: a caller of it copes without memory by itself (stable_sort sorts
// in place), and the count is of the allocations that must give no_memory.
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return std::malloc(n == 0 ? 1 : n); }
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

// Calls `f` (true on success; on failure it stores the code's name in `code`) with the Nth
// allocation failing, for every N until it succeeds.
template <class F>
void each_failing_allocation(const char* what, F&& f) {
  long n = 0;
  for (;; ++n) {
    std::string_view code;
    allocations_left = n;
    const bool ok = f(code);
    allocations_left = -1;
    if (ok) break;
    check(code == "no_memory", what, n, code);
  }
  check(n > 0, what, n, "success without any allocation");
  std::printf("%s: %ld failing allocations, each no_memory\n", what, n);
  std::fflush(stdout);
}

// A C call's outcome for each_failing_allocation().
bool c_result(int rc, const mailtokit_error& e, std::string_view& code) {
  if (rc != MAILTOKIT_OK) code = rc == MAILTOKIT_E_NO_MEMORY ? std::string_view("no_memory") : e.name;
  return rc == MAILTOKIT_OK;
}

constexpr std::string_view link =
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

}  // namespace

int main() {
  using namespace mailtokit;
  // The arguments are made before any allocation may fail: only the calls are tested.
  const parse_options po;
  const read_options ro;
  const policy p = policy::defaults();
  each_failing_allocation("parse_mailto", [&](std::string_view& code) {
    auto r = parse_mailto(link, po);
    if (!r) code = to_name(r.error().code);
    return r.has_value();
  });
  each_failing_allocation("parse_draft", [&](std::string_view& code) {
    auto r = parse_draft(link, po, p);
    if (!r) code = to_name(r.error().code);
    return r.has_value();
  });
  draft_parser parser;
  each_failing_allocation("draft_parser::parse", [&parser](std::string_view& code) {
    auto r = parser.parse(link);
    if (!r) code = to_name(r.error().code);
    return r.has_value();
  });
  each_failing_allocation("mailtokit_parse", [](std::string_view& code) {
    mailtokit_draft* d = nullptr;
    mailtokit_error e{};
    const int rc = mailtokit_parse(link.data(), link.size(), nullptr, &d, &e);
    mailtokit_draft_free(d);
    return c_result(rc, e, code);
  });
  // mimetic is not exception-safe (see parse_mime() in src/mail/message.cpp): an allocation
  // failing inside its parse crashed in its own clean-up, a segmentation fault this test found.
  each_failing_allocation("read_message", [&](std::string_view& code) {
    auto r = read_message(eml, ro, p);
    if (!r) code = to_name(r.error().code);
    return r.has_value();
  });
  each_failing_allocation("mailtokit_read_message", [](std::string_view& code) {
    mailtokit_draft* d = nullptr;
    mailtokit_error e{};
    const int rc = mailtokit_read_message(eml.data(), eml.size(), nullptr, &d, &e);
    mailtokit_draft_free(d);
    return c_result(rc, e, code);
  });
  std::fflush(stdout);
  std::printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
