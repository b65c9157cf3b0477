#!/usr/bin/env python3
"""Hostile links against `mailtokit open`, and every built-in target with stand-in clients.

Usage: handler_hostile.py /path/to/mailtokit

1. tests/data/hostile_links.tsv: each link is run as the desktop entry runs it
   (`mailtokit open LINK`, and the bare `mailtokit LINK`). Refused links must exit 64/65 with a
   message and start nothing; dispatched links must reach the stand-in client (target = custom,
   command = "<recorder>" %u) as exactly one argument: a mailto: URI that Python's urllib parses
   back to only the fields the policy keeps. No shell ever runs: the PWNED files never appear.
2. Every built-in target runs with a stand-in program of the same name first in PATH (and a
   stand-in terminal): the recorded argv has the documented shape, and the link's data comes back
   intact through Python's urllib (URIs, webmail URLs) or email package (the eml draft).
"""
import email
import email.policy
import json
import os
import shutil
import stat
import subprocess
import sys
import urllib.parse

from harness.desktop import private_home, standin_browser, write_config as harness_write_config  # noqa: E402
from harness.record import ENV_RECORD, read, write_recorder  # noqa: E402
import tsv  # noqa: E402
from harness.checks import Checks  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
DATA = os.environ["MAILTOKIT_TEST_DATA"]
KEPT = {"to", "cc", "bcc", "subject", "body", "keywords", "in-reply-to", "references"}
checks = Checks("handler_hostile")
check = checks.check


def unescape(s):
    return tsv.unescape(s).decode("utf-8", "surrogateescape")


def load_tsv(name):
    rows = []
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            rows.append([unescape(c) for c in line.split("\t")])
    return rows


tmp, home, env = private_home()
record = env["MAILTOKIT_TEST_RECORD"]
bindir = os.path.join(tmp, "fake bin")
os.makedirs(bindir)
recorder = os.path.join(bindir, "recorder")
write_recorder(recorder)


def write_config(text):
    harness_write_config(env["XDG_CONFIG_HOME"], text)


def run(args):
    if os.path.exists(record):
        os.remove(record)
    p = subprocess.run([PROG] + args, env=env, cwd=tmp, capture_output=True)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def recorded():
    if not os.path.exists(record):
        return None
    return read(record)


def parse_mailto(uri):
    check(uri.startswith("mailto:"), f"not a mailto URI: {uri!r}")
    path, _, query = uri[len("mailto:"):].partition("?")
    # Python's parser, strict about '+' (RFC 6068 has no form encoding): the builder never
    # writes a raw '+', so parse_qs's '+'-as-space rule cannot change anything here.
    check("+" not in uri, f"raw '+' in {uri!r}")
    return urllib.parse.unquote(path), urllib.parse.parse_qs(query, keep_blank_values=True)


def check_clean_uri(uri, link):
    for bad in (" ", '"', ";", "\n", "\r", "\0", "`", "<", ">", "|", "\\", "\t"):
        check(bad not in uri, f"{bad!r} raw in the clean URI {uri!r} (from {link!r})")
    check(not uri.startswith("-"), f"URI starts with a dash: {uri!r}")
    _, fields = parse_mailto(uri)
    for k in fields:
        check(k.lower() in KEPT, f"field {k!r} survived in {uri!r} (from {link!r})")
    return fields


# ---- 1. hostile links, target = custom ------------------------------------------------------
write_config(f'target = custom\ncommand = "{recorder}" %u\nnotify = no\n')
rows = load_tsv("hostile_links.tsv")
check(len(rows) >= 30, "too few hostile links")
for row in rows:
    link, expected, subject = row[0], row[1], row[2]
    if expected.startswith("strict"):
        # Refused with --strict (the RFC 6068 error); by default read with a repair and dispatched.
        rc, err = run(["open", "--strict", link])
        check(rc == int(expected.split()[1]) and "error:" in err and recorded() is None,
              f"open --strict {link!r}: exit {rc}; stderr: {err}")
        expected = "ok"
    if expected.startswith("refuse"):
        code = int(expected.split()[1])
        rc, err = run(["open", link])
        check(rc == code, f"open {link!r}: exit {rc}, expected {code}; stderr: {err}")
        check("error:" in err, f"open {link!r}: no message on stderr")
        check(recorded() is None, f"open {link!r}: the client was started")
        rc, err = run([link])
        check(rc in (64, 65), f"bare {link!r}: exit {rc}")
        check(recorded() is None, f"bare {link!r}: the client was started")
        continue
    rc, err = run(["open", "--wait", link])
    argv = recorded()
    if expected == "safe" and rc == 65:
        check(argv is None, f"{link!r}: refused but the client ran")
        continue
    check(rc == 0, f"open {link!r}: exit {rc}; stderr: {err}")
    if argv is None:
        check(False, f"open {link!r}: the client did not run")
        continue
    check(len(argv) == 2 and argv[0] == recorder, f"{link!r}: argv {argv!r}")
    fields = check_clean_uri(argv[-1], link)
    if subject != "-":
        check(fields.get("subject") == [subject], f"{link!r}: subject {fields.get('subject')!r}, expected {subject!r}")
    # The bare form (`mailtokit LINK`) dispatches the same way.
    rc2, _ = run([link.strip()] if link.strip() else [link])
    # (detached: wait for the record)
    for _ in range(200):
        if recorded() is not None:
            break
        subprocess.run(["sleep", "0.02"])
    check(rc2 == 0 and recorded() == argv, f"bare {link!r}: exit {rc2}, argv {recorded()!r}")
