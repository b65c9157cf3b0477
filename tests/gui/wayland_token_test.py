#!/usr/bin/env python3
"""The activation token a browser hands mailtokit reaches the question's window, and is never
handed on once used (issue 46).

Usage: wayland_token_test.py /path/to/mailtokit

On a private sway desktop (tests/harness/wayland.py), a GTK window stands for the browser: on
each Return it gets (a real key, so a real input serial) it opens the next link the way a
browser opens a mailto: link, through GIO with mailtokit's desktop entry (the repository's
desktop/mailtokit.desktop, its Exec pointed at the built program) and GTK's launch context,
which asks sway for an xdg-activation token when the entry says StartupNotify=true; it prints
the token GLib passed (its "launched" signal). The mail program is a script that records the
token variables it was given.
1. A link with a hidden copy: the question's window (mailtokit-ask, its pid from sway's tree) has
   the page's token in DESKTOP_STARTUP_ID (the name GTK 3 reads) and has the focus; Return once
   usable gives the safe answer, and the mail program gets the message without any token (the
   token activated the question, and a token activates one window).
2. A plain link (nothing to ask): the mail program gets the page's new token.
"""
import os
import time
from pathlib import Path

from harness import titles
from harness.checks import Checks, main
from harness.desktop import Desktop
from harness.links import BCC_ONLY, PLAIN
from harness.session import require, wait_for
from harness.wayland import WaylandSession

RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
SOURCE = Path(__file__).resolve().parents[2]
OTHER = "^a web page$"
PAGE = r"""
import sys, gi
gi.require_version('Gtk', '3.0')
from gi.repository import Gdk, Gio, Gtk
entry, links = sys.argv[1], sys.argv[2:]
w = Gtk.Window(title='a web page')
w.set_default_size(700, 400)
w.add(Gtk.Label(label='a page with mail links'))
def launched(ctx, info, platform):
    print('token ' + (platform.lookup_value('startup-notification-id', None) or
                      platform.lookup_value('activation-token', None) or
                      gi.repository.GLib.Variant('s', '')).get_string(), flush=True)
def key(widget, event):
    if event.keyval == Gdk.KEY_Return and links:
        ctx = w.get_display().get_app_launch_context()
        ctx.connect('launched', launched)
        Gio.DesktopAppInfo.new_from_filename(entry).launch_uris([links.pop(0)], ctx)
    return True
w.connect('key-press-event', key)
w.connect('destroy', Gtk.main_quit)
w.show_all()
Gtk.main()
"""
MAIL = """#!/bin/sh
printf 'DESKTOP_STARTUP_ID=%s\\nXDG_ACTIVATION_TOKEN=%s\\nlink=%s\\n' "${DESKTOP_STARTUP_ID-}" \\
  "${XDG_ACTIVATION_TOKEN-}" "$1" >"$MAILTOKIT_TEST_RECORD.envmail.$$.partial"
mv "$MAILTOKIT_TEST_RECORD.envmail.$$.partial" "$MAILTOKIT_TEST_RECORD.envmail.$$"
"""


def environ_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(x.decode("utf-8", "replace").split("=", 1) for x in raw if b"=" in x)


def run(prog: str) -> int:
    require("/usr/bin/python3")
    RESULTS.mkdir(parents=True, exist_ok=True)
    checks = Checks("wayland_token", show_passed=True)
    check = checks.check
    started = time.monotonic()
    entry_text = (SOURCE / "desktop/mailtokit.desktop").read_text()
    check("StartupNotify=true" in entry_text.splitlines(), "desktop/mailtokit.desktop says StartupNotify=true")
    with WaylandSession("token") as s:
        prog = s.runnable(prog, beside=("mailtokit-ask",))
        d = Desktop(s, prog)
        mail = d.bin / "envmail"
        mail.write_text(MAIL)
        mail.chmod(0o755)
        d.write_config(f'target = custom\ncommand = "{mail}" %u\nconfirm = risky\nnotify = no\n')
        apps = s.home / ".local/share/applications"
        apps.mkdir(parents=True, exist_ok=True)
        entry = apps / "mailtokit.desktop"
        # Its Exec and TryExec pointed at the built program (GIO starts no entry whose TryExec is missing).
        entry.write_text("\n".join(f'Exec="{prog}" open %u' if line.startswith("Exec=") else
                                   f"TryExec={prog}" if line.startswith("TryExec=") else line
                                   for line in entry_text.splitlines()) + "\n")
        page_log = s.root / "page.log"
        s.spawn(["/usr/bin/python3", "-c", PAGE, str(entry), BCC_ONLY, PLAIN], log=page_log, env=d.env)
        s.wait_view(OTHER, focused=True, timeout=60)

        def tokens() -> list[str]:
            return [line[6:] for line in page_log.read_text("utf-8", "replace").splitlines() if line.startswith("token ")]

        def records() -> list[dict[str, str]]:
            files = sorted((p for p in s.root.glob("record.envmail.*") if not p.name.endswith(".partial")),
                           key=lambda p: p.stat().st_mtime)
            return [dict(line.split("=", 1) for line in p.read_text().splitlines()) for p in files]

        # 1. The question gets the token, and the mail program after it none.
        s.key("Return")
        token = wait_for(lambda: tokens()[:1], 30, "the page to launch mailtokit")[0]
        check(token != "", f"the page's launch context got a token from sway ({token!r})")
        q = s.wait_view(titles.QUESTION, focused=True, timeout=60)
        got = environ_of(q["pid"]).get("DESKTOP_STARTUP_ID")
        check(got == token, f"mailtokit-ask has the token in DESKTOP_STARTUP_ID ({got!r}) and has the focus")
        s.wait_usable(titles.QUESTION)
        s.screenshot(RESULTS / "wayland_token-question.png")
        s.key("Return")
        rec = wait_for(lambda: records()[:1], 30, "the mail program to run after the question")[0]
        check(rec.get("link", "").startswith("mailto:a@example.org") and "evil" not in rec.get("link", ""),
              f"Return gave the safe answer ({rec.get('link')})")
        check(rec.get("DESKTOP_STARTUP_ID") == "" and rec.get("XDG_ACTIVATION_TOKEN") == "",
              f"the mail program after the question got no token: {rec}")
        s.wait_view(titles.QUESTION, gone=True, timeout=30)

        # 2. Nothing asked: the token goes on to the mail program.
        s.wait_view(OTHER, focused=True, timeout=30)
        s.key("Return")
        second = wait_for(lambda: tokens()[1:2], 30, "the page to launch mailtokit again")[0]
        rec = wait_for(lambda: records()[1:2], 30, "the mail program to run for the plain link")[0]
        check(second != "" and second != token and rec.get("link") == PLAIN
              and (rec.get("DESKTOP_STARTUP_ID") == second or rec.get("XDG_ACTIVATION_TOKEN") == second),
              f"a link not asked about: the mail program gets the page's new token ({second!r}): {rec}")
    print(f"run time {time.monotonic() - started:.0f} s")
    return checks.report("wayland token", "the activation token reaches the question's window and is not handed on")


main(lambda prog: run(prog))
