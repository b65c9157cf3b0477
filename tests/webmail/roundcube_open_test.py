"""Roundcube as the user's mail program, for real: a click on a mail link ends in Roundcube's
compose form in the user's own browser, holding what the link asks for.

The set-up is a person's: a private desktop (Xvfb, D-Bus, HOME), the real Chromium as the
desktop's browser (its desktop entry, with this session's profile, made the default for https
links with the real `xdg-mime`), the user logged in to their organization's Roundcube (Debian's
roundcube-core on a private Dovecot, tests/harness/roundcube.py), `mailtokit register` and then
`mailtokit use roundcube http://127.0.0.1:PORT/` (plain http: is taken only for this computer).
Each link of the mail-client tests (harness.links.LINKS) is clicked through the real `xdg-open`:
the desktop runs `mailtokit open`, which hands the compose link to the browser through GIO as the
desktop opens any https link; the new tab's compose form is saved as a draft by Roundcube's own
Save command and the message Dovecot wrote in Drafts is compared with `mailtokit inspect --json`,
as the client tests compare (To, Cc, Bcc, Subject, Body; what mailtokit told may differ as told).
The 10 KB body is longer than a web server reads in a request line (8 KB): it is refused before
anything opens, the draft kept and the user told, and no compose tab appears.

Writes MAILTOKIT_RESULTS/compat/roundcube.json (the README's table: seconds from the click to the
compose tab), roundcube-open-*.png and each saved draft, roundcube-open-*.eml.
usage: roundcube_open_test.py /path/to/mailtokit"""

from __future__ import annotations

import json
import os
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "clients"))

from clientlib import (Failure, Report, allowed_losses, expected, handed_over, held, log, main,  # noqa: E402
                       open_via_xdg_open, results_dir, wait_for, write_config)
from harness import titles  # noqa: E402
from harness.links import LINKS  # noqa: E402
from harness.roundcube import CHROMIUM_FLAGS, DevTools, Roundcube, versions  # noqa: E402
from harness.session import Session, require  # noqa: E402

BROWSER_ENTRY = "mailtokit-test-chromium.desktop"


def browser_entry(s: Session, profile: Path) -> None:
    """The browser's desktop entry as a person's desktop has it (Debian's chromium.desktop, with
    this session's profile), made the default for https links with the real xdg-mime."""
    apps = Path(s.env["XDG_DATA_HOME"]) / "applications"
    apps.mkdir(parents=True, exist_ok=True)
    flags = " ".join(CHROMIUM_FLAGS)
    (apps / BROWSER_ENTRY).write_text(
        "[Desktop Entry]\nType=Application\nName=Chromium\n"
        f"Exec=chromium {flags} --user-data-dir={profile} %U\n"
        "MimeType=text/html;x-scheme-handler/http;x-scheme-handler/https;\n")
    for scheme in ("x-scheme-handler/https", "x-scheme-handler/http"):
        s.run(["xdg-mime", "default", BROWSER_ENTRY, scheme])
    got = s.run(["xdg-mime", "query", "default", "x-scheme-handler/https"]).stdout.strip()
    if got != BROWSER_ENTRY:
        raise Failure(f"xdg-mime did not make {BROWSER_ENTRY} the https default: {got!r}")


def compose_tabs(b_port: int, origin: str) -> set[str]:
    """The browser's tabs showing Roundcube's compose form (DevTools' list of targets)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{b_port}/json/list", timeout=10) as r:
        pages = json.loads(r.read())
    return {p["id"] for p in pages if p.get("type") == "page" and p.get("url", "").startswith(origin + "/?_task=mail")
            and "_action=compose" in p.get("url", "")}


def run(prog: str) -> int:
    require("xdg-open", "xdg-mime", "chromium")
    out = results_dir()
    rep = Report("Roundcube", versions()["roundcube-core"], kind="webmail")
    with Roundcube() as rc, Session("roundcube-open") as s:
        profile = s.root / "chromium"
        browser_entry(s, profile)
        write_config(s, ["confirm = never", "notify = no"])
        r = s.run([prog, "register"], check=False)
        if r.returncode != 0:
            raise Failure(f"mailtokit register: {r.returncode} {r.stderr}")
        r = s.run([prog, "use", "roundcube", rc.origin + "/"], check=False)
        log("mailtokit use: " + (r.stdout + r.stderr).strip())
        if r.returncode != 0:
            raise Failure(f"mailtokit use roundcube {rc.origin}/: exit {r.returncode}")
        # The person's browser, running and logged in to Roundcube.
        s.spawn(["chromium", *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
                 "about:blank"], log=out / "roundcube-open-chromium.log")
        with DevTools.attach_profile(profile, "about:blank") as b:
            rc.login(b)
            port = b.port
        for link_id, (link, _cells) in LINKS.items():
            exp = expected(s, prog, link)
            before = compose_tabs(port, rc.origin)
            drafts_before = set(rc.draft_files())
            if link_id == "long":
                told = open_via_xdg_open(s, link, refused=True)
                kept = list((Path(s.env["XDG_STATE_HOME"]) / "mailtokit" / "drafts").glob("draft-*.eml"))
                # The user is told on the desktop too: the failure window, photographed, then closed.
                win = s.wait_window(titles.FAILURE, 30)
                s.screenshot(out / "roundcube-open-long-refused.png")
                s.close_window(win)
                ok = "too long" in told.stderr and kept and compose_tabs(port, rc.origin) == before
                log(f"  [long] refused before anything opened, draft kept ({len(kept)} file(s)), user told: {bool(ok)}")
                if ok:
                    rep.cells["10 KB body"] = "refused, user told"
                    rep.notes["10 KB body"] = "a web server reads at most about 8 KB of a link: the draft is kept"
                else:
                    rep.failures.append(f"long: not refused as it should be: {told.stderr.strip()}")
                continue
            t0 = time.monotonic()
            told = open_via_xdg_open(s, link)
            wait_for(lambda: compose_tabs(port, rc.origin) - before, 60, f"[{link_id}] Roundcube's compose tab")
            took = time.monotonic() - t0
            if rep.cold is None:
                rep.cold = took
            else:
                rep.times.append(took)
            # One compose tab at a time (each is closed once read), so its URL finds it.
            with DevTools.attach(port, rc.origin + "/?_task=mail&_action=compose") as tab:
                rc.compose_fields(tab)
                tab.screenshot(out / f"roundcube-open-{link_id}.png")
                rc.save_draft(tab)
                files = wait_for(lambda: sorted(set(rc.draft_files()) - drafts_before), 30, f"[{link_id}] the draft")
                raw = files[-1].read_bytes()
                (out / f"roundcube-open-{link_id}.eml").write_bytes(raw)
                tab.send("Page.close")
            rep.check(link_id, handed_over(exp, told.stderr), held(raw), allowed_losses(told.stderr))
        s.screenshot(out / "roundcube-open-screen.png")
    return rep.finish()


if __name__ == "__main__":
    main(run)
