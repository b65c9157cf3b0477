"""The one recorder: a stand-in program that writes the argv it was started with to a file, then
does what the test asks (nothing, print an answer and exit with a status, or run the real
program), and the reader of what it wrote.

    write_recorder(bin / "zenity", ENV_RECORD + ".$name." + RUN_STAMP, real="/usr/bin/zenity", copy="filename")
    argv = read(path)

Each run writes its argv ($0 first unless argv0=False), each argument ended by a NUL byte, to
`out.partial` and renames it to `out`: a reader sees a record complete or not at all. `out` is
shell text, expanded when the recorder runs ($MAILTOKIT_TEST_RECORD, $name (the program's file
name), $$ (its process id) and RUN_STAMP may be used). Before the rename it may copy a
file it was given to `out.text` (copy="filename": a --filename= argument's file, as zenity, yad and
kdialog get the question; "first": the first argument, as mailtokit-ask gets it; "last": the last
one, as a mail program gets the draft by %f) and write its working directory to `out.cwd`
(cwd=True). The record folder may be written into the script itself (in_dir()): a browser may
start the handler through the desktop portal, with the bus's environment instead of its own."""

from __future__ import annotations

import os
import shlex
from pathlib import Path

ENV_RECORD = '"$MAILTOKIT_TEST_RECORD"'  # the record path a test gives in the environment

_COPY = {
    "filename": 'for a in "$@"; do\n  case "$a" in --filename=*) cp -- "${a#--filename=}" "$out.text" ;; esac\ndone\n',
    "first": 'cp -- "$1" "$out.text"\n',
    "last": 'for a in "$@"; do last="$a"; done\ncp -- "$last" "$out.text"\n',
}


# Shell text for a name of one run: the time it ran, to the nanosecond, then its process id. Names
# made with it sort in run order (process ids alone do not: 9999 sorts after 10001, and ids wrap).
RUN_STAMP = '"$(date +%s.%N)-$$"'


def in_dir(folder: str | os.PathLike) -> str:
    """`out` for one file a run in `folder`, named by RUN_STAMP (name order is run order)."""
    return shlex.quote(str(folder)) + "/" + RUN_STAMP


def write_recorder(path: str | os.PathLike, out: str = ENV_RECORD, *, real: str | None = None,
                   copy: str | None = None, cwd: bool = False, answer: str | None = None,
                   status: int = 0, argv0: bool = True) -> Path:
    """Write the recorder program to `path` (mode 755) and return its path. After recording:
    exec `real` when it is given and executable, else print `answer` (when given) and exit
    `status`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    args = '"$0" "$@"' if argv0 else '"$@"'
    text = ("#!/bin/sh\n"
            "# A recorder (tests/harness/record.py): its argv, NUL-separated, to $out; then what the test asks.\n"
            'PATH="$PATH:/usr/bin:/bin"  # the tools below, also when a test gives mailtokit a bare PATH\n'
            'name=$(basename "$0")\n'
            f"out={out}\n"
            ': >"$out.partial"\n'
            f"for a in {args}; do printf '%s\\0' \"$a\" >>\"$out.partial\"; done\n")
    if copy:
        text += _COPY[copy]
    if cwd:
        text += 'pwd -P >"$out.cwd"\n'
    text += 'mv "$out.partial" "$out"\n'
    if real:
        text += f"real={shlex.quote(real)}\n" 'if [ -x "$real" ]; then exec "$real" "$@"; fi\n'
    if answer is not None:
        text += f"printf '%s' {shlex.quote(answer)}\n"
    text += f"exit {status}\n"
    path.write_text(text)
    path.chmod(0o755)
    return path


def read(path: str | os.PathLike) -> list[str]:
    """One run's argv (surrogate escapes keep bytes that are not UTF-8)."""
    parts = Path(path).read_bytes().split(b"\0")
    if parts[-1] != b"":
        raise ValueError(f"{path}: the record does not end with a NUL byte")
    return [x.decode("utf-8", "surrogateescape") for x in parts[:-1]]


def is_record(path: Path) -> bool:
    """A complete record (not the .partial being written, nor a copied .text or .cwd)."""
    return not path.name.endswith((".partial", ".text", ".cwd"))


def runs(folder: str | os.PathLike, pattern: str = "*") -> list[Path]:
    """The complete records in `folder` matching `pattern`, in the order of their names (in_dir())."""
    return sorted(p for p in Path(folder).glob(pattern) if is_record(p))
