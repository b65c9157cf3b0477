#!/usr/bin/env python3
"""Every field of every target's hand-over, read by the worst reader, is the text the user saw.

Usage: handover_fields.py /path/to/mailtokit

Links that attack fields other than an address and readers' limits (a subject that is itself an
RFC 2047 word, a keyword with an HTML reference for a line break, display names of 1,004 and
1,649 bytes, past which mutt cut the address behind them, a name Roundcube reads as two
recipients) go to every built-in target with stand-in programs first in PATH (`open --dry-run
--target NAME`, and for real to a recorder through `target = custom`). Every argument each
target would be given is decoded as the worst reader decodes (percent escapes, HTML character
references, RFC 2047 words wherever they stand, until nothing changes): no argument may then
hold the attacker's address, a line break, or a name longer than the smallest reader's limit.
`preview --format json`, `inspect` and `preview` say each change before anything opens, with the
same codes.
"""
import base64
import email
import email.header
import email.policy
import html
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.parse

from harness.checks import Checks  # noqa: E402
from harness.desktop import private_home, standin_browser, write_config  # noqa: E402
from harness.record import read, write_recorder  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
checks = Checks("handover_fields")
check = checks.check
EVIL = "boss@evil.example"
MAILBOX_LIMIT = 256  # handover::limits::mailbox_bytes


def pct(s: str) -> str:
    return urllib.parse.quote(s, safe="")


def long_name(size: int) -> str:
    out = ""
    while len(out) < size:
        out += ("" if not out else " ") + "Payroll Department"
    return out[:size].strip()


INNER = "=?utf-8?q?Invoice=0ABcc:=20" + EVIL + "?="

# id -> (link, the findings preview must give, the text the user is shown that every target's
# hand-over must hold after the worst reader's decoding, or None where the attacker's address must
# not appear at all)
LINKS = {
    # The subject's text is an encoded word (sent encoded once more, so mailtokit reads it as
    # that text): Thunderbird decoded it into "Invoice" and a line "Bcc: boss@evil.example".
    "subject-word": ("mailto:a@example.org?subject=%3D%3Futf-8%3Fb%3F" + pct(base64.b64encode(INNER.encode()).decode())
                     + "%3F%3D", ["handover_text_defused"], "= ?utf-8?q?Invoice=0ABcc:=20" + EVIL + "?="),
    # A keyword with HTML references for a line break and an at sign.
    "keywords-reference": ("mailto:a@example.org?subject=hi&keywords=x%26NewLine%3BBcc%3A%20boss%26commat%3Bevil.example",
                           ["handover_text_defused"], None),
    # Plain names past mutt's 1,024-byte mailbox: handed over without them.
    "long-names": ("mailto:?to=" + pct('"' + long_name(1004) + '" <payroll@acme.community>') + "&bcc="
                   + pct('"' + long_name(1649) + '" <spy@acme.community>'), ["handover_name_taken_off"], None),
    # Roundcube reads this name as "boss@evil.example, y".
    "reference-name": ("mailto:?to=" + pct('"boss&#64evil&#46example&#44 y" <c@example.org>'),
                       ["handover_name_taken_off"], None),
}


def decode_words(s: str) -> str:
    def one(m):
        try:
            parts = email.header.decode_header(m.group(0))
            return "".join(b.decode(c or "ascii", "replace") if isinstance(b, bytes) else b for b, c in parts)
        except Exception:  # a word no decoder takes stays as it is
            return m.group(0)
    return re.sub(r"=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=", one, s)


def worst(s: str) -> str:
    for _ in range(16):
        t = decode_words(html.unescape(urllib.parse.unquote(s)))
        if t == s:
            break
        s = t
    return s


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)


tmp, home, env = private_home()
bindir = os.path.join(tmp, "bin")
os.makedirs(bindir)
recorder = os.path.join(bindir, "recorder")
write_recorder(recorder)
# Every program mailtokit knows and every hosted webmail, as the program lists them (its first
# program name is the one it starts directly, so that is the stand-in).
KNOWN = json.loads(subprocess.run([PROG, "targets", "--json"], env=env, capture_output=True, text=True,
                                  check=True).stdout)
PROGRAMS = tuple(c["programs"][0] for c in KNOWN["programs"]) + ("fake-term", "xdg-open")
for name in PROGRAMS:
    shutil.copy(recorder, os.path.join(bindir, name))
