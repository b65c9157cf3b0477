/* Oracle: read a multipart message with GMime 3 and give back what a mail client would attach.
 * For each leaf part in order, prints one line "DISPOSITION\tTYPE\tNAME" (NAME is
 * g_mime_part_get_filename, decoded; "-" for none) and writes the part's decoded content to
 * PREFIX.K.bin (K counts from 0). Usage: gmime_attach_oracle FILE.eml PREFIX (exit 2 when the
 * file cannot be read or parsed). */
#include <fcntl.h>
#include <gmime/gmime.h>
#include <stdio.h>
#include <string.h>

static int count = 0;
static const char* prefix = NULL;
static int failed = 0;

static void each(GMimeObject* parent, GMimeObject* part, gpointer data) {
  (void)parent;
  (void)data;
  if (!GMIME_IS_PART(part)) return;
  GMimePart* p = GMIME_PART(part);
  const char* disposition = g_mime_object_get_disposition(part);
  char* type = g_mime_content_type_get_mime_type(g_mime_object_get_content_type(part));
  const char* name = g_mime_part_get_filename(p);
  printf("%s\t%s\t%s\n", disposition ? disposition : "-", type, name ? name : "-");
  g_free(type);
  char path[4096];
  snprintf(path, sizeof path, "%s.%d.bin", prefix, count++);
  GMimeStream* out = g_mime_stream_fs_open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644, NULL);
  GMimeDataWrapper* content = g_mime_part_get_content(p);
  if (out == NULL || (content != NULL && g_mime_data_wrapper_write_to_stream(content, out) < 0)) failed = 1;
  if (out) {
    g_mime_stream_flush(out);
    g_object_unref(out);
  }
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: gmime_attach_oracle FILE.eml PREFIX\n");
    return 64;
  }
  prefix = argv[2];
  g_mime_init();
  GMimeStream* stream = g_mime_stream_fs_open(argv[1], O_RDONLY, 0, NULL);
  if (stream == NULL) return 2;
  GMimeParser* parser = g_mime_parser_new_with_stream(stream);
  g_object_unref(stream);
  GMimeMessage* message = g_mime_parser_construct_message(parser, NULL);
  g_object_unref(parser);
  if (message == NULL) return 2;
  g_mime_message_foreach(message, each, NULL);
  g_object_unref(message);
  g_mime_shutdown();
  return failed ? 2 : 0;
}
