"""Send by email, for real (issue 23), through Thunderbird: its Debian entry thunderbird.desktop
is the desktop's choice before `mailtokit register`, with the private profile of
tests/clients/thunderbird_test.py; the real `xdg-email --attach` runs, the question is answered by
clicking, Thunderbird gets the files in a `-compose` spec whose values are all percent-encoded
(the document's name holds `',attachment='` and `,to=`: a spliced key would add a file or a
recipient, and the draft is checked for exactly the two files and the one recipient), saves the
draft with Ctrl+S into Local Folders/Drafts, and the attachments are read back byte for byte
(clientlib.run_xdg_email says what is checked). Screenshots:
MAILTOKIT_RESULTS/xdg-email-thunderbird-*.png."""
from clientlib import Session, main, results_dir, run_xdg_email, wait_for

import thunderbird_test as thunderbird


def run(program: str) -> int:
    out = results_dir()
    with Session("xdg-email-thunderbird") as s:
        count, saved = thunderbird.setup(s)

        def snapshot():
            return count(), set(s.windows(r"^Write: "))

        def draft_after(had, case: str) -> bytes:
            drafts, before = had
            win = wait_for(lambda: [w for w in s.windows(r"^Write: ") if w not in before], 120,
                           "Thunderbird's compose window")[0]
            s.run(["sleep", "1"])  # the fields and the attachment list fill in
            s.screenshot(out / f"xdg-email-thunderbird-composer-{case}.png")
            s.key(win, "ctrl+s")
            raw = wait_for(lambda: saved(drafts), 30, "Thunderbird to save the draft")
            s.key(win, "ctrl+w")
            wait_for(lambda: win not in s.windows(r"^Write: "), 20, "the compose window to close")
            return raw

        return run_xdg_email(s, program, "thunderbird", "thunderbird.desktop", snapshot, draft_after)


main(run)
