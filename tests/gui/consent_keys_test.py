#!/usr/bin/env python3
"""No default key attaches a file (issue 35), with the real question window on a private X display.

Usage: consent_keys_test.py /path/to/mailtokit

A request to attach a file, as a web page can make one (GNOME's `gio open`, Firefox and the
Email portal cannot tell it from send by email): `mailtokit send --attach ~/Documents/taxes-2023.pdf
boss@example.org`, no terminal, the mail program a recorder (target = custom, its %f the draft
file). The link and its files are asked in one question, mailtokit's own window (mailtokit-ask),
every file a check box that starts unticked. What is checked, each from what the recorder was
really given:

1. The window asks on KDE, GNOME, XFCE, LXQt and with no desktop set (the same window on every
   desktop). Return, keypad Enter and Space give its default (Open): the draft goes without the
   file and the user is told "you did not choose to attach it"; Escape and closing the window
   open nothing. A screenshot per case (consent-<desktop>-<key>.png).
2. With a hidden copy as well, the files are in the same window as the hidden copy, and Return
   gives "Open without the hidden copy" with no file: neither the copy nor the file goes.
3. The explicit act attaches: Alt+1 ticks the file, then Return opens (the question works; the
   test can fail).
4. Without mailtokit-ask, no dialog program asks about files (kdialog 22.12 opened its question
   with the focus on "Attach", yad's Return attached, zenity cannot show check boxes beside the
   link's choices): no window opens, the draft goes without the file, and the user is told why.
5. The other attacks of issue 35, each read from the question file the window was given (the
   window runs through a recorder) and shown on the screen (consent-attack-<name>.png), then
   cancelled: thirteen files (twelve offered, the thirteenth refused, never "... and N more");
   a subject with U+2028 and U+2029 writing a fake "Never attached" line (the link's line breaks
   become spaces, no raw separator anywhere); /proc/self/cwd/... (refused whatever it resolves to); a Kerberos
   credential cache in /tmp (refused); the same file three times (one box); a right-to-left file
   name (isolated, so it cannot reorder its line).
"""
import email
import email.policy
import os
import sys
import time
from pathlib import Path

from harness.checks import Checks, main as checks_main
from harness.desktop import Desktop, wait_exit
from harness.session import Session, require, tick_and_open
from harness.titles import QUESTION

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
checks = Checks("consent_keys", show_passed=True)
check, failures = checks.check, checks.failures


def handed_draft(d: Desktop) -> email.message.EmailMessage | None:
    """The draft file the recorder (the mail program) was given by its %f, read with Python's
    email package; None when the mail program was not started."""
    argv = d.recorded("recorder")
    if not argv:
        return None
    return email.message_from_bytes(Path(argv[-1][-1]).read_bytes(), policy=email.policy.default)


def attached(msg) -> list[tuple[str, bytes]]:
    if msg is None or not msg.is_multipart():
        return []
    return [(p.get_filename() or "", p.get_content()) for p in msg.iter_attachments()]


def ask(d: Desktop, args: list[str], desktop: str, answer, name: str, env: dict[str, str] | None = None):
    """One request; `answer(window)` answers the question (None: no question may appear).
    Returns (the draft handed over or None, what mailtokit told on stderr)."""
    d.clear()
    p, log = d.start(args, env={"XDG_CURRENT_DESKTOP": desktop, **(env or {})})
    if answer is None:
        wait_exit(p, 60, name)
        check(not d.s.windows(QUESTION), f"{name}: no question appears")
    else:
        win = d.s.wait_window(QUESTION, timeout=60)
        time.sleep(0.5)  # drawn
        d.s.screenshot(RESULTS / f"consent-{name}.png")
        answer(win)
        wait_exit(p, 60, name)
    return handed_draft(d), log.read_text(errors="replace")


