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

std::string mailbox(const address& a) { return named(a, ascii_form(a)); }

std::string join_named(const std::vector<address>& list, std::string_view sep) {
  std::string out;
  for (const auto& a : list) {
    if (!out.empty()) out += sep;
    out += mailbox(a);
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

errors::result<handover> link_after(std::string_view uri, std::vector<std::string> options) {
  if (!uri.starts_with("mailto:")) return fail(errors::errc::spawn_failed, 0);
  handover h;
  h.is_uri = options.empty();
  h.args = std::move(options);
  h.args.emplace_back(uri);
  return h;
}

void add_files(handover& h, file_args how, std::string_view option, const std::vector<std::string>& files) {
  h.is_uri = false;
  std::vector<std::string> more;
  if (how == file_args::list) more.emplace_back(option);
  for (const auto& f : files) {
    if (how == file_args::joined) {
      more.push_back(std::string(option) + f);
      continue;
    }
    if (how == file_args::pairs) more.emplace_back(option);
    more.push_back(f);
  }
  const auto at = std::find(h.args.begin(), h.args.end(), "--");
  h.args.insert(at, more.begin(), more.end());
}

bool odd_spaces(std::string_view text, bool doubled) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != ' ') continue;
    const bool line_start = i == 0 || text[i - 1] == '\n';
    const bool next_space = i + 1 < text.size() && text[i + 1] == ' ';
    if (line_start || (doubled && next_space)) return true;
  }
  return false;
}

}  // namespace mailtokit::clients::detail
