"""Render the compatibility results of the desktop tests as Markdown tables.

Each test of a real mail client (tests/clients) or browser (tests/browsers) writes
MAILTOKIT_RESULTS/compat/<program>.json:

    {"program": "Thunderbird", "version": "153.7.0esr", "kind": "client",
     "cells": {"To": "ok", "Bcc": "ok", ...}, "notes": {"Bcc": "why, when not ok"},
     "seconds_to_compose": 0.4}

    python3 tests/gui/compat_table.py [DIR]

prints one table for the clients and one for the browsers (rows sorted by program, columns in
the order the files name them), then the notes. DIR defaults to $MAILTOKIT_RESULTS/compat, else
build/dev/desktop-results/compat. Exit 1 when there is no result at all.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def load(directory: Path) -> list[dict]:
    rows = []
    for path in sorted(directory.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise SystemExit(f"compat_table: {path}: {e}")
        if not isinstance(data, dict) or "program" not in data or not isinstance(data.get("cells"), dict):
            raise SystemExit(f"compat_table: {path}: not a compatibility result (program, cells)")
        rows.append(data)
    return rows


def table(rows: list[dict], title: str) -> list[str]:
    columns: list[str] = []
    for r in rows:
        for c in r["cells"]:
            if c not in columns:
                columns.append(c)
    timed = any(r.get("seconds_to_compose") is not None for r in rows)
    head = [title, "Version", *columns] + (["Seconds to a compose window"] if timed else [])
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    notes = []
    for r in sorted(rows, key=lambda r: r["program"].lower()):
        cells = [_cell(r["cells"].get(c, "not tested")) for c in columns]
        line = [_cell(r["program"]), _cell(r.get("version", "?")), *cells]
        if timed:
            t = r.get("seconds_to_compose")
            first = r.get("seconds_first_compose")
            line.append(("?" if t is None else f"{t:.1f}") + (f" (first: {first:.1f})" if first is not None else ""))
        out.append("| " + " | ".join(line) + " |")
        for column, why in (r.get("notes") or {}).items():
            notes.append(f"- {r['program']}, {column}: {why}")
    return out + ([""] + notes if notes else [])


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(sys.argv) > 1:
        directory = Path(sys.argv[1])
    elif os.environ.get("MAILTOKIT_RESULTS"):
        directory = Path(os.environ["MAILTOKIT_RESULTS"]) / "compat"
    else:
        directory = Path("build/dev/desktop-results/compat")
    rows = load(directory) if directory.is_dir() else []
    if not rows:
        print(f"compat_table: no results in {directory} (run: ctest -L desktop)", file=sys.stderr)
        return 1
    parts = []
    for kind, title in (("client", "Mail client"), ("webmail", "Webmail"), ("browser", "Browser")):
        chosen = [r for r in rows if r.get("kind", "client") == kind]
        if chosen:
            parts.append("\n".join(table(chosen, title)))
    others = [r for r in rows if r.get("kind", "client") not in ("client", "webmail", "browser")]
    if others:
        parts.append("\n".join(table(others, "Program")))
    print("\n\n".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
