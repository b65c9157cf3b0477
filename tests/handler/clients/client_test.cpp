// The registry of mail programs (clients/client.hpp): what every program's file must give, and
// that the lists people read (the man pages, `mailtokit open --help`, README.md) name exactly
// the registered programs, so that a program added by its file alone cannot be left out of them.
#include "clients/client.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "attach/provenance.hpp"
#include "clients/webmail.hpp"
#include "mailtokit/chars.hpp"

using namespace mailtokit;

namespace {

std::vector<std::string> registered_names() {
  std::vector<std::string> out;
  for (const auto* c : clients::all()) out.emplace_back(c->name);
  return out;
}

std::string read_source(const std::string& path) {
  std::ifstream f(std::string(MAILTOKIT_TEST_DATA) + "/../../" + path);
  REQUIRE(f);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

// The text between the first `from` and the next `to` after it, or "" when either is missing.
std::string between(const std::string& text, const std::string& from, const std::string& to) {
  const auto a = text.find(from);
  if (a == std::string::npos) return {};
  const auto b = text.find(to, a + from.size());
  return b == std::string::npos ? std::string() : text.substr(a + from.size(), b - a - from.size());
}

// The names of a roff or plain list: runs of letters, digits and '-' ("\-" read as '-'), in order.
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string w;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    if (chars::alpha(c) || chars::digit(c) || c == '-') {
      w += c;
    } else if (c == '\\' && i + 1 < text.size() && text[i + 1] == '-') {
      w += '-';
      ++i;
    } else if (!w.empty()) {
      out.push_back(w);
      w.clear();
    }
  }
  return out;
}

// A roff list of `.BR name ,` lines: the names without the macro names.
std::vector<std::string> roff_names(const std::string& text) {
  std::vector<std::string> out;
  for (auto& w : words(text))
    if (w != "BR" && w != "B") out.push_back(w);
  return out;
}

// Desktop Entry Specification, "Desktop File ID": the file's name, with '-' for each folder
// below applications/; letters, digits, '_', '-' and '.' only (D-Bus well-known names for
// reverse-DNS ones), ending in ".desktop" and starting with no '.' or '-'.
bool entry_id_shape(std::string_view id) {
  constexpr std::string_view suffix = ".desktop";
  if (id.size() <= suffix.size() || !id.ends_with(suffix)) return false;
  if (id.front() == '.' || id.front() == '-') return false;
  for (const char c : id)
    if (!(chars::alpha(c) || chars::digit(c)) && c != '_' && c != '-' && c != '.') return false;
  return true;
}

bool by_rank(const clients::client* a, const clients::client* b) { return a->rank < b->rank; }

// A configuration name: lower-case letters, digits and '-'.
bool name_shape(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) {
    return chars::digit(ch) || ch == '-' || (ch >= 'a' && ch <= 'z');
  });
}

}  // namespace

TEST_CASE("every program's file registers a complete descriptor", "[client]") {
  const auto& all = clients::all();
  // Eleven programs' files (aerc, alpine, balsa, claws_mail, evolution, geary, kmail, mutt with
  // neomutt, sylpheed, thunderbird): a linker that dropped a file's object drops its program.
  CHECK(all.size() >= 11);
  std::set<std::string_view> names{"webmail", "eml", "custom", "desktop"};
  for (const auto* s : webmail::all()) names.insert(s->name);
  std::set<int> ranks;
  std::set<std::string_view> entry_ids, programs;
  for (const auto* c : all) {
    INFO(c->name);
    CHECK(names.insert(c->name).second);
    for (const auto a : c->aliases) CHECK(names.insert(a).second);
    CHECK(name_shape(c->name));
    CHECK_FALSE(c->label.empty());
    CHECK_FALSE(c->notes.empty());
    CHECK(c->hand != nullptr);
    CHECK(ranks.insert(c->rank).second);
    REQUIRE_FALSE(c->entry_ids.empty());
    for (const auto e : c->entry_ids) {
      INFO(e);
      CHECK(entry_id_shape(e));
      CHECK(entry_ids.insert(e).second);  // recognize() would find the first only
    }
    REQUIRE_FALSE(c->programs.empty());
    for (const auto p : c->programs) CHECK(programs.insert(p).second);
    CHECK((!c->body_file || c->socket_fits != nullptr));
    CHECK(name_shape(c->package));  // a Debian package name (lower case, digits, '-')
    CHECK(clients::by_target(c->id()) == c);
    CHECK(dispatch::parse_target(c->name) == c->id());
  }
  CHECK(std::is_sorted(all.begin(), all.end(), by_rank));
}

