// Oracle test driver for attachments: compose drafts carrying files (tests/oracle/README.md) with
// the real library and write, for each case N, OUTDIR/attach-N.eml and the inputs the readers
// must give back: OUTDIR/attach-N.json (body, and each file's name and type) and
// OUTDIR/attach-N.K.bin (each file's bytes, written from the input, not from our output).
// Usage: attach_driver OUTDIR
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "mailtokit/compose.hpp"

using namespace mailtokit;

namespace {

bool write_file(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}

// JSON string of UTF-8 text (the names and bodies here hold no control other than CR and LF).
std::string json(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\r') {
      out += "\\r";
      continue;
    }
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

address mailbox(std::string local, std::string domain) {
  address a;
  a.local_part = std::move(local);
  a.domain = std::move(domain);
  a.valid = true;
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: attach_driver OUTDIR\n";
    return 64;
  }
  const std::string outdir = argv[1];
  std::string all_bytes;
  for (int i = 0; i < 256; ++i) all_bytes += static_cast<char>(i);
  std::string big;  // many base64 lines, every byte value in every position of a 3-byte group
  for (int i = 0; i < 20000; ++i) big += static_cast<char>((i * 131 + i / 256) & 0xFF);
  std::string long_name;
  for (int i = 0; i < 40; ++i) long_name += "\xC3\xA4\xE2\x82\xAC ";
  long_name += "Ende.pdf";

  std::vector<draft> cases;
  {
    draft d;  // the example: a document and a binary file with a non-ASCII name
    d.to = {mailbox("boss", "example.org")};
    d.subject = "Quarterly report";
    d.body = "Here it is.\r\n";
    d.attachments.push_back(
        {"report.odt", "application/vnd.oasis.opendocument.text", "PK\x03\x04 not really a zip\n"});
    d.attachments.push_back(
        {"Bericht \xC3\xBC"
         "ber \xC3\x84.pdf",
         "application/pdf", all_bytes});
    cases.push_back(d);
  }
  {
    draft d;  // no body, a long non-ASCII name (RFC 2231 continuations), a large binary file
    d.attachments.push_back({long_name, "application/pdf", big});
    cases.push_back(d);
  }
  {
    draft d;  // a UTF-8 body in quoted-printable, names with tspecials, an empty file, no name
    d.body =
        "Gr\xC3\xBC\xC3\x9F"
        "e,\r\nanbei die Dateien.\r\n";
    d.attachments.push_back({"a;b=c \"quoted\" (x).txt", "text/plain", "line one\r\nline two\r\n"});
    d.attachments.push_back({"empty.bin", "", ""});
    d.attachments.push_back({"", "application/octet-stream", std::string("\0\r\n\r\n--", 7)});
    d.attachments.push_back({"\xE6\x8A\xA5\xE5\x91\x8A.txt", "text/plain", "\xE6\x8A\xA5\xE5\x91\x8A\n"});
    cases.push_back(d);
  }
  {
    draft d;  // a 7bit body holding the first boundaries the composer would try
    d.body = "--=_mailtokit_mixed_0\r\n--=_mailtokit_mixed_1--\r\n";
    d.attachments.push_back({"x.bin", "", all_bytes});
    cases.push_back(d);
  }

  compose_options o;
  o.date = "Wed, 25 Nov 2026 10:00:00 +0000";
  o.message_id = "<attach@example.net>";
  for (std::size_t n = 0; n < cases.size(); ++n) {
    const draft& d = cases[n];
    auto m = compose(d, o);
    const std::string base = outdir + "/attach-" + std::to_string(n);
    if (!m) {
      std::cerr << base << ": compose failed: " << to_name(m.error().code) << '\n';
      return 1;
    }
    std::string manifest = "{\"body\": " + json(d.body.value_or("")) + ", \"files\": [";
    for (std::size_t k = 0; k < d.attachments.size(); ++k) {
      const attachment& a = d.attachments[k];
      manifest += (k ? ", " : "") + std::string("{\"name\": ") + json(a.filename) + ", \"type\": " +
                  json(a.content_type.empty() ? "application/octet-stream" : a.content_type) + "}";
      if (!write_file(base + "." + std::to_string(k) + ".bin", a.data)) return 1;
    }
    manifest += "]}\n";
    if (!write_file(base + ".eml", *m) || !write_file(base + ".json", manifest)) return 1;
    std::cout << base << '\n';
  }
  return 0;
}
