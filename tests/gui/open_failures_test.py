#!/usr/bin/env python3
"""Every failure of `mailtokit open` reaches the desktop, and the draft is kept.

Usage: open_failures_test.py /path/to/mailtokit

mailtokit runs as a browser runs it (no terminal). Each failure path runs twice:
- with a display: the real zenity error dialog appears (its window is looked for on the private
  X desktop and closed with its OK button; its argv and text are recorded: --error, --no-markup,
  the reason, what to do, where the draft is);
- without a display: a critical notification (notify-send argv recorded, markup escaped).
The fallback without a display (confirm = risky: opened, the notification says so) is checked
too. Paths: a link that is not mailto:, a mailto: link the parser refuses (too many recipients), a
broken configuration, confirm = always with no way to ask, no mail client found, a client that
cannot be started, a client that exits at once with an error, a client that fails under --wait,
an unusable `command`. Where a draft exists, the .eml file in the drafts directory is checked
(Python's email package reads it back: To and Subject of the link) and the message names it.
On KDE (XDG_CURRENT_DESKTOP=KDE) the error box is kdialog's. Screenshots of the error dialogs go
to MAILTOKIT_RESULTS. Under LANGUAGE=de the same dialog is German (open_failure_dialog_de.png).
"""
import email
import email.policy
import os
import re
import sys
from pathlib import Path

from harness import titles
from harness.checks import Checks
from harness.desktop import Desktop, wait_exit, wait_record
from harness.session import Session, click_button, require

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
LINK = "mailto:someone@example.org?subject=Kept%20%3Cb%3Edraft%3C%2Fb%3E&body=hello"
checks = Checks("open_failures", show_passed=True)
check, failures = checks.check, checks.failures


