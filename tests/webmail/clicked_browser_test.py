"""A webmail opens in the browser the link was clicked in, for real (issue 47, part 5).

A person's desktop (Xvfb, D-Bus, private HOME) with two real browsers, each with its desktop entry
and a private profile: Debian's Chromium and Firefox ESR. `mailtokit register`, then
`mailtokit use roundcube http://127.0.0.1:PORT/`, where PORT is a small web server of this test
(a thread) that records the path and User-Agent of every request and answers Roundcube's compose
link with a small page.
  1. Firefox is made the default for https and http links with the real `xdg-mime`; a mail link
     is clicked in a page in the real Chromium. The server must get the compose request with
     Chromium's User-Agent, and none with Firefox's (before this was built, Firefox opened it).
  2. The reverse: Chromium the default, the link clicked in Firefox; Firefox's User-Agent.
Each browser's stderr (which mailtokit inherits) must hold mailtokit's note naming that browser.
Every wait is for a request the server records or a window's title; nothing sleeps.

Screenshots: MAILTOKIT_RESULTS/webmail/clicked-browser-chromium.png, -firefox.png (the compose
page in the browser clicked in). usage: clicked_browser_test.py /path/to/mailtokit"""

from __future__ import annotations

import http.server
import json
import os
import signal
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "browsers"))

from firefox_test import PREFS  # noqa: E402
from harness.desktop import write_config  # noqa: E402
from harness.roundcube import CHROMIUM_FLAGS  # noqa: E402
from harness.session import Failure, Session, end_processes, processes_with_home, require, wait_for  # noqa: E402

LINK = "mailto:jane@example.org?subject=Clicked%20here&body=Hello"
COMPOSE_TITLE = "mailtokit compose"

# The page: one big link at the top left of a kiosk window, so its place on the screen is known;
# once it is painted the page asks for /painted, the condition the click waits for.
PAGE = ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>mailtokit links</title>"
        "<style>html,body{margin:0}a{position:absolute;left:0;top:0;width:600px;height:300px;display:block;"
        "background:#e8eefc;font:32px sans-serif}</style></head><body>"
        f"<a href='{LINK}'>Write to Jane</a>"
        "<script>requestAnimationFrame(() => setTimeout(() => fetch('/painted?' + Date.now()), 0));</script>"
        "</body></html>").encode()
COMPOSE = (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{COMPOSE_TITLE}</title></head>"
           "<body style='font:28px sans-serif'><h1>Roundcube compose (stand-in)</h1>"
           "<p id='ua'></p><script>document.getElementById('ua').textContent = navigator.userAgent;"
           "requestAnimationFrame(() => setTimeout(() => fetch('/painted-compose?' + Date.now()), 0));</script>"
           "</body></html>").encode()


class Server:
    """The webmail and the page on 127.0.0.1: every request's path and User-Agent, in order."""

    def __init__(self):
        self.requests: list[tuple[str, str]] = []
        lock = threading.Lock()
        requests = self.requests

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's name)
                with lock:
                    requests.append((self.path, self.headers.get("User-Agent", "")))
                body = PAGE if self.path == "/page.html" else COMPOSE if "_action=compose" in self.path else b""
                self.send_response(200 if body or self.path.startswith("/painted") else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def seen(self, what: str, start: int = 0) -> list[tuple[str, str]]:
        return [r for r in self.requests[start:] if what in r[0]]

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def entries(s: Session) -> dict[str, tuple[str, list[str]]]:
    """Both browsers' desktop entries, as Debian installs them, each with a private profile:
    id -> (User-Agent mark, command to start it with a page)."""
    apps = Path(s.env["XDG_DATA_HOME"]) / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    chromium = ["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={s.root / 'chromium'}"]
    profile = s.root / "firefox"
    profile.mkdir()
    (profile / "user.js").write_text("".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in PREFS.items()))
    firefox = ["/usr/lib/firefox-esr/firefox-esr", "--profile", str(profile)]
    mime = "MimeType=text/html;x-scheme-handler/http;x-scheme-handler/https;\n"
    (apps / "test-chromium.desktop").write_text(
        f"[Desktop Entry]\nType=Application\nName=Chromium\nExec={' '.join(chromium)} %U\n{mime}")
    (apps / "test-firefox-esr.desktop").write_text(
        f"[Desktop Entry]\nType=Application\nName=Firefox ESR\nExec={' '.join(firefox)} %u\n{mime}")
    # Indexed as a package's trigger or a menu editor indexes them: GIO lists an entry of a folder
    # with a mimeinfo.cache only through that cache (mailtokit's register builds none).
    s.run(["update-desktop-database", str(apps)])
    return {"test-chromium.desktop": ("Chrome/", chromium + ["--kiosk"]),
            "test-firefox-esr.desktop": ("Firefox/", firefox + ["--kiosk"])}


