"""The Roundcube test bed itself (tests/harness/roundcube.py): a private Dovecot and Roundcube on
loopback, a real Chromium logged in through Roundcube's login form, and compose URLs built here
(nothing in mailtokit writes them yet) with hostile values: & # + % = and quotes, non-ASCII, a
multi-line body with CRLF, a 10 KB body, two To addresses, Cc and Bcc. Each is opened in the
browser and the compose form is read back from the page's DOM (_to, _cc, _bcc, _subject,
_message): it must hold exactly the values, and what a person sees in the recipient widgets must
agree. One case is also saved as a draft by Roundcube's own Save command, and the message file
Dovecot wrote in Drafts must hold the same values. A URL of a naive encoder (a raw `+`) must read
back differently (PHP's query parser makes it a space): the readback can fail. A few behaviours of
the compose action worth knowing are recorded, not judged ('observed' in the results). Last, the
path a mailtokit test will take: a desktop Chromium (a window under Xvfb) logged in, a compose URL
handed to it as xdg-open does (`chromium URL`, a new tab), the tab found by its URL and read.

Writes MAILTOKIT_RESULTS/webmail/roundcube-bed.json (versions, every URL, expected and read
values, timings), roundcube-compose.png (Page.captureScreenshot of a compose page, headless),
roundcube-desktop-compose.png and roundcube-desktop-screen.png (the desktop browser's tab, and
the whole X screen).
usage: roundcube_bed_test.py [PROG]  (PROG, the mailtokit program ctest passes, is not used)"""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.parse
from pathlib import Path

from harness.checks import Checks, Failure
from harness.roundcube import CHROMIUM_FLAGS, DevTools, Roundcube, versions
from harness.session import Session

SPECIALS = "Q&A #1: 1+1=2, 100% \"sure\" & 'quoted' ?x=y;z"
NON_ASCII = "café 納豆 – Grüße ✓"
MULTILINE = "line 1\r\nline 2 & more\r\n\r\nline 4: 50% + ü\r\n"
LONG_BODY = "".join(f"{i:05d} the quick brown fox jumps over the lazy dog & co.\r\n" for i in range(200))[:10240]

# name -> the compose fields (to, cc, bcc, subject, body) as the person means them.
CASES = {
    "specials": {"to": "a@example.org", "subject": SPECIALS, "body": SPECIALS},
    "non_ascii": {"to": "info@example.org", "subject": NON_ASCII, "body": NON_ASCII + "\r\n日本語の本文"},
    "multiline": {"to": "a@example.org", "subject": "Lines", "body": MULTILINE},
    "long_body": {"to": "long@example.org", "subject": "10 KB", "body": LONG_BODY},
    "recipients": {"to": "a@example.org, b@example.org", "cc": "c@example.org", "bcc": "d@example.org",
                   "subject": "two To, one Cc, one Bcc"},
    "plus_address": {"to": "o'brien+tag@example.org", "subject": "a + in the address"},
    "all": {"to": "first@example.org, second+x@example.org", "cc": "copy@example.org", "bcc": "hidden@example.org",
            "subject": "All: " + SPECIALS + " " + NON_ASCII, "body": MULTILINE + SPECIALS + "\r\n" + NON_ASCII},
}
DRAFT_CASE = "all"
SCREENSHOT_CASE = "all"


def results_dir() -> Path:
    d = Path(os.environ.get("MAILTOKIT_RESULTS") or "desktop-results") / "webmail"
    d.mkdir(parents=True, exist_ok=True)
    return d


def addresses(text: str) -> list[str]:
    return [a.strip() for a in text.split(",") if a.strip()]


def expected_form(fields: dict[str, str]) -> dict:
    """What the form must hold: the recipients as lists, the subject as is, the body with LF line
    breaks (a textarea's value; the form sends CRLF)."""
    return {"to": addresses(fields.get("to", "")), "cc": addresses(fields.get("cc", "")),
            "bcc": addresses(fields.get("bcc", "")), "subject": fields.get("subject", ""),
            "body": fields.get("body", "").replace("\r\n", "\n")}


