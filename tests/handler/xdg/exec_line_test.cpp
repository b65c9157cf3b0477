#include "xdg/exec_line.hpp"

#include <glib.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tsv.hpp"

using namespace mailtokit;
using exec_line::exec_arg;

namespace {

std::string render(const std::vector<exec_arg>& args) {
  std::string out;
  for (const auto& a : args) {
    if (a.field != 0)
      out += std::string("{") + a.field + "}";
    else
      out += "[" + a.text + "]";
  }
  return out;
}

std::string expect_error(const errors::error& e) {
  return "error " + std::string(to_name(e.code)) + " " + std::to_string(e.offset);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("Exec values split per the Desktop Entry Specification (tests/data/desktop_exec.tsv)", "[desktop]") {
  for (const auto& row : test::load_tsv("desktop_exec.tsv")) {
    INFO("line " << row.line << ": " << row.at(0) << " (" << row.at(2) << ")");
    auto r = exec_line::split_exec(row.at(0));
    const std::string got = r ? render(*r) : expect_error(r.error());
    CHECK(got == row.at(1));
  }
}

TEST_CASE("every byte outside quotes is either reserved or literal", "[desktop]") {
  // The specification's reserved characters, plus every other control character.
  const std::string reserved = " \t\n\"'\\><~|&;$*?#()`";
  for (int b = 1; b < 256; ++b) {
    const char c = static_cast<char>(b);
    if (c == ' ' || c == '%') continue;  // separator and field-code introducer: tested above
    const std::string exec = std::string("prog a") + c + "b";
    auto r = exec_line::split_exec(exec);
    const bool is_reserved = reserved.find(c) != std::string::npos || b < 0x20 || b == 0x7F;
    INFO("byte " << b);
    if (is_reserved) {
      REQUIRE_FALSE(r);
      CHECK(r.error() == errors::error{errors::errc::exec_syntax, 6});
      // Quoted, the same byte is fine unless it is a control character.
      auto q = exec_line::quote_exec_arg(std::string("a") + c + "b");
      if (b < 0x20 || b == 0x7F) {
        CHECK_FALSE(q);
      } else {
        REQUIRE(q);
        auto back = exec_line::split_exec("prog " + *q);
        REQUIRE(back);
        REQUIRE(back->size() == 2);
        CHECK((*back)[1].text == std::string("a") + c + "b");
      }
    } else {
      REQUIRE(r);
      REQUIRE(r->size() == 2);
      CHECK((*r)[1].text == std::string("a") + c + "b");
    }
  }
}

TEST_CASE("quote_exec_arg round-trips through split_exec", "[desktop]") {
  const std::vector<std::string> samples = {
      "/usr/bin/mailtokit", "/home/me/my apps/mailtokit", "/a/$HOME/x", "/a/`id`/x", "/a\\b/c",
      "/a/\"q\"/b", "/it's/here", "/x;rm -rf ~", "/\xC3\xA9t\xC3\xA9/bin", "-dash", "a(b)c", "*?#|&<>",
  };
  for (const auto& s : samples) {
    INFO(s);
    auto q = exec_line::quote_exec_arg(s);
    REQUIRE(q);
    auto back = exec_line::split_exec(*q + " open %u");
    REQUIRE(back);
    REQUIRE(back->size() == 3);
    CHECK((*back)[0].text == s);
    CHECK((*back)[1].text == "open");
    CHECK((*back)[2].field == 'u');
  }
  CHECK_FALSE(exec_line::quote_exec_arg(""));
  CHECK(exec_line::quote_exec_arg("/a%b").error() == errors::error{errors::errc::exec_syntax, 2});
  CHECK(exec_line::quote_exec_arg("/a\nb").error() == errors::error{errors::errc::exec_syntax, 2});
}

TEST_CASE("field codes expand to exactly one argument each", "[desktop]") {
  auto args = exec_line::split_exec("/bin/recorder --flag %u %f %i %c %k");
  REQUIRE(args);
  CHECK(exec_line::uses_field(*args, 'u'));
  CHECK(exec_line::uses_field(*args, 'f'));
  const std::string uri = "mailto:a@example.org?subject=a%20b%3B%20rm%20-rf";
  auto argv = exec_line::expand_exec(*args, {uri, "/tmp/x y.eml", "mailtokit", ""});
  REQUIRE(argv);
  CHECK(*argv == std::vector<std::string>{"/bin/recorder", "--flag", uri, "/tmp/x y.eml", "mailtokit"});

  // An empty value expands to nothing.
  auto no_file = exec_line::expand_exec(*args, {uri, "", "", ""});
  REQUIRE(no_file);
  CHECK(*no_file == std::vector<std::string>{"/bin/recorder", "--flag", uri});

  // A value that would start an option is refused, at the field code's offset.
  auto dash = exec_line::expand_exec(*args, {"-compose", "", "", ""});
  REQUIRE_FALSE(dash);
  CHECK(dash.error() == errors::error{errors::errc::exec_syntax, 21});
  CHECK_FALSE(exec_line::expand_exec(*args, {uri, "--x", "", ""}));

  auto only_u = exec_line::split_exec("prog %U");
  REQUIRE(only_u);
  CHECK(exec_line::uses_field(*only_u, 'u'));
  CHECK_FALSE(exec_line::uses_field(*only_u, 'f'));
}

TEST_CASE("the shipped desktop entry is render_entry(\"mailtokit\")", "[desktop]") {
  const std::string shipped = read_file(std::string(MAILTOKIT_TEST_DATA) + "/../../desktop/mailtokit.desktop");
  auto rendered = exec_line::render_entry("mailtokit");
  REQUIRE(rendered);
  CHECK(*rendered == shipped);
}

TEST_CASE("render_entry quotes and escapes an absolute program path", "[desktop]") {
  const std::string program = "/opt/my $apps/mail\\tok\"it";
  auto entry = exec_line::render_entry(program);
  REQUIRE(entry);
  // Read back as the desktop reads it: GLib's key file undoes the string escapes.
  std::unique_ptr<GKeyFile, void (*)(GKeyFile*)> kf(g_key_file_new(), g_key_file_free);
  REQUIRE(g_key_file_load_from_data(kf.get(), entry->c_str(), entry->size(), G_KEY_FILE_NONE, nullptr));
  gchar* exec = g_key_file_get_string(kf.get(), G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_EXEC, nullptr);
  REQUIRE(exec != nullptr);
  const std::string unescaped = exec;
  g_free(exec);
  // TryExec names the same program, so a desktop skips the entry once that program is gone.
  gchar* try_exec = g_key_file_get_string(kf.get(), G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_TRY_EXEC, nullptr);
  REQUIRE(try_exec != nullptr);
  CHECK(std::string(try_exec) == program);
  g_free(try_exec);
  auto args = exec_line::split_exec(unescaped);
  REQUIRE(args);
  REQUIRE(args->size() == 3);
  CHECK((*args)[0].text == program);
  CHECK((*args)[1].text == "open");
  CHECK((*args)[2].field == 'u');
  CHECK(entry->find("MimeType=x-scheme-handler/mailto;\n") != std::string::npos);
  CHECK(entry->find("NoDisplay=true\n") != std::string::npos);
  CHECK_FALSE(exec_line::render_entry("/a/100%/x"));
}
