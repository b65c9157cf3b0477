#!/usr/bin/env python3
"""Throughput and memory of `mailtokit batch` on a large generated input.

Writes N lines cycling over the benchmark link sets (every set but the 10 KB bodies, so the file
stays near 120 bytes a line: short, encoded, IDN, encoded-word and hostile links), runs
`PROG batch --json --stats --jobs J` on it for each J, counts the output lines, and prints JSON:
{"lines", "input_bytes", "runs": [{"jobs", "wall_s", "cpu_s", "lines_per_s", "max_rss_kb",
"output_lines", "ok", "errors"}]}. Max RSS comes from wait4(2) of the child.
With --python R, it also runs the Python pipeline a user would write (peer_batch.py: urllib +
email.header + idna + json, stdin to stdout) on the same file, alternated with `batch --json`
(one job) R times, process against process, and adds {"python": {"rounds", "ours_cpu_s",
"python_cpu_s", "ours_lines_per_cpu_s", "python_lines_per_cpu_s", "ratio"}}: the best CPU time
(user + system, from wait4(2)) of each, start-up included, since on a shared machine other work
only ever slows a round down.
usage: bench_batch.py PROG DATA_DIR [--lines N] [--jobs 1,2] [--python R]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

SETS = ("ref113", "short", "subject_body", "idn", "encoded_words", "hostile")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prog")
    ap.add_argument("data_dir")
    ap.add_argument("--lines", type=int, default=1_000_000)
    ap.add_argument("--jobs", default="1,2")
    ap.add_argument("--python", type=int, default=0, help="rounds against peer_batch.py (0: none)")
    args = ap.parse_args()
    links = []
    for name in SETS:
        with open(os.path.join(args.data_dir, name + ".txt"), "rb") as f:
            links += [l for l in f.read().split(b"\n") if l]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "links.txt")
        with open(path, "wb") as f:
            block = b"\n".join(links) + b"\n"
            full, rest = divmod(args.lines, len(links))
            for _ in range(full):
                f.write(block)
            f.write(b"".join(l + b"\n" for l in links[:rest]))
        size = os.path.getsize(path)
        runs = []
        for jobs in [int(j) for j in args.jobs.split(",")]:
            with open(path, "rb") as stdin:
                start = time.perf_counter()
                p = subprocess.Popen([args.prog, "batch", "--json", "--stats", "--jobs", str(jobs)],
                                     stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                count = 0
                while True:
                    chunk = p.stdout.read(1 << 20)
                    if not chunk:
                        break
                    count += chunk.count(b"\n")
                err = p.stderr.read().decode()
                _, status, usage = os.wait4(p.pid, 0)
                wall = time.perf_counter() - start
            if os.waitstatus_to_exitcode(status) != 0:
                raise SystemExit(f"batch --jobs {jobs} failed: {err}")
            m = re.search(r"(\d+) ok, (\d+) errors", err)
            runs.append({"jobs": jobs, "wall_s": wall, "cpu_s": usage.ru_utime + usage.ru_stime,
                         "lines_per_s": args.lines / wall, "max_rss_kb": usage.ru_maxrss,
                         "output_lines": count, "ok": int(m.group(1)), "errors": int(m.group(2)),
                         "stats": err.strip()})
            if count != args.lines:
                raise SystemExit(f"batch --jobs {jobs} printed {count} lines for {args.lines}")
        result = {"lines": args.lines, "input_bytes": size, "runs": runs}
        if args.python:
            peer = [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "peer_batch.py")]
            ours = [args.prog, "batch", "--json"]
            best = {"ours": None, "python": None}
            for _ in range(args.python):
                for name, argv in (("ours", ours), ("python", peer)):
                    cpu, lines = cpu_of(argv, path)
                    if lines != args.lines:
                        raise SystemExit(f"{name} printed {lines} lines for {args.lines}")
                    best[name] = cpu if best[name] is None else min(best[name], cpu)
            result["python"] = {"rounds": args.python, "ours_cpu_s": best["ours"], "python_cpu_s": best["python"],
                                "ours_lines_per_cpu_s": args.lines / best["ours"],
                                "python_lines_per_cpu_s": args.lines / best["python"],
                                "ratio": best["python"] / best["ours"]}
    print(json.dumps(result, indent=1))


def cpu_of(argv, path):
    """CPU seconds (user + system) of one process reading `path` on stdin, and its output lines."""
    with open(path, "rb") as stdin:
        p = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.PIPE)
        lines = 0
        while True:
            chunk = p.stdout.read(1 << 20)
            if not chunk:
                break
            lines += chunk.count(b"\n")
        _, status, usage = os.wait4(p.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{argv[0]} failed")
    return usage.ru_utime + usage.ru_stime, lines


if __name__ == "__main__":
    main()
