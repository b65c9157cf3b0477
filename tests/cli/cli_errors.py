#!/usr/bin/env python3
"""The rows of issue 26 for the commands inspect, build, compose, batch, iri and version: what
is printed, and the exit status.

Usage: cli_errors.py /path/to/mailtokit

- --version and `version` print "mailtokit X.Y.Z" (the project version) and exit 0; `version` is
  not read as a link; a mistyped command gets "did you mean", `iri bogus` the list of iri commands,
  a lone word is never sent to `open`.
- Every write to standard output is checked: each command with its output on /dev/full exits 74
  with "error: io_error: cannot write to standard output (No space left on device)".
- compose --date / --message-id that are not RFC 5322 are refused (64) with what they look like.
- A recipient that is not an address survives compose -> build --eml, with a warning.
- An encoded word in an unknown charset warns encoded_word_undecodable.
- Every error is "error: <code>: <what> (<reason>)", the option or argument named.
- Every --help is in plain words: no RFC or UTS numbers, sections or codes.
- open --confirm with no way to ask: the error and where the draft is kept, nothing else.
"""
import os
import re
import subprocess
import sys
import tempfile
import time

from harness.checks import Checks  # noqa: E402
from harness.desktop import home_env  # noqa: E402
from harness.record import in_dir, read, runs, write_recorder  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
checks = Checks("cli_errors")
check = checks.check


def run(*args, stdin=b"", stdout=subprocess.PIPE, cwd=None):
    p = subprocess.run([PROG, *args], input=stdin, stdout=stdout, stderr=subprocess.PIPE, cwd=cwd, timeout=60)
    out = p.stdout.decode("utf-8", "replace") if p.stdout is not None else ""
    return p.returncode, out, p.stderr.decode("utf-8", "replace")


tmp = tempfile.mkdtemp()
# A private HOME without a display: nothing here may reach `open` and notify.
os.environ.update(home_env(tmp))
for k in ("DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "MAILTOKIT_CONFIG"):
    os.environ.pop(k, None)

# Version.
version = None
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "CMakeLists.txt")) as f:
    version = re.search(r"project\(mailtokit VERSION (\d+\.\d+\.\d+)", f.read()).group(1)
for args in (["--version"], ["version"]):
    rc, out, err = run(*args)
    check(rc == 0 and out == f"mailtokit {version}\n" and err == "", f"{args}: {rc} {out!r} {err!r}")

# Mistyped commands.
rc, out, err = run("inspec", "mailto:a@b.org")
check(rc == 64 and out == "" and err.startswith(
    "error: unknown_command: unknown command 'inspec' (did you mean 'inspect'?)\n"), f"inspec: {rc} {err!r}")
rc, out, err = run("iri", "bogus")
check(rc == 64 and err.startswith("error: unknown_command: unknown iri command 'bogus' (the iri commands are "
                                  "to-uri, to-iri, check, equal)"), f"iri bogus: {rc} {err!r}")
rc, out, err = run("iri", "to-ur", "http://a/")
check(rc == 64 and "(did you mean 'to-uri'?)" in err, f"iri to-ur: {rc} {err!r}")
rc, out, err = run("versoin")  # a lone word: a command, mistyped; never a link for `open`
check(rc == 64 and "unknown command 'versoin' (did you mean 'version'?)" in err and "refusing" not in err,
      f"versoin: {rc} {err!r}")
rc, out, err = run("frobnicate")
check(rc == 64 and "unknown command 'frobnicate' (the commands are " in err, f"frobnicate: {rc} {err!r}")
rc, out, err = run()
check(rc == 64 and err.startswith("error: usage: no command given\n"), f"no command: {rc} {err!r}")
rc, out, err = run("inspect", "--bogus", "mailto:a@b.org")
check(rc == 64 and err.startswith("error: usage: unknown option '--bogus'\n") and
      "run 'mailtokit inspect --help' for the options" in err, f"unknown option: {rc} {err!r}")
