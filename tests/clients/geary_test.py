"""Geary, for real. Geary keeps no local drafts: it composes only for an account and saves each
draft to that account's IMAP Drafts folder. So the test runs a private IMAP server, Debian's
dovecot, on 127.0.0.1 (a free port, its own configuration, mail in a maildir in the test's
directory, one user with a random password; as root it runs as `nobody`, as any other user as
that user; no root service, no network beyond the loopback), and a private GNOME keyring
(gnome-keyring-daemon --unlock on the session bus, the password stored with secret-tool under
Geary's own schema, org.gnome.Geary, attributes login/host/proto), since Geary reads account
passwords only from the Secret Service. The account itself is Geary's version 1 account file,
~/.config/geary/account_01/geary.ini, in the format Geary's account editor saves (Geary 43,
src/client/accounts/accounts-manager.vala: AccountConfigV1 and ServiceConfigV1).

Each link is opened through mailtokit. Geary 43 shows a composer inside its main window and
then gives that window the composer's subject as its title (Composer.Widget.
update_window_title; "New Message" without a subject), which is how the test sees the composer
arrive. Geary has no "save draft" command: it saves a draft 10 s after the composer changes and
when the composer is closed with Ctrl+W ("save and close", no question asked for a composer
inside the main window). The test photographs the composer, presses Ctrl+W once Geary's debug
log says the composer can save, and reads this link's message from the Drafts maildir that
dovecot wrote, comparing it with `mailtokit inspect`. Geary is running before the first link
(started as its D-Bus service file starts it, then activated over the bus); the links reach it
through org.freedesktop.Application.Open.

How Geary 43 reads a mailto: URI (src/client/composer/composer-widget.vala, load_mailto;
src/client/application/application-client.vala, open): the part before '?' is To, percent-decoded
with GLib's Uri.unescape_string ('+' stays '+'; an escape GLib rejects, such as %00, makes the
field empty); parameters split at '&' and '=', names lower-cased; only the first to, cc, bcc,
subject and body are used (to= is appended to the address part); the body is HTML-escaped into
the HTML composer, line breaks kept; every attach= and attachment= value is attached as a local
file (File.new_for_commandline_arg) without asking. mailtokit never passes attach= on: the
`attach` link checks that no attachment arrives.

What Geary 43 changes (seen in this test's drafts): it saves a multipart/alternative draft whose
text/plain part is format=flowed but not space-stuffed (RFC 3676 section 4.4), so a body line
that begins with a space loses one space in every reader that follows RFC 3676 (this test's
reader too): the `body` link's "  indented line" arrives as " indented line". Its text/html
part, "<br> &nbsp;indented line", shows one space as well (HTML collapses the first one).
"""
import email
import email.policy
import os
import pwd
import secrets
import socket
import subprocess
import time

from harness import titles
from harness.dovecot import config as dovecot_config, logs_in as dovecot_logs_in
from harness.session import end_processes_with_home
from clientlib import (Failure, Report, Session, desktop_handover, log, main, maildir_watch, open_link,
                       open_via_xdg_open, no_other_mail_program, require, results_dir, run_gui_links, version_of,
                       wait_for, write_config)

# The desktop path (issue 22): Geary's own desktop entry (DBusActivatable) is the mailto default,
# `mailtokit register` replaces it, links are clicked through xdg-open and mailtokit hands them to
# the entry it remembered. False: `target = custom` with a command doing what the entry's
# DBusActivatable=true asks for, org.freedesktop.Application.Open on org.gnome.Geary. (The entry's
# Exec line, `geary %U`, hands a link to a running Geary but then exits with status 255:
# Application.Client.handle_general_options returns -1 to the remote instance, and mailtokit
# reports "geary exited at once with status 255", the draft not handed over, while Geary has
# opened the composer.)
DESKTOP = True
ENTRY = "org.gnome.Geary.desktop"
COMMAND = "gapplication launch org.gnome.Geary %u"
LABEL = "mailtokit-test"  # the account's name: Geary's main window is titled "<folder> — LABEL"
LOGIN = "me"

