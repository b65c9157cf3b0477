#!/usr/bin/env python3
"""Attachments read back by GMime 3 and Python's email package (tests/oracle/README.md).

attach_driver composes drafts with files and writes, next to each message, the inputs: the body,
each file's name and type (attach-N.json) and bytes (attach-N.K.bin). Both readers must give back
every file byte for byte, with its exact name (RFC 2231 decoded) and type, the body text, and
no parser defect; every line ends in CRLF and none is over 78 octets.
Usage: attach_oracles.py --driver BIN --gmime BIN --work DIR"""
import argparse
import email
import email.policy
import json
import os
import pathlib
import shutil
import subprocess
import sys

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def python_reader(eml):
    msg = email.message_from_bytes(eml.read_bytes(), policy=email.policy.default)
    check(msg.get_content_type() == "multipart/mixed", f"{eml.name}: Python: not multipart/mixed")
    defects = list(msg.defects) + [d for part in msg.walk() for d in part.defects]
    check(not defects, f"{eml.name}: Python defects {defects}")
    parts = [p for p in msg.walk() if not p.is_multipart()]
    body = parts[0].get_content() if parts else None
    files = []
    for p in parts[1:]:
        check(p.get_content_disposition() == "attachment", f"{eml.name}: Python: disposition {p.get_content_disposition()}")
        files.append({"name": p.get_filename() or "", "type": p.get_content_type(), "data": p.get_payload(decode=True)})
    return body, files


def gmime_reader(gmime, eml, prefix):
    out = subprocess.run([gmime, str(eml), str(prefix)], capture_output=True, check=False)
    check(out.returncode == 0, f"{eml.name}: GMime exit {out.returncode} {out.stderr!r}")
    lines = out.stdout.decode("utf-8").splitlines()
    files = []
    body = None
    for k, line in enumerate(lines):
        disposition, ctype, name = line.split("\t")
        data = pathlib.Path(f"{prefix}.{k}.bin").read_bytes()
        if k == 0:
            check(disposition == "-", f"{eml.name}: GMime: the text part has disposition {disposition}")
            body = data
            continue
        check(disposition == "attachment", f"{eml.name}: GMime: part {k} disposition {disposition}")
        files.append({"name": "" if name == "-" else name, "type": ctype, "data": data})
    return body, files


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("--gmime", required=True)
    ap.add_argument("--work", required=True)
    args = ap.parse_args()
    work = pathlib.Path(args.work)
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    bases = subprocess.run([args.driver, str(work)], capture_output=True, text=True, check=True).stdout.split()
    check(len(bases) >= 4, f"driver wrote {len(bases)} cases")
    for base in bases:
        eml = pathlib.Path(base + ".eml")
        manifest = json.loads(pathlib.Path(base + ".json").read_text(encoding="utf-8"))
        want = [dict(f, data=pathlib.Path(f"{base}.{k}.bin").read_bytes()) for k, f in enumerate(manifest["files"])]
        raw = eml.read_bytes()
        lines = raw.split(b"\r\n")
        check(b"\n" not in raw.replace(b"\r\n", b"") and b"\r" not in raw.replace(b"\r\n", b""), f"{eml.name}: bare CR or LF")
        check(all(len(l) <= 78 for l in lines), f"{eml.name}: a line over 78 octets")

        body, files = python_reader(eml)
        check(body == manifest["body"], f"{eml.name}: Python body {body!r}")
        check(len(files) == len(want), f"{eml.name}: Python found {len(files)} files, want {len(want)}")
        for got, exp in zip(files, want):
            check(got["name"] == exp["name"], f"{eml.name}: Python name {got['name']!r} != {exp['name']!r}")
            check(got["type"] == exp["type"], f"{eml.name}: Python type {got['type']!r} != {exp['type']!r}")
            check(got["data"] == exp["data"], f"{eml.name}: Python bytes of {exp['name']!r} differ")

        gbody, gfiles = gmime_reader(args.gmime, eml, work / (eml.stem + ".gmime"))
        check(gbody == manifest["body"].encode("utf-8"), f"{eml.name}: GMime body {gbody!r}")
        check(len(gfiles) == len(want), f"{eml.name}: GMime found {len(gfiles)} files, want {len(want)}")
        for got, exp in zip(gfiles, want):
            check(got["name"] == exp["name"], f"{eml.name}: GMime name {got['name']!r} != {exp['name']!r}")
            check(got["type"] == exp["type"], f"{eml.name}: GMime type {got['type']!r} != {exp['type']!r}")
            check(got["data"] == exp["data"], f"{eml.name}: GMime bytes of {exp['name']!r} differ")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(bases)} messages, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
