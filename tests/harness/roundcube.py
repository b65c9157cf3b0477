"""A private Roundcube webmail on loopback, and a real browser that reads its compose form back.

For the tests of webmail as a mail program (tests/webmail): mailtokit opens
`http://127.0.0.1:PORT/?_task=mail&_action=compose&_to=...` in a browser, and the test reads
what Roundcube's compose form then holds. Everything runs from Debian 12's packages, in a
temporary folder of its own, with no system service and no system configuration:

- Dovecot (dovecot-imapd): `dovecot -F -c OUR.conf` on a free 127.0.0.1 port, as `nobody` when
  run as root (else as the caller), one user (LOGIN) with a random password in a passwd-file,
  mail in a Maildir with Drafts, Sent and Trash.
- Roundcube (roundcube-core, roundcube-sqlite3), the code installed in /usr/share/roundcube and
  served from Debian's document root /var/lib/roundcube/public_html by PHP's built-in server
  (`php -S 127.0.0.1:PORT`, php-cli), same user as Dovecot. Roundcube's iniset.php takes its
  configuration folder from ROUNDCUBE_CONFIG_DIR (else /etc/roundcube): ours holds
  config.inc.php (our IMAP server, an SQLite database in the folder, logs and temp in the
  folder, no plugins, plain-text editor, no autosave) and links to Debian's defaults.inc.php
  and mimetypes.php. (RCUBE_CONFIG_PATH is not used: rcube_config adds the configuration
  folder after its paths, so /etc/roundcube/config.inc.php would still be read last.) The
  database schema is Roundcube's SQL/sqlite.initial.sql, loaded with Python's sqlite3.
- A browser through the Chrome DevTools protocol (DevTools): Debian's Chromium started headless
  with a private profile (DevTools.launch), or a browser a test already runs with
  --remote-debugging-port (DevTools.attach by port, attach_profile by its profile folder, each
  taking the tab whose URL starts with a prefix). The websocket client is Debian's
  python3-websocket.

Every wait is for a real condition (an IMAP login that works, the login page served, a page's
DOM ready), never a fixed sleep.

    with Roundcube() as rc, DevTools.launch(rc.root / "chromium") as b:
        rc.login(b)
        fields = rc.compose_fields(b, rc.compose_url(to="a@example.org", subject="Hi"))
        # {'to': 'a@example.org', 'cc': '', 'bcc': '', 'subject': 'Hi', 'body': '', ...}
        draft = rc.save_draft(b)   # the message Roundcube stored in Drafts (email.message)
"""

from __future__ import annotations

import email
import email.policy
import http.client
import json
import os
import pwd
import re
import secrets
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

from harness.dovecot import config as dovecot_config, logs_in as dovecot_logs_in
from harness.session import Failure, end_processes, require, wait_for

LOGIN = "me"
DOMAIN = "example.org"
SHARE = Path("/usr/share/roundcube")
DOCROOT = Path("/var/lib/roundcube/public_html")  # Debian's: index.php, program/js, skins, plugins
DEFAULTS = Path("/etc/roundcube/defaults.inc.php")  # a conffile of roundcube-core
MIMETYPES = Path("/etc/roundcube/mimetypes.php")
DOVECOT = Path("/usr/sbin/dovecot")  # by its path: /usr/sbin is not on every user's PATH
SYSTEM_PYTHON_LIB = "/usr/lib/python3/dist-packages"  # python3-websocket, for a pyenv python3

FIELDS = ("to", "cc", "bcc", "subject", "body")

CONFIG_INC = """<?php
// The test bed's Roundcube (tests/harness/roundcube.py): private, on loopback, nothing of /etc.
$config = [];
$config['db_dsnw'] = 'sqlite:///{db}?mode=0600';
$config['imap_host'] = '127.0.0.1:{imap_port}';
$config['smtp_host'] = '';
$config['mail_domain'] = '{domain}';
$config['des_key'] = '{des_key}';
$config['log_driver'] = 'file';
$config['log_dir'] = '{root}/logs/';
$config['temp_dir'] = '{root}/temp/';
$config['plugins'] = [];
$config['skin'] = 'elastic';
$config['product_name'] = 'Roundcube (mailtokit test bed)';
$config['support_url'] = '';
$config['enable_spellcheck'] = false;
$config['htmleditor'] = 0;            // plain text: the body is the textarea _message
$config['draft_autosave'] = 0;        // drafts only when the test saves one
$config['compose_save_localstorage'] = false;  // no "restore message" question across tests
$config['drafts_mbox'] = 'Drafts';
$config['sent_mbox'] = 'Sent';
$config['trash_mbox'] = 'Trash';
$config['ip_check'] = false;
$config['login_rate_limit'] = 0;
$config['session_lifetime'] = 60;
$config['language'] = 'en_US';
$config['timezone'] = 'UTC';
$config['check_all_folders'] = false;
$config['refresh_interval'] = 0;      // no keep-alive polling while a test reads the page
"""

