/* C API: what a mail client that reads links through the library needs besides parsing (found
 * by putting NeoMutt's mutt_parse_mailto() on it, tests/adopters/neomutt/): the user's own list
 * of accepted fields intersected with the header policy (mailtokit_options_drop_all() then
 * mailtokit_options_keep()), and the body with the client's LF line ends
 * (mailtokit_draft_body_text()). */
#include <stdlib.h>

#include "check.h"

static const char sample_link[] =
    "mailto:ann@example.org?to=bob@example.org&cc=cy@example.org&bcc=di@example.org"
    "&subject=Hi&body=one%0D%0Atwo&keywords=k&in-reply-to=%3Ca@b%3E&references=%3Ca@b%3E"
    "&x-campaign=1&attach=/etc/passwd&from=eve@example.org";

static mailtokit_draft* parse(const mailtokit_options* opt) {
  mailtokit_draft* d = NULL;
  mailtokit_error err;
  CHECK(mailtokit_parse(sample_link, sizeof sample_link - 1, opt, &d, &err) == MAILTOKIT_OK);
  return d;
}

/* Dropped field `name` is in the draft's dropped list. */
static int dropped(const mailtokit_draft* d, const char* name) {
  size_t i, n = mailtokit_draft_dropped_count(d);
  mailtokit_str s;
  for (i = 0; i < n; ++i)
    if (mailtokit_draft_dropped(d, i, &s, NULL, NULL) == MAILTOKIT_OK && strcmp(s.data, name) == 0) return 1;
  return 0;
}

static void test_drop_all(void) {
  mailtokit_options* opt = mailtokit_options_new();
  mailtokit_draft* d;
  mailtokit_address a;
  mailtokit_str s;
  CHECK(mailtokit_options_drop_all(NULL) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_options_drop_all(opt) == MAILTOKIT_OK);

  /* Nothing kept: every field dropped with a reason, the path's address still To. */
  d = parse(opt);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_TO) == 1);
  CHECK(mailtokit_draft_recipient(d, MAILTOKIT_TO, 0, &a) == MAILTOKIT_OK);
  CHECK_STR(a.local_part, "ann");
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_CC) == 0);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_BCC) == 0);
  CHECK(mailtokit_draft_subject(d, NULL) == 0);
  CHECK(mailtokit_draft_body(d, NULL) == 0);
  CHECK(mailtokit_draft_header_count(d) == 0);
  CHECK(mailtokit_draft_dropped_count(d) == 11);
  CHECK(dropped(d, "to") && dropped(d, "subject") && dropped(d, "references") && dropped(d, "attach"));
  mailtokit_draft_free(d);

  /* NeoMutt's default mailto_allow, one keep() per name: the intersection with the policy. "from"
   * and "attach" stay refused whatever the list says. */
  CHECK(mailtokit_options_keep(opt, "body", 4) == MAILTOKIT_OK);
  CHECK(mailtokit_options_keep(opt, "subject", 7) == MAILTOKIT_OK);
  CHECK(mailtokit_options_keep(opt, "cc", 2) == MAILTOKIT_OK);
  CHECK(mailtokit_options_keep(opt, "in-reply-to", 11) == MAILTOKIT_OK);
  CHECK(mailtokit_options_keep(opt, "references", 10) == MAILTOKIT_OK);
  CHECK(mailtokit_options_keep(opt, "from", 4) == MAILTOKIT_E_POLICY_REFUSED);
  CHECK(mailtokit_options_keep(opt, "attach", 6) == MAILTOKIT_E_POLICY_REFUSED);
  d = parse(opt);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_TO) == 1);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_CC) == 1);
  CHECK(mailtokit_draft_recipient_count(d, MAILTOKIT_BCC) == 0);
  CHECK(mailtokit_draft_subject(d, &s) == 1);
  CHECK_STR(s, "Hi");
  CHECK(mailtokit_draft_header_count(d) == 2);
  CHECK(dropped(d, "to") && dropped(d, "bcc") && dropped(d, "keywords") && dropped(d, "x-campaign"));
  CHECK(dropped(d, "attach") && dropped(d, "from"));
  CHECK(mailtokit_draft_dropped_count(d) == 6);
  mailtokit_draft_free(d);

  /* Dropping all twice changes nothing more; keep() afterwards works as on fresh options. */
  CHECK(mailtokit_options_drop_all(opt) == MAILTOKIT_OK);
  CHECK(mailtokit_options_drop_all(opt) == MAILTOKIT_OK);
  CHECK(mailtokit_options_keep(opt, "x-campaign", 10) == MAILTOKIT_OK);
  d = parse(opt);
  CHECK(d != NULL);
  CHECK(mailtokit_draft_header_count(d) == 1);
  CHECK(mailtokit_draft_dropped_count(d) == 10);
  mailtokit_draft_free(d);
  mailtokit_options_free(opt);
}

static void test_body_text(void) {
  mailtokit_draft* d = parse(NULL);
  mailtokit_error err;
  char* out = (char*)1;
  size_t len = 99;
  CHECK(d != NULL);
  CHECK(mailtokit_draft_body_text(d, 0, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(out != NULL && len == 8 && strcmp(out, "one\r\ntwo") == 0);
  mailtokit_free(out);
  CHECK(mailtokit_draft_body_text(d, MAILTOKIT_TEXT_LF, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(out != NULL && len == 7 && strcmp(out, "one\ntwo") == 0);
  CHECK(err.code == MAILTOKIT_OK);
  mailtokit_free(out);
  CHECK(mailtokit_draft_body_text(d, MAILTOKIT_TEXT_LF, &out, NULL, NULL) == MAILTOKIT_OK);
  CHECK(out != NULL && strcmp(out, "one\ntwo") == 0);
  mailtokit_free(out);

  /* Bad arguments: outputs cleared. */
  out = (char*)1;
  len = 99;
  CHECK(mailtokit_draft_body_text(d, 2, &out, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(out == NULL && len == 0 && err.code == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_body_text(NULL, 0, &out, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(mailtokit_draft_body_text(d, 0, NULL, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  mailtokit_draft_free(d);

  /* No body: OK and NULL. */
  d = NULL;
  CHECK(mailtokit_parse("mailto:a@example.org", 20, NULL, &d, &err) == MAILTOKIT_OK);
  out = (char*)1;
  CHECK(mailtokit_draft_body_text(d, MAILTOKIT_TEXT_LF, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(out == NULL && len == 0);
  mailtokit_draft_free(d);

  /* Line breaks in a link all become CRLF, then LF; a body set by the program keeps its bare CR. */
  CHECK(mailtokit_parse("mailto:a@example.org?body=a%0Ab%0Dc%0D%0Ad", 42, NULL, &d, &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_body_text(d, MAILTOKIT_TEXT_LF, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(out != NULL && strcmp(out, "a\nb\nc\nd") == 0);
  mailtokit_free(out);
  mailtokit_draft_free(d);
  d = mailtokit_draft_new();
  CHECK(mailtokit_draft_set_body(d, "x\ry\r\n", 5, &err) == MAILTOKIT_OK);
  CHECK(mailtokit_draft_body_text(d, MAILTOKIT_TEXT_LF, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(out != NULL && len == 4 && memcmp(out, "x\ry\n", 5) == 0);
  mailtokit_free(out);
  mailtokit_draft_free(d);
}

int main(void) {
  test_drop_all();
  test_body_text();
  return check_summary();
}
