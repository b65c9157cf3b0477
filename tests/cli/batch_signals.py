#!/usr/bin/env python3
"""Ctrl-C (and SIGTERM, SIGHUP) during `mailtokit batch --compose DIR` leaves no partial file.

Usage: batch_signals.py /path/to/mailtokit

Each draft is written to DIR/NNNNNNNNN.eml.tmp and renamed into place; a signal that ends the
program while a draft is being written must remove the .tmp (issue 26: Ctrl-C left one). Each
trial feeds links with long bodies without pause (so the program is writing drafts most of the
time), waits until a chosen number of drafts exist (a real condition, polled), sends the signal,
and checks that the program ended by that signal and that DIR holds only complete .eml files,
each one a message Python's email package reads with the link's subject. 30 trials over
1 and 2 worker threads and three signals; without the cleanup, most trials leave a .tmp.
"""
import email
import email.policy
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

PROG = os.path.realpath(sys.argv[1])
rng = random.Random(26)
failures = []
tmp = tempfile.mkdtemp(prefix="mailtokit-batch-signals-")
body = "x" * 60000  # about 60 KB per draft: writing it is most of the work


def feed(pipe, stop):
    n = 0
    try:
        while not stop.is_set():
            n += 1
            pipe.write(f"mailto:a{n}@example.org?subject=line%20{n}&body={body}\n".encode())
    except (BrokenPipeError, OSError):
        pass


left_tmp = 0
for trial in range(30):
    sig = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP][trial % 3]
    jobs = "1" if trial % 2 == 0 else "2"
    d = os.path.join(tmp, f"drafts{trial}")
    p = subprocess.Popen([PROG, "batch", "-j", jobs, "--compose", d], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stop = threading.Event()
    t = threading.Thread(target=feed, args=(p.stdin, stop))
    t.start()
    want = rng.randrange(1, 40)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and p.poll() is None:
        try:
            if sum(1 for n in os.listdir(d) if n.endswith(".eml")) >= want:
                break
        except FileNotFoundError:
            pass
        time.sleep(0.001)
    p.send_signal(sig)
    try:
        rc = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
        failures.append(f"trial {trial}: {sig.name} did not end the program")
    stop.set()
    try:
        p.stdin.close()
    except OSError:
        pass
    t.join()
    err = p.stderr.read().decode("utf-8", "replace")
    if rc != -sig:
        failures.append(f"trial {trial}: exit {rc}, want death by {sig.name}; stderr {err[-300:]}")
    names = os.listdir(d)
    partial = [n for n in names if not n.endswith(".eml")]
    if partial:
        left_tmp += 1
        failures.append(f"trial {trial} ({sig.name}, -j {jobs}): left {partial}")
    for n in names:
        if n.endswith(".eml"):
            with open(os.path.join(d, n), "rb") as f:
                msg = email.message_from_bytes(f.read(), policy=email.policy.default)
            line = int(n[:-4])
            if msg["Subject"] != f"line {line}" or len(msg.get_content()) < 60000:
                failures.append(f"trial {trial}: {n} is not the complete draft of line {line}")
                break

shutil.rmtree(tmp, ignore_errors=True)
for f in failures:
    print("FAIL:", f)
if failures:
    print(f"batch_signals: {len(failures)} failure(s); {left_tmp} of 30 trials left a partial file")
    sys.exit(1)
print("batch_signals: ok, 30 trials, no partial file left")
