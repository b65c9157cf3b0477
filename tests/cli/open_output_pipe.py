#!/usr/bin/env python3
"""A failed `open` without a terminal does not hold the caller's output (issue 47): the failure
window (zenity) outlives mailtokit, so it must not keep mailtokit's stdout and stderr open, or
`mailtokit open ... | head` waits until the window is closed.

Usage: open_output_pipe.py /path/to/mailtokit

The mail program is /bin/false (the hand-over fails at once); zenity is a stand-in that writes
its pid and stays until it is ended. mailtokit runs with stdout and stderr on pipes (no terminal):
both pipes must reach their end while the stand-in window is still running.
"""
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from harness.checks import Checks
from harness.desktop import write_config
from harness.session import home_env, wait_for

PROG = os.path.realpath(sys.argv[1])
checks = Checks("open_output_pipe", show_passed=True)
check = checks.check

with tempfile.TemporaryDirectory(prefix="mailtokit-pipe-") as tmp:
    root = Path(tmp)
    home, bin_dir = root / "home", root / "bin"
    bin_dir.mkdir()
    (home / ".config").mkdir(parents=True)
    pidfile = root / "zenity.pid"
    (bin_dir / "zenity").write_text(f'#!/bin/sh\necho $$ > "{pidfile}.part" && mv "{pidfile}.part" "{pidfile}"\n'
                                    "exec sleep 600\n")
    (bin_dir / "notify-send").write_text("#!/bin/sh\nexit 0\n")
    for f in bin_dir.iterdir():
        f.chmod(0o755)
    write_config(home / ".config", "target = custom\ncommand = /bin/false %u\n")
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "DISPLAY": ":97", "LANG": "C.UTF-8", **home_env(home)}
    p = subprocess.Popen([PROG, "open", "mailto:a@example.org"], env=env, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        # The failure guard only: before the fix this waited for the window, 600 s.
        out, err = p.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        check(False, "mailtokit's output reached its end while the failure window was open")
    else:
        check(True, "mailtokit's output reached its end while the failure window was open")
    pid = int(wait_for(lambda: pidfile.exists() and pidfile.read_text().strip(), 30, "the stand-in zenity"))
    alive = True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        alive = False
    check(alive, "the stand-in failure window was still running then")
    check(p.returncode == 69 and b"stopped at once and reported an error (exit status 1)" in err,
          f"the failure said in words: exit {p.returncode}, {err.decode(errors='replace')!r}")
    if alive:
        os.kill(pid, signal.SIGTERM)

checks.finish()
