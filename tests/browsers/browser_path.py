"""The browser path, with the real browsers: a page of mailto: links, a click on each, the browser
runs the registered handler (Chromium through xdg-email and xdg-open, Firefox through GIO's
gio-launch-desktop), and we record what arrived.

Shared by chromium_test.py and firefox_test.py. In a private desktop (harness/session.py: Xvfb, D-Bus,
private HOME) the test
  1. runs `mailtokit register` (the real xdg-mime / desktop-file machinery) and configures
     `target = custom` with a recorder script that writes its argv (one JSON array) to a file;
  2. serves a page of mailto: links on 127.0.0.1 (a server of its own, ended with the test);
  3. starts the browser with a fresh profile under `strace -f -e trace=execve` (an observer only:
     it records every program the browser starts, with the exact bytes of each argument, so the
     argv that mailtokit received is read from the kernel's execve, not guessed);
  4. clicks each link (xdotool, on coordinates fixed by the page layout in a kiosk window) and
     waits for the recorder;
  5. checks that the handler got the link as one argument and that `mailtokit inspect --json`
     reads it exactly as it reads the link written in the page (To, Cc, Bcc, Subject, Body, other
     headers, dropped fields), and that the clean URI the handler passed on reads the same;
  5a. clicks one more link, `attach=` naming an existing ordinary file in the private HOME, with
     `confirm = risky` and a recorder given the draft file (`%f`): if mailtokit asks about the
     file (it cannot always tell that a browser started it), Enter (the default) answers; the
     draft must hold no attachment and the file's content nowhere (issue 23);
  6. times click-to-client again without strace (a second fresh profile: the client must get the
     same clean URI), and checks whether `--headless` runs the handler (a page opening a link);
  7. writes MAILTOKIT_RESULTS/compat/<browser>.json (the README's compatibility table) and
     MAILTOKIT_RESULTS/browsers/<browser>-argv.json (every argv byte for byte), with screenshots.
A link over Linux's 131072-byte argument limit cannot reach any handler: the test records the
E2BIG the kernel gives the browser's launcher, and fails if a shorter link meets it.
A missing program fails the test; nothing is skipped.
"""

from __future__ import annotations

import html
import http.server
import email
import email.policy
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from typing import Callable
from pathlib import Path

from harness.desktop import write_config
from harness.links import DISPLAY_NAME
from harness.record import in_dir, read, runs, write_recorder
from harness.session import Failure, Session, require, wait_for
from harness.titles import QUESTION

# The page layout: each link is a block of this height at a fixed place, so its centre on the
# screen is known when the browser shows the page in a kiosk window (content at 0,0).
ROW_HEIGHT = 34
TOP = 8
LEFT = 8
WIDTH = 900

LONG_BODY_LINES = 700  # about 56 KB of link once percent-encoded
# Linux: one argument of execve is at most MAX_ARG_STRLEN = 32 pages (131072 bytes, the NUL included).
MAX_ARG_STRLEN = 131072


@dataclass
class Link:
    key: str
    column: str | None  # compatibility-table column this link decides, or None (extra facts)
    attr: str  # the href attribute exactly as the HTML source writes it
    label: str
    charset: str = "utf-8"  # another one: the link is in a frame whose page is in that encoding

    @property
    def written(self) -> str:
        """The link as the page means it: the attribute after HTML character references."""
        return html.unescape(self.attr)


def _long_body() -> str:
    lines = [f"line {i:04d}: the quick brown fox jumps over the lazy dog" for i in range(LONG_BODY_LINES)]
    return urllib.parse.quote("\r\n".join(lines), safe="")


