/**
 * @file
 * Feed mailto: links to NeoMutt's mutt_parse_mailto() and check the Envelope
 *
 * Built inside a NeoMutt source tree, next to its unit tests (run.sh copies it
 * to test/mailto_harness.c and links it like test/neomutt-test).  It reads
 * links from the file named by $MAILTO_LINKS (NUL-separated), and for each:
 *
 * - with $mailto_allow "*" plus names a link must never set ("attach", "from",
 *   ...): no Attach-like or originator field, no line break in any header
 *   value, an LF-only body; the Envelope is written as one JSON line to the
 *   file named by $MAILTO_OUT, for run.sh to compare its recipients with
 *   `mailtokit inspect --json`
 * - with NeoMutt's default $mailto_allow: the same checks, no Bcc and no
 *   user-defined header
 *
 * Totals go to stdout; each failed check to stderr.
 */

#include "config.h"
#define TEST_INIT test_init()
#define TEST_FINI test_fini()
void test_init(void);
void test_fini(void);
#include "acutest.h"
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mutt/lib.h"
#include "address/lib.h"
#include "config/lib.h"
#include "core/lib.h"
#include "email/lib.h"

bool config_init_email(struct ConfigSet *cs);

/* Config of NeoMutt's main program that parsing a header reads */
static struct ConfigDef HarnessVars[] = {
  // clang-format off
  { "weed", DT_BOOL, true, 0, NULL, NULL },
  { NULL },
  // clang-format on
};

static size_t Links = 0;
static size_t Parsed = 0;
static size_t Failures = 0;
static size_t WithNotes = 0;

static void fail(size_t idx, const char *pass, const char *what, const char *text)
{
  Failures++;
  fprintf(stderr, "link %zu (%s): %s: %s\n", idx, pass, what, NONULL(text));
}

static bool has_break(const char *s)
{
  return s && strpbrk(s, "\r\n");
}

static void check_text(size_t idx, const char *pass, const char *what, const char *s)
{
  if (has_break(s))
    fail(idx, pass, what, "line break in a header value");
}

static void check_addrlist(size_t idx, const char *pass, const char *what,
                           struct AddressList *al)
{
  struct Address *a = NULL;
  TAILQ_FOREACH(a, al, entries)
  {
    check_text(idx, pass, what, buf_string(a->personal));
    check_text(idx, pass, what, buf_string(a->mailbox));
  }
}

static void check_list(size_t idx, const char *pass, const char *what, struct ListHead *h)
{
  struct ListNode *np = NULL;
  STAILQ_FOREACH(np, h, entries)
  {
    check_text(idx, pass, what, np->data);
  }
}

/* A header a link may never set: files and resources, originator, trace, MIME */
static bool forbidden_header(const char *hdr)
{
  static const char *const contains[] = { "attach", "insert", "include", "file" };
  static const char *const names[] = {
    "from",        "sender",        "reply-to",         "return-path",
    "received",    "message-id",    "date",             "mail-followup-to",
    "delivered-to", "errors-to",    "x-original-to",    "resent-from",
    "mime-version", "bcc",
  };

  char name[256] = { 0 };
  const char *colon = strchr(hdr, ':');
  size_t len = colon ? (size_t) (colon - hdr) : strlen(hdr);
  if (len >= sizeof(name))
    len = sizeof(name) - 1;
  for (size_t i = 0; i < len; i++)
    name[i] = (char) tolower((unsigned char) hdr[i]);

  for (size_t i = 0; i < countof(contains); i++)
    if (strstr(name, contains[i]))
      return true;
  for (size_t i = 0; i < countof(names); i++)
    if (mutt_str_equal(name, names[i]))
      return true;
  return mutt_str_startswith(name, "content-");
}

static void check_envelope(size_t idx, const char *pass, struct Envelope *env, const char *body)
{
  if (!TAILQ_EMPTY(&env->from) || !TAILQ_EMPTY(&env->sender) ||
      !TAILQ_EMPTY(&env->reply_to) || !TAILQ_EMPTY(&env->return_path) ||
      !TAILQ_EMPTY(&env->mail_followup_to) || !TAILQ_EMPTY(&env->x_original_to))
  {
    fail(idx, pass, "originator", "an originator address list is set");
  }
  if (env->message_id || env->date || env->supersedes)
    fail(idx, pass, "originator", "Message-ID, Date or Supersedes is set");

  check_addrlist(idx, pass, "to", &env->to);
  check_addrlist(idx, pass, "cc", &env->cc);
  check_addrlist(idx, pass, "bcc", &env->bcc);
  check_text(idx, pass, "subject", env->subject);
  check_text(idx, pass, "x-label", env->x_label);
  check_text(idx, pass, "organization", env->organization);
  check_list(idx, pass, "in-reply-to", &env->in_reply_to);
  check_list(idx, pass, "references", &env->references);
  check_list(idx, pass, "userhdrs", &env->userhdrs);

  struct ListNode *np = NULL;
  STAILQ_FOREACH(np, &env->userhdrs, entries)
  {
    if (forbidden_header(np->data))
      fail(idx, pass, "forbidden header", np->data);
  }

  if (body && strchr(body, '\r'))
    fail(idx, pass, "body", "CR in the body (NeoMutt keeps text with LF)");
}

