"""Counted checks and the report of a test.

    checks = Checks("handler_lenient", show_passed=True)
    check, failures = checks.check, checks.failures
    check(rc == 0, "open: exit 0")   # prints "FAIL: ..." when false ("ok:   ..." when shown)
    checks.finish()                   # "<name>: N failure(s)" and exit 1, or "<name>: all checks passed"

failures is the list of what failed, for a test that adds to it or counts it itself; passed
counts the checks that held. `out` is where the lines go (a test that keeps stdout for its own
report gives sys.stderr). A test with a PASS/FAIL line ends with `return checks.report(WHAT,
"what held")` in a body that main() runs: main(run) calls run(the program's path, argv[1]) and
exits with what it returns; a Failure raised on the way (a program missing, a window that never
appeared) is a FAIL line and exit 1."""
import os
import sys


class Failure(Exception):
    """A test failure with a message for the log (not a skip: a missing program fails)."""


def main(run) -> None:
    """Run a test body: argv[1] is the program; failures exit 1 with the reason."""
    if len(sys.argv) < 2:
        print(f"usage: {os.path.basename(sys.argv[0])} /path/to/mailtokit", file=sys.stderr)
        sys.exit(2)
    try:
        code = run(os.path.abspath(sys.argv[1]))
    except Failure as e:
        print(f"FAIL: {e}", flush=True)
        code = 1
    sys.exit(code)


class Checks:
    def __init__(self, name, show_passed=False, out=None):
        self.name = name
        self.show_passed = show_passed
        self.out = out
        self.failures = []
        self.passed = 0

    def check(self, ok, what):
        if not ok:
            self.failures.append(what)
            print("FAIL:", what, flush=True, file=self.out or sys.stdout)
        else:
            self.passed += 1
            if self.show_passed:
                print("ok:  ", what, flush=True, file=self.out or sys.stdout)
        return bool(ok)

    def report(self, what, held, fail_note=""):
        """The test's last line and its exit status: "FAIL WHAT: N problem(s)FAIL_NOTE" and 1, or
        "PASS WHAT: HELD" and 0."""
        if self.failures:
            print(f"FAIL {what}: {len(self.failures)} problem(s){fail_note}", flush=True)
            return 1
        print(f"PASS {what}: {held}", flush=True)
        return 0

    def fail(self, what):
        self.check(False, what)

    def finish(self):
        if self.failures:
            print(f"{self.name}: {len(self.failures)} failure(s)")
            sys.exit(1)
        print(f"{self.name}: all checks passed")
        sys.exit(0)
