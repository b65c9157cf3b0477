#!/usr/bin/env python3
"""`mailtokit preview` shows the draft `mailtokit open` hands over, for every link the tests hold.

Usage: preview_is_handed_over.py /path/to/mailtokit

preview and open read a link through the same stages (handler/open_link/request.hpp: the request
read, then the draft made the canonical hand-over), so the draft preview shows is the one a mail
program gets. For each link of tests/harness/links.py and of the link sets in tests/data
(hostile_links, lenient_links, corpus_real_links, rfc6068_examples, preview), in a private HOME:
`preview --format eml LINK` prints the draft file, and `open --dry-run --target eml LINK` prints
the launch request whose draft file xdg-open would be given, its bytes in it; both must hold the
same bytes (but for Date and Message-ID, which each composition makes anew), or both refuse the
link with the same exit status.
"""
import json
import os
import subprocess
import sys

from harness.checks import Checks  # noqa: E402
from harness.desktop import private_home, write_config  # noqa: E402
from harness import links  # noqa: E402
import tsv  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
DATA = os.environ.get("MAILTOKIT_TEST_DATA", os.path.join(os.path.dirname(__file__), "..", "data"))
checks = Checks("preview_is_handed_over")
check = checks.check

tmp, home, env = private_home()
write_config(env["XDG_CONFIG_HOME"], "notify = no\n")


def the_links():
    """Every link the tests hold, once each, as bytes for argv (NUL cannot be an argument)."""
    seen, out = set(), []
    held = [link for link, _cells in links.LINKS.values()]
    held += [links.HOMOGRAPH, links.BCC_ONLY, links.BCC_INVOICE, links.PLAIN]
    for raw in held:
        out.append(raw.encode())
    for name in ("hostile_links", "lenient_links", "corpus_real_links", "rfc6068_examples", "preview"):
        with open(os.path.join(DATA, name + ".tsv"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("#") or not line.strip("\n"):
                    continue
                out.append(tsv.unescape(line.rstrip("\n").split("\t")[0]))
    for link in out:
        if b"\0" not in link and link not in seen:
            seen.add(link)
            yield link


def handed_over(link):
    """open --dry-run's exit status and the draft file of its launch request (None when none)."""
    p = subprocess.run([PROG, "open", "--dry-run", "--target", "eml", link], env=env, cwd=tmp, capture_output=True)
    if p.returncode != 0:
        return p.returncode, None, p.stderr
    files = [f for f in json.loads(p.stdout)["files"] if f["what"] == "draft"]
    return p.returncode, files[0]["bytes"].encode() if len(files) == 1 else None, p.stderr


def fixed(message):
    """The message without its Date and Message-ID lines (made anew each time it is composed)."""
    if message is None:
        return None
    head, sep, body = message.partition(b"\r\n\r\n")
    lines = [l for l in head.split(b"\r\n") if not l.lower().startswith((b"date:", b"message-id:"))]
    return b"\r\n".join(lines) + sep + body


count = 0
for link in the_links():
    count += 1
    shown = subprocess.run([PROG, "preview", "--format", "eml", link], env=env, cwd=tmp, capture_output=True)
    rc, draft, err = handed_over(link)
    if shown.returncode != 0:
        check(rc == shown.returncode and draft is None,
              f"{link[:80]!r}: preview refuses it (exit {shown.returncode}), open exits {rc}: {err[-200:]!r}")
        continue
    check(rc == 0 and draft is not None and fixed(draft) == fixed(shown.stdout),
          f"{link[:80]!r}: open --dry-run (exit {rc}) hands over another draft than preview shows: {err[-200:]!r}")

check(count >= 700, f"only {count} links were compared")
print(f"preview_is_handed_over: {count} links compared")
checks.finish()