PHP_INI = """; the PHP settings of the bed's built-in server (php -n -c THIS: nothing of /etc/php)
date.timezone = UTC
memory_limit = 256M
post_max_size = 32M
upload_max_filesize = 16M
max_execution_time = 120
session.auto_start = 0
session.use_strict_mode = 0
display_errors = Off
log_errors = On
error_log = {root}/logs/php.log
output_buffering = 4096
zend.exception_ignore_args = On
"""

# PHP's extensions Roundcube needs, loaded by name (php -n reads no /etc/php/*/conf.d).
PHP_EXTENSIONS = ("pdo", "pdo_sqlite", "sqlite3", "mbstring", "intl", "iconv", "ctype", "xml", "dom",
                  "simplexml", "xmlreader", "xmlwriter", "fileinfo", "tokenizer", "exif")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def versions() -> dict[str, str]:
    """The versions of the bed's programs, as their packages and the programs say."""
    def pkg(name: str) -> str:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Version}", name], capture_output=True, text=True)
        return r.stdout.strip() or "not installed"
    def first_line(argv: list[str]) -> str:
        try:
            r = subprocess.run(argv, capture_output=True, text=True, timeout=30)
            return (r.stdout or r.stderr).strip().splitlines()[0]
        except (OSError, IndexError, subprocess.TimeoutExpired):
            return "not found"
    return {"roundcube-core": pkg("roundcube-core"), "dovecot-imapd": pkg("dovecot-imapd"),
            "php-cli": pkg("php-cli"), "php": first_line(["php", "-n", "--version"]),
            "dovecot": first_line([str(DOVECOT), "--version"]), "chromium": first_line(["chromium", "--version"]),
            "python3-websocket": pkg("python3-websocket")}


# -- the browser ----------------------------------------------------------------------------

def _websocket():
    """Debian's websocket client (python3-websocket); a pyenv python3 finds it in the system's
    dist-packages, put last on sys.path so that nothing the interpreter has of its own is shadowed."""
    try:
        import websocket  # noqa: F811
    except ImportError:
        if SYSTEM_PYTHON_LIB not in sys.path and os.path.isdir(SYSTEM_PYTHON_LIB):
            sys.path.append(SYSTEM_PYTHON_LIB)
        try:
            import websocket  # noqa: F811
        except ImportError:
            raise Failure("python3-websocket is not installed (bash .ci/install-deps --test installs it)")
    return websocket


CHROMIUM_FLAGS = ["--no-sandbox",  # as root, Chromium refuses to start with its sandbox
                  "--no-first-run", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-gpu", "--password-store=basic", "--disable-quic",
                  "--window-size=1280,1024"]


