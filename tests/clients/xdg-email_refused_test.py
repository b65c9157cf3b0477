"""Files that are never attached stay refused when the user says Attach (issue 23), for real:
Claws Mail's Debian entry the desktop's choice before `mailtokit register`, the real
`xdg-email --attach` with one ordinary file and a file of each never-attached kind xdg-email
lets through (it takes only existing regular files): a hidden file, files under hidden folders of
HOME (~/.ssh/id_rsa, ~/.gnupg/secring.gpg), a link in ~/Documents to ~/.ssh/id_rsa, a file in each
system place that has one to ask for here (/etc, /proc, /sys, /dev/shm, /run/lock, /var/tmp),
and a file over `attach_max_size` (1kB in this test). The question (mailtokit's own window, which offers only the ordinary
file) is answered by ticking it; Claws Mail's saved draft must hold the ordinary file, byte for byte, and nothing
else (no refused file's name or bytes anywhere in it), and mailtokit tells the reason for each.

Not reachable this way, and covered by tests/handler/attach/attachments_test.cpp instead: a folder, a
pipe and a device (xdg-email itself refuses them before mailtokit runs: checked here), a file the
user cannot read (the tests run as root, who reads everything: the unit test drops to `nobody`),
and /boot (empty here; nothing to ask for without writing into it).
The question's screenshot: MAILTOKIT_RESULTS/xdg-email-refused-question.png.
"""
import os
import subprocess
import tempfile
import time
from pathlib import Path

import claws_mail_test as claws
from clientlib import Failure, Session, attachments_of, claws_draft, desktop_handover, log, main, results_dir
from harness.checks import Checks
from harness.session import tick_and_open
from harness.titles import QUESTION



def run(program: str) -> int:
    checks = Checks("xdg-email_refused", show_passed=True)
    check = checks.check

    out = results_dir()
    t_start = time.monotonic()
    made: list[Path] = []  # files this test writes outside its private HOME, removed at the end
    try:
        with Session("xdg-email-refused") as s:
            files, saved = claws.setup(s)
            desktop_handover(s, program, "claws-mail.desktop", ["confirm = risky", "attach_max_size = 1kB"])
            home = s.home
            docs = home / "Documents"
            docs.mkdir()
            ordinary = docs / "report.txt"
            ordinary.write_bytes(b"The quarterly report, the one file that may be attached.\n")

            secrets: dict[str, tuple[Path, str]] = {}  # kind -> (path given to xdg-email, refusal words)

            def secret(kind: str, path: Path, why: str, data: bytes | None = None) -> None:
                if data is not None:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(data)
                secrets[kind] = (path, why)

            secret("hidden file", docs / ".notes.txt", "it is a hidden file", b"SECRET-hidden-file\n")
            secret("~/.ssh", home / ".ssh" / "id_rsa", "it is in the hidden folder", b"SECRET-ssh-key\n")
            secret("~/.gnupg", home / ".gnupg" / "secring.gpg", "it is in the hidden folder", b"SECRET-gnupg\n")
            link = docs / "id.txt"
            link.symlink_to(home / ".ssh" / "id_rsa")
            secret("a link in ~/Documents to ~/.ssh", link, "it is in the hidden folder")
            secret("/etc", Path("/etc/hostname"), "it is in the system folder /etc")
            secret("/proc", Path("/proc/version"), "it is in the system folder /proc")
            sys_file = next((p for p in sorted(Path("/sys/kernel").iterdir()) if p.is_file() and os.access(p, os.R_OK)),
                            None)
            if sys_file is None:
                raise Failure("no readable file directly under /sys/kernel to ask for")
            secret("/sys", sys_file, "it is in the system folder /sys")
            for kind, folder in (("/dev", "/dev/shm"), ("/run", "/run/lock"), ("/var", "/var/tmp")):
                fd, name = tempfile.mkstemp(prefix="mailtokit-refused-", suffix=".txt", dir=folder)
                os.write(fd, f"SECRET-{kind}\n".encode())
                os.close(fd)
                made.append(Path(name))
                secret(kind, Path(name), f"it is in the system folder {kind}")
            big = docs / "big.bin"
            secret("over attach_max_size", big, "it is larger than", b"SECRET-big" + bytes(2000))

            # What xdg-email refuses itself: mailtokit never runs, so no question appears.
            (docs / "folder").mkdir()
            os.mkfifo(docs / "pipe")
            for kind, path in (("a folder", docs / "folder"), ("a pipe", docs / "pipe"), ("a device", Path("/dev/null"))):
                r = s.run(["xdg-email", "--attach", str(path), "boss@example.org"], check=False, timeout=30)
                check(r.returncode != 0 and not s.windows(QUESTION),
                      f"xdg-email itself refuses {kind} (exit {r.returncode}: {r.stderr.strip()[:120]})")

            argv = ["xdg-email", "--attach", str(ordinary)]
            for path, _ in secrets.values():
                argv += ["--attach", str(path)]
            argv += ["--subject", "Refused files", "boss@example.org"]
            log_path = s.root / "xdg-email.log"
            had = files()
            with open(log_path, "ab") as log_file:
                p = subprocess.Popen(argv, env=s.env, stdin=subprocess.DEVNULL, stdout=log_file, stderr=log_file)
            win = s.wait_window(QUESTION, timeout=60)
            s.run(["sleep", "0.5"])  # drawn
            s.screenshot(out / "xdg-email-refused-question.png", window=win)
            tick_and_open(s, win, 1, out / "xdg-email-refused-question-screen.png")  # tick the files, Return: Open
            raw = claws_draft(s, saved, had, out / "xdg-email-refused-claws-composer.png")
            (out / "xdg-email-refused.eml").write_bytes(raw)
            try:
                p.wait(timeout=60)
            except subprocess.TimeoutExpired:
                raise Failure("xdg-email did not return in 60 s after the draft was saved")
            got = attachments_of(raw)
            check(list(got) == [ordinary.name], f"only the ordinary file is attached: {sorted(got)}")
            check(got.get(ordinary.name) == ordinary.read_bytes(), "the ordinary file arrives byte for byte")
            told = log_path.read_text(errors="replace")
            check(b"SECRET-" not in raw, "no refused file's bytes are in the draft (each holds SECRET-...)")
            for kind, (path, why) in secrets.items():
                shown = os.path.realpath(path)
                lines = [x for x in told.splitlines() if "not attached: " + shown + ": " in x]
                check(bool(lines) and why in lines[0], f"{kind}: the user is told {shown} was not attached: {lines[:1]}")
    finally:
        for f in made:
            f.unlink(missing_ok=True)

    log(f"xdg-email refused files: {time.monotonic() - t_start:.1f} s in all")
    return checks.report("xdg-email refused files",
                         "Attach attached the ordinary file only; every never-attached kind was refused")


if __name__ == "__main__":
    main(run)
