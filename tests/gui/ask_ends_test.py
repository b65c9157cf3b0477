#!/usr/bin/env python3
"""The question ends with what asked it, and a question in a program that cannot hold back early
input offers no risky answer.

Usage: ask_ends_test.py /path/to/mailtokit

On a private X desktop (no window manager), the link
mailto:friend@example.org?bcc=spy@evil.example (safe answer: Open without the hidden copy), the
mail program a recorder, zenity behind the harness's recorder of its argv (tests/harness/desktop.py):
1. mailtokit killed (SIGKILL) while its question is on the screen: mailtokit-ask's window goes
   away, and its process ends; nothing was handed over.
2. mailtokit-ask killed (SIGKILL) while it asks: mailtokit asks again in zenity, whose buttons
   are only "Open without the hidden copy" and "Cancel" (and Details), never "Open as it is",
   and whose text says why (screenshot ask_ends_zenity.png); Return there gives the safe answer:
   the message without the hidden copy.
"""
import os
import signal
import sys
from pathlib import Path

from harness import titles
from harness.checks import Checks
from harness.desktop import Desktop, wait_exit, wait_record
from harness.session import Session, require, wait_for

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
LINK = "mailto:friend@example.org?bcc=spy@evil.example&subject=Hi"
SPY = "spy@evil.example"
checks = Checks("ask_ends", show_passed=True)
check = checks.check


def window_pid(s: Session, win: str) -> int:
    return int(s.run(["xdotool", "getwindowpid", win]).stdout.strip())


def running(pid: int) -> bool:
    """Whether `pid` is a live process (a zombie has ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


require("xdotool", "zenity")
with Session("ask-ends", 1024, 768) as s:
    d = Desktop(s, PROG)
    d.custom_config("notify = no\n")

    # 1. mailtokit killed mid-question: its window goes.
    p, log = d.start(["open", LINK])
    win = s.wait_window(titles.QUESTION, timeout=30)
    ask_pid = window_pid(s, win)
    check(ask_pid != p.pid and running(ask_pid), f"the question is mailtokit-ask's window (pid {ask_pid})")
    p.kill()
    p.wait(timeout=30)
    s.wait_window(titles.QUESTION, timeout=30, gone=True)
    check(True, "mailtokit killed: the question's window went away")
    wait_for(lambda: not running(ask_pid), 30, "mailtokit-ask to end with its mailtokit")
    check(True, "and mailtokit-ask ended")
    check(d.recorded("recorder") == [], "nothing was handed over")

    # 2. mailtokit-ask killed mid-question: zenity asks, without the risky answer.
    d.clear()
    p, log = d.start(["open", LINK])
    win = s.wait_window(titles.QUESTION, timeout=30)
    os.kill(window_pid(s, win), signal.SIGKILL)
    argv = wait_record(d, "zenity", 30)
    zen = s.wait_window(titles.QUESTION_ANY, timeout=30)
    buttons = [a.split("=", 1)[1] for a in argv if a.startswith("--extra-button=")]
    check(buttons == ["Open without the hidden copy", "Cancel", "Details"],
          f"zenity offers only the safe answers: {buttons}")
    text = next((a for a in argv if a.startswith("--text=")), "")
    check("offers only the safe answer" in text and "Open as it is" not in text,
          "its text says why, and names no risky answer")
    s.activate(zen)
    s.screenshot(RESULTS / "ask_ends_zenity.png")
    s.key(zen, "Return")
    rc = wait_exit(p, 30, "Return in zenity")
    got = " ".join(" ".join(a) for a in d.recorded("recorder"))
    check(rc == 0 and len(d.recorded("recorder")) == 1 and SPY not in got and "friend@example.org" in got,
          f"Return gives the safe answer: the message without the hidden copy ({got!r})")

checks.finish()
