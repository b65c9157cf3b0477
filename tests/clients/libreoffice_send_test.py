#!/usr/bin/env python3
"""LibreOffice's "Send as PDF" through mailtokit, with LibreOffice's own code (issue 35).

Usage: libreoffice_send_test.py /path/to/mailtokit

Debian's LibreOffice (7.4) sends a document by email like this (handler/attach/PROVENANCE.md):
soffice.bin exports into a folder of its own under /tmp (/tmp/lu*.tmp/lu*.tmp/<name>.pdf),
then its SimpleCommandMail service (shell/source/cmdmail/cmdmailsuppl.cxx) popen()s
`senddoc --mailclient sensible-lomua --attach <that file>`; Debian's senddoc runs
`xdg-email "mailto:?attach=file:///tmp/..." &` (a mailto: link, not --attach) and exits, so
xdg-email is an orphan whose process group is still LibreOffice's. A hyperlink in a document
goes through its SystemShellExecute service (shell/source/unix/exec/shellexec.cxx):
`( /usr/bin/xdg-open URL ) &`, an orphan in the same group.

In a private desktop (harness/session.py: Xvfb, D-Bus, private HOME), with `mailtokit register` (the
real xdg-mime) and a recorder as the mail program (target = custom, its %f the draft file),
headless soffice runs a Python macro (tests/clients/libreoffice_send_macro.py, installed into
the private profile) that, inside soffice.bin:
  1. loads a small document and exports it as PDF into LibreOffice's own temp folder (the
     folder com.sun.star.io.TempFile uses, a lu*.tmp folder in it, as SfxMailModel does);
  2. sends it with com.sun.star.system.SimpleCommandMail: LibreOffice's real senddoc call;
     mailtokit asks about the file (mailtokit-ask), ticking it attaches it (answer_attach(), the one
     place that knows how the question is answered), and the recorder's draft must hold the
     PDF byte for byte, the question naming xdg-email for soffice.bin;
  3. opens the same request as a hyperlink with com.sun.star.system.SystemShellExecute: no
     question may appear, the draft holds no file, and the user is told why.
LibreOffice deletes its temp folder when it exits, so the macro waits for the test's signal.
"""
from __future__ import annotations

import email
import email.policy
import json
import os
import shutil
import sys
import time
from pathlib import Path

from harness.checks import Checks, main as checks_main
from harness.desktop import Desktop
from harness.session import Failure, Session, require, tick_and_open, wait_for
from harness.titles import QUESTION

HERE = Path(__file__).resolve().parent
PROG = os.path.realpath(sys.argv[1]) if len(sys.argv) > 1 else ""
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
checks = Checks("libreoffice_send", show_passed=True)
check, failures = checks.check, checks.failures


def answer_attach(s: Session, shot: Path) -> None:
    """Answer mailtokit's question so that the file is attached: its check box ticked (Alt+1),
    then Return (Open)."""
    win = s.wait_window(QUESTION, timeout=40)
    time.sleep(0.5)  # drawn
    s.screenshot(RESULTS / "libreoffice-send-question.png", window=win)
    tick_and_open(s, win, 1, shot)


def question_text(d: Desktop) -> str:
    """The question mailtokit-ask was given (its file, kept by the recorder)."""
    return d.recorded_text("ask")


def draft_attachments(d: Desktop) -> list[tuple[str, bytes]]:
    """The attachments (name, bytes) of the draft file the recorder was given (%f, its last argument)."""
    argv = wait_for(lambda: (d.recorded("recorder") or [None])[-1], 40, "the mail program (recorder) to be started")
    msg = email.message_from_bytes(Path(argv[-1]).read_bytes(), policy=email.policy.default)
    if not msg.is_multipart():
        return []
    return [(p.get_filename() or "", p.get_content()) for p in msg.iter_attachments()]


