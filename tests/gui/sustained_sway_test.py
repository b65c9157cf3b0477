#!/usr/bin/env python3
"""Input that never stops is no answer under Wayland: sway headless (tests/harness/wayland.py)
gives the question the focus, and the attack of tests/gui/sustained.py, with the compositor's
own input devices (a virtual pointer, tests/gui/wayland/wl_pointer.c, and the session's virtual
keyboard), must get nothing through; with the guard's restart turned off it must get the hidden
copy through.

Usage: sustained_sway_test.py /path/to/mailtokit

mailtokit-ask with GTK's Wayland backend; the test waits on sway's tree for the window to be
mapped and focused; where its controls are comes from the accessibility bus (in the window) and
sway's tree (where the window is). Screenshots (grim): sustained_sway_clicks.png,
sustained_sway_keys.png.
"""
import os
from pathlib import Path

import sustained
from harness.checks import Checks, main
from harness.desktop import Desktop
from harness.wayland import WaylandSession

RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))


def run(prog: str) -> int:
    RESULTS.mkdir(parents=True, exist_ok=True)
    checks = Checks("sustained_sway", show_passed=True)
    with WaylandSession("sustained", 1280, 800) as s:
        prog = s.runnable(prog, beside=("mailtokit-ask",))
        sustained.start_a11y(s)
        desk = sustained.SwayDesk(s)
        try:
            sustained.Attack(desk, Desktop(s, prog), RESULTS, "sway", checks).all()
        finally:
            desk.input.close()
    return checks.report("sustained input under sway",
                         "clicks and keys that never stop answer nothing; with the restart off they send the hidden copy")


main(run)
