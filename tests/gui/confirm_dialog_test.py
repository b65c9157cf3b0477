#!/usr/bin/env python3
"""`mailtokit open` asks before a risky draft opens: its own window (mailtokit-ask) on a private
X desktop, answered with the keyboard and the mouse as a person does.

Usage: confirm_dialog_test.py /path/to/mailtokit

mailtokit-ask is the build tree's, run through a recorder ($MAILTOKIT_ASK) that keeps the question
file it is given; the mail program is the recorder (target = custom). The buttons are found on
the screen through the accessibility bus (tests/gui/a11y.py) and clicked with the real mouse.

1. The look-alike + hidden-copy link
   (mailto:admin@%D0%B0pple.com?bcc=x@evil.example&subject=Invoice&attach=%2Fetc%2Fpasswd):
   the window fits a 1280x800 screen, also with its Details open (screenshots in
   MAILTOKIT_RESULTS; confirm_dialog.png is desktop/confirm-dialog.png); Enter and Escape hand
   nothing over; a click on "Open as it is" hands over the draft with its Bcc, as the person
   chose. mailto:a@example.org?bcc=x@evil.example: Enter hands over the draft without the Bcc.
2. When it asks: not for a plain link (confirm = risky), for it with --confirm; never with
   --no-confirm or confirm = never.
3. Without mailtokit-ask ($MAILTOKIT_ASK names nothing that runs): zenity (Enter is Cancel), yad
   (Enter is the safe button) and, on a Qt desktop, kdialog (Enter is Yes, the safe answer);
   on KDE with mailtokit-ask, mailtokit-ask.
4. Hostile text (markup, bidi overrides, a very long subject, 990 recipients): the window still
   fits the screen and its buttons work; the question file holds no raw control or bidi
   character.
5. mailtokit-ask run directly: 32 findings of 5000 characters still fit (6 shown, the rest
   counted); Escape exits 1, a click prints the button's id; invalid UTF-8 or a missing file
   exit 2 before any window, no display exits 3.
"""
import os
import sys
import urllib.parse
from pathlib import Path

import a11y

a11y.reexec_with_system_python()

from harness import titles  # noqa: E402
from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, wait_exit  # noqa: E402
from harness.links import BCC_ONLY, HOMOGRAPH, PLAIN  # noqa: E402
from harness.session import Session, require, window_geometry  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
ASK = os.path.join(os.path.dirname(PROG), "mailtokit-ask")
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
checks = Checks("confirm_dialog", show_passed=True)
check, failures = checks.check, checks.failures


def fields_of(uri):
    path, _, query = uri[len("mailto:"):].partition("?")
    return urllib.parse.unquote(path), urllib.parse.parse_qs(query)


def fields(data: bytes) -> dict[str, list[str]]:
    """The question file's records (handler/ask/format.hpp), parsed independently."""
    assert data.startswith(b"mailtokit-ask 1\n"), data[:40]
    at, out = len(b"mailtokit-ask 1\n"), {}
    while at < len(data):
        nl = data.index(b"\n", at)
        key, _, n = data[at:nl].decode().rpartition(" ")
        value = data[nl + 1:nl + 1 + int(n)]
        out.setdefault(key, []).append(value.decode("utf-8"))
        at = nl + 1 + int(n) + 1
    return out


def buttons(pyatspi, s, win):
    """{label: button} of the mailtokit-ask window `win`, once it has the keyboard focus (given
    as a window manager gives it to a new window) and its buttons are on screen."""
    s.activate(win)
    def ready(app):
        found = {n.name: n for n in a11y.walk(app) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                 and "showing" in a11y.states(pyatspi, n)}
        # Usable after a moment (issue 46): a button focused and sensitive.
        return found if any(a11y.states(pyatspi, b) >= {"focused", "sensitive"} for b in found.values()) else None
    return a11y.find(pyatspi, "mailtokit-ask", ready, 30, "mailtokit-ask's buttons, one focused")


