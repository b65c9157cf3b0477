#!/usr/bin/env python3
"""The question `mailtokit open` asks is readable by a screen reader and works from the keyboard
(issue 24): its accessibility tree, read through AT-SPI on a private X desktop.

Usage: accessibility_test.py /path/to/mailtokit

at-spi2-core's bus runs in the private session (tests/gui/a11y.py); mailtokit is started on the
look-alike + hidden-copy link and finds its window, mailtokit-ask, beside itself (the build tree).
pyatspi then reads what Orca would: the dialog (role alert, named by its title), a heading named
by the headline, a label per finding, push buttons named by their labels, the safe one focused;
then presses Cancel through the button's AT-SPI action and checks that nothing was handed over.
A second run on a link whose only risk is the hidden copy checks that the focused button is then
"Open without the hidden copy", and presses it the same way. A third asks about two files:
each a check box named by its file and described by its folder, size and type, none checked,
in a list named "Files to attach", Open focused; checking the second through AT-SPI attaches it
alone.
"""
import os
import sys

import a11y

a11y.reexec_with_system_python()

from harness import titles  # noqa: E402
from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, wait_exit  # noqa: E402
from harness.links import BCC_ONLY, HOMOGRAPH  # noqa: E402
from harness.session import Session  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
checks = Checks("accessibility", show_passed=True)
check, failures = checks.check, checks.failures


def read_question(pyatspi, s):
    """(dialog, heading, labels, buttons) once mailtokit-ask shows its buttons. The window gets
    the keyboard focus first, as a window manager gives it to a new window (Xvfb has none)."""
    s.activate(s.wait_window(titles.QUESTION, timeout=30))
    def ready(app):
        nodes = list(a11y.walk(app))
        dialogs = [n for n in nodes if n.getRole() in (pyatspi.ROLE_ALERT, pyatspi.ROLE_DIALOG)]
        buttons = [n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                   and "showing" in a11y.states(pyatspi, n)]
        # Usable after a moment (issue 46): the safe button focused and sensitive.
        focused = [b for b in buttons if a11y.states(pyatspi, b) >= {"focused", "sensitive"}]
        if dialogs and buttons and focused:
            return nodes, dialogs[0], buttons
        return None
    nodes, dialog, buttons = a11y.find(pyatspi, "mailtokit-ask", ready, 30,
                                       "the question's buttons, one of them focused")
    headings = [n for n in nodes if n.getRole() == pyatspi.ROLE_HEADING]
    labels = [n for n in nodes if n.getRole() == pyatspi.ROLE_LABEL]
    return dialog, headings, labels, buttons


with Session("accessibility", 1280, 800) as s:
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    d.custom_config()

    # ---- the look-alike domain and the hidden copy: Cancel is the safe answer ---------------
    p, log = d.start(["open", HOMOGRAPH])
    dialog, headings, labels, buttons = read_question(pyatspi, s)
    check(dialog.getRole() == pyatspi.ROLE_ALERT, f"the window's role is alert ({dialog.getRoleName()})")
    check(dialog.name == titles.QUESTION_TEXT, f"the alert is named by the title: {dialog.name!r}")
    check(len(headings) == 1, f"one heading ({[h.name for h in headings]})")
    headline = headings[0].name if headings else ""
    check(("x@evil.example" in headline or "hidden" in headline or "apple.com" in headline) and len(headline) > 10,
          f"the heading names the worst finding: {headline!r}")
    label_names = [n.name for n in labels]
    check(any("apple" in t for t in label_names + [headline]) and any("hidden" in t.lower() or "bcc" in t.lower()
                                                                       for t in label_names + [headline]),
          f"the findings are labels a screen reader reads: {label_names}")
    check(all("\u2022" not in t for t in label_names), "the findings are read without their bullet")
    names = [b.name for b in buttons]
    check(names == ["Cancel", "Open without the hidden copy", "Open as it is"],
          f"push buttons named by their labels, in order: {names}")
    focused = [b.name for b in buttons if a11y.states(pyatspi, b) & {"focused", "default"}]
    check(focused == ["Cancel"], f"the safe button (Cancel) has the focus: {focused}")
    toggles = [n for n in a11y.walk(dialog) if n.getRole() == pyatspi.ROLE_TOGGLE_BUTTON]
    check([t.name for t in toggles] == ["Details"], f"the details are behind a 'Details' expander: {[t.name for t in toggles]}")
    cancel = [b for b in buttons if b.name == "Cancel"]
    if cancel:
        a11y.press(cancel[0])
    rc = wait_exit(p, 30, "Cancel through AT-SPI")
    text = log.read_text("utf-8", "replace")
    check(rc == 0 and d.recorded("recorder") == [] and "cancelled; nothing was started" in text,
          f"Cancel (AT-SPI action): exit {rc}, nothing handed over ({d.recorded('recorder')})")

    # ---- only the hidden copy: "Open without the hidden copy" is the safe answer --------------
    d.clear()
    p, log = d.start(["open", BCC_ONLY])
    dialog, headings, labels, buttons = read_question(pyatspi, s)
    focused = [b for b in buttons if a11y.states(pyatspi, b) & {"focused", "default"}]
    check([b.name for b in focused] == ["Open without the hidden copy"],
          f"the safe button (Open without the hidden copy) has the focus: {[b.name for b in focused]}")
    check(len(headings) == 1 and headings[0].name != "", "the question has its heading")
    if focused:
        a11y.press(focused[0])
    rc = wait_exit(p, 30, "Open without the hidden copy through AT-SPI")
    argv = d.recorded("recorder")
    check(rc == 0 and len(argv) == 1 and "bcc" not in argv[0][-1].lower() and "a@example.org" in argv[0][-1],
          f"Open without the hidden copy (AT-SPI action): the draft went without the Bcc ({argv})")

    # ---- files asked to be attached: check boxes a screen reader names, none checked ----------
    d.clear()
    p, log = d.send_files()
    dialog, headings, labels, buttons = read_question(pyatspi, s)
    boxes = [n for n in a11y.walk(dialog) if n.getRole() == pyatspi.ROLE_CHECK_BOX]
    check([b.name.strip("\u2068\u2069") for b in boxes] == ["report.pdf", "notes.txt"],
          f"a check box per file, named by the file: {[b.name for b in boxes]}")
    check(all("checked" not in a11y.states(pyatspi, b) for b in boxes), "no box is checked to start")
    check(all("PDF" in b.description or "text" in b.description for b in boxes),
          f"each box describes its file (folder, size, type): {[b.description for b in boxes]}")
    lists = [n for n in a11y.walk(dialog) if n.getRole() == pyatspi.ROLE_LIST and n.name == "Files to attach"]
    check(len(lists) == 1, "the boxes are in a list named 'Files to attach'")
    check(any("boss@example.org" in n.name for n in labels), "who gets the message is a label a screen reader reads")
    focused = [b.name for b in buttons if a11y.states(pyatspi, b) & {"focused", "default"}]
    check(focused == ["Open"], f"the focused button is Open, which attaches nothing unchecked: {focused}")
    if boxes:
        a11y.press(boxes[1])  # the second file, as a screen reader's user checks it
    opened = [b for b in buttons if b.name == "Open"]
    if opened:
        a11y.press(opened[0])
    rc = wait_exit(p, 30, "Open through AT-SPI")
    argv = d.recorded("recorder")
    draft = open(argv[-1][-1], "rb").read() if argv else b""
    check(rc == 0 and b'filename="notes.txt"' in draft and b"report.pdf" not in draft,
          "the file checked through AT-SPI is attached, the other not")

checks.finish()
