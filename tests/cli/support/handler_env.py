"""Shared by the handler tests: a private HOME for `mailtokit open` and a recorder program.

private_home() gives (tmp, home, env): a new temporary directory, the HOME inside it with its
XDG directories and an empty ~/.config/mailtokit, and an environment without the caller's XDG_*,
MAILTOKIT_CONFIG, TERMINAL and display variables, whose MAILTOKIT_TEST_RECORD is tmp/record and
whose DBUS_SESSION_BUS_ADDRESS names tmp/bus, where nothing listens: a desktop session always has
a bus, and `open` sends notifications (to the tests' notify-send stand-ins) only when there is one.
write_recorder(path, suffix) writes a program that records its argv, NUL-separated, atomically
to $MAILTOKIT_TEST_RECORD<suffix>."""
import os
import tempfile


def private_home():
    tmp = tempfile.mkdtemp()
    home = os.path.join(tmp, "home")
    env = dict(os.environ)
    for k in list(env):
        if k.startswith("XDG_") or k in ("MAILTOKIT_CONFIG", "TERMINAL", "DISPLAY", "WAYLAND_DISPLAY"):
            del env[k]
    env.update(HOME=home, XDG_CONFIG_HOME=home + "/.config", XDG_STATE_HOME=home + "/.local/state",
               XDG_DATA_HOME=home + "/.local/share")
    os.makedirs(home + "/.config/mailtokit")
    env["MAILTOKIT_TEST_RECORD"] = os.path.join(tmp, "record")
    env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + os.path.join(tmp, "bus")
    return tmp, home, env


def write_recorder(path, suffix=""):
    with open(path, "w") as f:
        f.write(f'#!/bin/sh\nout="$MAILTOKIT_TEST_RECORD{suffix}"\n: >"$out.partial"\n'
                'for a in "$0" "$@"; do printf \'%s\\0\' "$a" >>"$out.partial"; done\nmv "$out.partial" "$out"\n')
    os.chmod(path, 0o755)
