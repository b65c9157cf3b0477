#!/usr/bin/env python3
"""`mailtokit use`: where drafts go, chosen without a text editor.

Usage: use_command.py /path/to/mailtokit

In a private HOME: `use` alone lists the choices (the webmails, the organization's webmails with
an example address, eml) and marks the current one; `use NAME [ADDRESS]` sets `target =` (and
`webmail =`) and keeps every other line and comment of the file, replacing the line that set the
key where it stood and removing a later one; what it set is what `status` then reports and what
`open --dry-run` opens. Bad input is refused with exit 64, naming the value and what to use
instead, and the file is left as it was: an unknown name (with the closest one), a hosted webmail
given an address, a self-hosted one without one, an address that is not https:, a template
without %s, `custom`. A program mailtokit knows that is not in PATH is set, with a note saying so.
A configuration file that cannot be read is not rewritten (exit 78).
"""
import json
import os
import subprocess
import sys

from harness.checks import Checks
from harness.desktop import private_home

PROG = os.path.realpath(sys.argv[1])
checks = Checks("use_command")
check = checks.check
tmp, home, env = private_home()
env["LANGUAGE"] = env["LANG"] = env["LC_ALL"] = "C"
cfg = os.path.join(env["XDG_CONFIG_HOME"], "mailtokit", "config")
apps = os.path.join(env["XDG_DATA_HOME"], "applications")
os.makedirs(apps, exist_ok=True)
with open(os.path.join(apps, "standin-browser.desktop"), "w") as f:
    f.write("[Desktop Entry]\nType=Application\nName=Stand-in Browser\nExec=/bin/true %u\nMimeType=x-scheme-handler/https;\n")
with open(os.path.join(env["XDG_CONFIG_HOME"], "mimeapps.list"), "w") as f:
    f.write("[Default Applications]\nx-scheme-handler/https=standin-browser.desktop\n")


def run(*args):
    p = subprocess.run([PROG, *args], env=env, capture_output=True, text=True, cwd=tmp)
    return p.returncode, p.stdout, p.stderr


def text():
    return open(cfg).read() if os.path.exists(cfg) else None


# Alone: the choices.
rc, out, err = run("use")
check(rc == 0, f"use: exit {rc}: {err}")
for want in ("Webmail, in your browser:", "gmail", "office365", "roundcube ADDRESS", "webmail TEMPLATE",
             "https://mail.example.org/", "eml", "Choose with: mailtokit use NAME [ADDRESS]"):
    check(want in out, f"use lists {want!r}: {out}")

# A hosted webmail: no file before, one after, 0644, mailtokit not yet the handler (said).
rc, out, err = run("use", "gmail")
check(rc == 0 and "Mail links now go to Gmail (webmail)." in out, f"use gmail: {rc} {out} {err}")
check("mailtokit register" in out, f"use gmail says how to register: {out}")
check(text() == "target = gmail\n", f"config after use gmail: {text()!r}")
check(oct(os.stat(cfg).st_mode & 0o777) == "0o644", f"mode {oct(os.stat(cfg).st_mode)}")
rc, out, _ = run("use")
check("* gmail" in out, f"the current choice is marked: {out}")

# A program mailtokit knows but this PATH lacks: set, and said now rather than at the next click.
saved_path = env["PATH"]
env["PATH"] = os.path.join(tmp, "empty-bin")
rc, out, err = run("use", "sylpheed")
check(rc == 0 and "Note: Sylpheed is not installed here (sylpheed is not in PATH)" in out,
      f"use sylpheed without it in PATH says so: {rc} {out!r} {err!r}")
env["PATH"] = saved_path
run("use", "gmail")

# The organization's Roundcube: target and webmail set, comments and other keys kept, the earlier
# target line replaced where it stood, a later one removed; the mode of the file kept.
with open(cfg, "w") as f:
    f.write("# my settings\ntarget = thunderbird\nnotify = no\n\n# again\ntarget = kmail\nconfirm = always\n")
os.chmod(cfg, 0o600)
rc, out, err = run("use", "roundcube", "https://mail.example.org/")
check(rc == 0 and "Roundcube at https://mail.example.org/" in out, f"use roundcube: {rc} {out} {err}")
check(text() == "# my settings\ntarget = roundcube\nnotify = no\n\n# again\nconfirm = always\n"
      "webmail = https://mail.example.org/\n", f"config after use roundcube: {text()!r}")
