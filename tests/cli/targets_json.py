#!/usr/bin/env python3
"""`mailtokit targets --json`: every target the program knows, for scripts and the tests' lists.

Usage: targets_json.py /path/to/mailtokit

In a private HOME, with a PATH that holds stand-ins for some programs only: the output is one
JSON object, the same whatever the desktop (no desktop entry, no configuration read); its mail
programs are the ones `open --help` names for --target, in that order, each with a label, its
program names, a Debian package and the path of its first program when that is in PATH (null when
not); every program and webmail name is a target `open --dry-run --target` takes; the webmails
are those `mailtokit use` lists, with their kinds; the other targets are eml, custom and desktop.
"""
import json
import os
import re
import shutil
import subprocess
import sys

from harness.checks import Checks
from harness.desktop import private_home

PROG = os.path.realpath(sys.argv[1])
checks = Checks("targets_json")
check = checks.check
tmp, home, env = private_home()
env["LANGUAGE"] = env["LANG"] = env["LC_ALL"] = "C"
bindir = os.path.join(tmp, "bin")
os.makedirs(bindir)
for name in ("mutt", "claws-mail"):
    with open(os.path.join(bindir, name), "w") as f:
        f.write("#!/bin/sh\nexit 0\n")
    os.chmod(os.path.join(bindir, name), 0o755)
env["PATH"] = bindir + os.pathsep + "/nonexistent"


def run(*args):
    return subprocess.run([PROG, *args], env=env, capture_output=True, text=True, cwd=tmp)


p = run("targets", "--json")
check(p.returncode == 0 and p.stderr == "", f"targets --json: exit {p.returncode}, stderr {p.stderr!r}")
check(p.stdout.endswith("}\n") and p.stdout.count("\n") == 1, f"targets --json is not one line: {p.stdout[:200]!r}")
listing = json.loads(p.stdout)
check(set(listing) == {"programs", "webmails", "others"}, f"keys: {sorted(listing)}")
programs = listing["programs"]

# The programs are the ones `open --help` names for --target, in that order.
help_text = " ".join(run("open", "--help").stdout.split())
named = re.search(r"mail program for this call: (.*?), a webmail", help_text)
check(named is not None and named.group(1).split(", ") == [c["name"] for c in programs],
      f"targets --json and open --help name other programs: {[c['name'] for c in programs]} / "
      f"{named.group(1) if named else help_text[:300]}")

names = [c["name"] for c in programs] + [a for c in programs for a in c["aliases"]]
names += [w["name"] for w in listing["webmails"]]
check(len(names) == len(set(names)), f"a name twice: {names}")
for c in programs:
    check(set(c) == {"name", "label", "aliases", "programs", "terminal", "package", "path"}, f"{c['name']}: {sorted(c)}")
    check(c["label"] != "" and c["programs"] and isinstance(c["terminal"], bool), f"{c['name']}: {c}")
    check(re.fullmatch(r"[a-z0-9][a-z0-9+.-]+", c["package"] or "") is not None,
          f"{c['name']}: no Debian package name: {c['package']!r}")
    first = c["programs"][0]
    expected = os.path.join(bindir, first) if first in ("mutt", "claws-mail") else None
    check(c["path"] == expected, f"{c['name']}: path {c['path']!r}, expected {expected!r}")
    for alias in c["aliases"]:
        check(run("open", "--dry-run", "--target", alias, "mailto:a@example.org").returncode != 64,
              f"--target {alias} (an alias of {c['name']}) is refused as a usage error")
for name in [c["name"] for c in programs] + [w["name"] for w in listing["webmails"] if w["kind"] == "hosted"]:
    r = run("open", "--dry-run", "--target", name, "mailto:a@example.org")
    check(r.returncode != 64, f"--target {name} is refused as a usage error: {r.stderr!r}")
check(run("open", "--dry-run", "--target", "no-such-program", "mailto:a@example.org").returncode == 64,
      "an unknown --target is not refused: the check above would see nothing")

# The webmails as `mailtokit use` lists them, each with its kind.
kinds = {w["name"]: w["kind"] for w in listing["webmails"]}
check(set(kinds.values()) == {"hosted", "self_hosted", "any"} and kinds.get("webmail") == "any",
      f"webmail kinds: {kinds}")
use = run("use").stdout
for name, kind in kinds.items():
    check(re.search(rf"^[* ] {re.escape(name)}\b", use, re.M) is not None, f"`use` does not list {name}")
check(listing["others"] == ["eml", "custom", "desktop"], f"others: {listing['others']}")

# The same on any desktop: no entry, configuration or PATH but the programs' paths changes it.
env2 = dict(env, PATH="/nonexistent")
q = subprocess.run([PROG, "targets", "--json"], env=env2, capture_output=True, text=True, cwd=tmp)
other = json.loads(q.stdout)
for c in other["programs"]:
    c["path"] = None
for c in programs:
    c["path"] = None
check(other == listing, "targets --json changes with PATH beyond the paths")
shutil.rmtree(tmp, ignore_errors=True)

sys.exit(checks.report("targets_json", "one object, the programs of open --help, their paths, the webmails"))
