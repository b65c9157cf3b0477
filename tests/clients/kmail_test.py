"""KMail, for real: Akonadi refuses to run as root, so (when the test runs as root) KMail, its
Akonadi server (SQLite database), its own D-Bus session bus and `mailtokit open` run as the
unprivileged user `nobody` in a private HOME on the test's X server. Debian's org.kde.kmail2.desktop
is made the desktop's mailto default, `mailtokit register` takes its place, and each link is
clicked through the real xdg-open (mailtokit starts the entry with KMail's own options where its
%u stands), the composer photographed, Ctrl+S saves the draft into Local Folders/drafts (a maildir
of Akonadi's maildir resource), which is read back and compared with `mailtokit inspect`."""
import os
import pwd
import re
import shutil
import subprocess
import time

from harness import titles
from harness.session import end_processes_with_home, home_env
from clientlib import (Failure, Report, Session, desktop_handover, log, main, maildir_watch, open_via_xdg_open,
                       require, run_gui_links, version_of, wait_for, write_config)

# Subjects mailtokit leaves out for KMail, which reads them as its own options (clients/kmail.cpp).
KMAIL_LOST_SUBJECTS = {"ession"}
# Subjects that look like the options of KMail, KDE or Qt (handler/clients/README.md): each must
# arrive as the subject, with the To address.
OPTION_LINKS = {f"option-{i}": (f"mailto:o@example.org?subject={v}", ["Subject specials"])
                for i, v in enumerate(("-session", "--help", "-reverse", "-style%3Dfusion", "--composer", "-s%20ession"))}

USER = "nobody"


def stop_akonadi(s: Session, drop: list[str], home) -> None:
    """Akonadi's processes leave the process groups the session ends: stop it, then end what is
    still running with this HOME (processes this test started, by their id)."""
    subprocess.run(drop + ["akonadictl", "stop"], env=s.env, capture_output=True, timeout=60)
    end_processes_with_home(home, grace=5, settle=1)


