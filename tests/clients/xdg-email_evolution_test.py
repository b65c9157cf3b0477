"""Send by email, for real (issue 23), through Evolution: its Debian entry
org.gnome.Evolution.desktop is the desktop's choice before `mailtokit register`; the real
`xdg-email --attach` runs, the question is answered by clicking, Evolution gets the files as
attach= fields of its link (percent-encoded paths), its composer saves the draft with Ctrl+S into
the local Drafts maildir, and the attachments are read back byte for byte
(clientlib.run_xdg_email says what is checked). Screenshots:
MAILTOKIT_RESULTS/xdg-email-evolution-*.png."""
from harness import titles
from clientlib import Session, main, maildir_watch, xdg_email_gui


def setup(s: Session):
    # No first-start account assistant (as tests/clients/evolution_test.py).
    s.run(["gsettings", "set", "org.gnome.evolution.mail", "show-startup-wizard", "false"])
    return maildir_watch(s.home / ".local/share/evolution/mail/local/.Drafts")


# The composer's title is the subject; it stays open (it has no close key).
main(xdg_email_gui("evolution", "org.gnome.Evolution.desktop", titles.evolution("Quarterly report"), setup))
