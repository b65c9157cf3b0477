"""Claws Mail, for real: a private configuration (an account that is never contacted, an MH
mailbox, the spell checker off: its dialog would block the composer); each link opened by
`mailtokit open --target claws-mail` (the first starts Claws Mail, the others reach it over its
socket), the compose window photographed, Ctrl+S saves the draft into the mailbox's draft folder,
which is read back and compared with `mailtokit inspect`."""
import time

from clientlib import (LINKS, Failure, Report, Session, allowed_losses, expected, held, log, main, open_link,
                       results_dir, version_of, wait_for, write_config)

ACCOUNTRC = """[Account: 1]
account_name=test
is_default=1
name=Me
address=me@example.org
protocol=0
receive_server=127.0.0.1
smtp_server=127.0.0.1
user_id=me
use_pop_auth=0
get_mail_on_startup=0
set_draft_folder=0
"""

FOLDERLIST = """<?xml version="1.0" encoding="UTF-8"?>
<folderlist>
  <folder type="mh" name="Mail" path="Mail" collapsed="0">
    <folderitem type="inbox" name="inbox" path="inbox"/>
    <folderitem type="outbox" name="sent" path="sent"/>
    <folderitem type="queue" name="queue" path="queue"/>
    <folderitem type="trash" name="trash" path="trash"/>
    <folderitem type="draft" name="draft" path="draft"/>
  </folder>
</folderlist>
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


def run(program: str) -> int:
    with Session("claws-mail") as s:
        rep = Report("Claws Mail", version_of(s, ["claws-mail", "--version"], r"\d+[\d.]+"))
        cfg = s.home / ".claws-mail"
        cfg.mkdir()
        (cfg / "accountrc").write_text(ACCOUNTRC)
        (cfg / "folderlist.xml").write_text(FOLDERLIST)
        (cfg / "clawsrc").write_text(CLAWSRC)
        for sub in ("inbox", "sent", "queue", "trash", "draft"):
            (s.home / "Mail" / sub).mkdir(parents=True)
        drafts = s.home / "Mail" / "draft"
        write_config(s, ["target = claws-mail"])

        def files() -> set:
            return {p for p in drafts.iterdir() if p.is_file() and p.name.isdigit()}

        for i, (link_id, (link, _cells)) in enumerate(LINKS.items()):
            exp = expected(s, program, link)
            before = set(s.windows(r"Compose message"))
            have = files()
            t0 = time.monotonic()
            told = open_link(s, program, "claws-mail", link)
            try:
                win = wait_for(lambda: [w for w in s.windows(r"Compose message") if w not in before],
                               90 if i == 0 else 30, "Claws Mail's compose window")[0]
            except Failure:
                s.screenshot(results_dir() / f"claws-mail-{link_id}-failed.png")
                log(f"windows: {s.all_titles()}")
                raise
            took = time.monotonic() - t0
            if i == 0:
                rep.cold = took
                log(f"first compose window (Claws Mail starting) after {took:.2f} s")
            else:
                rep.times.append(took)
            time.sleep(1.0)
            s.screenshot(results_dir() / f"claws-mail-{link_id}.png")
            s.key(win, "ctrl+s")
            try:
                new = wait_for(lambda: files() - have, 30, "Claws Mail to save the draft into its draft folder")
            except Failure:
                s.screenshot(results_dir() / f"claws-mail-{link_id}-nosave.png")
                log(f"windows: {s.all_titles()}")
                raise
            time.sleep(0.3)
            raw = max(new, key=lambda p: int(p.name)).read_bytes()
            (results_dir() / f"claws-mail-{link_id}.eml").write_bytes(raw)
            rep.check(link_id, exp, held(raw), allowed_losses(told.stderr))
            s.key(win, "ctrl+w")
            try:
                wait_for(lambda: win not in s.windows(r"Compose message"), 20, "the compose window to close")
            except Failure:
                s.screenshot(results_dir() / f"claws-mail-{link_id}-noclose.png")
                log(f"windows: {s.all_titles()}")
                raise
        return rep.finish()


main(run)