TEST_CASE("the desktop id check refuses what is no desktop file id", "[client]") {
  CHECK(entry_id_shape("org.gnome.Evolution.desktop"));
  CHECK(entry_id_shape("balsa-mailto-handler.desktop"));
  CHECK_FALSE(entry_id_shape("evolution"));
  CHECK_FALSE(entry_id_shape(".desktop"));
  CHECK_FALSE(entry_id_shape("a b.desktop"));
  CHECK_FALSE(entry_id_shape("apps/a.desktop"));
  CHECK_FALSE(entry_id_shape("-a.desktop"));
}

TEST_CASE("the man pages list exactly the registered programs, in their order", "[client]") {
  const auto names = registered_names();
  const std::string use = read_source("handler/man/mailtokit-use.1");
  CHECK(roff_names(between(use, ".SH NAMES\n.TP\n", "\n")) == names);
  const std::string open = read_source("handler/man/mailtokit-open.1");
  CHECK(roff_names(between(open, "The mail program for this call:\n", "a webmail")) == names);
  CHECK(words(between(open, "The first installed of ", " (the terminal")) == names);
  // TARGETS: a tagged entry for each program (in the order the page explains them), and no
  // tag that is not a program or another target.
  std::set<std::string> tagged;
  std::istringstream targets(between(open, "\n.SH TARGETS\n", "\n.SH "));
  bool tag = false;
  for (std::string line; std::getline(targets, line); tag = line == ".TP") {
    if (!tag) continue;
    for (const auto& w : roff_names(line.substr(0, line.find('('))))
      if (w != "I" && w != "IR" && w != "TERM" && w != "URI") tagged.insert(w);
  }
  std::set<std::string> expected(names.begin(), names.end());
  expected.insert({"webmail", "eml", "custom"});
  CHECK(tagged == expected);
}

TEST_CASE("open --help lists exactly the registered programs for --target", "[client]") {
  const std::string command = std::string("LC_ALL=C LANGUAGE=C '") + MAILTOKIT_CLI + "' open --help";
  std::FILE* p = ::popen(command.c_str(), "r");
  REQUIRE(p != nullptr);
  std::string help;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) help.append(buf, n);
  CHECK(::pclose(p) == 0);
  CHECK(words(between(help, "mail program for this call: ", ", a webmail")) == registered_names());
}

TEST_CASE("README.md names every registered program's quirks", "[client]") {
  std::string listed = between(read_source("README.md"), "programs'\nquirks (", ")");
  for (std::size_t i; (i = listed.find('\n')) != std::string::npos;) listed[i] = ' ';
  std::set<std::string> readme, labels;
  for (std::size_t start = 0; start <= listed.size();) {
    const auto comma = std::min(listed.find(", ", start), listed.size());
    readme.insert(chars::lowered(listed.substr(start, comma - start)));
    start = comma + 2;
  }
  for (const auto* c : clients::all()) labels.insert(chars::lowered(c->label));
  CHECK(readme == labels);
}

TEST_CASE(".ci/install-deps installs every registered program, whose test drives it", "[client]") {
  // The words of `gui_pkgs=( ... )`, the packages the desktop tests need.
  std::istringstream listed(between(read_source(".ci/install-deps"), "\ngui_pkgs=(", ")"));
  std::set<std::string> packages;
  for (std::string w; listed >> w;) packages.insert(w);
  REQUIRE(packages.size() > 10);
  for (const auto* c : clients::all()) {
    INFO(c->name);
    CHECK(packages.count(std::string(c->package)) == 1);
  }
}

TEST_CASE("a registered program is a mail program to provenance, by name and by its cut comm", "[client]") {
  for (const auto* c : clients::all())
    for (const auto p : c->programs) {
      INFO(p);
      CHECK(std::string(provenance::link_program_kind(p)) == "mail");
    }
  // Only a name of 15 characters, the kernel's cut of comm, is matched by its start.
  CHECK(provenance::link_program_kind("thunderbir") == nullptr);
  CHECK(provenance::link_program_kind("thunderbird-esr-nightly") == nullptr);
}
