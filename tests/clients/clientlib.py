"""What every mail-client test shares: the links, the expected draft (`mailtokit inspect --json`),
reading back and comparing what the client saved, the compatibility cells, terminal clients in
a private tmux server.

A client test opens each link with `mailtokit open --target NAME` (the real handler, configured
in the session's private HOME), makes the real client save its draft, parses that draft with
Python's email package and compares To, Cc, Bcc, Subject and Body with what `inspect` says the
link asks for. Nothing here knows what a client "should" hold beyond that.
"""

from __future__ import annotations

import email
import email.policy
import email.utils
import functools
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import idna

from harness.told import subject_as_told
from harness import titles
from harness.checks import Checks, main  # noqa: F401  (main re-exported)
from harness.desktop import write_config as _write_config
from harness.links import LINKS
from harness.session import (Failure, Session, processes_with_home, require, strip_ansi,  # noqa: F401  (re-exported)
                              tick_and_open, wait_for)


CELLS = ["To", "Cc", "Bcc", "Subject specials", "UTF-8", "Multi-line body", "IDN", "Display name",
         "attach dropped", "10 KB body", "Hostile addresses"]
FIELDS = ["To", "Cc", "Bcc", "Subject", "Body"]


def log(*a) -> None:
    print(*a, flush=True)


def results_dir() -> Path:
    d = Path(os.environ.get("MAILTOKIT_RESULTS") or "desktop-results")
    d.mkdir(parents=True, exist_ok=True)
    return d


# -- the expectation ---------------------------------------------------------------------------

def _norm_addr(name: str, addr: str) -> tuple[str, str]:
    local, _, domain = addr.rpartition("@")
    if not _:
        return (name.strip(), addr.strip())
    labels = []
    for label in domain.lower().split("."):
        if label.startswith("xn--"):
            try:
                label = idna.decode(label)
            except idna.IDNAError:
                pass
        labels.append(label)
    return (name.strip(), local + "@" + ".".join(labels))


def addresses(text: str) -> list[tuple[str, str]]:
    """An address-list header (decoded) as sorted (display name, local@unicode-domain) pairs."""
    if not text:
        return []
    return sorted(_norm_addr(n, a) for n, a in email.utils.getaddresses([text]) if a or n)


def handed_over(exp: dict, told: str) -> dict:
    """The draft a program should hold after mailtokit made the hand-over safe (issue 39): `exp`
    (inspect's reading) less each recipient mailtokit said it left out ("mailtokit left out ADDR
    (To): ..."), without each display name it said it left off ("mailtokit hands ADDR over
    without its display name ..."), with the subject as it said it handed it over ("put spaces
    into the Subject field ...; it reads: TEXT", "shortened the Subject field to N characters").
    Only what stderr told may differ; anything else must arrive."""
    out = dict(exp)
    for line in told.splitlines():
        m = re.search(r"left out (.+) \((To|Cc|Bcc)\): ", line)
        if m:
            # The address as the link wrote it; an invalid one is in `exp` as the pairs its text
            # parses into (expected()), each taken out once.
            field, text = m.group(2), m.group(1)
            rest = list(out[field])
            for p in addresses(text) or [("", _norm_addr("", text)[1])]:
                for i, q in enumerate(rest):
                    if q == p or q[1] == p[1]:
                        del rest[i]
                        break
            out[field] = sorted(rest)
            continue
        m = re.search(r"hands (\S+) over without its display name", line)
        if m:
            addr = _norm_addr("", m.group(1))[1]
            for f in ("To", "Cc", "Bcc"):
                out[f] = sorted(("", a) if a == addr else (n, a) for n, a in out[f])
    # A subject with codes a reader decodes again is handed over defused, one too long shortened.
    out["Subject"] = subject_as_told(out["Subject"], told)
    return out


