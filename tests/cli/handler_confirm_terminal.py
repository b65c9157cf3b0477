#!/usr/bin/env python3
"""`mailtokit open` on a terminal asks there (stdin and stderr a pseudo-terminal), and without a
terminal, display or dialog program follows the documented fallback.

Usage: handler_confirm_terminal.py /path/to/mailtokit

The mail client is a recorder (target = custom, command = "<recorder>" %u): what it records is
what was started. The question (issue 24) starts with a headline in plain words about the worst
finding and has no developer words (to[0], UTS, RFC, ASCII form, Bcc, warning codes). Answers
typed: o (open, with the hidden copy), w (open without it), c (cancel: nothing started), Enter
(the safe answer: Cancel for the look-alike link, without the hidden copy for a link whose only
risk is that copy), d (the details, then asked again), an unknown answer (asked again), end of
input (Ctrl-D: cancel). A plain link is not asked about; --no-confirm never asks; --confirm asks
about a plain link too. Files asked to be attached (`send --attach`) are in the same question,
numbered: Enter, Space and Enter, or a number alone attach nothing; "o 1" attaches the first.
In tmux, on an 80x24 terminal, the headline and the prompt are on the
screen together and Enter hands over no hidden recipient. Without a terminal and display:
confirm = risky opens and says so on stderr; confirm = always refuses (exit 69) and keeps the
draft.
"""
import os
import shlex
import shutil
import subprocess
import sys
import time
import urllib.parse

from harness.desktop import private_home, write_config  # noqa: E402
from harness.links import BCC_INVOICE, PLAIN  # noqa: E402
from harness.record import read, write_recorder  # noqa: E402
from terminal import run_on_terminal  # noqa: E402
from harness.checks import Checks  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
checks = Checks("handler_confirm_terminal", show_passed=True)
check = checks.check


tmp, home, env = private_home()  # also drops DISPLAY/WAYLAND_DISPLAY: the terminal is the only way to ask
record = env["MAILTOKIT_TEST_RECORD"]
recorder = os.path.join(tmp, "recorder")
write_recorder(recorder)
write_config(home + "/.config", f'target = custom\ncommand = "{recorder}" %u\nnotify = no\n')
env["TERM"] = "dumb"
LINK = "mailto:admin@%D0%B0pple.com?bcc=x@evil.example&subject=Invoice%20%E2%80%AEfdp.exe"
BCC_ONLY = BCC_INVOICE
PROMPT = b"Your answer ("
HEADLINE = "admin@\u0430pple.com is not apple.com"
# Words for developers that the question never shows (issue 24).
FORBIDDEN = ("to[0]", "bcc[", "UTS", "RFC", "ASCII form", "Bcc", "BCC", "section", "mixed_script", "confusable",
             "hidden_recipients", "bidi_control", "invalid_address", "attach=", "Needs your decision")


def check_plain(question, what):
    bad = [w for w in FORBIDDEN if w in question]
    check(not bad, f"{what}: no developer words in the question ({bad})")


def recorded():
    if not os.path.exists(record):
        return None
    return read(record)


def on_terminal(args, answers, timeout=20, early=b""):
    """Run mailtokit with a pseudo-terminal as stdin/stdout/stderr; type each answer after a
    prompt. Returns (exit code, everything the terminal showed)."""
    if os.path.exists(record):
        os.remove(record)
    rc, shown, timed_out = run_on_terminal([PROG, *args], env, PROMPT, answers, timeout, early)
    if timed_out:
        check(False, f"{args}: still running after {timeout} s")
    return rc, shown


