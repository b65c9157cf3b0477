"""Send by email, for real (issue 23), through Evolution: its Debian entry
org.gnome.Evolution.desktop is the desktop's choice before `mailtokit register`; the real
`xdg-email --attach` runs, the question is answered by clicking, Evolution gets the files as
attach= fields of its link (percent-encoded paths), its composer saves the draft with Ctrl+S into
the local Drafts maildir, and the attachments are read back byte for byte
(clientlib.run_xdg_email says what is checked). Screenshots:
MAILTOKIT_RESULTS/xdg-email-evolution-*.png."""
from clientlib import Session, main, maildir_watch, results_dir, run_xdg_email, wait_for


def run(program: str) -> int:
    out = results_dir()
    with Session("xdg-email-evolution") as s:
        # No first-start account assistant (as tests/clients/evolution_test.py).
        s.run(["gsettings", "set", "org.gnome.evolution.mail", "show-startup-wizard", "false"])
        files, saved = maildir_watch(s.home / ".local/share/evolution/mail/local/.Drafts")

        def snapshot():
            return files(), set(s.windows(r"^Quarterly report$"))

        def draft_after(had, case: str) -> bytes:
            drafts, before = had
            # The composer's title is the subject; an earlier one stays open (it has no close key).
            win = wait_for(lambda: [w for w in s.windows(r"^Quarterly report$") if w not in before], 90,
                           "Evolution's composer")[0]
            s.run(["sleep", "1"])  # the fields and the attachment bar fill in
            s.screenshot(out / f"xdg-email-evolution-composer-{case}.png")
            s.key(win, "ctrl+s")
            return wait_for(lambda: saved(drafts), 30, "Evolution to save the draft")

        return run_xdg_email(s, program, "evolution", "org.gnome.Evolution.desktop", snapshot, draft_after)


main(run)
