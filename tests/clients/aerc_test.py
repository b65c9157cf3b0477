"""aerc, for real: one aerc in a private tmux server with a maildir account; each link opened by
`mailtokit open --target aerc` (a second aerc hands it to the first one), the composer's review
screen captured, `:postpone` saves the draft into the account's Drafts maildir, which is read
back and compared with `mailtokit inspect`."""
import time

from harness.links import LINKS
from clientlib import (handed_over, Failure, Report, Session, Tmux, allowed_losses, expected, held, log, main, open_link,
                       results_dir, version_of, wait_for, write_config)


def run(program: str) -> int:
    with Session("aerc") as s:
        rep = Report("aerc", version_of(s, ["aerc", "-v"]))
        home = s.home
        for box in ("INBOX", "Drafts", "Sent"):
            for sub in ("cur", "new", "tmp"):
                (home / "Mail" / box / sub).mkdir(parents=True)
        cfg = home / ".config" / "aerc"
        cfg.mkdir(parents=True)
        accounts = cfg / "accounts.conf"
        accounts.write_text(f"[test]\nsource = maildir://{home}/Mail\noutgoing = /bin/false\ndefault = INBOX\n"
                            "from = Me <me@example.org>\npostpone = Drafts\ncopy-to = Sent\n")
        accounts.chmod(0o600)
        # The editor leaves the body as the link gave it; aerc then shows its review screen.
        (cfg / "aerc.conf").write_text(f"[general]\nlog-file={home}/aerc.log\nlog-level=debug\n[compose]\neditor=true\n")
        drafts = home / "Mail" / "Drafts"

        def delivered():
            # Maildir: a message is written in tmp/ and renamed into new/ or cur/ when complete; a
            # file read in tmp/ may still be empty (it was, once, on a busy machine).
            return [p for sub in ("new", "cur") for p in (drafts / sub).iterdir() if p.is_file()]
        tm = Tmux(s)
        tm.start()
        try:
            write_config(s, ["target = aerc", "terminal = " + tm.prefix()])
            tm.cmd("new-window", "-t", "mtk:", "aerc")
            main_win = tm.windows()[-1]
            t0 = time.monotonic()
            wait_for(lambda: "Connected" in tm.capture(main_win), 30, "aerc to open its account")
            log(f"aerc started in {time.monotonic() - t0:.2f} s")
            time.sleep(3)
            for link_id, (link, _cells) in LINKS.items():
                exp = expected(s, program, link)
                have = {p.name for p in delivered()}
                t0 = time.monotonic()
                told = open_link(s, program, "aerc", link)
                # aerc 0.14 draws a composer opened from another aerc (its socket) only at its next
                # event: a window size change (what a user's terminal sends on resize) is one.
                width = [200]

                def review():
                    text = tm.capture(main_win)
                    if "Send this email?" in text:
                        return text
                    width[0] = 399 - width[0]
                    tm.cmd("resize-window", "-t", main_win, "-x", str(width[0]), "-y", "50", check=False)
                    return ""
                try:
                    screen = wait_for(review, 20, "aerc's composer (its review screen)")
                except Failure:
                    log((home / "aerc.log").read_text()[-3000:])
                    for w in tm.windows():
                        log(f"window {w}:\n" + tm.capture(w).rstrip())
                    raise
                rep.times.append(time.monotonic() - t0)
                (results_dir() / f"aerc-{link_id}.txt").write_text(screen)
                tm.keys(main_win, ":postpone", "Enter")
                new = wait_for(lambda: [p for p in delivered() if p.name not in have], 20,
                               "aerc to postpone the draft into Drafts")
                raw = new[0].read_bytes()
                (results_dir() / f"aerc-{link_id}.eml").write_bytes(raw)
                rep.check(link_id, handed_over(exp, told.stderr), held(raw), allowed_losses(told.stderr))
                wait_for(lambda: "Send this email?" not in tm.capture(main_win), 10, "aerc to close the composer")
        finally:
            tm.stop()
        rep.cold = None
        return rep.finish()


main(run)
