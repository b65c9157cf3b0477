#!/usr/bin/env python3
"""Input that never stops is no answer under a real window manager: mutter (GNOME's, as an X11
window and compositing manager) places the question and gives it the focus itself; the attack of
tests/gui/sustained.py must get nothing through, and with the guard's restart turned off it must
get the hidden copy through.

Usage: sustained_mutter_test.py /path/to/mailtokit

On a private X desktop (1024x768) with `mutter --x11 --replace` as its window manager (ready once
the root window names its check window, _NET_SUPPORTING_WM_CHECK) and the accessibility bus: the
test waits for mutter to give the question the focus (never gives it itself), then runs the clicks
and the key bursts of sustained.py with XTEST input, against mailtokit-ask and against
mailtokit-ask-no-restart. Screenshots: sustained_mutter_clicks.png, sustained_mutter_keys.png.
"""
import os
from pathlib import Path

import sustained
from harness.checks import Checks, main
from harness.desktop import Desktop
from harness.session import Session, require, wait_for

RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))


def run(prog: str) -> int:
    require("mutter", "xprop")
    RESULTS.mkdir(parents=True, exist_ok=True)
    checks = Checks("sustained_mutter", show_passed=True)
    with Session("sustained-mutter", 1024, 768) as s:
        sustained.start_a11y(s)
        wm = s.spawn(["mutter", "--x11", "--replace"], log=s.root / "mutter.log")
        wait_for(lambda: wm.poll() is not None or "window id" in s.run(
            ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], check=False).stdout, 30, "mutter to manage the screen")
        if wm.poll() is not None:
            raise sustained.Failure(f"mutter ended ({wm.returncode}): {(s.root / 'mutter.log').read_text(errors='replace')[-800:]}")
        sustained.Attack(sustained.X11Desk(s, wm=True), Desktop(s, prog), RESULTS, "mutter", checks).all()
    return checks.report("sustained input under mutter",
                         "clicks and keys that never stop answer nothing; with the restart off they send the hidden copy")


main(run)
