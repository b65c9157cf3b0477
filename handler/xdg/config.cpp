#include "xdg/config.hpp"

#include <cstdlib>
#include <iterator>
#include <string>

#include "mailtokit/chars.hpp"
#include "mailtokit/utf8.hpp"
#include "base/i18n.hpp"

namespace mailtokit::xdg {

namespace {

constexpr chars::char_class key_char = chars::alpha | chars::digit | chars::of("_-");

// `s` without leading white space (counted into `offset`) and trailing white space or CR.
std::string_view trim(std::string_view s, std::size_t& offset) {
  const std::string_view t = chars::trim_front(s, chars::wsp);
  offset += s.size() - t.size();
  return chars::trim_back(t, chars::wsp | chars::of("\r"));
}

errors::result<bool> parse_bool(std::string_view v, std::size_t offset) {
  for (const auto* yes : {"yes", "true", "on", "1"})
    if (chars::iequals(v, yes)) return true;
  for (const auto* no : {"no", "false", "off", "0"})
    if (chars::iequals(v, no)) return false;
  return fail(errors::errc::config_error, offset);
}

// keep = a, b c: names separated by commas and/or white space.
errors::result<void> parse_list(std::string_view v, std::size_t offset, std::vector<located>& out) {
  std::size_t i = 0;
  while (i < v.size()) {
    while (i < v.size() && (v[i] == ',' || chars::wsp(v[i]))) ++i;
    const std::size_t start = i;
    while (i < v.size() && v[i] != ',' && !chars::wsp(v[i])) ++i;
    if (i > start) out.push_back({std::string(v.substr(start, i - start)), offset + start});
  }
  if (v.empty()) return fail(errors::errc::config_error, offset);
  return {};
}

std::optional<std::string> absolute_env(const std::optional<std::string>& v) {
  if (v && !v->empty() && v->front() == '/') return v;
  return std::nullopt;
}

errors::result<std::string> base_dir(const std::optional<std::string>& xdg, const environment& env,
                             std::string_view fallback) {
  if (auto dir = absolute_env(xdg)) return *dir;
  if (auto home = absolute_env(env.home)) {
    std::string dir = *home;
    if (dir.back() != '/') dir += '/';
    dir += fallback;
    return dir;
  }
  return fail(errors::errc::not_found, 0);
}

std::optional<std::string> get(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr) return std::nullopt;
  return std::string(v);
}

}  // namespace

