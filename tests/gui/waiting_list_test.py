#!/usr/bin/env python3
"""The user's own link is never refused because a page filled the queue: it waits in a list.

Usage: waiting_list_test.py /path/to/mailtokit

On a private X desktop with the accessibility bus, `confirm = always`:

1. A page's link holds the question; the user's own link comes; then three more of the page's.
   The user's link has had more links come after it than may wait (ask::max_waiting), so it
   leaves the queue: it is put aside (exit 75, said on stderr, its draft kept), with no window
   of its own; `mailtokit waiting` lists it with its recipient and subject, `status` counts it.
2. Each of the page's questions cancelled with Escape in turn.
3. `mailtokit waiting --window` (the Mail links entry's action): a window titled "mailtokit: mail
   links that waited", a radio button for the user's link (its recipient and subject), the
   newest chosen; "Ask about this link" (usable after the input guard's moment) brings the
   link's own question (read back from what mailtokit-ask was given); Escape cancels it; the
   list is then empty and the window program ends.
Screenshot: waiting_list.png.
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
from harness.titles import exactly  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
checks = Checks("waiting_list", show_passed=True)
check = checks.check
WAITING = 3  # ask::max_waiting
LIST_TITLE = "mailtokit: mail links that waited"
MINE = "mailto:friend@example.org?subject=Lunch&body=mine"


def issued(s: Session) -> int:
    """How many tickets the queue for a question has handed out (ask/turn.cpp's "queue")."""
    f = Path(s.env["XDG_RUNTIME_DIR"]) / "mailtokit" / "queue"
    try:
        return int(f.read_text().strip() or "0")
    except (FileNotFoundError, ValueError):
        return 0


with Session("waiting-list", 1024, 768) as s:
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    d.record_ask()
    d.custom_config("confirm = always\nnotify = no\n")

    # ---- 1. the user's link between the page's ---------------------------------------------
    procs = [d.start(["open", HOMOGRAPH + "&body=page0"], log=s.root / "page0.log")]
    s.wait_window(titles.QUESTION, timeout=60)
    mine = d.start(["open", MINE], log=s.root / "mine.log")
    wait_for(lambda: issued(s) >= 2 or None, 30, "the user's link to take its place in the queue")
    for i in range(1, WAITING + 1):
        procs.append(d.start(["open", HOMOGRAPH + f"&body=page{i}"], log=s.root / f"page{i}.log"))
        wait_for(lambda: issued(s) >= 2 + i or None, 30, f"page link {i} to take its place in the queue")
    rc = wait_exit(mine[0], 30, "the user's link, pushed out of the queue")
    told = mine[1].read_text("utf-8", "replace")
    check(rc == 75 and "waits in the list of mail links that waited" in told and "mailtokit waiting" in told,
          f"the user's link is put aside, not refused: exit {rc}, {told.strip()[-300:]!r}")
    check(len(s.windows(titles.QUESTION)) == 1 and not s.windows(exactly(LIST_TITLE)),
          "no window of its own: only the page's question is on the screen")
    listed = s.run([PROG, "waiting"], env=d.env).stdout
    check("1. to friend@example.org; subject \"Lunch\"" in listed and "page" not in listed,
          f"`mailtokit waiting` lists the user's link: {listed!r}")
    status = s.run([PROG, "status"], env=d.env).stdout
    check("1 link, not opened (mailtokit waiting)" in status, f"status says a link waits: "
          f"{[line for line in status.splitlines() if 'waited' in line]}")

    # ---- 2. the page's questions, each cancelled ----------------------------------------------
    for n in range(len(procs)):
        s.wait_window(titles.QUESTION, timeout=60)
        before = sum(p.poll() is not None for p, _ in procs)
        s.key(s.windows(titles.QUESTION)[0], "Escape")
        wait_for(lambda: sum(p.poll() is not None for p, _ in procs) > before or None, 30, "a cancelled link to end")
    check(all(p.returncode == 0 for p, _ in procs), f"the page's links were asked and cancelled: "
          f"{[p.returncode for p, _ in procs]}")
    check(d.recorded("recorder") == [], "nothing was handed over")

    # ---- 3. the list's window: the user's link asked about ------------------------------------
    lister, lister_log = d.start(["waiting", "--window"], log=s.root / "waiting.log")
    win = s.wait_window(exactly(LIST_TITLE), timeout=30)
    s.activate(win)

    def usable(app):
        nodes = list(a11y.walk(app))
        buttons = [n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and "showing" in a11y.states(pyatspi, n)]
        ask = [b for b in buttons if b.name == "Ask about this link"]
        return nodes if ask and "sensitive" in a11y.states(pyatspi, ask[0]) else None
    nodes = a11y.find(pyatspi, "mailtokit-ask", usable, 30, "the list's window, usable")
    s.screenshot(RESULTS / "waiting_list.png")
    radios = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_RADIO_BUTTON)
    names = [r.name for r in radios]
    check(len(radios) == 1 and names[0].startswith("to friend@example.org; subject \"Lunch\""),
          f"one radio button, the user's link by its recipient and subject: {names}")
    check("checked" in a11y.states(pyatspi, radios[0]), "the newest is chosen")
    buttons = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_PUSH_BUTTON)
    check([b.name for b in buttons] == ["Close", "Forget them all", "Ask about this link"],
          f"the buttons: {[b.name for b in buttons]}")
    a11y.press(a11y.named(buttons, "Ask about this link"))
    s.wait_window(titles.QUESTION, timeout=60)
    question = d.recorded_text("ask")
    check("friend@example.org" in question and "Lunch" in question, "the user's link is asked its own question")
    s.key(s.windows(titles.QUESTION)[0], "Escape")
    rc = wait_exit(lister, 30, "the list's window after the last link")
    told = lister_log.read_text("utf-8", "replace")
    check(rc == 0 and "cancelled" in told and "No mail links are waiting." in told,
          f"the link was asked and cancelled, the list is empty: exit {rc}, {told.strip()[-300:]!r}")
    check(d.recorded("recorder") == [], "still nothing was handed over unasked")
    listed = s.run([PROG, "waiting"], env=d.env).stdout
    check("No mail links are waiting." in listed, f"the list is empty: {listed!r}")

checks.finish()
