#include "ask/notify.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ours_literal.hpp"

using namespace mailtokit;
using namespace mailtokit::ask;

TEST_CASE("notifications: markup escaped, at most max_lines lines, the rest counted", "[notify]") {
  const auto n = notify_argv("s"_t, {"a <b>&"_t, "two"_t}, true);
  CHECK(n == std::vector<std::string>{"notify-send", "--app-name=mailtokit", "--urgency=critical", "--", "s",
                                      "a &lt;b&gt;&amp;\ntwo"});
  const auto m = notify_argv("s"_t, {"1"_t, "2"_t, "3"_t}, false, 2);
  CHECK(m.size() == 5);
  CHECK(m.back() == "1\n2\n(1 more: see the terminal or mailtokit preview)");
}