# CLI11's own parse errors, in our words: the option or argument named, a mistyped option guessed.
for args, msg in (
    (["batch", "--jsno"], "unknown option '--jsno' (did you mean '--json'?)"),
    (["inspect", "--max-inpt=5", "mailto:a@b.org"], "unknown option '--max-inpt' (did you mean '--max-input'?)"),
    (["inspect", "mailto:a@b.org", "extra"], "unexpected argument 'extra'"),
    (["inspect"], "the mailto: URI (or IRI) is missing"),
    (["batch", "-j"], "--jobs needs a value"),
    (["compose", "-o"], "--output needs a value"),
    (["batch", "-j", "1", "-j", "2"], "--jobs can be given only once"),
    (["batch", "--json=x"], "--json takes no value"),
    (["open", "--confirm", "--no-confirm", "mailto:a@b.org"], "--confirm and --no-confirm cannot be given together"),
    (["iri"], "no iri command given (the iri commands are to-uri, to-iri, check, equal)"),
    (["iri", "--", "x"], "no iri command given (the iri commands are to-uri, to-iri, check, equal)"),
    (["iri", "--charset", "latin1", "to-uri", "http://a/"],
     "'--charset' comes before to-uri (options go after the command they belong to)"),
    (["send", "--to", "a@b.org"], "unknown option '--to'"),  # not "did you mean '--cc'?"
    (["inspect", "--", "mailto:a@b.org", "b"], "unexpected argument 'b'"),  # "--" is no option
    (["build", "--", "--to"], "unexpected argument '--to'"),  # after "--", an argument
):
    rc, out, err = run(*args)
    check(rc == 64 and out == "" and err.startswith("error: usage: " + msg + "\n"), f"{args}: {rc} {err!r}")

# Output lost: exit 74, with the reason, for every command that writes to standard output.
full_cases = [
    ["inspect", "mailto:a@b.org"], ["inspect", "--json", "mailto:a@b.org"], ["inspect", "--json", "http://x"],
    ["build", "--to", "a@b.org"], ["iri", "to-uri", "http://a/"], ["iri", "to-iri", "http://a/"],
    ["iri", "check", "http://a/"], ["iri", "equal", "http://a/", "http://a/"], ["compose", "mailto:a@b.org"],
    ["batch"], ["batch", "-j", "2"], ["batch", "--json"], ["version"], ["--version"], ["--help"], ["batch", "--help"],
]
with open("/dev/full", "wb") as full:
    for args in full_cases:
        rc, out, err = run(*args, stdin=b"mailto:a@b.org\n", stdout=full)
        check(rc == 74 and re.search(r"^error: io_error: .*\(No space left on device\)$", err, re.M),
              f"{args} > /dev/full: exit {rc}, {err!r}")

# Numeric options: the range, named.
for args, msg in (
    (["batch", "-j", "-1"], "--jobs takes 0 to 64 ('-1' is negative)"),
    (["batch", "-j", "18446744073709551615"], "--jobs takes 0 to 64 ('18446744073709551615' is out of range)"),
    (["batch", "-j", "65536"], "--jobs takes 0 to 64 ('65536' is out of range)"),
    (["inspect", "--max-input", "0", "mailto:a@b.org"], "--max-input takes 1 to 67108864 ('0' is out of range)"),
    (["inspect", "--max-recipients", "ten", "mailto:a@b.org"], "--max-recipients takes 0 to 1048576 ('ten' is not a whole number)"),
    (["inspect", "--max-encoded-words", "", "mailto:a@b.org"], "--max-encoded-words takes 0 to 1048576 (an empty value)"),
):
    rc, out, err = run(*args)
    check(rc == 64 and out == "" and err.startswith("error: usage: " + msg + "\n"), f"{args}: {rc} {err!r}")
rc, out, err = run("batch", "--help")
check("(0 to 64, default 1)" in out and "Exit status:" in out, "batch --help shows the range and the exit statuses")
check("tab-separated summary" in out and "--json the `inspect --json` object" in out,
      "batch --help says what it writes")
# `mailtokit --help` lists each command in one short line; what a description leaves out is in the
# command's own --help, which ends with the exit statuses that command can return (a part of the
# complete list `mailtokit --help` ends with), then the same error format.
def exit_statuses(help_out: str) -> tuple[list[str], str]:
    """The `Exit status: A; B; C.` items of a --help text, and what follows them (the error format)."""
    if "Exit status: " not in help_out:
        return [], ""
    listed, _, rest = help_out.split("Exit status: ", 1)[1].partition(".\n")
    return listed.split("; "), rest


