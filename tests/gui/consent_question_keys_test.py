#!/usr/bin/env python3
"""No default key turns the risky-link question into a risky answer (issue 35), in every dialog
program that can ask it and on the terminal, with the real programs on a private X display.

Usage: consent_question_keys_test.py /path/to/mailtokit

Two links a web page controls, opened as a browser opens them (`mailtokit open LINK`, no
terminal), the mail program a recorder (target = custom, command = "<recorder>" %u, confirm =
risky, notify = no); what the recorder was really given is the answer:

- BCC: mailto:friend@example.org?bcc=boss@evil.example&subject=Hi. The safe answer is "Open
  without the hidden copy": no key may hand boss@evil.example over.
- LOOKALIKE: mailto:support@%D0%B0pple.com?subject=Hi (a Cyrillic a). The safe answer is Cancel:
  no key may start the mail program.

Each asked in each program that asks it: mailtokit-ask (the build tree's, found next to the
program), and with $MAILTOKIT_ASK naming nothing that runs, zenity, kdialog and yad (chosen by
choose_dialog() from XDG_CURRENT_DESKTOP and PATH; PATH holds only one program where the desktop
alone would pick another). Desktops KDE, GNOME, XFCE, empty and unset are spread over the cases
(kdialog also on LXQt).
Keys: Return, KP_Enter, space, Escape; closing the window as a window manager does
(WM_DELETE_WINDOW); and for LOOKALIKE the window destroyed by another program (xdotool
windowclose; a program that then hangs is ended as a window manager's "force quit" would).
Return, KP_Enter and space must give the question's safe answer (kdialog on GNOME and XFCE:
Cancel, the first button of Qt's GNOME order), Escape and closing must give Cancel; none may
give a risky one; zenity, yad and kdialog, which take input the moment they appear, do not even
offer it, and say so. A screenshot per case (consent_question-*.png), the
window's process checked to be the program meant. Positive control: the focus moved to "Open as
it is" and space pressed in mailtokit-ask hands the Bcc over (the test can fail). The terminal (tmux, 80x24): Enter,
keypad Enter, a space then Enter and Ctrl-D give the safe answer or Cancel, "o" the Bcc.
A table of what each key gave is printed at the end.
"""
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

from harness.checks import Checks, main as checks_main
from harness.desktop import Desktop, wait_exit
from harness.session import Failure, Session, require, wait_for, window_geometry
from harness.titles import QUESTION_ANY

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
EVIL = "boss@evil.example"
LINKS = {
    "bcc": ("mailto:friend@example.org?bcc=boss@evil.example&subject=Hi", "without"),
    "lookalike": ("mailto:support@%D0%B0pple.com?subject=Hi", "nothing"),
}
KEYS = ("Return", "KP_Enter", "space", "Escape", "close")
checks = Checks("consent_question_keys", show_passed=True)
check, failures = checks.check, checks.failures
table: list[tuple[str, str, str, str, str]] = []  # program, desktop, link, key, outcome


def outcome(d: Desktop, link: str) -> str:
    """What the mail program was given: "nothing", "without" (BCC without its hidden copy),
    "RISKY: ..." (the hidden copy handed over, or the look-alike address opened unasked)."""
    runs = d.recorded("recorder")
    if not runs:
        return "nothing"
    uri = runs[-1][-1]
    to, _, query = uri[len("mailto:"):].partition("?")
    fields = urllib.parse.parse_qs(query)
    if EVIL in urllib.parse.unquote(uri) or fields.get("bcc"):
        return "RISKY: Bcc handed over"
    if link == "lookalike":
        return "RISKY: look-alike opened"
    if urllib.parse.unquote(to) == "friend@example.org" and len(runs) == 1:
        return "without"
    return f"unexpected: {runs}"


def wanted(program: str, desktop, link: str, key: str) -> str:
    """The answer a key must give: Return, keypad Enter and space the safe one, Escape and closing
    Cancel (nothing opened). kdialog's Return and space give the focused button, the first of the
    row, and Qt orders the row as the desktop does: Yes (the safe answer) first on KDE and with no
    desktop set, Cancel first on GNOME and XFCE, where they give Cancel."""
    if key not in ("Return", "KP_Enter", "space"):
        return "nothing"
    if program == "kdialog" and desktop in ("GNOME", "XFCE"):
        return "nothing"
    return LINKS[link][1]


def program_of(s: Session, win: str) -> tuple[str, int]:
    """The program that drew the window and its process id (the window's _NET_WM_PID)."""
    pid = s.run(["xdotool", "getwindowpid", win], check=False).stdout.strip()
    try:
        return os.path.basename(os.readlink(f"/proc/{pid}/exe")), int(pid)
    except (OSError, ValueError):
        return "?", 0


