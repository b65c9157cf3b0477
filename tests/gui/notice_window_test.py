#!/usr/bin/env python3
"""What mailtokit changed in a link it opened reaches the user also without a notification server.

Usage: notice_window_test.py /path/to/mailtokit

mailtokit runs as a browser runs it (no terminal) on a private X desktop, the mail program a
recorder, with a link whose attach= names /etc/passwd (`confirm = risky`: the link is not risky
and no file can be offered, so nothing is asked and the draft opens):
1. No notification server on the session bus (the real notify-send fails): the draft is handed
   over, and mailtokit's own window (titled "mailtokit changed or flagged this link", Close only,
   nothing but close) says what was not attached and why (notice_window.png). Return closes it.
2. A notification server of the test's own: the same lines go to one notification, and no window.
3. `notify = no`: neither a notification nor a window; stderr still says it.
"""
import os
import sys
from pathlib import Path

import a11y

a11y.reexec_with_system_python()

from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, wait_exit  # noqa: E402
from harness.notifications import notices, start_daemon  # noqa: E402
from harness.session import Session, wait_for  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
TITLE = "mailtokit changed or flagged this link"
checks = Checks("notice_window", show_passed=True)
check = checks.check

with Session("notice-window", 1024, 768) as s:
    d = Desktop(s, PROG)
    d.record_ask()
    link = "mailto:boss@example.org?subject=Report&attach=%2Fetc%2Fpasswd"

    def run(config: str, what: str) -> str:
        d.clear()
        d.custom_config(config)
        p, log = d.start(["open", link])
        check(wait_exit(p, 60, what) == 0, f"{what}: exit 0")
        got = d.recorded("recorder")
        check(len(got) == 1 and got[0][-1].startswith("mailto:boss@example.org"),
              f"{what}: the draft was handed over without waiting for the notice ({got})")
        return log.read_text("utf-8", "replace")

    # 1. No notification server: our window.
    err = run("confirm = risky\n", "no notification server")
    win = s.wait_window("^" + TITLE + "$", timeout=60)
    text = d.recorded_text("ask")
    check("not attached: /etc/passwd" in text, f"the window says what was not attached: {text[:400]!r}")
    check(text.count("button:") == 1 and "button:close" in text and "icon" in text and "dialog-information" in text,
          f"Close is its one button, the information icon its own: {text[-200:]!r}")
    check("not attached: /etc/passwd" in err, f"stderr says it too: {err.strip()[-300:]!r}")
    s.screenshot(RESULTS / "notice_window.png", window=win)
    s.activate(win)
    s.key(win, "Return")
    s.wait_window("^" + TITLE + "$", timeout=30, gone=True)
    d.wait_failure_window_ended()
    check(len(d.recorded("recorder")) == 1, "closing the notice started nothing more")

    # 2. With a notification server: one notification, no window.
    log = start_daemon(s)
    run("confirm = risky\n", "a notification server")
    got = wait_for(lambda: notices(log) or None, 30, "the notification")
    d.wait_failure_window_ended()
    check(len(got) == 1 and got[0]["summary"] == TITLE and "/etc/passwd" in got[0]["body"],
          f"one notification says it: {got}")
    check(d.recorded("ask") == [] and not s.windows("^" + TITLE + "$"), "and no window")

    # 3. notify = no: stderr only.
    err = run("confirm = risky\nnotify = no\n", "notify = no")
    d.wait_failure_window_ended()
    check(len(notices(log)) == 1 and d.recorded("ask") == [], "notify = no: no notification, no window")
    check("not attached: /etc/passwd" in err, "notify = no: stderr still says it")

checks.finish()
