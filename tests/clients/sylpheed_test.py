"""Sylpheed, for real: a private configuration (an account that is never contacted, an MH mailbox
with its draft folder, no update check, no automatic line wrapping) so that it opens straight
without its first-start wizard; each link handed over (the first starts Sylpheed, the others
reach the running Sylpheed over its socket), the compose window photographed, Ctrl+S ("Save and
keep editing") saves the draft into the MH draft folder, which is read back and compared with
`mailtokit inspect`.

The hand-over: with DESKTOP_PATH, Debian's own sylpheed.desktop (`Exec=sylpheed %u`) is made the
mailto default, `mailtokit register` takes its place and each link is clicked through the real
xdg-open (clientlib.desktop_handover); without it, `target = custom` with the same Exec line as
`command`, the path used before `mailtokit open` knew the user's previous handler.

How Sylpheed 3.8.0beta1 (Debian 12) reads a mailto link, from its source (sylpheed-mail/sylpheed:
libsylph/utils.c scan_mailto_url and decode_uri, src/compose.c compose_entries_set, src/main.c
lock_socket_input_cb, libsylph/socket.c fd_gets) and seen in the drafts this test reads back:
- To is only the part before '?': a `to=` header is never read. Cc, Subject and Body are the
  first `cc`, `subject`, `body` (names in any case). Each value is percent-decoded and '+' is read
  as a space (tried by hand: mailto:user+tag@example.org?subject=plus+sign&body=a+b arrives as
  "user tag@example.org", "plus sign", "a b"; and mailto:x@example.org?to=y@example.org arrives
  with To x@example.org only). mailtokit's URI spells '+' as %2B, so user+tag@example.org arrives
  whole. The To
  and Cc texts go into the entries as they are, so a display name with a comma in the path,
  percent-encoded (mailto:%22Doe%2C%20Jane%22%20%3Cjane@example.org%3E), arrives as one address
  with its name (tried by hand with a running Sylpheed); mailtokit's clean URI carries such a To
  as `mailto:?to=...` (RFC 6068 allows no display name in the path), which Sylpheed drops: the
  `display` link arrives without any To.
- Bcc is never read: compose_entries_set passes no place for it (scan_mailto_url(..., NULL, ...)).
  A link's Bcc is lost, without a word from Sylpheed.
- The body goes into the text view as decoded, CR LF included, followed by a line break.
- A running Sylpheed gets the link from the new process as one line "compose URI" on its socket
  ($TMPDIR/sylpheed-UID), read with fd_gets into an 8192-byte buffer: only the first 8191 bytes of
  the line arrive, the rest is dropped. A link longer than about 8180 characters (the 10 KB body,
  about 30 KB once percent-encoded) loses the end of its body when Sylpheed is already running
  (the `long` link: 4009 of its 9047 characters arrive); given to a Sylpheed that starts with it
  (argv) it arrives whole (tried by hand: the same link as the first one).
- attach= is not read from a link (the policy drops it anyway).

The socket lives in $TMPDIR: the test gives the session a TMPDIR of its own, so a Sylpheed of the
machine's user is never reached and this one is reached by every link of the test.
"""

from harness import titles
from harness.links import LINKS
from clientlib import (MH_ACCOUNTRC, MH_FOLDERLIST, Report, Session, check_no_other_program, desktop_handover, main,
                       mh_mailbox, open_link, open_via_xdg_open, run_gui_links, status_names, version_of, write_config)

# The hand-over. True: the entry is the desktop's mailto default before `mailtokit register` and
# each link is clicked through xdg-open (issue 22's "done when"). False: `target = custom` with
# the entry's command, to tell the program's own behaviour apart from the choice of program.
DESKTOP_PATH = True
ENTRY = "sylpheed.desktop"
EXEC = "sylpheed %u"  # Debian's sylpheed.desktop


# No update check (network), no mail check at start, no automatic wrapping of the body (it would
# change the body's lines), no spell checking.
SYLPHEEDRC = """[Common]
auto_update_check=0
check_on_startup=0
linewrap_auto=0
check_spell=0
confirm_on_exit=0
"""


def run(program: str) -> int:
    with Session("sylpheed") as s:
        rep = Report("Sylpheed", version_of(s, ["sylpheed", "--version"], r"\d+[\d.]+\w*"))
        tmp = s.root / "tmp"
        tmp.mkdir()
        s.env["TMPDIR"] = str(tmp)  # Sylpheed's socket: this session's own
        cfg = s.home / ".sylpheed-2.0"
        cfg.mkdir()
        (cfg / "accountrc").write_text(MH_ACCOUNTRC)
        (cfg / "folderlist.xml").write_text(MH_FOLDERLIST)  # an account in accountrc skips the account wizard
        (cfg / "sylpheedrc").write_text(SYLPHEEDRC)
        files, saved = mh_mailbox(s.home)
        if DESKTOP_PATH:
            desktop_handover(s, program, ENTRY)
            status_names(s, program, "Sylpheed", ENTRY)
            opener = lambda link: open_via_xdg_open(s, link)  # noqa: E731
        else:
            write_config(s, ["target = custom", "command = " + EXEC])
            opener = lambda link: open_link(s, program, "custom", link)  # noqa: E731

        link_ids = iter(LINKS)  # close() is called once per link, in order

        def close(win: str, exp: dict) -> None:
            check_no_other_program(s, rep, "sylpheed", next(link_ids))
            s.key(win, "ctrl+w")  # File > Close; the draft was saved, so it closes without asking

        run_gui_links(s, rep, program, "sylpheed", lambda exp: s.windows(titles.SYLPHEED), files, saved,
                      close=close, opener=opener)
        return rep.finish()


main(run)
