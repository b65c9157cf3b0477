#!/usr/bin/env python3
"""Input that never stops is no answer, on an X desktop without a window manager: a person kept
clicking or typing by a page's game ("click as fast as you can!") when mailtokit's question appears
under the pointer answers nothing, however long the stream lasts; once it stops, the question is
answered as usual. With the guard's restart turned off, the same streams get the hidden copy
through.

Usage: sustained_input_test.py /path/to/mailtokit

On a private X desktop (1024x768, no window manager: the test gives the window the focus, as a
window manager does) with the accessibility bus, the link of tests/gui/sustained.py (a hidden copy
to spy@evil.example and a file in ~/Documents to attach; the mail program a recorder given the
draft), the attack of sustained.py with XTEST input: the question asked once to learn where its
controls are; clicks every 100 ms in turn on the file's check box and on "Open as it is", from
before mailtokit starts until 3 s after the window has the focus; then bursts of Right Right
space, Tab Tab space, shift+Tab space for 3 s. Each time: nothing handed over while the stream
goes on, then the safe button focused, no file ticked, and Return gives the message without the
hidden copy or the file (screenshots sustained_no-wm_clicks.png, sustained_no-wm_keys.png). Both
streams again against mailtokit-ask-no-restart (the guard's restart off at compile time): the
mail program must get the hidden copy.
"""
import os
from pathlib import Path

import sustained
from harness.checks import Checks, main
from harness.desktop import Desktop
from harness.session import Session, require

RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))


def run(prog: str) -> int:
    require("xdotool")
    RESULTS.mkdir(parents=True, exist_ok=True)
    checks = Checks("sustained_input", show_passed=True)
    with Session("sustained-input", 1024, 768) as s:
        sustained.start_a11y(s)
        sustained.Attack(sustained.X11Desk(s, wm=False), Desktop(s, prog), RESULTS, "no-wm", checks).all()
    return checks.report("sustained input without a window manager",
                         "clicks and keys that never stop answer nothing; with the restart off they send the hidden copy")


main(run)
