"""Evolution, for real: no account (Evolution composes without one); each link opened by
`mailtokit open --target evolution` (the first starts Evolution, the others reach it over D-Bus),
the composer photographed, Ctrl+S saves the draft into the local Drafts maildir, which is read
back and compared with `mailtokit inspect`."""
import re
import time

from clientlib import (LINKS, Failure, Report, Session, allowed_losses, expected, held, log, main, open_link,
                       results_dir, version_of, wait_for, write_config)


def run(program: str) -> int:
    with Session("evolution") as s:
        rep = Report("Evolution", version_of(s, ["evolution", "--version"]))
        write_config(s, ["target = evolution"])
        drafts = s.home / ".local/share/evolution/mail/local/.Drafts"

        def files() -> set:
            return {p for sub in ("cur", "new") for p in (drafts / sub).glob("*")} if drafts.exists() else set()

        for i, (link_id, (link, _cells)) in enumerate(LINKS.items()):
            exp = expected(s, program, link)
            # The composer's title is the subject.
            title = "^" + re.escape(exp["Subject"]) + "$"
            have = files()
            t0 = time.monotonic()
            told = open_link(s, program, "evolution", link)
            try:
                win = wait_for(lambda: s.windows(title), 90 if i == 0 else 30, "Evolution's composer")[0]
            except Failure:
                s.screenshot(results_dir() / f"evolution-{link_id}-failed.png")
                log(f"windows: {s.all_titles()}")
                raise
            took = time.monotonic() - t0
            if i == 0:
                rep.cold = took
                log(f"first composer (Evolution starting) after {took:.2f} s")
            else:
                rep.times.append(took)
            time.sleep(1.0)
            s.screenshot(results_dir() / f"evolution-{link_id}.png")
            s.key(win, "ctrl+s")
            try:
                new = wait_for(lambda: files() - have, 30, "Evolution to save the draft into its local Drafts")
            except Failure:
                s.screenshot(results_dir() / f"evolution-{link_id}-nosave.png")
                log(f"windows: {s.all_titles()}")
                raise
            time.sleep(0.3)
            raw = sorted(new)[-1].read_bytes()
            (results_dir() / f"evolution-{link_id}.eml").write_bytes(raw)
            # Told before it opened: Evolution turns some spaces into U+00A0; nothing else may differ.
            rep.check(link_id, exp, held(raw), allowed_losses(told.stderr), lambda v: v.replace("\xa0", " ")
                      if isinstance(v, str) else v)
            # The composer stays open (it has no close key); the next link's has another title.
        return rep.finish()


main(run)