# The compose page's window title in each browser.
WINDOW = {"chromium": COMPOSE_TITLE + " - Chromium$", "firefox": COMPOSE_TITLE + ".*Firefox"}


def make_default(s: Session, entry: str) -> None:
    for scheme in ("x-scheme-handler/https", "x-scheme-handler/http"):
        s.run(["xdg-mime", "default", entry, scheme])
    got = s.run(["xdg-mime", "query", "default", "x-scheme-handler/https"]).stdout.strip()
    if got != entry:
        raise Failure(f"xdg-mime did not make {entry} the https default: {got!r}")


def end_browsers(s: Session, proc) -> None:
    """The browser this test started, and both browsers also where mailtokit started one (in a
    session of its own), ended by process id."""
    end_processes([proc], 10)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid, name, _ in processes_with_home(s.home):
            if name in ("chromium", "firefox-esr"):
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass
        try:
            wait_for(lambda: not [p for p, n, _ in processes_with_home(s.home) if n in ("chromium", "firefox-esr")],
                     10, "the browsers to end")
            return
        except Failure:
            continue


def click_in(s: Session, srv: Server, out: Path, name: str, clicked: str, other: str,
             known: dict[str, tuple[str, list[str]]]) -> list[str]:
    """The link clicked in the browser of entry `clicked` while `other` is the https default."""
    problems = []
    make_default(s, other)
    mark, command = known[clicked]
    other_mark = known[other][0]
    log = out / f"clicked-browser-{name}.log"
    log.write_bytes(b"")
    start = len(srv.requests)
    proc = s.spawn(command + [srv.origin + "/page.html"], log=log)
    wait_for(lambda: [r for r in srv.seen("/painted?", start) if mark in r[1]], 90, f"{name} to show the page")
    s.wait_window("mailtokit links", 30)
    s.click(300, 150)
    compose = wait_for(lambda: srv.seen("_action=compose", start), 60, f"the compose request after the click in {name}")
    agent = compose[0][1]
    print(f"{name}: compose request {compose[0][0][:90]} from {agent}")
    if mark not in agent:
        end_browsers(s, proc)
        return [f"clicked in {name}, the compose page was asked for by another browser: {agent}"]
    wait_for(lambda: [r for r in srv.seen("/painted-compose", start) if mark in r[1]], 30, f"{name} to show the compose page")
    win = s.wait_window(WINDOW[name], 30)
    s.screenshot(out / f"clicked-browser-{name}.png", window=win)
    print(f"{name}: window {s.title(win)!r}")
    stray = [r for r in srv.seen("_action=compose", start) if other_mark in r[1]]
    if stray:
        problems.append(f"clicked in {name}, the default browser was given the compose page too: {stray}")
    told = log.read_text(errors="replace")
    if "the browser the link was clicked in" not in told:
        problems.append(f"mailtokit did not say it opened the webmail in {name}: {told[-600:]!r}")
    end_browsers(s, proc)
    return problems


def run(prog: str) -> int:
    require("chromium", "firefox-esr", "xdg-mime", "xdg-email", "xdg-open")
    out = Path(os.environ.get("MAILTOKIT_RESULTS") or "desktop-results") / "webmail"
    out.mkdir(parents=True, exist_ok=True)
    srv = Server()
    try:
        with Session("clicked-browser") as s:
            known = entries(s)
            write_config(s.env["XDG_CONFIG_HOME"], ["confirm = never", "notify = no"])
            s.run([prog, "register"])
            r = s.run([prog, "use", "roundcube", srv.origin + "/"])
            print("mailtokit use:", (r.stdout + r.stderr).strip())
            problems = click_in(s, srv, out, "chromium", "test-chromium.desktop", "test-firefox-esr.desktop", known)
            problems += click_in(s, srv, out, "firefox", "test-firefox-esr.desktop", "test-chromium.desktop", known)
    finally:
        srv.close()
    for p in problems:
        print("FAIL:", p)
    print("ok: each click's compose page opened in the browser clicked in" if not problems else
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    try:
        sys.exit(run(sys.argv[1]))
    except Failure as e:
        print("FAIL:", e)
        sys.exit(1)