require("zenity", "kdialog", "notify-send", "convert", "import")
with Session("open-failures") as s:
    d = Desktop(s, PROG)
    recorder = d.recorder
    many = ",".join(f"u{i}@example.org" for i in range(3000))
    cases = [
        # name, config, args, link, exit code, reason contains, draft kept
        ("not a mailto: link", "", [], "https://example.org/", 65, "it is not a mailto: link", False),
        # stderr gives the library's reason and the byte; the desktop says it in words.
        ("refused mailto: link", "", [], "mailto:" + many, 65,
         ("more recipients than the configured limit", "The link names more recipients than mailtokit accepts."),
         False),
        ("broken configuration", "colour = blue\n", [], LINK, 78, "line 1, column 1", True),
        ("confirm = always, no way to ask", f'target = custom\ncommand = "{recorder}" %u\nconfirm = always\n',
         [], LINK, 69, "no terminal", True),
        ("no mail client", "", [], LINK, 69, "No mail program was found", True),
        ("client cannot start", 'target = custom\ncommand = "/nonexistent/mua" %u\n', [], LINK, 69,
         "/nonexistent/mua could not be started", True),
        ("client exits at once", 'target = custom\ncommand = /bin/false %u\n', [], LINK, 69,
         "stopped at once with an error (exit status 1)", True),
        ("client fails under --wait", 'target = custom\ncommand = /bin/false %u\n', ["--wait"], LINK, 69,
         "ended with an error (exit status 1)", True),
        ("unusable command", 'target = custom\ncommand = "/usr/bin/mua\n', [], LINK, 78, "command:", True),
    ]
    # "no mail client": only the recorders' directory in PATH (no client, no xdg-open), and no
    # desktop entries (the desktop's own mail program would be chosen first): a data folder with
    # what the dialog program needs (GSettings schemas, icons, its own files) but no applications.
    no_apps = s.root / "no-apps"
    no_apps.mkdir()
    for sub in ("glib-2.0", "icons", "themes", "mime", "zenity", "X11", "locale", "fonts"):
        if (Path("/usr/share") / sub).exists():
            (no_apps / sub).symlink_to(Path("/usr/share") / sub)
    bare_path = {"PATH": str(d.bin), "XDG_DATA_DIRS": str(no_apps)}
    shot_taken = False
    for display in (True, False):
        for name, cfg, args, link, code, reason, kept in cases:
            # "confirm = always" only fails without a display: with one, the question is asked.
            if display and name.startswith("confirm = always"):
                continue
            where = f"{name} ({'display' if display else 'no display'})"
            reason, shown = reason if isinstance(reason, tuple) else (reason, reason)
            d.write_config(cfg)
            d.clear()
            env = dict(bare_path) if name == "no mail client" else {}
            if not display:
                env["DISPLAY"] = ""
            p, log = d.start(["open", *args, link], env=env)
            rc = wait_exit(p, 30, where)
            err = log.read_text("utf-8", "replace")
            check(rc == code, f"{where}: exit {rc}, expected {code}")
            check(reason in err, f"{where}: stderr gives the reason {reason!r}: {err.strip()[-300:]!r}")
            # The program's one error format: "error: <code>: <what>", what to do on the next line.
            check(re.search(r"^error: [a-z_0-9]+: .*\n  \S", err, re.M) is not None,
                  f"{where}: stderr says what to do")
            drafts = d.kept_drafts()
            if kept:
                check(len(drafts) == 1, f"{where}: one draft kept ({drafts})")
                if drafts:
                    msg = email.message_from_bytes(drafts[0].read_bytes(), policy=email.policy.default)
                    check(msg["To"] == "someone@example.org" and msg["Subject"] == "Kept <b>draft</b>",
                          f"{where}: the kept draft reads back (To {msg['To']!r}, Subject {msg['Subject']!r})")
                    check(str(drafts[0]) in err, f"{where}: stderr names the kept draft")
            else:
                check(drafts == [], f"{where}: no draft (the link was refused)")
            check(d.recorded("recorder") == [], f"{where}: no client was started")
            if display:
                z = wait_record(d, "zenity")
                check(z[1:5] == ["--error", "--no-markup", "--width=560", "--title=" + titles.FAILURE_TEXT],
                      f"{where}: an error dialog without markup: {z[1:5]}")
                text = z[-1][len("--text="):] if z[-1].startswith("--text=") else ""
                check(shown in text and "What to do:" in text and "at byte" not in text,
                      f"{where}: the dialog gives the reason in words and what to do: {text[:200]!r}")
                if kept and drafts:
                    check(str(drafts[0]) in text, f"{where}: the dialog says where the draft is kept")
                win = s.wait_window(titles.FAILURE, timeout=30)
                shot = RESULTS / "open_failure_dialog.png"
                if not shot_taken and name == "client exits at once":
                    s.screenshot(shot)
                    shot_taken = True
                if name == "refused mailto: link":  # the reason in words, no byte offset
                    check("Write the message yourself" in text and "not a valid mailto: link" not in text,
                          f"{where}: what to do fits a link that is too large: {text!r}")
                    s.screenshot(RESULTS / "open_failure_refused.png")
                click_button(s, win, 0, 1, RESULTS / "open_failure_buttons.png")
                s.wait_window(titles.FAILURE, timeout=10, gone=True)
                check(d.recorded("notify-send") == [], f"{where}: no notification besides the dialog")
            else:
                n = wait_record(d, "notify-send")
                check(n[1:5] == ["--app-name=mailtokit", "--urgency=critical", "--",
                                 titles.FAILURE_TEXT], f"{where}: a critical notification: {n[1:5]}")
                body = n[-1]
                check(shown.replace("<", "&lt;") in body and "What to do:" in body and "at byte" not in body,
                      f"{where}: the notification gives the reason in words and what to do: {body[:200]!r}")
                check("<b>" not in body, f"{where}: no markup from the link in the notification")
                if kept and drafts:
                    check(str(drafts[0]) in body, f"{where}: the notification says where the draft is kept")
                check(d.recorded("zenity") == [], f"{where}: no dialog without a display")
    # On KDE the failure dialog is kdialog's, its rich text escaped.
    d.write_config('target = custom\ncommand = /bin/false %u\n')
    d.clear()
    p, log = d.start(["open", LINK], env={"XDG_CURRENT_DESKTOP": "KDE"})
    rc = wait_exit(p, 30, "kdialog failure")
    k = wait_record(d, "kdialog")
    drafts = d.kept_drafts()
    check(rc == 69 and k[1:2] == ["--title=" + titles.FAILURE_TEXT] and k[-1].startswith("--error=<qt>"),
          f"KDE: the failure is a kdialog error box ({k[1:2]})")
    shown = k[-1].replace("\n", "")  # (lines broken at 80 characters)
    check(len(drafts) == 1 and str(drafts[0]) in shown and "stopped at once with an error (exit status 1)" in shown,
          "KDE: the error box gives the reason and the kept draft")
    win = s.wait_window(titles.FAILURE_ANY, timeout=60)
    s.screenshot(RESULTS / "open_failure_kdialog.png")
    click_button(s, win, 0, 1, RESULTS / "open_failure_kdialog_click.png")
    s.wait_window(titles.FAILURE_ANY, timeout=10, gone=True)

    # In German (LANGUAGE=de, a UTF-8 locale, the build's catalogs): the real zenity shows the
    # failure dialog with the German title, reason and "what to do" (issue 24), taken from po/de.po.
    de = {}
    for block in (Path(__file__).resolve().parent.parent.parent / "po" / "de.po").read_text("utf-8").split("\n\n"):
        m = re.search(r'^msgid "(.*)"\nmsgstr "(.*)"$', block, re.M)
        if m:
            de[m.group(1)] = m.group(2).replace('\\"', '"')
    de_title = de[titles.FAILURE_TEXT]
    de_reason = de["{0} stopped at once with an error (exit status {1})."].replace("{0}", "/bin/false").replace("{1}", "1")
    de_todo = de["What to do: {0}"].replace("{0}", "")
    d.write_config('target = custom\ncommand = /bin/false %u\n')
    d.clear()
    p, log = d.start(["open", LINK], env={"LANGUAGE": "de", "LANG": "C.UTF-8", "LC_ALL": "",
                                          "MAILTOKIT_LOCALEDIR": os.environ["MAILTOKIT_BUILD_DIR"] + "/locale"})
    rc = wait_exit(p, 30, "German failure")
    z = wait_record(d, "zenity")
    text = z[-1][len("--text="):] if z and z[-1].startswith("--text=") else ""
    check(rc == 69 and "--title=" + de_title in z and de_reason in text and de_todo in text and
          "What to do" not in text, f"German: the failure dialog is in German ({z[4:5]}, {text[:160]!r})")
    check(de_reason in log.read_text("utf-8", "replace") and "error: unavailable: " in log.read_text("utf-8", "replace"),
          "German: stderr is German, its code English")
    win = s.wait_window(titles.exactly(de_title), timeout=30)
    s.screenshot(RESULTS / "open_failure_dialog_de.png")
    click_button(s, win, 0, 1, RESULTS / "open_failure_dialog_de_click.png")
    s.wait_window(titles.exactly(de_title), timeout=10, gone=True)

    # No display, confirm = risky: nobody can be asked, so the draft opens and the desktop is told.
    d.write_config(f'target = custom\ncommand = "{recorder}" %u\n')
    d.clear()
    p, log = d.start(["open", "mailto:admin@%D0%B0pple.com?bcc=x@evil.example&attach=%2Fetc%2Fpasswd"],
                     env={"DISPLAY": ""})
    rc = wait_exit(p, 30, "fallback open")
    n = wait_record(d, "notify-send")
    check(rc == 0 and len(d.recorded("recorder")) == 1, "no display, confirm = risky: the draft was opened")
    check(n[1:5] == ["--app-name=mailtokit", "--urgency=critical", "--", "mailtokit opened a risky link without asking"]
          and "opened without asking" in n[-1]
          and "hidden copy to x@evil.example" in n[-1] and "not attached: /etc/passwd" in n[-1]
          and "RFC" not in n[-1] and d.recorded("zenity") == [],
          f"no display, confirm = risky: the notification says it opened without asking, and why it would have ({n[-1][:200]!r})")

    # notify = no: no notification, stderr still tells.
    d.write_config('target = custom\ncommand = /bin/false %u\nnotify = no\n')
    d.clear()
    p, log = d.start(["open", LINK], env={"DISPLAY": ""})
    rc = wait_exit(p, 30, "notify = no")
    s.run(["sleep", "1"])
    check(rc == 69 and d.recorded("notify-send") == [] and "stopped at once" in log.read_text(),
          "notify = no: the failure is on stderr only")

checks.finish()
