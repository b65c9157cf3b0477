#!/usr/bin/env python3
"""A per-user install works as a system one does (issue 47): the build installed with `cmake
--install BUILD --prefix ~/.local` (a prefix other than the one it was configured for) into a
private HOME, then used from there on a private X desktop.

Usage: per_user_install_test.py /path/to/built/mailtokit   (MAILTOKIT_BUILD_DIR: the build)

1. `status` names the installed window (~/.local/libexec/mailtokit/mailtokit-ask) and catalogs
   (~/.local/share/locale), found from where the program is, not from the configured prefix.
2. A browser user's desktop with the installed mailtokit.desktop made the default by hand:
   `register` writes its own entry (mailtokit-handler.desktop) and names no previous handler,
   the installed entry untouched; then a click through the real xdg-open under
   LANGUAGE=de: the first click's chooser shows, in German, in a window of the installed
   mailtokit-ask (the window's process is that file); Escape: nothing opens, the user is told in
   German.
3. A risky link with a mail program chosen: the question shows in the installed mailtokit-ask,
   never zenity.
4. The window removed: `status` says it is missing and what that costs; `open` says so once
   (on stderr and in a notification), not a second time.

5. Uninstalled as the README says: `unregister` removes only what `register` wrote (the installed
   entry stays until the manifest's files go), then nothing of the install is left.

Screenshots: per-user-chooser-de.png, per-user-question.png.
"""
import os
import shutil
import sys
from pathlib import Path

from harness.checks import Checks
from harness.desktop import Desktop, system_share_without_mail, wait_exit
from harness.session import Failure, Session, wait_for
from harness.titles import exactly

BUILD = Path(os.environ["MAILTOKIT_BUILD_DIR"])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
checks = Checks("per-user install", show_passed=True)
check = checks.check

CHOOSER_DE = "mailtokit: Wohin sollen Mail-Links gehen?"
QUESTION = "mailtokit: check this link before it opens"
LINK = "mailto:jane@example.org?subject=Hello"
RISKY = "mailto:a@example.org?bcc=x@evil.example&subject=Invoice"


def configured_prefix() -> str:
    for line in (BUILD / "CMakeCache.txt").read_text("utf-8").splitlines():
        if line.startswith("CMAKE_INSTALL_PREFIX:"):
            return line.split("=", 1)[1]
    raise Failure("no CMAKE_INSTALL_PREFIX in the build's CMakeCache.txt")


def mailto_default(s) -> str:
    return s.run(["xdg-mime", "query", "default", "x-scheme-handler/mailto"], check=False).stdout.strip()


def window_exe(s, win: str) -> str:
    """The program whose process shows the X window `win` (_NET_WM_PID)."""
    pid = s.run(["xdotool", "getwindowpid", win]).stdout.strip()
    return os.path.realpath(f"/proc/{pid}/exe")


