#!/usr/bin/env python3
"""No default key attaches a file (issue 35), with the real dialog programs on a private X display.

Usage: consent_keys_test.py /path/to/mailtokit

A request to attach a file, as a web page can make one (GNOME's `gio open`, Firefox and the
Email portal cannot tell it from send by email): `mailtokit send --attach ~/Documents/taxes-2023.pdf
boss@example.org`, no terminal, the mail program a recorder (target = custom, its %f the draft
file). What is checked, each from what the recorder was really given:

1. zenity asks (on KDE, GNOME, XFCE, LXQt and with no desktop set: the same program on every
   desktop), and Return, keypad Enter, Space, Escape and closing the window each hand over the
   draft without the file, and the user is told "you chose not to attach it". A screenshot per
   case (consent-<desktop>-<key>.png).
2. A click on "Attach" attaches it (the question works; the test can fail).
3. Without zenity, kdialog (KDE) and yad (XFCE, LXQt) never ask about files: in issue 35,
   kdialog 22.12 opened with the focus on "Attach" and yad's Return attached. No dialog opens,
   the draft goes without the file, and the user is told why.
"""
import email
import email.policy
import os
import sys
import time
from pathlib import Path

from open_desktop import Desktop, click_button, wait_exit
from session import Failure, Session, require

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
QUESTION = r"^mailtokit: attach these files\?$"
failures: list[str] = []


def check(ok: bool, what: str) -> None:
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def handed_draft(d: Desktop) -> list[tuple[str, bytes]]:
    """The attachments (file name, bytes) of the draft file the recorder (the mail program) was
    given by its %f, read with Python's email package."""
    argv = d.recorded("recorder")
    if not argv:
        raise Failure("the mail program (recorder) was not started")
    msg = email.message_from_bytes(Path(argv[-1][-1]).read_bytes(), policy=email.policy.default)
    return [(p.get_filename() or "", p.get_content()) for p in msg.iter_attachments()] if msg.is_multipart() else []


def ask(d: Desktop, doc: Path, desktop: str, answer, name: str, env: dict[str, str] | None = None):
    """One request; `answer(window)` answers the question (None: no question may appear).
    Returns (the draft handed over, what mailtokit told on stderr)."""
    d.clear()
    p, log = d.start(["send", "--attach", str(doc), "--subject", "Quarterly", "boss@example.org"],
                     env={"XDG_CURRENT_DESKTOP": desktop, **(env or {})})
    if answer is None:
        wait_exit(p, 60, name)
        check(not d.s.windows(QUESTION), f"{name}: no question about files appears")
    else:
        win = d.s.wait_window(QUESTION, timeout=60)
        time.sleep(0.5)  # drawn
        d.s.screenshot(RESULTS / f"consent-{name}.png")
        answer(win)
        wait_exit(p, 60, name)
    return handed_draft(d), log.read_text(errors="replace")


def main() -> int:
    require("zenity", "xdotool", "convert")
    with Session("consent-keys", width=1280, height=800) as s:
        d = Desktop(s, PROG)
        doc = s.home / "Documents" / "taxes-2023.pdf"
        doc.parent.mkdir(parents=True)
        doc.write_bytes(b"%PDF-1.4\nSECRET-taxes-2023\n")
        d.write_config(f'target = custom\ncommand = "{d.recorder}" %f\nconfirm = risky\nnotify = no\n')

        def key(k):
            return lambda win: s.key(win, k)

        def close(win):
            s.run(["xdotool", "windowclose", win], check=False)

        # 1. Every key that could be pressed in a hurry, and closing the window: nothing attached.
        cases = [("KDE", "Return", key("Return")), ("KDE", "KP_Enter", key("KP_Enter")), ("KDE", "space", key("space")),
                 ("KDE", "Escape", key("Escape")), ("KDE", "close", close), ("GNOME", "Return", key("Return")),
                 ("XFCE", "Return", key("Return")), ("LXQt", "KP_Enter", key("KP_Enter")), ("", "space", key("space"))]
        for desktop, what, answer in cases:
            name = f"{desktop or 'none'}-{what}"
            draft, told = ask(d, doc, desktop, answer, name)
            check(draft == [], f"{name}: the draft handed over holds no file: {[n for n, _ in draft]}")
            check("you chose not to attach it" in told, f"{name}: the user is told the file was not attached")
            check(bool(d.recorded("zenity")) and not d.recorded("kdialog") and not d.recorded("yad"),
                  f"{name}: zenity asked, not kdialog or yad")

        # 2. The explicit act attaches: a click on "Attach" ([Don't attach] [Attach]).
        draft, told = ask(d, doc, "KDE", lambda win: click_button(s, win, 1, 2, RESULTS / "consent-click-screen.png"),
                          "KDE-click-attach")
        check(draft == [("taxes-2023.pdf", doc.read_bytes())], f"a click on Attach attaches the file: {[n for n, _ in draft]}")

        # 3. Without zenity: kdialog and yad never ask about files. PATH holds only the recorders
        # (kdialog and yad record, then run the real program), zenity's removed.
        (d.bin / "zenity").unlink()
        for desktop, program in (("KDE", "kdialog"), ("XFCE", "yad"), ("LXQt", "yad")):
            name = f"{desktop}-no-zenity"
            draft, told = ask(d, doc, desktop, None, name, env={"PATH": str(d.bin)})
            check(draft == [], f"{name}: the draft handed over holds no file")
            check("only zenity or a terminal can ask about files" in told,
                  f"{name}: the user is told why no file was offered: {told.strip()[-200:]}")
            check(not d.recorded(program), f"{name}: {program} was not run")
    if failures:
        print(f"FAIL consent keys: {len(failures)} problem(s)")
        return 1
    print("PASS consent keys: no key or close attached a file; kdialog and yad never asked about files")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as e:
        print(f"FAIL: {e}")
        sys.exit(1)