def main() -> int:
    require("soffice", "xdg-email", "xdg-open", "xdg-mime", "xdotool", "import")
    t0 = time.monotonic()
    RESULTS.mkdir(parents=True, exist_ok=True)
    with Session("libreoffice-send") as s:
        d = Desktop(s, PROG)
        d.record_ask()
        d.write_config(f'target = custom\ncommand = "{d.recorder}" %f\nconfirm = risky\nnotify = no\n')
        s.run([PROG, "register"])
        default = s.run(["xdg-mime", "query", "default", "x-scheme-handler/mailto"]).stdout.strip()
        if default != "mailtokit-handler.desktop":
            raise Failure(f"after mailtokit register the mailto handler is {default!r}")

        doc = s.home / "Documents" / "Quarterly report.txt"
        doc.parent.mkdir(parents=True)
        doc.write_text("Quarterly report\n\nSales rose by 4 %; the details follow in the next issue.\n")
        macros = s.home / ".config/libreoffice/4/user/Scripts/python"
        macros.mkdir(parents=True)
        shutil.copy(HERE / "libreoffice_send_macro.py", macros / "libreoffice_send_macro.py")
        talk = s.root / "talk"  # the macro writes what it did here; the test's signals go here
        talk.mkdir()
        lo_log = s.root / "soffice.log"
        # Started as a desktop starts a program: its own session and process group. PATH: the
        # recorders, then the system's programs only (a pyenv python3 earlier in PATH made
        # LibreOffice's Python loader die with std::bad_alloc).
        path = os.pathsep.join([str(d.bin), "/usr/local/bin", "/usr/bin", "/bin"])
        lo = s.spawn(["soffice", "--headless", "--norestore", "--nologo",
                      "vnd.sun.star.script:libreoffice_send_macro.py$run?language=Python&location=user"],
                     log=lo_log, env={**d.env, "PATH": path, "LO_TEST_DOC": str(doc), "LO_TEST_TALK": str(talk)})
        try:
            # 2. Send: LibreOffice's own senddoc call, the question answered to attach.
            sent = json.loads(wait_for(lambda: (talk / "sent.json").exists() and (talk / "sent.json").read_text(), 60,
                                       "LibreOffice to export the PDF and run senddoc"))
            pdf = Path(sent["pdf"])
            check(pdf.parent.name.startswith("lu") and pdf.parent.parent.name.startswith("lu") and
                  str(pdf).startswith("/tmp/"), f"LibreOffice exported into its own temp folder: {pdf}")
            pdf_bytes = pdf.read_bytes()
            check(pdf_bytes.startswith(b"%PDF-"), f"the export is a PDF ({len(pdf_bytes)} bytes)")
            answer_attach(s, RESULTS / "libreoffice-send-question-screen.png")
            got = draft_attachments(d)
            check(got == [(pdf.name, pdf_bytes)],
                  f"the draft holds the PDF byte for byte: {[(n, len(b)) for n, b in got]}")
            question = question_text(d)
            check("xdg-email (for soffice.bin)" in question,
                  f"the question names xdg-email, for soffice.bin: {question[:300]!r}")

            # 3. The same request as a hyperlink in a document: no file offered.
            d.clear()
            (talk / "next").touch()
            wait_for(lambda: (talk / "linked.json").exists(), 30, "LibreOffice to open the hyperlink")
            got = draft_attachments(d)
            check(got == [], f"a hyperlink from LibreOffice attaches nothing: {[n for n, _ in got]}")
            check(not d.recorded("ask") and not d.recorded("zenity"),
                  "a hyperlink from LibreOffice asks no question about files")
            told = lo_log.read_text(errors="replace")
            check("a link never attaches files" in told and "soffice.bin" in told,
                  f"the user is told the link came from soffice.bin: {told.strip()[-300:]!r}")
        except Failure:
            print("soffice and mailtokit told:\n" + (lo_log.read_text(errors="replace")[:3000] if lo_log.exists() else ""))
            raise
        finally:
            (talk / "done").touch()
            try:
                lo.wait(timeout=30)
            except Exception:
                pass
    took = time.monotonic() - t0
    return checks.report("LibreOffice send", "Send as PDF attaches the PDF after the question; its hyperlink offers "
                         f"nothing ({took:.1f} s)", f" ({took:.1f} s)")


if __name__ == "__main__":
    checks_main(lambda _program: main())
