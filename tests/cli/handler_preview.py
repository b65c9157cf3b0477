#!/usr/bin/env python3
"""`mailtokit preview` on the issue's cases: a homograph domain, bidi controls, hidden recipients.

Usage: handler_preview.py /path/to/mailtokit. JSON output is read with Python's json module, the
eml output with its email package; the text output must never contain a bidi control or an
invisible character except the isolates around values.
"""
import email
import email.policy
import json
import os
import subprocess
import sys
import tempfile

from harness.checks import Checks  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
checks = Checks("handler_preview")
check = checks.check


tmp = tempfile.mkdtemp()
env = {k: v for k, v in os.environ.items() if not k.startswith("XDG_") and k != "MAILTOKIT_CONFIG"}
env["HOME"] = tmp


def preview(link, fmt=None):
    args = [PROG, "preview", link] + (["--format", fmt] if fmt else [])
    p = subprocess.run(args, env=env, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def codes(link):
    rc, out, err = preview(link, "json")
    check(rc == 0, f"{link}: exit {rc}: {err}")
    j = json.loads(out)
    return [f["code"] for f in j["findings"]], j


# The homograph: admin@ with a Cyrillic a in apple.com.
c, j = codes("mailto:admin@%D0%B0pple.com")
check(c == ["mixed_script", "confusable"], f"homograph: {c}")
check(j["to"][0]["ascii"] == "admin@xn--pple-43d.com", f"homograph ASCII form: {j['to'][0]}")
check('"apple.com"' in j["findings"][1]["message"], j["findings"][1]["message"])
rc, text, _ = preview("mailto:admin@%D0%B0pple.com")
check("ASCII form: admin@xn--pple-43d.com" in text and "[confusable] to[0]" in text, text)

# Bidi: an override in the subject, a mixed-direction local part.
c, j = codes("mailto:a@example.com?subject=invoice%E2%80%AEfdp.exe")
check(c == ["bidi_control"], f"bidi: {c}")
check(j["subject"] == "invoice\u202efdp.exe", j["subject"])
rc, text, _ = preview("mailto:a@example.com?subject=invoice%E2%80%AEfdp.exe")
check("invoice<U+202E>fdp.exe" in text, text)
stripped = text.replace("\u2066", "").replace("\u2068", "").replace("\u2069", "")
for ch in ("\u202e", "\u202d", "\u200e", "\u200f", "\u200b", "\u2067"):
    check(ch not in stripped, f"raw U+{ord(ch):04X} in the text preview")
for line in text.splitlines():
    if "invoice" in line:
        check(line.count("\u2068") == line.count("\u2069") == 1, f"value not isolated: {line!r}")
c, _ = codes("mailto:%D7%90a@example.com")
check(c == ["mixed_direction", "non_ascii_local_part"], f"mixed direction: {c}")

# Hidden recipients.
c, j = codes("mailto:a@example.com?bcc=spy@example.net,other@example.org")
check(c == ["hidden_recipients"], f"bcc: {c}")
check([b["address"] for b in j["bcc"]] == ["spy@example.net", "other@example.org"], j["bcc"])
rc, text, _ = preview("mailto:a@example.com?bcc=spy@example.net")
check("HIDDEN recipient" in text and "[hidden_recipients] bcc:" in text, text)

# Dropped fields are listed with their reason; the eml form parses.
rc, text, _ = preview("mailto:a@example.com?attach=/etc/passwd&subject=Hi")
check("Dropped from the link:" in text and "attach = " in text, text)
rc, eml, err = preview("mailto:a@example.com?subject=Caf%C3%A9&body=x%0D%0Ay&attach=/etc/passwd", "eml")
check(rc == 0, f"eml: {err}")
msg = email.message_from_string(eml, policy=email.policy.default)
check(msg["To"] == "a@example.com" and msg["Subject"] == "Café", f"eml headers: {dict(msg.items())}")
check(msg.get_content().replace("\r\n", "\n").rstrip("\n") == "x\ny", repr(msg.get_content()))

# Refusals, as for open.
for link, code in (("", 64), ("-x", 64), ("http://example.com", 65)):
    rc, out, err = preview(link)
    check(rc == code and "error:" in err, f"preview {link!r}: exit {rc} {err!r}")
p = subprocess.run([PROG, "preview", "--strict", "--format", "json", "mailto:a@b.c?subject=%G1"], env=env,
                   capture_output=True, text=True)
check(p.returncode == 65 and json.loads(p.stdout)["ok"] is False, p.stdout)
rc, out, _ = preview("mailto:a@b.c?subject=%G1", "json")
check(rc == 0 and json.loads(out)["subject"] == "%G1" and json.loads(out)["warnings"][0]["code"] == "percent_literal", out)

# --keep takes one name per use (the link after it stays the link); file access is never kept.
p = subprocess.run([PROG, "preview", "--format", "json", "--keep", "list-id", "mailto:a@b.c?list-id=x&attach=y"],
                   env=env, capture_output=True, text=True)
check(p.returncode == 0 and json.loads(p.stdout)["headers"] == [{"name": "List-Id", "value": "x"}], p.stdout + p.stderr)
p = subprocess.run([PROG, "preview", "--keep", "attach", "mailto:a@b.c?attach=y"], env=env, capture_output=True, text=True)
check(p.returncode == 64 and "refused" in p.stderr, p.stderr)

# A harmless link has no warnings.
c, _ = codes("mailto:someone@b%C3%BCcher.example?subject=Hello")
check(c == [], f"harmless: {c}")

checks.finish()
