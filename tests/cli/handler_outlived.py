#!/usr/bin/env python3
"""A registration that cannot outlive the program: mail links reach the previous handler once
mailtokit's program is gone, through the real xdg-open and through GIO, with no step by the user.

Usage: handler_outlived.py /path/to/mailtokit

In a private HOME and private system folders: the user's own mail program (a recorder's desktop
entry, made the default with the real `xdg-mime default`) and a decoy mail program that the
system's mimeinfo.cache lists first (what a desktop falls back to when nobody chose). A copy of
mailtokit in a private prefix runs `register`; then the copy is deleted, as `apt purge` or the
removal of a per-user install leaves it, with `unregister` never run. Then:
- `xdg-mime query default` and `gio mime` name the previous handler (not mailtokit's entry, not the
  decoy);
- `xdg-open LINK` and `gio open LINK` start the previous handler with the link as it was given;
- the copy put back, `unregister` leaves the user's files as they were before `register`
  (mimeapps.list byte for byte; no $XDG_DATA_HOME/applications/mimeapps.list when there was none);
- `unregister --remove-data` also removes the configuration and the state folder with its kept
  drafts, and a mimeapps.list that register created: only the user's own files are left in HOME;
- with no previous handler (only the system's first pick, nobody's choice), the program gone:
  xdg-mime, xdg-open and gio open reach that first pick again.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from harness.checks import Checks, main
from harness.desktop import private_home
from harness.record import read, runs, in_dir, write_recorder
from harness.session import wait_for

LINK = "mailto:joe@example.org?subject=after%20the%20purge"


def entry(path: Path, name: str, program: Path) -> None:
    path.write_text(f"[Desktop Entry]\nType=Application\nName={name}\nExec={program} %u\n"
                    "MimeType=x-scheme-handler/mailto;\n")


def without_previous(prog, check):
    """No mail program was the user's choice, only the system's first pick: once mailtokit's
    program is gone, links reach that first pick again (the desktop's default, as before)."""
    tmp, home, env = private_home()
    root = Path(tmp)
    env.update(LANGUAGE="C", LANG="C.UTF-8", DISPLAY=":99", XDG_DATA_DIRS=str(root / "system-share"),
               XDG_CONFIG_DIRS=str(root / "system-config"))
    system_apps = root / "system-share/applications"
    for d in (system_apps, root / "system-config", root / "first-runs"):
        d.mkdir(parents=True, exist_ok=True)
    entry(system_apps / "aaa-first.desktop", "First Pick", write_recorder(root / "bin/first", in_dir(root / "first-runs")))

    def sh(*args):
        return subprocess.run(list(args), env=env, capture_output=True, text=True, cwd=tmp, timeout=60)

    sh("update-desktop-database", str(system_apps))
    # The user's cache as an older register (or another program's update-desktop-database) left it.
    user_apps = Path(env["XDG_DATA_HOME"]) / "applications"
    user_apps.mkdir(parents=True)
    (user_apps / "mimeinfo.cache").write_text("[MIME Cache]\nx-scheme-handler/mailto=mailtokit-handler.desktop;\n")
    installed = root / "prefix/bin/mailtokit"
    installed.parent.mkdir(parents=True)
    shutil.copy2(prog, installed)
    r = sh(str(installed), "register")
    check(r.returncode == 0 and "previous:     (none)" in r.stdout,
          f"no previous: register: {r.returncode} {r.stdout!r} {r.stderr!r}")
    cache = (user_apps / "mimeinfo.cache").read_text()
    check("mailtokit-handler.desktop" not in cache, f"register leaves its entry out of the user's cache: {cache!r}")
    installed.unlink()
    q = sh("xdg-mime", "query", "default", "x-scheme-handler/mailto").stdout.strip()
    check(q == "aaa-first.desktop", f"no previous, program gone: xdg-mime names the first pick ({q})")
    r = sh("xdg-open", LINK)
    check(r.returncode == 0 and len(runs(root / "first-runs")) == 1,
          f"no previous, program gone: xdg-open starts the first pick: {r.returncode} {r.stderr.strip()}")
    r = sh("gio", "open", LINK)
    got = wait_for(lambda: len(runs(root / "first-runs")) == 2, 30, "gio open to start the first pick")
    check(got and r.returncode == 0, "no previous, program gone: gio open starts the first pick")
    shutil.rmtree(tmp, ignore_errors=True)


def run(prog):
    checks = Checks("handler_outlived", show_passed=True)
    check = checks.check
    for tool in ("xdg-mime", "xdg-open", "gio", "update-desktop-database"):
        check(shutil.which(tool) is not None, f"{tool} is installed (bash .ci/install-deps --test)")
    tmp, home, env = private_home()
    root = Path(tmp)
    env.update(LANGUAGE="C", LANG="C.UTF-8", DISPLAY=":99", XDG_DATA_DIRS=str(root / "system-share"),
               XDG_CONFIG_DIRS=str(root / "system-config"))
    apps = Path(env["XDG_DATA_HOME"]) / "applications"
    system_apps = root / "system-share/applications"
    for d in (apps, system_apps, root / "system-config"):
        d.mkdir(parents=True, exist_ok=True)
    # The user's mail program and the system's first pick, each a recorder in its own folder.
    previous_rec, decoy_rec = root / "previous-runs", root / "decoy-runs"
    entry(apps / "previous-mail.desktop", "Previous Mail",
          write_recorder(root / "bin/previous-mail", in_dir(previous_rec)))
    entry(system_apps / "aaa-decoy.desktop", "Decoy Mail", write_recorder(root / "bin/decoy-mail", in_dir(decoy_rec)))
    previous_rec.mkdir()
    decoy_rec.mkdir()

    def sh(*args, **kw):
        return subprocess.run(list(args), env=env, capture_output=True, text=True, cwd=tmp, timeout=60, **kw)

    sh("update-desktop-database", str(system_apps))
    sh("xdg-mime", "default", "previous-mail.desktop", "x-scheme-handler/mailto")
    mimeapps = Path(env["XDG_CONFIG_HOME"]) / "mimeapps.list"
    before = mimeapps.read_text()
    check(sh("xdg-mime", "query", "default", "x-scheme-handler/mailto").stdout.strip() == "previous-mail.desktop",
          "set-up: the user chose previous-mail.desktop")

    # mailtokit installed in a prefix of its own, registered over the user's choice.
    installed = root / "prefix/bin/mailtokit"
    installed.parent.mkdir(parents=True)
    shutil.copy2(prog, installed)
    r = sh(str(installed), "register")
    check(r.returncode == 0, f"register: exit {r.returncode}: {r.stderr.strip()}")
    q = sh("xdg-mime", "query", "default", "x-scheme-handler/mailto").stdout.strip()
    check(q == "mailtokit-handler.desktop", f"while installed, xdg-mime names mailtokit ({q})")
    check("x-scheme-handler/mailto=mailtokit-handler.desktop;previous-mail.desktop;\n" in mimeapps.read_text(),
          f"mimeapps.list lists the previous handler after mailtokit: {mimeapps.read_text()!r}")
    handler_entry = (apps / "mailtokit-handler.desktop").read_text()
    check(f"TryExec={installed}\n" in handler_entry, f"the entry's TryExec names the program: {handler_entry!r}")

    # The program goes, the registration stays: what apt purge does to a user's HOME.
    installed.unlink()
    q = sh("xdg-mime", "query", "default", "x-scheme-handler/mailto").stdout.strip()
    check(q == "previous-mail.desktop", f"without the program, xdg-mime names the previous handler ({q})")
    g = sh("gio", "mime", "x-scheme-handler/mailto").stdout
    check("Default application for “x-scheme-handler/mailto”: previous-mail.desktop" in g,
          f"without the program, GIO's default is the previous handler: {g!r}")
    r = sh("xdg-open", LINK)
    check(r.returncode == 0, f"xdg-open: exit {r.returncode}: {r.stderr.strip()}")
    got = runs(previous_rec)
    check(len(got) == 1 and read(got[0])[1:] == [LINK], f"xdg-open started the previous handler with the link: "
          f"{[read(p) for p in got]}")
    r = sh("gio", "open", LINK)
    check(r.returncode == 0, f"gio open: exit {r.returncode}: {r.stderr.strip()}")
    got = wait_for(lambda: runs(previous_rec) if len(runs(previous_rec)) == 2 else None, 30,
                   "gio open to start the previous handler")
    check(read(got[1])[1:] == [LINK], f"gio open gave it the link: {read(got[1])}")
    check(runs(decoy_rec) == [], "the system's first pick was never started")

    # unregister is still the clean way, and puts the user's files back as they were.
    shutil.copy2(prog, installed)
    r = sh(str(installed), "unregister")
    check(r.returncode == 0, f"unregister: exit {r.returncode}: {r.stderr.strip()}")
    check(mimeapps.read_text() == before, f"unregister leaves mimeapps.list as it was: {mimeapps.read_text()!r}")
    check(not (apps / "mimeapps.list").exists(), "unregister removes the data folder's mimeapps.list it wrote")

    # The uninstall that leaves nothing behind: no mimeapps.list before register, a configuration
    # and a kept draft; `unregister --remove-data` removes them and the files register made.
    mimeapps.unlink()
    conf_dir, state_dir = Path(env["XDG_CONFIG_HOME"]) / "mailtokit", Path(env["XDG_STATE_HOME"]) / "mailtokit"
    (conf_dir / "config").write_text("target = gmail\n")
    (state_dir / "drafts").mkdir(parents=True, exist_ok=True)
    (state_dir / "drafts/draft-1.eml").write_text("To: joe@example.org\n\nclicked text\n")
    r = sh(str(installed), "register")
    check(r.returncode == 0, f"register again: exit {r.returncode}: {r.stderr.strip()}")
    r = sh(str(installed), "unregister", "--remove-data")
    check(r.returncode == 0, f"unregister --remove-data: exit {r.returncode}: {r.stderr.strip()}")
    check(f"removed:  {conf_dir}" in r.stdout and f"removed:  {state_dir}" in r.stdout, f"each folder named: {r.stdout!r}")
    left = sorted(str(p.relative_to(home)) for p in Path(home).rglob("*") if p.is_file())
    check(left == [".local/share/applications/previous-mail.desktop"],
          f"only the user's own desktop entry is left in HOME: {left}")
    check(not mimeapps.exists(), "the mimeapps.list register created, with nothing else in it, is gone")
    shutil.rmtree(tmp, ignore_errors=True)
    without_previous(prog, check)
    return checks.report("handler_outlived", "mail links reach the previous handler once mailtokit is gone")


main(run)
