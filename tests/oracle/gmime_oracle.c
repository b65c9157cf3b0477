/* Oracle: read an RFC 5322 message with GMime 3 and print what a mail client would see, as one
 * JSON object: the decoded subject, every address (display name, address, IDN address), the
 * body text converted to UTF-8, and every top-level header field (name, decoded value).
 * Usage: gmime_oracle FILE.eml  (exit 2 when the file cannot be read or parsed). */
#include <gmime/gmime.h>
#include <stdio.h>
#include <string.h>

static void put_string(const char* s) {
  if (s == NULL) {
    fputs("null", stdout);
    return;
  }
  putchar('"');
  for (const unsigned char* p = (const unsigned char*)s; *p; ++p) {
    if (*p == '"' || *p == '\\') {
      putchar('\\');
      putchar(*p);
    } else if (*p < 0x20 || *p == 0x7F) {
      printf("\\u%04x", *p);
    } else {
      putchar(*p);
    }
  }
  putchar('"');
}

/* Text with embedded NUL bytes (a body): length-delimited. */
static void put_bytes(const char* s, size_t n) {
  putchar('"');
  for (size_t i = 0; i < n; ++i) {
    const unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') {
      putchar('\\');
      putchar(c);
    } else if (c < 0x20 || c == 0x7F) {
      printf("\\u%04x", c);
    } else {
      putchar(c);
    }
  }
  putchar('"');
}

static void put_list(const char* key, InternetAddressList* list) {
  printf(",\n \"%s\": [", key);
  const int n = list ? internet_address_list_length(list) : 0;
  for (int i = 0; i < n; ++i) {
    InternetAddress* ia = internet_address_list_get_address(list, i);
    printf("%s{\"name\": ", i ? ", " : "");
    put_string(internet_address_get_name(ia));
    if (INTERNET_ADDRESS_IS_MAILBOX(ia)) {
      InternetAddressMailbox* mb = INTERNET_ADDRESS_MAILBOX(ia);
      fputs(", \"addr\": ", stdout);
      put_string(internet_address_mailbox_get_addr(mb));
      fputs(", \"idn_addr\": ", stdout);
      put_string(internet_address_mailbox_get_idn_addr(mb));
    } else {
      fputs(", \"group\": true", stdout);
    }
    putchar('}');
  }
  putchar(']');
}

static void put_headers(const char* key, GMimeObject* object) {
  GMimeHeaderList* headers = g_mime_object_get_header_list(object);
  printf(",\n \"%s\": [", key);
  const int count = g_mime_header_list_get_count(headers);
  for (int i = 0; i < count; ++i) {
    GMimeHeader* h = g_mime_header_list_get_header_at(headers, i);
    fputs(i ? ", [" : "[", stdout);
    put_string(g_mime_header_get_name(h));
    fputs(", ", stdout);
    put_string(g_mime_header_get_value(h));
    putchar(']');
  }
  putchar(']');
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: gmime_oracle FILE.eml\n");
    return 2;
  }
  g_mime_init();
  GMimeStream* stream = g_mime_stream_file_open(argv[1], "rb", NULL);
  if (stream == NULL) {
    fprintf(stderr, "cannot open %s\n", argv[1]);
    return 2;
  }
  GMimeParser* parser = g_mime_parser_new_with_stream(stream);
  g_object_unref(stream);
  GMimeMessage* message = g_mime_parser_construct_message(parser, NULL);
  g_object_unref(parser);
  if (message == NULL) {
    fprintf(stderr, "GMime could not parse %s\n", argv[1]);
    return 2;
  }
  fputs("{\"subject\": ", stdout);
  put_string(g_mime_message_get_subject(message));
  fputs(",\n \"message_id\": ", stdout);
  put_string(g_mime_message_get_message_id(message));
  put_list("from", g_mime_message_get_from(message));
  put_list("to", g_mime_message_get_to(message));
  put_list("cc", g_mime_message_get_cc(message));
  put_list("bcc", g_mime_message_get_bcc(message));

  put_headers("headers", GMIME_OBJECT(message));
  GMimeObject* body = g_mime_message_get_body(message);
  if (body != NULL) put_headers("part_headers", body);
  fputs(",\n \"body\": ", stdout);
  if (body != NULL && GMIME_IS_TEXT_PART(body)) {
    GMimeContentType* ct = g_mime_object_get_content_type(body);
    /* g_mime_text_part_get_text() stops at a NUL; decode the content ourselves to keep every
     * byte, then convert from the declared charset to UTF-8 with GMime's iconv wrapper. */
    GMimeDataWrapper* content = g_mime_part_get_content(GMIME_PART(body));
    GMimeStream* mem = g_mime_stream_mem_new();
    g_mime_data_wrapper_write_to_stream(content, mem);
    GByteArray* bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
    const char* charset = g_mime_content_type_get_parameter(ct, "charset");
    char* utf8 = NULL;
    size_t utf8_len = 0;
    if (charset != NULL && g_ascii_strcasecmp(charset, "utf-8") != 0 && g_ascii_strcasecmp(charset, "us-ascii") != 0) {
      iconv_t cd = g_mime_iconv_open("UTF-8", charset);
      if (cd != (iconv_t)-1) {
        utf8 = g_mime_iconv_strndup(cd, (const char*)bytes->data, bytes->len);
        g_mime_iconv_close(cd);
        if (utf8) utf8_len = strlen(utf8);
      }
    }
    if (utf8 != NULL) {
      put_bytes(utf8, utf8_len);
      g_free(utf8);
    } else {
      put_bytes((const char*)bytes->data, bytes->len);
    }
    g_object_unref(mem);
    fputs(",\n \"content_type\": ", stdout);
    char* type = g_mime_content_type_get_mime_type(ct);
    put_string(type);
    g_free(type);
    fputs(",\n \"charset\": ", stdout);
    put_string(charset);
    fputs(",\n \"cte\": ", stdout);
    put_string(g_mime_content_encoding_to_string(g_mime_part_get_content_encoding(GMIME_PART(body))));
  } else {
    fputs("null", stdout);
  }
  fputs("}\n", stdout);
  g_object_unref(message);
  g_mime_shutdown();
  return 0;
}