GEARY_INI = """[Metadata]
version=1
status=enabled

[Account]
ordinal=1
label={label}
prefetch_days=14
save_drafts=true
save_sent=false
sender_mailboxes=Me <me@example.org>;
service_provider=other
use_signature=false
signature=

[Folders]
drafts_folder=Drafts;

[Incoming]
login={login}
remember_password=true
host=127.0.0.1
port={port}
transport_security=none
credentials=custom

[Outgoing]
remember_password=true
host=127.0.0.1
port=25
transport_security=none
credentials=none
"""

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_imap(s: Session) -> tuple[int, str, "os.PathLike"]:
    """dovecot on 127.0.0.1 with a private configuration; (port, password, Drafts maildir)."""
    require("dovecot")
    dovecot = "/usr/sbin/dovecot"
    root_run = os.geteuid() == 0
    pw = pwd.getpwnam("nobody") if root_run else pwd.getpwuid(os.geteuid())
    group = subprocess.run(["id", "-gn", pw.pw_name], capture_output=True, text=True, check=True).stdout.strip()
    drop = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--clear-groups", "--"] if root_run else []
    root = s.root / "imap"
    for d in ("run", "state", "mail"):
        (root / d).mkdir(parents=True, exist_ok=True)
    port, password = free_port(), secrets.token_hex(12)
    users = (f"passdb {{\n  driver = static\n  args = password={password}\n}}\n"
             f"userdb {{\n  driver = static\n  args = uid={pw.pw_name} gid={group} home={root}/mail\n}}\n")
    (root / "dovecot.conf").write_text(dovecot_config(root, pw.pw_name, group, port, users))
    if root_run:
        subprocess.run(["chown", "-R", f"{pw.pw_uid}:{pw.pw_gid}", str(root)], check=True)
        os.chmod(s.root, 0o755)
    s.spawn(drop + [dovecot, "-F", "-c", str(root / "dovecot.conf")], log=s.root / "dovecot.out")

    try:
        wait_for(lambda: dovecot_logs_in(port, LOGIN, password), 30, "the private IMAP server (dovecot)", interval=0.3)
    except Failure:
        log((s.root / "dovecot.out").read_text(errors="replace") if (s.root / "dovecot.out").exists() else "")
        raise
    return port, password, root / "mail" / ".Drafts"


def start_keyring(s: Session, password: str) -> None:
    """A GNOME keyring on the session bus, its login keyring made and unlocked with a throwaway
    password, holding the IMAP password where Geary's SecretMediator looks for it."""
    require("gnome-keyring-daemon", "secret-tool", "dbus-send", "gdbus", "gapplication")
    p = subprocess.Popen(["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
                         env=s.env, stdin=subprocess.PIPE, stdout=open(s.root / "keyring.log", "ab"),
                         stderr=subprocess.STDOUT, start_new_session=True)
    s._procs.append(p)  # ended with the session's other programs
    p.stdin.write(secrets.token_hex(8).encode())  # --unlock reads the keyring password from stdin
    p.stdin.close()

    def on_bus() -> bool:
        r = s.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                   "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"], check=False)
        return "boolean true" in r.stdout
    wait_for(on_bus, 20, "gnome-keyring-daemon on the session bus")
    attrs = ["xdg:schema", "org.gnome.Geary", "login", LOGIN, "host", "127.0.0.1", "proto", "IMAP"]
    s.run(["secret-tool", "store", "--label=Geary IMAP password", *attrs], input=password)
    if s.run(["secret-tool", "lookup", *attrs]).stdout != password:
        raise Failure("the keyring did not keep the IMAP password")


def end_leftovers(s: Session) -> None:
    """Geary started by mailtokit (or by the bus) and its WebKit processes are not in the
    session's process groups: end what still runs with this test's HOME (by process id)."""
    end_processes_with_home(s.home)