def read_form(got: dict) -> dict:
    return {"to": addresses(got["to"]), "cc": addresses(got["cc"]), "bcc": addresses(got["bcc"]),
            "subject": got["subject"], "body": got["body"]}


def diff(name: str, want, got) -> str:
    if isinstance(want, str) and isinstance(got, str) and len(want) > 200:
        at = next((i for i, (a, b) in enumerate(zip(want, got)) if a != b), min(len(want), len(got)))
        return f"{name}: {len(got)} chars, want {len(want)}; first difference at {at}: {got[at:at + 40]!r} vs {want[at:at + 40]!r}"
    return f"{name}: got {got!r}, want {want!r}"


def naive_url(rc: Roundcube, fields: dict[str, str]) -> str:
    """A naive encoder: spaces become %20, everything else is left raw (a `+` too)."""
    return rc.compose_url("&".join(f"_{k}={v.replace(' ', '%20')}" for k, v in fields.items()))


def desktop_browser(rc: Roundcube, checks: Checks, report: dict, out: Path) -> None:
    """The path a mailtokit test will take: a desktop's Chromium (a window under Xvfb, with
    --remote-debugging-port) already running and logged in, and a compose URL handed to it as
    xdg-open hands one (a second `chromium URL` with the same profile opens a tab in the running
    one). The bed attaches to that tab by its URL and reads the form back."""
    t0 = time.monotonic()
    fields = CASES["all"]
    with Session("roundcube-desktop") as s:
        profile = s.root / "chromium"
        argv = ["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={profile}"]
        s.spawn([*argv, "--remote-debugging-port=0", "about:blank"], log=out / "roundcube-desktop-chromium.log")
        with DevTools.attach_profile(profile, "about:blank") as b:
            rc.login(b)
        s.spawn([*argv, rc.compose_url(**fields)])  # as xdg-open starts the browser with a URL
        with DevTools.attach_profile(profile, f"{rc.origin}/?_task=mail&_action=compose") as b:
            got = rc.compose_fields(b)
            b.screenshot(out / "roundcube-desktop-compose.png")
        want, have = expected_form(fields), read_form(got)
        for k in want:
            checks.check(have[k] == want[k], f"desktop browser: {k} read back from the tab the URL opened"
                         if have[k] == want[k] else "desktop browser: " + diff(k, want[k], have[k]))
        s.screenshot(out / "roundcube-desktop-screen.png")
    report["desktop_browser"] = {"read": have, "seconds": round(time.monotonic() - t0, 2)}


