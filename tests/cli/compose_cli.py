#!/usr/bin/env python3
"""`mailtokit compose`: exact bytes for the mailto spec's example, the file it writes (atomic,
mode 0600), warnings, exit codes (65 bad input, 73 file not writable), and drafts that Python's
email package (policy=email.policy.default) reads back as the URI meant.
Usage: compose_cli.py PATH_TO_MAILTOKIT"""
import email
import email.policy
import os
import stat
import subprocess
import sys
import tempfile

from harness.checks import Checks  # noqa: E402

PROG = sys.argv[1]
FIXED = ["--date", "Sun, 22 Nov 2026 10:00:00 +0000", "--message-id", "<1@example.net>"]
checks = Checks("compose_cli", show_passed=True)
check = checks.check


def run(*args):
    p = subprocess.run([PROG, "compose", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def parse(raw):
    return email.message_from_bytes(raw, policy=email.policy.default)


# The mailto spec section 7.2 example, byte for byte (written from the spec, not from our output).
rc, out, err = run("mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9", *FIXED)
check(rc == 0 and err == "", "spec example exits 0 quietly")
check(out == (b"Date: Sun, 22 Nov 2026 10:00:00 +0000\r\n"
              b"To: user@example.org\r\n"
              b"Subject: =?utf-8?Q?caf=C3=A9?=\r\n"
              b"Message-ID: <1@example.net>\r\n"
              b"MIME-Version: 1.0\r\n"
              b"Content-Type: text/plain; charset=utf-8\r\n"
              b"Content-Transfer-Encoding: quoted-printable\r\n"
              b"X-Unsent: 1\r\n"
              b"\r\n"
              b"caf=C3=A9"), "spec example bytes")

rc, out, err = run("mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO", *FIXED, "--no-unsent")
check(rc == 0 and b"To: user@xn--99zt52a.example.org\r\n" in out and b"X-Unsent" not in out
      and out.endswith(b"Content-Transfer-Encoding: 7bit\r\n\r\nNATTO"), "IDN example: A-labels, 7bit, --no-unsent")

# Defaults: a Date and a random Message-ID at mailtokit.invalid without --from.
rc, out, err = run("mailto:a@example.org")
m = parse(out)
check(rc == 0 and m["date"] is not None and str(m["message-id"]).endswith("@mailtokit.invalid>"),
      "default Date and Message-ID")

# --from: the From field and the Message-ID domain (A-label).
rc, out, err = run("mailto:a@example.org", "--from", "Jane M\u00fcller <jane@b\u00fccher.example>")
m = parse(out)
check(rc == 0 and m["from"].addresses[0].display_name == "Jane M\u00fcller"
      and m["from"].addresses[0].addr_spec == "jane@xn--bcher-kva.example"
      and str(m["message-id"]).endswith("@xn--bcher-kva.example>"), "--from sets From and the Message-ID domain")
rc, out, err = run("mailto:a@example.org", "--from", "not an address")
check(rc == 65 and "error:" in err and out == b"", "--from that is not an address: exit 65")

# What the policy dropped goes to stderr; the draft is still written.
rc, out, err = run("mailto:a@example.org?subject=hi&attach=%2Fetc%2Fpasswd&X-Evil=1")
check(rc == 0 and "warning: dropped header field 'attach'" in err and "warning: dropped header field 'x-evil'" in err.lower(),
      "dropped fields are warnings on stderr")
names = [k for k, _ in parse(out).items()]
check("attach" not in [n.lower() for n in names] and "x-evil" not in [n.lower() for n in names],
      "dropped fields are not in the draft")

# Header injection through the URI, raw and hidden in an encoded word: never an extra field.
for uri in ("mailto:a@example.org?subject=hi%0D%0ABcc:%20evil@example.org&body=x",
            "mailto:a@example.org?subject=%3D%3Futf-8%3FQ%3Fhi%3D0D%3D0ABcc%3A_evil%40example.org%3F%3D&body=x",
            "mailto:a@example.org?subject=x%0D%0A%0D%0Ainjected%20body&body=x"):
    rc, out, err = run(uri, *FIXED)
    m = parse(out)
    names = [k for k, _ in m.items()]
    check(rc == 0 and names == ["Date", "To", "Subject", "Message-ID", "MIME-Version", "Content-Type",
                                "Content-Transfer-Encoding", "X-Unsent"] and m.get_content() == "x"
          and "\r" not in str(m["subject"]) and "\n" not in str(m["subject"]), "no injected field or body: " + uri)

# Bad input: exit 65 (a broken escape only with --strict: by default it is a literal '%').
for bad in (("http://example.org/",), ("mailto:a@example.org?subject=%ZZ", "--strict"), ("",)):
    rc, out, err = run(*bad)
    check(rc == 65 and out == b"" and err.startswith("error: "), "bad input exits 65: %r" % (bad,))
rc, out, err = run("mailto:a@example.org?subject=%ZZ", *FIXED)
check(rc == 0 and b"Subject: %ZZ\r\n" in out and "warning: percent_literal" in err, "a lone '%' is read literally, with a warning")

# An invalid address is written as text (an empty group's display name); --strict refuses it.
rc, out, err = run("mailto:somename?cc=b@example.org", *FIXED)
check(rc == 0 and b"To: somename : ;\r\n" in out and "warning: address_as_text" in err, "an invalid address becomes text")
rc, out, err = run("mailto:somename?cc=b@example.org", "--strict", *FIXED)
check(rc == 65 and "invalid_address" in err, "--strict refuses an invalid address")

# SMTPUTF8: an RFC 6532 draft (raw UTF-8 header fields) with a warning; --ascii-only and --strict
# refuse it unless --smtputf8 is given.
utf8_link = "mailto:j%C3%B6rg@example.org?subject=gr%C3%BC%C3%9Fe"
for opts in ((), ("--smtputf8",)):
    rc, out, err = run(utf8_link, *opts, *FIXED)
    check(rc == 0 and "To: j\u00f6rg@example.org\r\n".encode() in out and "Subject: gr\u00fc\u00dfe\r\n".encode() in out
          and "warning: smtputf8_needed" in err, "RFC 6532 UTF-8 header fields %r" % (opts,))
for opts in (("--ascii-only",), ("--strict",)):
    rc, out, err = run(utf8_link, *opts)
    check(rc == 65 and "needs_smtputf8" in err, "non-ASCII local part refused with %r (exit 65)" % (opts,))
    rc, out, err = run(utf8_link, *opts, "--smtputf8", *FIXED)
    check(rc == 0, "%r --smtputf8 composes" % (opts,))

# -o FILE: atomic, mode 0600, same bytes as stdout, replaces an existing file, no temporary left.
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "draft.eml")
    with open(path, "w") as f:
        f.write("old")
    os.chmod(path, 0o644)
    rc, out, err = run("mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9", *FIXED, "-o", path)
    rc2, out2, _ = run("mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9", *FIXED)
    with open(path, "rb") as f:
        data = f.read()
    check(rc == 0 and out == b"" and data == out2, "-o writes the same bytes as stdout")
    check(stat.S_IMODE(os.stat(path).st_mode) == 0o600, "-o file has mode 0600")
    check(os.listdir(d) == ["draft.eml"], "no temporary file left behind")
    rc, out, err = run("mailto:a@example.org", "-o", os.path.join(d, "missing", "x.eml"))
    check(rc == 73 and "error:" in err, "-o in a missing directory: exit 73")
    rc, out, err = run("mailto:a@example.org", "-o", d)
    check(rc == 73, "-o naming a directory: exit 73")
    rc, out, err = run("mailto:a@example.org", "-o", "-")
    check(rc == 0 and out.startswith(b"Date: "), "-o - is stdout")

checks.finish()
