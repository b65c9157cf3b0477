#!/usr/bin/env python3
"""Every example in README.md runs, and prints what the README says it prints.

An example is a fenced block whose info string is `console`. In it, a line starting with `$ ` is
a command (a trailing backslash continues it on the next line, as in bash); the lines after it, up to the
next command or the end of the block, are the output the README promises, compared exactly
(trailing white space ignored), except that a line `...` stands for any number of lines. A
command whose expected output is empty must print nothing. The exit status must be 0 unless the
command ends with `# exit N`.

A fenced block whose info string is `c file=NAME` or `cpp file=NAME` (code shown in the README)
is written to NAME first, so a console example can compile and run it; MAILTOKIT_CFLAGS and
MAILTOKIT_LIBS then name the source tree's headers and the built shared library, as
`pkg-config --cflags --libs mailtokit` does for an installed one.

Commands run with bash in a private HOME (XDG directories inside it), with the built program
first in PATH, so `mailtokit ...` in the README is the program under test. A README with no
examples fails: the check cannot silently vanish.

usage: readme_examples.py /path/to/mailtokit [README.md]
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from harness.desktop import home_env


def files(text: str) -> dict[str, str]:
    """The code blocks written to files: info string `LANG file=NAME`."""
    out = {}
    for m in re.finditer(r"^```(?:c|cpp) file=([A-Za-z0-9_.-]+)\n(.*?)^```$", text, re.M | re.S):
        out[m.group(1)] = m.group(2)
    return out


def matches(expected: list[str], got: list[str]) -> bool:
    """Exact line match, where a line `...` in expected matches any run of lines."""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and got[0] == expected[0] and matches(expected[1:], got[1:])


def examples(text: str):
    """Yield (line number, command, expected output lines, expected exit) for each example."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() != "```console":
            i += 1
            continue
        i += 1
        block: list[tuple[int, str]] = []
        while i < len(lines) and lines[i].strip() != "```":
            block.append((i + 1, lines[i]))
            i += 1
        i += 1
        j = 0
        while j < len(block):
            number, line = block[j]
            if not line.startswith("$ "):
                raise SystemExit(f"README.md:{number}: output without a command before it: {line!r}")
            command = line[2:]
            j += 1
            while command.endswith("\\") and j < len(block):
                command = command + "\n" + block[j][1]
                j += 1
            output = []
            while j < len(block) and not block[j][1].startswith("$ "):
                output.append(block[j][1].rstrip())
                j += 1
            while output and output[-1] == "":
                output.pop()
            exit_code = 0
            m = re.search(r"#\s*exit\s+(\d+)\s*$", command)
            if m:
                exit_code = int(m.group(1))
            yield number, command, output, exit_code


def main() -> int:
    program = Path(sys.argv[1]).resolve()
    readme = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(__file__).resolve().parents[2] / "README.md"
    text = readme.read_text(encoding="utf-8")
    found = list(examples(text))
    if not found:
        print(f"FAILED: {readme} has no ```console examples")
        return 1
    failed = 0
    with tempfile.TemporaryDirectory(prefix="mailtokit-readme-") as tmp:
        home = Path(tmp)
        bindir = home / "bin"
        bindir.mkdir()
        (bindir / "mailtokit").symlink_to(program)
        for name, code in files(text).items():
            (home / name).write_text(code, encoding="utf-8")
        source = Path(__file__).resolve().parents[2]
        build = Path(os.environ.get("MAILTOKIT_BUILD_DIR", program.parent.parent))
        shared = sorted(build.rglob("libmailtokit.so"))
        if not shared:
            print(f"FAILED: no libmailtokit.so under {build}")
            return 1
        libdir = shared[0].parent
        # A sanitizer build's library needs the sanitizer runtime in the program that loads it, as
        # an installed package built that way would: the examples are compiled with the same flags.
        cache = build / "CMakeCache.txt"
        sanitize = ""
        if cache.exists() and re.search(r"^MAILTOKIT_SANITIZE:BOOL=ON$", cache.read_text(), re.M):
            sanitize = " -fsanitize=address,undefined -fno-omit-frame-pointer"
        env = {
            "PATH": f"{bindir}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            **home_env(home),
            "LANG": "C.UTF-8",
            "MAILTOKIT_CFLAGS": f"-I{source / 'include'}{sanitize}",
            "MAILTOKIT_LIBS": f"-L{libdir} -Wl,-rpath,{libdir} -lmailtokit{sanitize}",
        }
        for key in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
            if key in os.environ:
                env[key] = os.environ[key]
        for number, command, expected, exit_code in found:
            r = subprocess.run(["bash", "-c", command], cwd=home, env=env, capture_output=True,
                               text=True, timeout=60, stdin=subprocess.DEVNULL)
            got = [line.rstrip() for line in r.stdout.split("\n")]
            while got and got[-1] == "":
                got.pop()
            problems = []
            if r.returncode != exit_code:
                problems.append(f"exit {r.returncode}, README says {exit_code}; stderr: {r.stderr.strip()[:500]}")
            if not matches(expected, got):
                problems.append("output differs:\n  README:\n    " + "\n    ".join(expected) +
                                "\n  program:\n    " + "\n    ".join(got))
            if problems:
                failed += 1
                print(f"FAILED README.md:{number}: $ {command}")
                for p in problems:
                    print("  " + p)
            else:
                print(f"ok README.md:{number}: $ {command.splitlines()[0]}")
    print(f"{len(found) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
