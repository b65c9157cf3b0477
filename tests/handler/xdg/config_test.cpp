#include "xdg/config.hpp"

#include <catch2/catch.hpp>
#include <string>

using namespace mailtokit;
using namespace mailtokit::xdg;

TEST_CASE("configuration files parse into keys with offsets", "[config]") {
  const std::string text =
      "# my mail setup\n"
      "\n"
      "target = custom\n"
      "  command=\"/opt/my mail/bin/mua\" --compose %u  \n"
      "from = Me <me@example.org>\r\n"
      "keep = x-priority, Organization\n"
      "keep = list-id\n"
      "drop = keywords\n"
      "smtputf8 = yes\n"
      "notify = Off\n"
      "draft_max_age_days = 14\n"
      "terminal = foot\n"
      "confirm = always\n"
      "target = thunderbird\n";
  auto c = parse_config(text);
  REQUIRE(c);
  REQUIRE(c->target);
  CHECK(c->target->value == "thunderbird");  // the later line wins
  CHECK(c->target->offset == text.rfind("thunderbird"));
  REQUIRE(c->command);
  CHECK(c->command->value == "\"/opt/my mail/bin/mua\" --compose %u");
  CHECK(c->command->offset == text.find("\"/opt"));
  REQUIRE(c->from);
  CHECK(c->from->value == "Me <me@example.org>");
  REQUIRE(c->keep.size() == 3);
  CHECK(c->keep[0] == located{"x-priority", text.find("x-priority")});
  CHECK(c->keep[1] == located{"Organization", text.find("Organization")});
  CHECK(c->keep[2] == located{"list-id", text.find("list-id")});
  REQUIRE(c->drop.size() == 1);
  CHECK(c->drop[0].value == "keywords");
  CHECK(c->smtputf8 == true);
  CHECK(c->notify == false);
  CHECK(c->draft_max_age_days == 14u);
  REQUIRE(c->terminal);
  CHECK(c->terminal->value == "foot");
  REQUIRE(c->confirm);
  CHECK(c->confirm->value == "always");
  CHECK(c->confirm->offset == text.find("always"));
}

TEST_CASE("an empty configuration sets nothing", "[config]") {
  auto c = parse_config("");
  REQUIRE(c);
  CHECK_FALSE(c->target);
  CHECK_FALSE(c->notify);
  CHECK(c->keep.empty());
}

TEST_CASE("configuration errors carry the byte offset", "[config]") {
  struct bad {
    std::string text;
    errors::code code;
    std::size_t offset;
  };
  const bad cases[] = {
      {"target thunderbird\n", errors::errc::config_error, 0},      // no '='
      {"target = a\ncolour = blue\n", errors::errc::config_error, 11},  // unknown key
      {"notify = maybe\n", errors::errc::config_error, 9},          // not yes/no
      {"draft_max_age_days = -1\n", errors::errc::config_error, 21},
      {"draft_max_age_days = 1000000\n", errors::errc::config_error, 21},
      {"draft_max_age_days =\n", errors::errc::config_error, 20},
      {"target =\n", errors::errc::config_error, 8},                // empty value
      {"confirm =\n", errors::errc::config_error, 9},               // empty value
      {"keep = ,\n", errors::errc::config_error, 7},                // nothing listed is fine...
      {"ta rget = x\n", errors::errc::config_error, 2},             // space inside the key
      {"from = caf\xC3\n", errc::utf8_truncated, 10},
  };
  for (const auto& b : cases) {
    INFO(b.text);
    auto c = parse_config(b.text);
    if (b.text == "keep = ,\n") {
      // ... an empty list after the separators is not an error, only an empty value is.
      REQUIRE(c);
      CHECK(c->keep.empty());
      continue;
    }
    REQUIRE_FALSE(c);
    CHECK(c.error().at == errors::error{b.code, b.offset});
  }
  CHECK(parse_config("keep =\n").error().at == errors::error{errors::errc::config_error, 6});
  CHECK(parse_config(std::string(max_config_size + 1, '#')).error().at.code == errc::input_too_long);
}

