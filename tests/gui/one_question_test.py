#!/usr/bin/env python3
"""One question at a time (issue 46): a page that opens mail links in a loop cannot stack
mailtokit's question windows on one another.

Usage: one_question_test.py /path/to/mailtokit

On a private X desktop (1024x768): six look-alike + hidden-copy links are opened at once, as a
page's loop hands them to the handler. One question is shown; three links wait their turn; the
two oldest waiting ones leave the queue as newer ones come (exit 75, put aside in the list of mail links that waited, said on stderr, the draft
kept, and no window of their own). Each question is cancelled with Escape in turn; the next one appears only then, and at no
moment are two question windows on the screen. Nothing is handed over.
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
checks = Checks("one_question", show_passed=True)
check = checks.check
LINKS = 6
WAITING = 3  # ask::max_waiting

with Session("one-question", 1024, 768) as s:
    d = Desktop(s, PROG)
    d.custom_config("notify = no\n")
    procs = []
    for i in range(LINKS):
        p, log = d.start(["open", HOMOGRAPH + f"&body=link{i}"], log=s.root / f"link{i}.log")
        procs.append((p, log))

    def ended():
        return [(p, log) for p, log in procs if p.poll() is not None]

    # The oldest links waiting leave the queue on their own; the others hold the turn or a place in line.
    refused = wait_for(lambda: ended() if len(ended()) >= LINKS - 1 - WAITING else None, 60,
                       "the links beyond the queue to be put aside")
    win = s.wait_window(titles.QUESTION, timeout=60)
    check(len(ended()) == LINKS - 1 - WAITING, f"{LINKS - 1 - WAITING} links put aside, the rest wait ({len(ended())} ended)")
    for p, log in refused:
        text = log.read_text("utf-8", "replace")
        check(p.returncode == 75 and "waits in the list of mail links that waited" in text
              and "it is kept in" in text, f"a link put aside: exit {p.returncode}, said and kept: {text.strip()[-200:]!r}")
    check(len(d.kept_drafts()) == len(refused), f"their drafts kept ({len(d.kept_drafts())})")
    shown = d.recorded("zenity") + d.recorded("yad") + d.recorded("kdialog")
    check(shown == [], f"no refusal opened a window of its own: {shown}")
    s.screenshot(RESULTS / "one_question.png")

    # Each question in turn: one window at a time, the next only after the last is answered.
    answered = 0
    while True:
        wins = s.windows(titles.QUESTION)
        check(len(wins) == 1, f"question {answered + 1}: one question window on the screen ({len(wins)})")
        before = len(ended())
        s.key(wins[0], "Escape")
        wait_for(lambda: len(ended()) > before or None, 30, "the cancelled link's process to end")
        answered += 1
        if len(ended()) == LINKS:
            break
        # The cancelled question's window went before its process ended; any question window now
        # is the next link's (Xvfb may give it the same id).
        s.wait_window(titles.QUESTION, timeout=60)
    check(answered == WAITING + 1, f"{answered} questions asked, one after another")
    for p, log in procs:
        if (p, log) not in refused:
            wait_exit(p, 5, "a cancelled link")
            check(p.returncode == 0 and "cancelled; nothing was started" in log.read_text("utf-8", "replace"),
                  f"{log.name}: cancelled (exit {p.returncode})")
    check(d.recorded("recorder") == [], "nothing was handed over")
    s.wait_window(titles.QUESTION, timeout=30, gone=True)

checks.finish()
