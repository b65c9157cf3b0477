#!/usr/bin/env python3
"""The question window fits a small screen whatever the link (issue 46): a wide file name wraps
instead of pushing the window, its buttons and the name's real ending off the screen.

Usage: window_fits_test.py /path/to/mailtokit

On a private X desktop of 800x600 with the accessibility bus (tests/gui/a11y.py), read through
AT-SPI (extents in screen coordinates):
1. "send by email" of a file whose name is 76 full-width letters and ".pdf": the window, every button and the file's check box lie inside the screen,
   and the check box's name ends in ".pdf" (the real ending, not cut);
2. sixteen long To addresses and a hidden copy: the window and its buttons lie inside the screen.
Screenshots: window_fits_*.png in the results folder.
"""
import os
import sys
from pathlib import Path

import a11y

a11y.reexec_with_system_python()

from harness import titles  # noqa: E402
from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, wait_exit  # noqa: E402
from harness.session import Session  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
checks = Checks("window_fits", show_passed=True)
check = checks.check
W, H = 800, 600
WIDE = "\uff37" * 76 + ".pdf"  # FULLWIDTH LATIN CAPITAL LETTER W: twice as wide as a letter


def question(pyatspi):
    """The question's frame, push buttons and check boxes once it can be answered."""
    def ready(app):
        nodes = list(a11y.walk(app))
        buttons = {n.name: n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON}
        if not any(a11y.states(pyatspi, b) >= {"focused", "sensitive"} for b in buttons.values()):
            return None
        frames = [n for n in nodes if n.getRole() in (pyatspi.ROLE_FRAME, pyatspi.ROLE_DIALOG, pyatspi.ROLE_ALERT)]
        return frames[0], buttons, [n for n in nodes if n.getRole() == pyatspi.ROLE_CHECK_BOX]
    return a11y.find(pyatspi, "mailtokit-ask", ready, 30, "the question, usable")


def inside(pyatspi, node) -> tuple[bool, str]:
    e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    ok = e.x >= 0 and e.y >= 0 and e.x + e.width <= W and e.y + e.height <= H and e.width > 0
    return ok, f"{node.name[:30]!r} at {e.x},{e.y} {e.width}x{e.height}"


with Session("window-fits", W, H) as s:
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    cases = [("file", lambda: d.send_files(names=(WIDE,))),
             ("sixteen", lambda: d.start(["open", "mailto:" + ",".join(
                 f"a-rather-long-name-for-a-recipient-number-{i:02d}@a-long-domain-name.example.org"
                 for i in range(16)) + "?bcc=spy@evil.example"]))]
    for name, start in cases:
        d.clear()
        d.custom_config("notify = no\n")
        p, log = start()
        s.activate(s.wait_window(titles.QUESTION, timeout=30))
        frame, buttons, boxes = question(pyatspi)
        s.screenshot(RESULTS / f"window_fits_{name}.png")
        for node in [frame, *buttons.values(), *boxes]:
            ok, where = inside(pyatspi, node)
            check(ok, f"{name}: inside the {W}x{H} screen: {where}")
        if name == "file":
            check(len(boxes) == 1 and boxes[0].name.strip("\u2068\u2069").endswith(".pdf"), f"the file's box, its real ending: "
                  f"{[b.name[-8:] for b in boxes]}")
        a11y.press(buttons["Cancel"])
        rc = wait_exit(p, 30, f"{name}: Cancel")
        check(rc == 0 and d.recorded("recorder") == [], f"{name}: Cancel, nothing handed over")
        s.wait_window(titles.QUESTION, timeout=30, gone=True)

checks.finish()
