#!/usr/bin/env python3
"""Nothing lost silently when files go to Thunderbird (issue 26: "the losses stated").

Usage: send_losses.py /path/to/mailtokit

Thunderbird takes files only through its -compose spec, which has no key for In-Reply-To,
References or Keywords. `mailtokit send --attach FILE 'mailto:...?in-reply-to=...'` with
Thunderbird as the mail program must say so in the attachment question (before the user decides)
and on standard error once the file was handed over; without files the link keeps those fields
and nothing is said. The stand-ins: `thunderbird` on PATH records its argv; the question window
($MAILTOKIT_ASK) keeps the question it was given and answers as mailtokit-ask does when the file
is ticked and Open pressed ("open", then "file 0"), or with Open alone (no file ticked).
"""
import os
import subprocess
import sys
import time

from harness.desktop import private_home, write_config  # noqa: E402
from harness.record import ENV_RECORD, read, write_recorder  # noqa: E402
from harness.checks import Checks  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
checks = Checks("send_losses", show_passed=True)
check = checks.check


def recorded(suffix="", timeout=30):
    """The argv a stand-in recorded (it may be started detached), or None."""
    path = env["MAILTOKIT_TEST_RECORD"] + suffix
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if os.path.exists(path):
            return read(path)
        time.sleep(0.05)
    return None


def clear():
    for suffix in ("", ".ask", ".ask.text"):
        if os.path.exists(env["MAILTOKIT_TEST_RECORD"] + suffix):
            os.remove(env["MAILTOKIT_TEST_RECORD"] + suffix)


tmp, home, env = private_home()
bindir = os.path.join(tmp, "bin")
os.makedirs(bindir)
write_recorder(os.path.join(bindir, "thunderbird"))
ASK = os.path.join(bindir, "ask-window")


def ask_window(answer: str) -> None:
    """The stand-in question window: keeps its question file (MAILTOKIT_TEST_RECORD.ask.text),
    prints `answer`."""
    write_recorder(ASK, ENV_RECORD + ".ask", copy="first", answer=answer)


ask_window("open\nfile 0\n")
env.update(PATH=f"{bindir}:/usr/bin:/bin", DISPLAY=":97", XDG_CURRENT_DESKTOP="GNOME", LANG="C", MAILTOKIT_ASK=ASK)
env.pop("LANGUAGE", None)
write_config(home + "/.config", "target = thunderbird\nnotify = no\n")
os.makedirs(home + "/Documents")
doc = home + "/Documents/report.txt"
with open(doc, "w") as f:
    f.write("the report\n")
LINK = "mailto:a@example.org?subject=Re%3A%20report&in-reply-to=%3C1@example.org%3E&keywords=q3"
LOSS = "Thunderbird: with files attached, this client loses {0} (the command line that carries files has no place for it)"

# With a file: asked (the losses in the question), attached, and told.
p = subprocess.run([PROG, "send", "--attach", doc, LINK], env=env, stdin=subprocess.DEVNULL, capture_output=True,
                   text=True, timeout=60)
tb = recorded()
asked = env["MAILTOKIT_TEST_RECORD"] + ".ask.text"
text = open(asked, encoding="utf-8").read() if os.path.exists(asked) else ""
check(p.returncode == 0 and tb is not None and tb[1] == "-compose" and "attachment=" in tb[2],
      f"send --attach: Thunderbird gets the file through -compose ({p.returncode}, {tb}, {p.stderr[-300:]!r})")
check("If a file is attached: " + LOSS.format("In-Reply-To") in text and LOSS.format("Keywords") in text,
      f"the attachment question says what Thunderbird loses with files ({text!r})")
check(LOSS.format("In-Reply-To") in p.stderr and LOSS.format("Keywords") in p.stderr,
      f"standard error says it after the hand-over ({p.stderr!r})")
check(tb is not None and "in-reply-to" not in tb[2].lower() and "keywords" not in tb[2].lower(),
      "the spec indeed has no key for them (what the message says is true)")

# Without a file: the link as it is, with its fields, and nothing said about losses.
clear()
p = subprocess.run([PROG, "open", LINK], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
tb = recorded()
check(p.returncode == 0 and tb is not None and tb[1].startswith("mailto:") and "in-reply-to=" in tb[1].lower()
      and "keywords=" in tb[1].lower() and "loses" not in p.stderr and not os.path.exists(asked),
      f"open without files: the link keeps its fields, no loss is told ({tb}, {p.stderr!r})")

# Open with no file ticked: nothing handed, so nothing lost and nothing said about losses.
clear()
ask_window("open\n")
p = subprocess.run([PROG, "send", "--attach", doc, LINK], env=env, stdin=subprocess.DEVNULL, capture_output=True,
                   text=True, timeout=60)
tb = recorded()
check(p.returncode == 0 and tb is not None and tb[1].startswith("mailto:") and "in-reply-to=" in tb[1].lower()
      and "loses" not in p.stderr and "you did not choose to attach it" in p.stderr,
      f"no file ticked: the plain link with its fields, no loss told ({tb}, {p.stderr!r})")

checks.finish()
