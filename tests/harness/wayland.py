"""A private Wayland desktop for tests of real programs: sway headless, a D-Bus session bus, a
private HOME, one virtual keyboard, grim for screenshots.

    with WaylandSession("question") as s:
        d = Desktop(s, prog)                    # harness.desktop, as on X11
        p, log = d.start(["open", link])
        view = s.wait_view(titles.QUESTION, focused=True)
        s.key("Escape")
        s.screenshot(RESULTS / "shot.png")

What was measured on Debian 12 (sway 1.7, wlroots 0.15, GTK 3.24) and why the harness is as it
is (tests/gui/README.md, "Under Wayland"):
- sway refuses to run as root. Run as root (as CI runs the tests), every program of the session
  runs as an unprivileged test user, USER below, made with useradd when it is missing; its HOME,
  XDG_RUNTIME_DIR (mode 0700) and the test's files are in a temporary folder the user owns.
  Run as another user, the session is that user's.
- sway with the headless backend (WLR_BACKENDS=headless, no input devices) and one 1280x800
  output; `swaymsg -t get_tree` tells which window is mapped, focused, visible or fullscreen, and
  the tests wait on it, never on a sleep.
- Keys: one persistent client of the zwp_virtual_keyboard_v1 protocol with the standard keymap
  for the whole session (tests/gui/wayland/wl_keys.c, built by CMake, named by MAILTOKIT_WL_KEYS).
  wtype uploads a new keymap for every key, and GTK 3 then activates no button.
- grim takes the screenshots (wlr-screencopy).

The Session's own bus configuration is reused (harness.session.Session._bus_config), so a
Desktop (harness.desktop) works in a WaylandSession as in a Session; the X11 ways of looking at
windows (xdotool) are not offered here: use views(), wait_view(), key(), screenshot().
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from harness.checks import Failure
from harness.session import Session, home_env, kept_env, private_dirs, require, suggested_blue, wait_for

USER = "mailtokit-wl"  # the test user when the tests run as root


def test_user() -> pwd.struct_passwd:
    """The account the session runs as: the caller's, or (as root) USER, made when missing."""
    if os.getuid() != 0:
        return pwd.getpwuid(os.getuid())
    try:
        return pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent",
                        "--shell", "/usr/sbin/nologin", "--comment", "mailtokit's Wayland tests", USER], check=True)
        print(f"     made the test user {USER} (sway does not run as root)")
        return pwd.getpwnam(USER)


