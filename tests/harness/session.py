"""A private desktop for tests of real programs: Xvfb, a D-Bus session bus and a private HOME.

Used by the tests that drive real mail clients, browsers and dialogs (tests/clients,
tests/browsers, tests/gui). Nothing here fakes a program: it starts the X server and the bus,
gives each test a HOME of its own (so no profile of the machine's user is read or written), and
offers what a person does at a desktop: wait for a window, press keys, type, click, look
(screenshot). Every started process is ended when the session closes. The bus activates every
service the system installs except the desktop portals; Session(..., portals=True) has them too
(with xdg-desktop-portal activatable, Chromium gives mailto: links to its OpenURI portal).
Also here: mailtokit's question and dialogs on the screen (buttons, click_button, tick_and_open)
and the programs that run with a session's HOME outside its process groups
(processes_with_home, end_processes_with_home).

    with Session("thunderbird") as s:
        p = s.spawn(["thunderbird", "mailto:a@example.org"])
        win = s.wait_window(r"Write: ", timeout=60)
        s.key(win, "ctrl+s")
        s.screenshot("compose.png")
"""

from __future__ import annotations

import ctypes
import os
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path


from harness.checks import Failure  # noqa: F401  (re-exported: what the harness raises)


def home_env(home: str | os.PathLike) -> dict[str, str]:
    """HOME and the XDG base directories inside it (configuration, data, state, cache)."""
    return {"HOME": str(home), "XDG_CONFIG_HOME": f"{home}/.config", "XDG_DATA_HOME": f"{home}/.local/share",
            "XDG_STATE_HOME": f"{home}/.local/state", "XDG_CACHE_HOME": f"{home}/.cache"}


