#!/usr/bin/env python3
"""The whole truth on the first screen (issue 46): a hidden copy is named where the question
window opens, whatever fills the rest of it.

Usage: first_screen_test.py /path/to/mailtokit

On a private X desktop of 1024x768 with the accessibility bus (tests/gui/a11y.py), read through
AT-SPI ("showing": drawn and inside the visible part of its scrolled view):
1. four look-alike To addresses and one hidden copy: the hidden copy's finding is a label shown
   (the four findings' limit counts a look-alike instead), and so is the hidden-copy line;
2. sixteen long To addresses and a hidden copy: the hidden-copy line is shown without scrolling.
Screenshots: first_screen_*.png in the results folder.
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
checks = Checks("first_screen", show_passed=True)
check = checks.check


def usable_labels(pyatspi, s):
    """(labels, buttons) of the question once it can be answered."""
    s.activate(s.wait_window(titles.QUESTION, timeout=30))

    def ready(app):
        nodes = list(a11y.walk(app))
        buttons = {n.name: n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON}
        if not any(a11y.states(pyatspi, b) >= {"focused", "sensitive"} for b in buttons.values()):
            return None
        return [n for n in nodes if n.getRole() == pyatspi.ROLE_LABEL], buttons
    return a11y.find(pyatspi, "mailtokit-ask", ready, 30, "the question, usable")


def showing(pyatspi, labels, text: str) -> list[str]:
    return [n.name for n in labels if text in n.name and "showing" in a11y.states(pyatspi, n)]


CASES = [
    ("four", ",".join(f"admin{i}@%D0%B0pple.com" for i in range(4)) + "?bcc=spy@evil.example"),
    ("sixteen", ",".join(f"a-rather-long-name-for-a-recipient-number-{i:02d}@a-long-domain-name.example.org"
                         for i in range(16)) + "?bcc=spy@evil.example"),
]

with Session("first-screen", 1024, 768) as s:
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    d.custom_config("notify = no\n")
    for name, link in CASES:
        d.clear()
        p, log = d.start(["open", "mailto:" + link])
        labels, buttons = usable_labels(pyatspi, s)
        s.screenshot(RESULTS / f"first_screen_{name}.png")
        line = showing(pyatspi, labels, "Hidden copy, which the others do not see")
        check(line and "spy@evil.example" in line[0], f"{name}: the hidden-copy line is on the first screen ({line})")
        if name == "four":
            finding = showing(pyatspi, labels, "spy@evil.example would get the message")
            check(len(finding) == 1, f"{name}: the hidden copy's finding is shown, not counted ({finding})")
        a11y.press(buttons["Cancel"])
        rc = wait_exit(p, 30, f"{name}: Cancel")
        check(rc == 0 and d.recorded("recorder") == [], f"{name}: Cancel, nothing handed over")
        s.wait_window(titles.QUESTION, timeout=30, gone=True)

checks.finish()
