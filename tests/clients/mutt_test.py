"""mutt, for real: Debian's mutt.desktop made the desktop's mailto default, `mailtokit register`
in its place, each link clicked through the real xdg-open (mailtokit starts the entry in the
configured terminal, a private tmux server), postponed with `P`, read back from mutt's postponed
mbox and compared with `mailtokit inspect`."""
from clientlib import main, run_mutt_like

main(lambda program: run_mutt_like(program, "mutt", "mutt", desktop_entry="mutt.desktop"))
