#include "clients/common.hpp"

#include "mailtokit/chars.hpp"
#include "mailtokit/percent.hpp"

namespace mailtokit::clients::detail {

std::string ascii_form(const address& a) { return a.valid ? a.local_part + "@" + a.domain_ascii : a.original; }

std::string named(const address& a, std::string spec) {
  if (!a.valid || a.display_name.empty()) return spec;
  std::string out = "\"";
  for (const char c : a.display_name) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\" <" + spec + ">";
}

std::string join_named(const std::vector<address>& list, std::string_view sep) {
  std::string out;
  for (const auto& a : list) {
    if (!out.empty()) out += sep;
    out += named(a, ascii_form(a));
  }
  return out;
}

std::string crlf_to_lf(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\r' && i + 1 < s.size() && s[i + 1] == '\n') continue;
    out += s[i];
  }
  return out;
}

void add_query(std::string& url, char& sep, std::string_view name, std::string_view value) {
  if (value.empty()) return;
  url += sep;
  sep = '&';
  url += name;
  url += '=';
  percent::encode_append(value, chars::unreserved, url);
}

}  // namespace mailtokit::clients::detail
