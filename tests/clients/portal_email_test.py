"""The Email portal, for real (issue 23): what a Flatpak application's "send by email" does.
The real xdg-desktop-portal and its GTK backend (D-Bus-activated on the session's private bus,
`XDG_CURRENT_DESKTOP=GNOME` so the GTK backend is the one chosen), Claws Mail's Debian entry the
desktop's choice before `mailtokit register`. A client (tests/clients/portal_caller.py, the
system Python with Gio) calls org.freedesktop.portal.Email.ComposeEmail as a sandboxed application's
toolkit does: parent window "", address, subject, body and `attachment_fds` (an `ah` whose
descriptors travel in the message's Unix fd list). The portal turns each descriptor into its
path, the GTK backend builds `mailto:...&attachment=PATH` and launches the default handler,
mailtokit; its question (mailtokit's own window) is answered by ticking the file, Claws Mail saves the draft
(Ctrl+S) and the attachment is read back from it byte for byte. Then the same call answered with
Enter (the default): no attachment. Then a file with '&' in its name: the backend puts the path
into the URI unencoded, so the '&' ends the field; mailtokit must not attach any other file
(it finds nothing at the cut path, asks nothing, and the draft has no attachment).

The caller is not inside a Flatpak sandbox (no flatpak runtime here): for a sandboxed app the
portal would give paths under /run/user/UID/doc/ or ~/.var/app/, which mailtokit never attaches
(README, "FILES A REQUEST ASKS TO ATTACH"). Screenshots: MAILTOKIT_RESULTS/portal-email-*.png.
"""
import email
import email.policy
import json
import subprocess
import time

import claws_mail_test as claws
from clientlib import (Failure, Session, attachments_of, claws_draft, desktop_handover, log, main, require,
                       results_dir)
from harness.checks import Checks
from harness.session import processes_with_home, tick_and_open
from harness.titles import QUESTION

SYSTEM_PYTHON = "/usr/bin/python3"  # python3-gi is the distribution's
CALLER = __file__.rsplit("/", 1)[0] + "/portal_caller.py"


def session_processes(s: Session) -> list[tuple[str, list[str]]]:
    """(executable's name, argv) of every process whose environment has the session's HOME."""
    return [(name, argv) for _pid, name, argv in processes_with_home(s.home)]


