/* C API: drafts made by an application (setters), mailtokit_build (round trips through
 * mailtokit_parse) and mailtokit_compose (RFC 5322 / 2047 / 6532 properties), with bad input. */
#include "check.h"

#define LIT(s) s, (sizeof(s) - 1)

/* The header block of a message (up to the first empty line) contains `line` (with its CRLF). */
static int has_header(const char* msg, size_t len, const char* line) {
  const char* end = NULL;
  size_t i;
  for (i = 0; i + 3 < len; ++i)
    if (memcmp(msg + i, "\r\n\r\n", 4) == 0) {
      end = msg + i + 2;
      break;
    }
  if (!end) return 0;
  if (strncmp(msg, line, strlen(line)) == 0) return 1;
  {
    char needle[512];
    snprintf(needle, sizeof needle, "\r\n%s", line);
    return contains(msg, (size_t)(end - msg), needle);
  }
}

static void test_setters(void) {
  mailtokit_error err;
  mailtokit_draft* d = mailtokit_draft_new();
  mailtokit_address a;
  mailtokit_str s, name, value;
  int rc;

  CHECK(d != NULL);
  /* RFC 5322 section 3.4 address-list with a display name. */
  rc = mailtokit_draft_add_recipients(d, MAILTOKIT_TO, LIT("Ann Example <ann@example.org>, bob@example.org"), &err);
  CHECK(rc == MAILTOKIT_OK && err.code == MAILTOKIT_OK);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_TO) == 2);
  CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 0, &a) == MAILTOKIT_OK);
  CHECK_STR(a.display_name, "Ann Example");
  CHECK_STR(a.local_part, "ann");
  CHECK_STR(a.domain, "example.org");
  CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 1, &a) == MAILTOKIT_OK);
  CHECK_STR(a.local_part, "bob");
  CHECK(mailtokit_draft_add_recipients(d, MAILTOKIT_BCC, LIT("carol@example.org"), &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_BCC) == 1);

  /* Bad UTF-8 anywhere is refused with the offset of the bad byte, and changes nothing. */
  rc = mailtokit_draft_add_recipients(d, MAILTOKIT_CC, LIT("x@example.org, \xC0\xAF@example.org"), &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_UTF8_OVERLONG, 15);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_CC) == 0);
  rc = mailtokit_draft_set_subject(d, LIT("ok \xED\xA0\x80"), &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_UTF8_SURROGATE, 3);
  CHECK(mailtokit_draft_subject(d, &s) == 0);
  rc = mailtokit_draft_set_body(d, LIT("\xF4\x90\x80\x80"), &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_UTF8_TOO_LARGE, 0);
  rc = mailtokit_draft_add_header(d, LIT("Keywords"), LIT("a\xE2\x82"), &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_UTF8_TRUNCATED, 1);
  /* RFC 5322 section 3.6.8: field-name = 1*ftext (no space, no colon). */
  rc = mailtokit_draft_add_header(d, LIT("Bad Name"), LIT("x"), &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_MAILTO_BAD_HNAME, 3);
  rc = mailtokit_draft_add_header(d, LIT("X:"), LIT("x"), &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_MAILTO_BAD_HNAME, 1);
  rc = mailtokit_draft_add_header(d, NULL, 0, LIT("x"), &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_MAILTO_BAD_HNAME, 0);
  CHECK(mailtokit_draft_header_count(d) == 0);
  /* From: exactly one valid mailbox. */
  rc = mailtokit_draft_set_from(d, LIT("a@example.org, b@example.org"), &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_ADDRESS_BAD_LIST, 0);
  rc = mailtokit_draft_set_from(d, LIT("no-at-sign"), &err);
  CHECK(rc != MAILTOKIT_OK && err.code == rc);
  CHECK(mailtokit_draft_from(d, &a) == 0);
  /* Bad arguments. */
  CHECK(mailtokit_draft_set_subject(NULL, LIT("x"), &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_set_subject(d, NULL, 3, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_add_recipients(d, (mailtokit_recipient_kind)5, LIT("a@example.org"), &err) ==
        MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_add_recipients(NULL, MAILTOKIT_TO, LIT("a@example.org"), NULL) ==
        MAILTOKIT_E_INVALID_ARGUMENT);

  /* The good values. */
  CHECK(mailtokit_draft_set_subject(d, LIT("caf\xC3\xA9"), &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_subject(d, &s) == 1);
  CHECK_STR(s, "caf\xC3\xA9");
  CHECK(mailtokit_draft_set_body(d, LIT("line 1\r\nline 2"), &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_add_header(d, LIT("Keywords"), LIT("mailto, test"), &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_header(d, 0, &name, &value) == MAILTOKIT_OK);
  CHECK_STR(name, "Keywords");
  CHECK_STR(value, "mailto, test");
  CHECK(mailtokit_draft_set_from(d, LIT("Sender <sender@example.net>"), &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_from(d, &a) == 1);
  CHECK(mailtokit_draft_from(d, NULL) == 1);
  CHECK_STR(a.local_part, "sender");
  CHECK_STR(a.display_name, "Sender");
  /* NULL clears. */
  CHECK(mailtokit_draft_set_from(d, NULL, 0, &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_from(d, &a) == 0);
  CHECK(mailtokit_draft_set_body(d, NULL, 0, &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_body(d, &s) == 0);
  mailtokit_draft_free(d);
}

/* parse(build(d)) has d's recipients, subject, body and headers (RFC 6068 round trip). */
static void test_build_round_trip(void) {
  mailtokit_error err;
  mailtokit_draft* d = mailtokit_draft_new();
  mailtokit_draft* back = NULL;
  mailtokit_options* opt = mailtokit_options_new();
  mailtokit_address a;
  mailtokit_str s, name, value;
  char* uri = NULL;
  size_t len = 0;
  int form;

  /* RFC 6068 section 2: "gorby%kremvax@example.com" and "unlikely?address@example.com" need
   * their '%' and '?' escaped; the subject has '&', '=', '#', a space and non-ASCII text. */
  mailtokit_draft_add_recipients(d, MAILTOKIT_TO, LIT("\"gorby%kremvax\"@example.com"), NULL);
  mailtokit_draft_add_recipients(d, MAILTOKIT_TO, LIT("\"unlikely?address\"@example.com"), NULL);
  mailtokit_draft_add_recipients(d, MAILTOKIT_CC, LIT("user@\xE7\xB4\x8D\xE8\xB1\x86.example.org"), NULL);
  mailtokit_draft_set_subject(d, LIT("a&b=c #1 caf\xC3\xA9"), NULL);
  mailtokit_draft_set_body(d, LIT("line 1\r\nline 2 100%"), NULL);
  mailtokit_draft_add_header(d, LIT("In-Reply-To"), LIT("<3469A91.D10AF4C@example.com>"), NULL);

  for (form = MAILTOKIT_URI_ASCII; form <= MAILTOKIT_URI_IRI; ++form) {
    size_t i;
    int ascii = 1;
    CHECK(mailtokit_options_set_uri_form(opt, form, 0) == MAILTOKIT_OK);
    CHECK(mailtokit_build(d, opt, &uri, &len, &err) == MAILTOKIT_OK);
    CHECK(uri != NULL && uri[len] == '\0' && strncmp(uri, "mailto:", 7) == 0);
    for (i = 0; i < len; ++i)
      if ((unsigned char)uri[i] >= 0x80) ascii = 0;
    CHECK(ascii == (form != MAILTOKIT_URI_IRI));
    if (form == MAILTOKIT_URI_ASCII) CHECK(contains(uri, len, "xn--99zt52a.example.org"));
    if (form == MAILTOKIT_URI_UTF8_ESCAPED) CHECK(contains(uri, len, "%E7%B4%8D%E8%B1%86.example.org"));
    if (form == MAILTOKIT_URI_IRI) CHECK(contains(uri, len, "\xE7\xB4\x8D\xE8\xB1\x86.example.org"));

    CHECK(mailtokit_parse(uri, len, NULL, &back, &err) == MAILTOKIT_OK);
    mailtokit_free(uri);
    if (!back) continue;
    CHECK(mailtokit_draft_recipient_count(back, MAILTOKIT_TO) == 2);
    CHECK(mailtokit_draft_recipient(back, MAILTOKIT_TO, 0, &a) == MAILTOKIT_OK);
    CHECK_STR(a.local_part, "\"gorby%kremvax\"");
    CHECK(mailtokit_draft_recipient(back, MAILTOKIT_TO, 1, &a) == MAILTOKIT_OK);
    CHECK_STR(a.local_part, "\"unlikely?address\"");
    CHECK(mailtokit_draft_recipient(back, MAILTOKIT_CC, 0, &a) == MAILTOKIT_OK);
    CHECK_STR(a.domain_ascii, "xn--99zt52a.example.org");
    CHECK(mailtokit_draft_subject(back, &s) == 1);
    CHECK_STR(s, "a&b=c #1 caf\xC3\xA9");
    CHECK(mailtokit_draft_body(back, &s) == 1);
    CHECK_STR(s, "line 1\r\nline 2 100%");
    CHECK(mailtokit_draft_header_count(back) == 1);
    CHECK(mailtokit_draft_header(back, 0, &name, &value) == MAILTOKIT_OK);
    CHECK_STR(value, "<3469A91.D10AF4C@example.com>");
    CHECK(mailtokit_draft_dropped_count(back) == 0);
    mailtokit_draft_free(back);
    back = NULL;
  }

  /* HTML attribute form: "&" between fields is written "&amp;". */
  CHECK(mailtokit_options_set_uri_form(opt, MAILTOKIT_URI_ASCII, 1) == MAILTOKIT_OK);
  CHECK(mailtokit_build(d, opt, &uri, &len, &err) == MAILTOKIT_OK);
  CHECK(contains(uri, len, "&amp;"));
  mailtokit_free(uri);

  /* Bad arguments clear the outputs. */
  uri = (char*)1;
  len = 5;
  CHECK(mailtokit_build(NULL, NULL, &uri, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(uri == NULL && len == 0);
  CHECK(mailtokit_build(d, NULL, NULL, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_options_free(opt);
  mailtokit_draft_free(d);
}

static void test_compose(void) {
  mailtokit_error err;
  mailtokit_draft* d = NULL;
  mailtokit_options* opt = mailtokit_options_new();
  char* msg = NULL;
  size_t len = 0, i;
  int rc, bare_lf = 0;
  static const char natto[] = "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO";

  /* RFC 6068 section 6: "To: user@xn--99zt52a.example.org", "Subject: Test", body "NATTO". */
  CHECK(mailtokit_parse(natto, sizeof natto - 1, NULL, &d, &err) == MAILTOKIT_OK);
  mailtokit_draft_set_from(d, LIT("sender@example.net"), NULL);
  mailtokit_options_set_date(opt, LIT("Sun, 22 Nov 2026 10:00:00 +0000"));
  mailtokit_options_set_message_id(opt, LIT("<c-test@example.net>"));
  CHECK(mailtokit_compose(d, opt, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(msg != NULL && msg[len] == '\0');
  if (msg) {
    CHECK(has_header(msg, len, "To: user@xn--99zt52a.example.org\r\n"));
    CHECK(has_header(msg, len, "Subject: Test\r\n"));
    CHECK(has_header(msg, len, "From: sender@example.net\r\n"));
    CHECK(has_header(msg, len, "Date: Sun, 22 Nov 2026 10:00:00 +0000\r\n"));
    CHECK(has_header(msg, len, "Message-ID: <c-test@example.net>\r\n"));
    CHECK(has_header(msg, len, "X-Unsent: 1\r\n"));
    CHECK(contains(msg, len, "\r\n\r\nNATTO"));
    /* RFC 5322 section 2.1: lines end in CRLF, never a bare LF. */
    for (i = 0; i < len; ++i)
      if (msg[i] == '\n' && (i == 0 || msg[i - 1] != '\r')) bare_lf = 1;
    CHECK(!bare_lf);
    mailtokit_free(msg);
  }
  mailtokit_options_set_compose_flags(opt, MAILTOKIT_COMPOSE_NO_UNSENT_MARK);
  CHECK(mailtokit_compose(d, opt, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(!contains(msg, len, "X-Unsent"));
  mailtokit_free(msg);
  /* Defaults (NULL options): a Date and a Message-ID are generated. */
  CHECK(mailtokit_compose(d, NULL, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(has_header(msg, len, "Date: ") && has_header(msg, len, "Message-ID: <"));
  mailtokit_free(msg);
  mailtokit_draft_free(d);

  /* RFC 2047: a non-ASCII subject is sent as encoded words. */
  d = mailtokit_draft_new();
  mailtokit_draft_add_recipients(d, MAILTOKIT_TO, LIT("user@example.org"), NULL);
  mailtokit_draft_set_subject(d, LIT("caf\xC3\xA9"), NULL);
  CHECK(mailtokit_compose(d, NULL, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(has_header(msg, len, "Subject: =?UTF-8?") || has_header(msg, len, "Subject: =?utf-8?"));
  for (i = 0; i < len; ++i)
    if ((unsigned char)msg[i] >= 0x80) break;
  CHECK(i == len); /* without SMTPUTF8 the message is ASCII */
  mailtokit_free(msg);
  /* A line break in a header value is header injection, never a second header. */
  CHECK(mailtokit_draft_set_subject(d, LIT("hi\r\nBcc: victim@example.org"), NULL) == MAILTOKIT_OK);
  msg = (char*)1;
  rc = mailtokit_compose(d, NULL, &msg, &len, &err);
  if (rc == MAILTOKIT_OK) {
    CHECK(!has_header(msg, len, "Bcc: victim@example.org\r\n"));
    mailtokit_free(msg);
  } else {
    CHECK_ERROR(rc, err, MAILTOKIT_E_HEADER_INJECTION, err.offset);
    CHECK(msg == NULL);
  }
  mailtokit_draft_free(d);

  /* RFC 6531/6532: a non-ASCII local part makes an RFC 6532 draft; ASCII_ONLY refuses it. */
  d = mailtokit_draft_new();
  mailtokit_draft_add_recipients(d, MAILTOKIT_TO, LIT("j\xC3\xB6rg@example.org"), NULL);
  mailtokit_options_set_compose_flags(opt, MAILTOKIT_COMPOSE_ASCII_ONLY);
  rc = mailtokit_compose(d, opt, &msg, &len, &err);
  CHECK(rc == MAILTOKIT_E_NEEDS_SMTPUTF8 && err.code == rc && msg == NULL);
  CHECK(mailtokit_compose(d, NULL, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(has_header(msg, len, "To: j\xC3\xB6rg@example.org\r\n"));
  mailtokit_free(msg);
  mailtokit_options_set_compose_flags(opt, MAILTOKIT_COMPOSE_ALLOW_SMTPUTF8);
  CHECK(mailtokit_compose(d, opt, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(has_header(msg, len, "To: j\xC3\xB6rg@example.org\r\n"));
  mailtokit_free(msg);
  mailtokit_draft_free(d);

  /* No recipients: still a draft (the user adds them in the client), without a To field. */
  d = mailtokit_draft_new();
  mailtokit_draft_set_subject(d, LIT("no one yet"), NULL);
  CHECK(mailtokit_compose(d, NULL, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(has_header(msg, len, "Subject: no one yet\r\n") && !has_header(msg, len, "To:"));
  mailtokit_free(msg);
  /* A field the composer writes itself cannot be added (RFC 5322 section 3.6: one Date). */
  CHECK(mailtokit_draft_add_header(d, LIT("Date"), LIT("Mon, 1 Jan 2001 00:00:00 +0000"), &err) == MAILTOKIT_OK);
  msg = (char*)1;
  len = 3;
  rc = mailtokit_compose(d, NULL, &msg, &len, &err);
  CHECK(rc == MAILTOKIT_E_HEADER_NOT_ALLOWED && err.code == rc && msg == NULL && len == 0);
  mailtokit_draft_free(d);
  d = mailtokit_draft_new();
  /* An invalid address: text in its field (an empty group), or refused with STRICT. */
  mailtokit_draft_add_recipients(d, MAILTOKIT_TO, LIT("not an address"), NULL);
  CHECK(mailtokit_compose(d, NULL, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(has_header(msg, len, "To: not an address : ;\r\n"));
  mailtokit_free(msg);
  mailtokit_options_set_compose_flags(opt, MAILTOKIT_COMPOSE_STRICT);
  rc = mailtokit_compose(d, opt, &msg, &len, &err);
  CHECK(rc == MAILTOKIT_E_INVALID_ADDRESS && err.code == rc && msg == NULL);
  CHECK(mailtokit_compose(NULL, NULL, &msg, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_draft_free(d);
  mailtokit_options_free(opt);
}

/* Attachments: bytes the application supplies become a base64 part with an RFC 2231 name. */
static void test_attachment(void) {
  mailtokit_error err;
  mailtokit_draft* d = mailtokit_draft_new();
  mailtokit_options* opt = mailtokit_options_new();
  char* msg = NULL;
  size_t len = 0;
  int rc;
  static const char bytes[] = {'\0', '\xFF', 'a'};
  mailtokit_draft_add_recipients(d, MAILTOKIT_TO, LIT("boss@example.org"), NULL);
  CHECK(mailtokit_draft_add_attachment(d, LIT("Bericht \xC3\xBC" "ber.pdf"), LIT("application/pdf"), bytes, sizeof bytes,
                                       &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_add_attachment(d, NULL, 0, NULL, 0, NULL, 0, &err) == MAILTOKIT_OK); /* empty, unnamed */
  rc = mailtokit_draft_add_attachment(d, LIT("a\xC3"), NULL, 0, NULL, 0, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_UTF8_TRUNCATED, 1);
  CHECK(mailtokit_draft_add_attachment(d, NULL, 3, NULL, 0, NULL, 0, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_add_attachment(NULL, NULL, 0, NULL, 0, NULL, 0, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_options_set_date(opt, LIT("Sun, 22 Nov 2026 10:00:00 +0000"));
  mailtokit_options_set_message_id(opt, LIT("<c-attach@example.net>"));
  CHECK(mailtokit_compose(d, opt, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(contains(msg, len, "Content-Type: multipart/mixed;\r\n boundary=\"=_mailtokit_mixed_0\"\r\n"));
  CHECK(contains(msg, len, "Content-Type: application/pdf;\r\n name*=UTF-8''Bericht%20%C3%BCber.pdf\r\n"));
  CHECK(contains(msg, len, "filename*=UTF-8''Bericht%20%C3%BCber.pdf\r\n"));
  CHECK(contains(msg, len, "\r\n\r\nAP9h\r\n--=_mailtokit_mixed_0\r\nContent-Type: application/octet-stream\r\n"));
  CHECK(contains(msg, len, "\r\n--=_mailtokit_mixed_0--\r\n"));
  mailtokit_free(msg);
  /* A control in a name fails at compose time. */
  CHECK(mailtokit_draft_add_attachment(d, LIT("x\ty\r\n"), NULL, 0, NULL, 0, &err) == MAILTOKIT_OK);
  rc = mailtokit_compose(d, opt, &msg, &len, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_HEADER_INJECTION, 3);
  mailtokit_options_free(opt);
  mailtokit_draft_free(d);
}

int main(void) {
  test_setters();
  test_build_round_trip();
  test_compose();
  test_attachment();
  return check_summary();
}
