#include "ask/failure.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;
using mailtokit::errors::open_failure;

TEST_CASE("failure reports: reason, what to do, where the draft is, and no markup", "[failure]") {
  const open_failure f{69, "cannot start mua: not found in PATH", "install it"};
  const auto t = failure_text(f, "/home/u/.local/state/mailtokit/drafts/draft-1.eml");
  CHECK(t ==
        "cannot start mua: not found in PATH\n\nWhat to do: install it\n\nThe draft was not handed over; it "
        "is kept in "
        "/home/u/.local/state/mailtokit/drafts/draft-1.eml: open that file with your mail program, or click the "
        "link again once mail goes where you want.");
  CHECK(t.find('`') == std::string::npos);  // plain words, no command syntax (issue 47)
  CHECK(choose_hint().find("Mail links") != std::string::npos);
  CHECK(choose_hint().find("mailtokit use NAME") != std::string::npos);
  CHECK(failure_text({65, "refused \xE2\x80\xAE", ""}, "") == "refused <U+202E>");
  const auto z = failure_argv(dialog_program::zenity, "a <b>"_t);
  CHECK(z == std::vector<std::string>{"zenity", "--error", "--no-markup", "--width=560",
                                      "--title=mailtokit: the link was not opened", "--text=a <b>"});
  const auto y = failure_argv(dialog_program::yad, "a <b>"_t);
  CHECK(y.front() == "yad");
  CHECK(y.back() == "--text=a <b>");
  CHECK(std::find(y.begin(), y.end(), "--no-markup") != y.end());
  // yad runs g_strcompress() on --text: each backslash doubled shows as itself (issue 46).
  CHECK(yad_text(R"(x\0y\n\342\\)") == R"(x\\0y\\n\\342\\\\)");
  CHECK(yad_text("plain") == "plain");
  CHECK(failure_argv(dialog_program::yad, R"(a\0b)"_t).back() == R"(--text=a\\0b)");
  CHECK(failure_argv(dialog_program::kdialog, "a <b>"_t) ==
        std::vector<std::string>{"kdialog", "--title=mailtokit: the link was not opened",
                                 "--error=" + qt_text("a <b>")});
}

TEST_CASE("a refused link is said in words on the desktop, with the code and byte on stderr only", "[failure]") {
  // Every library code has a sentence of its own kind, without the code, a byte offset or an RFC.
  // The size limits, which get their own advice in `open`, are the codes whose sentence says so.
  std::vector<mailtokit::errc> codes;
#define MAILTOKIT_TEST_ERRC(name, msg) codes.push_back(mailtokit::errc::name);
  MAILTOKIT_ERRC_LIST(MAILTOKIT_TEST_ERRC)
#undef MAILTOKIT_TEST_ERRC
  REQUIRE(codes.size() > 40);
  for (const auto code : codes) {
    const std::string s = refusal_words(code);
    INFO(mailtokit::to_name(code) << ": " << s);
    CHECK(s.size() > 10);
    CHECK(s.back() == '.');
    for (const char* bad : {"RFC", "byte", "_", "IDNA", "UTF-8", "hfield", "configured limit"})
      CHECK(s.find(bad) == std::string::npos);
    CHECK(is_size_limit(code) == (s.find("than mailtokit") != std::string::npos));
  }
  CHECK(is_size_limit(mailtokit::errc::too_many_encoded_words));
  CHECK_FALSE(is_size_limit(mailtokit::errc::percent_bad_hex));
  CHECK(refusal_words(mailtokit::errc::too_many_recipients) == "The link names more recipients than mailtokit accepts.");
  CHECK(refusal_words(mailtokit::errc::percent_bad_hex) ==
        "The link has a % sign that is not followed by a character code.");
  open_failure f{65, "the link at byte 12 ('%' followed by a character that is not a hex digit)", "fix it"};
  f.shown = refusal_words(mailtokit::errc::percent_bad_hex);
  CHECK(failure_text(f, "") == "The link has a % sign that is not followed by a character code.\n\nWhat to do: fix it");
}
