#!/usr/bin/env python3
"""Input that arrives too soon is no answer (issue 46): a click and keys sent the moment
mailtokit's question window appears do nothing; its buttons and check boxes become usable only
after the window has been shown and focused for a moment, and again after it regains the focus.

Usage: input_delay_test.py /path/to/mailtokit

On a private X desktop (1024x768, no window manager: the test gives the window the focus at once,
as a window manager does) with the accessibility bus (tests/gui/a11y.py):
1. The look-alike + hidden-copy link is asked once to learn where "Open as it is" is drawn (the
   window is centred and its size follows from the link), then cancelled.
2. Asked again: the moment the window is on the screen (xdotool search --sync), it gets the focus,
   a real mouse click on that place, then the keys Tab Tab space and Return. AT-SPI then reads
   "Open as it is" insensitive (so the input came while the guard held), later sensitive with
   the safe button (Cancel) focused; Cancel through AT-SPI: nothing was handed over.
3. A question about two files gets Tab Tab Tab space Return and Alt+1 at once; once usable, its
   default button (Open) through AT-SPI: no file attached.
4. Focus lost to another window (zenity) makes the buttons insensitive; focus back, insensitive
   at first, then sensitive again.
"""
import os
import sys
from pathlib import Path

import a11y

a11y.reexec_with_system_python()

from harness import titles  # noqa: E402
from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, wait_exit  # noqa: E402
from harness.links import HOMOGRAPH  # noqa: E402
from harness.session import Session, wait_for  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
checks = Checks("input_delay", show_passed=True)
check = checks.check


def push_buttons(pyatspi, app) -> dict:
    return {n.name: n for n in a11y.walk(app) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON
            and "showing" in a11y.states(pyatspi, n)}


def question_buttons(pyatspi) -> dict:
    """The question's push buttons by name, once it is on the accessibility bus."""
    return a11y.find(pyatspi, "mailtokit-ask", lambda app: push_buttons(pyatspi, app) or None, 30,
                     "the question's buttons")


def usable(pyatspi, button, timeout: float = 20) -> None:
    wait_for(lambda: "sensitive" in a11y.states(pyatspi, button) or None, timeout,
             f"{button.name!r} to become usable")


def at_once(s, *xdotool_args) -> str:
    """The question's window the moment it is mapped, focused, and xdotool_args sent to it."""
    r = s.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", titles.QUESTION], timeout=30)
    win = r.stdout.split()[-1]
    s.run(["xdotool", "windowfocus", win, *xdotool_args])
    return win


with Session("input-delay", 1024, 768) as s:
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    d.custom_config("notify = no\n")

    # 1. Where "Open as it is" is drawn.
    p, log = d.start(["open", HOMOGRAPH])
    b = question_buttons(pyatspi)
    check(list(b) == ["Cancel", "Open without the hidden copy", "Open as it is"], f"the three buttons: {list(b)}")
    usable(pyatspi, b["Open as it is"])
    x, y = a11y.center(pyatspi, b["Open as it is"])
    a11y.press(b["Cancel"])
    wait_exit(p, 30, "Cancel")
    s.wait_window(titles.QUESTION, timeout=30, gone=True)

    # 2. A click there and Tab Tab space, Return the moment the window appears.
    d.clear()
    p, log = d.start(["open", HOMOGRAPH])
    at_once(s, "mousemove", "--sync", str(x), str(y), "click", "1", "key", "Tab", "Tab", "space", "Return")
    b = question_buttons(pyatspi)
    early = a11y.states(pyatspi, b["Open as it is"])
    check("sensitive" not in early, f"right after the click and keys, 'Open as it is' is insensitive ({sorted(early)})")
    check(p.poll() is None and d.recorded("recorder") == [], "the early click and keys answered nothing")
    s.screenshot(RESULTS / "input_delay_early.png")
    usable(pyatspi, b["Open as it is"])
    focused = [n for n, w in b.items() if "focused" in a11y.states(pyatspi, w)]
    check(focused == ["Cancel"], f"usable after a moment, the safe button (Cancel) focused: {focused}")
    s.screenshot(RESULTS / "input_delay_usable.png")
    a11y.press(b["Cancel"])
    rc = wait_exit(p, 30, "Cancel after the early input")
    check(rc == 0 and d.recorded("recorder") == [] and "cancelled; nothing was started" in log.read_text("utf-8", "replace"),
          f"nothing handed over ({d.recorded('recorder')})")

    # 3. Files: Tab Tab Tab space Return and Alt+1 at once tick nothing.
    d.clear()
    p, log = d.send_files()
    at_once(s, "key", "Tab", "Tab", "Tab", "space", "Return", "alt+1")
    boxes = a11y.find(pyatspi, "mailtokit-ask", lambda app: [n for n in a11y.walk(app)
                      if n.getRole() == pyatspi.ROLE_CHECK_BOX] or None, 30, "the files' check boxes")
    check(all("sensitive" not in a11y.states(pyatspi, x) for x in boxes), "right after the keys, the boxes are insensitive")
    b = question_buttons(pyatspi)
    usable(pyatspi, b["Open"])
    check(all("sensitive" in a11y.states(pyatspi, x) and "checked" not in a11y.states(pyatspi, x) for x in boxes),
          "usable after a moment, no box ticked")
    a11y.press(b["Open"])
    rc = wait_exit(p, 30, "Open after the early keys")
    argv = d.recorded("recorder")
    draft = open(argv[-1][-1], "rb").read() if argv else b""
    check(rc == 0 and len(argv) == 1 and b"report.pdf" not in draft and b"notes.txt" not in draft,
          f"the early keys attached no file ({len(argv)} drafts)")

    # 4. Focus lost and back: insensitive again, then usable.
    d.clear()
    d.custom_config("notify = no\n")
    p, log = d.start(["open", HOMOGRAPH])
    win = s.wait_window(titles.QUESTION, timeout=30)
    s.activate(win)
    b = question_buttons(pyatspi)
    usable(pyatspi, b["Cancel"])
    other = s.spawn(["zenity", "--info", "--title", "another window", "--text", "another window"])
    zen = s.wait_window("^another window$", timeout=30)
    s.activate(zen)
    wait_for(lambda: "sensitive" not in a11y.states(pyatspi, b["Cancel"]) or None, 20,
             "the question's buttons to become insensitive when it loses the focus")
    check(True, "the focus gone, the buttons are insensitive")
    s.run(["xdotool", "windowfocus", "--sync", win, "key", "Return"])
    check("sensitive" not in a11y.states(pyatspi, b["Cancel"]) and p.poll() is None,
          "the focus back: still insensitive at first, Return did nothing")
    usable(pyatspi, b["Cancel"])
    check(True, "then usable again")
    a11y.press(b["Cancel"])
    wait_exit(p, 30, "Cancel after the focus came back")
    check(d.recorded("recorder") == [], "nothing handed over")

checks.finish()
