"""Shared by the tests of what `mailtokit open` shows on the desktop (confirm_dialog_test.py,
open_failures_test.py): a private HOME with a configuration, recorders, and the dialog buttons.

Recorders are programs first in PATH that write their argv (NUL-separated) to a file:
- `recorder`: the mail client (target = custom, command = "<recorder>" %u); it only records.
- `zenity`, `yad`, `kdialog`: record their argv and the text file they are given, then run the
  REAL program (/usr/bin/zenity, ...), so the dialog on the screen is the real one.
- `notify-send`: records, then runs the real notify-send when installed (its failure without a
  notification daemon is ignored, as mailtokit ignores it).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

from session import Failure, Session, wait_for

RECORD_SH = r'''#!/bin/sh
# Record argv (and a --filename= file's text) to $MAILTOKIT_TEST_RECORD.<name>.<pid>, then run the real one.
PATH="$PATH:/usr/bin:/bin"  # the tools below, also when a test gives mailtokit a bare PATH
name=$(basename "$0")
out="$MAILTOKIT_TEST_RECORD.$name.$$"
: >"$out.partial"
for a in "$0" "$@"; do printf '%s\0' "$a" >>"$out.partial"; done
for a in "$@"; do
  case "$a" in --filename=*) cp -- "${a#--filename=}" "$out.text" ;; esac
done
mv "$out.partial" "$out"
real="REAL"
if [ -n "$real" ] && [ -x "$real" ]; then exec "$real" "$@"; fi
exit 0
'''


ASK_RECORDER = r'''#!/bin/sh
# Record argv and the question file given to mailtokit-ask, then run the real one.
out="$MAILTOKIT_TEST_RECORD.ask.$$"
: >"$out.partial"
for a in "$0" "$@"; do printf '%s\0' "$a" >>"$out.partial"; done
cp -- "$1" "$out.text"
mv "$out.partial" "$out"
exec "REAL" "$@"
'''


class Desktop:
    """A private HOME + bin directory inside a Session, and mailtokit run as a browser runs it."""

    def __init__(self, session: Session, prog: str):
        self.s = session
        self.prog = prog
        self.bin = session.root / "fake bin"
        self.bin.mkdir(exist_ok=True)
        self.record = session.root / "record"
        for name in ("recorder", "zenity", "yad", "kdialog", "notify-send"):
            real = "" if name == "recorder" else (shutil.which(name) or "")
            path = self.bin / name
            path.write_text(RECORD_SH.replace('real="REAL"', f'real="{real}"'))
            path.chmod(0o755)
        self.recorder = str(self.bin / "recorder")
        self.config = session.home / ".config/mailtokit/config"
        self.config.parent.mkdir(parents=True, exist_ok=True)
        self.drafts = session.home / ".local/state/mailtokit/drafts"
        self.env = {"PATH": f"{self.bin}{os.pathsep}{session.env['PATH']}",
                    "MAILTOKIT_TEST_RECORD": str(self.record)}

    def write_config(self, text: str) -> None:
        self.config.write_text(text)

    def custom_config(self, extra: str = "") -> None:
        self.write_config(f'target = custom\ncommand = "{self.recorder}" %u\n{extra}')

    def clear(self) -> None:
        for p in self.s.root.glob("record.*"):
            p.unlink()
        if self.drafts.exists():
            for p in self.drafts.iterdir():
                p.unlink()

    def recorded(self, name: str) -> list[list[str]]:
        """Every recorded argv of `name` (recorder, zenity, yad, kdialog, notify-send), oldest first."""
        files = sorted((p for p in self.s.root.glob(f"record.{name}.*")
                        if not p.name.endswith((".partial", ".text"))), key=lambda p: p.stat().st_mtime)
        out = []
        for p in files:
            parts = p.read_bytes().split(b"\0")
            out.append([x.decode("utf-8", "surrogateescape") for x in parts[:-1]])
        return out

    def recorded_text(self, name: str) -> str:
        texts = sorted(self.s.root.glob(f"record.{name}.*.text"), key=lambda p: p.stat().st_mtime)
        if not texts:
            raise Failure(f"{name} was given no text file")
        return texts[-1].read_text("utf-8")

    def start(self, args: list[str], env: dict[str, str] | None = None, log: Path | None = None):
        """mailtokit started as a browser starts it: no terminal (stdin /dev/null, output to a log)."""
        log = log or (self.s.root / "mailtokit.log")
        if log.exists():
            log.unlink()
        p = self.s.spawn([self.prog] + args, log=log, env={**self.env, **(env or {})})
        return p, log

    def record_ask(self) -> None:
        """Run the build's mailtokit-ask (beside the program) through a recorder that keeps its
        argv and the question file it is given: recorded("ask"), recorded_text("ask")."""
        real = os.path.join(os.path.dirname(os.path.realpath(self.prog)), "mailtokit-ask")
        recorder = self.bin / "mailtokit-ask"
        recorder.write_text(ASK_RECORDER.replace("REAL", real))
        recorder.chmod(0o755)
        self.env["MAILTOKIT_ASK"] = str(recorder)

    def kept_drafts(self) -> list[Path]:
        return sorted(self.drafts.glob("draft-*.eml")) if self.drafts.exists() else []


def window_geometry(s: Session, win: str) -> tuple[int, int, int, int]:
    r = s.run(["xdotool", "getwindowgeometry", "--shell", win])
    g = dict(line.split("=", 1) for line in r.stdout.split() if "=" in line)
    return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])


def buttons(s: Session, win: str, shot: Path, timeout: float = 15.0) -> list[tuple[int, int]]:
    """The centres of the buttons in a dialog's bottom row, left to right, found on the screen.
    Along a line through the buttons above their labels only the buttons' vertical borders are
    dark: a button is the space between two borders at least 40 pixels apart. A window that is
    mapped but not yet painted (a black screen on a loaded machine) is looked at again until
    `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        found = buttons_on_screen(s, win, shot)
        if found or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    if not found:
        x, y, w, h = window_geometry(s, win)
        raise Failure(f"no buttons found in window {win} ({w}x{h}) within {timeout:.0f} s")
    return found


def buttons_on_screen(s: Session, win: str, shot: Path) -> list[tuple[int, int]]:
    """One look at the screen for buttons(); empty when none are drawn."""
    x, y, w, h = window_geometry(s, win)
    s.screenshot(shot)
    for dy in range(60, 8, -2):
        row = y + h - dy
        r = s.run(["convert", str(shot), "-crop", f"{w}x1+{x}+{row}", "txt:-"])
        dark = []
        for line in r.stdout.splitlines()[1:]:
            m = re.match(r"\s*(\d+),\d+:.*#([0-9A-Fa-f]{6})", line)
            if m and sum(bytes.fromhex(m.group(2))) / 3 < 215:
                dark.append(int(m.group(1)))
        # Borders only: left and right border of each button, nothing in between.
        if len(dark) < 2 or len(dark) % 2:
            continue
        pairs = list(zip(dark[0::2], dark[1::2]))
        if all(40 <= b - a <= 500 for a, b in pairs) and all(
                0 < c - b < 16 for (_, b), (c, _) in zip(pairs, pairs[1:])):
            return [(x + (a + b) // 2, row + 6) for a, b in pairs]
    return []


def click_button(s: Session, win: str, index: int, count: int, shot: Path) -> None:
    """Click the index-th of `count` buttons (checks that exactly `count` are there)."""
    found = buttons(s, win, shot)
    if len(found) != count:
        raise Failure(f"expected {count} buttons, found {len(found)} at {found}")
    s.click(*found[index])


def wait_exit(p, timeout: float, what: str) -> int:
    try:
        return p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"{what}: mailtokit still running after {timeout:.0f} s")


def wait_record(d: Desktop, name: str, timeout: float = 15) -> list[str]:
    return wait_for(lambda: (d.recorded(name) or [None])[-1], timeout, f"{name} to run")


def quiet_for(seconds: float) -> None:
    time.sleep(seconds)


# The title of mailtokit's question (mailtokit-ask, and the dialog programs when it is missing).
QUESTION = r"^mailtokit: check this link before it opens$"


def tick_and_open(s: Session, win: str, count: int, shot: Path | None = None) -> None:
    """Answer mailtokit-ask's question as a person who wants the files: tick the first `count`
    files (Alt+1, Alt+2, ...: the mnemonics of the window's check boxes, never ticked to start),
    then Return, which on a check box gives the default button (Open, or Open without the hidden
    copy). A screenshot of the ticked question goes to `shot`."""
    s.activate(win)
    for i in range(1, count + 1):
        s.key(win, f"alt+{i}")
    if shot is not None:
        time.sleep(0.3)  # drawn
        s.screenshot(shot)
    s.key(win, "Return")