KEEP_VARS = ("PATH", "LANG", "LC_ALL", "TZ", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS")


def private_dirs(root: Path) -> tuple[Path, Path]:
    """A private HOME with its XDG base directories and a runtime folder (mode 0700) under `root`;
    returns (home, runtime)."""
    home, runtime = root / "home", root / "runtime"
    for d in (home, runtime, home / ".config", home / ".local/share", home / ".local/state", home / ".cache"):
        d.mkdir(parents=True, exist_ok=True)
    runtime.chmod(0o700)
    return home, runtime


def kept_env() -> dict[str, str]:
    """What a private desktop keeps of this process's environment."""
    return {k: os.environ[k] for k in KEEP_VARS if k in os.environ}


def require(*programs: str) -> None:
    """Fail (never skip) when a program the test needs is not installed."""
    missing = [p for p in programs if shutil.which(p) is None]
    if missing:
        raise Failure(
            "not installed: " + ", ".join(missing) + " (bash .ci/install-deps --test installs them)")


def _free_display() -> int:
    for n in range(90, 400):
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            return n
    raise Failure("no free X display number between :90 and :399")


class Session:
    """Xvfb + D-Bus session bus + private HOME, as a context manager."""

    def __init__(self, name: str, width: int = 1280, height: int = 1024, keep: str | None = None,
                 portals: bool = False, env: dict[str, str] | None = None):
        self.name = name
        # The desktop portals (org.freedesktop.portal.*, org.freedesktop.impl.portal.*) are left
        # out of the bus's D-Bus activation unless asked for: with xdg-desktop-portal activatable,
        # Chromium hands mailto: links to the OpenURI portal instead of xdg-email, which is not the
        # path a browser test observes. Every other service of the system stays activatable
        # (Evolution's data server, Akonadi, Geary, the keyring). The portal test asks for them.
        self.portals = portals
        self._extra_env = dict(env or {})  # set before the bus starts (its activated services get it)
        self.size = (width, height)
        self._keep = keep  # directory to keep the HOME in (for debugging); None: a temporary one
        self._procs: list[subprocess.Popen] = []
        self._tmp: tempfile.TemporaryDirectory | None = None
        self.root: Path = Path()
        self.home: Path = Path()
        self.env: dict[str, str] = {}
        self.display = ""

    # -- set-up and tear-down --------------------------------------------------------------
    def __enter__(self) -> "Session":
        require("Xvfb", "xdotool", "dbus-daemon")
        if self._keep:
            self.root = Path(self._keep)
            self.root.mkdir(parents=True, exist_ok=True)
        else:
            self._tmp = tempfile.TemporaryDirectory(prefix=f"mailtokit-{self.name}-")
            self.root = Path(self._tmp.name)
        self.home, runtime = private_dirs(self.root)
        env = kept_env()
        env.setdefault("LANG", "C.UTF-8")
        env.update({
            **home_env(self.home),
            "USER": os.environ.get("USER", "root"),
            "XDG_RUNTIME_DIR": str(runtime),
            "XDG_DATA_DIRS": os.environ.get("XDG_DATA_DIRS", "/usr/local/share:/usr/share"),
            "XDG_CONFIG_DIRS": "/etc/xdg",
            "NO_AT_BRIDGE": "1",  # no accessibility bus: GTK programs would wait for one
            "GTK_A11Y": "none",
            "GDK_BACKEND": "x11",
            "MOZ_CRASHREPORTER_DISABLE": "1",
        })
        # -displayfd: Xvfb takes a free display number itself and writes it to the pipe, so two
        # sessions starting at once never share one (choosing a number first would race).
        rfd, wfd = os.pipe()
        xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(wfd), "-screen", "0", f"{self.size[0]}x{self.size[1]}x24",
             "-nolisten", "tcp", "-noreset"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, pass_fds=(wfd,))
        os.close(wfd)
        self._procs.append(xvfb)
        got = b""
        deadline = time.monotonic() + 20
        try:
            while not got.endswith(b"\n"):
                if xvfb.poll() is not None or time.monotonic() > deadline:
                    raise Failure("Xvfb did not start")
                ready, _, _ = select.select([rfd], [], [], 0.2)
                if ready:
                    chunk = os.read(rfd, 16)
                    if not chunk:
                        raise Failure("Xvfb did not tell its display number")
                    got += chunk
        finally:
            os.close(rfd)
        n = int(got.strip())
        self.display = f":{n}"
        env["DISPLAY"] = self.display
        env.update(self._extra_env)
        bus = subprocess.Popen(
            ["dbus-daemon", *self._bus_config(env), "--nofork", "--print-address=1",
             f"--address=unix:path={runtime}/bus"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, start_new_session=True,
            text=True)
        self._procs.append(bus)
        address = bus.stdout.readline().strip() if bus.stdout else ""
        if not address:
            raise Failure("dbus-daemon did not start")
        env["DBUS_SESSION_BUS_ADDRESS"] = address
        self.env = env
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _bus_config(self, env: dict[str, str]) -> list[str]:
        """dbus-daemon's configuration option: the system's session bus as it is with portals, else
        a configuration of our own that is the session bus with a service folder of links to every
        service file of the system except the portals' (the same folders dbus-daemon's
        <standard_session_servicedirs/> reads: XDG_DATA_HOME's, then XDG_DATA_DIRS's)."""
        if self.portals:
            return ["--session"]
        services = self.root / "dbus-services"
        services.mkdir(exist_ok=True)
        dirs = [env["XDG_DATA_HOME"], *(d for d in env["XDG_DATA_DIRS"].split(":") if d)]
        for d in dirs:
            folder = Path(d) / "dbus-1" / "services"
            if not folder.is_dir():
                continue
            for f in sorted(folder.glob("*.service")):
                if f.name.startswith(("org.freedesktop.portal.", "org.freedesktop.impl.portal.")):
                    continue
                link = services / f.name
                if not link.exists() and not link.is_symlink():  # the first folder wins, as in dbus-daemon
                    link.symlink_to(f)
        conf = self.root / "dbus-session.conf"
        conf.write_text(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:path={env["XDG_RUNTIME_DIR"]}/bus</listen>
  <auth>EXTERNAL</auth>
  <servicedir>{services}</servicedir>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
  <limit name="max_incoming_bytes">1000000000</limit>
  <limit name="max_incoming_unix_fds">250000000</limit>
  <limit name="max_outgoing_bytes">1000000000</limit>
  <limit name="max_outgoing_unix_fds">250000000</limit>
  <limit name="max_message_size">1000000000</limit>
  <limit name="service_start_timeout">120000</limit>
  <limit name="auth_timeout">240000</limit>
  <limit name="pending_fd_timeout">150000</limit>
  <limit name="max_completed_connections">100000</limit>
  <limit name="max_incomplete_connections">10000</limit>
  <limit name="max_connections_per_user">100000</limit>
  <limit name="max_pending_service_starts">10000</limit>
  <limit name="max_names_per_connection">50000</limit>
  <limit name="max_match_rules_per_connection">50000</limit>
  <limit name="max_replies_per_connection">50000</limit>
</busconfig>
""")
        return [f"--config-file={conf}"]

    def close(self) -> None:
        end_processes(list(reversed(self._procs)), 5)
        self._procs.clear()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    # -- running programs ------------------------------------------------------------------
    def spawn(self, argv: list[str], log: str | os.PathLike | None = None,
              env: dict[str, str] | None = None) -> subprocess.Popen:
        """Start a program in the session (own process group, ended at close)."""
        out = open(log, "ab") if log else subprocess.DEVNULL
        p = subprocess.Popen(argv, env={**self.env, **(env or {})}, stdin=subprocess.DEVNULL,
                             stdout=out, stderr=subprocess.STDOUT if log else subprocess.DEVNULL,
                             start_new_session=True)
        self._procs.append(p)
        return p

    def run(self, argv: list[str], timeout: float = 60, env: dict[str, str] | None = None,
            check: bool = True, input: str | None = None) -> subprocess.CompletedProcess:
        """Run a program to its end in the session and return its output (text)."""
        r = subprocess.run(argv, env={**self.env, **(env or {})}, capture_output=True, text=True,
                           timeout=timeout, input=input,
                           stdin=None if input is not None else subprocess.DEVNULL)
        if check and r.returncode != 0:
            raise Failure(f"{argv[0]} exited {r.returncode}: {r.stderr.strip()[:2000]}")
        return r

    # -- what a person does ----------------------------------------------------------------
    def windows(self, name_regex: str) -> list[str]:
        """Visible windows whose title matches the regex (xdotool window ids)."""
        r = self.run(["xdotool", "search", "--onlyvisible", "--name", name_regex], check=False)
        return [w for w in r.stdout.split() if w]

    def title(self, window: str) -> str:
        return self.run(["xdotool", "getwindowname", window], check=False).stdout.strip()

    def wait_window(self, name_regex: str, timeout: float = 60, gone: bool = False) -> str:
        """Wait until a visible window's title matches (or, with gone=True, none does)."""
        deadline = time.monotonic() + timeout
        while True:
            wins = self.windows(name_regex)
            if gone and not wins:
                return ""
            if not gone and wins:
                return wins[-1]
            if time.monotonic() > deadline:
                titles = self.all_titles()
                what = "still open" if gone else "did not appear"
                raise Failure(f"window /{name_regex}/ {what} in {timeout:.0f} s; windows: {titles}")
            time.sleep(0.2)

    def all_titles(self) -> list[str]:
        r = self.run(["xdotool", "search", "--onlyvisible", "--name", "."], check=False)
        return [self.title(w) for w in r.stdout.split() if w]

    def activate(self, window: str) -> None:
        """Give `window` the keyboard, as a window manager does when it is clicked. A window that
        has it already is left alone: taking the focus away and back re-arms mailtokit-ask's input
        guard (issue 46)."""
        if self.run(["xdotool", "getwindowfocus"], check=False).stdout.strip() == str(window):
            return
        self.run(["xdotool", "windowactivate", "--sync", window], check=False)
        self.run(["xdotool", "windowfocus", "--sync", window], check=False)

    def key(self, window: str | None, *keys: str, delay_ms: int = 60) -> None:
        """Press keys (xdotool names: ctrl+s, Return, Tab) in a window, or where focus is. In
        mailtokit's question window, once it can be answered (wait_usable)."""
        argv = ["xdotool", "key", "--delay", str(delay_ms)]
        if window:
            self.activate(window)
            # Escape cancels at once (the window's own key, not a button's); any other key waits.
            if keys != ("Escape",) and is_question_window(self, window):
                wait_usable(self, window)
        self.run(argv + list(keys))

    def type(self, window: str | None, text: str, delay_ms: int = 20) -> None:
        if window:
            self.activate(window)
            if is_question_window(self, window):
                wait_usable(self, window)
        self.run(["xdotool", "type", "--delay", str(delay_ms), "--", text])

    def close_window(self, window: str) -> None:
        """Close a window as a window manager does when its close button is clicked: send it the
        WM_DELETE_WINDOW message (ICCCM 4.2.8.1); the program decides what closing means. (xdotool
        3.20160805's `windowclose` destroys the window instead, which no person's click does.)"""
        x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XInternAtom.restype = ctypes.c_ulong
        x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        x11.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                                   ctypes.POINTER(_XEvent)]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        dpy = x11.XOpenDisplay(self.display.encode())
        if not dpy:
            raise Failure(f"cannot open display {self.display}")
        try:
            ev = _XEvent()
            ev.xclient.type = 33  # ClientMessage
            ev.xclient.window = int(window)
            ev.xclient.message_type = x11.XInternAtom(dpy, b"WM_PROTOCOLS", 0)
            ev.xclient.format = 32
            ev.xclient.data[0] = x11.XInternAtom(dpy, b"WM_DELETE_WINDOW", 0)
            ev.xclient.data[1] = 0  # CurrentTime
            if not x11.XSendEvent(dpy, int(window), 0, 0, ctypes.byref(ev)):
                raise Failure(f"could not send WM_DELETE_WINDOW to window {window}")
            x11.XFlush(dpy)
        finally:
            x11.XCloseDisplay(dpy)

    def click(self, x: int, y: int, button: int = 1) -> None:
        self.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", str(button)])

    def screenshot(self, path: str | os.PathLike, window: str | None = None) -> Path:
        """A PNG of the whole screen (or one window): look at it, as a person would."""
        require("import")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.run(["import", "-display", self.display, "-window", window or "root", str(path)])
        return path


class _XClientMessageEvent(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]


class _XEvent(ctypes.Union):
    _fields_ = [("xclient", _XClientMessageEvent), ("pad", ctypes.c_long * 24)]  # Xlib's XEvent: 24 longs


# -- mailtokit's question and dialogs on the screen ---------------------------------------

def window_geometry(s: "Session", win: str) -> tuple[int, int, int, int]:
    r = s.run(["xdotool", "getwindowgeometry", "--shell", win])
    g = dict(line.split("=", 1) for line in r.stdout.split() if "=" in line)
    return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])