def links() -> list[Link]:
    """The links of the page. Attributes are HTML source text (so `&amp;` is an HTML reference)."""
    return [
        Link("raw_space", "Raw space", "mailto:jane@example.org?subject=Hello there, Jane&body=two words  and more",
             "raw spaces"),
        Link("raw_non_ascii", "Raw non-ASCII", "mailto:info@example.org?subject=Grüße aus Köln – 日本&body=café ✓",
             "raw non-ASCII"),
        Link("pct_utf8", "Raw non-ASCII", "mailto:info@example.org?subject=Gr%C3%BC%C3%9Fe&body=caf%C3%A9%20%E2%9C%93",
             "percent-encoded UTF-8"),
        Link("amp", "&amp;", "mailto:a@example.org?subject=One&amp;body=Two&amp;cc=c@example.org", "&amp; in the attribute"),
        Link("upper", "MAILTO: uppercase", "MAILTO:Upper@Example.ORG?SUBJECT=Caps&Body=Big", "MAILTO: uppercase"),
        Link("long", "Long link", "mailto:long@example.org?subject=Long&body=" + _long_body(), "a very long link"),
        Link("display_name", "Display name", "mailto:" + DISPLAY_NAME + "?subject=Name",
             "display name with a comma"),
        Link("idn_raw", "IDN", "mailto:user@bücher.example?subject=IDN", "IDN domain, raw Unicode"),
        Link("idn_pct", "IDN", "mailto:user@b%C3%BCcher.example?subject=IDN%20encoded", "IDN domain, percent-encoded"),
        Link("specials", "Subject specials",
             "mailto:a@example.org?subject=Q%26A%20%2B%20100%25%20%23%20%3F%20%3D%20ok&body=1+1=2", "subject & + % # ? ="),
        Link("multiline", "Multi-line body",
             "mailto:a@example.org?subject=Lines&body=line%201%0D%0Aline%202%0D%0A%0D%0Aline%204%20%C3%BC", "multi-line body"),
        Link("attach", "attach dropped",
             "mailto:a@example.org?subject=Report&amp;attach=/etc/passwd&amp;attachment=file:///etc/shadow", "attach="),
        Link("recipients", None,
             "mailto:a@example.org,b@example.org?cc=c@example.org&amp;bcc=d@example.org&amp;to=e@example.org", "to, cc, bcc"),
        Link("raw_delims", None, "mailto:o'brien+tag@example.org?subject=it's (1,2) $5 *!;:@/", "raw ' + , ( ) $ * ! ; : @ /"),
        Link("fragment", None, "mailto:a@example.org?subject=frag#part", "a fragment"),
        Link("html_specials", None, "mailto:a@example.org?subject=&lt;b&gt; &quot;quoted&quot; `x` {y} |z| ^\\",
             "< > \" ` { } | ^ \\"),
        Link("raw_tab_newline", None, "mailto:a@example.org?subject=tab\there&body=a\nb", "raw tab and newline in the attribute"),
        Link("raw_percent", None, "mailto:a@example.org?subject=100% sure&body=50%off", "raw % not followed by two hex digits"),
        Link("second_question", None, "mailto:a@example.org?subject=why?&body=because", "a second raw ?"),
        Link("raw_path", None, "mailto:&quot;Doe, Jane&quot; <jane@example.org>?subject=raw path",
             "raw display name in the address"),
        Link("raw_local_part", None, "mailto:jörg@bücher.example?subject=UTF-8 local part", "raw non-ASCII local part"),
        Link("legacy_charset", None, "mailto:a@example.org?subject=Café für Sie&body=é", "raw non-ASCII in a windows-1252 page",
             "windows-1252"),
        Link("over_arg_max", None, "mailto:big@example.org?subject=Too%20long&body=" + "%20" * (MAX_ARG_STRLEN // 3 + 10),
             "a link over 128 KiB"),
    ]


def _doc(title: str, body: str, charset: str) -> bytes:
    return ("<!DOCTYPE html>\n<html><head>"
            f"<meta charset=\"{charset}\"><title>{title}</title>\n"
            "<style>html,body{margin:0;background:#fff;font:16px sans-serif}"
            f"a,iframe{{position:absolute;left:{LEFT}px;width:{WIDTH}px;height:{ROW_HEIGHT - 4}px;border:0}}"
            f"a{{line-height:{ROW_HEIGHT - 4}px;display:block;background:#e8eefc;outline:1px solid #99a;overflow:hidden;"
            "white-space:nowrap}</style>\n"
            "</head><body>\n" + body + "\n</body></html>\n").encode(charset)


def pages(items: list[Link], extra: tuple[Link, ...] | list[Link] = ()) -> dict[str, tuple[bytes, str]]:
    """The page of links (/links.html) and a framed page for each link in another encoding:
    path -> (bytes, charset). `extra` links follow the numbered ones (clicked by a phase of
    their own: attach_home_link)."""
    rows = []
    out = {}
    for i, link in enumerate(items):
        top = TOP + i * ROW_HEIGHT
        def anchor(top: int, label: str) -> str:
            return f'<a id="{link.key}" href="{link.attr}" style="top:{top}px">{html.escape(label)}</a>'

        if link.charset == "utf-8":
            rows.append(anchor(top, f"{i + 1}. {link.label}"))
        else:
            frame = f"/frame-{link.key}.html"
            out[frame] = (_doc(link.key, anchor(0, f"{i + 1}. {link.label} ({link.charset})"), link.charset), link.charset)
            rows.append(f'<iframe src="{frame}" style="top:{top}px" scrolling="no"></iframe>')
    for j, link in enumerate(extra):
        top = TOP + (len(items) + j) * ROW_HEIGHT
        rows.append(f'<a id="{link.key}" href="{link.attr}" style="top:{top}px">{html.escape(link.label)}</a>')
    out["/links.html"] = (_doc("mailto links", "\n".join(rows), "utf-8"), "utf-8")
    out["/auto.html"] = (self_navigating_page(AUTO_LINK), "utf-8")
    return out


def self_navigating_page(link: str) -> bytes:
    """A page that opens a link by itself on load (no click, no user gesture)."""
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>self-navigating</title></head><body>\n"
            f"<script>location.href = {json.dumps(link)};</script>\n</body></html>\n").encode("utf-8")


AUTO_LINK = "mailto:auto@example.org?subject=opened%20by%20the%20page%20itself"


def centre(index: int) -> tuple[int, int]:
    return LEFT + WIDTH // 2, TOP + index * ROW_HEIGHT + (ROW_HEIGHT - 4) // 2


