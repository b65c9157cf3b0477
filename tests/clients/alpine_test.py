"""alpine, for real: a terminal client in a private tmux server. Each link starts `alpine -url
LINK` in a new tmux window, which opens alpine's composer straight away; Ctrl+O postpones the
draft into the postponed folder (an mbox) and alpine ends; the draft is read back and compared
with `mailtokit inspect`.

The hand-over: alpine ships no desktop entry, so the test writes the one a user writes,
~/.local/share/applications/alpine-mailto.desktop with `Exec=alpine -url %u` and `Terminal=true`.
With DESKTOP_PATH that entry is made the mailto default, `mailtokit register` takes its place and
each link is clicked through the real xdg-open (clientlib.desktop_handover); mailtokit then runs
the entry in the user's terminal, here the tmux server through `terminal =`. Without it,
`target = custom` and `command = <the tmux terminal prefix> alpine -url %u`, the path used before
`mailtokit open` knew the user's previous handler.

How alpine 2.26 (Debian 12) reads a mailto link, from its source (alpine/mailview.c
url_local_mailto_and_atts, url_mailto_addr; c-client's rfc822_parse_adrlist) and seen in the
drafts this test reads back:
- The part before '?' is parsed as an address list (RFC 822, with the user's domain for a bare
  name), after percent-decoding (rfc1738_str: %XX only, '+' stays '+'); `to=` and `cc=` add to To
  and Cc the same way, so "Doe, Jane" <jane@example.org> is one address with its display name
  (tried by hand: mailto:user+tag@example.org?subject=plus+sign&body=a+b&to=%22Doe%2C%20Jane%22...
  arrives with both addresses, the name, and '+' kept in all three fields).
- `subject` (and a header with no '=') becomes the Subject, decoded; a second one is appended
  after a space. `body` is decoded and put in the composer followed by a line break; several body
  headers are joined.
- Bcc is never read: alpine ignores it on purpose ("NOTE2: from and bcc are intentionally
  excluded") and shows '"Bcc" header in mailto url ignored' in its status line. From is ignored
  the same way; every other header (attach= among them) is ignored without a word.
- The postponed folder is a c-client mbox: its first message is the folder's internal data
  ("DON'T DELETE THIS MESSAGE -- FOLDER INTERNAL DATA"), which the test does not count.
"""
import mailbox
import re
import time

from harness.links import LINKS
from clientlib import (handed_over, Failure, Report, Session, Tmux, allowed_losses, check_no_other_program, desktop_handover,
                       expected, held, log, main, open_link, open_via_xdg_open, results_dir, version_of, wait_for,
                       status_names, write_config)

# The hand-over. True: the entry is the desktop's mailto default before `mailtokit register` and
# each link is clicked through xdg-open (issue 22's "done when"). False: `target = custom` with
# the entry's command, to tell the program's own behaviour apart from the choice of program.
DESKTOP_PATH = True
ENTRY = "alpine-mailto.desktop"
EXEC = "alpine -url %u"

# What a user writes for alpine: it ships no desktop entry of its own.
DESKTOP_ENTRY = f"""[Desktop Entry]
Type=Application
Name=Alpine
Comment=Compose mail in alpine
Exec={EXEC}
Terminal=true
NoDisplay=true
MimeType=x-scheme-handler/mailto;
"""

INTERNAL = "DON'T DELETE THIS MESSAGE -- FOLDER INTERNAL DATA"


def pinerc(home) -> str:
    # Everything alpine reads or writes stays in the private HOME; no server is named, so nothing
    # is contacted. postponed-folder is where Ctrl+O puts the draft.
    return "\n".join([
        "personal-name=Me",
        "user-domain=example.org",
        f"inbox-path={home}/Mail/inbox",
        f"postponed-folder={home}/Mail/postponed",
        f"default-fcc={home}/Mail/sent",
        "folder-collections=Mail/[]",
        "smtp-server=",
        "nntp-server=",
        "feature-list=",
    ]) + "\n"


def drafts(path) -> list[bytes]:
    """The postponed drafts in alpine's mbox, without c-client's internal-data message."""
    if not path.exists():
        return []
    box = mailbox.mbox(str(path))
    return [box.get_bytes(k) for k in box.keys() if box[k].get("Subject", "") != INTERNAL]


def run(program: str) -> int:
    with Session("alpine") as s:
        rep = Report("alpine", version_of(s, ["alpine", "-v"], r"\d[\d.]+\d"))
        home = s.home
        (home / "Mail").mkdir()
        (home / "Mail" / "inbox").touch()
        (home / ".pinerc").write_text(pinerc(home))
        postponed = home / "Mail" / "postponed"
        tm = Tmux(s)
        tm.start()
        try:
            if DESKTOP_PATH:
                apps = home / ".local/share/applications"
                apps.mkdir(parents=True, exist_ok=True)
                (apps / ENTRY).write_text(DESKTOP_ENTRY)
                desktop_handover(s, program, ENTRY, ["terminal = " + tm.prefix()])
                status_names(s, program, "Alpine", ENTRY)
                hand = lambda link: open_via_xdg_open(s, link)  # noqa: E731
            else:
                write_config(s, ["target = custom", f"command = {tm.prefix()} {EXEC}"])
                hand = lambda link: open_link(s, program, "custom", link)  # noqa: E731
            for link_id, (link, _cells) in LINKS.items():
                exp = expected(s, program, link)
                before = set(tm.windows())
                count = len(drafts(postponed))
                t0 = time.monotonic()
                told = hand(link)
                win = wait_for(lambda: [w for w in tm.windows() if w not in before], 20,
                               "a tmux window running alpine")[0]

                said: list[str] = []  # alpine's own status messages ("[...]"), as they pass

                def composer() -> str:
                    text = tm.capture(win)
                    for m in re.finditer(r"\[(.*ignored.*)\]", text):
                        if m.group(1) not in said:
                            said.append(m.group(1))
                    return text if '"MAILTO" COMPOSE' in text and "^O Postpone" in text else ""
                try:
                    screen = wait_for(composer, 30, "alpine's composer", interval=0.2)
                except Failure:
                    log(tm.capture(win).rstrip())
                    raise
                rep.times.append(time.monotonic() - t0)
                check_no_other_program(s, rep, "alpine", link_id)
                for m in said:
                    log(f"  [{link_id}] alpine said: {m}")
                (results_dir() / f"alpine-{link_id}.txt").write_text(screen)
                tm.keys(win, "C-o")
                try:
                    wait_for(lambda: win not in tm.windows(), 20, "alpine to postpone the draft and end")
                except Failure:
                    log(tm.capture(win).rstrip())
                    raise
                now = drafts(postponed)
                if len(now) != count + 1:
                    raise Failure(f"{link_id}: expected a new postponed draft, have {len(now)} (had {count})")
                raw = now[-1]
                (results_dir() / f"alpine-{link_id}.eml").write_bytes(raw)
                rep.check(link_id, handed_over(exp, told.stderr), held(raw), allowed_losses(told.stderr))
        finally:
            tm.stop()
        rep.cold = rep.times[0] if rep.times else None
        return rep.finish()


main(run)