with Session("confirm-dialog", 1280, 800) as s:
    require("zenity", "yad", "kdialog", "import")
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    d.custom_config()
    d.record_ask()

    def ask(link, args=(), env=None):
        d.clear()
        p, log = d.start(["open", *args, link], env=env)
        win = s.wait_window(titles.QUESTION_ANY, timeout=30)
        return p, log, win

    def fits(win, what):
        x, y, w, h = window_geometry(s, win)
        check(x >= 0 and y >= 0 and x + w <= 1280 and y + h <= 800 and w <= 700,
              f"{what}: the window fits a 1280x800 screen ({w}x{h} at {x},{y})")

    # ---- 1. the look-alike domain and the hidden copy -----------------------------------------
    p, log, win = ask(HOMOGRAPH)
    b = buttons(pyatspi, s, win)
    fits(win, "look-alike + Bcc")
    s.screenshot(RESULTS / "confirm_dialog.png", window=win)
    s.screenshot(RESULTS / "confirm_dialog_screen.png")
    q = fields(next(s.root.glob("record.ask.*.text")).read_bytes())
    check(q["default"] == ["cancel"] and list(b) == [x for x in q["button:cancel"] + q.get("button:open_without_bcc", [])
                                                    + q["button:open"]],
          f"the window shows the question's buttons in order, Cancel the default: {list(b)}, {q['default']}")
    check(q["title"] == [titles.QUESTION_TEXT] and q["headline"][0] != "",
          f"the question has its title and headline: {q['headline']}")
    check(any("x@evil.example" in t for t in q["details"]) and any("xn--pple-43d" in t for t in q["details"]),
          "the details hold the draft (the hidden address, the ASCII form of the look-alike domain)")
    s.key(win, "Return")
    rc = wait_exit(p, 30, "Enter")
    check(rc == 0 and d.recorded("recorder") == [] and "cancelled" in log.read_text("utf-8", "replace"),
          f"Enter: nothing handed over, the hidden copy neither ({d.recorded('recorder')})")

    p, log, win = ask(HOMOGRAPH)
    buttons(pyatspi, s, win)
    s.key(win, "Escape")
    rc = wait_exit(p, 30, "Escape")
    check(rc == 0 and d.recorded("recorder") == [] and d.kept_drafts() == [], "Escape: nothing handed over or kept")

    # The details, one click away: the window still fits.
    p, log, win = ask(HOMOGRAPH)
    buttons(pyatspi, s, win)
    s.key(win, "alt+d")
    a11y.find(pyatspi, "mailtokit-ask", lambda app: any(
        n.getRole() == pyatspi.ROLE_TEXT and "showing" in a11y.states(pyatspi, n) for n in a11y.walk(app)),
        15, "the details to show")
    s.run(["xdotool", "sync"], check=False)
    fits(win, "Details open")
    s.screenshot(RESULTS / "confirm_dialog_details.png", window=win)
    b = buttons(pyatspi, s, win)
    s.click(*a11y.center(pyatspi, b["Open as it is"]))
    rc = wait_exit(p, 30, "Open as it is")
    argv = (d.recorded("recorder") or [[]])[-1]
    check(rc == 0 and len(argv) == 2, f"Open as it is (clicked): exit {rc}, client argv {argv}")
    if len(argv) == 2:
        to, fq = fields_of(argv[1])
        check(to == "admin@xn--pple-43d.com" and fq.get("bcc") == ["x@evil.example"] and "attach" not in fq,
              f"Open as it is: the draft as it is, Bcc included, no attachment: {argv[1]}")

    # Only the hidden copy: Enter opens without it.
    p, log, win = ask(BCC_ONLY)
    b = buttons(pyatspi, s, win)
    focused = [n for n, x in b.items() if "focused" in a11y.states(pyatspi, x)]
    check(focused == ["Open without the hidden copy"], f"Bcc only: the focused button is {focused}")
    s.screenshot(RESULTS / "confirm_dialog_bcc_only.png", window=win)
    s.key(win, "Return")
    rc = wait_exit(p, 30, "Enter, Bcc only")
    argv = (d.recorded("recorder") or [[]])[-1]
    check(rc == 0 and len(argv) == 2 and fields_of(argv[1]) == ("a@example.org", {}),
          f"Enter (Bcc only): the draft went without the Bcc: {argv}")
    check("without the 1 hidden recipient" in log.read_text("utf-8", "replace"), "Bcc only: stderr says so")

    # ---- 2. when it asks -----------------------------------------------------------------------
    d.clear()
    p, _ = d.start(["open", PLAIN])
    rc = wait_exit(p, 30, "plain link")
    check(rc == 0 and d.recorded("ask") == [] and len(d.recorded("recorder")) == 1,
          "confirm = risky: a plain link opens without a question")
    p, log, win = ask(PLAIN, ["--confirm"])
    b = buttons(pyatspi, s, win)
    check(list(b) == ["Cancel", "Open as it is"], f"--confirm, plain link: two buttons {list(b)}")
    s.click(*a11y.center(pyatspi, b["Open as it is"]))
    rc = wait_exit(p, 30, "--confirm open")
    check(rc == 0 and len(d.recorded("recorder")) == 1, "--confirm: asked for a plain link, the click opened it")
    # notify = no: with no notification server on this desktop, what the link changed would be
    # shown in a notice window of its own (tests/gui/notice_window_test.py), which is no question.
    for how, args, cfg in (("--no-confirm", ["--no-confirm"], "notify = no\n"),
                           ("confirm = never", [], "confirm = never\nnotify = no\n")):
        d.custom_config(cfg)
        d.clear()
        p, _ = d.start(["open", *args, HOMOGRAPH])
        rc = wait_exit(p, 30, how)
        check(rc == 0 and d.recorded("ask") == [] and len(d.recorded("recorder")) == 1,
              f"{how}: the risky link opens without a question")
    d.custom_config()

    # ---- 3. without mailtokit-ask: the desktop's dialog programs --------------------------------
    no_ask = {"MAILTOKIT_ASK": str(s.root / "no such program")}
    p, log, win = ask(HOMOGRAPH, env=no_ask)
    s.run(["sleep", "0.5"])  # drawn, for the screenshot
    s.screenshot(RESULTS / "confirm_dialog_zenity.png")
    z = d.recorded("zenity")
    check(len(z) == 1 and "--question" in z[0] and "--switch" in z[0] and "--no-markup" in z[0]
          and [a for a in z[0] if a.startswith("--extra-button=")][:1] == ["--extra-button=Cancel"],
          f"zenity: a question with Cancel the first (focused) button, markup off: {z[0][:6] if z else z}")
    # Details: the draft in a plain-text view, then the same question again.
    def zenity_button(label):
        return a11y.find(pyatspi, "zenity", lambda app: next(
            (n for n in a11y.walk(app) if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == label
             and "showing" in a11y.states(pyatspi, n)), None), 30, f"zenity's {label!r} button")
    s.click(*a11y.center(pyatspi, zenity_button("Details")))
    shown = s.wait_window(titles.DETAILS, timeout=30)
    s.run(["sleep", "0.5"])
    s.screenshot(RESULTS / "confirm_dialog_zenity_details.png")
    check(any("xn--pple-43d" in t for t in [p_.read_text("utf-8") for p_ in s.root.glob("record.zenity.*.text")]),
          "zenity: Details shows the draft (the look-alike domain's ASCII form)")
    s.key(shown, "Escape")
    win = s.wait_window(titles.QUESTION_ANY, timeout=30)
    check(len(d.recorded("zenity")) == 3, f"zenity: after the details, the question again ({len(d.recorded('zenity'))} runs)")
    s.key(win, "Return")
    rc = wait_exit(p, 30, "zenity Enter")
    check(rc == 0 and d.recorded("recorder") == [], "zenity: Enter hands nothing over")

    yad_bin = s.root / "yad bin"
    yad_bin.mkdir()
    (yad_bin / "yad").write_bytes((d.bin / "yad").read_bytes())
    (yad_bin / "yad").chmod(0o755)
    p, log, win = ask(BCC_ONLY, env={**no_ask, "PATH": str(yad_bin)})
    s.run(["sleep", "0.5"])
    s.screenshot(RESULTS / "confirm_dialog_yad.png")
    s.key(win, "Return")
    rc = wait_exit(p, 30, "yad Enter")
    argv = d.recorded("recorder")
    check(rc == 0 and len(argv) == 1 and fields_of(argv[0][-1]) == ("a@example.org", {}) and d.recorded("zenity") == [],
          f"yad (Bcc only): Enter opened without the Bcc ({argv})")

    kde = {**no_ask, "XDG_CURRENT_DESKTOP": "KDE"}
    for link, want in ((BCC_ONLY, "without"), (HOMOGRAPH, "cancel")):
        p, log, win = ask(link, env=kde)
        s.run(["sleep", "1"])
        s.screenshot(RESULTS / f"confirm_dialog_kdialog_{want}.png")
        s.key(win, "Return")
        rc = wait_exit(p, 30, f"kdialog Enter ({want})")
        k = d.recorded("kdialog")
        argv = d.recorded("recorder")
        check(len(k) == 1 and d.recorded("zenity") == [], f"KDE without mailtokit-ask: kdialog asks ({want})")
        if want == "without":
            check(rc == 0 and len(argv) == 1 and fields_of(argv[0][-1]) == ("a@example.org", {}),
                  f"kdialog (Bcc only): Enter opened without the Bcc ({argv})")
        else:
            check(rc == 0 and argv == [], f"kdialog (look-alike): Enter handed nothing over ({argv})")
    p, log, win = ask(HOMOGRAPH, env={"XDG_CURRENT_DESKTOP": "KDE"})
    buttons(pyatspi, s, win)
    s.key(win, "Escape")
    rc = wait_exit(p, 30, "KDE with mailtokit-ask")
    check(rc == 0 and d.recorded("kdialog") == [] and len(d.recorded("ask")) == 1 and d.recorded("recorder") == [],
          "KDE: mailtokit-ask asks when it is there (kdialog cannot make the safe answer the default)")

    # ---- 4. hostile text -----------------------------------------------------------------------
    many = ",".join(f"user{i}@example.org" for i in range(990))
    hostile = ("mailto:" + urllib.parse.quote(many, safe="@,") +
               "?subject=" + urllib.parse.quote('<span foreground="red" size="xx-large">PAID</span><b>&amp;' +
                                                "\u202egnp.exe " + "A" * 6000, safe="") +
               "&cc=" + urllib.parse.quote('"\u202eevil\u202c <span>" <boss@example.org>', safe="") +
               "&bcc=" + urllib.parse.quote(",".join(f"hidden{i}@evil.example" for i in range(5)), safe="@,") +
               "&body=" + urllib.parse.quote("\n".join(f"line {i} <i>markup</i>" for i in range(500)), safe=""))
    p, log, win = ask(hostile)
    b = buttons(pyatspi, s, win)
    fits(win, "hostile")
    s.screenshot(RESULTS / "confirm_dialog_hostile.png")
    raw = next(iter(sorted(s.root.glob("record.ask.*.text")))).read_bytes()
    text = raw.decode("utf-8")
    for bad in ("\u202e", "\u202c", "\x1b", "\0"):
        check(bad not in text, f"hostile: no raw {bad!r} in the question")
    check("<U+202E>" in text and '<span foreground="red"' in text,
          "hostile: the bidi override is shown as <U+202E>, markup as the text it is")
    check(len(raw) < 256 * 1024, f"hostile: the question is bounded ({len(raw)} bytes)")
    check(list(b)[0] == "Cancel", f"hostile: the buttons are there ({list(b)})")
    s.click(*a11y.center(pyatspi, b["Cancel"]))
    rc = wait_exit(p, 30, "hostile cancel")
    check(rc == 0 and d.recorded("recorder") == [], "hostile: Cancel works and hands nothing over")

    # ---- 5. mailtokit-ask itself: any input stays on the screen; its exit statuses -----------
    def record(key, value):
        b = value.encode()
        return key.encode() + b" %d\n" % len(b) + b + b"\n"
    huge = (b"mailtokit-ask 1\n" + record("title", "huge") + record("headline", "H" * 3000) +
            b"".join(record("finding", f"finding {i} " + "word " * 1000) for i in range(32)) +
            record("choice", "c " * 2000) + record("details", "d\n" * 20000) +
            record("button:cancel", "Cancel") + record("button:open", "Open") + record("default", "cancel"))
    qfile = s.root / "huge question"
    qfile.write_bytes(huge)
    out = s.root / "ask.out"
    p = s.spawn([ASK, str(qfile)], log=out)
    win = s.wait_window(r"^huge$", timeout=30)
    b = buttons(pyatspi, s, win)
    fits(win, "32 findings of 5000 characters")
    s.screenshot(RESULTS / "confirm_dialog_huge.png", window=win)
    labels = a11y.find(pyatspi, "mailtokit-ask", lambda app: [n.name for n in a11y.walk(app)
                                                              if n.getRole() == pyatspi.ROLE_LABEL] or None, 15, "labels")
    check(any("26 more findings" in t for t in labels), f"32 findings: 6 shown, the rest counted ({labels[-2:]})")
    s.key(win, "Escape")
    check(wait_exit(p, 30, "mailtokit-ask Escape") == 1 and out.read_text() == "", "mailtokit-ask: Escape exits 1, prints nothing")
    p = s.spawn([ASK, str(qfile)], log=out)
    win = s.wait_window(r"^huge$", timeout=30)
    b = buttons(pyatspi, s, win)
    s.click(*a11y.center(pyatspi, b["Open"]))
    check(wait_exit(p, 30, "mailtokit-ask Open") == 0 and out.read_text() == "open\n",
          f"mailtokit-ask: a click prints the button's id: {out.read_text()!r}")
    qfile.write_bytes(huge.replace(b"title 4\nhuge", b"title 4\n\xc0\xbcge"))
    r = s.run([ASK, str(qfile)], check=False)
    check(r.returncode == 2 and "UTF-8" in r.stderr and s.windows(r"ge$") == [],
          f"mailtokit-ask: invalid UTF-8 is refused before any window (exit {r.returncode}: {r.stderr.strip()})")
    r = s.run([ASK, str(qfile) + ".missing"], check=False)
    check(r.returncode == 2, f"mailtokit-ask: a missing file exits 2 ({r.returncode})")
    qfile.write_bytes(huge)
    r = s.run([ASK, str(qfile)], check=False, env={"DISPLAY": "", "WAYLAND_DISPLAY": ""})
    check(r.returncode == 3 and "display" in r.stderr, f"mailtokit-ask: no display exits 3 ({r.returncode}: {r.stderr.strip()})")

checks.finish()
