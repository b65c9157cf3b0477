/* C API: the preview a person confirms (RFC 6068 section 7), as text and as JSON. The checks
 * are about what the RFC asks a user to be shown: hidden recipients, dropped fields, bidi
 * controls made visible (RFC 3987 section 4.1), mixed-script look-alike domains (UTS #39). */
#include "check.h"

#define LIT(s) s, (sizeof(s) - 1)

static mailtokit_draft* parse(const char* uri, size_t len) {
  mailtokit_draft* d = NULL;
  mailtokit_error err;
  CHECK(mailtokit_parse(uri, len, NULL, &d, &err) == MAILTOKIT_OK);
  return d;
}

int main(void) {
  mailtokit_error err;
  mailtokit_draft* d;
  char* out = NULL;
  size_t len = 0;

  /* A hidden recipient and a file-access field: both must be in front of the user. */
  d = parse(LIT("mailto:joe@example.com?bcc=spy@example.org&attach=%2Fetc%2Fpasswd&subject=hello"));
  CHECK(mailtokit_preview_text(d, &out, &len, &err) == MAILTOKIT_OK && err.code == MAILTOKIT_OK);
  CHECK(out != NULL && out[len] == '\0' && strlen(out) == len);
  CHECK(contains(out, len, "spy@example.org"));
  CHECK(contains(out, len, "joe@example.com"));
  CHECK(contains(out, len, "/etc/passwd"));
  CHECK(contains(out, len, "hello"));
  mailtokit_free(out);
  CHECK(mailtokit_preview_json(d, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(out[0] == '{' && out[len - 1] == '}');
  CHECK(contains(out, len, "\"findings\":["));
  CHECK(contains(out, len, "\"hidden_recipients\""));
  CHECK(contains(out, len, "\"attach\""));
  mailtokit_free(out);
  mailtokit_draft_free(d);

  /* U+202E RIGHT-TO-LEFT OVERRIDE in the subject is shown as "<U+202E>", never applied. */
  d = parse(LIT("mailto:joe@example.com?subject=invoice%E2%80%AEfdp.exe"));
  CHECK(mailtokit_preview_text(d, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(contains(out, len, "<U+202E>"));
  CHECK(!contains(out, len, "\xE2\x80\xAE"));
  mailtokit_free(out);
  CHECK(mailtokit_preview_json(d, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(contains(out, len, "\"bidi_control\""));
  mailtokit_free(out);
  mailtokit_draft_free(d);

  /* UTS #39: "apple.com" with a Cyrillic U+0430 for the "a" mixes scripts in one label. */
  d = parse(LIT("mailto:admin@%D0%B0pple.com"));
  CHECK(mailtokit_preview_json(d, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(contains(out, len, "\"mixed_script\"") || contains(out, len, "\"confusable\""));
  mailtokit_free(out);
  mailtokit_draft_free(d);

  /* What a mail program will not be given: a name Roundcube reads as "boss@evil.example, y"
   * and a subject that Thunderbird decodes into a second line. An embedder is told the same as
   * the user of `mailtokit open`. */
  d = parse(LIT("mailto:?to=%22boss%26%2364evil%26%2346example%26%2344%20y%22%20%3Cc%40example.org%3E"
                "&subject=%3D%3Futf-8%3Fb%3FPT91dGYtOD9xP0ludm9pY2U9MEFCY2M6PTIwYm9zc0BldmlsLmV4YW1wbGU%2FPQ%3D%3D%3F%3D"));
  CHECK(mailtokit_preview_json(d, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(contains(out, len, "\"handover_name_taken_off\""));
  CHECK(contains(out, len, "\"handover_text_defused\""));
  mailtokit_free(out);
  CHECK(mailtokit_preview_text(d, &out, &len, &err) == MAILTOKIT_OK);
  CHECK(contains(out, len, "[handover_name_taken_off]"));
  mailtokit_free(out);
  mailtokit_draft_free(d);

  /* Bad arguments clear the outputs. */
  out = (char*)1;
  len = 4;
  CHECK(mailtokit_preview_text(NULL, &out, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  CHECK(out == NULL && len == 0 && err.code == MAILTOKIT_E_INVALID_ARGUMENT);
  d = mailtokit_draft_new();
  CHECK(mailtokit_preview_json(d, NULL, &len, &err) == MAILTOKIT_E_INVALID_ARGUMENT);
  /* An empty draft previews fine. */
  CHECK(mailtokit_preview_text(d, &out, NULL, &err) == MAILTOKIT_OK && out != NULL);
  mailtokit_free(out);
  mailtokit_draft_free(d);
  return check_summary();
}