namespace {

config_problem problem_at(errors::error at, std::string words) { return {at, std::move(words)}; }
config_problem problem_at(std::size_t offset, std::string words) {
  return {fail(errors::errc::config_error, offset), std::move(words)};
}

// `v` for an error message: in quotes, controls replaced, at most 40 bytes.
std::string quoted(std::string_view v) {
  std::string s = "'";
  for (std::size_t i = 0; i < v.size() && i < 40; ++i) s += static_cast<unsigned char>(v[i]) < 0x20 ? '?' : v[i];
  return s + (v.size() > 40 ? "...'" : "'");
}

// A number of days from 0 to 99999.
std::optional<unsigned> parse_days(std::string_view value) {
  unsigned days = 0;
  bool ok = !value.empty() && value.size() <= 5;
  for (const char ch : value) {
    ok = ok && chars::digit(ch);
    if (ok) days = days * 10 + static_cast<unsigned>(ch - '0');
  }
  return ok ? std::optional<unsigned>(days) : std::nullopt;
}

// A number of files from 1 to 12.
std::optional<std::size_t> parse_file_count(std::string_view value) {
  const bool ok = value.size() <= 2 && !value.empty() && chars::digit(value.front()) &&
                  (value.size() == 1 || chars::digit(value.back()));
  const std::size_t n = ok ? static_cast<std::size_t>(std::stoul(std::string(value))) : 0;
  return ok && n >= 1 && n <= 12 ? std::optional<std::size_t>(n) : std::nullopt;
}

// A whole number, then an optional unit: B, kB, MB or GB (SI, as the desktop shows sizes); at
// most 4 GB.
std::optional<std::uint64_t> parse_size(std::string_view value) {
  std::size_t digits = 0;
  while (digits < value.size() && chars::digit(value[digits])) ++digits;
  const std::string_view unit = chars::trim(value.substr(digits), chars::wsp);
  std::uint64_t scale = 0;
  if (unit.empty() || unit == "B") scale = 1;
  if (unit == "kB" || unit == "KB") scale = 1000;
  if (unit == "MB") scale = 1000 * 1000;
  if (unit == "GB") scale = 1000 * 1000 * 1000;
  std::uint64_t n = 0;
  bool ok = digits > 0 && digits <= 6 && scale != 0;
  for (std::size_t i = 0; ok && i < digits; ++i) n = n * 10 + static_cast<std::uint64_t>(value[i] - '0');
  if (!ok || n * scale > 4ULL * 1000 * 1000 * 1000) return std::nullopt;
  return n * scale;
}

// The keys whose value is a number: set in `c`, or the problem.
std::optional<config_problem> set_number(config& c, std::string_view key, std::string_view value,
                                         std::size_t value_offset) {
  if (key == "draft_max_age_days") {
    const auto days = parse_days(value);
    if (!days)
      return problem_at(value_offset, fill(tr("draft_max_age_days takes a number of days from 0 to 99999, not {0}"),
                                           {quoted(value)}));
    c.draft_max_age_days = *days;
  } else if (key == "attach_max_files") {
    const auto n = parse_file_count(value);
    if (!n)
      return problem_at(value_offset,
                        fill(tr("attach_max_files takes a number of files from 1 to 12 (the question shows each file "
                                "it offers), not {0}"),
                             {quoted(value)}));
    c.attach_max_files = *n;
  } else {
    const auto n = parse_size(value);
    if (!n)
      return problem_at(value_offset,
                        fill(tr("{0} takes a size such as 25MB (a number, then B, kB, MB or GB; at most 4GB), not {1}"),
                             {key, quoted(value)}));
    (key == "attach_max_size" ? c.attach_max_size : c.attach_max_total) = *n;
  }
  return std::nullopt;
}

// One line's key and value into `c`; the problem when the key is unknown or its value is not one
// it takes.
std::optional<config_problem> set_key(config& c, std::string_view key, std::string_view value, std::size_t key_offset,
                                      std::size_t value_offset) {
  const located v{std::string(value), value_offset};
  for (auto [name, field] : {std::pair{"target", &config::target}, std::pair{"webmail", &config::webmail},
                             std::pair{"from", &config::from},
                             std::pair{"command", &config::command}, std::pair{"terminal", &config::terminal},
                             std::pair{"confirm", &config::confirm}}) {
    if (key != name) continue;
    if (value.empty()) return problem_at(value_offset, fill(tr("{0} needs a value after '='"), {key}));
    c.*field = v;
    return std::nullopt;
  }
  if (key == "keep" || key == "drop") {
    if (auto r = parse_list(value, value_offset, key == "keep" ? c.keep : c.drop); !r)
      return problem_at(r.error(), key == "keep" ? tr("keep takes header field names, e.g. keep = keywords, in-reply-to")
                                                 : tr("drop takes header field names, e.g. drop = body"));
    return std::nullopt;
  }
  if (key == "smtputf8" || key == "notify" || key == "strict") {
    auto b = parse_bool(value, value_offset);
    if (!b) return problem_at(b.error(), fill(tr("{0} takes yes or no, not {1}"), {key, quoted(value)}));
    (key == "notify" ? c.notify : key == "strict" ? c.strict : c.smtputf8) = *b;
    return std::nullopt;
  }
  if (key == "draft_max_age_days" || key == "attach_max_files" || key == "attach_max_size" ||
      key == "attach_max_total")
    return set_number(c, key, value, value_offset);
  std::string keys;
  for (std::size_t i = 0; i < std::size(config_keys); ++i) {
    if (i > 0) keys += ", ";
    keys += config_keys[i];
  }
  return problem_at(key_offset, fill(tr("unknown key {0} (the keys are {1})"), {quoted(key), keys}));
}

}  // namespace

