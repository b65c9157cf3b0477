#!/usr/bin/env python3
"""A question behind a full-screen window is announced, and answers nothing until seen (issue 46).

Usage: wayland_unseen_test.py /path/to/mailtokit

On a private sway desktop (tests/harness/wayland.py) with a real notification server (mako, read
back with makoctl): a GTK window titled "a web page" (standing for the browser) is put full screen
with `swaymsg fullscreen enable` and has the focus; then `mailtokit open` a link with a hidden
copy (the mail program a recorder, confirm = risky, notify = no: the notification checked is the
question window's own). sway maps the question hidden behind the full-screen window and leaves
the focus there (the tree says so; checked, since that is the case this test is about). Then:
1. A notification from mailtokit appears (mako's list, waited for), in plain words: a mail link is
   waiting for an answer. Keys typed meanwhile (Tab Tab space Return, to the full-screen window)
   hand nothing over; mailtokit is still asking.
2. The person leaves full screen and switches to the question (swaymsg): the notification is
   withdrawn, the question becomes usable, and Return gives the safe answer (the message without
   the hidden copy).
Screenshots: wayland_unseen-fullscreen.png (the full-screen window, the notification over it if
mako draws there), wayland_unseen-focused.png.
"""
import json
import os
import time
import urllib.parse
from pathlib import Path

from harness import titles
from harness.checks import Checks, main
from harness.desktop import Desktop, wait_exit
from harness.links import BCC_ONLY
from harness.session import require, wait_for
from harness.wayland import WaylandSession

RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
OTHER = "^a web page$"
SUMMARY = "A mail link is waiting for your answer"
# A plain GTK 3 window that ignores keys, the stand-in for a browser (system Python's Gtk).
PAGE = ("import gi; gi.require_version('Gtk', '3.0'); from gi.repository import Gtk; "
        "w = Gtk.Window(title='a web page'); w.set_default_size(900, 600); "
        "w.add(Gtk.Label(label='a page playing a video, full screen')); "
        "w.connect('destroy', Gtk.main_quit); w.show_all(); Gtk.main()")


def notifications(s) -> list[dict]:
    """mako's notifications now (makoctl list: {"data": [[{"summary": {"data": ...}, ...}]]})."""
    r = s.run(["makoctl", "list"], check=False)
    if r.returncode != 0:
        return []
    try:
        data = json.loads(r.stdout)["data"]
    except (json.JSONDecodeError, KeyError):
        return []
    out = []
    for group in data:
        for n in group:
            out.append({k: (v.get("data") if isinstance(v, dict) else v) for k, v in n.items()})
    return out


def ours(s) -> list[dict]:
    return [n for n in notifications(s) if n.get("app-name") == "mailtokit"]


def run(prog: str) -> int:
    require("mako", "makoctl", "busctl", "/usr/bin/python3")
    RESULTS.mkdir(parents=True, exist_ok=True)
    checks = Checks("wayland_unseen", show_passed=True)
    check = checks.check
    started = time.monotonic()
    with WaylandSession("unseen") as s:
        prog = s.runnable(prog, beside=("mailtokit-ask",))
        # On the overlay layer: on its default (top) layer sway draws mako under a full-screen window.
        s.spawn(["mako", "--layer", "overlay"], log=s.root / "mako.log")
        # mako's own interface answers once it owns org.freedesktop.Notifications.
        wait_for(lambda: s.run(["makoctl", "list"], check=False).returncode == 0, 30, "mako to serve notifications")
        d = Desktop(s, prog)
        d.custom_config("confirm = risky\nnotify = no\n")
        s.spawn(["/usr/bin/python3", "-c", PAGE], log=s.root / "page.log")
        s.wait_view(OTHER, focused=True, timeout=60)
        s.swaymsg(f'[title="{OTHER}"] fullscreen enable')
        wait_for(lambda: (s.view(OTHER) or {}).get("fullscreen_mode") == 1, 30, "the page to be full screen")

        p, log = d.start(["open", BCC_ONLY])
        q = s.wait_view(titles.QUESTION, timeout=60)
        other = s.view(OTHER)
        check(not q.get("focused") and not q.get("visible") and other.get("focused"),
              f"sway maps the question hidden and unfocused behind the full-screen page (question focused "
              f"{q.get('focused')}, visible {q.get('visible')}; page focused {other.get('focused')})")
        got = wait_for(lambda: ours(s), 30, "mailtokit's notification")
        check(len(got) == 1 and got[0].get("summary") == SUMMARY and "full screen" in (got[0].get("body") or ""),
              f"a notification says a mail link is waiting: {got}")
        s.key("Tab", "Tab", "space", "Return")
        s.screenshot(RESULTS / "wayland_unseen-fullscreen.png")
        check(p.poll() is None and d.recorded("recorder") == [], "keys meanwhile: still asking, nothing handed over")

        s.swaymsg(f'[title="{OTHER}"] fullscreen disable')
        s.swaymsg(f'[title="{titles.QUESTION}"] focus')
        s.wait_usable(titles.QUESTION)
        wait_for(lambda: not ours(s), 30, "the notification to be withdrawn once the question has the focus")
        check(True, "the question focused: the notification is withdrawn")
        s.screenshot(RESULTS / "wayland_unseen-focused.png")
        s.key("Return")
        rc = wait_exit(p, 30, "Return")
        runs = d.recorded("recorder")
        uri = urllib.parse.unquote(runs[-1][-1]) if runs else ""
        check(rc == 0 and len(runs) == 1 and uri.startswith("mailto:a@example.org") and "evil.example" not in uri,
              f"Return once seen: the message without the hidden copy ({runs})")
    print(f"run time {time.monotonic() - started:.0f} s")
    return checks.report("wayland unseen", "a question behind a full-screen window is announced and answers nothing "
                         "until seen")


main(lambda prog: run(prog))
