/* C API thread-safety: several threads parse, build and compose at once with one shared const
 * mailtokit_options (read-only use is documented as safe) and their own drafts, and each gets
 * the same bytes as a single-threaded run. Under ThreadSanitizer or ASan this also checks for
 * races and leaks. */
#include "check.h"

#include <pthread.h>
#include <stdlib.h>

#define THREADS 4
#define ROUNDS 200

static const char* const links[] = {
    "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
    "mailto:joe@example.com?cc=bob@example.com&body=hello",
    "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D&attach=x",
    "mailto:%22not%40me%22@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
};
#define LINKS (sizeof links / sizeof links[0])

static const mailtokit_options* shared_options;
static char* expected[LINKS];
static size_t expected_len[LINKS];

/* parse + build + compose of one link, as one string (the message after the URI). */
static char* run(const char* link, size_t* len) {
  mailtokit_draft* d = NULL;
  char *uri = NULL, *msg = NULL, *all = NULL;
  size_t ulen = 0, mlen = 0;
  if (mailtokit_parse(link, strlen(link), shared_options, &d, NULL) == MAILTOKIT_OK &&
      mailtokit_build(d, shared_options, &uri, &ulen, NULL) == MAILTOKIT_OK &&
      mailtokit_compose(d, shared_options, &msg, &mlen, NULL) == MAILTOKIT_OK) {
    all = (char*)malloc(ulen + mlen + 1);
    if (all) {
      memcpy(all, uri, ulen);
      memcpy(all + ulen, msg, mlen + 1);
      *len = ulen + mlen;
    }
  }
  mailtokit_free(uri);
  mailtokit_free(msg);
  mailtokit_draft_free(d);
  return all;
}

static void* worker(void* arg) {
  size_t i, round, len = 0, start = (size_t)arg;
  size_t* mismatches = (size_t*)calloc(1, sizeof(size_t));
  if (!mismatches) return NULL;
  for (round = 0; round < ROUNDS; ++round) {
    i = (start + round) % LINKS;
    {
      char* got = run(links[i], &len);
      if (!got || len != expected_len[i] || memcmp(got, expected[i], len) != 0) ++*mismatches;
      free(got);
    }
  }
  return mismatches;
}

int main(void) {
  pthread_t threads[THREADS];
  mailtokit_options* opt = mailtokit_options_new();
  size_t i;
  /* Fixed Date and Message-ID so every run composes the same bytes. */
  mailtokit_options_set_date(opt, "Sun, 22 Nov 2026 10:00:00 +0000", 31);
  mailtokit_options_set_message_id(opt, "<threads@example.net>", 21);
  shared_options = opt;
  for (i = 0; i < LINKS; ++i) {
    expected[i] = run(links[i], &expected_len[i]);
    CHECK(expected[i] != NULL);
  }
  for (i = 0; i < THREADS; ++i) CHECK(pthread_create(&threads[i], NULL, worker, (void*)i) == 0);
  for (i = 0; i < THREADS; ++i) {
    void* result = NULL;
    CHECK(pthread_join(threads[i], &result) == 0);
    CHECK(result != NULL && *(size_t*)result == 0);
    free(result);
  }
  for (i = 0; i < LINKS; ++i) free(expected[i]);
  mailtokit_options_free(opt);
  return check_summary();
}
