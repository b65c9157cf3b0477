"""Thunderbird, for real: a private profile with a POP3 account that is never contacted (a
`none` account alone makes Thunderbird ignore the link) whose drafts go to Local Folders/Drafts;
Debian's thunderbird.desktop made the desktop's mailto default and `mailtokit register` in its
place; each link clicked through the real xdg-open (the first starts Thunderbird, the
others reach it by its remote service), the compose window photographed, Ctrl+S saves the
draft, which is read back from the Drafts mbox and compared with `mailtokit inspect`."""
import mailbox
import time

from harness import titles
from clientlib import Report, Session, desktop_handover, main, open_via_xdg_open, run_gui_links, version_of

PREFS = {
    "mail.accountmanager.accounts": "account1,account2",
    "mail.accountmanager.defaultaccount": "account1",
    "mail.accountmanager.localfoldersserver": "server2",
    "mail.account.account1.identities": "id1",
    "mail.account.account1.server": "server1",
    "mail.account.account2.server": "server2",
    "mail.identity.id1.useremail": "me@example.org",
    "mail.identity.id1.fullName": "Me",
    "mail.identity.id1.valid": True,
    "mail.identity.id1.compose_html": False,  # the plain text the link carries
    "mail.identity.id1.draft_folder": "mailbox://nobody@Local%20Folders/Drafts",
    "mail.identity.id1.drafts_folder_picker_mode": "1",
    "mail.identity.id1.fcc": False,
    "mail.server.server1.type": "pop3",
    "mail.server.server1.hostname": "127.0.0.1",
    "mail.server.server1.port": 9,
    "mail.server.server1.userName": "me",
    "mail.server.server1.name": "test",
    "mail.server.server1.login_at_startup": False,
    "mail.server.server1.check_new_mail": False,
    "mail.server.server1.directory-rel": "[ProfD]Mail/pop",
    "mail.server.server2.type": "none",
    "mail.server.server2.hostname": "Local Folders",
    "mail.server.server2.userName": "nobody",
    "mail.server.server2.name": "Local Folders",
    "mail.server.server2.directory-rel": "[ProfD]Mail/Local Folders",
    "mail.serverDefaultStoreContractID": "@mozilla.org/msgstore/berkeleystore;1",
    "mail.shell.checkDefaultClient": False,
    "mail.rights.version": 1,
    "mail.startup.enabledMailCheckOnce": True,
    "mail.spotlight.firstRunDone": True,
    "mail.winsearch.firstRunDone": True,
    "mail.provider.enabled": False,
    "mail.spellcheck.inline": False,
    "mail.compose.attachment_reminder": False,
    "mailnews.start_page.enabled": False,
    "mailnews.send_plaintext_flowed": False,  # no soft line breaks in the saved draft
    "mailnews.wraplength": 0,
    "app.update.enabled": False,
    "app.update.auto": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "toolkit.telemetry.enabled": False,
    "browser.shell.checkDefaultBrowser": False,
    "mail.inappnotifications.enabled": False,
    "mail.tabs.loadInBackground": True,
}


def pref(k, v) -> str:
    val = "true" if v is True else "false" if v is False else str(v) if isinstance(v, int) else '"' + v + '"'
    return f'user_pref("{k}", {val});\n'


def setup(s: Session):
    """A private profile (PREFS) in the session's HOME; (count, saved) over its Drafts mbox: the
    number of drafts, and the newest draft's bytes once there are more than a count (else None).
    Also used by tests/clients/xdg-email_thunderbird_test.py."""
    base = s.home / ".thunderbird"
    prof = base / "test.default"
    (prof / "Mail" / "Local Folders").mkdir(parents=True)
    (prof / "user.js").write_text("".join(pref(k, v) for k, v in PREFS.items()))
    (base / "profiles.ini").write_text("[General]\nStartWithLastProfile=1\nVersion=2\n\n"
                                       "[Profile0]\nName=test\nIsRelative=1\nPath=test.default\nDefault=1\n")
    # One profile, chosen by profiles.ini (no per-installation profile is made).
    s.env["MOZ_LEGACY_PROFILES"] = "1"
    drafts = prof / "Mail" / "Local Folders" / "Drafts"

    def count() -> int:
        return len(mailbox.mbox(str(drafts))) if drafts.exists() else 0

    def saved(had: int):
        if count() <= had:
            return None
        time.sleep(0.3)  # the whole message, not the first bytes of it
        box = mailbox.mbox(str(drafts))
        return box.get_bytes(len(box) - 1)
    return count, saved


# Every ending Thunderbird's content handler opens as a file (MessengerContentHandler.sys.mjs,
# handler/clients/README.md), in any case: a subject ending so must still open the composer.
ENDING_LINKS = {f"ending-{e.strip('.').lower()}": (f"mailto:e@example.org?subject=file{e}", ["Subject specials"])
                for e in (".eml", ".VCF", ".mozeml", ".wdseml", ".msf", ".Ics")}


def run(program: str) -> int:
    with Session("thunderbird") as s:
        rep = Report("Thunderbird", version_of(s, ["thunderbird", "--version"], r"\d+[\d.]*(esr)?"))
        count, saved = setup(s)
        # The desktop's choice before mailtokit: Debian's thunderbird.desktop; each link is then
        # clicked through the real xdg-open (issue 22).
        desktop_handover(s, program, "thunderbird.desktop")
        run_gui_links(s, rep, program, "thunderbird", lambda exp: s.windows(titles.THUNDERBIRD), count, saved,
                      close=lambda win, exp: s.key(win, "ctrl+w"), opener=lambda link: open_via_xdg_open(s, link),
                      extra_links=ENDING_LINKS)
        if not rep.times and rep.cold is not None:
            rep.times.append(rep.cold)
        return rep.finish()


if __name__ == "__main__":
    main(run)