rc, top, err = run("--help")
listing = top.split("Subcommands:\n", 1)[1].split("\n\n", 1)[0].splitlines()
check(len(listing) >= 13, f"--help lists the commands: {listing}")
every, errors_format = exit_statuses(top)
check(len(every) == 12 and every[0] == "0 ok" and every[-1] == "128+N ended by signal N" and
      errors_format.startswith("Errors: error: <code>:"), f"--help ends with every exit status: {every}")
own_statuses: dict[str, list[str]] = {}
for line in listing:
    name, _, what = line.strip().partition(" ")
    what = what.strip()
    check(0 < len(what) <= 100 and not what.endswith(".") and "Exit" not in what,
          f"--help lists {name} in one short line: {what!r}")
    rc, own, err = run(name, "--help")
    mine, rest = exit_statuses(own)
    own_statuses[name] = mine
    check(rc == 0 and own.startswith(what + "\n") and rest == errors_format,
          f"{name} --help: its line, then its exit statuses and the error format")
    check(mine[:1] == ["0 ok"] and "64 bad command line" in mine and
          {st.split()[0] for st in mine} <= {st.split()[0] for st in every},
          f"{name} --help lists exit statuses of the complete list: {mine}")
for sub in ("to-uri", "to-iri", "check", "equal"):
    rc, own, err = run("iri", sub, "--help")
    own_statuses["iri " + sub] = exit_statuses(own)[0]
# Each command lists its own statuses only: 1 is `iri equal`'s, 66 `build`'s, 69 and 78 belong to the
# commands that start a mail program or read the configuration.
for name, mine in own_statuses.items():
    check(("1 not equivalent" in mine) == (name == "iri equal") and
          ("1 iri equal: not equivalent" in mine) == (name == "iri"),
          f"{name} --help lists exit status 1 only for iri equal: {mine}")
    check(("66 input file unreadable" in mine) == (name == "build"), f"{name} --help: 66 only for build: {mine}")
for name in ("register", "unregister", "version", "inspect", "compose", "batch", "iri to-uri"):
    check(not any(s.startswith(("1 ", "69 no mail client", "78 ")) for s in own_statuses[name]),
          f"{name} --help does not list 'iri equal', 'no mail client' or 'bad configuration': {own_statuses[name]}")
for name in ("open", "send"):
    check("69 no mail client" in own_statuses[name] and "78 bad configuration" in own_statuses[name],
          f"{name} --help lists 69 and 78: {own_statuses[name]}")
check("69 xdg-mime missing or failed" in own_statuses["register"], f"register --help: 69 is xdg-mime's")
rc, reg, err = run("register", "--help")
check("iri equal" not in reg, "register --help does not list 'iri equal'")

# compose --date / --message-id.
rc, out, err = run("compose", "--date", "yesterday", "mailto:a@b.org")
check(rc == 64 and out == "" and err.startswith("error: usage: --date 'yesterday' is not a valid date-time (a "
                                                "date-time looks like \"Wed, 25 Nov 2026 18:30:00 +0000\""),
      f"--date yesterday: {rc} {err!r}")
rc, out, err = run("compose", "--message-id", "nobrackets", "mailto:a@b.org")
check(rc == 64 and out == "" and err.startswith("error: usage: --message-id 'nobrackets' is not a message id "
                                                "(a msg-id looks like <unique-part@example.org>"),
      f"--message-id nobrackets: {rc} {err!r}")
for good in (["--date", "Wed, 25 Nov 2026 18:30:00 +0000"], ["--date", "1 Jan 2027 00:00 -0130"],
             ["--message-id", "<a.b@example.org>"], ["--message-id", "<x@[127.0.0.1]>"]):
    rc, out, err = run("compose", *good, "mailto:a@b.org")
    check(rc == 0 and good[1] in out, f"compose {good}: {rc} {err!r}")