class PageServer:
    """The page on 127.0.0.1 (an ephemeral port), served by a thread of this test."""

    def __init__(self, pages: dict[str, tuple[bytes, str]]):

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's name)
                page, charset = pages.get(self.path.split("?")[0], (None, ""))
                if page is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", f"text/html; charset={charset}")
                self.send_header("Content-Length", str(len(page)))
                self.send_header("Cache-Control", "no-store")
                self.end_headers()
                self.wfile.write(page)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.url = self.origin + "/links.html"
        self.auto_url = self.origin + "/auto.html"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "PageServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# ---- the handler's side ---------------------------------------------------------------------

# The recorders (harness/record.py) have their record folder written into the script, not passed
# in the environment: a browser may hand the link to the desktop portal
# (org.freedesktop.portal.OpenURI, when xdg-desktop-portal is installed), which starts the
# handler with the session bus's environment, not the browser's. The stand-in mail client
# records its argv; in the attach phase it also keeps the draft file mailtokit wrote (%f).


def attach_home_link(s: Session) -> tuple[Link, Path]:
    """A link whose attach= names an existing ordinary file in the private HOME (issue 23: a link
    never attaches a file, even one mailtokit would offer for xdg-email --attach)."""
    report = s.home / "Documents" / "report.txt"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text("SECRET-report-content: the user's own report, which no link may attach\n")
    return Link("attach_home", None, f"mailto:a@example.org?subject=x&amp;attach={report}",
                "attach= an existing file in HOME"), report


def set_up_handler(s: Session, prog: str) -> Path:
    """register (real xdg-mime), the custom recorder target; returns the record directory."""
    records = s.root / "records"
    records.mkdir()
    tools = s.root / "tools"
    tools.mkdir()
    recorder = write_recorder(tools / "recorder", in_dir(records))
    write_config(s.env["XDG_CONFIG_HOME"], ["target = custom", f"command = {recorder} %u", "notify = no", "confirm = never"])
    out = s.run([prog, "register"]).stdout
    print("register:", out.strip().replace("\n", " | "))
    default = s.run(["xdg-mime", "query", "default", "x-scheme-handler/mailto"]).stdout.strip()
    if default != "mailtokit-handler.desktop":
        raise Failure(f"after register, xdg-mime names {default!r}")
    entry = s.home / ".local/share/applications/mailtokit-handler.desktop"
    exec_line = [l for l in entry.read_text().splitlines() if l.startswith("Exec=")]
    if exec_line != [f"Exec={prog} open %u"]:
        raise Failure(f"the registered entry runs {exec_line}, not {prog} open %u")
    return records


def new_records(records: Path, seen: set[str]) -> list[list[str]]:
    out = []
    for p in runs(records):
        if p.name not in seen:
            seen.add(p.name)
            out.append(read(p))
    return out


# ---- the observer: strace -f -e trace=execve -----------------------------------------------

_EXECVE = re.compile(r'^execve\("((?:\\x[0-9a-f]{2})*)", \[(.*)\], (?:0x[0-9a-f]+|\[.*\])(?: /\* \d+ vars? \*/)?\) '
                     r'= (0|-1 E2BIG)\b')

@dataclass
class Exec:
    pid: int
    path: bytes
    argv: list[bytes]
    e2big: bool  # the kernel refused it: an argument over MAX_ARG_STRLEN

    @property
    def name(self) -> str:
        return os.path.basename(os.fsdecode(self.path))
_HEXSTR = re.compile(r'"((?:\\x[0-9a-f]{2})*)"')


def _unhex(s: str) -> bytes:
    return bytes.fromhex(s.replace("\\x", ""))


class ExecTrace:
    """Every execve of the traced tree that ran or failed with E2BIG, argv as bytes (strace -xx:
    every byte in hex, so nothing is lost to escaping)."""

    def __init__(self, directory: Path):
        self.dir = directory
        self.dir.mkdir(parents=True, exist_ok=True)
        self._read: dict[str, int] = {}

    def wrap(self, argv: list[str]) -> list[str]:
        require("strace")
        return ["strace", "-f", "-ff", "-qq", "--seccomp-bpf", "-xx", "-v", "-s", "4194304", "-e", "trace=execve",
                "-e", "signal=none", "-o", str(self.dir / "exec")] + argv

    def new_execs(self) -> list[Exec]:
        """execve calls logged since the last call."""
        found = []
        for p in sorted(self.dir.glob("exec.*")):
            data = p.read_bytes()
            start = self._read.get(p.name, 0)
            end = data.rfind(b"\n") + 1
            if end <= start:
                continue
            self._read[p.name] = end
            for line in data[start:end].decode("ascii", "replace").splitlines():
                m = _EXECVE.match(line)
                if m:
                    argv = [_unhex(a) for a in _HEXSTR.findall(m.group(2))]
                    found.append(Exec(int(p.name.split(".")[-1]), _unhex(m.group(1)), argv, m.group(3) != "0"))
        return found


# ---- what arrived, compared with what the page wrote -----------------------------------------

FIELDS = ("to", "cc", "bcc", "subject", "body", "headers")


