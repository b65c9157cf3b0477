#!/usr/bin/env python3
"""`register` says where the next mail link goes when `mailtokit use` already chose.

Usage: register_target.py /path/to/mailtokit

In a private HOME with the real xdg-mime: a mail program that is only the desktop's first pick
(a system entry no mimeapps.list names). Without a choice, `register` says the next mail link
asks where mail goes. After `mailtokit use gmail` it must not say so (the click goes straight to
Gmail): it names gmail instead, and `open --dry-run` agrees that Gmail gets the link. With a
previous handler the user chose, `register` after `use gmail` says drafts go to gmail, not to
that handler.
"""
import os
import shutil
import subprocess
from pathlib import Path

from harness.checks import Checks, main
from harness.desktop import private_home


def run(prog):
    checks = Checks("register_target", show_passed=True)
    check = checks.check
    tmp, home, env = private_home()
    root = Path(tmp)
    env.update(LANGUAGE="C", LANG="C.UTF-8", XDG_DATA_DIRS=str(root / "system-share"),
               XDG_CONFIG_DIRS=str(root / "system-config"))
    system_apps = root / "system-share/applications"
    system_apps.mkdir(parents=True)
    (root / "system-config").mkdir()
    (system_apps / "firstpick-mail.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=First Pick\nExec=/bin/true %u\nMimeType=x-scheme-handler/mailto;\n")

    def sh(*args):
        return subprocess.run(list(args), env=env, capture_output=True, text=True, cwd=tmp, timeout=60)

    sh("update-desktop-database", str(system_apps))
    asks = "the next mail link asks where mail goes"
    r = sh(prog, "register")
    check(r.returncode == 0 and asks in r.stdout, f"with no choice, register says the next link asks: {r.stdout!r}")
    sh(prog, "unregister")

    r = sh(prog, "use", "gmail")
    check(r.returncode == 0, f"use gmail: exit {r.returncode}: {r.stderr.strip()}")
    r = sh(prog, "register")
    check(r.returncode == 0, f"register: exit {r.returncode}: {r.stderr.strip()}")
    check(asks not in r.stdout, f"after `use gmail`, register does not say the next link asks: {r.stdout!r}")
    check("mail links go to gmail" in r.stdout, f"... it says they go to gmail: {r.stdout!r}")
    d = sh(prog, "open", "--dry-run", "mailto:joe@example.org")
    check("mail.google.com" in d.stdout, f"open --dry-run agrees: Gmail gets the link: {d.stdout!r} {d.stderr!r}")
    sh(prog, "unregister")

    # A previous handler the user chose: drafts still go to gmail, and register says so.
    (system_apps / "chosen-mail.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Chosen\nExec=/bin/true %u\nMimeType=x-scheme-handler/mailto;\n")
    sh("xdg-mime", "default", "chosen-mail.desktop", "x-scheme-handler/mailto")
    r = sh(prog, "register")
    check(r.returncode == 0 and "previous:     chosen-mail.desktop" in r.stdout, f"register: {r.stdout!r} {r.stderr!r}")
    check("drafts still go there" not in r.stdout and "drafts go to gmail" in r.stdout,
          f"... and says drafts go to gmail, not to the previous handler: {r.stdout!r}")
    sh(prog, "unregister")
    shutil.rmtree(tmp, ignore_errors=True)
    return checks.report("register_target", "register says where a `use` choice sends mail links")


main(run)