TEST_CASE("configuration errors say which key or value is wrong", "[config]") {
  struct bad {
    std::string text;
    std::string problem;
  };
  const bad cases[] = {
      {"bogus_key = 1\n", "unknown key 'bogus_key' (the keys are target, webmail, command, terminal, from, confirm, keep, "
                          "drop, smtputf8, notify, strict, draft_max_age_days, attach_max_size, attach_max_files, "
                          "attach_max_total)"},
      {"attach_max_files = 13\n", "attach_max_files takes a number of files from 1 to 12 (the question shows each "
                                  "file it offers), not '13'"},
      {"attach_max_files = 0\n", "attach_max_files takes a number of files from 1 to 12 (the question shows each "
                                 "file it offers), not '0'"},
      {"attach_max_total = 5TB\n", "attach_max_total takes a size such as 25MB (a number, then B, kB, MB or GB; at "
                                   "most 4GB), not '5TB'"},
      {"target custom\n", "missing '=' after 'target' (a line is key = value, e.g. target = thunderbird)"},
      {"notify = maybe\n", "notify takes yes or no, not 'maybe'"},
      {"smtputf8 = \n", "smtputf8 takes yes or no, not ''"},
      {"draft_max_age_days = -1\n", "draft_max_age_days takes a number of days from 0 to 99999, not '-1'"},
      {"target =\n", "target needs a value after '='"},
      {"= x\n", "a key is missing before '='"},
      {"ta rget = x\n", "unknown key 'ta rget' (keys are letters, digits, '_' and '-')"},
      {"keep =\n", "keep takes header field names, e.g. keep = keywords, in-reply-to"},
      {"from = caf\xC3\n", "the file is not UTF-8 text"},
      {std::string(max_config_size + 1, '#'), "the file is larger than 64 KiB"},
  };
  for (const auto& b : cases) {
    INFO(b.text.substr(0, 40));
    auto c = parse_config(b.text);
    REQUIRE_FALSE(c);
    CHECK(c.error().words == b.problem);
  }
  // Every key the parser accepts is listed in config_keys (the man page lists the same).
  for (const auto key : config_keys) {
    auto c = parse_config(std::string(key) + " = \n");
    CHECK((c || c.error().words.find("unknown key") == std::string::npos));
  }
  CHECK(parse_config("target = eml\n"));
}

TEST_CASE("XDG base directories follow the specification", "[config]") {
  environment env;
  env.home = "/home/u";
  CHECK(*config_home(env) == "/home/u/.config");
  CHECK(*data_home(env) == "/home/u/.local/share");
  CHECK(*state_home(env) == "/home/u/.local/state");
  CHECK(*config_path(env) == "/home/u/.config/mailtokit/config");
  env.xdg_config_home = "/x/conf";
  env.xdg_data_home = "relative/data";  // "should consider the path invalid and ignore it"
  env.xdg_state_home = "/x/state";
  CHECK(*config_home(env) == "/x/conf");
  CHECK(*data_home(env) == "/home/u/.local/share");
  CHECK(*state_home(env) == "/x/state");
  CHECK(*config_path(env) == "/x/conf/mailtokit/config");
  env.mailtokit_config = "";
  CHECK(*config_path(env) == "/x/conf/mailtokit/config");
  env.mailtokit_config = "/etc/mt.conf";
  CHECK(*config_path(env) == "/etc/mt.conf");
  environment none;
  CHECK(config_home(none).error().code == errors::errc::not_found);
  none.home = "";
  CHECK_FALSE(state_home(none));
}

TEST_CASE("attach_max_files and attach_max_total", "[config]") {
  auto c = parse_config("attach_max_files = 3\nattach_max_total = 10MB\nattach_max_size = 2kB\n");
  REQUIRE(c);
  CHECK(c->attach_max_files == 3u);
  CHECK(c->attach_max_total == 10'000'000u);
  CHECK(c->attach_max_size == 2'000u);
  CHECK_FALSE(parse_config("attach_max_files = 1x\n"));
  CHECK_FALSE(parse_config("attach_max_files =\n"));
  CHECK(parse_config("attach_max_files = 12\n"));
}

TEST_CASE("with_value and without_key rewrite one key and keep every other line", "[config]") {
  const std::string text = "# where mail goes\ntarget = thunderbird\n\nconfirm = always # not a comment\ntarget = gmail\n";
  // The first line that sets the key takes the new value; a later one goes (it would override).
  CHECK(with_value(text, "target", "roundcube") ==
        "# where mail goes\ntarget = roundcube\n\nconfirm = always # not a comment\n");
  CHECK(with_value("notify = no", "confirm", "never") == "notify = no\nconfirm = never\n");
  // without_key: every line that sets it goes, comments and blank lines stay; a comment naming it stays.
  CHECK(without_key(text, "target") == "# where mail goes\n\nconfirm = always # not a comment\n");
  CHECK(without_key("# target = gmail\n", "target") == "# target = gmail\n");
  CHECK(without_key("", "target").empty());
  CHECK(without_key("  target=gmail", "target").empty());
  CHECK(without_key("targets = x\n", "target") == "targets = x\n");
}
