"""A private HOME for mailtokit, its configuration file, and a Session's HOME with recorders.

home_env(home) is HOME and the XDG base directories in it. private_home() gives (tmp, home, env)
for a test without a display: a new temporary directory,
the HOME inside it with its XDG directories and an empty ~/.config/mailtokit, and an environment
without the caller's XDG_*, MAILTOKIT_CONFIG, TERMINAL and display variables, whose
MAILTOKIT_TEST_RECORD is tmp/record and whose DBUS_SESSION_BUS_ADDRESS names tmp/bus, where
nothing listens: a desktop session always has a bus, and `open` sends notifications (to the tests'
notify-send stand-ins) only when there is one.

write_config(config_home, lines) writes CONFIG_HOME/mailtokit/config (HOME/.config).

Desktop(session, prog): a fake bin first in PATH whose programs are recorders (record.py), writing
their argv to $MAILTOKIT_TEST_RECORD.<name>.<time>-<pid>:
- `recorder`: the mail client (target = custom, command = "<recorder>" %u); it only records.
- `zenity`, `yad`, `kdialog`: record their argv and the text file they are given, then run the
  REAL program (/usr/bin/zenity, ...), so the dialog on the screen is the real one.
- `notify-send`: records, then runs the real notify-send when installed (its failure without a
  notification daemon is ignored, as mailtokit ignores it).
- record_ask(): the build's mailtokit-ask behind a recorder of its argv and question file.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from harness.record import ENV_RECORD, RUN_STAMP, read, write_recorder
from harness.session import Failure, Session, home_env, processes_with_home, wait_for  # noqa: F401  (home_env re-exported)

# Where a recorder of this desktop writes one run: named by RUN_STAMP, so name order is run
# order (two runs within one tick of the file system's clock, as a notify-send retried without
# --print-id is, share an mtime).
RUN_ORDERED = ENV_RECORD + ".{name}." + RUN_STAMP


def write_config(config_home: str | os.PathLike, lines: list[str] | str) -> Path:
    """mailtokit's configuration in the XDG config folder `config_home` (HOME/.config, a
    Session's s.env["XDG_CONFIG_HOME"]): mailtokit/config, the lines, or the text."""
    cfg = Path(config_home) / "mailtokit" / "config"
    cfg.parent.mkdir(parents=True, exist_ok=True)
    cfg.write_text(lines if isinstance(lines, str) else "\n".join(lines) + "\n")
    return cfg


def system_share_without_mail(s: Session) -> Path:
    """XDG_DATA_DIRS of `s` made one private folder with no mail program's desktop entry (a
    browser user's desktop): the icon theme, the MIME database, GSettings' schemas and the themes
    of /usr/share, and an empty applications folder, which is returned."""
    data = s.root / "system-share"
    (data / "applications").mkdir(parents=True)
    for part in ("icons", "mime", "glib-2.0", "themes"):
        if os.path.isdir(f"/usr/share/{part}"):
            (data / part).symlink_to(f"/usr/share/{part}")
    s.env["XDG_DATA_DIRS"] = str(data)
    return data / "applications"


def standin_browser(env: dict, program: str) -> None:
    """A desktop entry `fakebrowser.desktop` that runs `program` (a recorder) with the link, made
    the default for https links in env's private HOME: the browser a webmail target opens in."""
    apps = os.path.join(env["XDG_DATA_HOME"], "applications")
    os.makedirs(apps, exist_ok=True)
    with open(os.path.join(apps, "fakebrowser.desktop"), "w") as f:
        f.write(f"[Desktop Entry]\nType=Application\nName=Fake Browser\nExec=\"{program}\" %u\n"
                "MimeType=x-scheme-handler/https;x-scheme-handler/http;\n")
    with open(os.path.join(env["XDG_CONFIG_HOME"], "mimeapps.list"), "w") as f:
        f.write("[Default Applications]\nx-scheme-handler/https=fakebrowser.desktop\n")


def private_home():
    tmp = tempfile.mkdtemp()
    home = os.path.join(tmp, "home")
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("XDG_") or k in ("MAILTOKIT_CONFIG", "TERMINAL", "DISPLAY", "WAYLAND_DISPLAY"):
            del env[k]
    env.update(home_env(home))
    os.makedirs(home + "/.config/mailtokit")
    env["MAILTOKIT_TEST_RECORD"] = os.path.join(tmp, "record")
    env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + os.path.join(tmp, "bus")
    return tmp, home, env


