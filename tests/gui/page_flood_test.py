#!/usr/bin/env python3
"""A page that opens mail links in a loop puts nothing on the screen beyond the one question.

Usage: page_flood_test.py /path/to/mailtokit

On a private X desktop (1024x768) with a notification daemon of the test's own on the session
bus (it records every Notify call and answers with an id, as a desktop's does):

1. Twenty look-alike links from a page at once, under `confirm = always`; then the user's own
   link. One question is on the screen; three links wait; the others leave the queue (exit 75:
   put aside in the list of mail links that waited, their drafts kept, said on stderr) without
   a window of their own: every one of them is said
   in ONE notification, each Notify replacing the one before by its id. Each question is
   cancelled with Escape in turn, at no moment two windows of mailtokit on the screen, and the
   last question is the user's own link (it was not refused for the page's links before it).
2. Ten links whose mail program cannot be started (`confirm = never`): one failure window, the
   other failures gathered into the one notification, never a window each.
3. Without $XDG_RUNTIME_DIR: six links, still one question at a time (the turn is kept in a
   private folder of the user's in $TMPDIR), and `mailtokit status` says where.
4. `mailtokit use` with the configuration a symbolic link into a dotfiles folder: the link stays,
   the file it leads to is rewritten.
Screenshots: page_flood.png, page_flood_failures.png.
"""
import os
import re
import sys
from pathlib import Path

import a11y

a11y.reexec_with_system_python()

from harness import titles  # noqa: E402
from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, wait_exit  # noqa: E402
from harness.links import HOMOGRAPH  # noqa: E402
from harness.notifications import notices, start_daemon  # noqa: E402
from harness.session import Session, wait_for  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
checks = Checks("page_flood", show_passed=True)
check = checks.check
WAITING = 3  # ask::max_waiting

def one_notice(got: list[dict], what: str) -> None:
    """Every Notify after the first replaced the one before it: one notification on the screen."""
    ids = {n["id"] for n in got}
    chained = all(n["replaces"] == got[0]["id"] for n in got[1:])
    check(len(got) >= 2 and len(ids) == 1 and chained,
          f"{what}: one notification, replaced by its id ({len(got)} calls, ids {sorted(ids)})")


def mailtokit_windows(s: Session) -> list[str]:
    return [t for t in s.all_titles() if t.startswith("mailtokit")]


def ask_each(s: Session, d: Desktop, procs, total: int, what: str) -> int:
    """Each question cancelled with Escape in turn; never two mailtokit windows on the screen."""
    def ended():
        return [p for p, _ in procs if p.poll() is not None]
    answered = 0
    while len(ended()) < total:
        s.wait_window(titles.QUESTION, timeout=60)
        shown = mailtokit_windows(s)
        check(len(shown) == 1, f"{what}, question {answered + 1}: one mailtokit window on the screen ({shown})")
        before = len(ended())
        s.key(s.windows(titles.QUESTION)[0], "Escape")
        wait_for(lambda: len(ended()) > before or None, 30, "the cancelled link's process to end")
        answered += 1
    return answered


