#!/usr/bin/env python3
"""What one call of `mailtokit open` costs as a process, beside the per-link work that
mailtokit_bench measures (open_handover.cpp).

Runs `PROG open --dry-run --target thunderbird LINK` (reads the configuration, probes the
desktop, parses, makes the hand-over, prints the argv; starts nothing, writes nothing) and, as the
baseline of a process that only reads the link, `PROG inspect --json LINK`, each RUNS times on the
113-byte reference link, alternated, in an empty home (HOME and XDG_* in a temporary folder, no
display, no session bus), and prints JSON: {"runs", "open": {"wall_ms", "cpu_ms"}, "inspect":
{...}}, the median per call, CPU = user + system time of the child (wait4).
usage: bench_open.py PROG DATA_DIR [--runs N]
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time


def one(argv, env):
    start = time.perf_counter()
    p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{argv[1]} failed: {err.decode(errors='replace')}")
    return wall * 1e3, (usage.ru_utime + usage.ru_stime) * 1e3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("prog")
    ap.add_argument("data_dir")
    ap.add_argument("--runs", type=int, default=200)
    args = ap.parse_args()
    with open(os.path.join(args.data_dir, "ref113.txt")) as f:
        link = f.readline().strip()
    with tempfile.TemporaryDirectory() as home:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8",
               "XDG_CONFIG_HOME": os.path.join(home, "config"), "XDG_STATE_HOME": os.path.join(home, "state"),
               "XDG_DATA_HOME": os.path.join(home, "data"), "XDG_RUNTIME_DIR": home}
        cmds = {"open": [args.prog, "open", "--dry-run", "--target", "thunderbird", link],
                "inspect": [args.prog, "inspect", "--json", link]}
        times = {k: [] for k in cmds}
        for _ in range(args.runs):
            for k, argv in cmds.items():
                times[k].append(one(argv, env))
    out = {"runs": args.runs}
    for k, t in times.items():
        out[k] = {"wall_ms": statistics.median(w for w, _ in t), "cpu_ms": statistics.median(c for _, c in t)}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
