// Oracle: parse an RFC 5322 message with mimetic (the MIME library mailtokit depends on) and
// print, as one JSON object, every top-level header field (name and raw value, as mimetic splits
// them) and the body decoded with mimetic's own quoted-printable or base64 decoder. mimetic has
// no RFC 2047 support, so header values are not decoded: this oracle counts and names fields
// (header injection) and checks the body. Usage: mimetic_oracle FILE.eml
#include <mimetic/mimetic.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace {

void put_string(const std::string& s) {
  std::putchar('"');
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      std::putchar('\\');
      std::putchar(c);
    } else if (c < 0x20 || c == 0x7F) {
      std::printf("\\u%04x", c);
    } else {
      std::putchar(c);
    }
  }
  std::putchar('"');
}

bool iequals(const std::string& a, const char* b) {
  std::size_t i = 0;
  for (; i < a.size() && b[i]; ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return i == a.size() && !b[i];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: mimetic_oracle FILE.eml\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot open %s\n", argv[1]);
    return 2;
  }
  const std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    mimetic::MimeEntity me(raw.begin(), raw.end());
    std::fputs("{\"headers\": [", stdout);
    bool first = true;
    std::string cte;
    for (const mimetic::Field& f : me.header()) {
      std::fputs(first ? "[" : ", [", stdout);
      first = false;
      const std::string name(f.name().begin(), f.name().end());
      put_string(name);
      std::fputs(", ", stdout);
      put_string(f.value());
      std::putchar(']');
      if (iequals(name, "Content-Transfer-Encoding")) cte = f.value();
    }
    std::fputs("],\n \"body\": ", stdout);
    const std::string& body = me.body();
    std::string decoded;
    if (iequals(cte, "quoted-printable")) {
      mimetic::QP::Decoder qp;
      mimetic::decode(body.begin(), body.end(), qp, std::back_inserter(decoded));
    } else if (iequals(cte, "base64")) {
      mimetic::Base64::Decoder b64;
      mimetic::decode(body.begin(), body.end(), b64, std::back_inserter(decoded));
    } else {
      decoded = body;
    }
    put_string(decoded);
    std::fputs("}\n", stdout);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mimetic: %s\n", e.what());
    return 2;
  }
  return 0;
}