with Session("page-flood", 1024, 768) as s:
    d = Desktop(s, PROG)
    d.record_ask()
    log = start_daemon(s)

    # 1. Twenty links from a page, then the user's own.
    d.custom_config("confirm = always\nnotify = yes\n")
    page = [d.start(["open", HOMOGRAPH + f"&body=page{i}"], log=s.root / f"page{i}.log") for i in range(20)]
    beyond = 20 - 1 - WAITING

    def ended(procs):
        return [(p, lg) for p, lg in procs if p.poll() is not None]
    wait_for(lambda: len(ended(page)) >= beyond or None, 90, "the links beyond the queue to leave it")
    s.wait_window(titles.QUESTION, timeout=60)
    mine = d.start(["open", "mailto:friend@example.org?subject=Lunch&body=mine"], log=s.root / "mine.log")
    wait_for(lambda: len(ended(page)) >= beyond + 1 or None, 60, "the oldest waiting link to leave the queue")
    check(mine[0].poll() is None, "the user's own link waits for its turn: not refused")
    wait_for(lambda: len(notices(log)) >= beyond + 1 or None, 60, "the notices of the links not opened")
    s.screenshot(RESULTS / "page_flood.png")
    shown = mailtokit_windows(s)
    check(len(shown) == 1, f"one mailtokit window on the screen: the question ({shown})")
    for p, lg in ended(page):
        text = lg.read_text("utf-8", "replace")
        check(p.returncode == 75 and "waits in the list of mail links that waited" in text and "it is kept in" in text,
              f"{lg.name}: exit {p.returncode}, said and kept: {text.strip()[-160:]!r}")
    check(len(d.kept_drafts()) == beyond + 1, f"their drafts kept ({len(d.kept_drafts())})")
    one_notice(notices(log), "the links not opened")
    last = notices(log)[-1]
    m = re.search(r"(\d+) mail links were not opened", last["summary"])
    check(m is not None and 2 <= int(m.group(1)) <= beyond + 1, f"the notice counts them: {last['summary']!r}")
    asked = ask_each(s, d, page + [mine], 21, "the flood")
    check(asked == WAITING + 1, f"{asked} questions asked, one after another")
    question = d.recorded_text("ask")
    check("friend@example.org" in question and "mine" in question,
          "the last question is the user's own link")
    wait_exit(mine[0], 10, "the user's link")
    check(mine[0].returncode == 0 and "cancelled" in mine[1].read_text("utf-8", "replace"),
          f"the user's link was asked and cancelled (exit {mine[0].returncode})")
    check(d.recorded("recorder") == [], "nothing was handed over")

    # 2. Ten links whose mail program cannot be started: one failure window, one notice.
    seen = len(notices(log))  # the daemon keeps its log open: read on from here
    d.clear()
    d.write_config('target = custom\ncommand = "/nonexistent/mail" %u\nconfirm = never\nnotify = yes\n')
    failing = [d.start(["open", f"mailto:a{i}@example.org"], log=s.root / f"fail{i}.log") for i in range(10)]
    for p, _ in failing:
        wait_exit(p, 60, "a link whose mail program is missing")
    win = s.wait_window(titles.FAILURE_ANY, timeout=60)
    wait_for(lambda: len(notices(log)) - seen >= 9 or None, 60, "the other failures' notices")
    s.screenshot(RESULTS / "page_flood_failures.png")
    check(len(s.windows(titles.FAILURE_ANY)) == 1, f"one failure window ({mailtokit_windows(s)})")
    check(len(mailtokit_windows(s)) == 1, f"no other mailtokit window ({mailtokit_windows(s)})")
    one_notice(notices(log)[seen:], "the failures")
    s.key(win, "Escape")
    s.wait_window(titles.FAILURE_ANY, timeout=30, gone=True)

    # 3. Without $XDG_RUNTIME_DIR, one question at a time still holds.
    d.clear()
    d.custom_config("confirm = always\nnotify = no\n")
    tmp = s.root / "tmp"
    tmp.mkdir()
    no_runtime = {"XDG_RUNTIME_DIR": "", "TMPDIR": str(tmp)}
    status = s.run([PROG, "status"], env={**d.env, **no_runtime}, check=False).stdout
    check(f"{tmp}/mailtokit-{os.geteuid()}" in status, f"status says where the turn is kept: "
          f"{[line for line in status.splitlines() if 'question' in line]}")
    runs = [d.start(["open", HOMOGRAPH + f"&body=run{i}"], env=no_runtime, log=s.root / f"run{i}.log")
            for i in range(6)]
    wait_for(lambda: len(ended(runs)) >= 6 - 1 - WAITING or None, 60, "the links beyond the queue")
    s.wait_window(titles.QUESTION, timeout=60)
    check(len(s.windows(titles.QUESTION)) == 1, f"one question window without XDG_RUNTIME_DIR "
          f"({len(s.windows(titles.QUESTION))})")
    asked = ask_each(s, d, runs, 6, "without XDG_RUNTIME_DIR")
    check(asked == WAITING + 1, f"{asked} questions asked, one after another")

    # 4. A configuration that is a link into a dotfiles folder stays one.
    dotfiles = s.root / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "mailtokit.conf"
    target.write_text("notify = no\n")
    d.config.unlink()
    d.config.symlink_to(target)
    r = s.run([PROG, "use", "gmail"], env=d.env, check=False)
    check(r.returncode == 0, f"mailtokit use gmail: exit {r.returncode} {r.stderr.strip()[-200:]!r}")
    check(d.config.is_symlink() and os.readlink(d.config) == str(target), "the configuration is still the link")
    check("gmail" in target.read_text() and "notify = no" in target.read_text(),
          f"the file it leads to was rewritten: {target.read_text()!r}")

checks.finish()
