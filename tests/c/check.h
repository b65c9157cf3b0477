/* A minimal C test harness for the C API tests: CHECK(cond) counts and reports, and
 * check_summary() prints "N passed, N failed" and gives the exit status. C99. */
#ifndef MAILTOKIT_TESTS_C_CHECK_H
#define MAILTOKIT_TESTS_C_CHECK_H

#include <stdio.h>
#include <string.h>

#include <mailtokit/mailtokit.h>

static int check_passed = 0;
static int check_failed = 0;

static inline int check_report(int ok, const char* file, int line, const char* what) {
  if (ok) {
    ++check_passed;
  } else {
    ++check_failed;
    fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what);
  }
  return ok;
}

#define CHECK(cond) check_report((cond) ? 1 : 0, __FILE__, __LINE__, #cond)

/* A borrowed string equals `len` bytes at `expected`. */
static inline int str_eq(mailtokit_str s, const char* expected, size_t len) {
  return s.data != NULL && s.len == len && memcmp(s.data, expected, len) == 0 && s.data[len] == '\0';
}
#define CHECK_STR(s, literal) \
  check_report(str_eq((s), (literal), sizeof(literal) - 1), __FILE__, __LINE__, #s " == " #literal)

/* `len` bytes at `hay` contain the NUL-terminated `needle`. */
static inline int contains(const char* hay, size_t len, const char* needle) {
  size_t n = strlen(needle), i;
  if (n > len) return 0;
  for (i = 0; i + n <= len; ++i)
    if (memcmp(hay + i, needle, n) == 0) return 1;
  return 0;
}

/* The error struct says `code` at `offset`, with the static name and message of that code. */
static inline int error_is(const mailtokit_error* e, int code, size_t offset) {
  return e->code == code && e->offset == offset && e->name != NULL && e->message != NULL &&
         (code == MAILTOKIT_E_OTHER || strcmp(e->name, mailtokit_error_name(code)) == 0);
}
#define CHECK_ERROR(rc, err, code, offset)                                                         \
  check_report((rc) == (code) && error_is(&(err), (code), (offset)), __FILE__, __LINE__,           \
               #rc " fails with " #code " at " #offset)

static inline int check_summary(void) {
  printf("%d passed, %d failed\n", check_passed, check_failed);
  return check_failed == 0 ? 0 : 1;
}

#endif
