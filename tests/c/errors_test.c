/* C API: version, error codes and names, mailtokit_free, options handling and bad arguments. */
#include "check.h"

static const int codes[] = {
    MAILTOKIT_OK, MAILTOKIT_E_INVALID_ARGUMENT, MAILTOKIT_E_NO_MEMORY, MAILTOKIT_E_POLICY_REFUSED,
    MAILTOKIT_E_INPUT_TOO_LONG, MAILTOKIT_E_TOO_MANY_RECIPIENTS, MAILTOKIT_E_TOO_MANY_HFIELDS,
    MAILTOKIT_E_NESTING_TOO_DEEP, MAILTOKIT_E_EMPTY_INPUT, MAILTOKIT_E_INTERNAL_ERROR,
    MAILTOKIT_E_UTF8_TRUNCATED, MAILTOKIT_E_UTF8_OVERLONG, MAILTOKIT_E_UTF8_SURROGATE,
    MAILTOKIT_E_UTF8_TOO_LARGE, MAILTOKIT_E_UTF8_INVALID_BYTE, MAILTOKIT_E_PERCENT_TRUNCATED,
    MAILTOKIT_E_PERCENT_BAD_HEX, MAILTOKIT_E_UNKNOWN_CHARSET, MAILTOKIT_E_CHARSET_CONVERSION,
    MAILTOKIT_E_IRI_BAD_SCHEME, MAILTOKIT_E_IRI_BAD_CHAR, MAILTOKIT_E_IRI_PRIVATE_OUTSIDE_QUERY,
    MAILTOKIT_E_IRI_BAD_AUTHORITY, MAILTOKIT_E_IRI_BAD_PORT, MAILTOKIT_E_IRI_BAD_IP_LITERAL,
    MAILTOKIT_E_IRI_BIDI, MAILTOKIT_E_IDNA_INVALID, MAILTOKIT_E_IDNA_TOO_LONG, MAILTOKIT_E_IDNA_EMPTY_LABEL,
    MAILTOKIT_E_IDNA_BAD_PUNYCODE, MAILTOKIT_E_IDNA_DISALLOWED, MAILTOKIT_E_IDNA_BIDI,
    MAILTOKIT_E_ADDRESS_EMPTY, MAILTOKIT_E_ADDRESS_NO_AT, MAILTOKIT_E_ADDRESS_BAD_LOCAL,
    MAILTOKIT_E_ADDRESS_BAD_DOMAIN, MAILTOKIT_E_ADDRESS_BAD_LIST, MAILTOKIT_E_NOT_MAILTO,
    MAILTOKIT_E_MAILTO_SECOND_QUESTION, MAILTOKIT_E_MAILTO_BAD_CHAR, MAILTOKIT_E_MAILTO_BAD_HFIELD,
    MAILTOKIT_E_MAILTO_BAD_HNAME, MAILTOKIT_E_MAILTO_INVALID_UTF8, MAILTOKIT_E_ENCODED_WORD_MALFORMED, MAILTOKIT_E_TOO_MANY_ENCODED_WORDS,
    MAILTOKIT_E_NEEDS_SMTPUTF8, MAILTOKIT_E_INVALID_ADDRESS, MAILTOKIT_E_NO_RECIPIENTS,
    MAILTOKIT_E_HEADER_INJECTION, MAILTOKIT_E_HEADER_NOT_ALLOWED,
    MAILTOKIT_E_MESSAGE_MALFORMED, MAILTOKIT_E_BODY_MALFORMED,
    MAILTOKIT_E_TOO_MANY_PARTS, MAILTOKIT_E_ADDRESS_DECODES_AGAIN, MAILTOKIT_E_DISPLAY_NAME_SEPARATORS,
    MAILTOKIT_E_ADDRESS_COMPATIBILITY_CHARACTERS};

static void test_version(void) {
  char expected[32];
  CHECK(strcmp(mailtokit_version(), MAILTOKIT_VERSION_STRING) == 0);
  sprintf(expected, "%d.%d.%d", MAILTOKIT_VERSION_MAJOR, MAILTOKIT_VERSION_MINOR, MAILTOKIT_VERSION_PATCH);
  CHECK(strcmp(mailtokit_version(), expected) == 0);
  /* The project version CMake configured (tests/c/CMakeLists.txt passes it). */
  CHECK(strcmp(mailtokit_version(), MAILTOKIT_TEST_PROJECT_VERSION) == 0);
}