class DevTools:
    """A page of a real Chromium, driven over the DevTools protocol.

    DevTools.launch(profile): Debian's Chromium, headless, a new profile; ended at close().
    DevTools.attach(port): a browser a test already runs with --remote-debugging-port=PORT (its
    first page, or the page whose URL starts with `url_prefix`); left running at close()."""

    def __init__(self, port: int, proc: subprocess.Popen | None = None, url_prefix: str = ""):
        self.port = port
        self.proc = proc
        self._id = 0
        self.ws = None
        self.dialogs: list[dict] = []  # the page's JavaScript dialogs, accepted (send())
        self._connect(url_prefix)

    @classmethod
    def launch(cls, profile: str | os.PathLike, headless: bool = True, env: dict[str, str] | None = None,
               log: str | os.PathLike | None = None) -> "DevTools":
        require("chromium")
        profile = Path(profile)
        profile.mkdir(parents=True, exist_ok=True)
        active = profile / "DevToolsActivePort"
        if active.exists():
            active.unlink()
        argv = ["chromium", *CHROMIUM_FLAGS, *(["--headless"] if headless else []),
                f"--user-data-dir={profile}", "--remote-debugging-port=0", "about:blank"]
        out = open(log, "ab") if log else subprocess.DEVNULL
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT if log else out,
                                env=env, start_new_session=True)

        def port() -> int:  # Chromium writes the port it took to its profile once it listens
            if proc.poll() is not None:
                raise Failure(f"chromium exited {proc.returncode} before its DevTools port was open")
            try:
                first = active.read_text().splitlines()[0]
                return int(first)
            except (OSError, IndexError, ValueError):
                return 0
        try:
            return cls(wait_for(port, 60, "Chromium's DevTools port (DevToolsActivePort)"), proc)
        except BaseException:
            _end(proc)
            raise

    @classmethod
    def attach(cls, port: int, url_prefix: str = "", timeout: float = 60) -> "DevTools":
        """A browser already running with --remote-debugging-port=port; the page whose URL starts
        with url_prefix (waited for), else its first page."""
        def page():
            try:
                return any(t.get("type") == "page" and t.get("url", "").startswith(url_prefix)
                           for t in _json(port, "/json/list"))
            except OSError:
                return False
        wait_for(page, timeout, f"a page at {url_prefix or 'any URL'} in the browser on DevTools port {port}")
        return cls(port, None, url_prefix)

    @classmethod
    def attach_profile(cls, profile: str | os.PathLike, url_prefix: str = "", timeout: float = 60) -> "DevTools":
        """attach() to the browser a test started with --user-data-dir=profile and
        --remote-debugging-port=0: the port it took is the first line of DevToolsActivePort."""
        def port() -> int:
            try:
                return int((Path(profile) / "DevToolsActivePort").read_text().splitlines()[0])
            except (OSError, IndexError, ValueError):
                return 0
        return cls.attach(wait_for(port, timeout, f"DevToolsActivePort in {profile}"), url_prefix, timeout)

    def _connect(self, url_prefix: str) -> None:
        pages = [t for t in _json(self.port, "/json/list") if t.get("type") == "page"]
        pages = [t for t in pages if t.get("url", "").startswith(url_prefix)] or pages
        if not pages:
            raise Failure(f"no page in the browser on DevTools port {self.port}")
        # suppress_origin: Chromium refuses a DevTools websocket that names an Origin it was not
        # told to allow (--remote-allow-origins); a client without one is accepted.
        self.ws = _websocket().create_connection(pages[0]["webSocketDebuggerUrl"], timeout=60,
                                                 suppress_origin=True, enable_multithread=False)
        self.send("Page.enable")
        self.send("Runtime.enable")

    def send(self, method: str, params: dict | None = None, timeout: float = 60) -> dict:
        """One DevTools command and its result (events that arrive meanwhile are dropped)."""
        self._id += 1
        want = self._id
        self.ws.send(json.dumps({"id": want, "method": method, "params": params or {}}))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.ws.settimeout(max(0.1, deadline - time.monotonic()))
            msg = json.loads(self.ws.recv())
            if msg.get("method") == "Page.javascriptDialogOpening":
                # A page's dialog (Roundcube asks before leaving a changed compose form) would hold
                # a navigation until it is answered: accept it, as a person clicking OK, and keep it.
                self.dialogs.append(msg.get("params", {}))
                self._id += 1
                self.ws.send(json.dumps({"id": self._id, "method": "Page.handleJavaScriptDialog",
                                         "params": {"accept": True}}))
                continue
            if msg.get("id") == want:
                if "error" in msg:
                    raise Failure(f"DevTools {method}: {msg['error']}")
                return msg.get("result", {})
        raise Failure(f"DevTools {method}: no answer in {timeout:.0f} s")

    def evaluate(self, expression: str, timeout: float = 60):
        """The value of a JavaScript expression in the page (promises awaited), as JSON gives it."""
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                           "awaitPromise": True}, timeout)
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise Failure(f"JavaScript failed: {d.get('exception', {}).get('description') or d.get('text')}")
        return r.get("result", {}).get("value")

    def navigate(self, url: str) -> None:
        r = self.send("Page.navigate", {"url": url})
        if r.get("errorText"):
            raise Failure(f"the browser could not open {url[:200]}: {r['errorText']}")

    def wait_js(self, expression: str, timeout: float, what: str):
        """Wait until the expression is true in the page (a page still loading counts as false)."""
        def check():
            try:
                return self.evaluate(expression, timeout=10)
            except Failure:
                return None
        return wait_for(check, timeout, what, interval=0.2)

    def url(self) -> str:
        return self.evaluate("location.href")

    def screenshot(self, path: str | os.PathLike) -> Path:
        """A PNG of the page (Page.captureScreenshot)."""
        import base64
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(self.send("Page.captureScreenshot", {"format": "png"})["data"]))
        return path

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.ws.close()
            except OSError:
                pass
            self.ws = None
        if self.proc is not None:
            _end(self.proc)
            self.proc = None

    def __enter__(self) -> "DevTools":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _json(port: int, path: str):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        c.request("GET", path)
        return json.loads(c.getresponse().read())
    finally:
        c.close()


