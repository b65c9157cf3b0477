#!/usr/bin/env python3
"""The Mail links window keeps what was typed (issue 47), driven through AT-SPI on a private X
desktop, as tests/gui/chooser_test.py drives it.

Usage: settings_typed_test.py /path/to/mailtokit

mailtokit is not registered and the desktop has one mail program (a stand-in entry, the default
through the real xdg-mime).
1. `mailtokit settings`: the window says, in words, that mailtokit is off and where mail links go
   meanwhile (the stand-in, unchecked), under the toggle; the choices are greyed: every radio
   button reports not sensitive once the window is usable.
2. The toggle ticked: the choices are sensitive at once and the note is gone. Roundcube chosen,
   "http://mail.example.org/" typed; the toggle unticked again: the radio buttons and the address
   field are greyed (not sensitive), the typed address still there, the note back.
3. Save (mailtokit still off): the window comes back with why (https), greyed, Roundcube still
   chosen and the address still in its field; nothing written.
4. Ticked, a bare host "mail.example.org" typed, unticked, Save: greyed choices are saved as
   shown, written as https://mail.example.org/, the program says how it read it; mailtokit stays
   off (nothing registered).
5. `target = Thunderbird-ESR 115` (not a name the window lists, nor a word): the window opens
   with it chosen, "as the configuration file says"; Save keeps it.

Screenshots (the window alone): settings-off-greyed.png, settings-on.png, settings-unticked.png,
settings-typed-again.png.
"""
import os
import sys
from pathlib import Path

import a11y

a11y.reexec_with_system_python()

from harness.checks import Checks  # noqa: E402
from harness.desktop import Desktop, system_share_without_mail, wait_exit  # noqa: E402
from harness.session import Session, wait_for  # noqa: E402
from harness.titles import exactly  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
RESULTS = Path(os.environ.get("MAILTOKIT_RESULTS", "desktop-results"))
RESULTS.mkdir(parents=True, exist_ok=True)
checks = Checks("settings keeps what was typed", show_passed=True)
check = checks.check
TITLE = "Mail links"
FIELD = "Your organization's Roundcube: its address"
TOGGLE = "Open mail links with mailtokit: it checks each link, then hands the draft to where mail goes"
OFF_NOTE = ("mailtokit is off: mail links go straight to Stand-in Mail, unchecked. The greyed choices below are "
            "kept as they are and saved, for when it is on again.")


def window(s, pyatspi, predicate, what):
    """The Mail links window's nodes once `predicate` holds and it can be used: focused as a
    window manager focuses a new window (Xvfb has none), then its buttons sensitive after a
    moment (issue 46)."""
    def ready(app, usable=False):
        nodes = list(a11y.walk(app))
        buttons = [n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and "showing" in a11y.states(pyatspi, n)]
        if usable and not any("sensitive" in a11y.states(pyatspi, b) for b in buttons):
            return None
        return nodes if buttons and predicate(nodes) else None
    a11y.find(pyatspi, "mailtokit-ask", ready, 30, what)
    s.activate(s.wait_window(exactly(TITLE), timeout=30))
    return a11y.find(pyatspi, "mailtokit-ask", lambda app: ready(app, True), 30, what + ", usable")


def labels(pyatspi, nodes):
    return [n.name for n in nodes if n.getRole() == pyatspi.ROLE_LABEL]


