#!/usr/bin/env python3
"""Input that never stops is no answer: a person kept clicking or typing by a page's game ("click
as fast as you can!") when mailtokit's question appears under the pointer answers nothing, however
long the stream lasts; once it stops, the question is answered as usual.

Usage: sustained_input_test.py /path/to/mailtokit

On a private X desktop (1024x768, no window manager: the test gives the window the focus, as a
window manager does) with the accessibility bus (tests/gui/a11y.py), the link
mailto:friend@example.org?bcc=spy@evil.example (buttons: Open without the hidden copy, the safe
default; Cancel; Open as it is), the mail program a recorder:
1. Asked once to learn where "Open as it is" is drawn, then cancelled.
2. Real clicks on that place every 100 ms for 6 s (xdotool click --repeat 60 --delay 100),
   started before mailtokit, so they come before, while and after the window maps and takes the
   focus. When they end, nothing was handed over and the question is still there; once usable,
   the safe button has the focus and Cancel answers (screenshot sustained_input_clicks.png).
3. Keys while it waits: Right Right space and Tab Tab space, over and over for 4 s from the
   moment the window has the focus (each of them, let through, moves the focus onto "Open as it
   is" and presses it). Nothing handed over; once usable, the focus is on the safe button and
   Return gives it: the mail program gets the message without the hidden copy.
With the guard's restart and repeat rules turned off (handler/ask/input_guard.cpp), parts 2 and 3
hand spy@evil.example over.
"""
import os
import sys
from pathlib import Path

import a11y

a11y.reexec_with_system_python()

from harness import titles  # noqa: E402
from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, wait_exit  # noqa: E402
from harness.session import Session, require, wait_for  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
LINK = "mailto:friend@example.org?bcc=spy@evil.example&subject=Play%20again"
SPY = "spy@evil.example"
checks = Checks("sustained_input", show_passed=True)
check = checks.check


def question_buttons(pyatspi) -> dict:
    """The question's showing push buttons by name, once it is on the accessibility bus."""
    def ready(app):
        b = {n.name: n for n in a11y.walk(app) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON
             and "showing" in a11y.states(pyatspi, n)}
        return b or None
    return a11y.find(pyatspi, "mailtokit-ask", ready, 30, "the question's buttons")


def usable(pyatspi, button, timeout: float = 20) -> None:
    wait_for(lambda: "sensitive" in a11y.states(pyatspi, button) or None, timeout,
             f"{button.name!r} to become usable")


def handed(d: Desktop) -> str:
    """What the mail program got: nothing, or its argv joined."""
    return " ".join(" ".join(a) for a in d.recorded("recorder"))


require("xdotool")
with Session("sustained-input", 1024, 768) as s:
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    d.custom_config("notify = no\n")

    # 1. Where "Open as it is" is drawn (the window is centred, its size follows from the link).
    p, log = d.start(["open", LINK])
    win = s.wait_window(titles.QUESTION, timeout=30)
    s.activate(win)
    b = question_buttons(pyatspi)
    check(list(b) == ["Open without the hidden copy", "Cancel", "Open as it is"], f"the three buttons: {list(b)}")
    usable(pyatspi, b["Open as it is"])
    x, y = a11y.center(pyatspi, b["Open as it is"])
    a11y.press(b["Cancel"])
    wait_exit(p, 30, "Cancel")
    s.wait_window(titles.QUESTION, timeout=30, gone=True)

    # 2. Clicks there every 100 ms for 6 s, from before the window maps.
    d.clear()
    s.run(["xdotool", "mousemove", "--sync", str(x), str(y)])
    clicker = s.spawn(["xdotool", "click", "--repeat", "60", "--delay", "100", "1"])
    p, log = d.start(["open", LINK])
    win = s.wait_window(titles.QUESTION, timeout=30)
    s.run(["xdotool", "windowfocus", win])
    check(clicker.poll() is None, "the window had the focus while the clicks went on")
    wait_exit(clicker, 60, "the clicks")
    check(p.poll() is None and SPY not in handed(d), f"6 s of clicks on 'Open as it is' answered nothing ({handed(d)!r})")
    b = question_buttons(pyatspi)
    usable(pyatspi, b["Cancel"])
    focused = [n for n, w in b.items() if "focused" in a11y.states(pyatspi, w)]
    check(focused == ["Open without the hidden copy"], f"once the clicks stopped, the safe button has the focus: {focused}")
    shot = s.screenshot(RESULTS / "sustained_input_clicks.png")
    a11y.press(b["Cancel"])
    rc = wait_exit(p, 30, "Cancel after the clicks")
    check(rc == 0 and d.recorded("recorder") == [], f"the question still answered as asked: cancelled ({handed(d)!r})")

    # 3. Right Right space and Tab Tab space, over and over, from the moment the window has the focus.
    d.clear()
    p, log = d.start(["open", LINK])
    win = s.wait_window(titles.QUESTION, timeout=30)
    s.run(["xdotool", "windowfocus", "--sync", win])
    s.run(["xdotool", "key", "--delay", "100", "--repeat", "7", "Right", "Right", "space", "Tab", "Tab", "space"],
          timeout=60)
    check(p.poll() is None and SPY not in handed(d), f"4 s of Right Right space, Tab Tab space answered nothing ({handed(d)!r})")
    b = question_buttons(pyatspi)
    usable(pyatspi, b["Cancel"])
    focused = [n for n, w in b.items() if "focused" in a11y.states(pyatspi, w)]
    check(focused == ["Open without the hidden copy"], f"the keys moved no focus: {focused}")
    s.screenshot(RESULTS / "sustained_input_keys.png")
    s.run(["xdotool", "key", "Return"])
    rc = wait_exit(p, 30, "Return after the keys")
    got = handed(d)
    check(rc == 0 and len(d.recorded("recorder")) == 1 and SPY not in got and "friend@example.org" in got,
          f"Return then gives the safe answer: the message without the hidden copy ({got!r})")

checks.finish()
