"""Send by email, for real (issue 23): the desktop's "send this file" path with mailtokit
registered. Claws Mail's own Debian entry is the desktop's choice before `mailtokit register`;
the real `xdg-email --attach FILE --attach FILE --subject S ADDRESS` (what LibreOffice, the file
managers and GIMP run) reaches mailtokit through the real xdg-open; the question is a real zenity
dialog on the test's X server, answered by clicking; Claws Mail's composer saves the draft with
Ctrl+S, and the attachments are read back from the saved draft with Python's email package and
compared byte for byte with the files (a small document, and a binary file of every byte value
with a non-ASCII name). Then the same with Enter pressed at the question (its default): the draft
has no attachment. The question's screenshot is MAILTOKIT_RESULTS/xdg-email-question.png.
"""
import email
import email.policy
import os
import subprocess
import sys
from pathlib import Path

import claws_mail_test as claws
from clientlib import Failure, Session, desktop_handover, log, main, results_dir, wait_for
from open_desktop import click_button

QUESTION = r"^mailtokit: attach these files\?$"


def attachments_of(raw: bytes) -> dict[str, bytes]:
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    return {p.get_filename(): p.get_content() for p in msg.iter_attachments()} if msg.is_multipart() else {}


def run(program: str) -> int:
    failures = []

    def check(ok: bool, what: str) -> None:
        log(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)

    out = results_dir()
    with Session("xdg-email") as s:
        files, saved = claws.setup(s)
        # The question needs `confirm` other than never: the default, risky.
        desktop_handover(s, program, "claws-mail.desktop", ["confirm = risky"])
        docs = s.home / "Documents"
        docs.mkdir()
        doc = docs / "Quarterly report.odt"
        doc.write_bytes(b"PK\x03\x04" + bytes((i * 7) % 256 for i in range(3000)))
        binary = docs / "Bild \u00fcber \u00c4rger.bin"
        binary.write_bytes(bytes(range(256)) * 37)

        def send(*extra: str) -> subprocess.Popen:
            log_file = open(s.root / "xdg-email.log", "ab")
            return subprocess.Popen(["xdg-email", "--attach", str(doc), "--attach", str(binary), *extra,
                                     "--subject", "Quarterly report", "boss@example.org"],
                                    env=s.env, stdin=subprocess.DEVNULL, stdout=log_file, stderr=log_file)

        def composer_draft(had) -> bytes:
            win = s.wait_window(r"Compose message", timeout=90)
            s.run(["sleep", "1"])  # the fields and the attachment list fill in
            s.screenshot(out / "xdg-email-claws-composer.png")
            s.key(win, "ctrl+s")
            raw = wait_for(lambda: saved(had), 20, "Claws Mail to save the draft")
            s.key(win, "ctrl+w")
            s.wait_window(r"Compose message", timeout=20, gone=True)
            return raw

        # 1. The question answered "Attach": both files arrive, byte for byte.
        had = files()
        p = send()
        win = s.wait_window(QUESTION, timeout=60)
        s.run(["sleep", "0.5"])  # drawn
        s.screenshot(out / "xdg-email-question.png", window=win)
        click_button(s, win, 1, 2, out / "xdg-email-question-screen.png")  # [Don't attach] [Attach]
        raw = composer_draft(had)
        (out / "xdg-email-attached.eml").write_bytes(raw)
        got = attachments_of(raw)
        check(set(got) == {doc.name, binary.name}, f"both files are attached by name: {sorted(got)}")
        check(got.get(doc.name) == doc.read_bytes(), "the document arrives byte for byte")
        check(got.get(binary.name) == binary.read_bytes(), "the binary file with a non-ASCII name arrives byte for byte")
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        check(str(msg["Subject"]) == "Quarterly report" and "boss@example.org" in str(msg["To"]),
              f"subject and recipient: {msg['Subject']!r}, {msg['To']!r}")
        p.wait(timeout=60)

        # 2. Enter at the question (its default): the draft has no attachment.
        had = files()
        p = send()
        win = s.wait_window(QUESTION, timeout=60)
        s.run(["sleep", "0.5"])
        s.key(win, "Return")
        raw = composer_draft(had)
        (out / "xdg-email-not-attached.eml").write_bytes(raw)
        check(attachments_of(raw) == {}, f"Enter attaches nothing: {sorted(attachments_of(raw))}")
        p.wait(timeout=60)
        told = (s.root / "xdg-email.log").read_text(errors="replace")
        check("you chose not to attach it" in told, "the user is told the files were not attached")

    if failures:
        log(f"FAIL xdg-email --attach: {len(failures)} problem(s)")
        return 1
    log("PASS xdg-email --attach: the files the user chose arrived byte for byte; the default attached nothing")
    return 0


main(run)