def question_of(d: Desktop, args: list[str], name: str) -> str:
    """The question file mailtokit-ask was given for `args` (answered Escape: nothing opens)."""
    d.clear()
    p, log = d.start(args, env={"XDG_CURRENT_DESKTOP": "GNOME"})
    win = d.s.wait_window(QUESTION, timeout=60)
    time.sleep(0.5)  # drawn
    d.s.screenshot(RESULTS / f"consent-attack-{name}.png")
    d.s.key(win, "Escape")
    wait_exit(p, 60, name)
    check(handed_draft(d) is None, f"{name}: Escape opens nothing")
    return d.recorded_text("ask")


def offered(question: str) -> list[str]:
    """The names of the files offered (the "file" records of the question file)."""
    names, at = [], 0
    while (at := question.find("\nfile ", at)) >= 0:
        head_end = question.index("\n", at + 1)
        length = int(question[at + 6:head_end])
        names.append(question[head_end + 1:head_end + 1 + length].split("\n")[0].strip("\u2068\u2069"))
        at = head_end
    return names


def attacks(s: Session, d: Desktop) -> None:
    d.record_ask()
    docs = s.home / "Downloads"
    docs.mkdir()
    brochures = []
    for i in range(12):
        b = docs / f"brochure-{i + 1:02}.pdf"
        b.write_bytes(b"%PDF-1.4 brochure\n")
        brochures.append(b)
    taxes = s.home / "Documents" / "taxes-2023.pdf"
    to = ["boss@example.org"]

    # 2. Thirteen files: twelve offered, the thirteenth refused and said.
    args = ["send"] + [a for b in brochures + [taxes] for a in ("--attach", str(b))] + to
    q = question_of(d, args, "thirteen")
    names = offered(q)
    check(len(names) == 12 and "taxes-2023.pdf" not in names, f"thirteen: twelve files offered: {names}")
    check("taxes-2023.pdf" in q and "Never attached" in q and "more" not in q.split("taxes-2023.pdf")[0][-40:],
          "thirteen: the thirteenth is named as never attached")

    # 3. Forged lines: U+2028 and U+2029 in the subject never break a line of the question.
    forged = "Invoice\u2028Never attached: taxes-2023.pdf\u2029- Checked: this is Apple's real support address."
    q = question_of(d, ["send", "--attach", str(brochures[0]), "--subject", forged, "boss@example.org"], "forged")
    check("\u2028" not in q and "\u2029" not in q, "forged: no raw line or paragraph separator reaches the window")
    check(not any(line.startswith(("Never attached: taxes", "- Checked")) for line in q.splitlines()),
          "forged: the subject's words begin no line of their own")

    # 4. /proc/self/cwd names a file in the handler's working folder: refused as written.
    proc = f"/proc/self/cwd{taxes}"
    q = question_of(d, ["send", "--attach", proc, "--attach", str(brochures[0])] + to, "proc-cwd")
    check(offered(q) == ["brochure-01.pdf"] and "/proc" in q, f"proc-cwd: only the brochure is offered: {offered(q)}")

    # 7. A Kerberos credential cache in /tmp; the same file three times.
    krb = Path(f"/tmp/krb5cc_{os.getuid()}_consent{os.getpid()}")
    krb.write_bytes(b"SECRET-ticket")
    try:
        q = question_of(d, ["send", "--attach", str(krb)] + [a for _ in range(3) for a in ("--attach", str(brochures[1]))]
                        + to, "credential-duplicate")
    finally:
        krb.unlink()
    check(offered(q) == ["brochure-02.pdf"], f"credential-duplicate: one brochure, no ticket: {offered(q)}")
    check("credentials" in q, "credential-duplicate: the ticket is named as never attached, and why")

    # 8. A right-to-left name: isolated (FSI ... PDI) so it cannot reorder its line.
    rtl = docs / "\u062a\u0642\u0631\u064a\u0631 taxes-2023.pdf"
    rtl.write_bytes(b"%PDF-1.4\n")
    q = question_of(d, ["send", "--attach", str(rtl)] + to, "rtl")
    check("\u2068\u062a\u0642\u0631\u064a\u0631 taxes-2023.pdf\u2069" in q, "rtl: the name is isolated")