def run(program: str) -> int:
    with Session("geary") as s:
        try:
            rep = Report("Geary", version_of(s, ["geary", "--version"], r"\d+\.[\d.]+"))
            port, password, drafts = start_imap(s)
            start_keyring(s, password)
            account = s.home / ".config" / "geary" / "account_01"
            account.mkdir(parents=True)
            (account / "geary.ini").write_text(GEARY_INI.format(label=LABEL, login=LOGIN, port=port))
            if DESKTOP:
                desktop_handover(s, program, ENTRY)
            else:
                write_config(s, ["target = custom", "command = " + COMMAND])

            def windows(exp) -> list[str]:
                """Geary's windows titled by a composer holding this subject. (Any title but
                "<folder> — LABEL" is not enough: the main window is titled "Geary" while it
                starts, and Ctrl+W there would close it.)"""
                title = titles.geary(exp["Subject"])
                r = s.run(["xdotool", "search", "--onlyvisible", "--class", "geary"], check=False)
                return [w for w in r.stdout.split() if s.title(w) == title]

            # Geary is started first, as a user who reads mail in it has it running: the command
            # of its D-Bus service file (org.gnome.Geary.service: `geary --gapplication-service`)
            # with --debug, so that its log says when a composer can save, then Activate on the
            # bus as GNOME's launcher does; it is ready once its main window shows the account's
            # Inbox. Links then reach it through org.freedesktop.Application.Open. A link that
            # starts Geary itself opens the composer too (seen by hand), but the composer's title
            # then races with the main window's own ("Inbox — LABEL", set when the Inbox is
            # selected after the account opens): sometimes the subject never shows, so the test
            # could not see the composer arrive without guessing.
            t0 = time.monotonic()
            geary_log = s.root / "geary.log"
            # stdbuf: the log is read while Geary runs, so each line must reach the file at once.
            s.spawn(["stdbuf", "-oL", "geary", "--gapplication-service", "--debug"], log=geary_log)

            def on_bus() -> bool:
                r = s.run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus",
                           "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.gnome.Geary"],
                          check=False)
                return "boolean true" in r.stdout
            wait_for(on_bus, 60, "Geary on the session bus (org.gnome.Geary)")
            s.run(["gdbus", "call", "--session", "--dest", "org.gnome.Geary", "--object-path", "/org/gnome/Geary",
                   "--method", "org.freedesktop.Application.Activate", "{}"])

            def main_window() -> list[str]:
                r = s.run(["xdotool", "search", "--onlyvisible", "--class", "geary"], check=False)
                return [w for w in r.stdout.split() if s.title(w) == "Inbox — " + LABEL]
            try:
                wait_for(main_window, 90, "Geary's main window showing the account's Inbox")
            except Failure:
                s.screenshot(results_dir() / "geary-start-failed.png")
                raise
            log(f"Geary started and showed the account after {time.monotonic() - t0:.1f} s")
            pressed: list[int] = []
            pressed_exp: list[dict] = []

            def composers_ready() -> int:
                """Composers whose draft manager is open and whose body is loaded (Geary's log)."""
                text = geary_log.read_text(errors="replace")
                return min(text.count("Draft manager opened"), text.count("Message received: content_loaded()"))

            def save(win: str, exp: dict) -> None:
                """Ctrl+W once per composer, once Geary's log says that this composer's draft
                manager is open and its body loaded: before that Ctrl+W closes the composer
                WITHOUT saving (Composer.Widget.conditional_close: can_save is false, so
                discard_and_close), or saves what is loaded so far.
                A second press (run_gui_links presses again when no draft came) would close
                Geary's main window; Geary's own 10 s save follows instead."""
                if id(exp) in pressed:
                    log("  Ctrl+W was pressed already: waiting for Geary's own save")
                    return
                pressed.append(id(exp))
                pressed_exp.append(exp)
                wait_for(lambda: composers_ready() >= len(pressed), 30,
                         "Geary's composer to be able to save (its draft manager open, its body loaded)")
                s.key(win, "ctrl+w")

            faults_seen: list[str] = []

            def fault() -> str | None:
                """Geary's own fault, seen in a run of the whole test command: while the account
                opens, it closes its Drafts folder under a composer's draft manager as that opens
                ("DraftManager: Irrecoverable failure: ... Unexpected drafts folder closed" in its
                log, app-draft-manager.vala), and that composer then never saves; Ctrl+W closes it
                with nothing stored. A new failure line since the last one forgiven is it."""
                lines = [line.split("DraftManager: ", 1)[-1].strip()
                         for line in geary_log.read_text(errors="replace").splitlines()
                         if "DraftManager: Irrecoverable failure" in line]
                if len(lines) <= len(faults_seen):
                    return None
                faults_seen[:] = lines
                return "Geary: " + lines[-1][:200]

            def undo_told(v):
                """When mailtokit told that Geary changes Body, only the change it told may
                differ: a line that began with spaces has one fewer (unstuffed by the reader)."""
                if not isinstance(v, str):
                    return v
                return "\n".join(" " + line if line.startswith(" ") else line for line in v.split("\n"))

            snapshot, _newest = maildir_watch(drafts)
            new_since: dict[int, float] = {}  # the mark of a link -> when its first new message came

            def saved(had: set):
                """This link's draft among the messages new in Drafts. A closed composer (Geary
                keeps it 30 minutes for Undo) can store its draft once more about 10 s after
                Ctrl+W, a new message with the same content (seen in Geary's log: "Saving draft"
                and an APPEND of the earlier link's size, then the old copy expunged), which may
                land while the next link is open. So the new message whose Subject is this link's
                is taken (the links' subjects differ); if none has it after 30 s, the newest,
                whose fields then show what differs. (8 s was too short on a loaded machine: an
                earlier link's late copy was taken while this link's composer, showing the right
                fields, had not saved yet.)"""
                new = snapshot() - had
                if not new:
                    return None
                time.sleep(0.3)  # the whole message, not the first bytes of it
                want = pressed_exp[-1]["Subject"] if pressed_exp else None
                for path in sorted(new, key=lambda p: p.name, reverse=True):
                    raw = path.read_bytes()
                    msg = email.message_from_bytes(raw, policy=email.policy.default)
                    if str(msg.get("Subject", "")).replace("\n", "") == want:
                        return raw
                first = new_since.setdefault(id(had), time.monotonic())
                return _newest(had) if time.monotonic() - first > 30 else None
            run_gui_links(s, rep, program, "geary", windows, snapshot, saved,
                          save=save, close=lambda win, exp: None, told_change=undo_told, fault=fault,
                          opener=lambda link: open_via_xdg_open(s, link) if DESKTOP
                          else open_link(s, program, "custom", link))
            no_other_mail_program(s, rep, "geary")
            return rep.finish()
        finally:
            for name in ("geary.log", "dovecot.out"):  # for a failure's reader
                if (s.root / name).exists():
                    (results_dir() / name.replace("dovecot", "geary-dovecot")).write_bytes((s.root / name).read_bytes())
            end_leftovers(s)


main(run)
