"""Balsa, for real: a private ~/.balsa/config (what Balsa's own first-run assistant writes, cut
down: local mbox mailboxes for Inbox, Outbox, Sentbox, Draftbox and Trash, one identity, no mail
server that is ever contacted; without that file Balsa opens its assistant instead of a composer).
Each link is opened through mailtokit (the first starts Balsa, the others reach the running
Balsa, a GtkApplication, over D-Bus), the compose window photographed, Ctrl+S (Balsa's "Save")
stores the draft in the Draftbox mbox, which is read back and compared with `mailtokit inspect`.

How Balsa 2.6.4 reads a mailto: URI (src/sendmsg-window.c, sendmsg_window_process_url and
decode_and_strdup; src/main.c, balsa_check_open_compose_window; Balsa's desktop entry
balsa-mailto-handler.desktop runs `balsa -m %U`):
- the address part up to '?' is To; then key=value pairs split at '&'; keys to, cc, bcc,
  subject, body, replyto are used (case-insensitive), every other key is ignored;
- '+' is read as a space everywhere, in addresses too, and %XX is decoded byte by byte: a link
  must spell a literal '+' as %2B (mailtokit's clean URI does);
- a bcc key opens a notice, "The link that you selected created a “Blind copy” (BCC) address.
  Please check that the address is appropriate.", which the test photographs and dismisses with
  its OK button, as a user does;
- with -m (from_command_line), attach= and attachment= name local files that Balsa attaches
  when they exist (sw_attach_file): mailtokit never passes them on, and the `attach` link
  checks that no attachment arrives;
- the body is inserted into the text view as it is; the draft is saved format=flowed (DelSp).

A loss outside the link's fields: `balsa -m URI` that starts Balsa (none running) with the
configuration its first-run assistant writes crashes (SIGSEGV) before any window opens, and the
link is lost. balsa_activate_cb (src/main.c) opens the composer before it loads the mailboxes;
sendmsg_window_compose then puts the Sentbox's URL, still NULL, in the empty Fcc list and
balsa_mblist_mru_drop passes that NULL to strcmp (gdb: __strcmp_avx2 <- balsa_mblist_mru_drop <-
balsa_mblist_mru_add <- sendmsg_window_compose). A running Balsa, or one whose Fcc list already
holds an entry (Balsa saves it at exit once a composer was open: [FccMRU] in ~/.balsa/config),
is not affected; the test's configuration is the second kind.
"""
import mailbox
import time

from harness import titles
from clientlib import (Report, Session, desktop_handover, main, open_link, open_via_xdg_open,
                       no_other_mail_program, results_dir, run_gui_links, version_of, wait_for, write_config)

# The desktop path (issue 22): Balsa's own desktop entry is the mailto default, `mailtokit
# register` replaces it, links are clicked through the real xdg-open and mailtokit hands them to
# the entry it remembered. False: `target = custom` with the entry's Exec line.
DESKTOP = True
ENTRY = "balsa-mailto-handler.desktop"
EXEC = "balsa -m %U"  # Exec= of /usr/share/applications/balsa-mailto-handler.desktop

BOXES = {"Inbox": "inbox", "Outbox": "outbox", "Sentbox": "sentbox", "Draftbox": "draftbox", "Trash": "trash"}


def balsa_config(mail) -> str:
    """The keys Balsa's first-run assistant writes that matter here (2.6.4, src/save-restore.c
    config_global_load: no [Globals] MailDir means a new user and the assistant)."""
    parts = [f"[Globals]\nMailDir={mail}\nOpenInboxOnStartup=false\nEmptyTrash=false\n"]
    for name, path in BOXES.items():
        parts.append(f"[mailbox-{name}]\nPath={mail / path}\nType=LibBalsaMailboxMbox\nName={name}\n")
    parts += [
        "[identity]\nCurrentIdentity=Default Identity\n",
        "[identity-Default Identity]\nFullName=Me\nAddress=me@example.org\nSmtpServer=Default\n",
        "[smtp-server-Default]\nServer=127.0.0.1:25\nAnonymous=false\nSecurity=0\n",
        # Without these Balsa shows a notice about its new user interface at start.
        "[Notifications]\nGtkUIManager=true\nLibBalsaAddressView=true\n",
        "[MailboxChecking]\nOnStartup=false\nAuto=false\n",
        "[Spelling]\nSpellCheckActive=false\n",
        "[Geometry]\nSendMsgWindowWidth=1000\nSendMsgWindowHeight=800\n",
        # The Fcc list as Balsa saves it after its first composer: with it empty, a `balsa -m`
        # that starts Balsa crashes (see the module's doc).
        f"[FccMRU]\nMRUCount=1\nMRU1=file://{mail / 'sentbox'}\n",
    ]
    return "\n".join(parts)


def run(program: str) -> int:
    with Session("balsa") as s:
        rep = Report("Balsa", version_of(s, ["balsa", "--version"], r"\d+\.[\d.]+"))
        mail = s.home / "mail"
        mail.mkdir()
        for path in BOXES.values():
            (mail / path).write_bytes(b"")
        (s.home / ".balsa").mkdir()
        (s.home / ".balsa" / "config").write_text(balsa_config(mail))
        drafts = mail / "draftbox"
        if DESKTOP:
            desktop_handover(s, program, ENTRY)
        else:
            write_config(s, ["target = custom", "command = " + EXEC])

        def count() -> int:
            return len(mailbox.mbox(str(drafts)))

        def saved(had: int):
            box = mailbox.mbox(str(drafts))
            if len(box) <= had:
                return None
            time.sleep(0.3)  # the whole message, not the first bytes of it
            box = mailbox.mbox(str(drafts))
            return box.get_bytes(len(box) - 1)

        def untitled() -> list[str]:  # Balsa's notices are windows without a title
            r = s.run(["xdotool", "search", "--onlyvisible", "--class", "balsa"], check=False)
            return [w for w in r.stdout.split() if not s.title(w)]

        def save(win: str, exp: dict) -> None:
            if exp["Bcc"]:
                notice = wait_for(untitled, 20, "Balsa's notice about the Bcc address")[0]
                s.screenshot(results_dir() / "balsa-bcc-notice.png")
                s.key(notice, "Return")  # its only button, OK
                wait_for(lambda: notice not in untitled(), 10, "the Bcc notice to close")
            s.key(win, "ctrl+s")

        def windows(exp) -> list[str]:
            return s.windows(titles.BALSA)

        run_gui_links(s, rep, program, "balsa", windows, count, saved,
                      close=lambda win, exp: s.key(win, "ctrl+w"), save=save,
                      opener=lambda link: open_via_xdg_open(s, link) if DESKTOP
                      else open_link(s, program, "custom", link))
        no_other_mail_program(s, rep, "balsa")
        return rep.finish()


main(run)