def run(program: str) -> int:
    require("kmail", "akonadictl", "setpriv", "dbus-send")
    # As root, everything of KMail's runs as nobody; as any other user, as that user.
    root_run = os.geteuid() == 0
    pw = pwd.getpwnam(USER) if root_run else pwd.getpwuid(os.geteuid())
    drop = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--clear-groups", "--"] if root_run else []
    with Session("kmail") as s:
        rep = Report("KMail", version_of(s, ["kmail", "--version"], r"\d+\.[\d.]+( \([\d.]+\))?"))
        root = s.root / "nobody"
        home = root / "home"
        runtime = root / "runtime"
        local = home / ".local/share/local-mail"
        bus = runtime / "bus"
        s.home = home
        s.env.update({**home_env(home), "XDG_RUNTIME_DIR": str(runtime),
                      "USER": pw.pw_name, "LOGNAME": pw.pw_name, "QT_QPA_PLATFORM": "xcb", "KDE_FULL_SESSION": ""})

        def new_home() -> None:
            """nobody's HOME as KMail's first start leaves it, made before Akonadi starts: Local
            Folders (where KMail saves drafts), a maildir resource, and KMail's choice of it."""
            if root.exists():
                shutil.rmtree(root)
            for d in (home / ".config/akonadi", home / ".local/share", home / ".cache", runtime):
                d.mkdir(parents=True, exist_ok=True)
            (home / ".config/akonadi/akonadiserverrc").write_text("[%General]\nDriver=QSQLITE\n")
            (home / ".config/kmail2rc").write_text("[General]\nfirst-start=false\n")
            for sub in ("cur", "new", "tmp"):
                (local / "drafts" / sub).mkdir(parents=True, exist_ok=True)
            (home / ".config/agentsrc").write_text(
                "[Instances][akonadi_maildir_resource_0]\nAgentType=akonadi_maildir_resource\nName=Local Folders\n")
            (home / ".config/akonadi_maildir_resource_0rc").write_text(
                f"[General]\nPath={local}\nTopLevelIsContainer=true\n")
            (home / ".config/specialmailcollectionsrc").write_text(
                "[SpecialCollections]\nDefaultResourceId=akonadi_maildir_resource_0\n")
            write_config(s, ["confirm = never", "notify = no"])
            if root_run:
                subprocess.run(["chown", "-R", f"{pw.pw_uid}:{pw.pw_gid}", str(root)], check=True)
            runtime.chmod(0o700)
            os.chmod(s.root, 0o755)

        def bus_call(dest: str, path: str, method: str) -> str:  # the reply, as nobody on nobody's bus
            return subprocess.run(drop + ["dbus-send", "--session", "--print-reply", f"--dest={dest}", path, method],
                                  env=s.env, capture_output=True, text=True).stdout

        def start_akonadi() -> None:
            """nobody's session bus and Akonadi, up to the Local Folders resource storing mail."""
            s.spawn(drop + ["dbus-daemon", "--session", "--nofork", f"--address=unix:path={bus}"])
            wait_for(bus.exists, 20, "nobody's session bus")
            s.env["DBUS_SESSION_BUS_ADDRESS"] = f"unix:path={bus}"
            t0 = time.monotonic()
            s.spawn(drop + ["akonadictl", "start"], log=s.root / "akonadi.log")

            def akonadi_up() -> bool:
                r = subprocess.run(drop + ["akonadictl", "status"], env=s.env, capture_output=True, text=True)
                return "Akonadi Server: running" in r.stdout + r.stderr
            wait_for(akonadi_up, 120, "the Akonadi server", interval=1)

            def resource_up() -> bool:  # the Local Folders resource on the bus: drafts can be stored
                return "org.freedesktop.Akonadi.Resource.akonadi_maildir_resource_0" in bus_call(
                    "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.ListNames")
            wait_for(resource_up, 60, "Akonadi's Local Folders resource", interval=0.5)

            # Akonadi's mail dispatcher asks for an outbox and a sent-mail folder as it starts, and
            # the resource writes them to disk, within seconds. Sometimes (Akonadi 22.12, with no
            # KMail running yet; about one first start in nine, more on a loaded machine) the
            # resource never hears of them: Akonadi's database holds both folders without a
            # remote id, its server log says "timeout writing into stream" to an agent's change
            # recorder, and every draft KMail saved would stay in the database. That is Akonadi's
            # fault before KMail or mailtokit run, so the test then starts Akonadi again from a
            # new HOME (and says so), at most four starts in all.
            def local_folders_store() -> bool:
                return all((local / d / "cur").is_dir() for d in ("outbox", "sent-mail"))
            wait_for(local_folders_store, 30, "Local Folders to store the mail dispatcher's outbox and sent-mail")
            log(f"Akonadi and Local Folders up after {time.monotonic() - t0:.1f} s")

        starts = 4
        try:
            for start in range(1, starts + 1):
                new_home()
                try:
                    start_akonadi()
                    break
                except Failure as e:
                    if start == starts:
                        raise Failure(f"{e} (Akonadi started {starts} times from a new HOME)") from None
                    log(f"Akonadi's first start failed ({e}): stopped, started again from a new HOME ({start + 1}/{starts})")
                    stop_akonadi(s, drop, home)
            files, saved = maildir_watch(local / "drafts")

            def composers(exp: dict) -> list[str]:
                # A subject KMail cannot be given (handler/clients/kmail.cpp: "ession", its own
                # -session) is left out, and told: that composer is "(unnamed)".
                subject = "(unnamed)" if exp["Subject"] in KMAIL_LOST_SUBJECTS else exp["Subject"]
                return [w for w in s.windows(".") if s.title(w) == titles.kmail(subject)]

            # KMail's first start has Akonadi create its default resources (address book, calendar,
            # notes, birthdays), which start and sync while the first composer is open, and a save
            # looks every recipient up in the address book. A user saves once KMail has started:
            # so does the test, once Akonadi's first-run record lists every default and each of
            # those resources answers on the bus as idle.
            defaults = sorted(os.listdir("/usr/share/akonadi/firstrun"))
            firstrun = home / ".config/akonadi-firstrunrc"

            def first_start_done() -> bool:
                made = dict(re.findall(r"^(\w+)=(\S+)$", firstrun.read_text(), re.M)) if firstrun.exists() else {}
                if any(d not in made for d in defaults):
                    return False
                return all(agent_idle(agent) for agent in made.values())

            def agent_idle(agent: str) -> bool:  # Akonadi's agent status 0: Idle
                status = bus_call(f"org.freedesktop.Akonadi.Agent.{agent}", "/", "org.freedesktop.Akonadi.Agent.Status.status")
                return re.search(r"int32 0\b", status) is not None

            def settled() -> None:
                t = time.monotonic()
                wait_for(first_start_done, 90, "KMail's first start (Akonadi's default resources idle)",
                         interval=0.5)
                log(f"Akonadi's default resources {', '.join(defaults)} idle after {time.monotonic() - t:.1f} s more")

            # mailtokit open, and so KMail, as nobody. The composer's title is "SUBJECT — KMail".
            prog = [*drop, program]
            # The desktop's choice before mailtokit: Debian's org.kde.kmail2.desktop; each link is
            # then clicked through the real xdg-open, as nobody (issue 22).
            desktop_handover(s, prog, "org.kde.kmail2.desktop")
            run_gui_links(s, rep, prog, "kmail", composers, files, saved,
                          close=lambda win, exp: s.key(win, "ctrl+w"), settled=settled,
                          opener=lambda link: open_via_xdg_open(s, link, drop), extra_links=OPTION_LINKS)
        except Failure:
            listing = subprocess.run(["find", str(home / ".local/share"), "-newer", str(bus), "-type", "f"],
                                     capture_output=True, text=True).stdout
            log("files written since the start:\n" + listing[-3000:])
            raise
        finally:
            stop_akonadi(s, drop, home)
        return rep.finish()


main(run)