class WaylandSession(Session):
    """sway headless + D-Bus session bus + private HOME + a virtual keyboard, as a context manager."""

    def __init__(self, name: str, width: int = 1280, height: int = 800, env: dict[str, str] | None = None):
        super().__init__(name, width, height, env=env)
        self.user = test_user()
        self._keyboard: subprocess.Popen | None = None
        self.swaysock = ""

    # -- set-up and tear-down --------------------------------------------------------------
    def __enter__(self) -> "WaylandSession":
        require("sway", "swaymsg", "grim", "dbus-daemon")
        keys = os.environ.get("MAILTOKIT_WL_KEYS", "")
        if not os.access(keys, os.X_OK):
            raise Failure(f"MAILTOKIT_WL_KEYS ({keys!r}) names no built wl_keys (the tests' CMake builds it)")
        self._tmp = tempfile.TemporaryDirectory(prefix=f"mailtokit-wl-{self.name}-")
        self.root = Path(self._tmp.name)
        self.home, runtime = private_dirs(self.root)
        self.give()
        env = kept_env()
        env.setdefault("LANG", "C.UTF-8")
        env.update({
            **home_env(self.home),
            "USER": self.user.pw_name,
            "LOGNAME": self.user.pw_name,
            "XDG_RUNTIME_DIR": str(runtime),
            "XDG_DATA_DIRS": os.environ.get("XDG_DATA_DIRS", "/usr/local/share:/usr/share"),
            "XDG_CONFIG_DIRS": "/etc/xdg",
            "NO_AT_BRIDGE": "1",  # no accessibility bus: GTK programs would wait for one
            "GTK_A11Y": "none",
            "GDK_BACKEND": "wayland",
        })
        env.update(self._extra_env)
        self.env = env
        bus = self._popen(["dbus-daemon", *self._bus_config(env), "--nofork", "--print-address=1"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        address = bus.stdout.readline().strip() if bus.stdout else ""
        if not address:
            raise Failure("dbus-daemon did not start")
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        config = self.root / "sway.config"
        config.write_text(f"output HEADLESS-1 resolution {self.size[0]}x{self.size[1]} position 0 0\n"
                          "xwayland disable\n")
        self.give()
        self._popen(["sway", "--config", str(config)], env={"WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1"},
                    stdout=open(self.root / "sway.log", "wb"), stderr=subprocess.STDOUT)
        sock = wait_for(lambda: next(iter(sorted(runtime.glob("sway-ipc.*.sock"))), None), 30, "sway's IPC socket")
        display = wait_for(lambda: next((p.name for p in sorted(runtime.glob("wayland-*")) if not p.name.endswith(".lock")),
                                        None), 30, "sway's Wayland socket")
        env["SWAYSOCK"] = str(sock)
        env["WAYLAND_DISPLAY"] = display
        self.swaysock = str(sock)
        wait_for(lambda: any(o.get("active") for o in self.swaymsg_json("-t", "get_outputs") or []), 30,
                 "sway's output")
        keys = self.runnable(keys)
        self._keyboard = self._popen([keys], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=open(self.root / "wl_keys.log", "wb"), text=True)
        line = self._keyboard.stdout.readline().strip() if self._keyboard.stdout else ""
        if line != "ready":
            raise Failure(f"wl_keys did not start: {line!r} {(self.root / 'wl_keys.log').read_text(errors='replace')}")
        return self

    def close(self) -> None:
        if self._keyboard is not None and self._keyboard.stdin:
            try:
                self._keyboard.stdin.close()
            except OSError:
                pass
        super().close()

    def give(self) -> None:
        """The session's folder and everything in it to the session's user (files the test wrote)."""
        if os.getuid() != 0:
            return
        for folder, dirs, files in os.walk(self.root):
            for name in [folder, *(os.path.join(folder, n) for n in dirs + files)]:
                os.chown(name, self.user.pw_uid, self.user.pw_gid, follow_symlinks=False)

    # -- running programs (as the session's user) ------------------------------------------
    def runnable(self, program: str, beside: tuple[str, ...] = ()) -> str:
        """`program` as a path the session's user can run: itself when the user can, else a copy in
        the session's folder (with the programs named in `beside` from its folder: mailtokit finds
        mailtokit-ask beside itself). A build tree under a folder only root may enter (/root) is
        not the user's to run."""
        if self.run(["test", "-x", program], check=False).returncode == 0:
            return program
        copies = self.root / "build"
        copies.mkdir(exist_ok=True)
        for name in (os.path.basename(program), *beside):
            shutil.copy2(os.path.join(os.path.dirname(program), name), copies / name)
        self.give()
        print(f"     {program} is not runnable by {self.user.pw_name}: a copy in {copies} is run")
        return str(copies / os.path.basename(program))

    def _popen(self, argv, env: dict[str, str] | None = None, **kw) -> subprocess.Popen:
        as_user = {}
        if os.getuid() == 0:
            as_user = {"user": self.user.pw_uid, "group": self.user.pw_gid, "extra_groups": []}
        p = subprocess.Popen(argv, env={**self.env, **(env or {})}, cwd=self.root, start_new_session=True,
                             **as_user, **kw)
        self._procs.append(p)
        return p

    def spawn(self, argv: list[str], log: str | os.PathLike | None = None,
              env: dict[str, str] | None = None) -> subprocess.Popen:
        """Start a program in the session as its user (own process group, ended at close)."""
        self.give()
        out = open(log, "ab") if log else subprocess.DEVNULL
        return self._popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=out,
                           stderr=subprocess.STDOUT if log else subprocess.DEVNULL)

    def run(self, argv: list[str], timeout: float = 60, env: dict[str, str] | None = None,
            check: bool = True, input: str | None = None, text: bool = True) -> subprocess.CompletedProcess:
        """Run a program to its end in the session as its user and return its output."""
        as_user = {}
        if os.getuid() == 0:
            as_user = {"user": self.user.pw_uid, "group": self.user.pw_gid, "extra_groups": []}
        r = subprocess.run(argv, env={**self.env, **(env or {})}, capture_output=True, text=text, timeout=timeout,
                           input=input, stdin=None if input is not None else subprocess.DEVNULL, cwd=self.root,
                           **as_user)
        if check and r.returncode != 0:
            raise Failure(f"{argv[0]} exited {r.returncode}: {str(r.stderr).strip()[:2000]}")
        return r

    # -- the compositor ----------------------------------------------------------------------
    def swaymsg(self, *args: str) -> str:
        return self.run(["swaymsg", *args]).stdout

    def swaymsg_json(self, *args: str):
        r = self.run(["swaymsg", "-r", *args], check=False)
        try:
            return json.loads(r.stdout) if r.returncode == 0 else None
        except json.JSONDecodeError:
            return None

    def views(self) -> list[dict]:
        """Every window (view) in sway's tree: name (title), app_id, pid, focused, visible,
        fullscreen_mode, rect (x, y, width, height in layout pixels)."""
        tree = self.swaymsg_json("-t", "get_tree") or {}
        out = []

        def walk(node):
            if node.get("type") in ("con", "floating_con") and node.get("pid"):
                out.append(node)
            for child in node.get("nodes", []) + node.get("floating_nodes", []):
                walk(child)
        walk(tree)
        return out

    def view(self, name_regex: str) -> dict | None:
        found = [v for v in self.views() if re.search(name_regex, v.get("name") or "")]
        return found[-1] if found else None

    def wait_view(self, name_regex: str, timeout: float = 60, focused: bool = False, gone: bool = False,
                  interval: float = 0.1) -> dict:
        """Wait until a window's title matches (and, with focused=True, it has the focus; with
        gone=True, until none matches)."""
        def ready():
            v = self.view(name_regex)
            if gone:
                return {"gone": True} if v is None else None
            return v if v is not None and (v.get("focused") or not focused) else None
        what = f"window /{name_regex}/" + (" to go" if gone else " focused" if focused else " to appear")
        try:
            return wait_for(ready, timeout, what, interval=interval)
        except Failure as e:
            raise Failure(f"{e}; windows: {[(v.get('name'), v.get('focused')) for v in self.views()]}") from None

    def focused(self) -> dict | None:
        return next((v for v in self.views() if v.get("focused")), None)

    # -- what a person does ------------------------------------------------------------------
    def key(self, *keys: str) -> None:
        """Press keys (XKB names, "alt+1") on the virtual keyboard, where the focus is; returns once
        the compositor has them."""
        if self._keyboard is None or self._keyboard.stdin is None or self._keyboard.stdout is None:
            raise Failure("no virtual keyboard")
        self._keyboard.stdin.write(" ".join(keys) + "\n")
        self._keyboard.stdin.flush()
        line = self._keyboard.stdout.readline().strip()
        if line != "ok":
            raise Failure(f"wl_keys {' '.join(keys)}: {line or 'ended'}")

    def grab(self, rect: dict | None = None, fmt: str = "png") -> bytes:
        """The screen (or a rectangle of it) as grim gives it (png or ppm)."""
        argv = ["grim", "-t", fmt]
        if rect is not None:
            argv += ["-g", f"{rect['x']},{rect['y']} {rect['width']}x{rect['height']}"]
        return self.run(argv + ["-"], text=False).stdout

    def screenshot(self, path: str | os.PathLike, window: dict | None = None) -> Path:
        """A PNG of the whole screen (or of one view's rectangle): look at it, as a person would."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(self.grab(window.get("rect") if window else None))
        return path

    def default_button_drawn(self, view: dict) -> bool:
        """Whether the bottom of the view shows the usable default button (GTK's suggested-action
        blue, which an insensitive button does not have)."""
        r = view["rect"]
        rows = min(r["height"], 90)
        ppm = self.grab({"x": r["x"], "y": r["y"] + r["height"] - rows, "width": r["width"], "height": rows}, "ppm")
        # Binary PPM: "P6\n<w> <h>\n<max>\n" then RGB bytes.
        parts = ppm.split(b"\n", 3)
        return len(parts) == 4 and suggested_blue(parts[3])

    def usable(self, name_regex: str) -> dict | None:
        """mailtokit's question if it can be answered now: focused, its default button drawn usable
        (its buttons are insensitive for a moment after it appears or regains the focus)."""
        v = self.view(name_regex)
        return v if v is not None and v.get("focused") and self.default_button_drawn(v) else None

    def wait_usable(self, name_regex: str, timeout: float = 30) -> dict:
        return wait_for(lambda: self.usable(name_regex), timeout, f"window /{name_regex}/ to become usable",
                        interval=0.1)

