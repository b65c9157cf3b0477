#!/usr/bin/env python3
"""A page's game in a real Chromium: "click as fast as you can!", and the first click opens a mail
link with a hidden copy. The person keeps clicking; mailtokit's question appears under the
pointer, and the clicks go on over it. The question must answer none of them; with the guard's
restart turned off (mailtokit-ask-no-restart), the mail program must get the hidden copy.

Usage: sustained_chromium_test.py /path/to/mailtokit

A private X desktop (1024x768) with mutter as its window manager and the accessibility bus;
`mailtokit register` makes mailtokit the mailto: handler there (xdg-mime, in the private HOME);
the mail program is a recorder given the draft (tests/gui/sustained.py). Debian's Chromium, a
fresh profile, shows the game, served by a small web server of this test that records what the
page reports: painted, each mouse press it got, the link opened, armed again (the page opens the
link at its first click, and again at the first click after it got the focus back). The page's
link is sustained.py's: a hidden copy to spy@evil.example, and an attach= of a file in
~/Documents, which mailtokit never offers for a link from a browser. The page is armed again
once (game.html?rearm), after part 1; in part 3 never, so the clicks that go on after the
broken window has answered open no second link.
Chromium puts NO_AT_BRIDGE=1 in the environment of what it starts, so the question is not on the
accessibility bus here: its buttons are found on the screen (sustained.ScreenDesk).
1. One click on the page: the question appears (mutter gives it the focus); where "Open as it
   is" is drawn is read from the accessibility bus; Escape.
2. Clicks every 100 ms on that place, from the page's first one until 3 s after the question has
   the focus: the page got the first clicks, the question the rest; nothing handed over and the
   question still open; once usable the safe button has the focus and Return gives the message
   without the hidden copy and without the file (screenshot sustained_chromium_clicks.png, and
   sustained_chromium_game.png: the game with the question over it, during the clicks).
3. Chromium again, started with MAILTOKIT_ASK naming mailtokit-ask-no-restart: the same clicks
   get the hidden copy through.
Every wait is for something the server, the X server or the accessibility bus reports.
"""
from __future__ import annotations

import http.server
import json
import os
import signal
import threading
import time
from pathlib import Path

import sustained
from harness.checks import Checks, main
from harness.desktop import Desktop
from harness.roundcube import CHROMIUM_FLAGS
from harness.session import Failure, Session, end_processes, processes_with_home, require, wait_for

RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
GAME_TITLE = "Click as fast as you can!"


def page(link: str) -> bytes:
    """The game: one link over the whole page; the first click opens it, later ones only count."""
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'><title>" + GAME_TITLE + "</title>"
            "<style>html,body{margin:0;height:100%}a{position:fixed;left:0;top:0;width:100vw;height:100vh;"
            "display:flex;align-items:center;justify-content:center;background:#ffe08a;color:#402000;"
            "font:44px sans-serif;text-decoration:none}</style></head><body>"
            f"<a id='game' href={json.dumps(link)}>{GAME_TITLE}&nbsp;<span id='n'>0</span></a><script>"
            "let armed = true, n = 0, rearm = location.search.includes('rearm') ? 1 : 0;"
            "const ping = p => fetch(p + (p.includes('?') ? '&' : '?') + 't=' + Date.now()).catch(() => {});"
            "const game = document.getElementById('game');"
            "game.addEventListener('mousedown', () => { n++; document.getElementById('n').textContent = n;"
            " ping('/press?n=' + n); });"
            "game.addEventListener('click', e => { if (!armed) { e.preventDefault(); return; }"
            " armed = false; ping('/opened'); });"
            "window.addEventListener('focus', () => { if (!armed && rearm > 0) { rearm--; armed = true; ping('/armed'); } });"
            "requestAnimationFrame(() => setTimeout(() => ping('/painted'), 0));"
            "</script></body></html>").encode()


class Server:
    """The game on 127.0.0.1, and every path the page asked for, in order."""

    def __init__(self):
        self.paths: list[str] = []
        self.body = b""
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's name)
                server.paths.append(self.path)
                body = server.body if self.path.split("?")[0] == "/game.html" else b""
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/game.html"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def count(self, prefix: str, start: int = 0) -> int:
        return sum(1 for p in self.paths[start:] if p.startswith(prefix))

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def end_chromium(s: Session, proc) -> None:
    """The Chromium this test started, ended by process id, with every process of it."""
    end_processes([proc], 10)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid, name, _ in processes_with_home(s.home):
            if name == "chromium":
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass
        try:
            wait_for(lambda: not [p for p, n, _ in processes_with_home(s.home) if n == "chromium"], 10, "Chromium to end")
            return
        except Failure:
            continue