def is_question_window(s: "Session", win: str) -> bool:
    """Whether `win` is mailtokit-ask's (its WM_CLASS), whose buttons wait a moment (issue 46)."""
    r = s.run(["xprop", "-id", str(win), "WM_CLASS"], check=False)
    return '"mailtokit-ask"' in r.stdout


def default_button_drawn(s: "Session", win: str) -> bool:
    """Whether the window's bottom part shows the usable default button: GTK's suggested-action
    blue, which an insensitive button does not have (it is drawn grey)."""
    x, y, w, h = window_geometry(s, win)
    rows = min(h, 90)
    r = subprocess.run(["import", "-display", s.display, "-window", str(win), "-crop", f"{w}x{rows}+0+{h - rows}",
                        "-depth", "8", "rgb:-"], env=s.env, capture_output=True, timeout=30)
    return suggested_blue(r.stdout)


def suggested_blue(rgb: bytes) -> bool:
    """Whether 8-bit RGB pixels hold the usable default button: at least 150 pixels of GTK's
    suggested-action blue (also used under Wayland, harness/wayland.py)."""
    blue = 0
    for i in range(0, len(rgb) - 2, 3):
        red, green, b = rgb[i], rgb[i + 1], rgb[i + 2]
        if b >= 170 and red <= 120 and 90 <= green <= 170:
            blue += 1
    return blue >= 150


