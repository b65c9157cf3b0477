/* C API: IRI <-> URI (RFC 3987 section 3), with the RFC's own examples, and bad input. */
#include "check.h"

#define LIT(s) s, (sizeof(s) - 1)

/* f(in) gives `expected`. */
static int maps_to(int (*f)(const char*, size_t, unsigned, char**, size_t*, mailtokit_error*), const char* in,
                   size_t in_len, unsigned flags, const char* expected) {
  char* out = NULL;
  size_t len = 0;
  mailtokit_error err;
  int ok = f(in, in_len, flags, &out, &len, &err) == MAILTOKIT_OK && err.code == MAILTOKIT_OK && out != NULL &&
           len == strlen(expected) && memcmp(out, expected, len) == 0 && out[len] == '\0';
  if (!ok) fprintf(stderr, "  got %s for %.*s\n", out ? out : err.name, (int)in_len, in);
  mailtokit_free(out);
  return ok;
}

static void test_to_uri(void) {
  char* out = (char*)1;
  size_t len = 9;
  mailtokit_error err;
  int rc;
  /* RFC 3987 section 3.1: "http://r\u00E9sum\u00E9.example.org" -> "http://r%C3%A9sum%C3%A9.example.org",
   * and with ToASCII for the host "http://xn--rsum-bpad.example.org" (section 3.1 / 5.3.3). */
  CHECK(maps_to(mailtokit_iri_to_uri, LIT("http://r\xC3\xA9sum\xC3\xA9.example.org"), 0,
                "http://r%C3%A9sum%C3%A9.example.org"));
  CHECK(maps_to(mailtokit_iri_to_uri, LIT("http://r\xC3\xA9sum\xC3\xA9.example.org"), MAILTOKIT_IRI_IDNA,
                "http://xn--rsum-bpad.example.org"));
  /* RFC 6068 section 6, the IRI form of the "caf\u00E9" subject; existing escapes are kept. */
  CHECK(maps_to(mailtokit_iri_to_uri, LIT("mailto:user@example.org?subject=caf\xC3\xA9"), 0,
                "mailto:user@example.org?subject=caf%C3%A9"));
  CHECK(maps_to(mailtokit_iri_to_uri, LIT("mailto:user@example.org?subject=caf%C3%A9"), 0,
                "mailto:user@example.org?subject=caf%C3%A9"));
  /* Bad input: not UTF-8 (an overlong at byte 8), a space (RFC 3987 2.2 has none), bad escape. */
  rc = mailtokit_iri_to_uri(LIT("http://r\xC0\xAF.example.org"), 0, &out, &len, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_UTF8_OVERLONG, 8);
  CHECK(out == NULL && len == 0);
  rc = mailtokit_iri_to_uri(LIT("http://a b"), 0, &out, &len, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_IRI_BAD_CHAR, 8);
  rc = mailtokit_iri_to_uri(LIT("http://a/%G1"), 0, &out, &len, &err);
  CHECK(rc == err.code && rc != MAILTOKIT_OK && err.offset == 9);
  CHECK(mailtokit_iri_to_uri(NULL, 3, 0, &out, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_iri_to_uri(LIT("http://a"), 0, NULL, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_iri_to_uri(LIT("http://a"), 2, &out, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
}

static void test_to_iri(void) {
  /* RFC 3987 section 3.2.1 examples: "%C3%BC" is decoded, "%FC" is not UTF-8 and stays. */
  CHECK(maps_to(mailtokit_uri_to_iri, LIT("http://www.example.org/D%C3%BCrst"), 0,
                "http://www.example.org/D\xC3\xBCrst"));
  CHECK(maps_to(mailtokit_uri_to_iri, LIT("http://www.example.org/D%FCrst"), 0, "http://www.example.org/D%FCrst"));
  /* "%e2%80%ae" (U+202E RIGHT-TO-LEFT OVERRIDE) is re-encoded (section 4.1), and the punycode
   * label is not converted without IDNA; with it, it is (section 3.2.1). */
  CHECK(maps_to(mailtokit_uri_to_iri, LIT("http://xn--99zt52a.example.org/%e2%80%ae"), 0,
                "http://xn--99zt52a.example.org/%E2%80%AE"));
  CHECK(maps_to(mailtokit_uri_to_iri, LIT("http://xn--99zt52a.example.org/%e2%80%ae"), MAILTOKIT_IRI_IDNA,
                "http://\xE7\xB4\x8D\xE8\xB1\x86.example.org/%E2%80%AE"));
  /* ASCII escapes are never decoded. */
  CHECK(maps_to(mailtokit_uri_to_iri, LIT("mailto:a@example.org?subject=%41%20caf%C3%A9"), 0,
                "mailto:a@example.org?subject=%41%20caf\xC3\xA9"));
  {
    char* out = NULL;
    size_t len = 0;
    mailtokit_error err;
    int rc = mailtokit_uri_to_iri(LIT("http://a/%4"), 0, &out, &len, &err);
    CHECK(rc != MAILTOKIT_OK && rc == err.code && err.offset == 9 && out == NULL);
    CHECK(mailtokit_uri_to_iri(LIT("http://a"), 4, &out, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  }
}

static void test_check_and_equal(void) {
  mailtokit_error err;
  int eq = 7, rc;
  CHECK(mailtokit_iri_check(LIT("http://r\xC3\xA9sum\xC3\xA9.example.org"), &err) == MAILTOKIT_OK);
  rc = mailtokit_iri_check(LIT("http://a b"), &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_IRI_BAD_CHAR, 8);
  /* RFC 3987 section 4.1: bidi formatting characters (U+202E) are not allowed. */
  rc = mailtokit_iri_check(LIT("http://example.org/a\xE2\x80\xAE"), &err);
  CHECK(rc != MAILTOKIT_OK && rc == err.code);
  /* RFC 3987 section 5.3: "http://example.org/~user" and ".../%7euser" are equivalent (5.3.2);
   * "http://example.com" and "http://example.com:80/" too (5.3.3); different paths are not. */
  CHECK(mailtokit_iri_equal(LIT("http://example.org/~user"), LIT("http://example.org/%7euser"), &eq, &err) ==
        MAILTOKIT_OK);
  CHECK(eq == 1);
  CHECK(mailtokit_iri_equal(LIT("http://example.com"), LIT("http://example.com:80/"), &eq, &err) == MAILTOKIT_OK);
  CHECK(eq == 1);
  CHECK(mailtokit_iri_equal(LIT("http://example.com/a"), LIT("http://example.com/b"), &eq, &err) == MAILTOKIT_OK);
  CHECK(eq == 0);
  eq = 7;
  rc = mailtokit_iri_equal(LIT("http://a b"), LIT("http://a"), &eq, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_IRI_BAD_CHAR, 8);
  CHECK(eq == 0);
  CHECK(mailtokit_iri_equal(LIT("http://a"), LIT("http://a"), NULL, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
}

int main(void) {
  test_to_uri();
  test_to_iri();
  test_check_and_equal();
  return check_summary();
}
