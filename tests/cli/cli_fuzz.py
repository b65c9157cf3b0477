#!/usr/bin/env python3
"""Command-line fuzz test: every subcommand with generated option values and hostile links.

Usage: cli_fuzz.py /path/to/mailtokit

The options of each subcommand come from its own `--help` (so an option added later is fuzzed
without touching this file): every option that takes a value gets values from a pool of
negative, zero, huge, overflowing, empty, non-numeric, non-UTF-8 and option-like values; options
are repeated or left out at random, and positional links come from tests/data/hostile_links.tsv
and a link generator. `open` always runs with --dry-run (nothing is ever started), `register`
and `unregister` in a private HOME with its XDG_* directories, with `notify = no`, no DISPLAY,
WAYLAND_DISPLAY or D-Bus session.

A run fails the test when:
- the program dies by a signal, or runs longer than 30 s (a hang);
- the exit status is not one the man page documents (0, 1 for `iri equal`, 64, 65, 66, 69, 73,
  74, 78); 70 (internal error) counts as a failure: it is a bug by definition;
- it exits non-zero (but 1 of `iri equal`) without an error line in the one format
  "error: <code>: ..." on stderr, or exits 64 with something on stdout;
- stdout is not the documented format: JSON that does not parse (inspect --json, batch --json,
  preview --format json, open --dry-run), batch lines that are not "<n>\\tok\\t...\\t<dropped>\\t
  <warnings>" or "<n>\\terror\\t<code>\\t<offset>\\t<message>", a version line that is not
  "mailtokit X.Y.Z";
- it writes outside the private directories: the scratch directory holds only home/, work/ (the
  working directory) and untouched/, untouched/ never changes, work/ changes only at the paths
  given to -o/--compose, HOME changes only for the handler commands (open, register, unregister,
  status, preview), and tests/data never changes.

The sequence is fixed by a seed (MAILTOKIT_CLI_FUZZ_SEED, default 26) and the run bounded in time
(MAILTOKIT_CLI_FUZZ_SECONDS, default 45). tests/fuzz/CAMPAIGNS.md says how to run it longer.
A failure prints the command line (as a Python list, bytes included) to reproduce it.
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from tsv import unescape  # noqa: E402
from harness.desktop import home_env, write_config  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
DATA = os.environ.get("MAILTOKIT_TEST_DATA", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data"))
SEED = int(os.environ.get("MAILTOKIT_CLI_FUZZ_SEED", "26"))
SECONDS = float(os.environ.get("MAILTOKIT_CLI_FUZZ_SECONDS", "45"))
# MAILTOKIT_CLI_FUZZ_COMMANDS: only these commands (comma-separated, e.g. "batch,iri to-uri").
ONLY = [c for c in os.environ.get("MAILTOKIT_CLI_FUZZ_COMMANDS", "").split(",") if c]
MAX_FAILURES = 100

DOCUMENTED = {0, 64, 65, 66, 69, 73, 74, 78}
HANDLER_COMMANDS = {"open", "send", "preview", "register", "unregister", "status", "targets"}

failures: list[str] = []
seen_failures: set[str] = set()


def fail(kind: str, argv: list, detail: str) -> None:
    key = kind + " " + repr(argv[:2])
    print(f"FAIL: {kind}: {argv!r}: {detail}", file=sys.stderr)
    if key not in seen_failures:
        seen_failures.add(key)
    failures.append(f"{kind}: {argv!r}")


# -- the program's own description of its commands ---------------------------------------------

def help_text(words: list[str]) -> str:
    p = subprocess.run([PROG, *words, "--help"], capture_output=True, timeout=30)
    assert p.returncode == 0, (words, p.returncode, p.stderr)
    return p.stdout.decode("utf-8", "replace")


OPTION_LINE = re.compile(r"^  (-[^\s]+)(?: ([^\s].*?))?(?:\s{2,}|$)")


def help_sections(words: list[str]) -> dict[str, list[str]]:
    """--help's lines by section: a line that does not start with a space names the next section."""
    sections: dict[str, list[str]] = {}
    section = ""
    for line in help_text(words).splitlines():
        if line and not line.startswith(" "):
            section = line.rstrip(":")
            continue
        sections.setdefault(section, []).append(line)
    return sections


