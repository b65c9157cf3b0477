#!/usr/bin/env python3
"""Every failure of `mailtokit open` reaches the desktop, and the draft is kept.

Usage: open_failures_test.py /path/to/mailtokit

mailtokit runs as a browser runs it (no terminal). With a display and mailtokit-ask, the failure
is shown in mailtokit's own window (the end of this test); each failure path runs twice with the
fallbacks of that window:
- with a display but no mailtokit-ask (MAILTOKIT_ASK names none): the real zenity error dialog
  appears (its window is looked for on the private X desktop and closed with its OK button; its
  argv and text are recorded: --error, --no-markup, the reason, what to do, where the draft is,
  and for a failure another mail program would fix, how to choose one in plain words);
- without a display: a critical notification (notify-send argv recorded, markup escaped).
The fallback without a display (confirm = risky: opened, the notification says so) is checked
too. Paths: a link that is not mailto:, a mailto: link the parser refuses (too many recipients), a
broken configuration, confirm = always with no way to ask, no mail client found, a client that
cannot be started, a client that exits at once with an error, a client that fails under --wait,
an unusable `command`. Where a draft exists, the .eml file in the drafts directory is checked
(Python's email package reads it back: To and Subject of the link) and the message names it.
On KDE (XDG_CURRENT_DESKTOP=KDE) the error box is kdialog's. Screenshots of the error dialogs go
to MAILTOKIT_RESULTS. Under LANGUAGE=de the same dialog is German (open_failure_dialog_de.png).

mailtokit's own failure window (issue 47), driven through AT-SPI: a mail program that stops at
once, run as `mailtokit open LINK 2>&1 | cat` (the pipeline ends while the window is still open:
nothing holds the caller's output); the window says in words what went wrong, offers "Choose where
mail goes..." beside Close (the default), and that button opens the Mail links window
(open_failure_window.png, open_failure_then_settings.png). A link that is not mailto: is no
matter of another program: Close only (open_failure_window_plain.png).
"""
import email
import email.policy
import os
import re
import sys
from pathlib import Path

import a11y

a11y.reexec_with_system_python()

from harness import titles  # noqa: E402
from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, wait_exit, wait_record  # noqa: E402
from harness.session import Session, click_button, require  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
LINK = "mailto:someone@example.org?subject=Kept%20%3Cb%3Edraft%3C%2Fb%3E&body=hello"
checks = Checks("open_failures", show_passed=True)
check, failures = checks.check, checks.failures