def _end(proc: subprocess.Popen) -> None:
    """SIGTERM to the process group, SIGKILL after 10 s."""
    end_processes([proc], 10)


# -- the compose form, as the page holds it ------------------------------------------------------

# What the form would send (the named fields: _to, _cc, _bcc are the textareas behind the recipient
# widgets, kept up to date by them) and what a person sees (the recipient boxes of each widget,
# with any text still typed in its input; the Cc and Bcc rows only when shown).
READ_FORM = r"""(() => {
  const form = document.forms.form;
  if (!form) return null;
  const val = n => { const e = form.elements[n]; return e ? e.value : null; };
  const widget = n => {
    const t = document.getElementById(n);
    const box = t && t.closest('.input-group') ? t.closest('.input-group').querySelector('.recipient-input') : null;
    if (!box) return null;
    const items = Array.from(box.querySelectorAll('li.recipient')).map(li => li.textContent.trim().replace(/,$/, ''));
    const typed = box.querySelector('input');
    return {items, typed: typed ? typed.value : '',
            visible: !!(t.closest('.form-group') && t.closest('.form-group').offsetParent !== null)};
  };
  return {to: val('_to'), cc: val('_cc'), bcc: val('_bcc'), subject: val('_subject'), body: val('_message'),
          shown: {to: widget('_to'), cc: widget('_cc'), bcc: widget('_bcc')},
          compose_id: (window.rcmail && rcmail.env.compose_id) || null, url: location.href};
})()"""

COMPOSE_READY = ("!!(document.readyState === 'complete' && window.rcmail && rcmail.env.action === 'compose'"
                 " && rcmail.env.compose_id && document.forms.form && document.forms.form.elements._message"
                 " && !rcmail.busy)")


