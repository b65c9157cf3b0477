#!/usr/bin/env python3
"""Program tests of `mailtokit inspect` and `mailtokit build` (RFC 6068).

Runs the real program ($1) on the vector tables in $MAILTOKIT_TEST_DATA, reads its JSON with
Python's json module, and checks built URIs with Python's urllib.parse as an independent
decoder. Exit status 0 when every check passes.
"""
import json
import os
import re
import subprocess
import sys
import urllib.parse

from tsv import unescape  # noqa: E402
from harness.checks import Checks  # noqa: E402

PROG = sys.argv[1]
DATA = os.environ.get("MAILTOKIT_TEST_DATA", os.path.join(os.path.dirname(__file__), "..", "data"))
checks = Checks("mailto_cli")
fail = checks.fail


def load(name):
    rows = []
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n").rstrip("\r")
            if not line or line.startswith("#"):
                continue
            rows.append((n, [unescape(c) for c in line.split("\t")]))
    return rows


def run(*args):
    return subprocess.run([PROG, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)


def inspect(uri, *opts):
    p = run("inspect", "--json", *opts, uri)
    try:
        return p.returncode, json.loads(p.stdout.decode("utf-8"))
    except ValueError as e:
        fail(f"inspect output is not JSON for {uri!r}: {e}: {p.stdout!r} {p.stderr!r}")
        return p.returncode, None


def split(b, sep=" | "):
    s = b.decode("utf-8")
    return s.split(sep) if s else []


def opt(b):
    s = b.decode("utf-8")
    return None if s == "(none)" else s


SCHEMA = ["ok", "error", "to", "cc", "bcc", "subject", "body", "headers", "dropped", "warnings", "from"]
CONTROL = re.compile("[\x00-\x1f\x7f\x80-\x9f\u2028\u2029]")


def check_schema(where, j):
    if list(j.keys()) != SCHEMA:
        fail(f"{where}: keys {list(j.keys())}")
    for a in j["to"] + j["cc"] + j["bcc"]:
        if set(a.keys()) != {"address", "ascii", "valid", "display_name", "smtputf8"}:
            fail(f"{where}: address keys {a.keys()}")


def check_error(where, rc, j, want):
    _, code, offset = want.decode().split(" ")
    if rc != 65 or j is None or j["ok"] is not False:
        fail(f"{where}: want exit 65 and ok=false, got {rc} {j}")
        return
    if j["error"]["code"] != code or j["error"]["offset"] != int(offset):
        fail(f"{where}: want {code} {offset}, got {j['error']}")


# --- RFC 6068 examples through the program ---
for n, row in load("rfc6068_examples.tsv"):
    uri = row[0]
    where = f"rfc6068_examples.tsv:{n}"
    # The RFC's reading is --strict's; by default a row reads the same or discloses a repair.
    rc, j = inspect(uri, "--strict")
    if j is None:
        continue
    check_schema(where, j)
    lrc, lj = inspect(uri)
    if lj is not None and lrc == 0 and not lj["warnings"] and (lj["to"], lj["body"]) != (j["to"], j["body"]):
        fail(f"{where}: default reading differs without a warning: {lj}")
    if row[1] != b"ok":
        check_error(where, rc, j, row[1])
        continue
    if rc != 0 or not j["ok"]:
        fail(f"{where}: exit {rc}: {j}")
        continue
    for key, col in (("to", 2), ("cc", 3), ("bcc", 4)):
        got = [a["address"] for a in j[key]]
        if got != split(row[col]):
            fail(f"{where}: {key} {got} != {split(row[col])}")
    if j["subject"] != opt(row[5]):
        fail(f"{where}: subject {j['subject']!r}")
    if j["body"] != opt(row[6]):
        fail(f"{where}: body {j['body']!r}")
    if [f"{h['name']}: {h['value']}" for h in j["headers"]] != split(row[7]):
        fail(f"{where}: headers {j['headers']}")
    if [d["name"] for d in j["dropped"]] != split(row[8]):
        fail(f"{where}: dropped {j['dropped']}")
    if [a["ascii"] if a["ascii"] is not None else "null" for a in j["to"]] != split(row[9]):
        fail(f"{where}: ascii {[a['ascii'] for a in j['to']]}")
    if j["warnings"]:
        fail(f"{where}: unexpected warnings {j['warnings']}")

# --- hostile inputs through the program ---
for n, row in load("hostile_inputs.tsv"):
    uri = row[0]
    where = f"hostile_inputs.tsv:{n}"
    if b"\0" in uri:
        continue  # a NUL cannot be passed in argv; policy_test covers the row
    rc, j = inspect(uri)
    if j is None:
        continue
    check_schema(where, j)
    if row[1] != b"ok":
        # Today's refusals hold under --strict; by default the link is refused the same way or
        # read with its repairs disclosed (the checks below then apply to it as to any row).
        src, sj = inspect(uri, "--strict")
        if sj is not None:
            check_error(where + " --strict", src, sj, row[1])
        if rc != 0 or not j["warnings"]:
            check_error(where, rc, j, row[1])
            continue
    if rc != 0:
        fail(f"{where}: exit {rc}")
        continue
    values = [j["subject"] or ""] + [h["value"] for h in j["headers"]]
    values += [a["address"] for k in ("to", "cc", "bcc") for a in j[k]]
    values += [a["display_name"] or "" for k in ("to", "cc", "bcc") for a in j[k]]
    for v in values:
        if CONTROL.search(v):
            fail(f"{where}: control character kept in {v!r}")
    for h in j["headers"]:
        if h["name"] not in ("In-Reply-To", "Keywords", "References"):
            fail(f"{where}: header {h['name']} kept")
    if j["body"] is not None and re.search("\r(?!\n)|(?<!\r)\n|[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f]", j["body"]):
        fail(f"{where}: body {j['body']!r}")
    want = split(row[2])
    if len(want) != len(j["dropped"]):
        fail(f"{where}: dropped {j['dropped']}")
    else:
        for w, d in zip(want, j["dropped"]):
            name, word = w.split("~", 1)
            if d["name"] != name or word not in d["reason"]:
                fail(f"{where}: dropped {d} does not match {w}")
    codes = {w["code"] for w in j["warnings"]}
    for code in split(row[3]):
        if code not in codes:
            fail(f"{where}: warning {code} missing from {codes}")
    subject = row[4].decode()
    if subject != "*" and j["subject"] != (None if subject == "(none)" else subject):
        fail(f"{where}: subject {j['subject']!r} != {subject!r}")

# --- build: RFC 6068 URIs, checked by urllib.parse as an independent decoder ---


def python_decode(uri):
    """Split a mailto URI the way RFC 6068 section 2 says, decoding with urllib (not ours)."""
    assert uri.startswith("mailto:")
    rest = uri[len("mailto:"):]
    path, _, query = rest.partition("?")
    to = [urllib.parse.unquote(a, errors="strict") for a in path.split(",")] if path else []
    fields = []
    if query:
        for pair in query.split("&"):
            name, _, value = pair.partition("=")
            fields.append((urllib.parse.unquote(name).lower(), urllib.parse.unquote(value, errors="strict")))
    return to, fields


for n, row in load("rfc6068_build.tsv"):
    where = f"rfc6068_build.tsv:{n}"
    args = ["build"]
    for flag, col in (("--to", 0), ("--cc", 1), ("--bcc", 2)):
        for a in split(row[col]):
            args += [flag, a]
    if opt(row[3]) is not None:
        args += ["--subject", opt(row[3])]
    if opt(row[4]) is not None:
        args += ["--body", opt(row[4])]
    for h in split(row[5]):
        name, value = h.split(": ", 1)
        args += ["--" + name.lower(), value]
    form = row[6].decode()
    if form == "iri":
        args.append("--iri")
    elif form == "utf8_escaped":
        args.append("--utf8-escaped")
    if row[7] == b"1":
        args.append("--html")
    p = run(*args)
    got = p.stdout.decode("utf-8").rstrip("\n")
    if p.returncode != 0 or got != row[8].decode("utf-8"):
        fail(f"{where}: build gave {p.returncode} {got!r} {p.stderr!r}, want {row[8].decode()!r}")
        continue
    if row[7] == b"1":
        got = got.replace("&amp;", "&").replace("&#39;", "'")
    to, fields = python_decode(got)
    if form != "ascii" and to != split(row[0]):
        fail(f"{where}: urllib decodes the to part as {to}")
    decoded = dict(fields)
    if opt(row[3]) is not None and decoded.get("subject") != opt(row[3]):
        fail(f"{where}: urllib decodes subject as {decoded.get('subject')!r}")
    if opt(row[4]) is not None and decoded.get("body") != opt(row[4]):
        fail(f"{where}: urllib decodes body as {decoded.get('body')!r}")
    # And our own parser reads it back.
    rc, j = inspect(got)
    if j is None or rc != 0 or [a["address"] for a in j["to"]] != split(row[0]):
        fail(f"{where}: inspect of the built URI failed: {j}")
    elif j["subject"] != opt(row[3]) or j["body"] != opt(row[4]):
        fail(f"{where}: inspect of the built URI gave {j['subject']!r} {j['body']!r}")

# --- build -> inspect round trip on awkward values, urllib as the second reader ---
awkward = [
    ("a&b=c?d#e%f+g;h/i", "line 1\nline 2\r\n\ttabbed & 100% sure?"),
    ("caf\u00e9 \u7d0d\u8c46 \U0001F600", "\u05e9\u05dc\u05d5\u05dd"),
    ("=?utf-8?Q?looks_encoded?=", "=?utf-8?Q?stays?="),
]
for subject, body in awkward:
    for form in ([], ["--iri"], ["--utf8-escaped"]):
        p = run("build", "--to", "Joe Q. Public <joe@example.com>", "--cc", "\"not@me\"@example.org",
                "--subject", subject, "--body", body, *form)
        uri = p.stdout.decode().strip()
        if p.returncode != 0:
            fail(f"build {subject!r}: exit {p.returncode} {p.stderr!r}")
            continue
        if not form and not uri.isascii():
            fail(f"build {subject!r}: URI form is not ASCII: {uri}")
        rc, j = inspect(uri)
        if j is None or rc != 0:
            fail(f"round trip of {uri}: {rc} {j}")
            continue
        if j["subject"] != subject or j["body"] != body.replace("\r\n", "\n").replace("\n", "\r\n"):
            fail(f"round trip of {uri}: {j['subject']!r} {j['body']!r}")
        if [a["address"] for a in j["to"]] != ["joe@example.com"] or j["to"][0]["display_name"] != "Joe Q. Public":
            fail(f"round trip of {uri}: to {j['to']}")
        if [a["address"] for a in j["cc"]] != ['"not@me"@example.org']:
            fail(f"round trip of {uri}: cc {j['cc']}")
        if "=?" not in subject:
            _, fields = python_decode(uri)
            if dict(fields).get("subject") != subject:
                fail(f"urllib reads subject of {uri} as {dict(fields).get('subject')!r}")

# --- options and exit codes ---
rc, j = inspect("mailto:a@example.com?subject=caf%E9", "--strict-utf8")
if rc != 65 or j["error"]["code"] != "mailto_invalid_utf8" or j["error"]["offset"] != 32:
    fail(f"--strict-utf8: {rc} {j}")
rc, j = inspect("mailto:a@example.com?subject=caf%E9", "--charset", "iso-8859-1")
if rc != 0 or j["subject"] != "caf\u00e9" or "legacy_charset_decoded" not in {w["code"] for w in j["warnings"]}:
    fail(f"--charset: {rc} {j}")
rc, j = inspect("mailto:a@example.com?subject=caf%E9")
if rc != 0 or j["subject"] != "caf\ufffd":
    fail(f"default replacement: {rc} {j}")
for name in ("attach", "Attachment", "from", "content-type"):
    p = run("inspect", "--keep", name, "mailto:a@example.com")
    if p.returncode != 64 or b"refused" not in p.stderr:
        fail(f"--keep {name}: {p.returncode} {p.stderr!r}")
rc, j = inspect("mailto:a@example.com?x-campaign=fall&cc=b@example.com", "--keep", "x-campaign", "--drop", "cc")
if rc != 0 or j["headers"] != [{"name": "X-Campaign", "value": "fall"}] or j["cc"] or j["dropped"][0]["name"] != "cc":
    fail(f"--keep/--drop: {rc} {j}")
for flag, uri, code in (("--max-hfields", "mailto:?a=1&b=2", "too_many_hfields"),
                        ("--max-recipients", "mailto:a@x.example,b@x.example", "too_many_recipients"),
                        ("--max-input", "mailto:a@example.com", "input_too_long")):
    rc, j = inspect(uri, flag, "1")
    if rc != 65 or j["error"]["code"] != code:
        fail(f"{flag}: {rc} {j}")
p = run("inspect", "--strict-utf8", "--charset", "latin1", "mailto:a@example.com")
if p.returncode != 64:
    fail(f"--strict-utf8 with --charset: {p.returncode}")
p = run("inspect", "--charset", "no-such-charset", "mailto:a@example.com")
if p.returncode != 64:
    fail(f"unknown --charset: {p.returncode}")
p = run("inspect", "--strict", "mailto:joe@example.com?cc=bob@example.com?body=hello")
if p.returncode != 65 or b"mailto_second_question: the link at byte 41" not in p.stderr:
    fail(f"readable error: {p.returncode} {p.stderr!r}")
p = run("build", "--subject", "a\nBcc: x@example.com")
if p.returncode != 65 or b"header_injection" not in p.stderr:
    fail(f"build refuses a line break in the subject: {p.returncode} {p.stderr!r}")
p = run("build", "--to", "not an address")
if p.returncode != 65:
    fail(f"build refuses an invalid address: {p.returncode}")
p = run("build", "--iri", "--utf8-escaped", "--to", "a@example.com")
if p.returncode != 64:
    fail(f"--iri with --utf8-escaped: {p.returncode}")

# The readable listing never sends a control character or bidi control to the terminal.
p = run("inspect", "mailto:a@example.com?subject=%1B%5B31mred%E2%80%AE&body=x%1B%5D0;t%07y&x-evil=%1B%5B2J&cc=%E2%80%AEx@example.com")
text = p.stdout.decode("utf-8")
if p.returncode != 0 or re.search("[\x00-\x09\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]", text):
    fail(f"readable listing leaks control characters: {text!r}")
for want in ("To:", "Subject:", "Body:", "Dropped:", "Warnings:", "x-evil"):
    if want not in text:
        fail(f"readable listing lacks {want!r}: {text}")

checks.finish()
