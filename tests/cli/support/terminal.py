"""Run a program on a pseudo-terminal and answer its prompts, as a person at a terminal would.

run_on_terminal(argv, env, prompt, answers, timeout) starts argv with a new pseudo-terminal as
its stdin, stdout and stderr, reads what it shows, and each time one more `prompt` (bytes) has
appeared types the next of `answers` (bytes each). It returns (exit status, everything shown as
text, timed_out); a program still running after `timeout` seconds is killed and timed_out is
True. `early` (bytes) is typed the moment the program starts, before anything is shown (keys
typed ahead of a question)."""
import os
import pty
import select
import subprocess
import time


def run_on_terminal(argv, env, prompt, answers, timeout=20, early=b""):
    master, slave = pty.openpty()
    p = subprocess.Popen(list(argv), stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    if early:
        os.write(master, early)
    shown = b""
    answers = list(answers)
    prompts = 0
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        r, _, _ = select.select([master], [], [], 0.1)
        if r:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the program closed the terminal
                break
            if not chunk:
                break
            shown += chunk
        if shown.count(prompt) > prompts and answers:
            prompts += 1
            os.write(master, answers.pop(0))
        if p.poll() is not None and not r:
            break
    timed_out = False
    try:
        rc = p.wait(timeout=5)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
        timed_out = True
    os.close(master)
    return rc, shown.decode("utf-8", "replace"), timed_out
