/* C API: mailtokit_read_message, a saved draft back into a draft: compose -> read round trips,
 * the header policy applied to a message's fields, RFC 2047 and transfer decoding, bad input. */
#include "check.h"

#define LIT(s) s, (sizeof(s) - 1)

static void test_round_trip(void) {
  static const char link[] =
      "mailto:user@%E7%B4%8D%E8%B1%86.example.org?cc=bob@example.com&subject=caf%C3%A9&body=line%201%0D%0Aline%202"
      "&In-Reply-To=%3C3469A91.D10AF4C@example.com%3E";
  mailtokit_error err;
  mailtokit_draft *d = NULL, *back = (mailtokit_draft*)1;
  mailtokit_address a;
  mailtokit_str s, name, value;
  char* msg = NULL;
  size_t len = 0;

  CHECK(mailtokit_parse(link, sizeof link - 1, NULL, &d, &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_set_from(d, LIT("Jane <jane@example.net>"), &err) == MAILTOKIT_OK);
  CHECK(mailtokit_compose(d, NULL, &msg, &len, &err) == MAILTOKIT_OK);
  CHECK(mailtokit_read_message(msg, len, NULL, &back, &err) == MAILTOKIT_OK && err.code == MAILTOKIT_OK);
  mailtokit_free(msg);
  if (!back) return;
  /* What was composed comes back: the domain (sent as A-labels) in both forms, the RFC 2047
   * subject decoded, the body with CRLF, the kept header, From. */
  CHECK(mailtokit_draft_recipient(back, MAILTOKIT_TO, 0, &a) == MAILTOKIT_OK);
  CHECK_STR(a.local_part, "user");
  CHECK_STR(a.domain_ascii, "xn--99zt52a.example.org");
  CHECK(mailtokit_draft_recipient(back, MAILTOKIT_CC, 0, &a) == MAILTOKIT_OK);
  CHECK_STR(a.local_part, "bob");
  CHECK(mailtokit_draft_subject(back, &s) == 1);
  CHECK_STR(s, "caf\xC3\xA9");
  CHECK(mailtokit_draft_body(back, &s) == 1);
  CHECK_STR(s, "line 1\r\nline 2");
  CHECK(mailtokit_draft_header_count(back) == 1);
  CHECK(mailtokit_draft_header(back, 0, &name, &value) == MAILTOKIT_OK);
  CHECK_STR(value, "<3469A91.D10AF4C@example.com>");
  CHECK(mailtokit_draft_from(back, &a) == 1);
  CHECK_STR(a.local_part, "jane");
  CHECK(mailtokit_draft_dropped_count(back) == 0);
  mailtokit_draft_free(back);
  mailtokit_draft_free(d);
}

static void test_policy_and_decoding(void) {
  /* A hand-written message: folded RFC 2047 subject (RFC 5322 section 3.2.2 unfolding, RFC 2047
   * section 6.2 white space between encoded words), a quoted-printable ISO-8859-1 body, and a
   * field the default policy does not keep. */
  static const char eml[] =
      "To: Ann <ann@example.org>\r\n"
      "Subject: =?iso-8859-1?Q?caf=E9?=\r\n"
      " =?utf-8?B?IGNyw6htZQ==?=\r\n"
      "X-Tracking: 12345\r\n"
      "MIME-Version: 1.0\r\n"
      "Content-Type: text/plain; charset=iso-8859-1\r\n"
      "Content-Transfer-Encoding: quoted-printable\r\n"
      "\r\n"
      "caf=E9 =\r\n"
      "cr=E8me\r\n";
  mailtokit_error err;
  mailtokit_draft* d = NULL;
  mailtokit_options* opt = mailtokit_options_new();
  mailtokit_address a;
  mailtokit_str s, name;
  CHECK(mailtokit_read_message(eml, sizeof eml - 1, NULL, &d, &err) == MAILTOKIT_OK);
  if (d) {
    CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 0, &a) == MAILTOKIT_OK);
    CHECK_STR(a.display_name, "Ann");
    CHECK(mailtokit_draft_subject(d, &s) == 1);
    CHECK_STR(s, "caf\xC3\xA9 cr\xC3\xA8me");
    CHECK(mailtokit_draft_body(d, &s) == 1);
    CHECK(s.len >= 11 && memcmp(s.data, "caf\xC3\xA9 cr\xC3\xA8me", 11) == 0);
    CHECK(mailtokit_draft_dropped_count(d) == 1);
    CHECK(mailtokit_draft_dropped(d, 0, &name, NULL, NULL) == MAILTOKIT_OK);
    CHECK(name.len == 10 && (memcmp(name.data, "X-Tracking", 10) == 0 || memcmp(name.data, "x-tracking", 10) == 0));
    mailtokit_draft_free(d);
  }
  /* The options' policy applies to messages too: dropping "subject" moves it to dropped. */
  mailtokit_options_drop(opt, LIT("subject"));
  CHECK(mailtokit_read_message(eml, sizeof eml - 1, opt, &d, &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_subject(d, &s) == 0);
  CHECK(mailtokit_draft_dropped_count(d) == 2);
  mailtokit_draft_free(d);
  /* Limits. */
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_MESSAGE_INPUT, 20);
  CHECK(mailtokit_read_message(eml, sizeof eml - 1, opt, &d, &err) == MAILTOKIT_E_INPUT_TOO_LONG && d == NULL);
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_MESSAGE_INPUT, 1000);
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_MESSAGE_FIELDS, 2);
  CHECK(mailtokit_read_message(eml, sizeof eml - 1, opt, &d, &err) == MAILTOKIT_E_TOO_MANY_HFIELDS && d == NULL);
  /* A header line over MAILTOKIT_LIMIT_MESSAGE_LINE octets: refused at the first octet past it;
   * a field over MAILTOKIT_LIMIT_MESSAGE_FIELD, its folded lines together, likewise. */
  mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_MESSAGE_FIELDS, 1000);
  CHECK(mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_MESSAGE_LINE, 10) == MAILTOKIT_OK);
  {
    static const char long_line[] = "Subject: 0123456789\r\n\r\nx\r\n";
    static const char folded[] = "S: 0123\r\n 4567\r\n 89ab\r\n\r\nx\r\n";
    CHECK(mailtokit_read_message(long_line, sizeof long_line - 1, opt, &d, &err) == MAILTOKIT_E_MESSAGE_MALFORMED);
    CHECK(d == NULL && err.offset == 10);
    CHECK(mailtokit_options_set_limit(opt, MAILTOKIT_LIMIT_MESSAGE_FIELD, 15) == MAILTOKIT_OK);
    CHECK(mailtokit_read_message(folded, sizeof folded - 1, opt, &d, &err) == MAILTOKIT_E_INPUT_TOO_LONG);
    CHECK(d == NULL && err.offset == 15);
  }
  mailtokit_options_free(opt);
}