class Game:
    def __init__(self, s: Session, d: Desktop, srv: Server, desk: sustained.ScreenDesk, attack: sustained.Attack):
        self.s, self.d, self.srv, self.desk, self.a = s, d, srv, desk, attack
        self.proc = None
        self.mailtokit_pid = 0

    def start(self, broken: bool) -> None:
        env = dict(self.d.env)
        if broken:
            env["MAILTOKIT_ASK"] = self.a.broken
        mark = len(self.srv.paths)
        self.proc = self.s.spawn(["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={self.s.root / 'chromium'}",
                                  "--window-position=0,0", "--window-size=1024,768",
                                  self.srv.url + ("" if broken else "?rearm")],
                                 log=self.s.root / "chromium.log", env=env)
        wait_for(lambda: self.srv.count("/painted", mark), 90, "Chromium to show the game")
        win = self.s.wait_window(GAME_TITLE, 30)
        wait_for(lambda: self.s.run(["xdotool", "getwindowfocus"], check=False).stdout.strip() == win, 30,
                 "the game to have the focus", interval=0.05)

    def mailtokit(self):
        """The mailtokit Chromium started for the link (through xdg-email and xdg-open)."""
        found = wait_for(lambda: [pid for pid, name, argv in processes_with_home(self.s.home)
                                  if name == "mailtokit" and "open" in argv], 30, "Chromium to start mailtokit")
        return found[-1]

    def stop(self) -> None:
        if self.proc is not None:
            end_chromium(self.s, self.proc)
            self.proc = None


class Pid:
    """A process this test did not start (Chromium's mailtokit), watched by its id."""

    def __init__(self, pid: int):
        self.pid = pid
        self.returncode = None

    def poll(self):
        if self.returncode is None and not os.path.exists(f"/proc/{self.pid}"):
            self.returncode = 0  # its status belongs to its parent; the recorder says what it did
        elif self.returncode is None:
            try:
                if Path(f"/proc/{self.pid}/stat").read_text().split(")")[-1].split()[0] == "Z":
                    self.returncode = 0
            except OSError:
                self.returncode = 0
        return self.returncode

    def wait(self, timeout: float):
        wait_for(lambda: self.poll() is not None, timeout, f"mailtokit {self.pid} to end", interval=0.05)
        return self.returncode


def run(prog: str) -> int:
    require("chromium", "mutter", "xprop", "xdg-mime", "xdg-email", "xdg-open")
    RESULTS.mkdir(parents=True, exist_ok=True)
    checks = Checks("sustained_chromium", show_passed=True)
    check = checks.check
    started = time.monotonic()
    srv = Server()
    try:
        with Session("sustained-chromium", 1024, 768) as s:
            sustained.start_a11y(s)
            wm = s.spawn(["mutter", "--x11", "--replace"], log=s.root / "mutter.log")
            wait_for(lambda: wm.poll() is not None or "window id" in s.run(
                ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], check=False).stdout, 30, "mutter to manage the screen")
            d = Desktop(s, prog)
            desk = sustained.ScreenDesk(s, wm=True)
            a = sustained.Attack(desk, d, RESULTS, "chromium", checks)
            s.run([prog, "register"])
            got = s.run(["xdg-mime", "query", "default", "x-scheme-handler/mailto"]).stdout.strip()
            check(got == "mailtokit-handler.desktop", f"mailtokit is the mailto: handler in the private HOME ({got!r})")
            srv.body = page(a.link)
            game = Game(s, d, srv, desk, a)
            try:
                # 1. Where "Open as it is" is drawn.
                game.start(broken=False)
                d.clear()
                mark = len(srv.paths)
                desk.input.click(512, 384)
                p = Pid(game.mailtokit())
                desk.question()
                seen: list = []

                def settled():  # found, and where the previous look found it (mutter places it first)
                    c = desk.controls()
                    seen.append(c.get(sustained.OPEN_AS_IT_IS, {}).get("at"))
                    return c if len(seen) > 1 and seen[-1] is not None and seen[-1] == seen[-2] else None
                c = wait_for(settled, 30, "the question's buttons on the screen, in place", interval=0.1)
                at = c[sustained.OPEN_AS_IT_IS]["at"]
                print(f"     chromium: 'Open as it is' at {at}")
                desk.input.keys("Escape")
                p.wait(30)
                desk.gone()
                wait_for(lambda: srv.count("/armed", mark), 30, "the game to be armed again (its window focused)")

                # 2. Clicks every 100 ms from the page's first one over the question.
                for broken in (False, True):
                    if broken:
                        game.stop()
                        game.start(broken=True)
                    d.clear()
                    mark = len(srv.paths)
                    stream = sustained.Stream([lambda: desk.input.click(*at)], sustained.CLICK_EVERY)
                    stream.start()
                    try:
                        p = Pid(game.mailtokit())
                        desk.question()
                        stream.end_after(sustained.STREAM_AFTER_FOCUS)
                        if not broken:
                            desk.screenshot(RESULTS / "sustained_chromium_game.png")
                        sent = stream.finish()
                    finally:
                        stream.stop()
                    print(f"     chromium{' (no restart)' if broken else ''}: {sent} clicks, the page got "
                          f"{srv.count('/press', mark)} of them, opened the link {srv.count('/opened', mark)} time(s)")
                    check(srv.count("/opened", mark) == 1, "the page opened its link once, at its first click")
                    a._after_stream(p, "the game's clicks on 'Open as it is'", sent, broken,
                                    "sustained_chromium_clicks.png", {sustained.OPEN_AS_IT_IS: at})
            finally:
                game.stop()
    finally:
        srv.close()
    print(f"     chromium: run time {time.monotonic() - started:.0f} s")
    return checks.report("sustained input from a page in Chromium",
                         "the game's clicks over the question answer nothing; with the restart off they send the hidden copy")


main(run)