def run(program: str) -> int:
    checks = Checks("portal_email", show_passed=True)
    check = checks.check

    require(SYSTEM_PYTHON, "/usr/libexec/xdg-desktop-portal", "/usr/libexec/xdg-desktop-portal-gtk")
    out = results_dir()
    t_start = time.monotonic()
    with Session("portal-email", portals=True, env={"XDG_CURRENT_DESKTOP": "GNOME"}) as s:
        files, saved = claws.setup(s)
        desktop_handover(s, program, "claws-mail.desktop", ["confirm = risky"])
        docs = s.home / "Documents"
        docs.mkdir()
        doc = docs / "Quarterly report \u00fcber 2026.odt"
        doc.write_bytes(b"PK\x03\x04" + bytes((i * 11) % 256 for i in range(4000)))

        def compose(path) -> subprocess.Popen:
            log_file = open(s.root / "portal-caller.log", "ab")
            return subprocess.Popen([SYSTEM_PYTHON, CALLER, "boss@example.org", "Quarterly report",
                                     "Here it is.", str(path)],
                                    env=s.env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log_file)

        def answered(p: subprocess.Popen) -> dict:
            try:
                o, _ = p.communicate(timeout=90)
            except subprocess.TimeoutExpired:
                p.kill()
                raise Failure("the portal call did not return in 90 s")
            try:
                return json.loads(o.decode().strip().splitlines()[-1])
            except (ValueError, IndexError):
                raise Failure(f"the portal caller printed no answer: {o!r}; "
                              f"{(s.root / 'portal-caller.log').read_text(errors='replace')[-2000:]}")

        # 1. Attach: the file arrives byte for byte.
        had = files()
        t0 = time.monotonic()
        p = compose(doc)
        try:
            win = s.wait_window(QUESTION, timeout=90)
        except Failure:
            s.screenshot(out / "portal-email-noquestion.png")
            raise
        log(f"the question appeared {time.monotonic() - t0:.1f} s after the portal call (portal and backend starting)")
        s.run(["sleep", "0.5"])  # drawn
        s.screenshot(out / "portal-email-question.png", window=win)
        # While the question is up: the portal and its GTK backend run in the session, and mailtokit
        # was given the backend's link, the path in its attachment= field as it is (not encoded).
        procs = session_processes(s)
        names = {n for n, _ in procs}
        check({"xdg-desktop-portal", "xdg-desktop-portal-gtk"} <= names,
              f"the real portal and its GTK backend carried the request: {sorted(names)}")
        handed = [argv for n, argv in procs if argv[:2] == [program, "open"]]
        log(f"mailtokit was started with: {handed}")
        check(len(handed) == 1 and handed[0][-1].startswith("mailto:boss@example.org?")
              and handed[0][-1].endswith("&attachment=" + str(doc)),
              "mailtokit got the backend's mailto: link with attachment=PATH (the path unencoded)")
        tick_and_open(s, win, 1, out / "portal-email-question-screen.png")  # tick the files, Return: Open
        raw = claws_draft(s, saved, had, out / "portal-email-claws-composer.png")
        (out / "portal-email-attached.eml").write_bytes(raw)
        a = answered(p)
        check(a.get("response") == 0 and a.get("handle") == a.get("expected_handle"),
              f"the portal answered the request (response 0 on the Request object): {a}")
        got = attachments_of(raw)
        check(list(got) == [doc.name], f"the file is attached by its name: {sorted(got)}")
        check(got.get(doc.name) == doc.read_bytes(), "the file arrives byte for byte")
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        check(str(msg["Subject"]) == "Quarterly report" and "boss@example.org" in str(msg["To"]),
              f"subject and recipient: {msg['Subject']!r}, {msg['To']!r}")

        # 2. Enter at the question (its default): the draft has no attachment.
        had = files()
        p = compose(doc)
        win = s.wait_window(QUESTION, timeout=60)
        s.run(["sleep", "0.5"])
        s.key(win, "Return")
        raw = claws_draft(s, saved, had)
        (out / "portal-email-not-attached.eml").write_bytes(raw)
        answered(p)
        check(attachments_of(raw) == {}, f"Enter attaches nothing: {sorted(attachments_of(raw))}")
        check(doc.read_bytes()[:64] not in raw, "the file's bytes are nowhere in the draft")

        # 3. '&' in the name: the backend writes attachment=/.../Q&A notes.txt unencoded, so the
        # value mailtokit reads is /.../Q. Nothing there: no question, no file attached. A file at
        # the cut path would be a different file than the one sent: the question would show it by
        # its own name, and the never-attached rules would judge it (not tested: the user sees it).
        amp = docs / "Q&A notes.txt"
        amp.write_bytes(b"questions and answers\n")
        had = files()
        p = compose(amp)
        raw = claws_draft(s, saved, had, out / "portal-email-ampersand-composer.png")
        (out / "portal-email-ampersand.eml").write_bytes(raw)
        check(not s.windows(QUESTION), "no question for a path the backend cut at '&' (nothing is there)")
        answered(p)
        check(attachments_of(raw) == {}, f"nothing attached for the cut path: {sorted(attachments_of(raw))}")
        check(amp.read_bytes() not in raw, "the file with '&' in its name is nowhere in the draft")

    log(f"portal test: {time.monotonic() - t_start:.1f} s in all")
    return checks.report("Email portal", "the chosen file arrived byte for byte; the default attached nothing; "
                         "a path cut at '&' attached nothing")


if __name__ == "__main__":
    main(run)
