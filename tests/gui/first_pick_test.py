#!/usr/bin/env python3
"""The desktop's first pick is nobody's choice (issue 47): with several mail programs installed
and no mimeapps.list naming one, the first click asks where mail goes; a program an
administrator's mimeapps.list names is a choice, and drafts go there without a question.

Usage: first_pick_test.py /path/to/mailtokit

A private X desktop whose XDG_DATA_DIRS holds two mail programs' desktop entries (aaa-mail and
zzz-mail, each the test's recorder with its own name as first argument) and their
mimeinfo.cache, so that the real `xdg-mime` answers aaa-mail.desktop, the first of the cache,
though nobody chose it.

1. `status` says nobody chose aaa-mail; `register` says it was only the desktop's first pick and
   names no previous handler.
2. A click through the real `xdg-open`: the first click's chooser appears in mailtokit-ask, and
   aaa-mail is not started. Escape: nothing opens.
3. The administrator's mimeapps.list (XDG_CONFIG_DIRS) names zzz-mail: `register` again names it
   as the previous handler, and a click through `xdg-open` hands the link to zzz-mail with no
   question.

Screenshot: first-pick-chooser.png.
"""
import os
import sys
from pathlib import Path

from harness.checks import Checks
from harness.desktop import Desktop, system_share_without_mail
from harness.session import Session, wait_for
from harness.titles import exactly

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
checks = Checks("first pick", show_passed=True)
check = checks.check

CHOOSER = "mailtokit: where should mail links go?"
LINK = "mailto:jane@example.org?subject=Hello"


def mailto_default(s) -> str:
    return s.run(["xdg-mime", "query", "default", "x-scheme-handler/mailto"], check=False).stdout.strip()


with Session("first-pick", 1280, 800) as s:
    apps = system_share_without_mail(s)
    admin = s.root / "etc-xdg"
    admin.mkdir()
    s.env["XDG_CONFIG_DIRS"] = str(admin)
    d = Desktop(s, PROG)
    # Exec unquoted: xdg-mime takes a mimeapps.list line only when it finds the entry's program,
    # and it does not read a quoted path (the recorder's folder has a space in its name).
    mail_bin = s.root / "mail-bin"
    mail_bin.mkdir()
    (mail_bin / "recorder").symlink_to(d.recorder)
    for name in ("aaa-mail", "zzz-mail"):
        (apps / f"{name}.desktop").write_text(
            f"[Desktop Entry]\nType=Application\nName={name}\nExec={mail_bin / 'recorder'} {name} %u\n"
            "MimeType=x-scheme-handler/mailto;\n")
    s.run(["update-desktop-database", str(apps)])
    d.write_config("notify = no\n")
    check(mailto_default(s) == "aaa-mail.desktop", f"xdg-mime answers the cache's first: {mailto_default(s)!r}")

    # ---- 1. status and register say it is nobody's choice ---------------------------------
    status = s.run([PROG, "status"], env=d.env).stdout
    check("default mailto: handler: aaa-mail.desktop" in status and
          "chosen because:        the first mail program this desktop found: nobody chose it" in status,
          f"status: nobody chose aaa-mail: {status!r}")
    reg = s.run([PROG, "register"], env=d.env).stdout
    check("aaa-mail.desktop was only your desktop's first pick, not a choice" in reg and "previous:     (none)" in reg,
          f"register: a pick, no previous handler: {reg!r}")

    # ---- 2. the first click asks ---------------------------------------------------------
    log = s.root / "xdg-open.log"
    s.spawn(["xdg-open", LINK], log=log, env=d.env)
    win = s.wait_window(exactly(CHOOSER), timeout=60)
    s.activate(win)
    s.screenshot(RESULTS / "first-pick-chooser.png")
    check(d.recorded("recorder") == [], f"aaa-mail was not started: {d.recorded('recorder')}")
    s.key(win, "Escape")
    s.wait_window(exactly(CHOOSER), timeout=30, gone=True)
    wait_for(lambda: "nothing was chosen" in log.read_text("utf-8", "replace"), 30, "the 'nothing was chosen' message")
    check(d.recorded("recorder") == [], "Escape: nothing was opened")

    # ---- 3. an administrator's choice is a choice ----------------------------------------
    s.run([PROG, "unregister"], env=d.env)
    (admin / "mimeapps.list").write_text("[Default Applications]\nx-scheme-handler/mailto=zzz-mail.desktop;\n")
    check(mailto_default(s) == "zzz-mail.desktop", f"xdg-mime answers the administrator's: {mailto_default(s)!r}")
    reg = s.run([PROG, "register"], env=d.env).stdout
    check("previous:     zzz-mail.desktop" in reg, f"register names the administrator's choice: {reg!r}")
    d.clear()
    s.spawn(["xdg-open", LINK], log=log, env=d.env)
    got = wait_for(lambda: d.recorded("recorder"), 60, "zzz-mail to be given the link")
    check(got[0][1:2] == ["zzz-mail"] and got[0][-1] == LINK, f"zzz-mail got the link: {got}")
    check(not s.windows(exactly(CHOOSER)), "no chooser for a program somebody chose")

checks.finish()
