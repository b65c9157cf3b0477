/// Input that arrives too soon, or never stops, is no answer: when a question window may take a
/// click or a key. Toolkit-free (time stamps in, a yes or no out), so every front end that can
/// carry it uses the same rule and a unit test drives it with a fake clock.
#pragma once

#include <chrono>
#include <optional>

namespace mailtokit::ask {

/// The guard of one question window. Follows Chromium's ui/views/input_event_activation_protector.cc
/// (IsPossiblyUnintendedInteraction: a click within the double-click interval after the prompt is
/// shown, or after the previous click, is ignored) and goes past it:
/// - the window must have been shown, focused and unobscured for `settle` without a break and
///   without any input; every input while the guard is closed is refused and starts that wait
///   again, so a stream of clicks or keys (a page's "click as fast as you can" game) never gets
///   through however long it lasts, and keys sent meanwhile (Right Right space, Tab) never act;
/// - once open, a pointer press less than `repeat` after the previous one, or a key repeat that
///   does not continue an accepted input, is refused and closes the guard again;
/// - losing the focus for more than `away`, being unmapped or covered re-arms it.
/// The front end blocks what accepts() refuses, keeps its controls insensitive while is_open() is
/// false, and gives the focus to the safe answer each time the guard opens.
/// Built with MAILTOKIT_TEST_GUARD_NO_RESTART (only the tests' twin of the window,
/// mailtokit-ask-no-restart: never installed, no switch at run time), no input restarts the wait
/// and the repeat rule is off, so the tests of input that never stops can be shown to fail.
class input_guard {
 public:
  /// A time stamp: milliseconds on any monotonic clock, the same for every call.
  using time = std::chrono::milliseconds;

  /// The quiet moment before the buttons take input (Firefox's security.dialog_enable_delay is
  /// 1000 ms too).
  static constexpr time settle{1000};
  /// Presses closer than this are a burst, not a decision: the longest default double-click
  /// interval of the desktops (Windows and Chromium 500 ms, GTK 400 ms), above the 60 to 200 ms
  /// between the taps of a person clicking as fast as they can.
  static constexpr time repeat{500};
  /// X11 hands the focus over in two events (out, then in), and a window manager's activation
  /// may take it away and back at once: gone only once away this long.
  static constexpr time away{150};

  /// An input that may act on the window.
  enum class input {
    pointer_press,  ///< a mouse button or a touch going down (a click's first half)
    key_press,      ///< a key going down
    key_repeat,     ///< the same key again, held down
    cancel_key,     ///< Escape: it only ever cancels, so it is always accepted
  };

  void set_shown(bool on, time now);    ///< mapped (true) or unmapped
  void set_focused(bool on, time now);  ///< has the keyboard focus
  void set_seen(bool on, time now);     ///< not fully covered by another window

  /// Whether `what`, arriving at `now`, may act; every refusal restarts the wait.
  [[nodiscard]] bool accepts(input what, time now);
  /// Whether the window's controls may be used at `now` (nothing else has happened since the
  /// last call).
  [[nodiscard]] bool is_open(time now);
  /// When is_open() may change if nothing happens before; nullopt: only an event changes it.
  [[nodiscard]] std::optional<time> next_change() const;

 private:
  [[nodiscard]] bool ready() const { return shown_ && focused_ && seen_; }
  void update(time now);
  void rearm();

  bool shown_ = false;
  bool focused_ = false;
  bool seen_ = true;  // Wayland sends no visibility event
  bool open_ = false;
  bool last_accepted_ = false;
  std::optional<time> wait_from_;   // the current wait's start: ready since, or the last input
  std::optional<time> away_from_;   // the focus left the open window then
  std::optional<time> last_press_;  // the last pointer press, accepted or not
};

}  // namespace mailtokit::ask