rc, shown = on_terminal(["open", LINK], [b"o\n"])
argv = recorded()
check(rc == 0 and argv is not None and "bcc=x@evil.example" in argv[-1], f"o: opened with the hidden copy ({rc}, {argv})")
question = shown[:shown.find(PROMPT.decode())]
check(question.lstrip().startswith(HEADLINE), f"the question starts with its headline ({question[:200]!r})")
for want in ("In admin@[\u0430]pple.com, the letter in brackets is the Cyrillic letter \u0430, not the Latin letter a.",
             "x@evil.example would get the message", "Invoice <U+202E>fdp.exe",
             "[c] Cancel: nothing is opened.", "[w] Open without the hidden copy: ", "[o] Open as it is: ",
             "Your answer (C/w/o, d for details, Enter for Cancel): "):
    check(want in shown, f"the terminal shows {want!r}")
check_plain(question, "the look-alike link")
# Who gets the message is said in its own block, a line per field (To, Cc, hidden copy).
to_block = question[question.find("The message goes to:"):]
to_block = to_block[:to_block.find("\n\n")]
check("To: " in to_block and "Hidden copy, which the others do not see: \u2066x@evil.example\u2069" in to_block,
      f"the question says who gets the message, the hidden copy by address ({to_block!r})")
rest = question.replace(to_block, "")
check(len(rest.strip().splitlines()) <= 12, f"the question is at most 12 lines and who gets it ({len(rest.strip().splitlines())})")
check("\u202e" not in shown, "no raw U+202E on the terminal")

rc, shown = on_terminal(["open", LINK], [b"\n"])
check(rc == 0 and recorded() is None and "nothing was started" in shown,
      f"Enter on the look-alike link: the safe answer, Cancel ({rc})")

rc, shown = on_terminal(["open", BCC_ONLY], [b"\n"])
argv = recorded()
question = shown[:shown.find(PROMPT.decode())]
check(question.lstrip().startswith("This link would send a hidden copy to x@evil.example"),
      f"a hidden copy alone: the headline names it ({question[:120]!r})")
check("Enter for Open without the hidden copy" in shown, "a hidden copy alone: Enter removes it, and says so")
check_plain(question, "the hidden-copy link")
check(rc == 0 and argv is not None and "bcc" not in argv[-1] and "x@evil.example" not in argv[-1]
      and "subject=Invoice" in argv[-1], f"Enter: opened without the hidden recipient ({argv})")

rc, shown = on_terminal(["open", LINK], [b"d\n", b"c\n"])
check(rc == 0 and recorded() is None and "ASCII form: admin@xn--pple-43d.com" in shown
      and shown.count(PROMPT.decode()) == 2, f"d: the details, then asked again ({rc})")

rc, shown = on_terminal(["open", LINK], [b"w\n"])
argv = recorded()
check(rc == 0 and argv is not None and "bcc" not in argv[-1] and "subject=Invoice" in argv[-1],
      f"w: opened without the hidden copy ({argv})")

rc, shown = on_terminal(["open", LINK], [b"c\n"])
check(rc == 0 and recorded() is None and "nothing was started" in shown, f"c: nothing started ({rc})")

rc, shown = on_terminal(["open", LINK], [b"maybe\n", b"c\n"])
check(rc == 0 and recorded() is None and shown.count(PROMPT.decode()) == 2, "an unknown answer: asked again")

# Input that arrives too soon is no answer (issue 46): "o" typed before the question was printed
# is discarded; the answer typed after it counts.
rc, shown = on_terminal(["open", LINK], [b"c\n"], early=b"o\n")
check(rc == 0 and recorded() is None and shown.count(PROMPT.decode()) == 1 and "nothing was started" in shown,
      f"o typed before the question: discarded, the answer after it (c) counts ({rc}, {recorded()})")
# A line longer than any answer is no answer: "o" and 100 spaces is asked again, not cut to "o".
rc, shown = on_terminal(["open", LINK], [b"o" + b" " * 100 + b"\n", b"c\n"])
check(rc == 0 and recorded() is None and shown.count(PROMPT.decode()) == 2,
      f"an over-long answer starting with o: asked again, nothing opened ({rc}, {recorded()})")