for bad in (["--date", "Wed, 32 Nov 2026 18:30:00 +0000"], ["--date", "25 Nov 2026 24:00 +0000"],
            ["--date", "25 Nov 2026 18:30 GMT"], ["--date", "2026-11-25T18:30:00Z"],
            ["--message-id", "<a@>"], ["--message-id", "<a b@c>"], ["--message-id", "<@c>"],
            ["--message-id", "<a..b@c>"]):
    rc, out, err = run("compose", *bad, "mailto:a@b.org")
    check(rc == 64 and out == "", f"compose {bad}: {rc} {err!r}")

# A recipient that is not an address: kept as text through compose -> build --eml.
d = os.path.join(tmp, "d.eml")
rc, out, err = run("compose", "-o", d, "mailto:not-an-address?subject=x")
check(rc == 0 and "address_as_text" in err, f"compose invalid address: {rc} {err!r}")
rc, out, err = run("build", "--eml", d)
# (an invalid address goes in a `to` field of its own, which reads back as that one address)
check(rc == 0 and out == "mailto:?to=not-an-address&subject=x\n" and "warning: invalid_address" in err,
      f"build --eml keeps the recipient: {rc} {out!r} {err!r}")
rc, out, err = run("build", "--eml", os.path.join(tmp, "missing.eml"))
check(rc == 66 and err.startswith("error: no_input: --eml ") and "(No such file or directory)" in err,
      f"--eml missing: {rc} {err!r}")

# encoded_word_undecodable.
link = "mailto:a@x.org?subject=%3D%3Fbogus-cs%3FQ%3FJ%3DF6rg%3F%3D"
rc, out, err = run("inspect", link)
check(rc == 0 and "encoded_word_undecodable: " in out, f"inspect undecodable: {rc} {out!r}")
rc, out, err = run("inspect", "--json", link)
check(rc == 0 and '"code":"encoded_word_undecodable"' in out, f"inspect --json undecodable: {rc} {out!r}")

# Library errors in the one format, naming the argument.
rc, out, err = run("inspect", "--strict", "mailto:a@example.org?subject=100%")
check(rc == 65 and err == "error: percent_truncated: the link at byte 32 ('%' not followed by two hex digits)\n",
      f"inspect error format: {err!r}")
rc, out, err = run("batch", "--compose", os.path.join(tmp, "no", "such", "dir"), stdin=b"mailto:a@b.org\n")
check(rc == 73 and err.startswith("error: cannot_create: --compose '") and "(No such file or directory)" in err,
      f"batch --compose missing parent: {rc} {err!r}")

# A configuration file that cannot be read: the system's reason, or the size limit, and exit 78.
os.mkdir(os.path.join(tmp, "config-dir"))
with open(os.path.join(tmp, "config-big"), "w") as f:
    f.write("#" * 70000)
for name, reason, todo in (("config-dir", "cannot be read: Is a directory.", "Make the file readable"),
                           ("config-big", "cannot be read: it is larger than 65536 bytes.", "Shorten the file")):
    os.environ["MAILTOKIT_CONFIG"] = os.path.join(tmp, name)
    rc, out, err = run("open", "--dry-run", "--no-notify", "mailto:a@b.org")
    check(rc == 78 and out == "" and err.startswith("error: config_error: The configuration file ") and
          reason in err and "\n  " + todo in err, f"unreadable configuration {name}: {rc} {err!r}")
del os.environ["MAILTOKIT_CONFIG"]

# open --confirm with no display, no terminal and no session bus: one clear error, the draft kept,
# and no notification attempt (notify-send could only fail, printing GLib's D-Bus autolaunch
# error). A notify-send that appends its arguments to a file stands first on PATH. It is started
# detached, so the run with a bus comes second and is waited for: once its notification has
# arrived, the first run's would have too.
saved = {k: os.environ.get(k) for k in ("XDG_RUNTIME_DIR", "PATH")}
bindir = tempfile.mkdtemp()
calls_dir = os.path.join(tmp, "notify-send-calls")  # a record a call (tests/harness/record.py)
os.mkdir(calls_dir)
write_recorder(os.path.join(bindir, "notify-send"), in_dir(calls_dir))