def notification(d):
    """The newest notification's argv without the options that gather failures into one notice
    (--print-id, --replace-id=N: tests/gui/page_flood_test.py checks those): whether they are
    there depends on the notification server, and a notify-send that fails with them is run
    again without."""
    n = wait_record(d, "notify-send")
    return [a for a in n if a != "--print-id" and not a.startswith("--replace-id=")]


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
         "/bin/false did not open the message: it stopped at once and reported an error (exit status 1)", True),
        ("client fails under --wait", 'target = custom\ncommand = /bin/false %u\n', ["--wait"], LINK, 69,
         "/bin/false ended with an error, so the message may not have been sent (exit status 1)", True),
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
    # The failures another mail program would fix: the fallbacks say how to choose one.
    elsewhere = {"no mail client", "client cannot start", "client exits at once", "client fails under --wait"}
    HINT = ("To choose where mail goes, open Mail links from the applications menu, or run mailtokit use NAME in a "
            "terminal.")
    NO_ASK = {"MAILTOKIT_ASK": str(s.root / "no-such-mailtokit-ask")}  # the dialog programs, not our window
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
            env.update(NO_ASK)
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
                check((HINT in text) == (name in elsewhere) and "`" not in text,
                      f"{where}: how to choose another program in plain words exactly when that would help: {text!r}")
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
                d.wait_failure_window_ended()
                check(d.recorded("notify-send") == [], f"{where}: no notification besides the dialog")
            else:
                n = notification(d)
                check(n[1:5] == ["--app-name=mailtokit", "--urgency=critical", "--",
                                 titles.FAILURE_TEXT], f"{where}: a critical notification: {n[1:5]}")
                body = n[-1]
                check(shown.replace("<", "&lt;") in body and "What to do:" in body and "at byte" not in body,
                      f"{where}: the notification gives the reason in words and what to do: {body[:200]!r}")
                check("<b>" not in body, f"{where}: no markup from the link in the notification")
                if kept and drafts:
                    check(str(drafts[0]) in body, f"{where}: the notification says where the draft is kept")
                check((HINT in body) == (name in elsewhere),
                      f"{where}: the notification says how to choose another program when that would help")
                check(d.recorded("zenity") == [], f"{where}: no dialog without a display")
    # On KDE the failure dialog is kdialog's, its rich text escaped.
    d.write_config('target = custom\ncommand = /bin/false %u\n')
    d.clear()
    p, log = d.start(["open", LINK], env={"XDG_CURRENT_DESKTOP": "KDE", **NO_ASK})
    rc = wait_exit(p, 30, "kdialog failure")
    k = wait_record(d, "kdialog")
    drafts = d.kept_drafts()
    check(rc == 69 and k[1:2] == ["--title=" + titles.FAILURE_TEXT] and k[-1].startswith("--error=<qt>"),
          f"KDE: the failure is a kdialog error box ({k[1:2]})")
    shown = k[-1].replace("\n", "")  # (lines broken at 80 characters)
    check(len(drafts) == 1 and str(drafts[0]) in shown and "stopped at once and reported an error (exit status 1)" in shown
          and "Mail links from the applications menu" in shown,
          "KDE: the error box gives the reason and the kept draft")
    win = s.wait_window(titles.FAILURE_ANY, timeout=60)
    s.screenshot(RESULTS / "open_failure_kdialog.png")
    click_button(s, win, 0, 1, RESULTS / "open_failure_kdialog_click.png")
    s.wait_window(titles.FAILURE_ANY, timeout=10, gone=True)
    d.wait_failure_window_ended()

    # In German (LANGUAGE=de, a UTF-8 locale, the build's catalogs): the real zenity shows the
    # failure dialog with the German title, reason and "what to do" (issue 24), taken from po/de.po.
    de = {}
    for block in (Path(__file__).resolve().parent.parent.parent / "po" / "de.po").read_text("utf-8").split("\n\n"):
        # msgid and msgstr, each on one line or wrapped over several ("" then one quoted line each).
        m = re.search(r'^msgid ((?:".*"\n)+)msgstr ((?:".*"(?:\n|$))+)', block, re.M)
        if m:
            def joined(lines):
                return "".join(re.findall(r'^"(.*)"$', lines, re.M)).replace('\\"', '"')
            de[joined(m.group(1))] = joined(m.group(2))
    de_title = de[titles.FAILURE_TEXT]
    de_reason = de["{0} did not open the message: it stopped at once and reported an error (exit status {1})."].replace(
        "{0}", "/bin/false").replace("{1}", "1")
    de_todo = de["What to do: {0}"].replace("{0}", "")
    d.write_config('target = custom\ncommand = /bin/false %u\n')
    d.clear()
    p, log = d.start(["open", LINK], env={"LANGUAGE": "de", "LANG": "C.UTF-8", "LC_ALL": "", **NO_ASK,
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
    d.wait_failure_window_ended()

    # No display, confirm = risky: nobody can be asked, so the draft opens and the desktop is told.
    d.write_config(f'target = custom\ncommand = "{recorder}" %u\n')
    d.clear()
    p, log = d.start(["open", "mailto:admin@%D0%B0pple.com?bcc=x@evil.example&attach=%2Fetc%2Fpasswd"],
                     env={"DISPLAY": ""})
    rc = wait_exit(p, 30, "fallback open")
    n = notification(d)
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

    # ---- mailtokit's own failure window (issue 47) --------------------------------------------
    pyatspi = a11y.enable(s)
    d.write_config('target = custom\ncommand = /bin/false %u\n')
    d.clear()
    # As a caller that reads mailtokit's output to its end: the pipeline ends while the window is
    # open (the window is started detached, its output elsewhere).
    r = s.run(["sh", "-c", '"$0" open "$1" 2>&1 | cat', PROG, LINK], env=d.env, check=False, timeout=120)
    check("stopped at once and reported an error (exit status 1)" in r.stdout,
          f"the pipeline ended, stderr said why: {r.stdout[-300:]!r}")
    win = s.wait_window(titles.FAILURE, timeout=60)
    check(d.recorded("zenity") == [] and d.recorded("notify-send") == [],
          "our window, not a dialog program or a notification")

    def alert(predicate, what):
        def ready(app):
            nodes = list(a11y.walk(app))
            if not any(n.getRole() == pyatspi.ROLE_ALERT and n.name == titles.FAILURE_TEXT for n in nodes):
                return None
            buttons = [n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON
                       and "showing" in a11y.states(pyatspi, n)]
            return nodes if buttons and predicate(buttons) else None
        return a11y.find(pyatspi, "mailtokit-ask", ready, 60, what)

    nodes = alert(lambda b: True, "the failure window on the accessibility bus")
    s.activate(win)
    nodes = alert(lambda b: all("sensitive" in a11y.states(pyatspi, x) for x in b), "the failure window, usable")
    buttons = [n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and "showing" in a11y.states(pyatspi, n)]
    names = [b.name for b in buttons]
    check(names == ["Choose where mail goes...", "Close"], f"the failure window's buttons: {names}")
    focused = [b.name for b in buttons if a11y.states(pyatspi, b) & {"focused", "default"}]
    check(focused == ["Close"], f"Close is the default and has the focus (Enter closes): {focused}")
    heading = [n.name for n in nodes if n.getRole() == pyatspi.ROLE_HEADING]
    check(heading == ["/bin/false did not open the message: it stopped at once and reported an error "
                      "(exit status 1)."], f"the heading says in words what went wrong, the status after: {heading}")
    words = " ".join(n.name for n in nodes if n.getRole() == pyatspi.ROLE_LABEL)
    drafts = d.kept_drafts()
    check("What to do:" in words and len(drafts) == 1 and str(drafts[0]) in words and "`" not in words,
          f"what to do and where the draft is, in plain words: {words[:300]!r}")
    s.screenshot(RESULTS / "open_failure_window.png", window=win)
    a11y.press(a11y.named(buttons, "Choose where mail goes..."))
    settings = s.wait_window(titles.exactly("Mail links"), timeout=60)
    s.wait_window(titles.FAILURE, timeout=30, gone=True)
    check(True, "Choose where mail goes... opened the Mail links window")
    s.screenshot(RESULTS / "open_failure_then_settings.png", window=settings)

    def settings_ready(app):
        nodes = list(a11y.walk(app))
        if not any(n.getRole() == pyatspi.ROLE_DIALOG and n.name == "Mail links" for n in nodes):
            return None
        cancel = [n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and n.name == "Cancel"
                  and "sensitive" in a11y.states(pyatspi, n)]
        return cancel[0] if cancel else None
    s.activate(settings)
    a11y.press(a11y.find(pyatspi, "mailtokit-ask", settings_ready, 60, "the Mail links window, usable"))
    s.wait_window(titles.exactly("Mail links"), timeout=30, gone=True)
    d.wait_failure_window_ended()
    check((s.home / ".config/mailtokit/config").read_text() == 'target = custom\ncommand = /bin/false %u\n',
          "Cancel in the Mail links window changed nothing")

    # A failure that no other program fixes: the same window, Close only.
    d.clear()
    p, log = d.start(["open", "https://example.org/"])
    check(wait_exit(p, 30, "not a mailto: link, our window") == 65, "not a mailto: link: exit 65")
    win = s.wait_window(titles.FAILURE, timeout=60)
    s.activate(win)
    nodes = alert(lambda b: all("sensitive" in a11y.states(pyatspi, x) for x in b), "the plain failure window, usable")
    buttons = [n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and "showing" in a11y.states(pyatspi, n)]
    check([b.name for b in buttons] == ["Close"], f"not a mailto: link: Close only: {[b.name for b in buttons]}")
    s.screenshot(RESULTS / "open_failure_window_plain.png", window=win)
    a11y.press(buttons[0])
    s.wait_window(titles.FAILURE, timeout=30, gone=True)
    check(d.recorded("zenity") == [], "no dialog program beside our window")

checks.finish()
