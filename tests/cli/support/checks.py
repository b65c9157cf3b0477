"""Counting checks in the command-line tests.

    checks = Checks("handler_lenient", show_passed=True)
    check, failures = checks.check, checks.failures
    check(rc == 0, "open: exit 0")   # prints "FAIL: ..." when false ("ok:   ..." when shown)
    checks.finish()                   # "<name>: N failure(s)" and exit 1, or "<name>: all checks passed"

failures is the list of what failed, for a test that adds to it or counts it itself."""
import sys


class Checks:
    def __init__(self, name, show_passed=False):
        self.name = name
        self.show_passed = show_passed
        self.failures = []

    def check(self, ok, what):
        if not ok:
            self.failures.append(what)
            print("FAIL:", what, flush=True)
        elif self.show_passed:
            print("ok:  ", what, flush=True)
        return bool(ok)

    def fail(self, what):
        self.check(False, what)

    def finish(self):
        if self.failures:
            print(f"{self.name}: {len(self.failures)} failure(s)")
            sys.exit(1)
        print(f"{self.name}: all checks passed")
        sys.exit(0)