check(oct(os.stat(cfg).st_mode & 0o777) == "0o600", "the file's mode is kept")
rc, out, _ = run("status")
check("Roundcube at https://mail.example.org/" in out and "standin-browser.desktop" in out, f"status: {out}")
rc, out, err = run("open", "--dry-run", "mailto:a@example.org?subject=hi")
check(rc == 0 and json.loads(out)["uris"][0].startswith("https://mail.example.org/?_task=mail&_action=compose&_to="),
      f"open after use roundcube: {rc} {out} {err}")
# A bare host is read as https://HOST/, and said, as the Mail links window reads it (issue 47).
rc, out, err = run("use", "roundcube", "mail.example.org")
check(rc == 0 and "mail.example.org was read as https://mail.example.org/." in out
      and "webmail = https://mail.example.org/\n" in text(), f"use roundcube with a bare host: {rc} {out} {err} {text()!r}")
rc, out, err = run("use", "roundcube", "https://other.example.org/rc/")
check(rc == 0 and text().count("webmail = ") == 1 and "webmail = https://other.example.org/rc/" in text(),
      f"use roundcube again replaces the address: {text()!r}")

# A template; a desktop entry; eml.
rc, out, err = run("use", "webmail", "https://mail.example.org/compose?uri=%s")
check(rc == 0 and "target = webmail\n" in text() and "webmail = https://mail.example.org/compose?uri=%s" in text(),
      f"use webmail: {rc} {err} {text()!r}")
rc, out, err = run("use", "desktop:standin-browser")
check(rc == 0 and "target = desktop:standin-browser\n" in text(), f"use desktop:ID: {rc} {err} {text()!r}")
rc, out, err = run("use", "eml")
check(rc == 0 and "target = eml\n" in text(), f"use eml: {rc} {err}")
# A choice without an address drops the address of an earlier one (issue 47).
rc, out, err = run("use", "roundcube", "https://mail.example.org/")
rc, out, err = run("use", "gmail")
check(rc == 0 and "target = gmail\n" in text() and "webmail" not in text(), f"use gmail leaves no webmail line: {text()!r}")

# Refused, the file untouched.
before = text()
for args, words in ((["gmial"], "did you mean 'gmail'?"),
                    (["nosuchthing"], "unknown choice 'nosuchthing'"),
                    (["gmail", "https://mail.google.com/"], "takes no address"),
                    (["roundcube"], "needs the address of your webmail"),
                    (["roundcube", "http://mail.example.org/"], "https://"),
                    (["roundcube", "https://me:pw@mail.example.org/"], "user name or password"),
                    (["webmail", "https://mail.example.org/compose"], "has no %s"),
                    (["desktop:not-there"], "not-there.desktop is not installed"),
                    (["custom"], "command = ..."),
                    (["https://mail.example.org/"], "'https://mail.example.org/' is an address, not a choice"),
                    (["mail.example.org"], "for example: mailtokit use roundcube mail.example.org")):
    rc, out, err = run("use", *args)
    check(rc == 64 and words in err and out == "", f"use {args}: exit {rc}, {err!r}")
    check(text() == before, f"use {args} changed the file: {text()!r}")
rc, out, err = run("use", "roundcube", "http://127.0.0.1:8080/")
check(rc == 0, f"http: for this computer is taken: {rc} {err}")

# A file that cannot be read is not rewritten.
with open(cfg, "w") as f:
    f.write("target thunderbird\n")
rc, out, err = run("use", "gmail")
check(rc == 78 and "line 1" in err and text() == "target thunderbird\n", f"malformed file: {rc} {err!r}")

# The Mail links window without a display: refused in words, with the commands that do the same.
with open(cfg, "w") as f:
    f.write("target = gmail\n")
rc, out, err = run("settings")
check(rc == 69 and "the Mail links window needs a display" in err and "mailtokit use" in err,
      f"settings without a display: {rc} {err!r}")

sys.exit(checks.report("use_command", "listing, setting, keeping the file, refusing"))
