"""The user's own mail program, found and started as the desktop does (issue 22), with the real
xdg-utils, GIO and desktop-file-utils in a private HOME and private XDG data and config dirs:

- with no `target`, `open` follows the handler the user had before `register` (looked up at every
  click), then the desktop's preference with mailtokit left out; a removed program is replaced by
  the next choice and the user is told once; `status` and `targets` say the same;
- entries in Flatpak's exported form and Snap's form are started with their launcher, markers and
  wrapper intact: a recorder stands in for the `flatpak` binary and the Snap wrapper, and the argv
  it records for mailtokit equals the argv it records for GIO's own launch of the same entry
  (`gio launch ENTRY URI`), or, for a program that gets its own options, equals it but for the
  arguments between the markers;
- a hostile link through an entry that wraps %u in `sh -c` runs no command (refused, draft kept),
  and the URI any entry gets holds only letters, digits, -._~@,?&= and escapes;
- `register` warns when $XDG_CONFIG_HOME/$desktop-mimeapps.list overrides it; a second `register`
  keeps the first previous handler; `unregister` restores the user's files as they were.
Usage: handler_desktop_entries.py /path/to/mailtokit
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness.checks import Checks  # noqa: E402
from harness.desktop import home_env, write_config  # noqa: E402
from harness.record import in_dir, read, runs, write_recorder  # noqa: E402

PROG = os.path.abspath(sys.argv[1])
checks = Checks("handler_desktop_entries", show_passed=True)
check = checks.check


for tool in ("xdg-mime", "xdg-open", "gio", "update-desktop-database"):
    if shutil.which(tool) is None:
        print(f"FAIL: {tool} is missing (bash .ci/install-deps --test installs it)")
        sys.exit(1)

tmp = Path(tempfile.mkdtemp(prefix="mtk-entries-"))
home = tmp / "home"
env = {k: v for k, v in os.environ.items()
       if not k.startswith(("XDG_", "DBUS_", "MAILTOKIT_")) and k not in (
           "DISPLAY", "WAYLAND_DISPLAY", "KDE_FULL_SESSION", "DESKTOP_SESSION", "BROWSER", "TERMINAL")}
bindir = tmp / "bin"
env.update({
    **home_env(home), "XDG_DATA_DIRS": str(tmp / "system-share"),
    "XDG_CONFIG_DIRS": str(tmp / "system-config"), "XDG_CURRENT_DESKTOP": "X-Generic",
    "PATH": f"{bindir}:{os.environ.get('PATH', '/usr/bin:/bin')}",
    # No session bus and no display: nothing here may start a real program or dbus-launch.
    "DBUS_SESSION_BUS_ADDRESS": "disabled:",
})
apps = home / ".local/share/applications"
sysapps = tmp / "system-share/applications"
for d in (apps, sysapps, bindir, tmp / "system-config"):
    d.mkdir(parents=True, exist_ok=True)
write_config(home / ".config", ["confirm = never", "notify = no"])
records = tmp / "records"  # the recorder's: one file a start, in the order of the starts
records.mkdir()


def recorder(path: Path) -> Path:
    """A stand-in program: what it was started with (argv, working directory), a record a start."""
    return write_recorder(path, in_dir(records), cwd=True)


def entry(where: Path, eid: str, exec_line: str, extra: str = "") -> Path:
    p = where / eid
    p.write_text("[Desktop Entry]\nType=Application\nName=" + eid.removesuffix(".desktop") + "\nExec=" + exec_line +
                 "\nMimeType=x-scheme-handler/mailto;\n" + extra)
    return p


def run(*args, check_rc=None, timeout=60, extra_env=None):
    r = subprocess.run(list(args), env={**env, **(extra_env or {})}, capture_output=True, text=True, timeout=timeout,
                       cwd=tmp)
    if check_rc is not None and r.returncode != check_rc:
        print(f"  {args}: exit {r.returncode}\n  stdout: {r.stdout}\n  stderr: {r.stderr}")
    return r


def read_records(n: int) -> list:
    """The records after the first n: {"argv": [the program's file name, its arguments...], "cwd": ...}."""
    out = []
    for p in runs(records)[n:]:
        argv = read(p)
        out.append({"argv": [os.path.basename(argv[0])] + argv[1:],
                    "cwd": Path(str(p) + ".cwd").read_text().rstrip("\n")})
    return out


def records_after(n: int, want: int = 1, timeout: float = 10) -> list:
    """The records written after the first n (waits for `want` new ones: a started program runs
    on its own)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if nrec() >= n + want:
            return read_records(n)
        time.sleep(0.05)
    return read_records(n)


def nrec() -> int:
    return len(runs(records)) if records.exists() else 0


def refresh():
    for d in (apps, sysapps):
        run("update-desktop-database", "-q", str(d))


LINK = "mailto:ann@example.org?subject=Hi%20(there)%3B%20%24x&body=a%20%60id%60%0D%0Ab"

# -- the desktop: two mail programs installed system-wide, the user chose the second ------------
recorder(tmp / "opt/evo/evolution")
recorder(tmp / "opt/tb/thunderbird")
entry(sysapps, "org.gnome.Evolution.desktop", f"{tmp}/opt/evo/evolution %U")
entry(sysapps, "thunderbird.desktop", f"{tmp}/opt/tb/thunderbird %u")
refresh()
run("xdg-mime", "default", "org.gnome.Evolution.desktop", "x-scheme-handler/mailto", check_rc=0)
r = run(PROG, "register", check_rc=0)
check(r.returncode == 0 and "previous:     org.gnome.Evolution.desktop" in r.stdout, "register remembers Evolution")
r = run(PROG, "register", check_rc=0)
check("previous:     org.gnome.Evolution.desktop" in r.stdout, "a second register still names the first previous handler")
r = run(PROG, "status", check_rc=0)
check("mail program:            org.gnome.Evolution (org.gnome.Evolution.desktop)" in r.stdout
      or "mail program:            Evolution (org.gnome.Evolution.desktop)" in r.stdout, "status names Evolution")
check("the mail program you used before `mailtokit register`" in r.stdout, "status says why")

# -- a click: the real xdg-open runs mailtokit, which starts Evolution's entry -----------------
n = nrec()
# xdg-open's generic path asks xdg-mime only in a graphical session (DISPLAY set); no program
# here opens the display.
r = run("xdg-open", LINK, check_rc=0, extra_env={"DISPLAY": ":99"})
got = records_after(n)
check(len(got) == 1 and got[0]["argv"][0] == "evolution", f"xdg-open: drafts go to Evolution, not Thunderbird ({got})")
if got:
    uri = got[0]["argv"][-1]
    check(re.fullmatch(r"mailto:[A-Za-z0-9\-._~@,?&=%]*", uri) is not None, f"the URI holds only safe characters: {uri}")
    check(uri.startswith("mailto:ann@example.org?subject=Hi%20%28there%29%3B%20%24x&body=a%20%60id%60%0D%0Ab"),
          f"the URI keeps every field: {uri}")

# -- the remembered program removed: the desktop's next choice, the user told once --------------
(sysapps / "org.gnome.Evolution.desktop").unlink()
refresh()
n = nrec()
r = run(PROG, "open", LINK)
got = records_after(n)
check(r.returncode == 0 and got and got[0]["argv"][0] == "thunderbird", "Evolution gone: Thunderbird, the next choice")
check("is no longer installed; drafts now go to" in r.stderr, "the user is told")
r = run(PROG, "open", LINK)
check("is no longer installed" not in r.stderr, "... once")
records_after(nrec(), 0, 0.5)

# -- targets lists the programs and how each gets the draft ------------------------------------
r = run(PROG, "targets", check_rc=0)
check("desktop:thunderbird" in r.stdout and "Drafts go to: Thunderbird (thunderbird.desktop)" in r.stdout,
      "targets lists Thunderbird and where drafts go")
check("desktop:mailtokit" not in r.stdout, "targets leaves mailtokit out")

# -- Flatpak's exported form and Snap's wrapper: as GIO starts them ------------------------------
recorder(bindir / "flatpak")
flat = entry(apps, "org.mozilla.Thunderbird.desktop",
             "flatpak run --branch=stable --arch=x86_64 --command=thunderbird --file-forwarding "
             "org.mozilla.Thunderbird @@u %u @@", "X-Flatpak=org.mozilla.Thunderbird\n")
snapwrap = recorder(tmp / "snap/bin/thunderbird")
snap = entry(apps, "thunderbird_thunderbird.desktop", f"env BAMF_DESKTOP_FILE_HINT=/var/lib/snapd/desktop/"
             f"applications/thunderbird_thunderbird.desktop {snapwrap} %u")
kflat = entry(apps, "org.kde.kmail2.desktop",
              "flatpak run --branch=stable --arch=x86_64 --command=kmail --file-forwarding org.kde.kmail2 "
              "-qwindowtitle %c @@u %u @@")
refresh()
for path, eid in ((flat, "org.mozilla.Thunderbird"), (snap, "thunderbird_thunderbird")):
    n = nrec()
    r = run(PROG, "open", "--target", "desktop:" + eid, LINK, check_rc=0)
    ours = records_after(n)
    # What mailtokit handed over, given to GIO's own launch of the same entry.
    uri = ours[0]["argv"][-2] if ours and ours[0]["argv"][-1] == "@@" else (ours[0]["argv"][-1] if ours else "")
    n = nrec()
    run("gio", "launch", str(path), uri, check_rc=0)
    gios = records_after(n)
    check(bool(ours) and bool(gios) and ours[0]["argv"] == gios[0]["argv"],
          f"{eid}: mailtokit starts what GIO starts: {ours and ours[0]['argv']} == {gios and gios[0]['argv']}")
n = nrec()
run(PROG, "open", "--target", "desktop:org.kde.kmail2", LINK, check_rc=0)
ours = records_after(n)
n = nrec()
run("gio", "launch", str(kflat), "mailto:x@example.org")
gios = records_after(n)
if ours and gios:
    a, g = ours[0]["argv"], gios[0]["argv"]
    app = g.index("org.kde.kmail2")
    check(a[:app + 1] == g[:app + 1] and a[app + 1:app + 2] == ["--composer"] and "--subject=Hi (there); $x" in a
          and a[-1] == "ann@example.org", f"KMail as a Flatpak gets its options after the application id: {a}")
else:
    check(False, "KMail as a Flatpak was started")

# -- an entry that hands %u to sh -c is refused, and runs nothing -------------------------------
pwned = tmp / "pwned"
entry(apps, "emacsclient-mail.desktop",
      f"sh -c \"touch {pwned}; exec {tmp}/opt/tb/thunderbird \\\\\"\\\\$1\\\\\"\" sh %u")
refresh()
hostile = "mailto:a@example.org?subject=%22%29%20(shell-command%20%22touch%20" + str(pwned).replace("/", "%2F") + \
          "%22)%20$(touch%20" + str(pwned).replace("/", "%2F") + ")"
n = nrec()
r = run(PROG, "open", "--target", "desktop:emacsclient-mail", hostile)
time.sleep(0.5)
check(r.returncode == 69 and "sh -c" in r.stderr and "kept in" in r.stderr,
      f"an entry that wraps %u in sh -c is refused, the draft kept (exit {r.returncode}: {r.stderr.strip()})")
check(not pwned.exists() and nrec() == n, "... and no command ran")

# -- unregister restores the user's files as they were -----------------------------------------
mimeapps = home / ".config/mimeapps.list"
mimeapps.write_text("[Default Applications]\ntext/html=firefox.desktop;\n")
(apps / "mimeinfo.cache").unlink(missing_ok=True)
for f in ("org.mozilla.Thunderbird.desktop", "thunderbird_thunderbird.desktop", "org.kde.kmail2.desktop",
          "emacsclient-mail.desktop"):
    (apps / f).unlink()
run(PROG, "unregister")
mimeapps.write_text("[Default Applications]\ntext/html=firefox.desktop;\n")
(apps / "mimeinfo.cache").unlink(missing_ok=True)
before = mimeapps.read_text()
run(PROG, "register", check_rc=0)
run(PROG, "register", check_rc=0)
r = run(PROG, "unregister", check_rc=0)
check(mimeapps.read_text() == before, f"unregister leaves mimeapps.list as it was: {mimeapps.read_text()!r}")
check(not (apps / "mimeinfo.cache").exists(), "unregister removes the mimeinfo.cache register made")
check(not (apps / "mailtokit-handler.desktop").exists(), "unregister removes the desktop entry")

# -- a desktop-specific list that would override the registration is named ---------------------
env["XDG_CURRENT_DESKTOP"] = "GNOME"
(home / ".config/gnome-mimeapps.list").write_text("[Default Applications]\nx-scheme-handler/mailto=thunderbird.desktop;\n")
r = run(PROG, "register")
check(r.returncode == 69 and "gnome-mimeapps.list" in r.stderr, f"register names gnome-mimeapps.list ({r.stderr.strip()})")
run(PROG, "unregister")

shutil.rmtree(tmp, ignore_errors=True)
checks.finish()