# The whole truth on the first screen (issue 46): four look-alike To addresses fill the four
# finding slots, yet the hidden copy's finding is shown (not counted among "more warnings"), and
# the hidden copy is the first line of who gets the message.
FOUR = ",".join(f"admin{i}@%D0%B0pple.com" for i in range(4))
rc, shown = on_terminal(["open", f"mailto:{FOUR}?bcc=spy@evil.example"], [b"c\n"])
question = shown[:shown.find(PROMPT.decode())]
check("spy@evil.example would get the message, and the other recipients would not know." in question
      and "There is 1 more warning" in question,
      f"4 look-alike To + 1 hidden copy: the hidden copy's finding shown, a look-alike counted ({question[:900]!r})")
block = question[question.find("The message goes to:"):].splitlines()
check(len(block) > 1 and block[1].strip().startswith("Hidden copy, which the others do not see: \u2066spy@evil.example"),
      f"the hidden copy is the first recipient line ({block[:3]})")
check(rc == 0 and recorded() is None, "c: nothing started")

rc, shown = on_terminal(["open", LINK], [b"\x04"])
check(rc == 0 and recorded() is None and "nothing was started" in shown, "end of input (Ctrl-D): cancel")

rc, shown = on_terminal(["open", PLAIN], [])
check(rc == 0 and recorded() is not None and PROMPT.decode() not in shown, "a plain link: no question")

rc, shown = on_terminal(["open", "--no-confirm", LINK], [])
check(rc == 0 and recorded() is not None and PROMPT.decode() not in shown, "--no-confirm: no question")

rc, shown = on_terminal(["open", "--confirm", "mailto:friend@example.org"], [b"o\n"])
check(rc == 0 and recorded() is not None and "Your answer (C/o, " in shown, "--confirm: asked about a plain link")


# Files in the same question (issue 35): numbered, none attached unless typed after the answer.
write_config(home + "/.config", f'target = custom\ncommand = "{recorder}" %f\nnotify = no\n')
os.makedirs(home + "/Documents", exist_ok=True)
doc = home + "/Documents/taxes-2023.pdf"
with open(doc, "wb") as f:
    f.write(b"%PDF-1.4 SECRET-taxes\n")
SEND = ["send", "--attach", doc, "--subject", "Quarterly", "boss@example.org"]


def handed_bytes():
    argv = recorded()
    if argv is None:
        return None
    with open(argv[-1], "rb") as f:
        return f.read()


rc, shown = on_terminal(SEND, [b"\n"])
got = handed_bytes()
question = shown[:shown.find(PROMPT.decode())]
check("[1] \u2068taxes-2023.pdf\u2069" in question and "To: \u2066boss@example.org\u2069" in question,
      f"files: the question numbers the file and says to whom ({question[-600:]!r})")
check('type their numbers after your answer, as in "o 1 2"' in shown, "files: the prompt says how to attach")
check("Your answer (O/c, d for details, Enter for Open): " in shown, "files: Enter opens (with no file)")
check(rc == 0 and got is not None and b"SECRET-taxes" not in got and b"taxes-2023.pdf" not in got
      and "you did not choose to attach it" in shown, f"files: Enter attaches nothing ({rc}, {shown[-300:]!r})")
rc, shown = on_terminal(SEND, [b" \n"])
got = handed_bytes()
check(rc == 0 and got is not None and b"taxes-2023.pdf" not in got, "files: Space and Enter attach nothing")
rc, shown = on_terminal(SEND, [b"1\n", b"\x04"])
check(rc == 0 and recorded() is None and shown.count(PROMPT.decode()) == 2,
      "files: a number alone is no answer (asked again; then end of input cancels)")
rc, shown = on_terminal(SEND, [b"o 1\n"])
got = handed_bytes()
check(rc == 0 and got is not None and b'filename="taxes-2023.pdf"' in got, f"files: 'o 1' attaches the file ({rc})")
write_config(home + "/.config", f'target = custom\ncommand = "{recorder}" %u\nnotify = no\n')
shutil.rmtree(home + "/.local/state/mailtokit/drafts", ignore_errors=True)  # the draft files handed over