def wait_usable(s: "Session", win: str, timeout: float = 30) -> None:
    """Wait until mailtokit's question window `win` can be answered: its buttons are insensitive
    for a moment after it appears or regains the focus (issue 46), and its default button is
    drawn in the suggested-action colour once they are not."""
    wait_for(lambda: default_button_drawn(s, win), timeout, f"window {win}'s default button to become usable")


def buttons(s: "Session", win: str, shot: Path, timeout: float = 15.0) -> list[tuple[int, int]]:
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


def buttons_on_screen(s: "Session", win: str, shot: Path) -> list[tuple[int, int]]:
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


def click_button(s: "Session", win: str, index: int, count: int, shot: Path) -> None:
    """Click the index-th of `count` buttons (checks that exactly `count` are there), in
    mailtokit's question window once it can be answered."""
    if is_question_window(s, win):
        s.activate(win)
        wait_usable(s, win)
    found = buttons(s, win, shot)
    if len(found) != count:
        raise Failure(f"expected {count} buttons, found {len(found)} at {found}")
    s.click(*found[index])


def tick_and_open(s: "Session", win: str, count: int, shot: Path | None = None) -> None:
    """Answer mailtokit-ask's question as a person who wants the files: tick the first `count`
    files (Alt+1, Alt+2, ...: the mnemonics of the window's check boxes, never ticked to start),
    then Return, which on a check box gives the default button (Open, or Open without the hidden
    copy). A screenshot of the ticked question goes to `shot`."""
    s.activate(win)
    wait_usable(s, win)
    for i in range(1, count + 1):
        s.key(win, f"alt+{i}")
    if shot is not None:
        time.sleep(0.3)  # drawn
        s.screenshot(shot)
    s.key(win, "Return")