for pwned in ("PWNED",):
    for d in (tmp, home, os.getcwd()):
        check(not os.path.exists(os.path.join(d, pwned)), f"{pwned} exists in {d}: a shell ran")

# ---- 2. every built-in target with stand-ins ------------------------------------------------
for name in ("thunderbird", "evolution", "kmail", "claws-mail", "xdg-open", "fake-term"):
    shutil.copy(recorder, os.path.join(bindir, name))
env["PATH"] = bindir + os.pathsep + env["PATH"]
env["TERMINAL"] = "fake-term"
write_config("notify = no\n")
link = ("mailto:victim@example.org,b%C3%BCcher@b%C3%BCcher.example?subject=-compose%20to%3D'x'%2Cattachment%3D'%2Fetc%2Fpasswd'"
        "&body=%22%3B%20rm%20-rf%20~%0D%0Aline%202%20a%2Bb&cc=c@example.com&bcc=hidden@example.net"
        "&attach=%2Fetc%2Fpasswd&from=ceo@evil.example&in-reply-to=%3C1@example.org%3E")
want_subject = "-compose to='x',attachment='/etc/passwd'"
want_body = "\"; rm -rf ~\r\nline 2 a+b"


def fields_ok(fields, where):
    check(fields.get("subject") == [want_subject], f"{where}: subject {fields.get('subject')!r}")
    check(fields.get("body") == [want_body], f"{where}: body {fields.get('body')!r}")
    check(fields.get("bcc") == ["hidden@example.net"], f"{where}: bcc {fields.get('bcc')!r}")
    for k in fields:
        check(k.lower() in KEPT, f"{where}: field {k!r} survived")


def run_target(target):
    rc, err = run(["open", "--wait", "--target", target, link])
    check(rc == 0, f"--target {target}: exit {rc}; {err}")
    argv = recorded() or []
    dry = subprocess.run([PROG, "open", "--dry-run", "--target", target, link], env=env, capture_output=True)
    return argv, dry.stdout.decode()


for target, program, lead in (("thunderbird", "thunderbird", []), ("evolution", "evolution", []),
                              ("claws-mail", "claws-mail", ["--compose"]),
                              ("neomutt", "fake-term", ["-e", "neomutt", "-e", "mailto_allow to bcc keywords", "--"]),
                              ("mutt", "fake-term", ["-e", "mutt", "-e", "mailto_allow to bcc keywords", "--"]),
                              ("aerc", "fake-term", ["-e", "aerc"])):
    argv, _ = run_target(target)
    check(len(argv) == 2 + len(lead), f"{target}: argv {argv!r}")
    if len(argv) != 2 + len(lead):
        continue
    check(os.path.basename(argv[0]) == program and argv[1:-1] == lead, f"{target}: argv {argv!r}")
    path, fields = parse_mailto(argv[-1])
    if target == "aerc":
        check(path == "victim@example.org, bücher@xn--bcher-kva.example", f"aerc: to {path!r}")
    else:
        check(path == "victim@example.org,b%C3%BCcher@xn--bcher-kva.example".replace("%C3%BC", "ü"), f"{target}: to {path!r}")
    fields_ok(fields, target)

argv, _ = run_target("kmail")
check(argv[1:] == ["--composer", "--subject=" + want_subject, "--cc=c@example.com", "--bcc=hidden@example.net",
                   "--body=" + want_body.replace("\r\n", "\n"), "--header=In-Reply-To: <1@example.org>", "--",
                   "victim@example.org", "bücher@xn--bcher-kva.example"], f"kmail: argv {argv!r}")

# Webmail opens in the desktop's browser, started through GIO as any https link: a stand-in
# browser entry, the default for x-scheme-handler/https, records what it is given.
standin_browser(env, recorder)

argv, dry = run_target("gmail")
check(len(argv) == 2 and argv[0] == recorder, f"gmail: argv {argv!r}")
check((json.loads(dry)["desktop_entry"] or {}).get("id") == "fakebrowser.desktop", f"gmail: dry run {dry!r}")
u = urllib.parse.urlsplit(argv[-1])
check(urllib.parse.urlunsplit((u.scheme, u.netloc, u.path, "", "")) == "https://mail.google.com/mail/", f"gmail: {argv[-1]!r}")
q = urllib.parse.parse_qs(u.query)
check(q.get("extsrc") == ["mailto"] and len(q.get("url", [])) == 1, f"gmail: {q!r}")
if q.get("url"):
    _, fields = parse_mailto(q["url"][0])
    fields_ok(fields, "gmail")

