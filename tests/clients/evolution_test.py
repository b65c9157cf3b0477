"""Evolution, for real: no account (Evolution composes without one); each link opened by
a click through the real xdg-open after Debian's org.gnome.Evolution.desktop was the desktop's
mailto default and `mailtokit register` took its place (the first starts Evolution, the others reach it over D-Bus),
the composer photographed, Ctrl+S saves the draft into the local Drafts maildir, which is read
back and compared with `mailtokit inspect`."""

from harness import titles
from clientlib import (Report, Session, desktop_handover, main, maildir_watch, open_via_xdg_open, run_gui_links,
                       version_of)


def run(program: str) -> int:
    with Session("evolution") as s:
        rep = Report("Evolution", version_of(s, ["evolution", "--version"]))
        desktop_handover(s, program, "org.gnome.Evolution.desktop")  # the desktop's choice before mailtokit
        # No first-start account assistant: on a loaded machine it came up late and the next
        # link's composer never opened. (The composer itself needs no account.)
        s.run(["gsettings", "set", "org.gnome.evolution.mail", "show-startup-wizard", "false"])
        drafts = s.home / ".local/share/evolution/mail/local/.Drafts"

        files, saved = maildir_watch(drafts)

        # The composer's title is the subject; it stays open (it has no close key).
        # Told before it opened: Evolution turns some spaces into U+00A0; nothing else may differ.
        run_gui_links(s, rep, program, "evolution", lambda exp: s.windows(titles.evolution(exp["Subject"])),
                      files, saved, told_change=lambda v: v.replace("\xa0", " ") if isinstance(v, str) else v,
                      opener=lambda link: open_via_xdg_open(s, link))
        return rep.finish()


main(run)