def whatwg_input(written: str) -> str:
    """What the page's link is once the browser's URL parser has read it (WHATWG URL Standard,
    "basic URL parser" steps 1-3): leading and trailing C0 controls and spaces removed, and every
    ASCII tab or newline removed. Only this transformation is expected of a browser."""
    return re.sub(r"[\t\n\r]", "", written.strip("".join(chr(c) for c in range(0x21))))


def inspect(prog: str, link: str) -> dict:
    r = subprocess.run([prog, "inspect", "--json", link], capture_output=True, text=True, timeout=30,
                       errors="surrogateescape")
    try:
        return json.loads(r.stdout)
    except ValueError:
        raise Failure(f"inspect --json printed no JSON for {link[:80]!r} (exit {r.returncode}): {r.stderr[:300]}")


def reading(j: dict, with_dropped: bool = True) -> dict:
    """The parts of inspect --json that make the draft (warnings differ by spelling, not meaning)."""
    out = {"ok": j.get("ok"), "error": (j.get("error") or {}).get("code")}
    out.update({k: j.get(k) for k in FIELDS})
    if with_dropped:
        out["dropped"] = [(d["name"], d["value"]) for d in j.get("dropped", [])]
    return out


def handed_over(prog: str, link: str, have: dict) -> dict:
    """`have` (reading() of the received link) less what `mailtokit open` says it leaves out of
    the hand-over or hands over without its display name (issue 45: only plain addresses and
    names are handed over), as its dry run tells on stderr."""
    r = subprocess.run([prog, "open", "--dry-run", "--target", "thunderbird", link], capture_output=True, text=True,
                       timeout=30, errors="surrogateescape")
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in have.items()}
    for m in re.finditer(r"left out (.+) \((To|Cc|Bcc)\): ", r.stderr):
        field = m.group(2).lower()
        out[field] = [a for a in out[field] or [] if a["address"] != m.group(1)]
    for m in re.finditer(r"hands (\S+) over without its display name", r.stderr):
        for field in ("to", "cc", "bcc"):
            out[field] = [({**a, "display_name": None} if a["address"] == m.group(1) else a) for a in out[field] or []]
    return out


def _pct(c: str) -> str:
    return "".join(f"%{b:02X}" for b in c.encode("utf-8", "surrogateescape"))


def byte_facts(written: str, received: str) -> dict:
    """How the received argument spells the written link: which characters stayed raw, which were
    percent-encoded (and how), removed, or changed case, in the path (before the first '?') and in
    the query. Walks both strings side by side."""
    facts: dict = {"identical": written == received, "length_written": len(written.encode("utf-8")),
                   "length_received": len(received.encode("utf-8", "surrogateescape"))}
    parts = {"path": {"percent_encoded": {}, "kept_raw": set()}, "query": {"percent_encoded": {}, "kept_raw": set()}}
    removed: list[str] = []
    case: list[list[str]] = []
    i = j = 0
    question = written.find("?")
    while i < len(written):
        c = written[i]
        part = parts["query" if 0 <= question <= i else "path"]
        # A '%' that the browser wrote as "%25" (written "%25" itself would be kept raw).
        escaped_percent = c == "%" and received[j:j + 3].upper() == "%25" and written[i + 1:i + 3].upper() != "25"
        if j < len(received) and received[j] == c and not escaped_percent:
            if not c.isalnum() or not c.isascii():
                part["kept_raw"].add(c)
            i += 1
            j += 1
        elif received[j:j + len(_pct(c))].upper() == _pct(c):
            part["percent_encoded"][c] = received[j:j + len(_pct(c))]
            i += 1
            j += len(_pct(c))
        elif j < len(received) and received[j].lower() == c.lower():
            if case and case[-1][2] == i:
                case[-1][0] += c
                case[-1][1] += received[j]
                case[-1][2] = i + 1
            else:
                case.append([c, received[j], i + 1])
            i += 1
            j += 1
        elif c in "\t\n\r" or (i == 0 or i == len(written) - 1) and ord(c) <= 0x20:
            removed.append(_pct(c))
            i += 1
        else:
            facts["differs_at"] = {"written_offset": i, "written": written[i:i + 40], "received": received[j:j + 40]}
            break
    if "differs_at" not in facts and j < len(received):
        facts["appended"] = received[j:j + 80]
    for name, part in parts.items():
        facts[name] = {"percent_encoded": dict(sorted(part["percent_encoded"].items())),
                       "kept_raw": "".join(sorted(part["kept_raw"]))}
    if removed:
        facts["removed"] = removed
    if case:
        facts["case_changed"] = [f"{a} -> {b}" for a, b, _ in case]
    return facts


def summary(f: dict) -> str:
    """One line for the README and the result file."""
    if f.get("never_arrives"):
        return f"never arrives ({f['length_written']} bytes): {f['never_arrives']}"
    if f["identical"]:
        return "byte for byte as written"
    out = []
    for name in ("path", "query"):
        p = f[name]
        if p["percent_encoded"]:
            out.append(f"{name} percent-encoded: " + " ".join(f"{c!r}->{e}" for c, e in p["percent_encoded"].items()))
    if f.get("removed"):
        out.append("removed: " + " ".join(f["removed"]))
    if f.get("case_changed"):
        out.append("case: " + ", ".join(f["case_changed"]))
    if f.get("differs_at"):
        out.append(f"differs at offset {f['differs_at']['written_offset']}: {f['differs_at']['received']!r}")
    if f.get("appended"):
        out.append(f"appended {f['appended']!r}")
    raw = [f"{name} {f[name]['kept_raw']}" for name in ("path", "query") if f[name]["kept_raw"]]
    if raw:
        out.append("kept raw: " + ", ".join(raw))
    return "; ".join(out)