with Session("settings-typed", 1280, 800) as s:
    system_share_without_mail(s)
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    apps = s.home / ".local/share/applications"
    apps.mkdir(parents=True, exist_ok=True)
    (apps / "standin-mail.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Stand-in Mail\n"
        f'Exec="{d.recorder}" %u\nMimeType=x-scheme-handler/mailto;\n')
    s.run(["xdg-mime", "default", "standin-mail.desktop", "x-scheme-handler/mailto"])
    d.write_config("# mine\n")

    # ---- 1. off, and what links do meanwhile; the choices greyed -----------------------------
    p, log = d.start(["settings"])
    nodes = window(s, pyatspi, lambda n: any(x.name == TITLE and x.getRole() == pyatspi.ROLE_DIALOG for x in n),
                   "the Mail links window")
    dialog = [n for n in nodes if n.getRole() == pyatspi.ROLE_DIALOG][0]

    def now():
        return list(a11y.walk(dialog))

    def note_shown():
        return [n.name for n in now() if n.getRole() == pyatspi.ROLE_LABEL and n.name.startswith("mailtokit is off")
                and "showing" in a11y.states(pyatspi, n)]

    def radios_sensitive():
        return {r.name: "sensitive" in a11y.states(pyatspi, r) for r in a11y.of_role(pyatspi, now(), pyatspi.ROLE_RADIO_BUTTON)}

    def field():
        fields = [n for n in a11y.of_role(pyatspi, now(), pyatspi.ROLE_TEXT) if n.name == FIELD]
        return fields[0] if fields else None

    check(note_shown() == [OFF_NOTE], f"the window says what links do while mailtokit is off: {note_shown()}")
    toggle = a11y.named(a11y.of_role(pyatspi, nodes, pyatspi.ROLE_CHECK_BOX), TOGGLE)
    check("checked" not in a11y.states(pyatspi, toggle), "the toggle is off")
    grey = radios_sensitive()
    check(len(grey) >= 5 and not any(grey.values()),
          f"off: every radio button of both groups is greyed, though the window is usable: {grey}")
    win = s.wait_window(exactly(TITLE), timeout=30)
    s.screenshot(RESULTS / "settings-off-greyed.png", window=win)

    # ---- 2. ticked: free; a choice typed; unticked: greyed, kept ------------------------------
    a11y.press(toggle)
    wait_for(lambda: all(radios_sensitive().values()) or None, 15, "the radio buttons to become sensitive when ticked")
    check(note_shown() == [], f"ticked: the off note is gone: {note_shown()}")
    a11y.press(a11y.named(a11y.of_role(pyatspi, now(), pyatspi.ROLE_RADIO_BUTTON), "Your organization's Roundcube"))
    entry = wait_for(field, 15, "Roundcube's address field")
    entry.queryEditableText().setTextContents("http://mail.example.org/")
    wait_for(lambda: "sensitive" in a11y.states(pyatspi, field()) or None, 15, "the address field, sensitive")
    s.screenshot(RESULTS / "settings-on.png", window=win)
    a11y.press(toggle)
    wait_for(lambda: not any(radios_sensitive().values()) or None, 15, "the radio buttons greyed when unticked")
    entry = field()
    check(entry is not None and "sensitive" not in a11y.states(pyatspi, entry)
          and entry.queryText().getText(0, -1) == "http://mail.example.org/",
          "unticked: the address field is greyed and keeps what was typed")
    check(note_shown() == [OFF_NOTE], f"unticked: the note says what links do: {note_shown()}")
    chosen = [r.name for r in a11y.of_role(pyatspi, now(), pyatspi.ROLE_RADIO_BUTTON) if "checked" in a11y.states(pyatspi, r)]
    check("Your organization's Roundcube" in chosen, f"unticked: the choice stays as made: {chosen}")
    s.screenshot(RESULTS / "settings-unticked.png", window=win)

    # ---- 3. Save while off: an http: address: asked again, greyed, nothing lost ----------------
    save = a11y.named(a11y.of_role(pyatspi, now(), pyatspi.ROLE_PUSH_BUTTON), "Save")
    wait_for(lambda: "sensitive" in a11y.states(pyatspi, save) or None, 15, "Save to become sensitive")
    a11y.press(save)
    nodes = window(s, pyatspi, lambda n: any(x.getRole() == pyatspi.ROLE_LABEL and "https" in x.name for x in n),
                   "the window again, saying why")
    win = s.wait_window(exactly(TITLE), timeout=30)
    s.screenshot(RESULTS / "settings-typed-again.png", window=win)
    dialog = [n for n in nodes if n.getRole() == pyatspi.ROLE_DIALOG][0]
    radios = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_RADIO_BUTTON)
    chosen = [r.name for r in radios if "checked" in a11y.states(pyatspi, r)]
    check("Your organization's Roundcube" in chosen, f"Roundcube is still chosen: {chosen}")
    fields = [n for n in a11y.of_role(pyatspi, nodes, pyatspi.ROLE_TEXT) if n.name == FIELD]
    check(len(fields) == 1 and fields[0].queryText().getText(0, -1) == "http://mail.example.org/",
          "the typed address is still in its field")
    toggle = a11y.named(a11y.of_role(pyatspi, nodes, pyatspi.ROLE_CHECK_BOX), TOGGLE)
    check("checked" not in a11y.states(pyatspi, toggle) and not any(radios_sensitive().values()),
          "still off, the choices still greyed")
    check((s.home / ".config/mailtokit/config").read_text() == "# mine\n", "nothing was written")

    # ---- 4. a bare host, typed while on, saved while off: read as https, and said -------------
    a11y.press(toggle)
    wait_for(lambda: field() is not None and "sensitive" in a11y.states(pyatspi, field()) or None, 15,
             "the address field, sensitive when ticked")
    field().queryEditableText().setTextContents("mail.example.org")
    a11y.press(toggle)
    wait_for(lambda: not any(radios_sensitive().values()) or None, 15, "greyed again")
    save = a11y.named(a11y.of_role(pyatspi, now(), pyatspi.ROLE_PUSH_BUTTON), "Save")
    a11y.press(save)
    rc = wait_exit(p, 30, "Save with a bare host")
    cfg = (s.home / ".config/mailtokit/config").read_text()
    out = log.read_text("utf-8", "replace")
    check(rc == 0 and cfg == "# mine\ntarget = roundcube\nwebmail = https://mail.example.org/\n",
          f"greyed choices saved as shown, written as https://mail.example.org/: exit {rc}, {cfg!r}")
    check("mail.example.org was read as https://mail.example.org/." in out, f"and said: {out!r}")
    handler = s.run(["xdg-mime", "query", "default", "x-scheme-handler/mailto"]).stdout.strip()
    check(handler == "standin-mail.desktop", f"mailtokit stays off: mail links still go to {handler!r}")

    # ---- 5. a target the window does not list, not a word: shown, chosen, kept (issue 46) ----
    d.write_config("target = Thunderbird-ESR 115\n")
    p, log = d.start(["settings"])
    nodes = window(s, pyatspi, lambda n: any(x.name == TITLE and x.getRole() == pyatspi.ROLE_DIALOG for x in n),
                   "the Mail links window with a target it does not list")
    radios = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_RADIO_BUTTON)
    chosen = [r.name for r in radios if "checked" in a11y.states(pyatspi, r)]
    check(chosen[:1] == ["Thunderbird-ESR 115, as the configuration file says"], f"the value, chosen: {chosen}")
    dialog = [n for n in nodes if n.getRole() == pyatspi.ROLE_DIALOG][0]
    a11y.press(a11y.named(a11y.of_role(pyatspi, list(a11y.walk(dialog)), pyatspi.ROLE_PUSH_BUTTON), "Save"))
    rc = wait_exit(p, 30, "Save with the value kept")
    cfg = (s.home / ".config/mailtokit/config").read_text()
    check(rc == 0 and cfg == "target = Thunderbird-ESR 115\n", f"kept as the file says: exit {rc}, {cfg!r}")

checks.finish()