static void test_error_names(void) {
  size_t i, j, n = sizeof codes / sizeof codes[0];
  for (i = 0; i < n; ++i) {
    const char* name = mailtokit_error_name(codes[i]);
    const char* message = mailtokit_error_message(codes[i]);
    /* Every code has its own name, a message, and its name maps back to it. */
    CHECK(strcmp(name, "unknown_error") != 0);
    CHECK(strcmp(message, "unknown error") != 0 && strlen(message) > 0);
    CHECK(mailtokit_error_code(name, strlen(name)) == codes[i]);
    for (j = 0; j < i; ++j) CHECK(strcmp(name, mailtokit_error_name(codes[j])) != 0);
  }
  CHECK(strcmp(mailtokit_error_name(MAILTOKIT_OK), "ok") == 0);
  CHECK(strcmp(mailtokit_error_name(MAILTOKIT_E_UTF8_OVERLONG), "utf8_overlong") == 0);
  CHECK(strcmp(mailtokit_error_message(MAILTOKIT_E_UTF8_OVERLONG), "overlong UTF-8 encoding") == 0);
  CHECK(strcmp(mailtokit_error_name(MAILTOKIT_E_NOT_MAILTO), "not_mailto") == 0);
  /* Values that are no code, and names that are no name. */
  CHECK(strcmp(mailtokit_error_name(-1), "unknown_error") == 0);
  CHECK(strcmp(mailtokit_error_name(100000), "unknown_error") == 0);
  CHECK(strcmp(mailtokit_error_message(4), "unknown error") == 0);
  CHECK(mailtokit_error_code("no_such_code", 12) == MAILTOKIT_E_OTHER);
  /* 110 to 114 are unused (the program's own codes are not the library's). */
  {
    int n;
    for (n = 110; n <= 114; ++n) CHECK(strcmp(mailtokit_error_name(n), "unknown_error") == 0);
  }
  CHECK(mailtokit_error_code("io_error", 8) == MAILTOKIT_E_OTHER);
  CHECK(mailtokit_error_code("not_found", 9) == MAILTOKIT_E_OTHER);
  CHECK(mailtokit_error_code("utf8_overlongX", 13) == MAILTOKIT_E_UTF8_OVERLONG); /* length counts */
  CHECK(mailtokit_error_code(NULL, 0) == MAILTOKIT_E_OTHER);
  CHECK(mailtokit_error_code(NULL, 5) == MAILTOKIT_E_OTHER);
}

/* Releasing NULL is allowed (a crash here fails the test). */
static void test_free(void) {
  mailtokit_free(NULL);
  mailtokit_draft_free(NULL);
  mailtokit_options_free(NULL);
}

static void test_options(void) {
  mailtokit_options* opt = mailtokit_options_new();
  CHECK(opt != NULL);
  if (!opt) return;
  CHECK(mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_INPUT, 100) == MAILTOKIT_OK);
  CHECK(mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_ENCODED_WORDS, 3) == MAILTOKIT_OK);
  CHECK(mailtokit_options_set_limit(opt, (mailtokit_limit)42, 1) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_options_set_limit(NULL, MAILTOKIT_LIMIT_INPUT, 1) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_options_set_invalid_utf8(opt, MAILTOKIT_INVALID_UTF8_REJECT, NULL, 0) == MAILTOKIT_OK);
  CHECK(mailtokit_options_set_invalid_utf8(opt, MAILTOKIT_INVALID_UTF8_LEGACY, "windows-1252", 12) == MAILTOKIT_OK);
  CHECK(mailtokit_options_set_invalid_utf8(opt, (mailtokit_invalid_utf8)7, NULL, 0) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_options_set_invalid_utf8(opt, MAILTOKIT_INVALID_UTF8_LEGACY, NULL, 3) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_options_set_uri_form(opt, MAILTOKIT_URI_IRI, 1) == MAILTOKIT_OK);
  CHECK(mailtokit_options_set_uri_form(opt, (mailtokit_uri_form)3, 0) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_options_set_compose_flags(opt, MAILTOKIT_COMPOSE_ALLOW_SMTPUTF8 | MAILTOKIT_COMPOSE_NO_UNSENT_MARK) ==
        MAILTOKIT_OK);
  CHECK(mailtokit_options_set_compose_flags(opt, 16) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_options_set_date(opt, "Sun, 22 Nov 2026 10:00:00 +0000", 31) == MAILTOKIT_OK);
  CHECK(mailtokit_options_set_date(opt, NULL, 0) == MAILTOKIT_OK);
  CHECK(mailtokit_options_set_date(opt, NULL, 1) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_options_set_message_id(opt, "<a@b>", 5) == MAILTOKIT_OK);
  CHECK(mailtokit_options_set_message_id(NULL, "<a@b>", 5) == MAILTOKIT_E_INVALID_ARGUMENT);
  /* RFC 6068 section 7 / policy: file access can never be kept; names are case-insensitive. */
  CHECK(mailtokit_options_keep(opt, "attach", 6) == MAILTOKIT_E_POLICY_REFUSED);
  CHECK(mailtokit_options_keep(opt, "ATTACHMENT", 10) == MAILTOKIT_E_POLICY_REFUSED);
  CHECK(mailtokit_options_keep(opt, "keywords", 8) == MAILTOKIT_OK);
  CHECK(mailtokit_options_keep(NULL, "keywords", 8) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_options_drop(opt, "keywords", 8) == MAILTOKIT_OK);
  CHECK(mailtokit_options_drop(opt, NULL, 2) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_options_free(opt);
}

int main(void) {
  test_version();
  test_error_names();
  test_free();
  test_options();
  return check_summary();
}
