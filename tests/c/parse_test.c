/* C API: mailtokit_parse and the draft accessors, with the RFC 6068 section 6 examples as
 * vectors (expected values from the RFC text), the header policy, options and bad input. */
#include "check.h"

/* Parse a NUL-terminated URI with `opt`; the draft or NULL. */
static mailtokit_draft* parse(const char* uri, const mailtokit_options* opt, mailtokit_error* err) {
  mailtokit_draft* d = (mailtokit_draft*)1; /* must be overwritten */
  int rc = mailtokit_parse(uri, strlen(uri), opt, &d, err);
  CHECK(rc == err->code);
  if (rc != MAILTOKIT_OK) {
    CHECK(d == NULL);
    return NULL;
  }
  CHECK(strcmp(err->name, "ok") == 0);
  return d;
}

static void test_rfc6068_examples(void) {
  mailtokit_error err;
  mailtokit_draft* d;
  mailtokit_address a;
  mailtokit_str s, name, value;

  /* <mailto:chris@example.com> */
  d = parse("mailto:chris@example.com", NULL, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_TO) == 1);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_CC) == 0);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_BCC) == 0);
  CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 0, &a) == MAILTOKIT_OK);
  CHECK_STR(a.local_part, "chris");
  CHECK_STR(a.domain, "example.com");
  CHECK_STR(a.domain_ascii, "example.com");
  CHECK_STR(a.display_name, "");
  CHECK(a.valid == 1 && a.needs_smtputf8 == 0);
  CHECK(mailtokit_draft_subject(d, &s) == 0 && s.len == 0 && s.data != NULL);
  CHECK(mailtokit_draft_body(d, &s) == 0);
  CHECK(mailtokit_draft_from(d, &a) == 0);
  /* Out of range, unknown kind, NULL output. */
  CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 1, &a) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_recipient(d, (mailtokit_recipient_kind)9, 0, &a) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_recipient_count(d, (mailtokit_recipient_kind)9) == 0);
  CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 0, NULL) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_draft_free(d);

  /* <mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index> */
  d = parse("mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index", NULL, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_body(d, &s) == 1);
  CHECK(mailtokit_draft_body(d, NULL) == 1);
  CHECK_STR(s, "send current-issue\r\nsend index");
  mailtokit_draft_free(d);

  /* <mailto:foobar@example.com?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E> */
  d = parse("mailto:foobar@example.com?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", NULL, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_header_count(d) == 1);
  CHECK(mailtokit_draft_header(d, 0, &name, &value) == MAILTOKIT_OK);
  CHECK_STR(name, "In-Reply-To");
  CHECK_STR(value, "<3469A91.D10AF4C@example.com>");
  CHECK(mailtokit_draft_header(d, 1, &name, &value) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_draft_free(d);

  /* <mailto:joe@example.com?cc=bob@example.com&body=hello> and <mailto:?to=joe@example.com&
   * cc=bob@example.com&body=hello> mean the same. */
  {
    const char* same[2] = {"mailto:joe@example.com?cc=bob@example.com&body=hello",
                           "mailto:?to=joe@example.com&cc=bob@example.com&body=hello"};
    int i;
    for (i = 0; i < 2; ++i) {
      d = parse(same[i], NULL, &err);
      CHECK(d != NULL);
      CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_TO) == 1);
      CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 0, &a) == MAILTOKIT_OK);
      CHECK_STR(a.local_part, "joe");
      CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_CC) == 1);
      CHECK(mailtokit_draft_recipient(d, MAILTOKIT_CC, 0, &a) == MAILTOKIT_OK);
      CHECK_STR(a.local_part, "bob");
      CHECK(mailtokit_draft_body(d, &s) == 1);
      CHECK_STR(s, "hello");
      mailtokit_draft_free(d);
    }
  }

  /* <mailto:%22not%40me%22@example.org>: the local part is the quoted-string "not@me". */
  d = parse("mailto:%22not%40me%22@example.org", NULL, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 0, &a) == MAILTOKIT_OK);
  CHECK_STR(a.local_part, "\"not@me\"");
  CHECK_STR(a.domain, "example.org");
  mailtokit_draft_free(d);

  /* <mailto:user@example.org?subject=caf%C3%A9>, and the same subject as RFC 2047 encoded words
   * in UTF-8 and in ISO-8859-1: all three are "café". */
  {
    const char* cafe[3] = {"mailto:user@example.org?subject=caf%C3%A9",
                           "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
                           "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D"};
    int i;
    for (i = 0; i < 3; ++i) {
      d = parse(cafe[i], NULL, &err);
      CHECK(d != NULL);
      CHECK(mailtokit_draft_subject(d, &s) == 1);
      CHECK_STR(s, "caf\xC3\xA9");
      mailtokit_draft_free(d);
    }
  }

  /* <mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO>: "natto" (U+7D0D U+8C46)
   * as a domain label; "the domain name label is converted to punycode": xn--99zt52a. */
  d = parse("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO", NULL, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 0, &a) == MAILTOKIT_OK);
  CHECK_STR(a.domain, "\xE7\xB4\x8D\xE8\xB1\x86.example.org");
  CHECK_STR(a.domain_ascii, "xn--99zt52a.example.org");
  CHECK(mailtokit_draft_subject(d, &s) == 1);
  CHECK_STR(s, "Test");
  mailtokit_draft_free(d);
}

