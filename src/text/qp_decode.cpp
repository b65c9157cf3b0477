#include "mailtokit/qp_decode.hpp"

#include "mailtokit/percent.hpp"

namespace mailtokit::transfer {

result<void> qp_decode_append(std::string_view in, std::string& out, std::size_t base) {
  out.reserve(out.size() + in.size());
  std::size_t pos = 0;
  while (pos < in.size()) {
    // One line: [pos, end) and its line break [end, next).
    std::size_t end = in.find_first_of("\r\n", pos);
    std::size_t next = end;
    if (end == in.npos) {
      end = next = in.size();
    } else {
      next = end + ((in[end] == '\r' && end + 1 < in.size() && in[end + 1] == '\n') ? 2 : 1);
    }
    // Rule 3: "any trailing white space on a line must be deleted".
    std::size_t stop = end;
    while (stop > pos && (in[stop - 1] == ' ' || in[stop - 1] == '\t')) --stop;
    // Rule 5: "an equal sign as the last character on a encoded line indicates [...] a soft line break".
    const bool soft = stop > pos && in[stop - 1] == '=';
    std::size_t i = pos;
    const std::size_t text_end = soft ? stop - 1 : stop;
    while (i < text_end) {
      const char c = in[i];
      if (c != '=') {
        out += c;
        ++i;
        continue;
      }
      // Rule 1: "=" followed by two hexadecimal digits.
      const int hi = i + 2 < text_end ? percent::hex_value(in[i + 1]) : -1;
      const int lo = hi >= 0 ? percent::hex_value(in[i + 2]) : -1;
      if (hi < 0 || lo < 0) return fail(errc::body_malformed, base + i);
      out += static_cast<char>(hi * 16 + lo);
      i += 3;
    }
    if (!soft && next != end) out += "\r\n";
    pos = next;
  }
  return {};
}

}  // namespace mailtokit::transfer
