#include "xdg/user_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cstring>
#include <cerrno>
#include <filesystem>

#include "cli/cli.hpp"
#include "mailtokit/address.hpp"
#include "mailtokit/chars.hpp"
#include "mailtokit/preview.hpp"
#include "base/i18n.hpp"

namespace mailtokit::xdg {

using cli::code_for_exit;
using cli::report_error;
using errors::config_failure;
using errors::open_failure;
using errors::open_result;

namespace {

// "line L, column C" of a byte offset.
std::string position(std::string_view text, std::size_t offset) {
  std::size_t line = 1, col = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return fill(tr("line {0}, column {1}"), {std::to_string(line), std::to_string(col)});
}

}  // namespace

errors::result<std::optional<std::string>> read_small_file(const std::string& path, std::size_t max) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::optional<std::string>{};
    return fail(errors::errc::io_error, 0);
  }
  std::string data;
  std::array<char, 4096> buf{};
  for (;;) {
    const ssize_t n = read(fd, buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int e = errno;  // for the caller's message
      close(fd);
      errno = e;
      return fail(errors::errc::io_error, data.size());
    }
    if (n == 0) break;
    data.append(buf.data(), static_cast<std::size_t>(n));
    if (data.size() > max) {
      close(fd);
      return fail(errc::input_too_long, max);
    }
  }
  close(fd);
  return std::optional<std::string>{std::move(data)};
}

void print_failure(const open_failure& f) {
  report_error(f.code.empty() ? code_for_exit(f.exit_code) : std::string_view(f.code), f.reason, {}, f.advice);
}

std::string trim(std::string_view s) { return std::string(chars::trim(s, chars::fws)); }

std::string config_where(const loaded_config& lc, std::size_t offset) {
  return preview::visible(lc.path) + ", " + position(lc.text, offset);
}

open_failure config_failure_at(const loaded_config& lc, std::size_t offset, std::string_view what) {
  return config_failure(config_where(lc, offset), what);
}

open_result<loaded_config> read_config(const xdg::environment& env) {
  loaded_config lc;
  auto path = xdg::config_path(env);
  if (!path) {
    // No HOME and no XDG_CONFIG_HOME: run with the defaults.
    return lc;
  }
  lc.path = *path;
  auto text = read_small_file(lc.path, xdg::max_config_size);
  const int read_errno = errno;
  if (!text) {
    // The system's own words for what failed (translated by the C library), or the size limit.
    const std::string reason =
        text.error().code == errc::input_too_long
            ? fill(tr("it is larger than {0} bytes"), {std::to_string(xdg::max_config_size)})
            : std::string(std::strerror(read_errno));
    return open_failure{exit_config,
                        fill(tr("The configuration file {0} cannot be read: {1}."), {preview::visible(lc.path), reason}),
                        text.error().code == errc::input_too_long ? tr("Shorten the file, or remove it.")
                                                                  : tr("Make the file readable, or remove it.")};
  }
  if (!*text) {
    if (env.mailtokit_config && !env.mailtokit_config->empty()) {
      return open_failure{exit_config,
                          fill(tr("MAILTOKIT_CONFIG names {0}, which does not exist."), {preview::visible(lc.path)}),
                          tr("Create the file, or unset MAILTOKIT_CONFIG.")};
    }
    return lc;
  }
  lc.exists = true;
  lc.text = std::move(**text);
  auto cfg = xdg::parse_config(lc.text);
  if (!cfg) {
    const config_problem& p = cfg.error();
    auto why = config_failure_at(lc, p.at.offset, p.words.empty() ? describe(p.at) : p.words);
    why.code = std::string(to_name(p.at.code));
    return why;
  }
  lc.cfg = std::move(*cfg);
  return lc;
}

mailtokit::result<loaded_config, int> load_config(const xdg::environment& env) {
  auto lc = read_config(env);
  if (!lc) {
    print_failure(lc.error());
    return lc.error().exit_code;
  }
  return std::move(*lc);
}

open_result<policy> make_policy(const loaded_config& lc, const std::vector<std::string>& extra_keep,
                                const std::vector<std::string>& extra_drop) {
  policy p = policy::defaults();
  for (const auto& k : lc.cfg.keep) {
    if (!p.keep(k.value)) {
      return config_failure_at(lc, k.offset, fill(tr("keep = {0} is refused: {1}"), {preview::visible(k.value), p.reason_to_drop(k.value)}));
    }
  }
  for (const auto& d : lc.cfg.drop) p.drop(d.value);
  for (const auto& k : extra_keep) {
    if (!p.keep(k)) {
      return open_failure{exit_usage, fill(tr("--keep {0} is refused: {1}"), {preview::visible(k), p.reason_to_drop(k)}), ""};
    }
  }
  for (const auto& d : extra_drop) p.drop(d);
  return p;
}

open_result<void> apply_from(const loaded_config& lc, draft& d) {
  if (!lc.cfg.from) return {};
  auto list = parse_address_list(lc.cfg.from->value);
  if (!list || list->size() != 1 || !list->front().valid)
    return config_failure_at(lc, lc.cfg.from->offset, tr("from = must be one valid address"));
  d.from = list->front();
  return {};
}

std::optional<registration_paths> user_paths(const xdg::environment& env) {
  auto data = xdg::data_home(env);
  auto state = xdg::state_home(env);
  auto conf = xdg::config_home(env);
  if (!data || !state || !conf) return std::nullopt;
  registration_paths p;
  p.applications = *data + "/applications";
  p.desktop_file = p.applications + "/" + std::string(desktop_id);
  p.state_dir = *state + "/mailtokit";
  p.saved_default = p.state_dir + "/previous-mailto-handler";
  p.saved_state = p.state_dir + "/registration";
  p.gone_told = p.saved_default + ".gone";
  p.mimeapps = *conf + "/mimeapps.list";
  p.data_mimeapps = p.applications + "/mimeapps.list";
  p.config_home = *conf;
  return p;
}

std::string remembered_handler(const registration_paths& p) {
  auto saved = read_small_file(p.saved_default, 4096);
  if (!saved || !*saved) return {};
  std::string id = trim(**saved);
  return is_own_id(id) ? std::string() : id;
}

bool registered_without_previous(const registration_paths& p) {
  std::error_code ec;
  return std::filesystem::exists(p.saved_state, ec) && std::filesystem::exists(p.saved_default, ec) &&
         remembered_handler(p).empty();
}

std::string self_exe() {
  std::error_code ec;
  const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

}  // namespace mailtokit::xdg