static void test_policy(void) {
  mailtokit_error err;
  mailtokit_draft* d;
  mailtokit_options* opt;
  mailtokit_str name, value, reason, s;
  size_t i, n;
  int found = 0;

  /* RFC 6068 section 7: fields that access files must never be taken from a URI; the draft says
   * what was dropped and why. */
  d = parse("mailto:user@example.org?subject=Hi&attach=%2Fetc%2Fpasswd", NULL, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_subject(d, &s) == 1);
  n = mailtokit_draft_dropped_count(d);
  CHECK(n == 1);
  for (i = 0; i < n; ++i) {
    CHECK(mailtokit_draft_dropped(d, i, &name, &value, &reason) == MAILTOKIT_OK);
    if (str_eq(name, "attach", 6)) {
      found = 1;
      CHECK_STR(value, "/etc/passwd");
      CHECK(reason.len > 0 && reason.data[reason.len] == '\0');
    }
  }
  CHECK(found);
  CHECK(mailtokit_draft_dropped(d, n, &name, &value, &reason) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_dropped(d, 0, NULL, NULL, NULL) == MAILTOKIT_OK);
  mailtokit_draft_free(d);

  /* "From:" "should never be interpreted from a URI" (RFC 6068 section 7). */
  d = parse("mailto:user@example.org?from=boss@example.org", NULL, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_dropped_count(d) == 1);
  CHECK(mailtokit_draft_from(d, NULL) == 0);
  CHECK(mailtokit_draft_subject(d, NULL) == 0);
  mailtokit_draft_free(d);

  /* An application that drops "subject" gets it reported as dropped, not kept. */
  opt = mailtokit_options_new();
  CHECK(mailtokit_options_drop(opt, "Subject", 7) == MAILTOKIT_OK);
  d = parse("mailto:user@example.org?subject=Hi", opt, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_subject(d, &s) == 0);
  CHECK(mailtokit_draft_dropped_count(d) == 1);
  CHECK(mailtokit_draft_dropped(d, 0, &name, &value, NULL) == MAILTOKIT_OK);
  CHECK_STR(value, "Hi");
  mailtokit_draft_free(d);
  mailtokit_options_free(opt);
}

