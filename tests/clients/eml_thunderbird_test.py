"""The draft file (`target = eml`) opened by Thunderbird, for real (issue 39): Debian's
thunderbird.desktop is the desktop's default for message/rfc822 (the real `xdg-mime`), with the
private profile of tests/clients/thunderbird_test.py; each link goes through `mailtokit open
--target eml`, which writes the draft file and opens it with the real `xdg-open`. Thunderbird opens a
draft file (X-Unsent: 1) in its composer, where it reads the addresses again with its own decoder;
Ctrl+S saves the draft into Local Folders/Drafts, which is read back and compared with `mailtokit
inspect` less what `open` said it left out. Before issue 39, an RFC 2047 word that `inspect` showed
as a local part became a recipient at another domain here."""
from harness import titles
from clientlib import Report, Session, main, open_link, run_gui_links, version_of, write_config

import thunderbird_test as thunderbird


def run(program: str) -> int:
    with Session("thunderbird") as s:
        rep = Report("Thunderbird (draft file)", version_of(s, ["thunderbird", "--version"], r"\d+[\d.]*(esr)?"),
                     kind="draft file")
        count, saved = thunderbird.setup(s)
        s.run(["xdg-mime", "default", "thunderbird.desktop", "message/rfc822"])
        write_config(s, ["confirm = never", "notify = no"])
        run_gui_links(s, rep, program, "eml-thunderbird", lambda exp: s.windows(titles.THUNDERBIRD), count, saved,
                      close=lambda win, exp: s.key(win, "ctrl+w"),
                      opener=lambda link: open_link(s, program, "eml", link))
        if not rep.times and rep.cold is not None:
            rep.times.append(rep.cold)
        return rep.finish()


if __name__ == "__main__":
    main(run)