env["PATH"] = bindir + os.pathsep + env["PATH"]
env["TERMINAL"] = "fake-term"
standin_browser(env, recorder)
write_config(env["XDG_CONFIG_HOME"], "notify = no\n")

TARGETS = tuple(c["name"] for c in KNOWN["programs"]) + tuple(w["name"] for w in KNOWN["webmails"]
                                                             if w["kind"] == "hosted")
check(len(PROGRAMS) >= 13 and len(TARGETS) >= 20, f"targets --json lists too few: {PROGRAMS} {TARGETS}")


def run(args):
    return subprocess.run([PROG, *args], env=env, cwd=tmp, capture_output=True, text=True)


def held_to(link_id: str, where: str, texts) -> None:
    texts = list(texts)
    shown = LINKS[link_id][2]
    if shown is not None:
        check(any(shown in worst(t) for t in texts), f"{link_id}: {where} does not hold {shown!r} as shown: {texts!r}"[:400])
    for text in texts:
        seen = worst(text)
        if shown is None:
            check(EVIL not in seen.lower(), f"{link_id}: {where} reads {EVIL} out of {text[:200]!r}")
        check("\n" not in seen and "\r" not in seen, f"{link_id}: {where} reads a line break out of {text[:200]!r}")
        for name_size in (1004, 1649):
            check(long_name(name_size)[:300] not in seen, f"{link_id}: {where} is given a {name_size}-byte name")
        for m in re.finditer(r"([^,<>]*)<[^<>@]+@[^<>]+>", seen):
            check(len(m.group(0).strip().encode()) <= MAILBOX_LIMIT,
                  f"{link_id}: {where} is given a mailbox of {len(m.group(0).encode())} bytes")


for link_id, (link, codes, _shown) in LINKS.items():
    # What the user is told: preview's findings, inspect's listing, preview's text.
    p = run(["preview", "--format", "json", link])
    check(p.returncode == 0, f"{link_id}: preview exit {p.returncode}: {p.stderr}")
    found = {f["code"] for f in json.loads(p.stdout).get("findings", [])} if p.returncode == 0 else set()
    for code in codes:
        check(code in found, f"{link_id}: preview --format json has no {code} ({sorted(found)})")
        check(code in run(["inspect", link]).stdout, f"{link_id}: inspect does not say {code}")
        check(code in run(["preview", link]).stdout, f"{link_id}: preview does not say {code}")
    # What each target is given.
    for target in TARGETS:
        r = run(["open", "--dry-run", "--target", target, link])
        check(r.returncode == 0, f"{link_id}: --target {target} --dry-run exit {r.returncode}: {r.stderr}")
        if r.returncode != 0:
            continue
        # What the program is given on its command line (the files it is given are checked below).
        given = {k: v for k, v in json.loads(r.stdout).items() if k != "files"}
        held_to(link_id, target, strings(given))
        check("mailtokit" in r.stderr, f"{link_id}: --target {target} says nothing of its changes: {r.stderr!r}")
    # For real, through the custom command: the recorder's argv.
    record = env["MAILTOKIT_TEST_RECORD"]
    if os.path.exists(record):
        os.remove(record)
    write_config(env["XDG_CONFIG_HOME"], f'target = custom\ncommand = "{recorder}" %u\nnotify = no\n')
    r = run(["open", "--wait", link])
    check(r.returncode == 0 and os.path.exists(record), f"{link_id}: custom: exit {r.returncode}: {r.stderr}")
    if os.path.exists(record):
        held_to(link_id, "custom", read(record)[1:])
    write_config(env["XDG_CONFIG_HOME"], "notify = no\n")

# The eml draft file, opened through xdg-open (a stand-in): its fields read by Python's email.
for link_id, (link, _codes, _shown) in LINKS.items():
    record = env["MAILTOKIT_TEST_RECORD"]
    if os.path.exists(record):
        os.remove(record)
    r = run(["open", "--wait", "--target", "eml", link])
    argv = read(record) if os.path.exists(record) else []
    check(r.returncode == 0 and len(argv) == 2 and os.path.isfile(argv[-1]),
          f"{link_id}: eml: exit {r.returncode}, argv {argv!r}: {r.stderr}")
    if len(argv) == 2 and os.path.isfile(argv[-1]):
        with open(argv[-1], "rb") as f:
            msg = email.message_from_bytes(f.read(), policy=email.policy.default)
        held_to(link_id, "eml", [str(msg.get(h, "")) for h in ("To", "Cc", "Bcc", "Subject", "Keywords")])
checks.finish()
