// The question window's input guard (ask/input_guard.hpp), driven by a fake clock.
#include "ask/input_guard.hpp"

#include <catch2/catch.hpp>

using mailtokit::ask::input_guard;
using input = input_guard::input;
using ms = input_guard::time;

namespace {

// A window shown, focused and seen at `t`.
input_guard shown_at(ms t) {
  input_guard g;
  g.set_shown(true, t);
  g.set_focused(true, t);
  return g;
}

}  // namespace

TEST_CASE("the guard opens once the window has been shown and focused for a quiet second", "[input_guard]") {
  auto g = shown_at(ms{10'000});
  CHECK_FALSE(g.is_open(ms{10'000}));
  CHECK(g.next_change() == ms{11'000});
  CHECK_FALSE(g.is_open(ms{10'999}));
  CHECK(g.is_open(ms{11'000}));
  CHECK(g.next_change() == std::nullopt);
  CHECK(g.accepts(input::pointer_press, ms{11'200}));
}

TEST_CASE("nothing opens a window that is not shown and focused", "[input_guard]") {
  input_guard g;
  CHECK_FALSE(g.is_open(ms{50'000}));
  CHECK_FALSE(g.accepts(input::key_press, ms{50'000}));
  g.set_shown(true, ms{50'000});
  CHECK_FALSE(g.is_open(ms{60'000}));  // never focused
  CHECK(g.next_change() == std::nullopt);
  g.set_focused(true, ms{60'000});
  g.set_seen(false, ms{60'100});  // covered by another window
  CHECK_FALSE(g.is_open(ms{70'000}));
  g.set_seen(true, ms{70'000});
  CHECK(g.is_open(ms{71'000}));
}

TEST_CASE("a never-ending click stream never gets through", "[input_guard]") {
  auto g = shown_at(ms{0});
  // Clicks every 100 ms from before the window was shown, for a minute; and at 900 ms, just
  // under the wait, for another minute: each one restarts the wait.
  for (ms t{50}; t < ms{60'000}; t += ms{100}) CHECK_FALSE(g.accepts(input::pointer_press, t));
  for (ms t{60'000}; t < ms{120'000}; t += ms{900}) {
    CHECK_FALSE(g.is_open(t));
    CHECK_FALSE(g.accepts(input::pointer_press, t));
  }
}

TEST_CASE("a pause of the wait after the last input lets the next one through", "[input_guard]") {
  auto g = shown_at(ms{0});
  ms last{0};
  for (ms t{0}; t < ms{3'000}; t += ms{100}) {
    CHECK_FALSE(g.accepts(input::pointer_press, t));
    last = t;
  }
  CHECK(g.next_change() == last + input_guard::settle);
  CHECK_FALSE(g.is_open(last + input_guard::settle - ms{1}));
  CHECK(g.is_open(last + input_guard::settle));
  CHECK(g.accepts(input::pointer_press, last + input_guard::settle + ms{10}));
}

TEST_CASE("keys during the wait are swallowed however they are spread", "[input_guard]") {
  auto g = shown_at(ms{0});
  // Right Right space, Tab: each one keeps the guard closed, so none moves the focus.
  ms t{0};
  for (int round = 0; round < 100; ++round)
    for (const input key : {input::key_press, input::key_press, input::key_press, input::key_press}) {
      t += ms{250};
      CHECK_FALSE(g.accepts(key, t));
    }
  CHECK_FALSE(g.is_open(t + ms{999}));
  CHECK(g.is_open(t + ms{1'000}));
  // Once open, a person's keys act at any speed: Tab then space 80 ms later.
  CHECK(g.accepts(input::key_press, t + ms{1'100}));
  CHECK(g.accepts(input::key_press, t + ms{1'180}));
  // Escape only cancels: always accepted, and no restart.
  auto h = shown_at(ms{0});
  CHECK(h.accepts(input::cancel_key, ms{10}));
  CHECK(h.is_open(ms{1'000}));
}

TEST_CASE("a key held through the wait never acts but one held after it does", "[input_guard]") {
  auto g = shown_at(ms{0});
  CHECK_FALSE(g.accepts(input::key_press, ms{100}));
  for (ms t{130}; t < ms{5'000}; t += ms{33}) CHECK_FALSE(g.accepts(input::key_repeat, t));
  CHECK(g.is_open(ms{5'997}));
  CHECK_FALSE(g.accepts(input::key_repeat, ms{6'000}));  // still the key held since the refusal
  CHECK(g.is_open(ms{7'000}));
  CHECK(g.accepts(input::key_press, ms{7'000}));  // Backspace held in an address field
  CHECK(g.accepts(input::key_repeat, ms{7'300}));
  CHECK(g.accepts(input::key_repeat, ms{7'333}));
}

TEST_CASE("once open a second press within the double-click interval closes it again", "[input_guard]") {
  auto g = shown_at(ms{0});
  CHECK(g.accepts(input::pointer_press, ms{2'000}));
  CHECK_FALSE(g.accepts(input::pointer_press, ms{2'400}));
  CHECK_FALSE(g.is_open(ms{3'399}));
  CHECK(g.is_open(ms{3'400}));
  CHECK(g.accepts(input::pointer_press, ms{3'500}));
}

TEST_CASE("focus loss re-arms the guard but a focus hand-over does not", "[input_guard]") {
  auto g = shown_at(ms{0});
  REQUIRE(g.is_open(ms{1'000}));
  // Out and in at once (X11's two events, a window manager's activation): still open.
  g.set_focused(false, ms{2'000});
  CHECK(g.is_open(ms{2'050}));
  g.set_focused(true, ms{2'100});
  CHECK(g.is_open(ms{5'000}));
  // Gone for longer: closed, and the wait starts again when the focus comes back.
  g.set_focused(false, ms{6'000});
  CHECK(g.next_change() == ms{6'000} + input_guard::away);
  CHECK_FALSE(g.is_open(ms{6'150}));
  CHECK_FALSE(g.accepts(input::pointer_press, ms{6'200}));  // the click that focuses it is no answer
  g.set_focused(true, ms{9'000});
  CHECK_FALSE(g.is_open(ms{9'999}));
  CHECK(g.is_open(ms{10'000}));
  // Unmapped (another workspace, minimized): at once.
  g.set_shown(false, ms{11'000});
  CHECK_FALSE(g.is_open(ms{11'000}));
  g.set_shown(true, ms{12'000});
  CHECK_FALSE(g.is_open(ms{12'999}));
  CHECK(g.is_open(ms{13'000}));
}

TEST_CASE("input while the focus is away is refused and keeps the guard closed", "[input_guard]") {
  auto g = shown_at(ms{0});
  REQUIRE(g.is_open(ms{1'000}));
  g.set_focused(false, ms{2'000});
  CHECK_FALSE(g.accepts(input::key_press, ms{2'050}));
  g.set_focused(true, ms{2'060});
  CHECK_FALSE(g.is_open(ms{3'059}));
  CHECK(g.is_open(ms{3'060}));
}