def _short(s: str, n: int = 160) -> str:
    return s if len(s) <= n else f"{s[:n]}... ({len(s.encode('utf-8', 'surrogateescape'))} bytes)"


# ---- one browser, all links ----------------------------------------------------------------------

@dataclass
class Browser:
    """What differs between the browsers; the rest of the path is shared."""
    name: str  # "Chromium"
    slug: str  # "chromium": result file names
    program: str  # the command
    launchers: tuple[str, ...]  # the programs that carry the link to the handler: checked in the trace
    version_prefix: str  # what `PROGRAM --version` prints before the version number
    prepare: Callable[[Path], None]  # writes the user's own choices into the fresh profile directory
    command: Callable[[Path, str, bool], list[str]]  # (profile dir, url, headless) -> argv


def program_version(program: str, prefix: str) -> str:
    """The version number a program prints with --version, after `prefix`."""
    out = subprocess.run([program, "--version"], capture_output=True, text=True, timeout=60).stdout.strip()
    if not out.startswith(prefix):
        raise Failure(f"{program} --version printed {out!r}")
    return out[len(prefix):].split()[0]


@dataclass
class Context:
    s: Session
    prog: str
    trace: ExecTrace
    records: Path
    seen: set[str] = field(default_factory=set)


def run(browser: Browser) -> int:
    prog = os.path.realpath(sys.argv[1])
    results = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
    shots = results / "browsers"
    shots.mkdir(parents=True, exist_ok=True)
    (results / "compat").mkdir(parents=True, exist_ok=True)
    failures: list[str] = []
    started = time.monotonic()
    try:
        require(browser.program, "xdg-mime", "xdg-open", "strace", "import")
        version = program_version(browser.program, browser.version_prefix)
        print(f"{browser.name}: {version}")
        items = links()
        with Session(browser.slug) as s:
            home_link = attach_home_link(s)
            with PageServer(pages(items, [home_link[0]])) as page:
                ctx = Context(s, prog, ExecTrace(s.root / "trace"), set_up_handler(s, prog))
                profile = s.root / f"{browser.slug}-profile"
                profile.mkdir()
                browser.prepare(profile)
                browser_proc = s.spawn(ctx.trace.wrap(browser.command(profile, page.url, False)),
                                       log=s.root / f"{browser.slug}.log")
                t0 = time.monotonic()
                page_window = s.wait_window("mailto links", timeout=60)
                print(f"page shown after {time.monotonic() - t0:.1f} s")
                time.sleep(1.0)  # let the page paint before the first click
                s.screenshot(shots / f"{browser.slug}-page.png")
                ctx.trace.new_execs()
                per_link = [_click_one(ctx, browser, index, link, page_window, shots) for index, link in enumerate(items)]
                attach_home = _attach_home(ctx, browser, len(items), *home_link, shots)
                failures += attach_home["problems"]
                s.screenshot(shots / f"{browser.slug}-after-clicks.png")
                _end(browser_proc)
                timing = _timing_pass(ctx, browser, page.url, per_link[:TIMED_LINKS])
                headless = _headless_check(ctx, browser, page.auto_url)
        failures += _report(browser, version, per_link, timing, headless, results, attach_home)
    except Failure as e:
        failures.append(str(e))
    print(f"{browser.name}: {time.monotonic() - started:.1f} s in all")
    for f in failures:
        print("FAIL:", f)
    print(f"{browser.name}: {'all checks passed' if not failures else f'{len(failures)} failed'}")
    return 1 if failures else 0


def _end(proc: subprocess.Popen) -> None:
    """End the browser (and strace) now, so a second instance does not join it."""
    try:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=15)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(proc.pid, 9)
        proc.wait()


def _wait_handler(ctx: Context, t0: float, timeout: float = 20) -> tuple[list[Exec], list[Exec], list[list[str]]]:
    """Wait until the handler has run and its client (the recorder) has started, the handler
    refused the link (then no client starts), or the kernel refused to start a program for it
    (E2BIG). Returns (the handler's execs, all execs, records)."""
    execs: list[Exec] = []
    got: list[list[str]] = []
    handler: list[Exec] = []
    refused = False
    while time.monotonic() < t0 + timeout and not got and not refused:
        time.sleep(0.05)
        got += new_records(ctx.records, ctx.seen)
        execs += ctx.trace.new_execs()
        handler = [e for e in execs if e.path == ctx.prog.encode() and not e.e2big]
        if handler and not got:
            refused = not inspect(ctx.prog, os.fsdecode(handler[0].argv[-1])).get("ok")
        refused = refused or any(e.e2big for e in execs)
    time.sleep(0.3)  # a second, unexpected start would show here
    got += new_records(ctx.records, ctx.seen)
    execs += ctx.trace.new_execs()
    handler = [e for e in execs if e.path == ctx.prog.encode() and not e.e2big]
    return handler, execs, got


