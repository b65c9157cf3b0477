#!/usr/bin/python3
"""Send a file by email through the Email portal, as a sandboxed application's toolkit does
(parent window "", the options address, subject, body and attachment_fds, an `ah` of indices
into the message's Unix fd list, and a handle_token so the Request object's path is known
before the call; libportal's xdp_portal_compose_email sends the same, its recipients as the
newer `addresses` list). Run with the system
Python (python3-gi): portal_caller.py ADDRESS SUBJECT BODY FILE...

Prints one JSON object: the Request handle and the Response's code (0: the backend handled the
request). Exits 0 when the portal answered, 1 when the call failed or no answer came in 60 s.
"""
import json
import os
import sys

from gi.repository import Gio, GLib

address, subject, body, *files = sys.argv[1:]
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
token = f"mailtokit{os.getpid()}"
sender = bus.get_unique_name().lstrip(":").replace(".", "_")
request_path = f"/org/freedesktop/portal/desktop/request/{sender}/{token}"
loop = GLib.MainLoop()
answer = {}


def on_response(_conn, _sender, _path, _iface, _signal, params):
    answer["response"] = params.unpack()[0]
    loop.quit()


bus.signal_subscribe("org.freedesktop.portal.Desktop", "org.freedesktop.portal.Request", "Response",
                     request_path, None, Gio.DBusSignalFlags.NONE,
                     on_response)
fds = Gio.UnixFDList.new()
handles = []
for f in files:
    fd = os.open(f, os.O_RDONLY | os.O_CLOEXEC)  # the app's own descriptor; the portal gets a copy
    handles.append(fds.append(fd))
    os.close(fd)
options = {
    "handle_token": GLib.Variant("s", token),
    "address": GLib.Variant("s", address),
    "subject": GLib.Variant("s", subject),
    "body": GLib.Variant("s", body),
    "attachment_fds": GLib.Variant("ah", handles),
}
try:
    reply, _ = bus.call_with_unix_fd_list_sync(
        "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Email",
        "ComposeEmail", GLib.Variant("(sa{sv})", ("", options)), GLib.VariantType("(o)"),
        Gio.DBusCallFlags.NONE, 120000, fds, None)
except GLib.Error as e:
    print(json.dumps({"error": e.message}))
    sys.exit(1)
handle = reply.unpack()[0]
GLib.timeout_add_seconds(60, loop.quit)
loop.run()
print(json.dumps({"handle": handle, "expected_handle": request_path, **answer}))
sys.exit(0 if "response" in answer else 1)
