"""A notification server of the test's own on a Session's bus, recording what it is sent.

    log = start_daemon(s)        # org.freedesktop.Notifications owned, ready
    notices(log)                 # every Notify call so far: replaces, id, summary, body
"""
from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

from harness.session import Session, wait_for

# org.freedesktop.Notifications (Desktop Notifications Specification 1.2), enough for notify-send:
# each Notify is recorded as one line of JSON; replaces_id 0 gets a new id, else the same.
DAEMON = textwrap.dedent("""
    import json, sys
    from gi.repository import Gio, GLib
    XML = '''<node><interface name="org.freedesktop.Notifications">
      <method name="Notify"><arg type="s" direction="in"/><arg type="u" direction="in"/>
        <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="s" direction="in"/>
        <arg type="as" direction="in"/><arg type="a{sv}" direction="in"/><arg type="i" direction="in"/>
        <arg type="u" direction="out"/></method>
      <method name="GetCapabilities"><arg type="as" direction="out"/></method>
      <method name="GetServerInformation"><arg type="s" direction="out"/><arg type="s" direction="out"/>
        <arg type="s" direction="out"/><arg type="s" direction="out"/></method>
      <method name="CloseNotification"><arg type="u" direction="in"/></method>
    </interface></node>'''
    log = open(sys.argv[1], "a")
    last = [0]
    def call(conn, sender, path, iface, method, params, inv):
        if method == "Notify":
            app, replaces, icon, summary, body = params.unpack()[:5]
            nid = replaces or last[0] + 1
            last[0] = max(last[0], nid)
            log.write(json.dumps({"replaces": replaces, "id": nid, "summary": summary, "body": body}) + "\\n")
            log.flush()
            inv.return_value(GLib.Variant("(u)", (nid,)))
        elif method == "GetCapabilities":
            inv.return_value(GLib.Variant("(as)", (["body"],)))
        elif method == "GetServerInformation":
            inv.return_value(GLib.Variant("(ssss)", ("test", "mailtokit", "1", "1.2")))
        else:
            inv.return_value(None)
    node = Gio.DBusNodeInfo.new_for_xml(XML)
    def acquired(conn, name):
        conn.register_object("/org/freedesktop/Notifications", node.interfaces[0], call, None, None)
    def owned(conn, name):
        open(sys.argv[1] + ".ready", "w").close()
    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications", 0, acquired, owned, None)
    GLib.MainLoop().run()
""")


def notices(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def start_daemon(s: Session) -> Path:
    """The daemon started on the session's bus; returns its log once it owns the name."""
    log = s.root / "notifications.jsonl"
    s.spawn([sys.executable, "-c", DAEMON, str(log)], log=s.root / "daemon.log")
    wait_for(lambda: Path(str(log) + ".ready").exists() or None, 30, "the notification daemon")
    return log
