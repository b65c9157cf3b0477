#!/usr/bin/env python3
"""yad shows the link's backslashes as they are (issue 46, 5), with the real yad on a private X
display, read back through AT-SPI.

Usage: yad_text_test.py /path/to/mailtokit

yad 0.40 runs g_strcompress() on --text even with --no-markup: a link's "\\0" cut the question
after `hidden copy to "x`, "\\n" started a line of its own, and octal escapes ("\\342\\200\\256")
brought back a real U+202E that mailtokit had replaced. mailtokit asks with yad (mailtokit-ask
named as nothing that runs, PATH holding only yad) about a hidden copy to an address holding all
three; the question's text, as a screen reader reads it from yad's label, must hold each
backslash sequence as typed, the whole address and no U+202E; Escape must then cancel (nothing
handed over). The control: the same text given to yad directly, not doubled, loses them (the
test could fail).
"""
import os
import subprocess
import sys

import a11y

a11y.reexec_with_system_python()

from harness import titles  # noqa: E402
from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, wait_exit  # noqa: E402
from harness.session import Session, require  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
checks = Checks("yad_text", show_passed=True)
check = checks.check

# A look-alike address (so mailtokit asks) and a hidden copy to "x\0y\nz\342\200\256w"@evil.example
# (a quoted local part; \342\200\256 is the octal escape of U+202E in UTF-8), which mailtokit leaves
# out of the hand-over and names in the question.
ESCAPES = ("\\0y", "\\nz", "\\342\\200\\256w")
LINK = "mailto:support@%D0%B0pple.com?subject=Hi&bcc=%22x%5C0y%5Cnz%5C342%5C200%5C256w%22%40evil.example"


def label_text(pyatspi, s, program: str, marker: str) -> str:
    """The text of `program`'s label that holds `marker`, once shown."""
    def ready(app):
        labels = [n.name for n in a11y.walk(app) if n.getRole() == pyatspi.ROLE_LABEL and marker in (n.name or "")]
        return labels[0] if labels else None
    return a11y.find(pyatspi, program, ready, 30, f"{program}'s label holding {marker!r}")


require("yad", "xdotool")
with Session("yad_text", 1280, 800) as s:
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    d.custom_config("confirm = risky\nnotify = no\n")
    only = s.root / "only yad"
    only.mkdir()
    (only / "yad").write_bytes((d.bin / "yad").read_bytes())
    (only / "yad").chmod(0o755)
    env = {"MAILTOKIT_ASK": str(s.root / "no mailtokit-ask"), "PATH": str(only), "XDG_CURRENT_DESKTOP": "XFCE"}

    p, log = d.start(["open", LINK], env=env)
    win = s.wait_window(titles.QUESTION_ANY, timeout=60)
    text = label_text(pyatspi, s, "yad", "evil.example")
    print(f"     yad's label: {text!r}")
    for seq in ESCAPES:
        check(seq in text, f"the question shows {seq!r} as typed")
    check("\u202e" not in text, "no U+202E came back from an octal escape")
    check("evil.example" in text.split("x\\0y", 1)[-1], "the address is shown whole, past its \\0")
    s.key(win, "Escape")
    rc = wait_exit(p, 60, "yad question")
    check(rc == 0, f"mailtokit exits 0 after Escape ({rc})")
    check(d.recorded("yad"), "the question was yad's")
    check(not d.recorded("recorder"), f"Escape handed nothing over: {d.recorded('recorder')}")

    # Control: yad itself, given the text without the doubling, turns the escapes into characters.
    raw = 'hidden copy to "x\\0y\\nz\\342\\200\\256w"@evil.example'
    ctl = subprocess.Popen(["yad", "--no-markup", "--title=control", f"--text={raw}", "--button=OK:0"],
                           env=s.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        shown = label_text(pyatspi, s, "yad", "hidden copy")
        print(f"     yad's label for the undoubled text: {shown!r}")
        check("\\0y" not in shown and "evil.example" not in shown,
              "control: undoubled, yad cuts the text at \\0 (the test can fail)")
    finally:
        ctl.terminate()
        ctl.wait(timeout=10)

checks.finish()
