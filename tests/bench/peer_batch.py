#!/usr/bin/env python3
"""The Python pipeline a user would write instead of `mailtokit batch --json`, as a process.

One mailto: link per line on stdin, one JSON object per line on stdout, as `batch --json` does,
with the standard library and the `idna` package (python3-idna, IDNA 2008 + UTS #46), per line:
  - urllib.parse.urlsplit, the scheme checked, the path and every query parameter split on '&' and
    '=' and decoded with urllib.parse.unquote (strict UTF-8, no '+' as space: RFC 6068 section 2);
  - an allowlist of fields (to, cc, bcc, subject, body, keywords, in-reply-to, references), any
    other field dropped and listed with a reason;
  - the path and to/cc/bcc split on ',' into "Name <address>" or a bare address, display names and
    the subject through email.header.decode_header + make_header (RFC 2047), a line break in a
    header value refused;
  - each non-ASCII domain through idna.encode (uts46=True), its A-label kept;
  - json.dumps of the result ({"ok","error","to","cc","bcc","subject","body","headers","dropped"}),
    written through a buffered stdout; a link that raises becomes {"ok": false, "error": ...}.
Nothing is cached between lines. bench_batch.py runs it and `mailtokit batch --json` on the same
file, alternated, and compares their CPU time.
usage: peer_batch.py < links.txt > out.jsonl
"""
import json
import sys
from email.header import decode_header, make_header
from urllib.parse import unquote, urlsplit

import idna

KEPT = {"subject", "body", "keywords", "in-reply-to", "references"}
RCPT = {"to", "cc", "bcc"}


def words(text):
    """RFC 2047 encoded words decoded; plain text as it is."""
    if "=?" not in text:
        return text
    return str(make_header(decode_header(text)))


def addresses(text):
    out = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        name, lt, rest = item.rpartition("<")
        if lt:
            addr, name = rest.rstrip(">").strip(), name.strip().strip('"')
        else:
            addr, name = item, ""
        local, at, domain = addr.rpartition("@")
        ascii_addr = addr
        if at and not domain.isascii():
            ascii_addr = local + "@" + idna.encode(domain, uts46=True).decode("ascii")
        out.append({"address": addr, "ascii": ascii_addr if ascii_addr.isascii() else None,
                    "valid": bool(at and local and domain),
                    "display_name": words(name) if name else None})
    return out


def draft(link):
    parts = urlsplit(link.strip())
    if parts.scheme.lower() != "mailto":
        raise ValueError("not a mailto URI")
    d = {"ok": True, "error": None, "to": [], "cc": [], "bcc": [], "subject": None, "body": None,
         "headers": [], "dropped": []}
    if parts.path:
        d["to"] += addresses(unquote(parts.path, errors="strict"))
    if parts.query:
        for pair in parts.query.split("&"):
            if not pair:
                continue
            name, sep, value = pair.partition("=")
            name = unquote(name, errors="strict").lower()
            value = unquote(value, errors="strict")
            if name != "body" and ("\r" in value or "\n" in value):
                raise ValueError("line break in a header field")
            if name in RCPT:
                d[name] += addresses(value)
            elif name == "subject":
                d["subject"] = words(value)
            elif name == "body":
                d["body"] = value
            elif name in KEPT:
                d["headers"].append({"name": name, "value": value})
            else:
                d["dropped"].append({"name": name, "value": value, "reason": "not allowed"})
    return d


def main():
    out = sys.stdout
    for line in sys.stdin.buffer:
        try:
            result = draft(line.decode("utf-8").rstrip("\r\n"))
        except Exception as e:  # noqa: BLE001 - errors are data, as in batch
            result = {"ok": False, "error": {"message": str(e)}, "to": [], "cc": [], "bcc": [],
                      "subject": None, "body": None, "headers": [], "dropped": []}
        out.write(json.dumps(result, ensure_ascii=False))
        out.write("\n")


if __name__ == "__main__":
    main()