def norm_body(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "\n".join(line.rstrip(" ") for line in text.split("\n")).strip("\n")


def _argv(program) -> list[str]:
    """The program as an argv prefix: a path, or a list (a wrapper such as setpriv first)."""
    return list(program) if isinstance(program, (list, tuple)) else [program]


def expected(s: Session, program, link: str) -> dict:
    r = s.run([*_argv(program), "inspect", "--json", link])
    j = json.loads(r.stdout)
    if not j.get("ok"):
        raise Failure(f"inspect refused {link}: {j.get('error')}")
    out = {}
    for f in ("to", "cc", "bcc"):
        # A valid address with its display name; an invalid one is the text as written.
        out[f.capitalize()] = sorted(
            p for a in j[f]
            for p in ([_norm_addr(a.get("display_name") or "", a["address"])] if a["valid"] else addresses(a["address"])))
    out["Subject"] = j.get("subject") or ""
    out["Body"] = norm_body(j.get("body") or "")
    out["dropped"] = [d["name"] for d in j.get("dropped", [])]
    return out


# -- what the client holds ---------------------------------------------------------------------

def _unflow(text: str, delsp: bool) -> str:
    """RFC 3676 format=flowed back to the text the user wrote."""
    out, cur = [], None
    for line in text.split("\n"):
        if line.startswith(" "):
            line = line[1:]  # space-stuffing
        flowed = line.endswith(" ") and line != "-- "
        if flowed and delsp:
            line = line[:-1]
        cur = line if cur is None else cur + line
        if not flowed:
            out.append(cur)
            cur = None
    if cur is not None:
        out.append(cur)
    return "\n".join(out)


def raw_addresses(raw: bytes, field: str) -> list[tuple[str, str]]:
    """An address field as the client wrote it: RFC 2047 words decoded in display names only (an
    encoded word in an address, as in user@=?utf-8?B?...?=, is not an address: it stays as is and
    fails the comparison); raw UTF-8 (RFC 6532) read as UTF-8."""
    import email.header
    head = re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[0].decode("utf-8", "replace")
    head = re.sub(r"\r?\n[ \t]", " ", head)  # unfold
    pairs = []
    for line in head.splitlines():
        name_part, colon, text = line.partition(":")
        if not colon or name_part.strip().lower() != field.lower():
            continue
        for name, addr in email.utils.getaddresses([text]):
            if not (name or addr):
                continue
            if "=?" in name:
                name = str(email.header.make_header(email.header.decode_header(name)))
            pairs.append(_norm_addr(name, addr))
    return sorted(pairs)


def held(raw: bytes) -> dict:
    """Parse a draft the client saved: header fields decoded, the text body, the parts."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    out = {f: raw_addresses(raw, f) for f in ("To", "Cc", "Bcc")}
    out["Subject"] = str(msg.get("Subject", "")).replace("\n", "").replace("\r", "")
    part = msg.get_body(preferencelist=("plain",))
    body = ""
    if part is not None:
        body = part.get_content()
        body = body.replace("\r\n", "\n")
        params = dict(part.get_params() or [])
        if str(params.get("format", "")).lower() == "flowed":
            body = _unflow(body, str(params.get("delsp", "")).lower() == "yes")
    out["Body"] = norm_body(body)
    out["parts"] = [p.get_content_type() + ("; attachment " + str(p.get_filename()) if p.is_attachment() else "")
                    for p in msg.walk()]
    out["attachments"] = [p.get_filename() or p.get_content_type() for p in msg.iter_attachments()] \
        if msg.is_multipart() else []
    return out


def _short(v) -> str:
    s = repr(v)
    return s if len(s) <= 90 else s[:87] + "..."


def compare(exp: dict, got: dict) -> dict[str, str]:
    """Field -> what differs (empty: everything the link asked for arrived)."""
    diffs = {}
    for f in FIELDS:
        if exp[f] != got[f]:
            if f == "Body" and len(exp[f]) > 200:
                n = next((i for i, (a, b) in enumerate(zip(exp[f], got[f])) if a != b), min(len(exp[f]), len(got[f])))
                diffs[f] = f"differs at character {n} (expected {len(exp[f])} characters, got {len(got[f])})"
            elif not got[f]:
                diffs[f] = f"dropped (expected {_short(exp[f])})"
            else:
                diffs[f] = f"expected {_short(exp[f])}, got {_short(got[f])}"
    if got.get("attachments"):
        diffs["attachments"] = f"an attachment arrived: {got['attachments']}"
    return diffs


class Report:
    """Per-link comparisons, the compatibility cells, the JSON file for the README table."""

    def __init__(self, program_label: str, version: str, kind: str = "client"):
        self.program = program_label
        self.version = version
        self.kind = kind
        self.cells: dict[str, str] = {c: "not run" for c in CELLS}
        self.notes: dict[str, str] = {}
        self.failures: list[str] = []
        self.times: list[float] = []
        self.cold: float | None = None
        self.disclosed: dict[str, str] = {}
        self.handed_again: list[str] = []  # links whose first hand-over opened no compose window
        self.client_faults: list[str] = []  # "link: fault": a composer the client broke itself, link handed again
        self.extra_links: dict[str, tuple[str, list[str]]] = {}  # one program's own links (run_gui_links)

    def check(self, link_id: str, exp: dict, got: dict, allowed: dict[str, str] | None = None,
              told_change=None) -> None:
        """Compare one link; `allowed`: field -> what mailtokit told the user before the draft
        opened. A told field may differ only by `told_change` (a function undoing exactly the
        change that was told: field value -> value); without one it may differ in any way."""
        diffs = compare(exp, got)
        allowed = allowed or {}
        if told_change:
            undone = {**got, **{f: told_change(got[f]) for f in allowed if f in got}}
            for f in [f for f in diffs if f in allowed]:
                if compare(exp, undone).get(f):
                    allowed = {k: v for k, v in allowed.items() if k != f}  # changed more than it said
        bad = {f: d for f, d in diffs.items() if f not in allowed}
        told = {f: allowed[f] for f in diffs if f in allowed}
        for f in FIELDS:
            state = "ok" if f not in diffs else ("DISCLOSED " + diffs[f] if f in told else "FAIL " + diffs[f])
            log(f"  [{link_id}] {f}: {state}")
        if "attachments" in diffs:
            log(f"  [{link_id}] FAIL {diffs['attachments']}")
        for f, d in bad.items():
            self.failures.append(f"{link_id}: {f}: {d}")
        for cell in {**LINKS, **self.extra_links}[link_id][1]:
            if bad:
                self.cells[cell] = "LOST: " + "; ".join(f"{f} {d}" for f, d in bad.items())[:160]
            elif told:
                self.cells[cell] = "changed, user told"
                self.notes[cell] = "; ".join(v.removeprefix("mailtokit: ") for v in told.values())
            elif self.cells[cell] in ("not run", "ok"):
                self.cells[cell] = "ok"

    def check_envelope(self, link_id: str, want: list[str], got: list[str], told: str) -> None:
        """What a sent draft's sendmail was given (mutt_send()) against the recipients shown."""
        ok = got == want
        log(f"  [{link_id}] envelope: {'ok' if ok else 'FAIL'} {got!r}" + ("" if ok else f", shown {want!r}"))
        if not ok:
            self.failures.append(f"{link_id}: sendmail got {got!r}, the user was shown {want!r}")
            for cell in {**LINKS, **self.extra_links}[link_id][1]:
                self.cells[cell] = f"LOST: sendmail got {got!r}"[:160]

    def write(self) -> Path:
        d = results_dir() / "compat"
        d.mkdir(parents=True, exist_ok=True)
        warm = sorted(self.times)
        data = {
            "program": self.program, "version": self.version, "kind": self.kind, "cells": self.cells,
            "notes": self.notes,
            "seconds_to_compose": round(warm[len(warm) // 2], 2) if warm else None,
            "seconds_first_compose": round(self.cold, 2) if self.cold is not None else None,
            "handed_over_twice": self.handed_again,
            "client_faults": self.client_faults,
        }
        slug = re.sub(r"[^a-z0-9]+", "-", self.program.lower()).strip("-")
        path = d / f"{slug}.json"
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        log(f"wrote {path}")
        return path

    def finish(self) -> int:
        self.write()
        for cell, v in self.cells.items():
            if v == "not run":
                self.failures.append(f"cell {cell} was not decided by any link")
        if self.failures:
            log(f"FAIL {self.program}: {len(self.failures)} problem(s)")
            for f in self.failures:
                log("  " + f)
            return 1
        told = any(v == "changed, user told" for v in self.cells.values())
        log(f"PASS {self.program} {self.version}: every field of every link arrived"
            + (" or its change was told to the user before the draft opened" if told else "")
            + (f" (handed over twice, no compose window the first time: {', '.join(self.handed_again)})"
               if self.handed_again else "")
            + (f" (a known fault of the client's own, the link handed over again: {'; '.join(self.client_faults)})"
               if self.client_faults else ""))
        return 0


# -- running the handler -----------------------------------------------------------------------

def write_config(s: Session, lines: list[str]) -> None:
    _write_config(s.env["XDG_CONFIG_HOME"], lines)


def _hand_over(s: Session, argv: list[str], what: str, told: str, refused: bool = False) -> subprocess.CompletedProcess:
    """Run a hand-over command (`mailtokit open`, `xdg-open`) as the desktop does and return what
    it told on stderr. Output goes to files, not pipes: the client it starts keeps them open.
    With `refused`, the command must fail (mailtokit refused to start the program)."""
    import tempfile
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:
            rc = subprocess.run(argv, env=s.env, stdin=subprocess.DEVNULL, stdout=out, stderr=err, timeout=60).returncode
        except subprocess.TimeoutExpired:
            raise Failure(f"{what} did not return in 60 s") from None
        out.seek(0)
        err.seek(0)
        r = subprocess.CompletedProcess(argv, rc, out.read().decode(errors="replace"), err.read().decode(errors="replace"))
    if r.returncode != 0 and not refused:
        raise Failure(f"{what} exited {r.returncode}: {r.stderr.strip()}")
    if r.returncode == 0 and refused:
        raise Failure(f"{what} exited 0, but it should have refused: {r.stderr.strip()}")
    for line in r.stderr.splitlines():
        log(f"  {told}: " + line)
    return r


def open_link(s: Session, program, target: str, link: str) -> subprocess.CompletedProcess:
    """`mailtokit open --target TARGET LINK`, as a browser runs it; its stderr is what it told."""
    return _hand_over(s, [*_argv(program), "open", "--no-notify", "--no-confirm", "--target", target, link],
                      "mailtokit open", "mailtokit told")


def desktop_handover(s: Session, program, entry_id: str, extra_config: list[str] = []) -> None:
    """Set up the desktop path once, as a user who had chosen a mail program does: ENTRY (the
    program's own desktop entry id, e.g. "org.gnome.Geary.desktop") becomes the default
    x-scheme-handler/mailto handler with the real `xdg-mime`; mailtokit's configuration gets
    `confirm = never` and `notify = no` but no `target` (extra_config lines are added as they are);
    then `mailtokit register`, which must remember ENTRY as the handler it replaced and make
    mailtokit-handler.desktop the default. open_via_xdg_open() then clicks links."""
    require("xdg-mime", "xdg-open")
    apps = [Path(s.env["XDG_DATA_HOME"]) / "applications",
            *(Path(d) / "applications" for d in s.env["XDG_DATA_DIRS"].split(":") if d)]
    if not any((d / entry_id).is_file() for d in apps):
        raise Failure(f"no desktop entry {entry_id} in {', '.join(map(str, apps))}")

    # A wrapper before the program (setpriv to another user, as the KMail test runs) runs these too.
    prefix = _argv(program)[:-1]

    def default() -> str:
        return s.run([*prefix, "xdg-mime", "query", "default", "x-scheme-handler/mailto"]).stdout.strip()
    s.run([*prefix, "xdg-mime", "default", entry_id, "x-scheme-handler/mailto"])
    if default() != entry_id:
        raise Failure(f"xdg-mime default {entry_id} did not take effect: the default is {default()!r}")
    write_config(s, ["confirm = never", "notify = no", *extra_config])
    r = s.run([*_argv(program), "register"], check=False)
    if r.returncode != 0:
        raise Failure(f"mailtokit register exited {r.returncode}: {(r.stdout + r.stderr).strip()}")
    if default() != "mailtokit-handler.desktop":
        raise Failure(f"after mailtokit register the mailto default is {default()!r}, not mailtokit-handler.desktop")
    remembered = Path(s.env["XDG_STATE_HOME"]) / "mailtokit" / "previous-mailto-handler"
    if not remembered.is_file() or remembered.read_text().strip() != entry_id:
        raise Failure(f"mailtokit register did not remember {entry_id} in {remembered}")
    log(f"desktop hand-over: {entry_id} was the default, mailtokit register took its place")


def open_via_xdg_open(s: Session, link: str, prefix: list[str] | None = None,
                      refused: bool = False) -> subprocess.CompletedProcess:
    """Click a link as the desktop does: the real `xdg-open LINK` in the session, which runs the
    Exec line of the default handler (mailtokit-handler.desktop after desktop_handover). Outside a desktop
    environment xdg-open runs that command in the foreground with its own stdout and stderr, so
    what mailtokit tells on stderr arrives here. Output goes to files, not pipes: the client that
    mailtokit starts keeps them open."""
    require("xdg-open")
    return _hand_over(s, [*(prefix or []), "xdg-open", link], "xdg-open", "mailtokit told (through xdg-open)", refused)


def other_mail_programs(s: Session, mine: str) -> list[str]:
    """The mail programs other than `mine` running in this session (their HOME is the session's):
    the hand-over must start the program the user chose and no other (issue 22)."""
    return [f"{name} (pid {pid})" for pid, name, _argv in processes_with_home(s.env["HOME"])
            if name in mail_programs() and name != mine]


def no_other_mail_program(s: Session, rep: "Report", mine: str) -> None:
    """Fail the report when a mail program other than `mine` runs in the session (other_mail_programs)."""
    others = other_mail_programs(s, mine)
    if others:
        rep.failures.append("other mail programs were started: " + ", ".join(others))
    else:
        log("no other mail program was started")


def version_of(s: Session, argv: list[str], pattern: str = r"\d+[\d.]*\S*") -> str:
    """The program's version from its own output; a program that is not installed fails the test."""
    require(argv[0])
    r = s.run(argv, check=False, timeout=60)
    text = (r.stdout + r.stderr).strip()
    first = text.splitlines()[0] if text else ""
    m = re.search(pattern, first)
    return m.group(0) if m else first[:40]


# -- terminal clients --------------------------------------------------------------------------

class Tmux:
    """A private tmux server (own socket) inside the session's environment."""

    def __init__(self, s: Session, name: str = "mtk"):
        self.s = s
        self.sock = str(s.root / "tmux.sock")
        self.name = name

    def start(self) -> None:
        require("tmux")
        self.s.run(["tmux", "-S", self.sock, "-f", "/dev/null", "new-session", "-d", "-s", self.name,
                    "-x", "200", "-y", "50", "sh"])
        self.cmd("set-option", "-g", "remain-on-exit", "off")

    def stop(self) -> None:
        self.s.run(["tmux", "-S", self.sock, "kill-server"], check=False)

    def cmd(self, *args: str, check: bool = True) -> str:
        return self.s.run(["tmux", "-S", self.sock, *args], check=check).stdout

    def prefix(self) -> str:
        """The `terminal =` value: a new window in this server runs the client's argv (no shell)."""
        here = Path(__file__).resolve().parent
        return f"{sys.executable} {here / 'tmux_terminal.py'} {self.sock} {self.name}"

    def windows(self) -> list[str]:
        out = self.cmd("list-windows", "-t", self.name, "-F", "#{window_id}", check=False)
        return [line for line in out.splitlines() if line.strip()]

    def capture(self, target: str) -> str:
        return self.cmd("capture-pane", "-p", "-J", "-t", target, check=False)

    def keys(self, target: str, *keys: str) -> None:
        self.cmd("send-keys", "-t", target, *keys)


def mutt_setup(s: Session, binary: str):
    """A private mutt or NeoMutt configuration in the session's HOME (the editor `true`, postponed
    drafts to ~/postponed) and a private tmux server: (postponed path, Tmux)."""
    home = s.home
    postponed = home / "postponed"
    rc = "\n".join([
        "set editor=true",            # the body stays as the link gave it
        "set abort_unmodified=no",    # an unedited body is not a reason to abort
        "set edit_headers=no",
        "set askcc=no", "set askbcc=no",
        "set recall=no",
        f"set postponed={postponed}",
        f"set folder={home}/Mail", f"set spoolfile={home}/Mail/inbox", f"set record={home}/Mail/sent",
        "set mbox_type=mbox",
        "set charset=utf-8", "set send_charset=utf-8",
        "set sleep_time=0",
        "set from=me@example.org",
        "set hostname=example.org",
        # A recording sendmail: what mutt gives it when the draft is sent (mutt_send()).
        f"set sendmail=\"{home}/sendmail-recorder\"",
        "set sendmail_wait=0",
        "set copy=no",
    ]) + "\n"
    recorder = home / "sendmail-recorder"
    recorder.write_text("#!/bin/sh\n"
                        f"printf '%s\\0' \"$@\" > \"{home}/sendmail.args.tmp\"\n"
                        f"cat > \"{home}/sendmail.msg\"\n"
                        f"mv \"{home}/sendmail.args.tmp\" \"{home}/sendmail.args\"\n")
    recorder.chmod(0o755)
    (home / "Mail").mkdir()
    (home / f".{binary}rc").write_text(rc)
    tm = Tmux(s)
    tm.start()
    return postponed, tm


def mutt_postpone(tm: Tmux, binary: str, postponed: Path, before: set, name: str) -> tuple[bytes, float, str]:
    """Wait for the tmux window (not in `before`) that runs BINARY, confirm its To and Subject
    prompts with Enter as a user does, wait for its compose menu, postpone with `P` and return
    (the postponed message's bytes, when the client first showed itself (its first prompt, else
    its compose menu; time.monotonic()), the compose screen). NAME names the draft in failures."""
    import mailbox
    win = wait_for(lambda: [w for w in tm.windows() if w not in before], 20,
                   f"a tmux window running {binary}")[0]
    first_seen: list[float] = []

    def compose_menu():
        text = tm.capture(win)
        last = [x for x in text.splitlines() if x.strip()][-1:] or [""]
        if re.match(r"(To|Subject|Cc|Bcc): ", last[0]):
            if not first_seen:
                first_seen.append(time.monotonic())
            tm.keys(win, "Enter")
            return ""
        return text if re.search(titles.MUTT, text, re.I) else ""
    try:
        screen = wait_for(compose_menu, 30, f"{binary}'s compose menu", interval=0.3)
    except Failure:
        log(tm.capture(win).rstrip())
        raise
    seen = first_seen[0] if first_seen else time.monotonic()
    count = len(mailbox.mbox(str(postponed))) if postponed.exists() else 0
    tm.keys(win, "P")
    wait_for(lambda: win not in tm.windows(), 20, f"{binary} to postpone and exit")
    box = mailbox.mbox(str(postponed))
    if len(box) != count + 1:
        raise Failure(f"{name}: expected a new postponed message, have {len(box)} (had {count})")
    return box.get_bytes(len(box) - 1), seen, screen


def mutt_send(tm: Tmux, binary: str, home: Path, before: set) -> list[str]:
    """Like mutt_postpone(), but send the draft with `y`: the envelope recipients mutt gives its
    (recording) sendmail, the arguments after "--", each lower-cased."""
    args = home / "sendmail.args"
    args.unlink(missing_ok=True)
    win = wait_for(lambda: [w for w in tm.windows() if w not in before], 20,
                   f"a tmux window running {binary}")[0]

    def compose_menu():
        text = tm.capture(win)
        last = [x for x in text.splitlines() if x.strip()][-1:] or [""]
        if re.match(r"(To|Subject|Cc|Bcc): ", last[0]):
            tm.keys(win, "Enter")
            return ""
        return text if re.search(titles.MUTT, text, re.I) else ""
    wait_for(compose_menu, 30, f"{binary}'s compose menu", interval=0.3)
    tm.keys(win, "y")
    wait_for(lambda: args.exists(), 20, f"{binary} to run its sendmail")
    wait_for(lambda: win not in tm.windows(), 20, f"{binary} to exit after sending")
    argv = args.read_bytes().split(b"\0")[:-1]
    rest = argv[argv.index(b"--") + 1:] if b"--" in argv else argv
    return sorted(a.decode("utf-8", "replace").lower() for a in rest)


def run_mutt_like(program: str, label: str, binary: str, desktop_entry: str | None = None) -> int:
    """mutt and neomutt: one client per link in a tmux window; `P` postpones the draft into the
    postponed mbox, which is read back. With desktop_entry, the links go the desktop way
    (desktop_handover with that entry, then xdg-open) instead of `open --target BINARY`."""
    with Session(binary) as s:
        version = version_of(s, [binary, "-v"], r"\d[\d.]+\S*")
        rep = Report(label, version)
        postponed, tm = mutt_setup(s, binary)
        try:
            if desktop_entry:
                desktop_handover(s, program, desktop_entry, ["terminal = " + tm.prefix()])
            else:
                write_config(s, ["target = " + binary, "terminal = " + tm.prefix()])
            for link_id, (link, _cells) in LINKS.items():
                exp = expected(s, program, link)
                before = set(tm.windows())
                t0 = time.monotonic()
                told = open_via_xdg_open(s, link) if desktop_entry else open_link(s, program, binary, link)
                raw, seen, screen = mutt_postpone(tm, binary, postponed, before, link_id)
                rep.times.append(seen - t0)
                (results_dir() / f"{binary}-{link_id}.txt").write_text(screen)
                (results_dir() / f"{binary}-{link_id}.eml").write_bytes(raw)
                got = held(raw)
                shown = handed_over(exp, told.stderr)
                rep.check(link_id, shown, got, allowed_losses(told.stderr))
                if link_id.startswith("hostile-"):
                    # Sent, not postponed: what sendmail is given is exactly the recipients shown
                    # (issue 45: mutt sent "Boss Man boss@evil.example" as BossManboss@...).
                    before = set(tm.windows())
                    told2 = open_via_xdg_open(s, link) if desktop_entry else open_link(s, program, binary, link)
                    envelope = mutt_send(tm, binary, s.home, before)
                    want = sorted({a.lower() for f in ("To", "Cc", "Bcc") for _n, a in shown[f]})
                    rep.check_envelope(link_id, want, envelope, told2.stderr)
            if desktop_entry:
                no_other_mail_program(s, rep, binary)
        finally:
            tm.stop()
        rep.cold = rep.times[0] if rep.times else None
        return rep.finish()


def allowed_losses(told: str) -> dict[str, str]:
    """Fields the handler said, before the draft opened, that this client loses or changes
    (mailtokit's stderr lines "...: <Field> ... is lost ..."): those may differ; all others may not."""
    out = {}
    for line in told.splitlines():
        m = re.search(r"this client (?:loses|changes) (To|Cc|Bcc|Subject|Body)\b", line)
        if m:
            out[m.group(1)] = line.strip()
    return out


# Known faults of a client's own (run_gui_links' fault()) forgiven in one run: more is not chance.
MAX_CLIENT_FAULTS = 2


def run_gui_links(s: Session, rep: Report, program, target: str, windows, snapshot, saved,
                  close=None, told_change=None, settled=None, opener=None, save=None,
                  extra_links: dict[str, tuple[str, list[str]]] | None = None, fault=None) -> None:
    """The links through a graphical client: `mailtokit open`, wait for a new compose window
    (windows(expected) lists the candidates), photograph it, Ctrl+S, wait until saved(snapshot())
    returns the saved draft's bytes, compare; close(window, expected) when given. settled(), when
    given, is called once the first compose window is up: it waits for what the client does at its
    first start to finish before the first save. opener(link), when given, hands a link over
    instead of `open --target TARGET` (open_via_xdg_open for the desktop path); `target` then
    only names the screenshots. save(window, expected), when given, is what a user does to save
    the draft in that client instead of Ctrl+S. extra_links: links of this program's own after
    LINKS (its file endings, its option parser), in the same form. fault(), when given, is asked
    when a save brought no draft in 10 s: a known fault of the client's own that means this
    composer can never save (its text, from the client's log), or None. The link is then handed
    over once more for a new composer, logged and counted in the report (`client_faults`); at
    most once a link and MAX_CLIENT_FAULTS a run, else the test fails."""
    out = results_dir()
    hand = opener or (lambda link: open_link(s, program, target, link))
    press = save or (lambda win, exp: s.key(win, "ctrl+s"))
    rep.extra_links = dict(extra_links or {})
    for i, (link_id, (link, _cells)) in enumerate({**LINKS, **rep.extra_links}.items()):
        exp = expected(s, program, link)
        before = set(windows(exp))
        mark = snapshot()
        t0 = time.monotonic()
        told = hand(link)
        # The composer is titled by the subject as handed over (defused when it held codes).
        exp = dict(exp, Subject=subject_as_told(exp["Subject"], told.stderr))

        def step(what: str, predicate, timeout: float, shot: str):
            try:
                return wait_for(predicate, timeout, what)
            except Failure:
                s.screenshot(out / f"{target}-{link_id}-{shot}.png")
                log(f"windows: {s.all_titles()}")
                raise
        def new_window() -> list[str]:
            return [w for w in windows(exp) if w not in before]
        if i == 0:
            win = step(f"{target}'s compose window", new_window, 90, "failed")[0]
        else:
            # A running client handed a link on a loaded machine once opened nothing (Evolution
            # 3.46, the third link of a run of the whole test command; its screenshot shows no
            # composer after 30 s): the link is then handed over once more, as a user clicks again,
            # and the report says so. What the draft holds is checked as ever.
            try:
                win = wait_for(new_window, 30, f"{target}'s compose window")[0]
            except Failure:
                s.screenshot(out / f"{target}-{link_id}-nowindow.png")
                log(f"  [{link_id}] no compose window after 30 s (windows: {s.all_titles()}): link handed over again")
                rep.handed_again.append(link_id)
                told = hand(link)
                win = step(f"{target}'s compose window (link handed over twice)", new_window, 60, "failed")[0]
        took = time.monotonic() - t0
        if i == 0:
            rep.cold = took
            log(f"first compose window ({target} starting) after {took:.2f} s")
            if settled:
                settled()
        elif link_id not in rep.handed_again:
            rep.times.append(took)
        time.sleep(1.0)  # let the fields fill in before the photo and the save
        s.screenshot(out / f"{target}-{link_id}.png")
        # What the program was given: inspect's draft less what mailtokit said it left out (a Bcc
        # left out brings no notice about a hidden copy, for one).
        shown = handed_over(exp, told.stderr)
        press(win, shown)
        try:
            raw = wait_for(lambda: saved(mark), 10, "the draft")
        except Failure:
            broken = fault() if fault else None
            if broken and len(rep.client_faults) < MAX_CLIENT_FAULTS:
                # The client's own fault (its log says so): this composer will never save. The
                # link is handed over again, as a user whose draft did not stick clicks again.
                s.screenshot(out / f"{target}-{link_id}-clientfault.png")
                log(f"  [{link_id}] no draft after 10 s, and the client's log says: {broken}; link handed over again")
                rep.client_faults.append(f"{link_id}: {broken}")
                before |= set(windows(exp))
                told = hand(link)
                win = step(f"{target}'s compose window (link handed over again)", new_window, 60, "failed")[0]
                time.sleep(1.0)
                shown = handed_over(exp, told.stderr)
                press(win, shown)
            else:  # a composer still busy filling in (a loaded machine): press again, as a user would
                if broken:
                    log(f"  [{link_id}] the client's log says: {broken} (no more hand-overs: "
                        f"{len(rep.client_faults)} already in this run)")
                log(f"  [{link_id}] no draft after 10 s: saving again")
                press(win, shown)
            raw = step(f"{target} to save the draft", lambda: saved(mark), 30, "nosave")
        (out / f"{target}-{link_id}.eml").write_bytes(raw)
        rep.check(link_id, shown, held(raw), allowed_losses(told.stderr), told_change)
        if close:
            close(win, shown)
            step("the compose window to close", lambda: win not in windows(exp), 20, "noclose")


def maildir_watch(folder: Path):
    """(snapshot, saved) for run_gui_links over a maildir folder: the messages present, and the
    bytes of the newest message that is not in a snapshot (None while there is none)."""
    def files() -> set:
        return {p for sub in ("cur", "new") for p in (folder / sub).glob("*")} if folder.exists() else set()

    def saved(had: set):
        new = files() - had
        if not new:
            return None
        time.sleep(0.3)  # the whole message, not the first bytes of it
        return sorted(new)[-1].read_bytes()
    return files, saved


@functools.cache
def mail_programs() -> frozenset[str]:
    """The mail programs a test could start by mistake (the desktop path must start the chosen one
    only): every name each program mailtokit knows runs as, from the program itself (`targets
    --json`; the program under test is argv[1], as for every test here)."""
    out = subprocess.run([os.path.abspath(sys.argv[1]), "targets", "--json"], capture_output=True, text=True,
                         check=True).stdout
    return frozenset(name for c in json.loads(out)["programs"] for name in c["programs"])


def mail_programs_running(s: Session) -> set[str]:
    """The mail programs (mail_programs(), by executable or argv[0] name) running in this session:
    processes whose environment has the session's private HOME, so nothing of the machine's user
    or of another test counts. A program that has already ended is not seen."""
    found = set()
    for _pid, name, argv in processes_with_home(s.home):
        found |= {name, os.path.basename(argv[0]) if argv else ""} & mail_programs()
    return found


def check_no_other_program(s: Session, rep: Report, own: str, link_id: str) -> None:
    """Fail the report when a mail program other than `own` runs in the session; called while
    `own` shows the link's draft, so `own` itself must be seen (else the look is blind)."""
    running = mail_programs_running(s)
    if own not in running:
        rep.failures.append(f"{link_id}: {own} shows the draft but was not found among the session's processes")
    others = running - {own}
    if others:
        log(f"  [{link_id}] FAIL another mail program runs: {', '.join(sorted(others))}")
        rep.failures.append(f"{link_id}: another mail program was started: {', '.join(sorted(others))}")


# -- files sent by email (issue 23: tests/clients/portal_email_test.py, xdg-email_refused_test.py) --

# An account that is never contacted, in Claws Mail's and Sylpheed's accountrc (an account skips
# their account wizard).
MH_ACCOUNTRC = """[Account: 1]
account_name=test
is_default=1
name=Me
address=me@example.org
protocol=0
receive_server=127.0.0.1
smtp_server=127.0.0.1
user_id=me
"""

# An MH mailbox as Claws Mail and Sylpheed keep it (~/Mail): their folder_read_list() finding
# this list is what skips the mailbox set-up dialog.
MH_FOLDERLIST = """<?xml version="1.0" encoding="UTF-8"?>
<folderlist>
  <folder type="mh" name="Mail" path="Mail" collapsed="0">
    <folderitem type="inbox" name="inbox" path="inbox"/>
    <folderitem type="outbox" name="sent" path="sent"/>
    <folderitem type="queue" name="queue" path="queue"/>
    <folderitem type="trash" name="trash" path="trash"/>
    <folderitem type="draft" name="draft" path="draft"/>
  </folder>
</folderlist>
"""


def mh_mailbox(home: Path):
    """~/Mail with the folders of MH_FOLDERLIST; (files, saved) over its draft folder for
    run_gui_links: files() the drafts there, saved(had) the newest draft not in `had`."""
    for sub in ("inbox", "sent", "queue", "trash", "draft"):
        (home / "Mail" / sub).mkdir(parents=True)
    drafts = home / "Mail" / "draft"

    def files() -> set:
        return {p for p in drafts.iterdir() if p.is_file() and p.name.isdigit()}

    def saved(had: set):
        new = files() - had
        if not new:
            return None
        time.sleep(0.3)  # the whole message, not the first bytes of it
        return max(new, key=lambda p: int(p.name)).read_bytes()
    return files, saved


def status_names(s: Session, program, label: str, entry: str) -> None:
    """`mailtokit status` must name the mail program LABEL from ENTRY as the program drafts go
    to: mailtokit recognized the entry, so what it knows about the program applies."""
    text = s.run([program, "status"]).stdout
    line = next((x.strip() for x in text.splitlines() if x.strip().startswith("mail program:")), "")
    log("  mailtokit status: " + line)
    if not re.fullmatch(r"mail program: +" + re.escape(label) + r" \(" + re.escape(entry) + r"\)", line):
        raise Failure(f"mailtokit status does not name {label} ({entry}) as the mail program: {line!r}")


def attachments_of(raw: bytes) -> dict[str, bytes]:
    """A saved draft's attachments: file name -> the bytes after the transfer encoding is undone
    (get_payload(decode=True): a text part stays bytes, in no charset's reading)."""
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    return {p.get_filename(): p.get_payload(decode=True) for p in msg.iter_attachments()} if msg.is_multipart() else {}


def claws_draft(s: Session, saved, had: set, shot: Path | None = None) -> bytes:
    """Wait for Claws Mail's compose window, photograph it (shot), save the draft with Ctrl+S, close
    the window; the saved draft's bytes (saved/had: claws_mail_test.setup's pair)."""
    win = s.wait_window(titles.CLAWS_MAIL, timeout=90)
    time.sleep(1.0)  # the fields and the attachment list fill in
    if shot:
        s.screenshot(shot)
    s.key(win, "ctrl+s")
    raw = wait_for(lambda: saved(had), 20, "Claws Mail to save the draft")
    s.key(win, "ctrl+w")
    s.wait_window(titles.CLAWS_MAIL, timeout=20, gone=True)
    return raw


# -- send by email: xdg-email --attach (issue 23) ----------------------------------------------

# A document whose name tries to splice keys into a -compose spec (CVE-2022-4055), fields into a
# mailto: URI and options into an argv; and a binary file of every byte value with a non-ASCII name.
XDG_EMAIL_DOCUMENT = "Quarterly report a',attachment='etc-passwd,to=evil@example.net&attach=x.odt"
XDG_EMAIL_BINARY = "Bericht-\u00dcn\u00efc\u00f6d\u00e9.bin"


def xdg_email_composer(s: Session, slug: str, title_regex: str, drafts_snapshot, saved, close_key: str | None = None):
    """(snapshot, draft_after) for run_xdg_email over a graphical program whose compose windows
    match title_regex: wait for a new one, photograph it (xdg-email-SLUG-composer-CASE.png), Ctrl+S,
    wait until saved(drafts_snapshot()) returns the saved draft; close_key closes the window after
    (None: it stays open, and the next one is told apart by being new)."""
    out = results_dir()

    def snapshot():
        return drafts_snapshot(), set(s.windows(title_regex))

    def draft_after(had, case: str) -> bytes:
        drafts, before = had
        win = wait_for(lambda: [w for w in s.windows(title_regex) if w not in before], 120,
                       f"{slug}'s compose window")[0]
        s.run(["sleep", "1"])  # the fields and the attachment list fill in
        s.screenshot(out / f"xdg-email-{slug}-composer-{case}.png")
        s.key(win, "ctrl+s")
        raw = wait_for(lambda: saved(drafts), 30, f"{slug} to save the draft")
        if close_key:
            s.key(win, close_key)
            wait_for(lambda: win not in s.windows(title_regex), 20, f"{slug}'s compose window to close")
        return raw
    return snapshot, draft_after


def xdg_email_gui(slug: str, entry_id: str, title_regex: str, setup, close_key: str | None = None):
    """The test body (for main()) of run_xdg_email through a graphical program: a Session named
    xdg-email-SLUG, setup(session) -> (drafts snapshot, saved) for its private configuration, the
    composer handled by xdg_email_composer."""
    def run(program) -> int:
        with Session("xdg-email-" + slug) as s:
            drafts_snapshot, saved = setup(s)
            snapshot, draft_after = xdg_email_composer(s, slug, title_regex, drafts_snapshot, saved, close_key)
            return run_xdg_email(s, program, slug, entry_id, snapshot, draft_after)
    return run


def run_xdg_email(s: Session, program, slug: str, entry_id: str, snapshot, draft_after,
                  extra_config: list[str] = []) -> int:
    """Send by email, for real, through the mail program whose Debian desktop entry is ENTRY_ID
    (the desktop's choice before `mailtokit register`, made so with desktop_handover and
    `confirm = risky` plus extra_config): the real `xdg-email --attach DOC --attach BIN --subject S
    ADDRESS` (what LibreOffice, the file managers and GIMP run) reaches mailtokit through the real
    xdg-open; the question is mailtokit's own window on the test's X server, answered by ticking the files;
    draft_after(snapshot(), case) waits for the program's composer, makes it save the draft and
    returns the saved message, whose attachments must be the files byte for byte, by name, with
    the To and Subject asked for. Then the same with Enter at the question (its default): a draft
    without attachment, and the user told. Screenshots: MAILTOKIT_RESULTS/xdg-email-SLUG-*.png."""
    require("xdg-email")
    out = results_dir()
    checks = Checks(f"xdg-email --attach ({slug})", show_passed=True)
    check = checks.check
    t_start = time.monotonic()

    desktop_handover(s, program, entry_id, ["confirm = risky", *extra_config])  # the question needs confirm != never
    docs = s.home / "Documents"
    docs.mkdir()
    doc = docs / XDG_EMAIL_DOCUMENT
    doc.write_bytes(b"PK\x03\x04" + bytes((i * 7) % 256 for i in range(3000)))
    binary = docs / XDG_EMAIL_BINARY
    binary.write_bytes(bytes(range(256)) * 37)
    told_log = s.root / "xdg-email.log"

    def send() -> subprocess.Popen:
        log_file = open(told_log, "ab")
        return subprocess.Popen(["xdg-email", "--attach", str(doc), "--attach", str(binary),
                                 "--subject", "Quarterly report", "boss@example.org"],
                                env=s.env, stdin=subprocess.DEVNULL, stdout=log_file, stderr=log_file)

    def question(case: str) -> str:
        win = s.wait_window(titles.QUESTION, timeout=60)
        s.run(["sleep", "0.5"])  # drawn
        s.screenshot(out / f"xdg-email-{slug}-question-{case}.png", window=win)
        return win

    timings = {}
    # 1. The files ticked: both files arrive, byte for byte.
    had = snapshot()
    t0 = time.monotonic()
    p = send()
    win = question("attached")
    tick_and_open(s, win, 2, out / f"xdg-email-{slug}-question-screen.png")  # tick the files, Return: Open
    raw = draft_after(had, "attached")
    timings["attached"] = time.monotonic() - t0
    (out / f"xdg-email-{slug}-attached.eml").write_bytes(raw)
    got = attachments_of(raw)
    check(sorted(got) == sorted([doc.name, binary.name]), f"both files are attached by name: {sorted(got)}")
    check(got.get(doc.name) == doc.read_bytes(), "the document arrives byte for byte")
    check(got.get(binary.name) == binary.read_bytes(), "the binary file with a non-ASCII name arrives byte for byte")
    # The copies handed over: in XDG_RUNTIME_DIR, not under a hidden folder (Evolution warns about
    # a file from one that it "may contain sensitive data").
    runtime = Path(s.env["XDG_RUNTIME_DIR"]) / "mailtokit"
    copies = sorted(p.name for p in runtime.glob("attach-*/*")) if runtime.is_dir() else []
    check(copies == sorted([doc.name, binary.name]), f"the copies handed over are in XDG_RUNTIME_DIR/mailtokit: {copies}")
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    check(str(msg["Subject"]) == "Quarterly report", f"the subject: {msg['Subject']!r}")
    check(raw_addresses(raw, "To") == [("", "boss@example.org")] and not raw_addresses(raw, "Cc")
          and not raw_addresses(raw, "Bcc"), f"the recipient, and no other: {msg['To']!r}")
    p.wait(timeout=60)

    # 2. Enter at the question (its default): the draft has no attachment.
    had = snapshot()
    t0 = time.monotonic()
    p = send()
    win = question("not-attached")
    s.key(win, "Return")
    raw = draft_after(had, "not-attached")
    timings["not attached"] = time.monotonic() - t0
    (out / f"xdg-email-{slug}-not-attached.eml").write_bytes(raw)
    check(attachments_of(raw) == {}, f"Enter attaches nothing: {sorted(attachments_of(raw))}")
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    check(str(msg["Subject"]) == "Quarterly report", f"the draft still opens with its subject: {msg['Subject']!r}")
    p.wait(timeout=60)
    told = told_log.read_text(errors="replace")
    check("you did not choose to attach it" in told, "the user is told the files were not attached")

    took = ", ".join(f"{k} {v:.1f} s" for k, v in timings.items())
    return checks.report(f"xdg-email --attach ({slug})", "the files the user chose arrived byte for byte; the default "
                         f"attached nothing; xdg-email to saved draft: {took}; whole test {time.monotonic() - t_start:.1f} s",
                         f"; xdg-email to saved draft: {took}")
