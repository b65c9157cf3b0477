#!/usr/bin/env python3
"""Links that break RFC 6068 the way real links do: `mailtokit open` hands each a draft.

Usage: handler_lenient.py /path/to/mailtokit

For every link below (the examples of what the default reading repairs), `mailtokit open` with
`target = custom` and a recorder command must start the recorder exactly once with one argument,
the clean URI, which Python's urllib reads back as what the link evidently meant; the stand-in
notify-send must be run with a body that says in plain words that the link was repaired (stderr
names each repair). With `--strict` (and with
`strict = yes` in the configuration) the same links are refused with exit 65 and nothing starts.
Then drafts that could not be composed before (an invalid address, a non-ASCII local part) go
through `command = recorder %f`: the draft file exists and Python's email package reads it back.
"""
import email
import email.policy
import os
import subprocess
import sys
import urllib.parse

from harness.desktop import private_home, write_config as harness_write_config  # noqa: E402
from harness.record import ENV_RECORD, read, write_recorder  # noqa: E402
from harness.checks import Checks  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
checks = Checks("handler_lenient", show_passed=True)
check = checks.check


tmp, home, env = private_home()
record = env["MAILTOKIT_TEST_RECORD"]
bindir = os.path.join(tmp, "bin")
os.makedirs(bindir)
env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
for name, suffix in (("recorder", ""), ("notify-send", ".notify")):
    write_recorder(os.path.join(bindir, name), ENV_RECORD + suffix)
recorder = os.path.join(bindir, "recorder")


def write_config(text):
    harness_write_config(env["XDG_CONFIG_HOME"], text)


def recorded(path):
    if not os.path.exists(path):
        return None
    return read(path)


def run(args):
    for p in (record, record + ".notify"):
        if os.path.exists(p):
            os.remove(p)
    p = subprocess.run([PROG] + args, env=env, cwd=tmp, capture_output=True)
    return p.returncode, p.stderr.decode("utf-8", "replace"), recorded(record), recorded(record + ".notify")


def fields_of(uri):
    path, _, query = uri[len("mailto:"):].partition("?")
    to = [a for a in urllib.parse.unquote(path).split(",") if a]
    q = urllib.parse.parse_qs(query, keep_blank_values=True)
    to += [a.strip() for v in q.pop("to", []) for a in v.split(",")]
    return to, {k: v for k, v in q.items()}


# link, the recipients (path and to=) it means, the other fields, words of each repair's note
CASES = [
    ("mailto:emily@example.com?subject=100%", ["emily@example.com"], {"subject": ["100%"]},
     ["literal '%'"]),
    ("mailto:a@example.com?subject=100% done", ["a@example.com"], {"subject": ["100% done"]},
     ["literal '%'", "should be percent-encoded"]),
    ("mailto:?subject=100%%20libre", [], {"subject": ["100% libre"]}, ["literal '%'"]),
    ("mailto:joe@example.com?cc=bob@example.com?body=hello", ["joe@example.com"],
     {"cc": ["bob@example.com"], "body": ["hello"]}, ["read as the '&'"]),
    ("mailto:?subject=Issue&body=https://github.com/owner/repo/issues?q=is%253Aissue", [],
     {"subject": ["Issue"], "body": ["https://github.com/owner/repo/issues?q=is%3Aissue"]}, ["literal '?'"]),
    ("mailto:a@example.org?subject&body=x", ["a@example.org"], {"subject": [""], "body": ["x"]},
     ["has no '='"]),
    ("mailto:x@example.org?attach", ["x@example.org"], {}, ["has no '='", "not attached"]),
    ("mailto:a@example.org?subject=hi&amp;body=there", ["a@example.org"], {"subject": ["hi"], "body": ["there"]},
     ["'&amp;'"]),
    ("mailto://a@example.org?subject=x", ["a@example.org"], {"subject": ["x"]}, ["'//'"]),
    ("mailto:Ben Gotow <ben@example.com>;Shawn <shawn@example.com>",
     ["Ben Gotow <ben@example.com>", "Shawn <shawn@example.com>"], {}, ["display names or ';'"]),
]