LAUNCHERS = ("xdg-settings", "xdg-email", "xdg-open", "gio-launch-desktop", "gio")


def _click_one(ctx: Context, browser: Browser, index: int, link: Link, page_window: str, shots: Path) -> dict:
    s, prog = ctx.s, ctx.prog
    before = set(s.windows("."))
    expected_input = whatwg_input(link.written)
    t0 = time.monotonic()
    s.click(*centre(index))
    handler, execs, got = _wait_handler(ctx, t0)
    seconds = time.monotonic() - t0
    chain = [e for e in execs if e.name in LAUNCHERS]
    launchers = [e.name for e in chain]
    r: dict = {"key": link.key, "column": link.column, "label": link.label, "html_attribute": link.attr,
               "written": link.written, "seconds_to_handler": round(seconds, 3), "launchers": launchers,
               "launcher_argv": [[os.fsdecode(a) for a in e.argv] + (["(E2BIG)"] if e.e2big else []) for e in chain],
               "problems": []}
    refused_by_kernel = [e.name for e in execs if e.e2big]
    if refused_by_kernel:
        # The browser tried to start a program with the link and the kernel said no: nothing can
        # reach any handler. Only a link over the limit may end like this.
        r["e2big"] = refused_by_kernel
        r["facts"] = {"identical": False, "length_written": len(expected_input.encode("utf-8")),
                      "never_arrives": f"execve of {refused_by_kernel[0]} failed with E2BIG"}
        if len(expected_input.encode("utf-8")) < MAX_ARG_STRLEN or handler or got:
            r["problems"].append(f"E2BIG for a link of {len(expected_input.encode())} bytes; handler ran: {bool(handler)}")
        print(f"{index + 1:2}. {link.key}: {seconds:.2f} s: {r['facts']['never_arrives']} "
              f"({r['facts']['length_written']} bytes): {'ok' if not r['problems'] else r['problems']}")
        return r
    # "Open external application?": a new window after the click would be the browser asking.
    dialogs = [w for w in s.windows(".") if w not in before and w != page_window]
    if dialogs:
        r["dialogs"] = [s.title(w) for w in dialogs]
        s.screenshot(shots / f"{browser.slug}-dialog-{index + 1}.png")
        r["problems"].append(f"the browser opened a window after the click: {r['dialogs']}")
    if not set(browser.launchers) <= set(launchers):
        r["problems"].append(f"the handler was not started through {' and '.join(browser.launchers)} (saw {launchers})")
    if len(handler) != 1:
        r["problems"].append(f"the handler ran {len(handler)} times (expected once)")
        return r
    argv = [os.fsdecode(a) for a in handler[0].argv]
    r["handler_argv"] = argv
    if argv[:2] != [prog, "open"] or len(argv) != 3:
        r["problems"].append(f"the handler's argv is not [{prog}, open, LINK]: {argv}")
        return r
    received = argv[2]
    r["received"] = received
    # What the browser gave its launcher, and whether the launcher passed it on unchanged.
    r["launchers_pass_it_unchanged"] = all(
        a[-1] == received for a in r["launcher_argv"] if a and a[-1].lower().startswith("mailto:"))
    r["facts"] = byte_facts(link.written, received)
    want = reading(inspect(prog, expected_input))
    have = reading(inspect(prog, received))
    r["reading_written"] = want
    r["reading_received"] = have
    if not want["ok"] and have["ok"] and not r["facts"].get("differs_at") and not r["facts"].get("appended"):
        # The page's link is malformed (mailtokit refuses it as written) and the browser handed
        # over a spelling of the same characters, some percent-encoded: a repair by the browser,
        # which mailtokit reads. Recorded, not a misreading.
        r["repaired_by_browser"] = f"mailtokit refuses the link as written ({want['error']}) and reads the repaired spelling"
    elif want != have:
        diff = {k: (want[k], have[k]) for k in want if want[k] != have[k]}
        r["problems"].append("mailtokit reads the received link differently: " + _short(json.dumps(diff, ensure_ascii=False), 400))
    if not have["ok"]:
        if got:
            r["problems"].append("the handler passed on a link that inspect refuses")
    elif len(got) != 1:
        r["problems"].append(f"the recorder ran {len(got)} times (expected once)")
    else:
        clean = got[0][-1]
        r["clean_uri"] = clean
        cleaned = reading(inspect(prog, clean), with_dropped=False)
        if cleaned != handed_over(prog, received, {k: v for k, v in have.items() if k != "dropped"}):
            r["problems"].append("the clean URI passed to the client reads differently: " + clean[:200])
        if any(n.lower().startswith("attach") for n, _ in have["dropped"]) and "attach" in clean.lower():
            r["problems"].append("attach survived in the clean URI")
    if not have["ok"]:
        r["handler_refuses"] = have["error"]
    status = "ok" if not r["problems"] else "; ".join(r["problems"])
    status += "".join(f" ({k}: {r[k]})" for k in ("repaired_by_browser", "handler_refuses") if k in r)
    print(f"{index + 1:2}. {link.key}: {seconds:.2f} s via {'/'.join(launchers) or '?'}: {status[:300]}\n"
          f"      {_short(summary(r['facts']), 300)}")
    return r