def in_tmux(link, keys):
    """Run `mailtokit open link` in tmux on an 80x24 terminal, wait for the prompt, take the
    screen, press `keys`, wait for the program to end. Returns (screen at the prompt, screen at
    the end)."""
    if os.path.exists(record):
        os.remove(record)
    sock = os.path.join(tmp, f"tmux-{len(os.listdir(tmp))}.sock")  # a new server each time
    cmd = shlex.join([PROG, "open", link]) + '; echo "exit status $?"; sleep 120'
    tenv = dict(env, TERM="xterm-256color", LANG="C.UTF-8")
    tmux = ["tmux", "-S", sock, "-f", "/dev/null"]
    subprocess.run([*tmux, "new-session", "-d", "-x", "80", "-y", "24", cmd], env=tenv, check=True)

    def screen():
        return subprocess.run([*tmux, "capture-pane", "-p", "-t", "0"], env=tenv, capture_output=True,
                              text=True).stdout

    def wait_for(text, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            s = screen()
            if text in s:
                return s
            time.sleep(0.1)
        return screen()

    try:
        asking = wait_for("Your answer (")
        subprocess.run([*tmux, "send-keys", "-t", "0", *keys], env=tenv, check=True)
        done = wait_for("exit status ")
    finally:
        subprocess.run([*tmux, "kill-server"], env=tenv)
    return asking, done


if shutil.which("tmux") is None:
    check(False, "tmux is not installed (apt-get install tmux): the terminal test needs it")
else:
    asking, done = in_tmux(LINK, ["Enter"])
    check(HEADLINE in asking and "Your answer (C/w/o" in asking,
          f"tmux 80x24: the headline and the prompt on one screen ({asking!r})")
    check_plain(asking, "tmux 80x24")
    check("exit status 0" in done and recorded() is None, f"tmux: Enter on the look-alike link starts nothing ({done!r})")
    asking, done = in_tmux(BCC_ONLY, ["Enter"])
    argv = recorded()
    check("This link would send a hidden copy to x@evil.example" in asking,
          f"tmux: the hidden copy named in the headline ({asking!r})")
    check("exit status 0" in done and argv is not None and "x@evil.example" not in argv[-1],
          f"tmux: Enter hands over no hidden recipient ({argv})")

# No terminal, no display: the fallback.
if os.path.exists(record):
    os.remove(record)
p = subprocess.run([PROG, "open", LINK], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
check(p.returncode == 0 and recorded() is not None and "opened without asking" in p.stderr,
      f"no way to ask, confirm = risky: opened and said so ({p.returncode}, {p.stderr[-200:]!r})")
os.remove(record)
p = subprocess.run([PROG, "open", "--confirm", LINK], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
drafts = os.path.join(home, ".local/state/mailtokit/drafts")
kept = sorted(os.listdir(drafts)) if os.path.isdir(drafts) else []
check(p.returncode == 69 and recorded() is None, f"no way to ask, --confirm: refused ({p.returncode})")
check(len(kept) == 1 and kept[0] in p.stderr, f"no way to ask, --confirm: the draft is kept and named ({kept})")
p = subprocess.run([PROG, "open", "--confirm", "--no-confirm", LINK], env=env, stdin=subprocess.DEVNULL,
                   capture_output=True, text=True)
check(p.returncode == 64, f"--confirm with --no-confirm is a usage error ({p.returncode})")
with open(home + "/.config/mailtokit/config", "a") as f:
    f.write("confirm = sometimes\n")
p = subprocess.run([PROG, "open", LINK], env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True)
check(p.returncode == 78 and "confirm = sometimes is not one of risky, always, never" in p.stderr
      and "line 4, column 11" in p.stderr, f"confirm = sometimes: a configuration error with its position ({p.stderr!r})")

checks.finish()
