"""Claws Mail, for real: a private configuration (an account that is never contacted, an MH
mailbox, the spell checker off: its dialog would block the composer); each link opened by
a click through the real xdg-open after Debian's claws-mail.desktop was the desktop's mailto
default and `mailtokit register` took its place (the first starts Claws Mail, the others reach it over its
socket), the compose window photographed, Ctrl+S saves the draft into the mailbox's draft folder,
which is read back and compared with `mailtokit inspect`."""
import time

from harness import titles
from clientlib import (MH_ACCOUNTRC, MH_FOLDERLIST, Failure, Report, Session, desktop_handover, log, main, mh_mailbox,
                       open_via_xdg_open, results_dir, run_gui_links, version_of, wait_for)

ACCOUNTRC = MH_ACCOUNTRC + """use_pop_auth=0
get_mail_on_startup=0
set_draft_folder=0
"""

CLAWSRC = """[Common]
enable_aspell=0
check_while_typing=0
autosave=0
warn_queued_on_exit=0
confirm_on_exit=0
show_splash=0
compose_width=900
compose_height=800
compose_notebook_height=260
"""


def setup(s: Session):
    """A private Claws Mail configuration in the session's HOME; (files, saved) over its draft
    folder for run_gui_links (also used by tests/clients/xdg-email_claws_mail_test.py)."""
    cfg = s.home / ".claws-mail"
    cfg.mkdir()
    (cfg / "accountrc").write_text(ACCOUNTRC)
    (cfg / "folderlist.xml").write_text(MH_FOLDERLIST)
    (cfg / "clawsrc").write_text(CLAWSRC)
    return mh_mailbox(s.home)


def run(program: str) -> int:
    with Session("claws-mail") as s:
        rep = Report("Claws Mail", version_of(s, ["claws-mail", "--version"], r"\d+[\d.]+"))
        files, saved = setup(s)
        desktop_handover(s, program, "claws-mail.desktop")  # the desktop's choice before mailtokit
        run_gui_links(s, rep, program, "claws-mail", lambda exp: s.windows(titles.CLAWS_MAIL), files, saved,
                      close=lambda win, exp: s.key(win, "ctrl+w"), opener=lambda link: open_via_xdg_open(s, link))
        too_long_link(s, rep)
        return rep.finish()


def too_long_link(s: Session, rep: Report) -> None:
    """A link with 420 Cc addresses to the running Claws Mail (issue 39): its socket line holds
    8190 bytes, and a longer one crashed it (lock_socket_input_cb), losing the user's open
    composer. mailtokit must refuse before anything reaches Claws Mail, say so in its failure
    dialog, and leave Claws Mail running with the composer the user has open."""
    cc = ",".join(f"colleague{i:03d}@example.org" for i in range(420))
    link = f"mailto:a@example.org?cc={cc}&subject=many&body=hello"
    s.run(["claws-mail", "--compose", "mailto:keep@example.org?subject=open%20composer"])  # the user's composer
    mine = wait_for(lambda: s.windows(titles.CLAWS_MAIL), 30, "the user's own composer")
    pids = set(s.run(["pgrep", "-x", "claws-mail"], check=False).stdout.split())
    if not pids:
        raise Failure("no claws-mail process is running before the long link")
    r = open_via_xdg_open(s, link, refused=True)
    if "too long" not in r.stderr:
        rep.failures.append(f"too-long link: mailtokit did not say the link is too long: {r.stderr.strip()[:300]}")
    dialog = wait_for(lambda: s.windows(titles.FAILURE_ANY), 30, "mailtokit's failure dialog")[0]
    time.sleep(0.5)
    s.screenshot(results_dir() / "claws-mail-too-long-refused.png")
    s.key(dialog, "Return")
    wait_for(lambda: not s.windows(titles.FAILURE_ANY), 20, "the failure dialog to close")
    alive = set(s.run(["pgrep", "-x", "claws-mail"], check=False).stdout.split())
    if not pids <= alive:
        rep.failures.append(f"too-long link: Claws Mail stopped (processes before {sorted(pids)}, after {sorted(alive)})")
    if not all(w in s.windows(titles.CLAWS_MAIL) for w in mine):
        rep.failures.append("too-long link: the user's open composer is gone")
    log(f"  [too-long] {len(link)}-byte link refused, Claws Mail still running, the open composer kept")


if __name__ == "__main__":
    main(run)