def end_processes(procs: list[subprocess.Popen], grace: float) -> None:
    """SIGTERM to each process's group, then SIGKILL to each still running after `grace` seconds
    in all (each was started in a session of its own)."""
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + grace
    for p in procs:
        try:
            p.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            p.wait()


def processes_with_home(home: str | os.PathLike, exe: bool = True) -> list[tuple[int, str, list[str]]]:
    """(pid, executable's file name, argv) of every process whose environment has HOME=home: a
    session's programs, also those that left its process groups (a program a bus or mailtokit
    started). One that ended meanwhile, or is not ours to read, is left out. exe=False: the
    name is left empty (a process whose executable cannot be read still counts)."""
    mine = b"HOME=" + os.fsencode(str(home))
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if mine not in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
                continue
            argv = [os.fsdecode(a) for a in Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:-1]]
            name = os.path.basename(os.readlink(f"/proc/{pid}/exe")) if exe else ""
        except OSError:
            continue
        found.append((int(pid), name, argv))
    return found


def end_processes_with_home(home: str | os.PathLike, grace: float = 0.0, settle: float = 5.0) -> None:
    """End what still runs with HOME=home (processes_with_home), by process id: after up to
    `grace` seconds for them to end on their own, SIGTERM, then SIGKILL to what is left, each
    followed by up to `settle` seconds for them to go. For programs that leave a session's
    process groups (a bus's services, Akonadi, Geary's WebKit processes)."""
    def ours() -> list[int]:
        return [pid for pid, _, _ in processes_with_home(home, exe=False) if pid != os.getpid()]
    deadline = time.monotonic() + grace
    while ours() and time.monotonic() < deadline:
        time.sleep(0.2)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in ours():
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + settle
        while ours() and time.monotonic() < deadline:
            time.sleep(0.2)


def wait_for(predicate, timeout: float, what: str, interval: float = 0.2):
    """Poll until predicate() returns a true value; fail with `what` after timeout seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


def strip_ansi(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