class Roundcube:
    """Dovecot + Roundcube (PHP's built-in server) in a private folder, as a context manager.

    Attributes once started: origin (http://127.0.0.1:PORT), imap_port, login_name, password,
    address, root, drafts (the Maildir folder of Drafts), logs (Roundcube's and PHP's). keep: a
    new or empty folder to keep everything in (for debugging); by default a temporary one."""

    def __init__(self, keep: str | os.PathLike | None = None, log=print):
        self._keep = keep
        self._log = log
        self._tmp: tempfile.TemporaryDirectory | None = None
        self._procs: list[subprocess.Popen] = []
        self.root = Path()
        self.origin = ""
        self.imap_port = 0
        self.login_name = LOGIN
        self.password = secrets.token_hex(12)
        self.address = f"{LOGIN}@{DOMAIN}"

    # -- set-up and tear-down ------------------------------------------------------------------
    def __enter__(self) -> "Roundcube":
        require("php")
        for f in (DOVECOT, SHARE / "index.php", SHARE / "SQL/sqlite.initial.sql", DOCROOT / "index.php", DEFAULTS):
            if not f.exists():
                raise Failure(f"{f} is missing (dovecot-imapd, roundcube-core, roundcube-sqlite3; "
                              "bash .ci/install-deps --test installs them)")
        if self._keep:
            self.root = Path(self._keep)
            self.root.mkdir(parents=True, exist_ok=True)
            if any(self.root.iterdir()):
                raise Failure(f"{self.root} is not empty: keep= takes a new or empty folder")
        else:
            self._tmp = tempfile.TemporaryDirectory(prefix="mailtokit-roundcube-")
            self.root = Path(self._tmp.name)
        try:
            self._prepare()
            self._start_dovecot()
            self._start_php()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        for p in reversed(self._procs):
            _end(p)
        self._procs.clear()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def _prepare(self) -> None:
        """The folders, Dovecot's and Roundcube's configuration, the database; all owned by the
        user the servers run as."""
        root_run = os.geteuid() == 0
        self.user = pwd.getpwnam("nobody") if root_run else pwd.getpwuid(os.geteuid())
        self.group = subprocess.run(["id", "-gn", self.user.pw_name], capture_output=True, text=True,
                                    check=True).stdout.strip()
        self._drop = (["setpriv", f"--reuid={self.user.pw_uid}", f"--regid={self.user.pw_gid}",
                       "--clear-groups", "--"] if root_run else [])
        imap, rc = self.root / "imap", self.root / "roundcube"
        for d in (imap / "run", imap / "state", imap / "mail", rc / "config", rc / "logs", rc / "temp"):
            d.mkdir(parents=True, exist_ok=True)
        self.imap_port, self.http_port = free_port(), free_port()
        (imap / "users").write_text(f"{LOGIN}:{{PLAIN}}{self.password}:{self.user.pw_uid}:{self.user.pw_gid}"
                                    f"::{imap}/mail::\n")
        users = (f"passdb {{\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%n {imap}/users\n}}\n"
                 f"userdb {{\n  driver = passwd-file\n  args = username_format=%n {imap}/users\n}}\n")
        (imap / "dovecot.conf").write_text(dovecot_config(imap, self.user.pw_name, self.group, self.imap_port, users))
        config = rc / "config"
        (config / "config.inc.php").write_text(CONFIG_INC.format(
            db=rc / "roundcube.db", imap_port=self.imap_port, domain=DOMAIN, root=rc,
            des_key=secrets.token_urlsafe(18)[:24]))
        (config / "defaults.inc.php").symlink_to(DEFAULTS)
        if MIMETYPES.exists():
            (config / "mimetypes.php").symlink_to(MIMETYPES)
        (rc / "php.ini").write_text(PHP_INI.format(root=rc))
        db = sqlite3.connect(rc / "roundcube.db")
        try:
            db.executescript((SHARE / "SQL/sqlite.initial.sql").read_text())
            db.commit()
        finally:
            db.close()
        self.drafts = imap / "mail" / ".Drafts"
        self.config_dir = config
        self.logs = rc / "logs"
        if root_run:
            subprocess.run(["chown", "-R", f"{self.user.pw_uid}:{self.user.pw_gid}", str(self.root)], check=True)
            os.chmod(self.root, 0o755)
            p = self.root.parent
            while p != p.parent:  # the servers' user must pass through every folder above
                if p.stat().st_mode & 0o001 == 0:
                    raise Failure(f"{p} is not searchable by {self.user.pw_name}: give the bed another folder")
                p = p.parent

    def _spawn(self, argv: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen:
        p = subprocess.Popen(self._drop + argv, stdin=subprocess.DEVNULL, stdout=open(log, "ab"),
                             stderr=subprocess.STDOUT, env=env, start_new_session=True)
        self._procs.append(p)
        return p

    def _start_dovecot(self) -> None:
        imap = self.root / "imap"
        p = self._spawn([str(DOVECOT), "-F", "-c", str(imap / "dovecot.conf")], self.root / "dovecot.out")

        def ready() -> bool:
            if p.poll() is not None:
                raise Failure(f"dovecot exited {p.returncode}: {self._tail(self.root / 'dovecot.out')}"
                              f"{self._tail(imap / 'dovecot.log')}")
            return dovecot_logs_in(self.imap_port, LOGIN, self.password)
        try:
            wait_for(ready, 30, "the private IMAP server (dovecot) to log the test user in", interval=0.3)
        except Failure:
            self._log(self._tail(imap / "dovecot.log"))
            raise

    def _start_php(self) -> None:
        rc = self.root / "roundcube"
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8", "TZ": "UTC",
               "HOME": str(rc), "ROUNDCUBE_CONFIG_DIR": str(self.config_dir),
               "PHP_CLI_SERVER_WORKERS": "1"}
        ext_dir = Path(subprocess.run(["php", "-n", "-r", "echo ini_get('extension_dir');"],
                                      capture_output=True, text=True, check=True).stdout.strip())
        # some of PHP_EXTENSIONS are built into Debian's php; load those that are files
        ext = [a for e in PHP_EXTENSIONS if (ext_dir / f"{e}.so").exists() for a in ("-d", f"extension={e}")]
        self.origin = f"http://127.0.0.1:{self.http_port}"
        p = self._spawn(["php", "-n", "-c", str(rc / "php.ini"), *ext, "-S", f"127.0.0.1:{self.http_port}",
                         "-t", str(DOCROOT)], self.root / "php.out", env)

        def served() -> bool:
            if p.poll() is not None:
                raise Failure(f"php -S exited {p.returncode}: {self._tail(self.root / 'php.out')}")
            try:
                c = http.client.HTTPConnection("127.0.0.1", self.http_port, timeout=10)
                c.request("GET", "/?_task=login")
                r = c.getresponse()
                page = r.read().decode("utf-8", "replace")
                c.close()
            except OSError:
                return False
            return r.status == 200 and 'name="_user"' in page and 'name="_pass"' in page
        try:
            wait_for(served, 60, f"Roundcube's login page at {self.origin}", interval=0.3)
        except Failure:
            self._log(self._tail(self.root / "php.out") + self._tail(self.logs / "errors.log"))
            raise

    @staticmethod
    def _tail(path: Path, n: int = 3000) -> str:
        try:
            return path.read_text(errors="replace")[-n:]
        except OSError:
            return ""

    def errors(self) -> str:
        """Roundcube's and PHP's error logs (for a failure's reader)."""
        return "".join(self._tail(self.logs / f, 20000) for f in ("errors.log", "php.log"))

    # -- what the test does -------------------------------------------------------------------------
    def compose_url(self, query: str | None = None, **fields: str) -> str:
        """The compose action's URL: a query written by the caller (exactly as given), or the
        fields (to, cc, bcc, subject, body) percent-encoded as RFC 3986 says (%20, %2B)."""
        if query is None:
            query = "&".join(f"_{k}={urllib.parse.quote(v, safe='')}" for k, v in fields.items())
        return f"{self.origin}/?_task=mail&_action=compose" + (f"&{query}" if query else "")

    def login(self, b: DevTools, timeout: float = 60) -> None:
        """Log the test user in through the login form in the browser, as a person does."""
        b.navigate(f"{self.origin}/?_task=login")
        b.wait_js("!!(document.readyState === 'complete' && document.getElementById('rcmloginuser'))",
                  timeout, "Roundcube's login form")
        b.evaluate(f"""(() => {{
            document.getElementById('rcmloginuser').value = {json.dumps(LOGIN)};
            document.getElementById('rcmloginpwd').value = {json.dumps(self.password)};
            document.getElementById('rcmloginsubmit').click();
            return true; }})()""")
        try:
            b.wait_js("!!(document.readyState === 'complete' && window.rcmail && rcmail.task === 'mail'"
                      " && rcmail.env.mailbox)", timeout, "the mailbox after logging in")
        except Failure:
            raise Failure(f"login failed (page {b.url()}): {self.errors()[-2000:]}")

    def compose_fields(self, b: DevTools, url: str | None = None, timeout: float = 60) -> dict:
        """Open url (a compose URL) in the browser, or read the page it shows, once Roundcube's
        compose form is ready. {to, cc, bcc, subject, body}: what the form would send, the values
        of _to, _cc, _bcc, _subject and _message (the recipient widgets keep _to, _cc and _bcc up
        to date as "a@x,b@x," : the trailing separator is cut off here; the exact values are in
        'raw'). A textarea's value has its line breaks as LF (HTML normalizes them; a form sends
        them as CRLF). 'shown': each recipient widget's boxes as a person sees them, text still
        typed in it, and whether its row (Cc, Bcc) is visible. Also compose_id and the page's URL."""
        if url is not None:
            b.navigate(url)
        b.wait_js(COMPOSE_READY, timeout, "Roundcube's compose form")
        fields = b.evaluate(READ_FORM)
        if not fields:
            raise Failure(f"no compose form in {b.url()}")
        fields["raw"] = {k: fields[k] for k in FIELDS}
        for k in ("to", "cc", "bcc"):
            fields[k] = re.sub(r"[,;\s]+$", "", fields[k] or "")
        return fields

    def save_draft(self, b: DevTools, timeout: float = 60) -> email.message.EmailMessage:
        """Save the open compose form as a draft (Roundcube's own Save command) and return the
        message file Dovecot wrote in Drafts (the newest)."""
        before = set(self.draft_files())
        b.evaluate("rcmail.command('savedraft'); true")
        new = wait_for(lambda: sorted(set(self.draft_files()) - before, key=lambda p: p.stat().st_mtime),
                       timeout, "the saved draft in Dovecot's Drafts maildir")
        return email.message_from_bytes(new[-1].read_bytes(), policy=email.policy.default)

    def draft_files(self) -> list[Path]:
        return [p for sub in ("new", "cur") if (self.drafts / sub).is_dir() for p in (self.drafts / sub).iterdir()]