def options_of(words: list[str]) -> tuple[list[tuple[list[str], str | None]], list[str]]:
    """(options: ([names], value type or None for a flag), positional names) from --help."""
    opts, positionals = [], []
    sections = help_sections(words)
    for line in sections.get("Positionals", []):
        m = re.match(r"^  (\S+) ", line)
        if m:
            positionals.append(m.group(1))
    for line in sections.get("Options", []):
        m = OPTION_LINE.match(line)
        if not m:
            continue
        names = [n for n in m.group(1).split(",") if n.startswith("-")]
        if "--help" in names:
            continue
        typ = (m.group(2) or "").split(" ")[0]
        takes = bool(typ) and (typ.isupper() or typ.startswith("TEXT") or "|" in typ or typ == "N")
        opts.append((names, typ if takes else None))
    return opts, positionals


def subcommands(words: list[str]) -> list[str]:
    return [m.group(1) for m in (re.match(r"^  (\S+)", line) for line in help_sections(words).get("Subcommands", [])) if m]


# -- generated values ----------------------------------------------------------------------------

def hostile_links() -> list[bytes]:
    links = []
    with open(os.path.join(DATA, "hostile_links.tsv"), encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                links.append(unescape(line.split("\t")[0]))
    return links


HOSTILE = hostile_links()
NUMBERS = [b"-1", b"-2", b"0", b"1", b"2", b"64", b"65", b"65536", b"4294967296", b"18446744073709551615",
           b"18446744073709551616", b"99999999999999999999999", b"-0", b"+1", b" 1", b"1 ", b"0x10", b"1e3",
           b"1.5", b"", b"x", b"\xff", b"\xc3\xa9"]
TEXTS = [b"", b"-", b"--", b"--json", b"-j", b"x", b"mailto:a@example.org", b"\xff\xfe", b"\xc0\xaf",
         b"caf\xc3\xa9", b"a\tb", b"a\nb", b"a\rb", b"\x1b[31m", b"\xe2\x80\xae", b"subject", b"body",
         b"attach", b"from", b"utf-8", b"windows-1252", b"no-such-charset", b"text", b"json", b"eml",
         b"thunderbird", b"custom", b"aerc", b"outlook", b"Jane <jane@example.org>", b"<a@b>", b"yesterday",
         b"Wed, 25 Nov 2026 18:30:00 +0000", b"%", b"%00", b"A" * 5000, b"=?bogus?Q?x?=", b"../untouched/a.eml",
         b"/dev/null", b"/proc/self/status", b"/nonexistent-mailtokit-fuzz/x"]
# Paths the program writes to: relative (inside work/) or in a directory that does not exist; never
# an absolute path that exists (the test may run as root: /dev/full.XXXXXX would be created in /dev).
WRITE_PATHS = [b"out.eml", b"sub/out.eml", b"dir", b"dir/inner", b"", b"-", b".", b"untouched-not",
               b"/nonexistent-mailtokit-fuzz/x", b"\xff.eml", b"a\nb", b"-o"]
WRITE_OPTIONS = {"-o", "--output", "--compose"}


def gen_link(rng: random.Random) -> bytes:
    if rng.random() < 0.4:
        return rng.choice(HOSTILE)
    fields = []
    for _ in range(rng.randrange(0, 5)):
        name = rng.choice([b"subject", b"body", b"cc", b"bcc", b"to", b"attach", b"from", b"keywords",
                           b"in-reply-to", b"references", b"x-y", b"", b"%41", b"content-type"])
        value = rng.choice([b"x", b"%3D%3Fbogus-cs%3FQ%3FJ%3DF6rg%3F%3D", b"%0D%0ABcc:evil@x.org", b"%FF",
                            b"caf%C3%A9", b"a@b.org,c@d.org", b"%", b"%%", b"/etc/passwd", b"", b"%E2%80%AE",
                            b"=?utf-8?Q?a=0D=0Ab?=", rng.randbytes(rng.randrange(0, 12))])
        fields.append(name + b"=" + value)
    to = rng.choice([b"a@example.org", b"not-an-address", b"", b"%40", b"a@xn--a.org", b"\xc3\xa9@b.org",
                     b"a@b.org,c", b"\"a b\"@c.org", b"a@[1.2.3.4]"])
    link = rng.choice([b"mailto:", b"MAILTO:", b"mailto://", b"http://x/", b""]) + to
    if fields:
        link += b"?" + b"&".join(fields)
    return link


def gen_value(rng: random.Random, typ: str | None, names: list[str]) -> bytes:
    if any(n in WRITE_OPTIONS for n in names):
        return rng.choice(WRITE_PATHS)
    if typ == "N" or rng.random() < 0.15:
        return rng.choice(NUMBERS)
    if typ and "{" in typ and rng.random() < 0.5:  # CLI11 choice list, e.g. TEXT:{text,json,eml}
        return rng.choice(typ.split("{", 1)[1].rstrip("}").split(",")).encode()
    if rng.random() < 0.2:
        return gen_link(rng)
    return rng.choice(TEXTS)


# -- the private environment -----------------------------------------------------------------------

root = tempfile.mkdtemp(prefix="mailtokit-cli-fuzz-")
home = os.path.join(root, "home")
work = os.path.join(root, "work")
untouched = os.path.join(root, "untouched")
for d in (home + "/.config/mailtokit", home + "/.local/share", home + "/.local/state", work, untouched):
    os.makedirs(d)
write_config(home + "/.config", "notify = no\n")
with open(os.path.join(untouched, "a.eml"), "wb") as f:
    f.write(b"To: a@example.org\r\nSubject: s\r\n\r\nbody\r\n")
env = {k: v for k, v in os.environ.items()
       if not (k.startswith("XDG_") or k in ("MAILTOKIT_CONFIG", "TERMINAL", "DISPLAY", "WAYLAND_DISPLAY",
                                              "DBUS_SESSION_BUS_ADDRESS", "BROWSER"))}
env.update(home_env(home))
env.update(XDG_RUNTIME_DIR=home + "/.runtime", TMPDIR=work, LC_ALL="C.UTF-8")


def snapshot(path: str) -> dict[str, tuple]:
    out = {}
    for dirpath, dirnames, filenames in os.walk(path):
        for n in dirnames + filenames:
            p = os.path.join(dirpath, n)
            try:
                st = os.lstat(p)
            except FileNotFoundError:
                continue
            out[os.path.relpath(p, path)] = (st.st_mode, st.st_size, st.st_mtime_ns)
    return out


def reset_work() -> None:
    for n in os.listdir(work):
        p = os.path.join(work, n)
        if os.path.isdir(p) and not os.path.islink(p):
            os.chmod(p, 0o700)
            shutil.rmtree(p)
        else:
            os.unlink(p)


UNTOUCHED = snapshot(untouched)
DATA_SNAPSHOT = snapshot(DATA)

# -- one run ---------------------------------------------------------------------------------------

BATCH_OK = re.compile(rb"^\d+\tok\t.*\t\d+\t\d+$")
BATCH_ERROR = re.compile(rb"^\d+\terror\t[a-z0-9_]+\t\d+\t.*$")
ERROR_LINE = re.compile(rb"^error: [a-z0-9_]+: ", re.M)


# Names of the options that take a value (all commands): CLI11 gives such an option the next
# argument even when it looks like an option ("--keep --json" keeps a field named "--json"), and
# "--compose=" (empty) takes the next argument too, so a flag right after one is a value.
VALUE_OPTIONS: set[bytes] = set()


def has_flag(argv: list[bytes], flag: bytes) -> bool:
    return any(a == flag and (i == 0 or argv[i - 1] not in VALUE_OPTIONS and not argv[i - 1].endswith(b"="))
               for i, a in enumerate(argv))


def parses_as_json(out: bytes) -> bool:
    try:
        json.loads(out)
        return True
    except ValueError:
        pass
    try:
        lines = [l for l in out.split(b"\n") if l]
        for l in lines:
            json.loads(l)
        return bool(lines)
    except ValueError:
        return False


def run(argv: list[bytes], stdin: bytes, written: list[bytes]) -> None:
    argv = [a.replace(b"\0", b"") for a in argv]  # an argument cannot hold NUL
    home_before = snapshot(home)
    reset_work()
    shown = [a.decode("utf-8", "backslashreplace") for a in argv]
    try:
        p = subprocess.run([PROG.encode(), *argv], input=stdin, capture_output=True, cwd=work, env=env, timeout=30)
    except subprocess.TimeoutExpired:
        fail("hang (over 30 s)", shown, "")
        return
    rc, out, err = p.returncode, p.stdout, p.stderr
    words = [a.decode("utf-8", "replace") for a in argv]
    cmd = words[0] if words else ""
    if rc < 0:
        fail("killed by signal " + signal.Signals(-rc).name, shown, err[-300:].decode("utf-8", "replace"))
        return
    equal = words[:2] == ["iri", "equal"]
    if rc not in DOCUMENTED and not (equal and rc == 1):
        fail(f"undocumented exit {rc}", shown, err[-300:].decode("utf-8", "replace"))
    json_wanted = (cmd in ("inspect", "batch") and has_flag(argv, b"--json")) or \
        (cmd == "preview" and any(a == b"--format=json" or (a == b"json" and i > 0 and argv[i - 1] == b"--format")
                                  for i, a in enumerate(argv))) or \
        (cmd in ("open", "send") and rc == 0)
    # With JSON output a refused input is the error object on stdout (the contract), not a line.
    json_error = json_wanted and rc == 65 and parses_as_json(out) and b'"error"' in out
    if rc not in (0, 1) and not json_error and not ERROR_LINE.search(err):
        fail(f"exit {rc} without 'error: <code>: ...' on stderr", shown, err[-300:].decode("utf-8", "replace"))
    helped = b"--help" in argv or b"-h" in argv
    if rc == 64 and out and not helped:
        fail("exit 64 with output on stdout", shown, out[:200].decode("utf-8", "replace"))
    # The documented formats of standard output.
    if json_wanted and cmd != "batch" and rc in (0, 65) and not helped and not out:
        fail("no JSON on stdout (inspect --json prints the error object)", shown, err[-200:].decode("utf-8", "replace"))
    if not helped and out:
        if json_wanted and rc in (0, 65) and not parses_as_json(out):
            fail("stdout is not JSON", shown, out[:300].decode("utf-8", "replace"))
        elif cmd == "batch" and b"--json" not in argv:  # (never JSON then)
            for line in out.rstrip(b"\n").split(b"\n"):
                if not (BATCH_OK.match(line) or BATCH_ERROR.match(line)):
                    fail("batch line not in the documented format", shown, line[:200].decode("utf-8", "replace"))
                    break
        elif cmd in ("version", "--version") and not re.fullmatch(rb"mailtokit \d+\.\d+\.\d+\n", out):
            fail("version line", shown, out[:100].decode("utf-8", "replace"))
    # Writes: only where the command was told to write.
    if sorted(os.listdir(root)) != ["home", "untouched", "work"]:
        fail("a write outside the private directories", shown, repr(sorted(os.listdir(root))))
    if snapshot(untouched) != UNTOUCHED:
        fail("untouched/ changed", shown, "")
    allowed = [w.decode("utf-8", "surrogateescape").rstrip("/") for w in written if w != b""]
    for entry in snapshot(work):
        if b"*" in written and not entry.startswith("/"):
            break  # a path taken from a later argument: any name in work/ may be it
        if not any(entry == a or entry.startswith(a + "/") or a.startswith(entry + "/") or
                   entry.startswith(a + ".") or a == "." for a in allowed):
            fail("a file written in the working directory", shown, entry)
            break
    if cmd not in HANDLER_COMMANDS and snapshot(home) != home_before:
        fail("HOME changed", shown, repr(set(snapshot(home)) ^ set(home_before)))


# -- the campaign ----------------------------------------------------------------------------------

def main() -> int:
    rng = random.Random(SEED)
    commands: list[tuple[list[str], list, list[str]]] = []
    for sub in subcommands([]):
        nested = subcommands([sub]) if sub == "iri" else []
        for words in ([[sub, n] for n in nested] if nested else [[sub]]):
            opts, positionals = options_of(words)
            commands.append((words, opts, positionals))
            for names_, typ in opts:
                if typ is not None:
                    VALUE_OPTIONS.update(n.encode() for n in names_)
    names = sorted(" ".join(w) for w, _, _ in commands)
    for expected in () if ONLY else ("inspect", "build", "compose", "batch", "open", "preview", "register", "unregister",
                     "status", "version", "iri to-uri", "iri to-iri", "iri check", "iri equal"):
        assert expected in names, (expected, names)
    if ONLY:
        commands = [c for c in commands if " ".join(c[0]) in ONLY]
        assert commands, ONLY
        names = sorted(" ".join(w) for w, _, _ in commands)
    print(f"cli_fuzz: seed {SEED}, {SECONDS:.0f} s, commands: {', '.join(names)}")

    # Fixed cases first: the rows of issue 26.
    fixed = [
        [b"batch", b"-j", b"-1"], [b"batch", b"-j", b"18446744073709551615"], [b"batch", b"-j", b"65536"],
        [b"batch", b"-j", b"-2"], [b"--version"], [b"version"], [b"inspec", b"mailto:a@b.org"], [b"iri", b"bogus"],
        [b"compose", b"--date", b"yesterday", b"mailto:a@b.org"],
        [b"compose", b"--message-id", b"nobrackets", b"mailto:a@b.org"],
        [b"inspect", b"mailto:a@x.org?subject=%3D%3Fbogus-cs%3FQ%3FJ%3DF6rg%3F%3D"],
        [b"open", b"--dry-run", b"--target", b"outlook", b"mailto:a@example.org?keywords=k"],
        [b"preview", b"--format", b"json", b"http://x"], [b"status"], [b"register"], [b"register"], [b"unregister"],
    ]
    for argv in fixed:
        if not ONLY or argv[0].decode() in ONLY:
            run(argv, b"mailto:a@example.org\n", [])

    start, runs = time.monotonic(), len(fixed)
    while time.monotonic() - start < SECONDS and len(failures) < MAX_FAILURES:
        words, opts, positionals = rng.choice(commands)
        argv: list[bytes] = [w.encode() for w in words]
        written: list[bytes] = []
        chosen = [o for o in opts if rng.random() < 0.35]
        if words[0] in ("open", "send"):
            argv.append(b"--dry-run")  # never start a mail client
        for names_, typ in chosen:
            for _ in range(2 if rng.random() < 0.1 else 1):  # sometimes repeated
                name = rng.choice(names_).encode()
                if typ is None:
                    argv.append(name)
                    continue
                if rng.random() < 0.05:  # missing value: the option last, nothing after it
                    continue
                value = gen_value(rng, typ, names_)
                if name in (b"-o", b"--output", b"--compose"):
                    written.append(value)
                    if value == b"" or value.startswith(b"-"):
                        written.append(b"*")  # CLI11 may take a later argument as the path
                if rng.random() < 0.2 and name.startswith(b"--"):
                    argv.append(name + b"=" + value)
                else:
                    argv += [name, value]
        args = [gen_link(rng) for _ in positionals]
        if rng.random() < 0.05 and args:
            args.pop()  # a missing argument
        if rng.random() < 0.05:
            args.append(gen_link(rng))  # one too many
        rng.shuffle(args)
        argv += args if rng.random() < 0.8 else [b"--"] + args
        if words[0] in ("open", "send") and b"--dry-run" not in argv[:]:
            argv.insert(1, b"--dry-run")
        stdin = b"\n".join(gen_link(rng) for _ in range(rng.randrange(0, 20))) + rng.choice([b"", b"\n", b"\r\n"])
        run(argv, stdin, written)
        runs += 1
    shutil.rmtree(root, ignore_errors=True)
    if snapshot(DATA) != DATA_SNAPSHOT:
        failures.append("tests/data changed")
    if failures:
        print(f"cli_fuzz: {len(failures)} failure(s) in {runs} runs (seed {SEED})", file=sys.stderr)
        return 1
    print(f"cli_fuzz: ok, {runs} runs in {time.monotonic() - start:.0f} s (seed {SEED})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