def main() -> int:
    require("xdotool", "convert")
    with Session("consent-keys", width=1280, height=800) as s:
        d = Desktop(s, PROG)
        doc = s.home / "Documents" / "taxes-2023.pdf"
        doc.parent.mkdir(parents=True)
        doc.write_bytes(b"%PDF-1.4\nSECRET-taxes-2023\n")
        d.write_config(f'target = custom\ncommand = "{d.recorder}" %f\nconfirm = risky\nnotify = no\n')
        send = ["send", "--attach", str(doc), "--subject", "Quarterly", "boss@example.org"]

        def key(k):
            return lambda win: s.key(win, k)

        def close(win):
            s.run(["xdotool", "windowclose", win], check=False)

        # 1. Every key that could be pressed in a hurry, and closing the window: nothing attached.
        opens = [("KDE", "Return", key("Return")), ("KDE", "KP_Enter", key("KP_Enter")), ("KDE", "space", key("space")),
                 ("GNOME", "Return", key("Return")), ("XFCE", "KP_Enter", key("KP_Enter")), ("LXQt", "space", key("space")),
                 ("", "Return", key("Return"))]
        for desktop, what, answer in opens:
            name = f"{desktop or 'none'}-{what}"
            msg, told = ask(d, send, desktop, answer, name)
            check(msg is not None and msg["To"] == "boss@example.org",
                  f"{name}: the draft is handed over (Open is the default)")
            check(attached(msg) == [], f"{name}: the draft holds no file: {[n for n, _ in attached(msg)]}")
            check("you did not choose to attach it" in told, f"{name}: the user is told the file was not attached")
            check(not d.recorded("zenity") and not d.recorded("kdialog") and not d.recorded("yad"),
                  f"{name}: mailtokit's own window asked, no dialog program")
        for desktop, what, answer in (("KDE", "Escape", key("Escape")), ("GNOME", "close", close),
                                      ("", "Escape", key("Escape"))):
            name = f"{desktop or 'none'}-{what}"
            msg, told = ask(d, send, desktop, answer, name)
            check(msg is None, f"{name}: nothing is opened")
            check("cancelled; nothing was started" in told, f"{name}: the user is told nothing was started")

        # 2. A hidden copy and a file in one question: Return sends neither.
        with_bcc = send[:-1] + ["--bcc", "spy@evil.example", "boss@example.org"]
        msg, told = ask(d, with_bcc, "KDE", key("Return"), "KDE-bcc-Return")
        check(msg is not None and "spy@evil.example" not in msg.as_string(),
              "bcc: Return opens the message without the hidden copy")
        check(attached(msg) == [], "bcc: and without the file")

        # 3. The explicit act attaches: Alt+1 ticks the file, Return opens with it.
        msg, told = ask(d, send, "KDE", lambda win: tick_and_open(s, win, 1, RESULTS / "consent-ticked.png"),
                        "KDE-tick-attach")
        check(attached(msg) == [("taxes-2023.pdf", doc.read_bytes())],
              f"a ticked file is attached: {[n for n, _ in attached(msg)]}")

        # 4. Without mailtokit-ask: no dialog program asks about files.
        for desktop, program in (("KDE", "kdialog"), ("GNOME", "zenity"), ("XFCE", "yad")):
            name = f"{desktop}-no-mailtokit-ask"
            msg, told = ask(d, send, desktop, None, name, env={"MAILTOKIT_ASK": str(s.root / "no-such-ask")})
            check(msg is not None and attached(msg) == [], f"{name}: the draft goes without the file")
            check("only mailtokit's own question window (mailtokit-ask) or a terminal can ask about files" in told,
                  f"{name}: the user is told why no file was offered: {told.strip()[-200:]}")
            check(not d.recorded(program), f"{name}: {program} was not run")
        attacks(s, d)
    return checks.report("consent keys", "no key or close attached a file; only mailtokit's window asked about files")


if __name__ == "__main__":
    checks_main(lambda _program: main())
