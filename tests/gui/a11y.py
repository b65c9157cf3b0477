"""The accessibility bus (AT-SPI) in a private Session, and what a screen reader sees there.

A Session turns accessibility off (NO_AT_BRIDGE=1) so that GTK programs do not wait for a bus;
`enable(s)` starts at-spi2-core's bus launcher on the session's own D-Bus and turns it back on
for every program the session starts, and for pyatspi in this process. pyatspi comes with the
distribution's python3 (python3-pyatspi): a test that needs it re-executes itself with
/usr/bin/python3 (`reexec_with_system_python()`).
"""

from __future__ import annotations

import os
import sys
import time

from harness.session import Failure, Session, wait_for

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"


def reexec_with_system_python() -> None:
    """pyatspi is a distribution module: run this script with /usr/bin/python3 when the python3
    that runs it (a pyenv one on PATH) does not have it."""
    try:
        import pyatspi  # noqa: F401
    except ImportError:
        if os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") and os.path.exists("/usr/bin/python3"):
            os.execv("/usr/bin/python3", ["/usr/bin/python3", *sys.argv])
        raise Failure("pyatspi is not installed (python3-pyatspi; bash .ci/install-deps --test installs it)")


def enable(s: Session, timeout: float = 30):
    """Start the accessibility bus in `s` and return the pyatspi module connected to it."""
    if not os.path.exists(LAUNCHER):
        raise Failure(f"{LAUNCHER} is missing (at-spi2-core; bash .ci/install-deps --test installs it)")
    s.env["NO_AT_BRIDGE"] = "0"
    s.env.pop("GTK_A11Y", None)
    s.env["GTK_MODULES"] = "gail:atk-bridge"
    s.spawn([LAUNCHER, "--launch-immediately"])
    # The bus is found through the session bus (org.a11y.Bus) and the root window's AT_SPI_BUS.
    deadline = time.monotonic() + timeout
    while True:
        r = s.run(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                   "org.a11y.Bus.GetAddress"], check=False)
        if r.returncode == 0 and "unix:" in r.stdout:
            break
        if time.monotonic() > deadline:
            raise Failure(f"the accessibility bus did not start in {timeout:.0f} s: {r.stderr.strip()}")
        time.sleep(0.2)
    for k in ("DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "HOME", "NO_AT_BRIDGE"):
        os.environ[k] = s.env[k]
    import pyatspi
    return pyatspi


def walk(node, depth: int = 0, limit: int = 40):
    """Every accessible under `node` (depth first), skipping those that vanish while looked at."""
    if node is None or depth > limit:
        return
    yield node
    try:
        count = node.childCount
    except Exception:
        return
    for i in range(count):
        try:
            child = node.getChildAtIndex(i)
        except Exception:
            continue
        yield from walk(child, depth + 1, limit)


def apps(pyatspi, name: str) -> list:
    """The applications named `name` (their g_get_prgname()) on the desktop now, newest last
    (one that has just ended may still be listed for a moment)."""
    out = []
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        try:
            app = desktop.getChildAtIndex(i)
            if app is not None and app.name == name:
                out.append(app)
        except Exception:
            continue
    return out


def find(pyatspi, app_name: str, predicate, timeout: float, what: str):
    """Wait until predicate(app) gives a true value for an application named `app_name`."""
    def look():
        for app in reversed(apps(pyatspi, app_name)):
            try:
                value = predicate(app)
            except Exception:  # it ended while we looked
                continue
            if value:
                return value
        return None
    return wait_for(look, timeout, what)


def find_app(pyatspi, name: str, timeout: float = 30):
    """The application named `name` once it shows a window."""
    return find(pyatspi, name, lambda app: app if app.childCount > 0 else None, timeout,
                f"the application {name!r} on the accessibility bus")


def states(pyatspi, node) -> set[str]:
    """The node's state names ("focused", "default", ...)."""
    s = node.getState()
    return {pyatspi.stateToString(st) for st in s.getStates()}


def center(pyatspi, node) -> tuple[int, int]:
    """The node's centre on the screen (for a real mouse click)."""
    e = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    return e.x + e.width // 2, e.y + e.height // 2


def press(node) -> None:
    """Activate a node as a screen reader's user does: its AT-SPI action ("click" for buttons and
    radio buttons, "toggle" for a check box)."""
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    for name in ("click", "toggle", "press"):
        if name in names:
            action.doAction(names.index(name))
            return
    raise Failure(f"{node.getRoleName()} {node.name!r} has no click action: {names}")


def of_role(pyatspi, nodes, role) -> list:
    """The nodes of `role` that are shown: "visible" (a radio button scrolled out of the list's
    view is visible, not "showing"; the hidden first one that holds the group is neither)."""
    return [n for n in nodes if n.getRole() == role and "visible" in states(pyatspi, n)]


def named(nodes, name: str):
    """The first node called `name`; a failure naming what there is instead."""
    found = [n for n in nodes if n.name == name]
    if not found:
        raise Failure(f"nothing named {name!r} among {[n.name for n in nodes]}")
    return found[0]