with Session("per-user-install", 1280, 800) as s:
    local = s.home / ".local"
    check(configured_prefix() != str(local), f"the build was configured for another prefix ({configured_prefix()})")
    inst = s.run(["cmake", "--install", str(BUILD), "--prefix", str(local)], timeout=300)
    prog = local / "bin/mailtokit"
    ask = local / "libexec/mailtokit/mailtokit-ask"
    check(prog.is_file() and ask.is_file(), f"installed {prog} and {ask}")
    check((BUILD / "install_manifest.txt").is_file(), "cmake --install wrote install_manifest.txt (the README's uninstall)")

    # A browser user's desktop: no mail program's entry, a stand-in browser for https.
    system_share_without_mail(s)
    s.env["PATH"] = f"{local / 'bin'}{os.pathsep}{s.env['PATH']}"
    d = Desktop(s, str(prog))
    apps = s.home / ".local/share/applications"
    (apps / "fakebrowser.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Fake Browser\n"
        f'Exec="{d.recorder}" %u\nMimeType=x-scheme-handler/https;x-scheme-handler/http;\n')
    s.run(["xdg-mime", "default", "fakebrowser.desktop", "x-scheme-handler/https"])
    d.write_config("notify = yes\n")

    # ---- 1. status finds the installed parts ----------------------------------------------
    status = s.run([str(prog), "status"], env=d.env).stdout
    check(f"question window:         {ask}\n" in status, f"status names the installed window: {status!r}")
    check(f"translations:            {local / 'share/locale'}\n" in status,
          f"status names the installed catalogs: {status!r}")
    # The installed entry made the default by hand, as the man page tells a system-wide install's
    # users: still not "the program used before".
    installed_entry = apps / "mailtokit.desktop"
    entry_bytes = installed_entry.read_bytes()
    s.run(["xdg-mime", "default", "mailtokit.desktop", "x-scheme-handler/mailto"])
    reg = s.run([str(prog), "register"], env=d.env)
    check(reg.returncode == 0 and "previous:     (none)" in reg.stdout,
          f"register names no previous handler (mailtokit's own entry is none): {reg.stdout!r} {reg.stderr!r}")
    check(f"desktop file: {apps / 'mailtokit-handler.desktop'}\n" in reg.stdout, "register writes its own entry")
    check(installed_entry.read_bytes() == entry_bytes, "the installed mailtokit.desktop is left as installed")
    check(mailto_default(s) == "mailtokit-handler.desktop", f"the real xdg-mime names it: {mailto_default(s)!r}")
    status = s.run([str(prog), "status"], env=d.env).stdout
    check("previous handler:        (none)" in status and "(not installed)" not in status,
          f"status agrees: {status!r}")

    # ---- 2. the first click, through xdg-open, in German ----------------------------------
    log = s.root / "xdg-open.log"
    p = s.spawn(["xdg-open", LINK], log=log, env={**d.env, "LANGUAGE": "de"})
    win = s.wait_window(exactly(CHOOSER_DE), timeout=60)
    s.activate(win)
    s.screenshot(RESULTS / "per-user-chooser-de.png")
    check(window_exe(s, win) == str(ask), f"the chooser is the installed mailtokit-ask: {window_exe(s, win)}")
    s.key(win, "Escape")
    s.wait_window(exactly(CHOOSER_DE), timeout=30, gone=True)
    told = wait_for(lambda: "nichts wurde gewählt" in log.read_text("utf-8", "replace") and
                    log.read_text("utf-8", "replace"), 30, "the German 'nothing was chosen' message")
    check("der Entwurf liegt in" in told, f"told in German: {told.strip()!r}")
    check(d.recorded("recorder") == [], "nothing was opened")

    # ---- 3. the risky question, in the installed window -----------------------------------
    d.custom_config("notify = yes\n")
    d.clear()
    p, log = d.start(["open", RISKY])
    win = s.wait_window(exactly(QUESTION), timeout=60)
    s.activate(win)
    s.screenshot(RESULTS / "per-user-question.png")
    check(window_exe(s, win) == str(ask), f"the question is the installed mailtokit-ask: {window_exe(s, win)}")
    s.key(win, "Escape")
    rc = wait_exit(p, 30, "the question after Escape")
    check(d.recorded("zenity") == [], f"zenity was never started: {d.recorded('zenity')}")
    check(d.recorded("recorder") == [], f"Escape opened nothing (exit {rc})")

    # ---- 4. the window missing: said in status, and once by open --------------------------
    hidden = ask.with_name("mailtokit-ask.away")
    shutil.move(ask, hidden)
    status = s.run([str(prog), "status"], env=d.env).stdout
    check("question window:         not found: a mail link cannot ask where mail goes" in status,
          f"status says the window is missing and what it costs: {status!r}")
    d.clear()
    p, log = d.start(["open", LINK])
    wait_exit(p, 30, "open without its window")
    first = log.read_text("utf-8", "replace")
    check("mailtokit's own window (mailtokit-ask) was not found" in first, f"open says so: {first!r}")
    check(any("a part of mailtokit is missing" in " ".join(a) for a in d.recorded("notify-send")),
          f"and in a notification: {d.recorded('notify-send')}")
    p, log = d.start(["open", LINK])
    wait_exit(p, 30, "open without its window, again")
    again = log.read_text("utf-8", "replace")
    check("was not found" not in again, f"said once, not again: {again!r}")
    shutil.move(hidden, ask)

    # Uninstalled as the README says: unregister, then the files of install_manifest.txt.
    unreg = s.run([str(prog), "unregister"], env=d.env).stdout
    check("restored: (there was no previous handler)" in unreg, f"unregister restores nothing: {unreg!r}")
    check(installed_entry.read_bytes() == entry_bytes and not (apps / "mailtokit-handler.desktop").exists(),
          "unregister removed its own entry only, the installed one is still there")
    manifest = [Path(x) for x in (BUILD / "install_manifest.txt").read_text("utf-8").splitlines()]
    check(manifest and all(str(x).startswith(str(local) + "/") for x in manifest), "the manifest lists this install")
    for x in manifest:
        x.unlink(missing_ok=True)
    check(not any(x.exists() for x in manifest) and shutil.which("mailtokit", path=s.env["PATH"]) is None,
          "nothing of the install is left, mailtokit is no longer on PATH")

checks.finish()