write_config(f'target = custom\ncommand = "{recorder}" %u\n')
for link, to, other, notes in CASES:
    rc, err, argv, notify = run(["open", "--wait", link])
    check(rc == 0 and argv is not None and len(argv) == 2, f"open {link!r}: exit {rc}, argv {argv!r}, {err.strip()}")
    if not argv or len(argv) != 2:
        continue
    print("     argv:", argv[1:])
    got_to, got = fields_of(argv[1])
    check(got_to == to and got == other, f"  clean URI {argv[1]!r} reads as to={got_to!r} {got!r}")
    body = notify[-1] if notify else ""
    check(notify is not None and notify[1:3] == ["--app-name=mailtokit", "--"],
          f"  notify-send ran with '--': {notify!r}")
    for words in notes:
        check(words.replace("&", "&amp;").replace("<", "&lt;") in body or words in err,
              f"  notification or stderr lists the repair ({words!r})")
    # The notification says it in plain words; the codes, offsets and RFC wording stay on stderr.
    check("not written quite correctly" in body and not any(w in body for w in ("RFC", "note:", "at byte", "%25")),
          f"  the notification is in plain words: {body!r}")
    # The clean URI needs no repair: opening it gives the same argv and no note about a repair.
    rc2, err2, argv2, _ = run(["open", "--wait", "--no-notify", argv[1]])
    check(rc2 == 0 and argv2 == argv and "note:" not in err2, f"  the clean URI opens unchanged: {argv2!r} {err2.strip()}")
    # Strict refuses what needed a repair, on the command line and in the configuration.
    if "should be percent-encoded" in notes or "'&amp;'" in notes or link.startswith(("mailto:Ben", "mailto://")):
        continue  # raw characters, '&amp;', '//' and names in the path were no errors before either
    rc3, err3, argv3, _ = run(["open", "--wait", "--strict", link])
    check(rc3 == 65 and argv3 is None and "error" in err3 and "reads links strictly here" in err3,
          f"  --strict refuses it and says the default reading would repair it: exit {rc3}, {err3.strip()}")
    write_config(f'target = custom\ncommand = "{recorder}" %u\nstrict = yes\n')
    rc4, _, argv4, _ = run(["open", "--wait", link])
    check(rc4 == 65 and argv4 is None, f"  strict = yes refuses it: exit {rc4}")
    write_config(f'target = custom\ncommand = "{recorder}" %u\n')

# A body whose lines end in a bare %0A is normalized without a word to the desktop: nothing is
# lost, and a notification for every such link would teach people to ignore them. stderr still
# names the repair.
rc, err, argv, notify = run(["open", "--wait", "mailto:a@example.org?subject=Hi&body=line%201%0Aline%202"])
check(rc == 0 and argv is not None and notify is None and "body_line_breaks_normalized" not in err
      and "CRLF" in err, f"bare %0A in the body: exit {rc}, notification {notify!r}, stderr {err.strip()!r}")

# Drafts that could not be composed before: the draft file (%f) holds them. An invalid address
# is left out of the hand-over and said (issue 45: mail programs read such text each their own
# way), so the draft opens without it; `want` None: the field is absent.
write_config(f'target = custom\ncommand = "{recorder}" %f\nnotify = no\n')
DRAFTS = [
    ("mailto:somename", "To", None),
    ("mailto:hello@example.com?cc=somename", "Cc", None),
    ("mailto:用户@例え.jp", "To", "用户@xn--r8jz45g.jp"),
    ("mailto:пользователь@пример.рф?subject=Тема", "To", "пользователь@xn--e1afmkfd.xn--p1ai"),
]
for link, field, want in DRAFTS:
    rc, err, argv, _ = run(["open", "--wait", link])
    check(rc == 0 and argv is not None and len(argv) == 2 and os.path.isfile(argv[1]),
          f"open {link!r} with %f: exit {rc}, argv {argv!r}, {err.strip()}")
    if not argv or len(argv) != 2 or not os.path.isfile(argv[1]):
        continue
    print("     argv:", argv[1:])
    with open(argv[1], "rb") as f:  # an RFC 6532 draft has UTF-8 header fields
        msg = email.message_from_string(f.read().decode("utf-8"), policy=email.policy.default)
    header = msg[field]
    if want is None:
        check(header is None and f"left out somename ({field})" in err,
              f"  {field} is left out of the draft and said: {header!r}, {err.strip()!r}")
        continue
    texts = [g.display_name if not g.addresses else str(g.addresses[0].addr_spec) for g in header.groups]
    check(want in texts, f"  {field} of the draft reads back as {texts!r} (want {want!r})")
    if "Тема" in link:
        check(msg["Subject"] == "Тема", f"  subject {msg['Subject']!r}")

checks.finish()