static void json_str(FILE *fp, const char *s)
{
  if (!s)
  {
    fputs("null", fp);
    return;
  }
  fputc('"', fp);
  for (const unsigned char *p = (const unsigned char *) s; *p; p++)
  {
    if ((*p == '"') || (*p == '\\'))
      fprintf(fp, "\\%c", *p);
    else if (*p < 0x20)
      fprintf(fp, "\\u%04x", *p);
    else
      fputc(*p, fp);
  }
  fputc('"', fp);
}

static void json_addrlist(FILE *fp, const char *key, struct AddressList *al)
{
  fprintf(fp, ",\"%s\":[", key);
  struct Address *a = NULL;
  bool first = true;
  TAILQ_FOREACH(a, al, entries)
  {
    fputs(first ? "[" : ",[", fp);
    first = false;
    json_str(fp, a->personal ? buf_string(a->personal) : NULL);
    fputc(',', fp);
    json_str(fp, buf_string(a->mailbox));
    fputc(']', fp);
  }
  fputc(']', fp);
}

static void json_list(FILE *fp, const char *key, struct ListHead *h)
{
  fprintf(fp, ",\"%s\":[", key);
  struct ListNode *np = NULL;
  STAILQ_FOREACH(np, h, entries)
  {
    if (np != STAILQ_FIRST(h))
      fputc(',', fp);
    json_str(fp, np->data);
  }
  fputc(']', fp);
}

static void set_allow(const char *const names[], size_t num)
{
  mutt_list_free(&MailToAllow);
  for (size_t i = 0; i < num; i++)
    mutt_list_insert_tail(&MailToAllow, mutt_str_dup(names[i]));
}

static bool parse(struct Envelope *env, char **body, const char *link, bool count)
{
#ifdef USE_MAILTOKIT
  struct Buffer *notes = buf_pool_get();
  bool ok = mutt_parse_mailto_notes(env, body, link, notes);
  if (!buf_is_empty(notes) && count)
    WithNotes++;
  check_text(Links, "notes", "notes", buf_string(notes));
  buf_pool_release(&notes);
  return ok;
#else
  (void) count;
  return mutt_parse_mailto(env, body, link);
#endif
}

static void test_mailto_harness(void)
{
  /* "*" allows what libmailtokit allows; the rest must stay refused */
  static const char *const all[] = { "*",      "attach",   "from",
                                     "sender", "reply-to", "return-path",
                                     "date",   "message-id" };
  /* NeoMutt's defaults (main.c) */
  static const char *const defaults[] = { "body", "subject", "cc", "in-reply-to", "references" };

  /* The unit tests' config lacks $reply_regex and $weed, which parsing headers needs */
  if (!TEST_CHECK(config_init_email(NeoMutt->sub->cs) &&
                  cs_register_variables(NeoMutt->sub->cs, HarnessVars)))
  {
    return;
  }

  const char *in = mutt_str_getenv("MAILTO_LINKS");
  const char *out = mutt_str_getenv("MAILTO_OUT");
  if (!TEST_CHECK(in && out))
  {
    TEST_MSG("Set MAILTO_LINKS and MAILTO_OUT");
    return;
  }
  FILE *fp_in = fopen(in, "r");
  FILE *fp_out = fopen(out, "w");
  if (!TEST_CHECK(fp_in && fp_out))
    return;

  char *link = NULL;
  size_t size = 0;
  ssize_t len;
  while ((len = getdelim(&link, &size, '\0', fp_in)) > 0)
  {
    if (link[len - 1] != '\0')
      break; /* the file ends with a NUL */
    Links++;

    struct Envelope *env = mutt_env_new();
    char *body = NULL;
    set_allow(all, countof(all));
    bool ok = parse(env, &body, link, true);
    if (ok)
      Parsed++;
    check_envelope(Links, "allow *", env, body);
    fprintf(fp_out, "{\"i\":%zu,\"ok\":%s", Links, ok ? "true" : "false");
    json_addrlist(fp_out, "to", &env->to);
    json_addrlist(fp_out, "cc", &env->cc);
    json_addrlist(fp_out, "bcc", &env->bcc);
    fputs(",\"subject\":", fp_out);
    json_str(fp_out, env->subject);
    fputs(",\"body\":", fp_out);
    json_str(fp_out, body);
    json_list(fp_out, "in_reply_to", &env->in_reply_to);
    json_list(fp_out, "references", &env->references);
    json_list(fp_out, "userhdrs", &env->userhdrs);
    fputs("}\n", fp_out);
    FREE(&body);
    mutt_env_free(&env);

    env = mutt_env_new();
    set_allow(defaults, countof(defaults));
    parse(env, &body, link, false);
    check_envelope(Links, "defaults", env, body);
    if (!TAILQ_EMPTY(&env->bcc))
      fail(Links, "defaults", "bcc", "Bcc set, not in $mailto_allow");
    if (!STAILQ_EMPTY(&env->userhdrs))
      fail(Links, "defaults", "userhdrs", STAILQ_FIRST(&env->userhdrs)->data);
    FREE(&body);
    mutt_env_free(&env);
  }
  FREE(&link);
  fclose(fp_in);
  fclose(fp_out);
  mutt_list_free(&MailToAllow);

  printf("harness: %zu links, %zu parsed, %zu refused, %zu with notes, %zu failed checks\n",
         Links, Parsed, Links - Parsed, WithNotes, Failures);
  TEST_CHECK(Failures == 0);
}

TEST_LIST = {
  { "test_mailto_harness", test_mailto_harness },
  { NULL, NULL },
};