mailtokit::result<config, config_problem> parse_config(std::string_view text) {
  if (text.size() > max_config_size)
    return problem_at(fail(errc::input_too_long, max_config_size),
                      fill(tr("the file is larger than {0} KiB"), {std::to_string(max_config_size / 1024)}));
  if (auto ok = utf8::validate(text); !ok) return problem_at(ok.error(), tr("the file is not UTF-8 text"));
  config c;
  std::size_t line_start = 0;
  while (line_start < text.size()) {
    std::size_t line_end = text.find('\n', line_start);
    if (line_end == std::string_view::npos) line_end = text.size();
    std::size_t offset = line_start;
    const std::string_view line = trim(text.substr(line_start, line_end - line_start), offset);
    line_start = line_end + 1;
    if (line.empty() || line.front() == '#') continue;
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) {
      std::size_t word = 0;
      while (word < line.size() && key_char(line[word])) ++word;
      return problem_at(offset, fill(tr("missing '=' after {0} (a line is key = value, e.g. target = thunderbird)"),
                                     {quoted(line.substr(0, word == 0 ? line.size() : word))}));
    }
    std::size_t key_offset = offset;
    const std::string_view key = trim(line.substr(0, eq), key_offset);
    std::size_t value_offset = offset + eq + 1;
    const std::string_view value = trim(line.substr(eq + 1), value_offset);
    if (key.empty()) return problem_at(key_offset, tr("a key is missing before '='"));
    for (std::size_t i = 0; i < key.size(); ++i)
      if (!key_char(key[i]))
        return problem_at(key_offset + i,
                          fill(tr("unknown key {0} (keys are letters, digits, '_' and '-')"), {quoted(key)}));
    if (auto problem = set_key(c, key, value, key_offset, value_offset)) return std::move(*problem);
  }
  return c;
}

namespace {

// `text` with every line that sets `key` gone, and `line` (when not empty) where the first was,
// else at the end.
std::string rewritten(std::string_view text, std::string_view key, const std::string& line) {
  std::string out;
  bool set = line.empty();
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    end = end == std::string_view::npos ? text.size() : end + 1;
    const std::string_view whole = text.substr(start, end - start);
    start = end;
    std::size_t at = 0;
    const std::string_view l = trim(whole, at);
    const std::size_t eq = l.find('=');
    std::size_t key_at = 0;
    const bool sets_key = !l.empty() && l.front() != '#' && eq != std::string_view::npos &&
                          trim(l.substr(0, eq), key_at) == key;
    if (!sets_key) {
      out += whole;
      if (!whole.empty() && whole.back() != '\n') out += '\n';
      continue;
    }
    if (!set) out += line;
    set = true;
  }
  if (!set) out += line;
  return out;
}

}  // namespace

std::string with_value(std::string_view text, std::string_view key, std::string_view value) {
  return rewritten(text, key, std::string(key) + " = " + std::string(value) + "\n");
}

std::string without_key(std::string_view text, std::string_view key) { return rewritten(text, key, {}); }

environment environment::current() {
  environment env;
  env.home = get("HOME");
  env.xdg_config_home = get("XDG_CONFIG_HOME");
  env.xdg_data_home = get("XDG_DATA_HOME");
  env.xdg_state_home = get("XDG_STATE_HOME");
  env.mailtokit_config = get("MAILTOKIT_CONFIG");
  return env;
}

errors::result<std::string> config_home(const environment& env) { return base_dir(env.xdg_config_home, env, ".config"); }
errors::result<std::string> data_home(const environment& env) { return base_dir(env.xdg_data_home, env, ".local/share"); }
errors::result<std::string> state_home(const environment& env) { return base_dir(env.xdg_state_home, env, ".local/state"); }

errors::result<std::string> config_path(const environment& env) {
  if (env.mailtokit_config && !env.mailtokit_config->empty()) return *env.mailtokit_config;
  auto dir = config_home(env);
  if (!dir) return dir.error();
  return *dir + "/mailtokit/config";
}

}  // namespace mailtokit::xdg