class Desktop:
    """A private HOME + bin directory inside a Session, and mailtokit run as a browser runs it."""

    def __init__(self, session: Session, prog: str):
        self.s = session
        self.prog = prog
        self.bin = session.root / "fake bin"
        self.bin.mkdir(exist_ok=True)
        self.record = session.root / "record"
        for name in ("recorder", "zenity", "yad", "kdialog", "notify-send"):
            real = None if name == "recorder" else shutil.which(name)
            write_recorder(self.bin / name, RUN_ORDERED.format(name="$name"), real=real, copy="filename")
        self.recorder = str(self.bin / "recorder")
        self.config = session.home / ".config/mailtokit/config"
        self.config.parent.mkdir(parents=True, exist_ok=True)
        self.drafts = session.home / ".local/state/mailtokit/drafts"
        self.env = {"PATH": f"{self.bin}{os.pathsep}{session.env['PATH']}",
                    "MAILTOKIT_TEST_RECORD": str(self.record)}

    def write_config(self, text: str) -> None:
        write_config(self.s.home / ".config", text)

    def custom_config(self, extra: str = "") -> None:
        self.write_config(f'target = custom\ncommand = "{self.recorder}" %u\n{extra}')

    def clear(self) -> None:
        for p in self.s.root.glob("record.*"):
            p.unlink()
        if self.drafts.exists():
            for p in self.drafts.iterdir():
                p.unlink()

    def recorded(self, name: str) -> list[list[str]]:
        """Every recorded argv of `name` (recorder, zenity, yad, kdialog, notify-send), oldest first."""
        files = sorted(p for p in self.s.root.glob(f"record.{name}.*")
                       if not p.name.endswith((".partial", ".text")))
        return [read(p) for p in files]

    def recorded_text(self, name: str) -> str:
        texts = sorted(self.s.root.glob(f"record.{name}.*.text"))
        if not texts:
            raise Failure(f"{name} was given no text file")
        return texts[-1].read_text("utf-8")

    def start(self, args: list[str], env: dict[str, str] | None = None, log: Path | None = None):
        """mailtokit started as a browser starts it: no terminal (stdin /dev/null, output to a log)."""
        log = log or (self.s.root / "mailtokit.log")
        if log.exists():
            log.unlink()
        p = self.s.spawn([self.prog] + args, log=log, env={**self.env, **(env or {})})
        return p, log

    def send_files(self, names: tuple[str, ...] = ("report.pdf", "notes.txt"), to: str = "boss@example.org"):
        """`mailtokit send --attach F ... TO` as a file manager's "send by email" runs it, with
        files in ~/Documents (each holding its own name) and the recorder as the mail program
        (`%f`, no notifications); returns start()'s (process, log)."""
        docs = self.s.home / "Documents"
        docs.mkdir(exist_ok=True)
        argv = ["send"]
        for name in names:
            (docs / name).write_text(name + "\n")
            argv += ["--attach", str(docs / name)]
        self.write_config(f'target = custom\ncommand = "{self.recorder}" %f\nnotify = no\n')
        return self.start(argv + [to])

    def record_ask(self) -> None:
        """Run the build's mailtokit-ask (beside the program) through a recorder that keeps its
        argv and the question file it is given: recorded("ask"), recorded_text("ask")."""
        real = os.path.join(os.path.dirname(os.path.realpath(self.prog)), "mailtokit-ask")
        recorder = write_recorder(self.bin / "mailtokit-ask", RUN_ORDERED.format(name="ask"), real=real,
                                  copy="first")
        self.env["MAILTOKIT_ASK"] = str(recorder)

    def wait_failure_window_ended(self, timeout: float = 30) -> None:
        """Until no `mailtokit failure-window` of this HOME runs. It holds the one-failure-window
        lock until its dialog program has ended, which may be a moment after the dialog's window
        has gone: a failure reported before that is gathered into a notification by design, so a
        test that expects the next failure in a window of its own waits for this first."""
        wait_for(lambda: not any("failure-window" in argv[1:2]
                                 for _, _, argv in processes_with_home(self.s.home, exe=False)),
                 timeout, "the failure window's process to end")

    def kept_drafts(self) -> list[Path]:
        return sorted(self.drafts.glob("draft-*.eml")) if self.drafts.exists() else []


def wait_exit(p, timeout: float, what: str) -> int:
    try:
        return p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"{what}: mailtokit still running after {timeout:.0f} s")


def wait_record(d: Desktop, name: str, timeout: float = 15) -> list[str]:
    return wait_for(lambda: (d.recorded(name) or [None])[-1], timeout, f"{name} to run")