def notify_calls():
    """Each notify-send call's arguments, as "$*" says them, a line a call."""
    return "".join(" ".join(read(p)[1:]) + "\n" for p in runs(calls_dir))


os.environ["XDG_RUNTIME_DIR"] = tempfile.mkdtemp()  # no bus socket in it
os.environ["PATH"] = bindir + os.pathsep + os.environ["PATH"]


def kept_path(err):
    m = re.search(r"it is kept in (\S+)", err)
    return m.group(1) if m else None


rc, out, err = run("open", "--confirm", "mailto:a@b.org?bcc=x@y.org")
# The note that this machine's desktop only picked its first mail program (nobody chose it) may
# come first; it is not part of the failure.
lines = [x for x in err.splitlines() if not x.startswith("mailtokit: no mail program chosen on this desktop")]
check(rc == 69 and len(lines) == 3 and lines[0].startswith("error: unavailable: ") and "no display to ask on" in lines[0]
      and kept_path(err) is not None, f"open --confirm, no display, no bus: {rc} {err!r}")
first = kept_path(err) or "(none)"
os.environ["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + os.path.join(tmp, "no-such-bus")
rc, out, err = run("open", "--confirm", "mailto:a@b.org?bcc=x@y.org")
second = kept_path(err) or "(none)"
del os.environ["DBUS_SESSION_BUS_ADDRESS"]
calls = ""
deadline = time.monotonic() + 30
while second not in calls and time.monotonic() < deadline:
    calls = notify_calls()
    time.sleep(0.05)
check(rc == 69 and second in calls, "open --confirm, no display, a session bus: the failure is notified")
check(first not in calls, f"open --confirm, no display, no bus: no notification is attempted ({calls!r})")
for k, v in saved.items():
    if v is None:
        os.environ.pop(k, None)
    else:
        os.environ[k] = v

# preview --format json: a refused link gets the error object (65); a bad command line (an empty
# argument: 64) prints nothing on stdout, as every command does (found by a long cli_fuzz run).
rc, out, err = run("preview", "--format", "json", "http://x")
check(rc == 65 and '"code":"not_mailto"' in out, f"preview json http://x: {rc} {out!r}")
rc, out, err = run("preview", "--format", "json", "")
check(rc == 64 and out == "" and err.startswith("error: usage: The link is empty"), f"preview json '': {rc} {out!r} {err!r}")

# --help is for people (the brief: plain words; RFC numbers, sections and codes belong in the man
# page, inspect and JSON): no "RFC", "UTS" or "section N" in the help of any command.
rc, out, err = run("--help")
commands = []
if "Subcommands:" in out:
    for line in out.split("Subcommands:", 1)[1].splitlines():
        m = re.match(r"^  (\S+)\s", line)
        if m:
            commands.append([m.group(1)])
commands += [["iri", c] for c in ("to-uri", "to-iri", "check", "equal")]
check(len(commands) >= 16, f"--help lists the commands ({commands})")
for c in [[]] + commands:
    rc, out, err = run(*c, "--help")
    bad = re.findall(r"\bRFC\b[^\n]{0,20}|\bUTS\b[^\n]{0,10}|\bsection \d[^\n]{0,10}|needs_smtputf8|invalid_address", out)
    check(rc == 0 and not bad, f"{' '.join(c) or 'mailtokit'} --help is in plain words ({bad})")

# Issue 47: an empty link is said to be empty, never silence; a refused build value is named by
# its option and value, the offset into that value.
rc, out, err = run("inspect", "mailto:")
check(rc == 0 and out == "(an empty draft: the link names no recipient and no field)\n",
      f"inspect 'mailto:' says the draft is empty: {rc} {out!r}")
rc, out, err = run("build", "--to", "jane@example.org", "--to", "not an address")
check(rc == 65 and "--to 'not an address' at byte " in err and "the fields" not in err,
      f"build names the option and the value it refused: {rc} {err!r}")
rc, out, err = run("build", "--to", "jane@example.org", "--subject", "a\nb")
check(rc == 65 and "--subject 'a\\nb' at byte 1" in err, f"build names --subject: {rc} {err!r}")

checks.finish()
