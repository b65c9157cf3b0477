#!/usr/bin/env python3
"""Markdown tables for the README from one run of tests/bench/run.sh.

usage: report.py BENCH_JSON PYTHON_JSON BATCH_JSON [BATCH_JSON...] --machine TEXT
BENCH_JSON is mailtokit_bench's --benchmark_out (every repetition; the best is used), PYTHON_JSON is
peer_python.py's output, each BATCH_JSON is bench_batch.py's output.
"""
import argparse
import json

SETS = ["ref113", "short", "subject_body", "idn", "encoded_words", "long_body", "hostile", "all"]
SET_TEXT = {
    "ref113": "the 113-byte link (encoded subject, two-line body)",
    "short": "short ASCII links",
    "subject_body": "encoded subjects + multi-line bodies",
    "idn": "IDN domains (8 domains, repeated)",
    "encoded_words": "RFC 2047 encoded words",
    "long_body": "10 KB bodies",
    "hostile": "hostile links",
    "all": "all sets but ref113",
}
# stage -> (our benchmark stage, C++ peer benchmark name, C++ peer label, Python stage)
STAGES = [
    ("parse", "parse", "parse/{}/boost_url", "Boost.URL", "parse"),
    ("parse + policy", "parse_policy", "parse/{}/boost_url", "Boost.URL", "parse"),
    ("parse + policy, bulk", "parse_policy_bulk", "parse/{}/boost_url", "Boost.URL", "parse"),
    ("compose", "compose", "compose/{}/gmime", "GMime", "compose"),
    ("end to end", "end_to_end", "end_to_end/{}/boost_url+gmime", "Boost.URL + GMime", "pipeline"),
    ("inspect JSON", "inspect_json", None, None, None),
]


def load_bench(path):
    """The best repetition (highest items/s) of each benchmark: on a shared machine other work
    only ever slows a repetition down."""
    rows = {}
    for b in json.load(open(path))["benchmarks"]:
        if b.get("run_type") == "aggregate" or b.get("error_occurred"):
            continue
        best = rows.get(b["run_name"])
        if best is None or b.get("items_per_second", 0) > best.get("items_per_second", 0):
            rows[b["run_name"]] = b
    return rows


def fmt_rate(x):
    if x is None:
        return "-"
    if x >= 1e6:
        return f"{x / 1e6:.2f} M"
    if x >= 1e3:
        return f"{x / 1e3:.1f} k"
    return f"{x:.0f}"


def ratio(a, b):
    return f"{a / b:.1f}x" if a and b else "-"