static void test_bad_input(void) {
  mailtokit_error err;
  mailtokit_draft* d = NULL;
  mailtokit_options* opt;
  int rc;
  static const char with_nul[] = "mailto:a@example.org\0?subject=x";
  mailtokit_options* strict = mailtokit_options_new();
  CHECK(strict != NULL && mailtokit_options_set_strict(strict, 1) == MAILTOKIT_OK);

  /* RFC 3986 section 2.1: "%G1" is no pct-encoded triplet; the offset is that of the '%'
   * (strict: by default it is a literal '%', with a warning). */
  rc = mailtokit_parse("mailto:user@example.org?subject=%G1", 35, strict, &d, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_PERCENT_BAD_HEX, 32);
  CHECK(d == NULL);
  CHECK(strcmp(err.message, mailtokit_error_message(MAILTOKIT_E_PERCENT_BAD_HEX)) == 0);
  rc = mailtokit_parse("mailto:user@example.org?subject=%4", 34, strict, &d, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_PERCENT_TRUNCATED, 32);
  /* Not a mailto URI at all. */
  rc = mailtokit_parse("http://example.org/", 19, NULL, &d, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_NOT_MAILTO, 0);
  /* RFC 6068 section 2: a second '?' must be percent-encoded. */
  rc = mailtokit_parse("mailto:a@example.org?subject=a?b", 32, strict, &d, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_MAILTO_SECOND_QUESTION, 30);
  mailtokit_options_free(strict);
  /* The length, not a NUL, ends the input: a NUL byte inside is refused at its offset. */
  rc = mailtokit_parse(with_nul, sizeof with_nul - 1, NULL, &d, &err);
  CHECK(rc != MAILTOKIT_OK && err.offset == 20 && d == NULL);
  /* ... and a length that stops before it sees only the first 20 bytes. */
  rc = mailtokit_parse(with_nul, 20, NULL, &d, &err);
  CHECK(rc == MAILTOKIT_OK && d != NULL);
  mailtokit_draft_free(d);
  /* Bad arguments. */
  rc = mailtokit_parse(NULL, 5, NULL, &d, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_INVALID_ARGUMENT, 0);
  rc = mailtokit_parse("mailto:a@example.org", 20, NULL, NULL, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_INVALID_ARGUMENT, 0);
  /* err may be NULL: the return value still tells. */
  CHECK(mailtokit_parse("http:", 5, NULL, &d, NULL) == MAILTOKIT_E_NOT_MAILTO);
  /* Empty input. */
  rc = mailtokit_parse(NULL, 0, NULL, &d, &err);
  CHECK(rc != MAILTOKIT_OK && d == NULL);

  /* Limits. */
  opt = mailtokit_options_new();
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_INPUT, 10);
  rc = mailtokit_parse("mailto:a@example.org", 20, opt, &d, &err);
  CHECK(rc == MAILTOKIT_E_INPUT_TOO_LONG && err.code == rc && d == NULL);
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_INPUT, 1000);
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_RECIPIENTS, 2);
  {
    static const char three[] = "mailto:a@example.org,b@example.org?cc=c@example.org";
    rc = mailtokit_parse(three, sizeof three - 1, opt, &d, &err);
  }
  CHECK(rc == MAILTOKIT_E_TOO_MANY_RECIPIENTS && err.code == rc && d == NULL);
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_RECIPIENTS, 10);
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_HFIELDS, 1);
  rc = mailtokit_parse("mailto:a@example.org?subject=a&body=b", 37, opt, &d, &err);
  CHECK(rc == MAILTOKIT_E_TOO_MANY_HFIELDS && err.code == rc && d == NULL);
  /* Warnings are bounded, not an error: two kept, and one last that counts the rest. */
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_HFIELDS, 100);
  CHECK(mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_WARNINGS, 2) == MAILTOKIT_OK);
  {
    static const char repeated[] = "mailto:a@example.org?subject=a&subject=b&subject=c&subject=d&subject=e";
    mailtokit_str code;
    rc = mailtokit_parse(repeated, sizeof repeated - 1, opt, &d, &err);
    CHECK(rc == MAILTOKIT_OK && d != NULL);
    CHECK(mailtokit_draft_warning_count(d) == 3);
    CHECK(mailtokit_draft_warning(d, 2, &code, NULL, NULL) == MAILTOKIT_OK);
    CHECK_STR(code, "warnings_truncated");
    mailtokit_draft_free(d);
  }
  mailtokit_options_free(opt);
}