def _attach_home(ctx: Context, browser: Browser, index: int, link: Link, report: Path, shots: Path) -> dict:
    """Issue 23: a link whose attach= names an ordinary file in HOME never attaches it when the
    attachment question, if one appears, is answered with its default. For this click only, the
    configuration is what a user has by default (`confirm = risky`: mailtokit may ask) and the
    custom command takes the draft file (`%f`, which can carry attachments, so it is the link
    rule and the answer that keep the file out, not the target). Where mailtokit sees a browser
    among the processes that started it, it asks nothing; where it cannot tell (GIO launches it
    detached), it asks, and Enter (the default) is pressed. The draft must hold no attachment and
    the file's content nowhere, nor may the link passed on carry it."""
    s = ctx.s
    records = s.root / "records-attach"
    records.mkdir()
    recorder = write_recorder(s.root / "tools" / "draft-recorder", in_dir(records), copy="last")
    conf = s.home / ".config/mailtokit/config"
    before = conf.read_text()
    write_config(s.env["XDG_CONFIG_HOME"], ["target = custom", f"command = {recorder} %u %f", "notify = no", "confirm = risky"])
    r: dict = {"link": link.written, "file": str(report), "problems": []}
    try:
        t0 = time.monotonic()
        s.click(*centre(index))

        def outcome():
            got = runs(records)
            if got:
                return ("record", got)
            wins = s.windows(QUESTION)
            return ("question", wins) if wins else None
        kind, what = wait_for(outcome, 30, "the draft recorder or mailtokit's attachment question")
        r["asked"] = kind == "question"
        if kind == "question":
            time.sleep(0.5)  # drawn
            s.screenshot(shots / f"{browser.slug}-attach-question.png", window=what[-1])
            s.key(what[-1], "Return")
            what = wait_for(lambda: runs(records), 30, "the draft recorder after Enter")
        r["seconds"] = round(time.monotonic() - t0, 2)
        got = [{"argv": read(p), "draft": Path(f"{p}.text").read_bytes().decode("utf-8", "surrogateescape")}
               for p in what]
        time.sleep(0.5)  # a second, unexpected start would show here
        if len(runs(records)) != 1:
            r["problems"].append(f"attach_home: the recorder ran {len(runs(records))} times")
        draft = got[0]["draft"]
        r["argv"] = got[0]["argv"]
        msg = email.message_from_string(draft, policy=email.policy.default)
        parts = [p.get_filename() or p.get_content_type() for p in msg.iter_attachments()] if msg.is_multipart() else []
        r["attachments"] = parts
        if parts:
            r["problems"].append(f"attach_home: the draft has attachments: {parts}")
        if "SECRET-report-content" in draft or any("SECRET-report-content" in a for a in got[0]["argv"]):
            r["problems"].append("attach_home: the file's content reached the mail program")
        if any("attach" in a.lower() for a in got[0]["argv"][1:-1]):
            r["problems"].append(f"attach_home: attach survived in the link passed on: {got[0]['argv'][1:-1]}")
        if str(msg.get("Subject", "")) != "x" or "a@example.org" not in str(msg.get("To", "")):
            r["problems"].append(f"attach_home: the draft is not the link's: To {msg.get('To')!r}, Subject {msg.get('Subject')!r}")
    finally:
        conf.write_text(before)
        ctx.trace.new_execs()  # this click's programs are not the next phase's
    r["note"] = ("never attached: " + ("mailtokit asked (it cannot tell a browser started it), Enter answered"
                                       if r.get("asked") else "no question (the processes that started mailtokit showed a link)")
                 + ", the draft holds no attachment") if not r["problems"] else "; ".join(r["problems"])
    print(f"attach= of {report}: {'asked, Enter pressed' if r.get('asked') else 'not asked'}; "
          f"attachments {r.get('attachments')}: {'ok' if not r['problems'] else r['problems']}")
    return r


TIMED_LINKS = 6


