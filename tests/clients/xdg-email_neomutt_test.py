"""Send by email, for real (issue 23), through NeoMutt: its Debian entry neomutt.desktop is the
desktop's choice before `mailtokit register`, the configured terminal a private tmux server; the
real `xdg-email --attach` runs, the question is answered by clicking, NeoMutt gets the files as
`-a FILE... --` (an argv, never a shell), postpones the draft with `P`, and the attachments are
read back byte for byte from its postponed mbox (clientlib.run_xdg_email says what is checked).
Screenshots: MAILTOKIT_RESULTS/xdg-email-neomutt-*.png (the question), the compose menus as text
in xdg-email-neomutt-*.txt."""
from clientlib import Session, main, mutt_postpone, mutt_setup, results_dir, run_xdg_email


def run(program: str) -> int:
    out = results_dir()
    with Session("xdg-email-neomutt") as s:
        postponed, tm = mutt_setup(s, "neomutt")
        try:
            def draft_after(before: set, case: str) -> bytes:
                raw, _seen, screen = mutt_postpone(tm, "neomutt", postponed, before, case)
                (out / f"xdg-email-neomutt-{case}.txt").write_text(screen)
                return raw

            return run_xdg_email(s, program, "neomutt", "neomutt.desktop", lambda: set(tm.windows()), draft_after,
                                 ["terminal = " + tm.prefix()])
        finally:
            tm.stop()


main(run)