static void test_invalid_utf8(void) {
  /* %C0%AF is an overlong "/" (RFC 3629 section 3): not UTF-8. */
  static const char uri[] = "mailto:a@example.org?subject=%C0%AF";
  mailtokit_error err;
  mailtokit_draft* d = NULL;
  mailtokit_options* opt = mailtokit_options_new();
  mailtokit_str s, code, message;
  size_t offset = 0;
  int rc;

  /* Default: replaced with U+FFFD, and a warning. */
  rc = mailtokit_parse(uri, sizeof uri - 1, NULL, &d, &err);
  CHECK(rc == MAILTOKIT_OK);
  CHECK(mailtokit_draft_subject(d, &s) == 1);
  CHECK(contains(s.data, s.len, "\xEF\xBF\xBD"));
  CHECK(mailtokit_draft_warning_count(d) >= 1);
  CHECK(mailtokit_draft_warning(d, 0, &code, &message, &offset) == MAILTOKIT_OK);
  CHECK_STR(code, "invalid_utf8_replaced");
  CHECK(message.len > 0);
  CHECK(mailtokit_draft_warning(d, 0, NULL, NULL, NULL) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_warning(d, 99, &code, &message, &offset) == MAILTOKIT_E_INVALID_ARGUMENT);
  /* The field the warning concerns. */
  CHECK(mailtokit_draft_warning_field(d, 0, &s) == MAILTOKIT_OK);
  CHECK_STR(s, "subject");
  CHECK(mailtokit_draft_warning_field(d, 0, NULL) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_warning_field(d, 99, &s) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_warning_field(NULL, 0, &s) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_draft_free(d);

  /* Reject: the error is at the escape of the bad byte. */
  mailtokit_options_set_invalid_utf8(opt, MAILTOKIT_INVALID_UTF8_REJECT, NULL, 0);
  rc = mailtokit_parse(uri, sizeof uri - 1, opt, &d, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_MAILTO_INVALID_UTF8, 29);

  /* Legacy: windows-1252 0xE9 is U+00E9. */
  mailtokit_options_set_invalid_utf8(opt, MAILTOKIT_INVALID_UTF8_LEGACY, "windows-1252", 12);
  rc = mailtokit_parse("mailto:a@example.org?subject=caf%E9", 35, opt, &d, &err);
  CHECK(rc == MAILTOKIT_OK);
  CHECK(mailtokit_draft_subject(d, &s) == 1);
  CHECK_STR(s, "caf\xC3\xA9");
  mailtokit_draft_free(d);
  mailtokit_options_free(opt);
}

static void test_json(void) {
  mailtokit_error err;
  mailtokit_draft* d = parse("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=caf%C3%A9&attach=x", NULL, &err);
  char* out = (char*)1;
  size_t len = 99, i;
  int ascii = 1;
  CHECK(d != NULL);
  CHECK(mailtokit_draft_json(d, 0, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(out != NULL && out[len] == '\0' && strlen(out) == len);
  CHECK(out[0] == '{' && out[len - 1] == '}');
  CHECK(contains(out, len, "\"ok\":true"));
  CHECK(contains(out, len, "caf\xC3\xA9"));
  CHECK(contains(out, len, "\"dropped\":[{"));
  mailtokit_free(out);
  CHECK(mailtokit_draft_json(d, MAILTOKIT_JSON_ASCII, &out, NULL, &err) == MAILTOKIT_OK);
  for (i = 0; out[i]; ++i)
    if ((unsigned char)out[i] >= 0x80) ascii = 0;
  CHECK(ascii);
  CHECK(contains(out, strlen(out), "caf\\u00e9") || contains(out, strlen(out), "caf\\u00E9"));
  mailtokit_free(out);
  /* Bad arguments: outputs cleared. */
  out = (char*)1;
  len = 7;
  CHECK(mailtokit_draft_json(d, 8, &out, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(out == NULL && len == 0 && err.code == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_json(NULL, 0, &out, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_json(d, 0, NULL, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_draft_free(d);
}

/* The default reading repairs what real links get wrong, with a warning; strict refuses it. A
 * draft composes what the parser kept unless the compose flags ask for the old refusals. */
static void test_strict(void) {
  mailtokit_error err;
  mailtokit_str s, code;
  size_t offset = 0;
  mailtokit_options* opt = mailtokit_options_new();
  CHECK(opt != NULL);
  mailtokit_draft* d = parse("mailto:joe@example.com?cc=bob@example.com?body=hello", NULL, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_body(d, &s) == 1);
  CHECK_STR(s, "hello");
  CHECK(mailtokit_draft_warning_count(d) == 1);
  CHECK(mailtokit_draft_warning(d, 0, &code, NULL, &offset) == MAILTOKIT_OK);
  CHECK_STR(code, "question_as_ampersand");
  CHECK(offset == 41);
  CHECK(mailtokit_draft_warning_field(d, 0, &s) == MAILTOKIT_OK);
  CHECK(s.len == 0); /* about the link's syntax, no field */
  mailtokit_draft_free(d);
  CHECK(mailtokit_options_set_strict(opt, 1) == MAILTOKIT_OK);
  CHECK(mailtokit_options_set_strict(NULL, 1) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(parse("mailto:joe@example.com?cc=bob@example.com?body=hello", opt, &err) == NULL);
  CHECK(err.code == MAILTOKIT_E_MAILTO_SECOND_QUESTION && err.offset == 41);
  CHECK(parse("mailto:a@example.org?subject=100%", opt, &err) == NULL);
  CHECK(err.code == MAILTOKIT_E_PERCENT_TRUNCATED && err.offset == 32);

  /* Composing: an invalid address is text, a non-ASCII local part an RFC 6532 draft. */
  char* out = NULL;
  size_t len = 0;
  d = parse("mailto:somename?cc=j%C3%B6rg@example.org", NULL, &err);
  CHECK(d != NULL);
  CHECK(mailtokit_compose(d, NULL, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(out != NULL && strstr(out, "\r\nTo: somename : ;\r\n") != NULL);
  CHECK(out != NULL && strstr(out, "\r\nCc: j\xC3\xB6rg@example.org\r\n") != NULL);
  mailtokit_free(out);
  CHECK(mailtokit_compose(d, opt, &out, &len, &err) == MAILTOKIT_E_NEEDS_SMTPUTF8);
  mailtokit_options* ascii = mailtokit_options_new();
  CHECK(mailtokit_options_set_compose_flags(ascii, MAILTOKIT_COMPOSE_ASCII_ONLY) == MAILTOKIT_OK);
  CHECK(mailtokit_compose(d, ascii, &out, &len, &err) == MAILTOKIT_E_NEEDS_SMTPUTF8);
  CHECK(mailtokit_options_set_compose_flags(ascii, MAILTOKIT_COMPOSE_ASCII_ONLY | MAILTOKIT_COMPOSE_ALLOW_SMTPUTF8) ==
        MAILTOKIT_OK);
  CHECK(mailtokit_compose(d, ascii, &out, &len, &err) == MAILTOKIT_OK);
  mailtokit_free(out);
  CHECK(mailtokit_options_set_compose_flags(ascii, MAILTOKIT_COMPOSE_STRICT | MAILTOKIT_COMPOSE_ALLOW_SMTPUTF8) ==
        MAILTOKIT_OK);
  CHECK(mailtokit_compose(d, ascii, &out, &len, &err) == MAILTOKIT_E_INVALID_ADDRESS);
  CHECK(mailtokit_options_set_compose_flags(ascii, 16) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_draft_free(d);
  mailtokit_options_free(ascii);
  mailtokit_options_free(opt);
}

int main(void) {
  test_rfc6068_examples();
  test_strict();
  test_policy();
  test_bad_input();
  test_invalid_utf8();
  test_json();
  return check_summary();
}