def _timing_pass(ctx: Context, browser: Browser, url: str, traced: list[dict]) -> dict:
    """Click to handler, timed without the observer (strace slows every program start): a second
    fresh profile, the first links again. The client must get the same clean URI as under strace."""
    profile = ctx.s.root / f"{browser.slug}-timing-profile"
    profile.mkdir()
    browser.prepare(profile)
    proc = ctx.s.spawn(browser.command(profile, url, False), log=ctx.s.root / f"{browser.slug}-timing.log")
    ctx.s.wait_window("mailto links", timeout=60)
    time.sleep(1.0)
    new_records(ctx.records, ctx.seen)
    seconds, problems = [], []
    for index, r in enumerate(traced):
        t0 = time.monotonic()
        ctx.s.click(*centre(index))
        got = wait_for(lambda: new_records(ctx.records, ctx.seen), 20, f"the client for link {index + 1} (untraced)", 0.02)
        seconds.append(round(time.monotonic() - t0, 3))
        if [g[-1] for g in got] != [r.get("clean_uri")]:
            problems.append(f"{r['key']}: untraced, the client got {[g[-1][:80] for g in got]}, traced {r.get('clean_uri', '')[:80]}")
    _end(proc)
    print(f"click to client without strace: {seconds} s")
    return {"seconds": seconds, "median": sorted(seconds)[len(seconds) // 2], "problems": problems}


def _headless_check(ctx: Context, browser: Browser, url: str) -> dict:
    """Can the browser run the handler without a window (--headless)? A page that opens a
    mailto: link by itself, in a second fresh profile: the answer is measured, either way."""
    profile = ctx.s.root / f"{browser.slug}-headless-profile"
    profile.mkdir()
    browser.prepare(profile)
    argv = browser.command(profile, url, True)
    t0 = time.monotonic()
    proc = ctx.s.spawn(ctx.trace.wrap(argv), log=ctx.s.root / f"{browser.slug}-headless.log")
    handler, _, got = _wait_handler(ctx, t0, timeout=30)
    _end(proc)
    ran = [os.fsdecode(a) for a in handler[0].argv] if handler else None
    result = {"argv": argv, "handler_argv": ran, "client_started": bool(got),
              "seconds": round(time.monotonic() - t0, 2)}
    result["runs_handler"] = bool(ran) and ran[2:] == [AUTO_LINK] and len(got) == 1
    print(f"headless ({' '.join(a for a in argv if a.startswith('--headless'))}): "
          f"{'runs the handler' if result['runs_handler'] else 'does not run the handler'}: {ran}")
    return result


def _note(r: dict) -> str:
    if "facts" not in r:
        return "no argv: " + "; ".join(r["problems"])
    text = summary(r["facts"])
    if r.get("repaired_by_browser"):
        text += f" (repaired by the browser: {r['repaired_by_browser']})"
    elif r.get("handler_refuses"):
        text += f" (mailtokit refuses it: {r['handler_refuses']})"
    return text


def _report(browser: Browser, version: str, per_link: list[dict], timing: dict, headless: dict,
            results: Path, attach_home: dict) -> list[str]:
    failures = list(timing["problems"])
    columns: dict[str, list[dict]] = {}
    for r in per_link:
        if r["problems"]:
            failures.append(f"{r['key']}: " + "; ".join(r["problems"]))
        if r["column"]:
            columns.setdefault(r["column"], []).append(r)
    long_kb = next(len(r["written"]) for r in per_link if r["key"] == "long") // 1024
    cells, notes = {}, {}
    for column, rs in columns.items():
        name = f"Long link ({long_kb} KB)" if column == "Long link" else column
        bad = [r for r in rs if r["problems"]]
        cells[name] = "ok" if not bad else "; ".join(f"{r['label']}: {r['problems'][0]}" for r in bad)[:200]
        notes[name] = " | ".join(f"{r['label']}: {_note(r)}" for r in rs)
    for r in per_link:
        if not r["column"]:
            notes[r["label"]] = _note(r)
    times = sorted(r["seconds_to_handler"] for r in per_link)
    carriers = dict.fromkeys(name for r in per_link for name, argv in zip(r["launchers"], r["launcher_argv"])
                             if argv and argv[-1].lower().startswith("mailto:"))
    notes["launcher"] = " -> ".join(carriers) + " -> mailtokit open LINK (the link one argument all the way" + (
        ", unchanged" if all(r.get("launchers_pass_it_unchanged", True) for r in per_link) else ", CHANGED on the way") + ")"
    checks = dict.fromkeys(" ".join(argv) for r in per_link for name, argv in zip(r["launchers"], r["launcher_argv"])
                           if name == "xdg-settings")
    if checks:
        notes["before each launch"] = "; ".join(checks)
    notes["dialogs"] = "none: a fresh profile opens mailto: in the system's default handler without asking" if not any(
        r.get("dialogs") for r in per_link) else "; ".join(str(r.get("dialogs")) for r in per_link if r.get("dialogs"))
    notes["attach= of a file in HOME"] = attach_home["note"]
    notes["headless"] = ("runs the handler" if headless["runs_handler"] else "does not run the handler") + \
        " (" + " ".join(a for a in headless["argv"] if a.startswith("--headless")) + ", a page that opens a link itself)"
    notes["seconds_to_handler"] = (f"click to the client started (mailtokit in between): median of {len(timing['seconds'])} "
                                   f"clicks without strace {timing['seconds']}; under strace: median {times[len(times) // 2]}, "
                                   f"slowest {times[-1]}")
    compat = {"program": browser.name, "version": version, "kind": "browser", "cells": cells, "notes": notes,
              "seconds_to_handler": timing["median"]}
    (results / "compat" / f"{browser.slug}.json").write_text(json.dumps(compat, ensure_ascii=False, indent=1) + "\n")
    (results / "browsers" / f"{browser.slug}-argv.json").write_text(
        json.dumps({"program": browser.name, "version": version, "headless": headless, "untraced_timing": timing,
                    "attach_home": attach_home, "links": per_link}, ensure_ascii=False, indent=1) + "\n")
    print(f"wrote {results / 'compat' / (browser.slug + '.json')} and {results / 'browsers' / (browser.slug + '-argv.json')}")
    return failures