# With no desktop entry for https links at all, Debian's x-www-browser opens it, as xdg-open's
# own fallback does: started directly, the link one argument.
shutil.copy(recorder, os.path.join(bindir, "x-www-browser"))
saved = {k: env.get(k) for k in ("XDG_DATA_DIRS", "XDG_DATA_HOME")}
env["XDG_DATA_DIRS"] = env["XDG_DATA_HOME"] = os.path.join(tmp, "no applications")
argv, dry = run_target("gmail")
check(len(argv) == 2 and argv[0] == os.path.join(bindir, "x-www-browser")
      and argv[1].startswith("https://mail.google.com/mail/?extsrc=mailto&url=mailto%3A"), f"x-www-browser: {argv!r}")
check(json.loads(dry)["argv"][0] == os.path.join(bindir, "x-www-browser"), f"x-www-browser dry run: {dry!r}")
for k, v in saved.items():
    if v is None:
        env.pop(k, None)
    else:
        env[k] = v
os.remove(os.path.join(bindir, "x-www-browser"))

# (an address with a non-ASCII local part has no ASCII form: it goes in its Unicode form)
for target, host_path in (("outlook", "outlook.live.com/mail/0/deeplink/compose"),
                          ("fastmail", "app.fastmail.com/mail/compose")):
    argv, _ = run_target(target)
    u = urllib.parse.urlsplit(argv[-1]) if argv else urllib.parse.urlsplit("")
    check(u.netloc + u.path == host_path, f"{target}: {argv!r}")
    q = urllib.parse.parse_qs(u.query)
    check(q == {"to": ["victim@example.org,bücher@xn--bcher-kva.example"], "cc": ["c@example.com"],
                "bcc": ["hidden@example.net"], "subject": [want_subject], "body": [want_body]}, f"{target}: {q!r}")

# A draft file with a non-ASCII local part needs RFC 6532 headers: refused with `smtputf8 = no`.
write_config("notify = no\nsmtputf8 = no\n")
rc, err = run(["open", "--wait", "--target", "eml", link])
check(rc == 65 and "smtputf8" in err and recorded() is None, f"eml without smtputf8: exit {rc}, {err}")
write_config("notify = no\nsmtputf8 = yes\n")
argv, dry = run_target("eml")
check(len(argv) == 2 and os.path.basename(argv[0]) == "xdg-open" and argv[1].startswith(home + "/.local/state/mailtokit/drafts/draft-"),
      f"eml: argv {argv!r}")
if len(argv) == 2 and os.path.exists(argv[1]):
    check(stat.S_IMODE(os.stat(argv[1]).st_mode) == 0o600, "eml: draft mode")
    with open(argv[1], "rb") as f:
        msg = email.message_from_binary_file(f, policy=email.policy.default)
    check(msg["Subject"] == want_subject, f"eml: subject {msg['Subject']!r}")
    check(msg.get_content().replace("\r\n", "\n").rstrip("\n") == want_body.replace("\r\n", "\n"),
          f"eml: body {msg.get_content()!r}")
    check(msg["From"] is None and msg["X-Injected"] is None, "eml: From came from the link")
    check(msg["In-Reply-To"] == "<1@example.org>", f"eml: In-Reply-To {msg['In-Reply-To']!r}")

# ---- 3. notify-send: told about dropped fields, with "--" and escaped markup -----------------
write_recorder(os.path.join(bindir, "notify-send"), ENV_RECORD + ".notify")
write_config(f'target = custom\ncommand = "{recorder}" %u\n')
notify_record = record + ".notify"
rc, err = run(["open", "--wait", "mailto:a@example.org?%3Cb%3E-x%26y%3C%2Fb%3E=1"])
check(rc == 0 and "dropped <b>-x&y</b>=1" in err, f"notify: stderr {err!r}")
for _ in range(200):
    if os.path.exists(notify_record):
        break
    subprocess.run(["sleep", "0.02"])
if os.path.exists(notify_record):
    n = read(notify_record)
    check(len(n) == 5 and n[1:3] == ["--app-name=mailtokit", "--"], f"notify argv {n!r}")
    check("&lt;b&gt;-x&amp;y&lt;/b&gt;" in n[-1] and "<b>" not in n[-1] and "removed the field" in n[-1]
          and "RFC" not in n[-1], f"notify body {n[-1]!r}")
else:
    check(False, "notify-send was not run")
# notify = no (and --no-notify) keep it quiet; a missing notify-send is never an error.
os.remove(notify_record)
rc, _ = run(["open", "--wait", "--no-notify", "mailto:a@example.org?from=x"])
subprocess.run(["sleep", "0.3"])
check(rc == 0 and not os.path.exists(notify_record), "--no-notify still notified")
os.remove(os.path.join(bindir, "notify-send"))
rc, err = run(["open", "--wait", "mailto:a@example.org?from=x"])
check(rc == 0 and "dropped from=x" in err, f"without notify-send: exit {rc}, {err!r}")

# The dry run prints what would run.
argv, dry = run_target("thunderbird")
import json
check(json.loads(dry)["argv"][-1] == argv[-1], f"dry run {dry!r} differs from {argv!r}")

shutil.rmtree(tmp, ignore_errors=True)
checks.finish()