def run() -> int:
    checks = Checks("webmail: roundcube_bed", show_passed=True)
    check = checks.check
    out = results_dir()
    t0 = time.monotonic()
    report: dict = {"versions": versions(), "cases": {}, "observed": {}}
    print("versions:", json.dumps(report["versions"], ensure_ascii=False), flush=True)
    with Roundcube() as rc:
        report["timings"] = {"servers_ready_s": round(time.monotonic() - t0, 2)}
        with DevTools.launch(rc.root / "chromium", log=out / "roundcube-chromium.log") as b:
            try:
                rc.login(b)
                report["timings"]["logged_in_s"] = round(time.monotonic() - t0, 2)
                for name, fields in CASES.items():
                    url = rc.compose_url(**fields)
                    got = rc.compose_fields(b, url)
                    want, have = expected_form(fields), read_form(got)
                    for k in want:
                        check(have[k] == want[k], f"{name}: {k} read back exactly" if have[k] == want[k]
                              else f"{name}: " + diff(k, want[k], have[k]))
                    for k in ("to", "cc", "bcc"):  # what a person sees in the recipient widgets
                        shown = (got["shown"][k] or {}).get("items", [])
                        check(shown == want[k], f"{name}: the {k} widget shows {shown} (want {want[k]})")
                        if want[k]:
                            check((got["shown"][k] or {}).get("visible"), f"{name}: the {k} row is visible")
                    report["cases"][name] = {"url": url, "expected": want, "read": have, "raw": got["raw"],
                                             "shown": got["shown"]}
                    if name == SCREENSHOT_CASE:
                        b.screenshot(out / "roundcube-compose.png")
                    if name == DRAFT_CASE:
                        draft = rc.save_draft(b)
                        body = draft.get_body(("plain",)).get_content()
                        saved = {"to": addresses(str(draft["To"] or "")), "cc": addresses(str(draft["Cc"] or "")),
                                 "bcc": addresses(str(draft["Bcc"] or "")), "subject": str(draft["Subject"] or ""),
                                 "body": body.replace("\r\n", "\n")}
                        for k in want:
                            check(saved[k] == want[k], f"{name}: the draft in Drafts holds {k}" if saved[k] == want[k]
                                  else f"{name}: draft " + diff(k, want[k], saved[k]))
                        report["cases"][name]["draft"] = saved
                        report["cases"][name]["draft_headers"] = {k: str(v) for k, v in draft.items()}
                report["timings"]["cases_done_s"] = round(time.monotonic() - t0, 2)

                # The readback can fail: a raw + is a space to PHP's query parser.
                naive = {"to": "a@example.org", "subject": "1+1=2", "body": "C++ rocks"}
                url = naive_url(rc, naive)
                got = read_form(rc.compose_fields(b, url))
                check(got["subject"] == "1 1=2" and got["body"] == "C   rocks",
                      f"naive encoder: a raw + read back as a space: subject {got['subject']!r}, body {got['body']!r}")
                check(got != expected_form(naive), "naive encoder: the readback tells it from the right values")
                report["naive"] = {"url": url, "meant": expected_form(naive), "read": got}

                # What the compose action does with a few more inputs, recorded for the reader.
                observe = {
                    # _to is decoded once more (rawurldecode) after PHP's query parsing
                    "to_decoded_twice": rc.compose_url("_to=" + urllib.parse.quote("x%41@example.org", safe="")),
                    # _to may be a whole mailto: URI; its query is read with parse_str
                    "to_is_mailto": rc.compose_url("_to=" + urllib.parse.quote(
                        "mailto:a@example.org?cc=c@example.org&subject=From%20mailto&body=1%2B1", safe="")),
                    "to_is_mailto_with_to": rc.compose_url("_to=" + urllib.parse.quote(
                        "mailto:a@example.org?to=b@example.org", safe="")),
                    # a body with < is taken for HTML
                    "body_with_lt": rc.compose_url(to="a@example.org", subject="lt", body="if a < b then\r\nc > d"),
                    # names of the mailto: form without the underscore are not read
                    "no_underscore": rc.compose_url("to=a@example.org&subject=plain%20names"),
                }
                for key, url in observe.items():
                    got = rc.compose_fields(b, url)
                    report["observed"][key] = {"url": url, "read": read_form(got), "raw": got["raw"]}
                    print(f"observed {key}: {json.dumps(read_form(got), ensure_ascii=False)[:300]}", flush=True)
            except Failure:
                b.screenshot(out / "roundcube-failure.png")
                raise
            finally:
                report["errors_log"] = rc.errors()[-5000:]
        desktop_browser(rc, checks, report, out)
    report["timings"]["total_s"] = round(time.monotonic() - t0, 2)
    report["failures"] = checks.failures
    (out / "roundcube-bed.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    print(f"results: {out / 'roundcube-bed.json'}, screenshot: {out / 'roundcube-compose.png'}; "
          f"{report['timings']['total_s']} s", flush=True)
    return checks.report("Roundcube test bed", f"{len(CASES)} compose URLs read back exactly, the draft too, "
                                               "a naive URL told apart, and a desktop browser's tab read")


if __name__ == "__main__":
    try:
        code = run()
    except Failure as e:
        print(f"FAIL: {e}", flush=True)
        code = 1
    sys.exit(code)
