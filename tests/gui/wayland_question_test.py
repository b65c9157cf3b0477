#!/usr/bin/env python3
"""The question under Wayland (issue 46): mailtokit's window appears and takes the focus from a
focused window, keys sent the moment it has the focus do nothing, and once it can be answered
Return gives the safe answer, Escape cancels, and Tab Tab space sent at once never hands the
hidden copy over.

Usage: wayland_question_test.py /path/to/mailtokit

On a private sway desktop (tests/harness/wayland.py: sway headless as an unprivileged user, its
own D-Bus session bus, one virtual keyboard, grim), mailtokit run as a browser runs it
(`mailtokit open LINK`, the mail program a recorder, confirm = risky, notify = no), the question
in the build's mailtokit-ask with GTK's Wayland backend. Before each link, another window (a
zenity window titled "a web page", standing for the browser) has the focus. For each case: the
question's window appears and has the focus (sway's tree); the keys "at once" are sent the moment
the tree shows it focused; then the test waits until the window's default button is drawn usable
(a screenshot of it, GTK's suggested-action blue) and checks that mailtokit is still asking and
the recorder got nothing; then the answer key; what the recorder got is the answer:

1. The look-alike + hidden-copy link (HOMOGRAPH, safe answer Cancel): Tab Tab space Return at
   once; then Return: nothing handed over, "cancelled" in the log.
2. A hidden copy alone (BCC_ONLY, safe answer "Open without the hidden copy"): Tab Tab space at
   once; then Return: the mail program gets the message without the hidden copy (the keys reach
   the window: the test's positive control).
3. BCC_ONLY, Escape (the window's own key, taken at once): nothing handed over.

Screenshots: wayland_question-*.png (before the answer: the question over the other window).
"""
import os
import sys
import time
import urllib.parse
from pathlib import Path

from harness import titles
from harness.checks import Checks, main
from harness.desktop import Desktop, wait_exit
from harness.links import BCC_ONLY, HOMOGRAPH
from harness.session import require, wait_for
from harness.wayland import WaylandSession

RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
OTHER = "^a web page$"


def handed_over(d: Desktop) -> str:
    """What the mail program got: "nothing", "without" (the link without its hidden copy), or
    "RISKY: ..." (the hidden copy, or a link asked about opened as it is)."""
    runs = d.recorded("recorder")
    if not runs:
        return "nothing"
    uri = urllib.parse.unquote(runs[-1][-1])
    if "evil.example" in uri or len(runs) != 1:
        return f"RISKY: {runs}"
    return "without" if uri.startswith("mailto:a@example.org") else f"unexpected: {runs}"


def run(prog: str) -> int:
    require("zenity")
    RESULTS.mkdir(parents=True, exist_ok=True)
    checks = Checks("wayland_question", show_passed=True)
    check = checks.check
    started = time.monotonic()
    with WaylandSession("question") as s:
        prog = s.runnable(prog, beside=("mailtokit-ask",))
        d = Desktop(s, prog)
        d.custom_config("confirm = risky\nnotify = no\n")
        s.spawn(["zenity", "--info", "--title", "a web page", "--text", "A page that wants an answer fast."])
        s.wait_view(OTHER, focused=True, timeout=60)

        cases = (("homograph", HOMOGRAPH, ["Tab", "Tab", "space", "Return"], "Return", "nothing"),
                 ("bcc-return", BCC_ONLY, ["Tab", "Tab", "space"], "Return", "without"),
                 ("bcc-escape", BCC_ONLY, ["Tab", "Tab", "space"], "Escape", "nothing"))
        for name, link, at_once, answer, want in cases:
            d.clear()
            other = s.wait_view(OTHER, focused=True, timeout=30)
            check(other.get("focused"), f"{name}: the other window has the focus before the link")
            p, log = d.start(["open", link])
            q = s.wait_view(titles.QUESTION, focused=True, timeout=60, interval=0.02)
            s.key(*at_once)
            check(q.get("visible") and q.get("app_id") == "mailtokit-ask",
                  f"{name}: the question is mailtokit-ask's, visible, and took the focus from the other window "
                  f"({q.get('app_id')}, visible {q.get('visible')})")
            # Either the early keys answered (mailtokit ends) or the question becomes usable.
            state = wait_for(lambda: "ended" if p.poll() is not None else "usable" if s.usable(titles.QUESTION)
                             else None, 30, "the question to become usable or mailtokit to end")
            check(state == "usable" and d.recorded("recorder") == [],
                  f"{name}: {' '.join(at_once)} at once answered nothing (mailtokit {state}, handed over: "
                  f"{handed_over(d)})")
            if state != "usable":
                continue
            s.screenshot(RESULTS / f"wayland_question-{name}.png")
            s.key(answer)
            rc = wait_exit(p, 30, f"{name}: {answer}")
            got = handed_over(d)
            text = log.read_text("utf-8", "replace")
            check(rc == 0 and got == want, f"{name}: {answer} once usable gives {got} (want {want}; exit {rc})")
            if want == "nothing":
                check("cancelled; nothing was started" in text, f"{name}: the log says it was cancelled: {text.strip()[-200:]}")
            s.wait_view(titles.QUESTION, gone=True, timeout=30)
    print(f"run time {time.monotonic() - started:.0f} s")
    return checks.report("wayland question", "under sway the question takes the focus, early keys do nothing, "
                         "Return gives the safe answer, Escape cancels")


main(lambda prog: run(prog))
