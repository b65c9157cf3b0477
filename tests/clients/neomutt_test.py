"""NeoMutt, for real: Debian's neomutt.desktop made the desktop's mailto default, `mailtokit
register` in its place, each link clicked through the real xdg-open (mailtokit starts the entry in
the configured terminal, a private tmux server), postponed with `P`, read back from the postponed
mbox and compared with `mailtokit inspect`."""
from clientlib import main, run_mutt_like

main(lambda program: run_mutt_like(program, "NeoMutt", "neomutt", desktop_entry="neomutt.desktop"))
