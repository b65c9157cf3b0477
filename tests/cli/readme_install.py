#!/usr/bin/env python3
"""The README's per-user install, embedding and uninstall lines, run as written in a private HOME.

Usage: readme_install.py /path/to/mailtokit [README.md]

The lines are read from README.md, not copied here: the set-up block's
`cmake --install build/release --prefix ~/.local` and `~/.local/bin/mailtokit unregister ...`
lines, and the Embedding section's `export PKG_CONFIG_PATH=...` and rpath flag. They run with
bash in a folder whose `build/release` is this build (MAILTOKIT_BUILD_DIR), in a HOME that holds
only a `.profile`, with PATH as before the next login (no ~/.local/bin):
- the install puts the program, a man page `man` finds once ~/.local/bin is on PATH (as Debian's
  .profile does at the next login), the desktop entry and mailtokit.pc under ~/.local; its
  `man mailtokit-settings` names ~/.local/share/applications for such an install;
- the installed program registers (the real xdg-mime), `use gmail` writes a setting, a kept draft
  lies in the state folder;
- the README's embed.c builds through pkg-config as the README says, against the shared library
  (with its rpath) and through mailtokit-static (no libmailtokit.so needed), and runs;
- the uninstall line leaves no file in HOME but the `.profile`, and no folder but the XDG base
  folders a desktop makes anyway (~/.config, ~/.local, ~/.local/share, ~/.local/state, ~/.cache).
The system install (`sudo cmake --install`) needs root and is not run here.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from harness.checks import Checks, main

BASE_DIRS = {".config", ".local", ".local/share", ".local/state", ".cache"}


def readme_lines(text):
    """The per-user install and uninstall lines, the PKG_CONFIG_PATH export and the rpath flag."""
    block = re.search(r"```sh\n(.*?)```", text[text.index("cmake --install build/release --prefix ~/.local") - 200:],
                      re.S).group(1)
    install = next(x for x in block.splitlines() if x.startswith("cmake --install build/release --prefix ~/.local"))
    uninstall = next(x for x in block.splitlines() if x.startswith("~/.local/bin/mailtokit unregister"))
    export = re.search(r"`(export PKG_CONFIG_PATH=[^`]*)`", text).group(1)
    rpath = re.search(r"`(-Wl,-rpath,\$HOME/\.local/lib)`", text).group(1)
    embed = re.search(r"```c file=embed\.c\n(.*?)```", text, re.S).group(1)
    return install, uninstall, export, rpath, embed


def run(prog):
    checks = Checks("readme_install", show_passed=True)
    check = checks.check
    readme = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parents[2] / "README.md"
    install, uninstall, export, rpath, embed = readme_lines(readme.read_text("utf-8"))
    build = Path(os.environ.get("MAILTOKIT_BUILD_DIR", Path(prog).parent.parent)).resolve()
    tmp = Path(tempfile.mkdtemp(prefix="mailtokit-readme-install-"))
    home = tmp / "home"
    home.mkdir()
    (home / ".profile").write_text("# the user's own file\n")
    clone = tmp / "clone"
    (clone / "build").mkdir(parents=True)
    (clone / "build/release").symlink_to(build)
    (clone / "embed.c").write_text(embed)
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LANGUAGE": "C",
           "DBUS_SESSION_BUS_ADDRESS": f"unix:path={tmp}/bus"}

    def sh(command, path=None):
        e = dict(env, PATH=path) if path else env
        return subprocess.run(["bash", "-c", command], cwd=clone, env=e, capture_output=True, text=True, timeout=600)

    r = sh(install)
    check(r.returncode == 0, f"{install!r}: exit {r.returncode}: {r.stderr.strip()[-800:]}")
    local = home / ".local"
    for f in ("bin/mailtokit", "share/man/man1/mailtokit.1", "share/applications/mailtokit.desktop",
              "lib/pkgconfig/mailtokit.pc", "lib/pkgconfig/mailtokit-static.pc"):
        check((local / f).is_file(), f"the install put ~/.local/{f} in place")
    login_path = f"{local}/bin:/usr/bin:/bin"
    r = sh("man -w mailtokit-register", path=login_path)
    check(r.stdout.strip() == f"{local}/share/man/man1/mailtokit-register.1",
          f"man finds the page once ~/.local/bin is on PATH: {r.stdout.strip()} {r.stderr.strip()}")

    r = sh("MANWIDTH=200 man mailtokit-settings 2>&1", path=login_path)
    check("~/.local/share/applications for cmake --install --prefix ~/.local" in r.stdout,
          f"man mailtokit-settings names where a ~/.local install put its menu entry: {r.stdout[:600]!r}")

    # Used: registered, a setting, a kept draft.
    for command in ("mailtokit register", "mailtokit use gmail"):
        r = sh(command, path=login_path)
        check(r.returncode == 0, f"{command}: exit {r.returncode}: {r.stderr.strip()}")
    drafts = local / "state/mailtokit/drafts"
    drafts.mkdir(parents=True, exist_ok=True)
    (drafts / "draft-1.eml").write_text("To: joe@example.org\n\nthe text of a clicked link\n")

    # Embedded as the README says, shared (with the rpath) and static.
    shared = sh(f"{export} && cc embed.c -o embed-c $(pkg-config --cflags --libs mailtokit) {rpath} && ./embed-c")
    check(shared.returncode == 0 and shared.stdout.startswith("dropped attach:"),
          f"embed.c through pkg-config mailtokit: {shared.returncode} {shared.stdout!r} {shared.stderr.strip()[-600:]}")
    static = sh(f"{export} && cc embed.c -o embed-s $(pkg-config --cflags --libs mailtokit-static) && ./embed-s"
                " && ! readelf -d embed-s | grep -q libmailtokit")
    check(static.returncode == 0 and static.stdout.startswith("dropped attach:"),
          f"embed.c through pkg-config mailtokit-static, no libmailtokit.so needed: {static.returncode} "
          f"{static.stdout!r} {static.stderr.strip()[-600:]}")

    r = sh(uninstall)
    check(r.returncode == 0, f"{uninstall!r}: exit {r.returncode}: {r.stderr.strip()[-800:]}")
    files = sorted(str(p.relative_to(home)) for p in home.rglob("*") if not p.is_dir())
    check(files == [".profile"], f"no file of mailtokit is left in HOME: {files}")
    dirs = sorted(str(p.relative_to(home)) for p in home.rglob("*") if p.is_dir())
    check(set(dirs) <= BASE_DIRS, f"no folder is left but the XDG base folders: {sorted(set(dirs) - BASE_DIRS)}")
    shutil.rmtree(tmp, ignore_errors=True)
    return checks.report("readme_install", "the README's per-user install, embedding and uninstall work as written")


main(run)