def ratio2(a, b):
    return f"{a / b:.2f}x" if a and b else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bench")
    ap.add_argument("python")
    ap.add_argument("batch", nargs="*")
    ap.add_argument("--open", help="bench_open.py's output: one call of `open` as a process")
    ap.add_argument("--machine", default="")
    args = ap.parse_args()
    bench = load_bench(args.bench)
    py = json.load(open(args.python))
    pyv = py["python"]

    def ips(name):
        b = bench.get(name)
        return b.get("items_per_second") if b else None

    def pyips(s, stage):
        try:
            return py["sets"][s][stage]["items_per_second"]
        except KeyError:
            return None

    out = []
    if args.machine:
        out += ["**Machine:** " + args.machine, ""]
    out += ["Items/s on one core (CPU time, best of the repetitions), all measured in one run. "
            "Ratio = ours / peer. Peers: Boost.URL 1.81 `parse_uri` + decoded params "
            "(`space_as_plus=false`); GMime 3 building and writing the same message; "
            f"Python {pyv} `urllib.parse` + `email` (policy SMTP).", ""]

    out += ["| stage | links | mailtokit | C++ peer | C++ peer/s | ours / C++ peer | Python/s | ours / Python |",
            "|---|---|---:|---|---:|---:|---:|---:|"]
    for s in SETS:
        for label, ours, peer, peer_label, pystage in STAGES:
            o = ips(f"{ours}/{s}/mailtokit")
            p = ips(peer.format(s)) if peer else None
            q = pyips(s, pystage) if pystage else None
            out.append(f"| {label} | {s} | {fmt_rate(o)} | {peer_label or '-'} | {fmt_rate(p)} | {ratio(o, p)} "
                       f"| {fmt_rate(q)} | {ratio(o, q)} |")
    out += ["", "Link sets: " + "; ".join(f"`{k}`: {v}" for k, v in SET_TEXT.items()) + ".", ""]

    # The fair peer: what a mail-client author would assemble for what parse_draft gives.
    def allocs(name):
        b = bench.get(name)
        if not b:
            return "-"
        return f"{b.get('allocs/item', 0):.1f} + {b.get('mallocs/item', 0):.1f}"
    out += ["parse + policy against the fair assembly (Boost.URL split and decode, GMime "
            "`internet_address_list_parse` for to/cc/bcc with RFC 2047 display names, "
            "`g_mime_utils_header_decode_text` for the subject, libidn2 `idn2_to_ascii_8z` for non-ASCII "
            "domains, `g_utf8_validate` on every value, an allowlist of header names; "
            "`tests/bench/peer_assembly.cpp`). Allocations per link: operator new calls + "
            "malloc/calloc/realloc calls (GLib, GMime, libidn2, ICU).", ""]
    out += ["| links | parse_draft/s | draft_parser/s | assembly/s | parse_draft / assembly | draft_parser / assembly "
            "| allocations per link, parse_draft | allocations per link, assembly |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for s in SETS:
        o = ips(f"parse_policy/{s}/mailtokit")
        b = ips(f"parse_policy_bulk/{s}/mailtokit")
        a = ips(f"parse_policy/{s}/assembly")
        out.append(f"| {s} | {fmt_rate(o)} | {fmt_rate(b)} | {fmt_rate(a)} | {ratio2(o, a)} | {ratio2(b, a)} "
                   f"| {allocs(f'parse_policy/{s}/mailtokit')} | {allocs(f'parse_policy/{s}/assembly')} |")
    out.append("")

    # What `open` adds per link over parse_draft (tests/bench/open_handover.cpp): the canonical
    # hand-over for Thunderbird (clean hardened URI + argv) and for the draft file (eml: + the
    # message bytes), CPU time per link in the same run.
    out += ["What `mailtokit open` adds per link over `parse_draft`: the canonical hand-over "
            "(`make_handover_safe`, the preview findings and the question's words, `plan_open`, the argv; "
            "`eml` also composes the draft file), the program's own functions in the same binary, "
            "interleaved (`tests/bench/open_handover.cpp`). Nothing is written or started.", ""]
    out += ["| links | parse_draft ns/link | open (Thunderbird) ns/link | open adds | open (eml) ns/link | eml adds "
            "| allocations per link, open (Thunderbird) |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    ns = lambda x: 1e9 / x if x else None
    for s in SETS:
        b, o, e = (ns(ips(f"{st}/{s}/mailtokit")) for st in ("parse_policy", "open", "open_eml"))
        if b is None or o is None or e is None:
            continue
        out.append(f"| {s} | {b:,.0f} | {o:,.0f} | {o - b:,.0f} ns | {e:,.0f} | {e - b:,.0f} ns "
                   f"| {allocs(f'open/{s}/mailtokit')} |")
    out.append("")
    if args.open:
        po = json.load(open(args.open))
        o, i = po["open"], po["inspect"]
        out += [f"One call of `mailtokit open --dry-run --target thunderbird` on ref113, as a process (start, "
                f"configuration, desktop probes, the link, the argv printed; `tests/bench/bench_open.py`, median "
                f"of {po['runs']} calls): {o['cpu_ms']:.1f} ms CPU, {o['wall_ms']:.1f} ms wall; "
                f"`mailtokit inspect --json` on the same link, alternated with it: {i['cpu_ms']:.1f} ms CPU, "
                f"{i['wall_ms']:.1f} ms wall (starting the program is most of both).", ""]

    # batch against the Python reference: the bulk API batch uses on the 113-byte link, and the
    # whole program (batch --json, one job) on its input against Python's parse on the same mix.
    batch_runs = [json.load(open(path)) for path in args.batch]
    mix = ("ref113", "short", "subject_body", "idn", "encoded_words", "hostile")  # bench_batch.py's SETS
    try:
        n = {s: py["sets"][s]["parse"]["items"] for s in mix}
        py_mix = sum(n.values()) / sum(n[s] / py["sets"][s]["parse"]["items_per_second"] for s in mix)
    except (KeyError, ZeroDivisionError):
        py_mix = None
    bulk_ref = ips("parse_policy_bulk/ref113/mailtokit")
    out += ["| `batch` against Python (`urllib.parse` split + strict unquote, best of 5 rounds) | mailtokit | Python | ratio |",
            "|---|---:|---:|---:|",
            f"| ref113, `draft_parser` (the bulk API `batch` uses) | {fmt_rate(bulk_ref)} | "
            f"{fmt_rate(pyips('ref113', 'parse'))} | {ratio(bulk_ref, pyips('ref113', 'parse'))} |"]
    for b in batch_runs:
        for run in b["runs"]:
            if run["jobs"] != 1:
                continue
            per_cpu = b["lines"] / run["cpu_s"]
            out.append(f"| `batch --json`, {b['lines']:,} lines of bench_batch.py's mix, lines per CPU s "
                       f"(the whole program: reading, parse + policy, JSON out) | {fmt_rate(per_cpu)} "
                       f"| {fmt_rate(py_mix)} | {ratio(per_cpu, py_mix)} |")
    out.append("")
    # Process against process: batch --json against the Python pipeline a user would write
    # (peer_batch.py), the same file, alternated (bench_batch.py --python).
    pipe = [b for b in batch_runs if "python" in b]
    if pipe:
        out += ["| `batch --json` against the Python pipeline (peer_batch.py: urllib + email.header + idna + json), "
                "process against process, best CPU time of the rounds | lines | rounds | mailtokit CPU s | Python CPU s "
                "| mailtokit lines per CPU s | Python lines per CPU s | ratio |",
                "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for b in pipe:
            q = b["python"]
            out.append(f"| bench_batch.py's mix | {b['lines']:,} | {q['rounds']} | {q['ours_cpu_s']:.3f} | "
                       f"{q['python_cpu_s']:.2f} | {fmt_rate(q['ours_lines_per_cpu_s'])} | "
                       f"{fmt_rate(q['python_lines_per_cpu_s'])} | **{q['ratio']:.1f}x** |")
        out.append("")

    # The speed targets the project set itself.
    t = []
    def target(text, value, need):
        t.append(f"| {text} | {value:.2f} | {need} | {'met' if value >= need else '**missed**'} |")
    r = lambda a, b: (a / b) if a and b else 0.0
    for s in SETS:
        target(f"parse + policy / fair assembly ({s})",
               r(ips(f"parse_policy/{s}/mailtokit"), ips(f"parse_policy/{s}/assembly")), 2)
    for s in ("ref113", "all"):
        target(f"parse + policy / Boost.URL parse + params ({s})",
               r(ips(f"parse_policy/{s}/mailtokit"), ips(f"parse/{s}/boost_url")), 2)
        target(f"parse + policy, bulk (draft_parser) / Boost.URL parse + params ({s})",
               r(ips(f"parse_policy_bulk/{s}/mailtokit"), ips(f"parse/{s}/boost_url")), 2)
        target(f"compose / GMime ({s})", r(ips(f"compose/{s}/mailtokit"), ips(f"compose/{s}/gmime")), 10)
        target(f"compose / Python pipeline ({s})", r(ips(f"compose/{s}/mailtokit"), pyips(s, "pipeline")), 200)
    target("parse + policy, ref113, million links/s", (ips("parse_policy/ref113/mailtokit") or 0) / 1e6, 5)
    target("parse + policy, bulk, ref113, million links/s", (ips("parse_policy_bulk/ref113/mailtokit") or 0) / 1e6, 5)
    target("compose, ref113, thousand drafts/s", (ips("compose/ref113/mailtokit") or 0) / 1e3, 500)
    target("parse + policy, IDN set, million links/s", (ips("parse_policy/idn/mailtokit") or 0) / 1e6, 1)
    for b in pipe:
        target(f"batch --json / Python pipeline, process to process ({b['lines']:,} lines)", b["python"]["ratio"], 30)
    out += ["| speed target | measured | needed | |", "|---|---:|---:|---|"] + t + [""]

    # Linearity.
    out += ["| link size | parse MB/s | parse + policy + compose MB/s | allocations (parse) |",
            "|---:|---:|---:|---:|"]
    lo = hi = None
    for size in (1 << 10, 10 << 10, 100 << 10, 1 << 20, 10 << 20):
        a = bench.get(f"parse_size/{size}/mailtokit")
        b = bench.get(f"end_to_end_size/{size}/mailtokit")
        if not a:
            continue
        mbs = a["bytes_per_second"] / 1e6
        lo = mbs if lo is None else min(lo, mbs)
        hi = mbs if hi is None else max(hi, mbs)
        label = f"{size >> 20} MB" if size >= 1 << 20 else f"{size >> 10} KB"
        out.append(f"| {label} | {mbs:.0f} | {b['bytes_per_second'] / 1e6 if b else 0:.0f} | {a.get('allocs/item', 0):.0f} |")
    if lo:
        out += ["", f"Parse throughput varies by {hi / lo:.2f}x from 1 KB to 10 MB "
                f"({'linear: within 3x' if hi / lo <= 3 else 'NOT linear: over 3x'}).", ""]

    # Allocations per link.
    out += ["| allocations per link (operator new calls) | " + " | ".join(SETS) + " |",
            "|---|" + "---:|" * len(SETS)]
    for label, ours, *_ in STAGES:
        cells = []
        for s in SETS:
            b = bench.get(f"{ours}/{s}/mailtokit")
            cells.append(f"{b['allocs/item']:.1f}" if b and "allocs/item" in b else "-")
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    out.append("")

    # Bulk mode.
    if args.batch:
        out += ["| `mailtokit batch --json` | jobs | wall s | lines/s (wall) | CPU s | lines per CPU s | max RSS MB | ok | errors |",
                "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for path in args.batch:
            b = json.load(open(path))
            for run in b["runs"]:
                out.append(f"| {b['lines']:,} lines, {b['input_bytes'] / 1e6:.0f} MB | {run['jobs']} | {run['wall_s']:.2f} "
                           f"| {fmt_rate(run['lines_per_s'])} | {run['cpu_s']:.2f} | {fmt_rate(b['lines'] / run['cpu_s'])} "
                           f"| {run['max_rss_kb'] / 1024:.1f} "
                           f"| {run['ok']:,} | {run['errors']:,} |")
        out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
