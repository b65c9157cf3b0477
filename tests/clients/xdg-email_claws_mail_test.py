"""Send by email, for real (issue 23), through Claws Mail: its Debian entry claws-mail.desktop is
the desktop's choice before `mailtokit register`; the real `xdg-email --attach` runs, the question
is answered by clicking, Claws Mail (`--attach`) saves the draft with Ctrl+S into its MH draft
folder, and the attachments are read back byte for byte (clientlib.run_xdg_email says what is
checked). Screenshots: MAILTOKIT_RESULTS/xdg-email-claws-mail-*.png."""
from clientlib import Session, main, results_dir, run_xdg_email, wait_for

import claws_mail_test as claws


def run(program: str) -> int:
    out = results_dir()
    with Session("xdg-email-claws-mail") as s:
        files, saved = claws.setup(s)

        def draft_after(had, case: str) -> bytes:
            win = s.wait_window(r"Compose message", timeout=90)
            s.run(["sleep", "1"])  # the fields and the attachment list fill in
            s.screenshot(out / f"xdg-email-claws-mail-composer-{case}.png")
            s.key(win, "ctrl+s")
            raw = wait_for(lambda: saved(had), 20, "Claws Mail to save the draft")
            s.key(win, "ctrl+w")
            s.wait_window(r"Compose message", timeout=20, gone=True)
            return raw

        return run_xdg_email(s, program, "claws-mail", "claws-mail.desktop", files, draft_after)


main(run)