def drawn_screenshot(s: Session, win: str, shot: Path, timeout: float = 15) -> None:
    """A screenshot once the window shows more than a blank: its text is drawn (so are its buttons)."""
    x, y, w, h = window_geometry(s, win)

    def colours():
        s.screenshot(shot)
        r = s.run(["convert", str(shot), "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-format", "%k", "info:"],
                  check=False)
        return int(r.stdout.strip() or 0) > 32
    wait_for(colours, timeout, f"window {win} to be drawn")
    time.sleep(0.3)  # the last frame (focus ring, default button) after the text
    s.screenshot(shot)


def main() -> int:
    require("zenity", "yad", "kdialog", "xdotool", "convert", "tmux")
    ask = os.path.join(os.path.dirname(PROG), "mailtokit-ask")
    if not os.access(ask, os.X_OK):
        raise Failure(f"{ask} is not built")
    started = time.monotonic()
    with Session("consent-question", width=1280, height=800) as s:
        d = Desktop(s, PROG)
        d.custom_config("confirm = risky\nnotify = no\n")
        no_ask = str(s.root / "no mailtokit-ask")  # names nothing that runs: the dialog programs ask
        only = {}
        for name in ("zenity", "yad", "kdialog"):
            folder = s.root / f"only {name}"
            folder.mkdir()
            (folder / name).write_bytes((d.bin / name).read_bytes())
            (folder / name).chmod(0o755)
            only[name] = str(folder)

        # program -> (desktops to spread over its cases, extra environment per desktop)
        def env_for(program: str, desktop):
            e = {} if program == "mailtokit-ask" else {"MAILTOKIT_ASK": no_ask}
            if desktop is not None:
                e["XDG_CURRENT_DESKTOP"] = desktop
            qt = desktop in ("KDE", "LXQt")
            # choose_dialog(): kdialog first on KDE, zenity first elsewhere; PATH narrowed to one
            # program where the desktop alone would choose another.
            if program == "yad" or (program == "zenity" and qt) or (program == "kdialog" and not qt):
                e["PATH"] = only[program]
            return e

        desktops = {
            "mailtokit-ask": ["KDE", "GNOME", "XFCE", None, ""],
            "zenity": ["GNOME", "XFCE", None, "", "KDE"],
            "kdialog": ["KDE", "GNOME", "XFCE", None, ""],
            "yad": ["XFCE", "", "GNOME", "KDE", None],
        }

        def run_case(program, desktop, link, action, name):
            """Ask `link`, answer it with `action`; returns the outcome."""
            d.clear()
            p, log = d.start(["open", LINKS[link][0]], env=env_for(program, desktop))
            win = s.wait_window(QUESTION_ANY, timeout=60)
            drew, pid = program_of(s, win)
            check(drew == program, f"{name}: the question is {program}'s window ({drew})")
            dialogs = [x for x in ("zenity", "yad", "kdialog") if d.recorded(x)]
            check(dialogs == ([] if program == "mailtokit-ask" else [program]),
                  f"{name}: dialog programs run: {dialogs}")
            if program != "mailtokit-ask":
                # A dialog program takes input the moment it appears: the risky answer is not offered.
                offered = " ".join(d.recorded(program)[-1])
                check("Open as it is" not in offered and "offers only the safe answer" in offered,
                      f"{name}: {program} offers no risky answer, and says so")
            shot = RESULTS / f"consent_question-{name}.png"
            drawn_screenshot(s, win, shot)
            if action == "close":
                s.activate(win)
                s.close_window(win)
            elif action == "destroy":
                s.run(["xdotool", "windowclose", win], check=False)
                try:
                    p.wait(timeout=6)
                except subprocess.TimeoutExpired:
                    # The program hangs without its window: end it, as a window manager's force quit does.
                    print(f"     {name}: {drew} still running 6 s after its window was destroyed: ended")
                    try:
                        os.kill(pid, signal.SIGTERM)
                    except ProcessLookupError:
                        pass
                    action = "destroy (hung, ended)"
                    # mailtokit-ask ended by a signal is a crash: the fallback program asks (Escape there).
                    if program == "mailtokit-ask":
                        w2 = s.wait_window(QUESTION_ANY, timeout=30)
                        s.key(w2, "Escape")
            elif callable(action):
                action(win, shot)
                action = "focus Open as it is, space"
            else:
                s.key(win, action)
            rc = wait_exit(p, 60, name)
            got = outcome(d, link)
            check(rc == 0, f"{name}: mailtokit exits 0 ({rc}): {log.read_text(errors='replace').strip()[-300:]}")
            table.append((program, "unset" if desktop is None else desktop or "empty", link, action, got))
            return got

        # ---- every key, every program, both links -------------------------------------------------
        for program in ("mailtokit-ask", "zenity", "kdialog", "yad"):
            for i, key in enumerate(KEYS):
                for link, safe in LINKS.items():
                    desktop = desktops[program][(i + (link == "lookalike")) % len(KEYS)]
                    name = f"{program}-{link}-{key}-{'unset' if desktop is None else desktop or 'empty'}"
                    got = run_case(program, desktop, link, key, name)
                    check(not got.startswith("RISKY") and got == wanted(program, desktop, link, key),
                          f"{name}: {got} (want {wanted(program, desktop, link, key)})")
            # The window destroyed by another program (not a person's act): never risky.
            desktop = desktops[program][0]
            name = f"{program}-lookalike-destroy"
            got = run_case(program, desktop, "lookalike", "destroy", name)
            check(got == "nothing", f"{name}: {got} (want nothing)")

        # kdialog with no desktop set (Qt's own order, Yes first, as on KDE) and on LXQt (a Qt
        # desktop: kdialog is chosen first there).
        for desktop, link, key in ((None, "bcc", "Return"), ("", "bcc", "KP_Enter"), ("LXQt", "bcc", "Return"),
                                   ("LXQt", "lookalike", "Return")):
            name = f"kdialog-{link}-{key}-{'unset' if desktop is None else desktop or 'empty'}"
            got = run_case("kdialog", desktop, link, key, name)
            want = wanted("kdialog", desktop, link, key)
            check(got == want, f"{name}: {got} (want {want})")

        # ---- positive controls: the explicit act hands the Bcc over -------------------------------
        # The person moves the focus to "Open as it is" and presses space (the screenshot
        # consent_question-*-control.png shows the buttons): in mailtokit-ask
        # [without][Cancel][Open as it is], two steps right of the focused safe button. zenity, yad
        # and kdialog do not offer it (checked in run_case()).
        controls = (("mailtokit-ask", "KDE", "bcc", ["Right", "Right"], "RISKY: Bcc handed over"),)
        for program, desktop, link, keys, want in controls:
            def choose(win, shot, keys=keys):
                s.key(win, *keys, "space", delay_ms=150)
            name = f"{program}-{link}-{desktop}-control"
            got = run_case(program, desktop, link, choose, name)
            check(got == want, f"{name}: {'+'.join(keys)}+space on Open as it is: {got} (want {want})")

        # ---- the terminal --------------------------------------------------------------------------
        tenv = {**s.env, **d.env, "TERM": "xterm-256color", "LANG": "C.UTF-8"}
        for link, keys, want in (("bcc", ["Enter"], "without"), ("lookalike", ["Enter"], "nothing"),
                                 ("bcc", ["KPEnter"], "without"), ("lookalike", ["KPEnter"], "nothing"),
                                 ("bcc", ["Space", "Enter"], "without"), ("lookalike", ["Space", "Enter"], "nothing"),
                                 ("bcc", ["C-d"], "nothing"), ("lookalike", ["C-d"], "nothing"),
                                 ("bcc", ["o", "Enter"], "RISKY: Bcc handed over")):
            d.clear()
            sock = str(s.root / f"tmux-{len(table)}.sock")
            tmux = ["tmux", "-S", sock, "-f", "/dev/null"]
            cmd = shlex.join([PROG, "open", LINKS[link][0]]) + '; echo "exit status $?"; sleep 120'
            subprocess.run([*tmux, "new-session", "-d", "-x", "80", "-y", "24", cmd], env=tenv, check=True)

            def screen():
                return subprocess.run([*tmux, "capture-pane", "-p", "-t", "0"], env=tenv, capture_output=True,
                                      text=True).stdout
            try:
                asking = wait_for(lambda: (lambda t: t if "Your answer (" in t else None)(screen()), 30,
                                  "the terminal's prompt")
                subprocess.run([*tmux, "send-keys", "-t", "0", *keys], env=tenv, check=True)
                done = wait_for(lambda: (lambda t: t if "exit status " in t else None)(screen()), 30,
                                f"mailtokit to end after {keys}")
            finally:
                subprocess.run([*tmux, "kill-server"], env=tenv, check=False)
            (RESULTS / f"consent_question-terminal-{link}-{'-'.join(keys)}.txt").write_text(asking + "\n----\n" + done)
            got = outcome(d, link)
            dialogs = [x for x in ("zenity", "yad", "kdialog") if d.recorded(x)]
            name = f"terminal-{link}-{'+'.join(keys)}"
            check(got == want and "exit status 0" in done and not dialogs,
                  f"{name}: {got} (want {want}; {dialogs or 'no dialog'})")
            table.append(("terminal", "-", link, "+".join(keys), got))

    print(f"\n{'program':14} {'desktop':7} {'link':10} {'key':22} outcome")
    for row in table:
        print(f"{row[0]:14} {row[1]:7} {row[2]:10} {row[3]:22} {row[4]}")
    print(f"run time {time.monotonic() - started:.0f} s")
    return checks.report("consent question keys", "no key, close or destroy gave a risky answer; the explicit choice did")


if __name__ == "__main__":
    checks_main(lambda _program: main())
