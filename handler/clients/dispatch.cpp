#include "clients/dispatch.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>

#include "mailtokit/address.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/json.hpp"
#include "mailtokit/mailto.hpp"
#include "mailtokit/percent.hpp"
#include "clients/client.hpp"
#include "clients/common.hpp"
#include "clients/webmail.hpp"
#include "launch/process.hpp"
#include "xdg/exec_line.hpp"
#include "base/i18n.hpp"

extern char** environ;

namespace mailtokit::dispatch {

namespace {

struct target_info {
  target t;
  std::string_view program;
};

// The targets that are not mail programs (those are in handler/clients/).
constexpr std::array<target_info, 4> other_targets{{
    {target::eml, "xdg-open"},
    {target::webmail, ""},
    {target::custom, ""},
    {target::desktop, ""},
}};


// Thunderbird 153's MessengerContentHandler.handle() opens an argument ending (in any case) in
// one of these as a file instead of a link (handler/clients/README.md).
constexpr std::array<std::string_view, 6> thunderbird_file_endings{".mozeml", ".wdseml", ".eml", ".ics", ".vcf", ".msf"};

bool ends_with_nocase(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && chars::iequals(s.substr(s.size() - suffix.size()), suffix);
}


}  // namespace

std::string_view to_name(target t) noexcept { return t.name; }

std::optional<target> parse_target(std::string_view name) noexcept {
  for (const auto* c : clients::all()) {
    if (c->name == name) return c->id();
    if (std::find(c->aliases.begin(), c->aliases.end(), name) != c->aliases.end()) return c->id();
  }
  for (const auto& i : other_targets)
    if (i.t.name == name && i.t != target::desktop) return i.t;
  if (webmail::by_name(name) != nullptr) return target::webmail;
  return std::nullopt;
}

bool needs_uri(target t) noexcept {
  const auto* c = clients::by_target(t);
  return c != nullptr && c->from_link;
}
bool needs_draft_file(target t) noexcept { return t == target::eml; }
bool needs_terminal(target t) noexcept {
  const auto* c = clients::by_target(t);
  return c != nullptr && c->terminal;
}
std::string_view program(target t) noexcept {
  if (const auto* c = clients::by_target(t)) return c->programs.front();
  for (const auto& i : other_targets)
    if (i.t == t) return i.program;
  return {};
}

std::string harden_uri(std::string_view clean_uri) {
  std::string out;
  out.reserve(clean_uri.size() + 8);
  for (const char c : clean_uri) {
    if (c == '+')
      out += "%2B";
    else
      out += c;
  }
  for (const std::string_view suffix : thunderbird_file_endings) {
    if (ends_with_nocase(out, suffix)) {
      out.replace(out.size() - suffix.size(), 1, "%2E");
      break;
    }
  }
  return out;
}

namespace {
// What desktop_safe_uri() keeps besides escapes.
constexpr chars::char_class desktop_safe = chars::unreserved | chars::of("@,?&=");
}  // namespace

std::string desktop_safe_uri(std::string_view uri) {
  constexpr std::string_view scheme = "mailto:";
  std::string out(scheme);
  std::size_t i = uri.substr(0, scheme.size()) == scheme ? scheme.size() : 0;
  for (; i < uri.size(); ++i) {
    const char c = uri[i];
    const bool escape = c == '%' && i + 2 < uri.size() && chars::hexdig(uri[i + 1]) && chars::hexdig(uri[i + 2]);
    if (desktop_safe(c) || escape) {
      out += c;
      continue;
    }
    static constexpr char hex[] = "0123456789ABCDEF";
    out += '%';
    out += hex[static_cast<unsigned char>(c) >> 4];
    out += hex[static_cast<unsigned char>(c) & 15];
  }
  return out;
}

bool is_desktop_safe(std::string_view uri) noexcept {
  constexpr std::string_view scheme = "mailto:";
  if (uri.substr(0, scheme.size()) != scheme) return false;
  for (std::size_t i = scheme.size(); i < uri.size(); ++i) {
    const char c = uri[i];
    if (c == '%') {
      if (i + 2 >= uri.size() || !chars::hexdig(uri[i + 1]) || !chars::hexdig(uri[i + 2])) return false;
      i += 2;
      continue;
    }
    if (!desktop_safe(c)) return false;
  }
  return true;
}

errors::result<std::vector<std::string>> client_argv(target t, const argv_inputs& in) {
  const std::string prog(in.program.empty() ? program(t) : in.program);
  if (prog.empty() || t == target::custom || t == target::desktop) return fail(errors::errc::spawn_failed, 0);
  std::vector<std::string> argv;
  if (const auto* c = clients::by_target(t)) {
    if (c->terminal) {
      if (in.terminal.empty()) return fail(errors::errc::spawn_failed, 0);
      argv = in.terminal;
    }
    argv.push_back(prog);
    std::string uri;
    if (needs_uri(t)) {
      // The clean URI always starts with "mailto:": never an option, never a -compose spec.
      if (in.uri.size() < 7 || in.uri.substr(0, 7) != "mailto:") return fail(errors::errc::spawn_failed, 0);
      uri = harden_uri(in.uri);
    }
    auto h = c->hand({in.d, uri, in.body_file});
    if (!h) return h.error();
    if (!in.attachments.empty()) {
      if (c->attach == nullptr || in.d == nullptr) return fail(errors::errc::spawn_failed, 0);
      c->attach(*h, *in.d, in.attachments);
    }
    if (!c->direct_option.empty()) argv.emplace_back(c->direct_option);
    for (auto& a : h->args) argv.push_back(std::move(a));
    return argv;
  }
  // The draft file for xdg-open, an absolute path: starts with '/'.
  if (t != target::eml || in.draft_file.empty() || in.draft_file.front() != '/')
    return fail(errors::errc::spawn_failed, 0);
  argv.push_back(prog);
  argv.emplace_back(in.draft_file);
  return argv;
}

std::string claws_uri(const draft& d) {
  const bool has_names = std::any_of(d.to.begin(), d.to.end(), [](const address& a) { return !a.display_name.empty(); });
  if (!has_names) return harden_uri(build_mailto(d));
  std::string to;
  for (const auto& a : d.to) {
    if (!to.empty()) to += ", ";
    to += a.valid ? clients::detail::named(a, clients::detail::ascii_form(a)) : a.original;
  }
  draft rest = d;
  rest.to.clear();
  const std::string query = harden_uri(build_mailto(rest)).substr(std::string_view("mailto:").size());
  return "mailto:" + percent::encode(to, chars::unreserved | chars::of("@")) + query;
}

bool claws_link_fits(std::string_view hardened_uri) noexcept {
  constexpr std::size_t claws_line = 8192;  // BUFFSIZE; fd_gets(sock, buf, sizeof(buf) - 1) keeps 8190 bytes
  return std::string_view("compose ").size() + hardened_uri.size() + 1 <= claws_line - 2;
}

bool sylpheed_link_fits(std::string_view link) noexcept {
  constexpr std::size_t sylpheed_line = 8191;  // fd_gets(sock, buf, sizeof(buf)) keeps 8191 bytes
  return std::string_view("compose_attach ").size() + link.size() + 1 <= sylpheed_line + std::string_view("mailto:").size();
}

std::string claws_body_text(std::string_view body) { return clients::detail::crlf_to_lf(body); }

std::vector<std::string> client_losses(target t, const draft& d) {
  const auto* c = clients::by_target(t);
  return c != nullptr ? clients::losses_of(*c, d) : std::vector<std::string>{};
}

std::string targets_json() {
  std::string j = "{\"programs\":[";
  const auto key = [&j](std::string_view k) {
    if (j.back() != '{') j += ',';
    j += '"';
    j += k;
    j += "\":";
  };
  const auto text = [&](std::string_view k, std::string_view value) {
    key(k);
    json::append_string(j, value);
  };
  const auto names = [&](std::string_view k, const std::vector<std::string_view>& list) {
    key(k);
    j += '[';
    for (const auto n : list) {
      if (j.back() != '[') j += ',';
      json::append_string(j, n);
    }
    j += ']';
  };
  for (const auto* c : clients::all()) {
    j += j.back() == '[' ? "{" : ",{";
    text("name", c->name);
    text("label", c->label);
    names("aliases", c->aliases);
    names("programs", c->programs);
    key("terminal");
    j += c->terminal ? "true" : "false";
    text("package", c->package);
    const auto path = launch::program_path(c->programs.front());
    key("path");
    if (path) json::append_string(j, *path);
    else j += "null";
    j += '}';
  }
  j += "],\"webmails\":[";
  for (const auto* s : webmail::all()) {
    j += j.back() == '[' ? "{" : ",{";
    text("name", s->name);
    text("title", s->title);
    text("kind", s->kind == webmail::kind::hosted        ? "hosted"
                 : s->kind == webmail::kind::self_hosted ? "self_hosted"
                                                         : "any");
    j += '}';
  }
  j += "],\"others\":[";
  for (const auto& i : other_targets) {
    if (i.t == target::webmail) continue;
    if (j.back() != '[') j += ',';
    json::append_string(j, i.t.name);
  }
  return j + "]}";
}

}  // namespace mailtokit::dispatch
