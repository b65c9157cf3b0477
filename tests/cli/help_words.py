#!/usr/bin/env python3
"""What people read is in one vocabulary (issue 47, item 7: "two vocabularies in messages", "a
capital letter mid-message").

Usage: help_words.py /path/to/mailtokit   (MAILTOKIT_BUILD_DIR: the build tree, for its template
of the messages, build/po/mailtokit.pot)

- `--help` of the program and of every command below it (found by walking the Subcommands
  lists, not from a list kept here), in English and in German: no configuration syntax (`KEY =`
  for any key the configuration parser reads, handler/xdg/config.cpp): a person chooses with
  `mailtokit use NAME`, the Mail links window or an option, and mailtokit.conf(5) keeps the keys;
- in the Options and Positionals lists, every English description starts lower-case like the
  others (CLI11's own help flag said "Print this help message and exit"; German nouns keep their
  capitals), and in both languages the column of names holds
  only option names, value placeholders (TEXT, NAME) and CLI11's labels in lower case
  ("--confirm excludes: --no-confirm", not "Excludes:");
- every message of the program (the msgids of the catalog template, with the source file
  each comes from) writes configuration syntax only where the message is about the
  configuration file: the file's reader (handler/xdg/) and the `custom` choice, which only
  the file can make.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from harness.checks import Checks
from harness.help_pages import config_keys, listed_subcommands

SOURCE = Path(__file__).resolve().parents[2]
checks = Checks("help_words", out=sys.stderr)
check = checks.check


def keys_read() -> set[str]:
    keys = config_keys()
    if len(keys) < 5:
        raise SystemExit(f"FAIL: only {sorted(keys)} found as configuration keys in handler/xdg/config.cpp")
    return keys


def help_text(program: str, env: dict[str, str], cmd: tuple[str, ...]) -> str:
    p = subprocess.run([program, *cmd, "--help"], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise SystemExit(f"FAIL: {' '.join(cmd)} --help exited {p.returncode}: {p.stderr}")
    return p.stdout


def commands(program: str, env: dict[str, str], cmd: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """`cmd` and every command below it, from the Subcommands lists of --help (English)."""
    found = [cmd]
    for sub in listed_subcommands(help_text(program, env, cmd)):
        found += commands(program, env, cmd + (sub,))
    return found


def entries(text: str, headings: tuple[str, ...]) -> list[tuple[str, str]]:
    """(names column, description) of each entry under the given headings of a --help."""
    out: list[tuple[str, str]] = []
    section = None
    pending = None
    for line in text.splitlines():
        if line and not line.startswith(" "):
            section = line.rstrip(":") if line.endswith(":") else None
            pending = None
            continue
        if section not in headings or not line.strip():
            continue
        m = re.match(r"^  (\S.*?)(?: {2,}(\S.*))?$", line)
        if line.startswith("   ") and pending is not None:  # a description on the next line
            out.append((pending, line.strip()))
            pending = None
        elif m and m.group(2):
            out.append((m.group(1), m.group(2)))
        elif m:
            pending = m.group(1)
    return out


def run(program: str) -> int:
    keys = keys_read()
    syntax = re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, keys))) + r") =(?:[ `]|$)", re.M)
    base = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    base["LANG"] = "C.UTF-8"
    build = os.environ.get("MAILTOKIT_BUILD_DIR")
    if build and (Path(build) / "locale").is_dir():
        base["MAILTOKIT_LOCALEDIR"] = str(Path(build) / "locale")
    cmds = commands(program, base)
    check(len(cmds) >= 15, f"the walk found the commands: {len(cmds)}")
    for lang, headings in (("en", ("Options", "Positionals")), ("de", ("Optionen", "Argumente"))):
        env = dict(base, LANGUAGE=lang) if lang != "en" else base
        seen = 0
        for cmd in cmds:
            name = " ".join(("mailtokit",) + cmd)
            text = help_text(program, env, cmd)
            for m in syntax.finditer(text):
                line = text[text.rfind("\n", 0, m.start()) + 1:text.find("\n", m.start())]
                check(False, f"[{lang}] {name} --help writes configuration syntax {m.group(0).strip()!r}: {line.strip()!r}")
            for names, desc in entries(text, headings):
                seen += 1
                check(lang != "en" or not desc[:1].isupper() or re.match(r"[A-Z]{2,}\b", desc),
                      f"[{lang}] {name} --help: {names.split()[0]}'s description starts with a capital: {desc[:60]!r}")
                capital = [w for w in names.split() if re.match(r"[A-ZÄÖÜ][a-zäöüß]", w)]
                check(not capital, f"[{lang}] {name} --help: a capitalised word {capital} beside {names.split()[0]}")
        check(seen > 60, f"[{lang}] the option lists were read: {seen} entries")

    # Every message of the program: configuration syntax only about the configuration file.
    pot = Path(build) / "po/mailtokit.pot" if build else SOURCE / "po/mailtokit.pot"
    if not pot.is_file():
        pot = SOURCE / "po/mailtokit.pot"
    messages = 0
    for block in pot.read_text().split("\n\n"):
        where = re.findall(r"^#: (.*)$", block, re.M)
        msgid = "".join(re.findall(r'"(.*)"', block.split("msgid ", 1)[1].split("msgstr", 1)[0])) if "msgid " in block else ""
        if not msgid:
            continue
        messages += 1
        files = " ".join(where).split()
        about_file = all(f.startswith("handler/xdg/") for f in files) or "custom" in msgid
        if syntax.search(msgid) and not about_file:
            check(False, f"{', '.join(files)}: a message writes configuration syntax: {msgid[:120]!r}")
    check(messages > 500, f"the catalog template's messages were read: {messages}")
    return checks.report("help_words", f"{len(cmds)} commands' --help in English and German, {messages} messages")


if __name__ == "__main__":
    from harness.checks import main
    main(run)