static void test_bad_input(void) {
  mailtokit_error err;
  mailtokit_draft* d = (mailtokit_draft*)1;
  int rc;
  /* RFC 5322 section 2.2: a header line must be a field ("name:"); the error is on that line. */
  rc = mailtokit_read_message(LIT("To: a@example.org\r\nnot a header\r\n\r\nbody\r\n"), NULL, &d, &err);
  CHECK(rc == MAILTOKIT_E_MESSAGE_MALFORMED && err.code == rc && d == NULL);
  CHECK(err.offset >= 19 && err.offset < 31);
  /* RFC 2045 section 6.8: "!" is not in the base64 alphabet. */
  rc = mailtokit_read_message(LIT("To: a@example.org\r\nContent-Transfer-Encoding: base64\r\n\r\nYW!j\r\n"), NULL, &d,
                              &err);
  CHECK(rc == MAILTOKIT_E_BODY_MALFORMED && err.code == rc && d == NULL);
  /* Raw header bytes that are not UTF-8: an overlong at byte 12. */
  rc = mailtokit_read_message(LIT("Subject: abc\xC0\xAF\r\n\r\n"), NULL, &d, &err);
  CHECK_ERROR(rc, err, MAILTOKIT_E_UTF8_OVERLONG, 12);
  CHECK(mailtokit_read_message(NULL, 4, NULL, &d, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_read_message(LIT("To: a@example.org\r\n\r\n"), NULL, NULL, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
}

int main(void) {
  test_round_trip();
  test_policy_and_decoding();
  test_bad_input();
  return check_summary();
}
