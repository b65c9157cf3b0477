#!/usr/bin/env python3
"""Where mail goes, chosen without a text editor (issue 37): the first click's chooser and the
"Mail links" window, driven through AT-SPI as a screen reader's user drives them, on a private X
desktop.

Usage: chooser_test.py /path/to/mailtokit

The desktop has no mail program's desktop entry (a browser user's desktop: XDG_DATA_DIRS holds
only the icon theme, the MIME database and GSettings' schemas), a stand-in browser entry (the
default for https through the real xdg-mime, recording what it is given), and the mail programs
of this machine's PATH. `mailtokit register` finds no handler before it, and `mailtokit status`
says that the next click asks.

1. A first click (`mailtokit open`, no terminal) shows the chooser in mailtokit-ask: a dialog
   named by its title, a heading, a list named "Where mail links go" with a radio button per place
   `mailtokit use` lists here (programs, webmails, organizations' webmails, a draft file), none
   checked; "Use this" not sensitive. Return, then Escape: nothing opens, nothing is written, the
   draft is kept and the user told.
2. The second click asks again. "Your organization's Roundcube" is chosen through its AT-SPI
   action; its address field (named "Your organization's Roundcube: its address") appears and
   "Use this" stays insensitive until an address is typed. A plain http: address is asked again
   with why (https); an https: one is written (`target = roundcube`, `webmail = ...`, the other
   lines kept) and the browser gets Roundcube's compose link for the draft.
3. The third click asks nothing: the browser gets the link.
4. `mailtokit settings` (the menu entry's command): a dialog "Mail links", a check box "Open mail
   links with mailtokit ..." checked (registered), Roundcube chosen with its address in its field,
   "Before a link that could do harm" chosen. Gmail, "Before every link" and the check box off,
   then Save: the configuration says gmail and always, and mailtokit is no longer the handler
   (the real xdg-mime says so). Again with the box on and "The mail program you had before":
   registered again, the target line gone. Escape changes nothing. Under LANGUAGE=de the window
   is German (its title, heading, places and buttons).

Screenshots: chooser-first.png, chooser-address-again.png, settings.png (the window alone; it is
desktop/mail-links.png), settings-de.png.
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
checks = Checks("chooser", show_passed=True)
check = checks.check

CHOOSER_TITLE = "mailtokit: where should mail links go?"
SETTINGS_TITLE = "Mail links"
LINK = "mailto:jane@example.org?subject=Caf%C3%A9%20%26%20cake&body=See%20you%20at%203%2B4"


def read_window(pyatspi, s, title: str):
    """(dialog, nodes) once mailtokit-ask shows the window titled `title` with its buttons."""
    global last_window
    last_window = s.wait_window(exactly(title), timeout=30)
    s.activate(last_window)

    def ready(app):
        nodes = list(a11y.walk(app))
        dialogs = [n for n in nodes if n.getRole() == pyatspi.ROLE_DIALOG and n.name == title]
        buttons = [n for n in nodes if n.getRole() == pyatspi.ROLE_PUSH_BUTTON and "showing" in a11y.states(pyatspi, n)]
        # Usable after a moment (issue 46): a button sensitive (Cancel; "Use this" waits for a choice).
        usable = any("sensitive" in a11y.states(pyatspi, b) for b in buttons)
        return (dialogs[0], nodes) if dialogs and buttons and usable else None
    return a11y.find(pyatspi, "mailtokit-ask", ready, 30, f"the window {title!r} and its buttons")


last_window = ""  # the X window read_window() found last


def config_text(d: Desktop) -> str:
    return d.config.read_text("utf-8") if d.config.exists() else ""


def listed_by_use(s, d: Desktop) -> int:
    """How many places `mailtokit use` lists on this desktop."""
    out = s.run([PROG, "use"], env=d.env).stdout
    return sum(1 for line in out.splitlines() if line.startswith(("  ", "* ")) and line.strip() != "(none)")


def mailto_default(s) -> str:
    return s.run(["xdg-mime", "query", "default", "x-scheme-handler/mailto"], check=False).stdout.strip()


with Session("chooser", 1280, 800) as s:
    # A browser user's desktop: no mail program's entry anywhere XDG_DATA_DIRS points.
    system_share_without_mail(s)
    pyatspi = a11y.enable(s)
    d = Desktop(s, PROG)
    apps = s.home / ".local/share/applications"
    apps.mkdir(parents=True, exist_ok=True)
    (apps / "fakebrowser.desktop").write_text(
        "[Desktop Entry]\nType=Application\nName=Fake Browser\n"
        f'Exec="{d.recorder}" %u\nMimeType=x-scheme-handler/https;x-scheme-handler/http;\n')
    s.run(["xdg-mime", "default", "fakebrowser.desktop", "x-scheme-handler/https"])
    d.write_config("# my settings\nnotify = no\n")
    reg = s.run([PROG, "register"], env=d.env)
    check("previous:     (none)" in reg.stdout, f"register finds no mail program before it: {reg.stdout!r}")
    expected_places = listed_by_use(s, d)
    status = s.run([PROG, "status"], env=d.env).stdout
    check("the next mail link asks where mail goes" in status, f"status says the next click asks: {status!r}")

    # ---- 1. the first click: the chooser; Return and Escape choose nothing --------------------
    p, log = d.start(["open", LINK])
    dialog, nodes = read_window(pyatspi, s, CHOOSER_TITLE)
    s.screenshot(RESULTS / "chooser-first.png")
    headings = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_HEADING)
    check([h.name for h in headings] == ["Where do you write your mail?"], f"one heading: {[h.name for h in headings]}")
    lists = [n for n in nodes if n.getRole() == pyatspi.ROLE_LIST and n.name == "Where mail links go"]
    check(len(lists) == 1, "the places are in a list named 'Where mail links go'")
    radios = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_RADIO_BUTTON)
    names = [r.name for r in radios]
    check(len(radios) == expected_places and expected_places > 15,
          f"a radio button per place `mailtokit use` lists ({expected_places}): {names}")
    for name in ("Gmail, in your browser", "Outlook.com, in your browser", "Your organization's Roundcube",
                 "Your organization's Nextcloud Mail", "Save the draft as a file"):
        check(name in names, f"the chooser offers {name!r}")
    check(not any("mailtokit" in n.lower() for n in names), "mailtokit does not offer itself")
    check(all("checked" not in a11y.states(pyatspi, r) for r in radios), "no place is chosen to start")
    buttons = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_PUSH_BUTTON)
    check([b.name for b in buttons] == ["Cancel", "Use this"], f"the buttons: {[b.name for b in buttons]}")
    use = a11y.named(buttons, "Use this")
    check("sensitive" not in a11y.states(pyatspi, use), "'Use this' cannot be pressed before a place is chosen")
    check(not a11y.of_role(pyatspi, nodes, pyatspi.ROLE_TEXT), "no address field shows before its place is chosen")
    s.key(None, "Return")
    s.key(None, "Escape")
    rc = wait_exit(p, 30, "the chooser after Return and Escape")
    told = log.read_text("utf-8", "replace")
    check(rc == 0 and "nothing was chosen, so nothing was opened; the draft is kept in" in told,
          f"Escape: exit {rc}, the user told: {told.strip()!r}")
    check(d.recorded("recorder") == [], f"nothing was opened: {d.recorded('recorder')}")
    check(config_text(d) == "# my settings\nnotify = no\n", f"nothing was written: {config_text(d)!r}")
    check(len(d.kept_drafts()) == 1, "the draft is kept")

    # ---- 2. the second click: an organization's webmail, its address asked again --------------
    d.clear()
    p, log = d.start(["open", LINK])
    dialog, nodes = read_window(pyatspi, s, CHOOSER_TITLE)
    a11y.press(a11y.named(a11y.of_role(pyatspi, nodes, pyatspi.ROLE_RADIO_BUTTON), "Your organization's Roundcube"))
    field_name = "Your organization's Roundcube: its address"

    def field():
        fields = [n for n in a11y.of_role(pyatspi, list(a11y.walk(dialog)), pyatspi.ROLE_TEXT) if n.name == field_name]
        return fields[0] if fields else None
    entry = wait_for(field, 15, "the address field of Roundcube")
    use = a11y.named(a11y.of_role(pyatspi, list(a11y.walk(dialog)), pyatspi.ROLE_PUSH_BUTTON), "Use this")
    check("sensitive" not in a11y.states(pyatspi, use), "'Use this' waits for the address")
    entry.queryEditableText().setTextContents("http://mail.example.org/")
    wait_for(lambda: "sensitive" in a11y.states(pyatspi, use) or None, 15, "'Use this' to become sensitive")
    a11y.press(use)
    # Asked again, with why.
    def asked_again(app):
        nodes = list(a11y.walk(app))
        labels = [n.name for n in nodes if n.getRole() == pyatspi.ROLE_LABEL and "https" in n.name]
        return nodes if labels else None
    nodes = a11y.find(pyatspi, "mailtokit-ask", asked_again, 30, "the chooser again, saying why")
    s.activate(s.wait_window(exactly(CHOOSER_TITLE), timeout=30))  # as a window manager focuses it

    def usable_again(app):
        found = asked_again(app)
        return found if found and any("sensitive" in a11y.states(pyatspi, n) for n in found
                                      if n.getRole() == pyatspi.ROLE_PUSH_BUTTON) else None
    nodes = a11y.find(pyatspi, "mailtokit-ask", usable_again, 30, "the chooser again, usable")
    s.screenshot(RESULTS / "chooser-address-again.png")
    check(config_text(d) == "# my settings\nnotify = no\n", "the http: address was not written")
    dialog = [n for n in nodes if n.getRole() == pyatspi.ROLE_DIALOG][0]
    a11y.press(a11y.named(a11y.of_role(pyatspi, nodes, pyatspi.ROLE_RADIO_BUTTON), "Your organization's Roundcube"))
    entry = wait_for(field, 15, "the address field of Roundcube, again")
    entry.queryEditableText().setTextContents("https://mail.example.org/")
    use = a11y.named(a11y.of_role(pyatspi, list(a11y.walk(dialog)), pyatspi.ROLE_PUSH_BUTTON), "Use this")
    wait_for(lambda: "sensitive" in a11y.states(pyatspi, use) or None, 15, "'Use this' to become sensitive")
    a11y.press(use)
    rc = wait_exit(p, 30, "the chooser's Use this")
    cfg = config_text(d)
    check(rc == 0 and cfg == "# my settings\nnotify = no\ntarget = roundcube\nwebmail = https://mail.example.org/\n",
          f"the choice is written, the rest kept: exit {rc}, {cfg!r}")
    got = d.recorded("recorder")
    # Roundcube's compose link takes the clean mail link whole in _to (handler/clients/WEBMAIL.md).
    check(len(got) == 1 and got[0][-1].startswith("https://mail.example.org/?_task=mail&_action=compose&_to=mailto%3A"
                                                  "jane%40example.org%3Fsubject%3DCaf%25C3%25A9")
          and "3%252B4" in got[0][-1], f"the browser got Roundcube's compose link for the draft: {got}")

    # ---- 3. the third click asks nothing ---------------------------------------------------
    d.clear()
    p, log = d.start(["open", LINK])
    rc = wait_exit(p, 30, "the third click")
    got = d.recorded("recorder")
    check(rc == 0 and len(got) == 1 and got[0][-1].startswith("https://mail.example.org/?_task=mail"),
          f"the third click goes straight to Roundcube: exit {rc}, {got}")

    # ---- 4. the Mail links window ----------------------------------------------------------
    p, log = d.start(["settings"])
    dialog, nodes = read_window(pyatspi, s, SETTINGS_TITLE)
    s.screenshot(RESULTS / "settings.png", window=last_window)
    boxes = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_CHECK_BOX)
    check(len(boxes) == 1 and boxes[0].name.startswith("Open mail links with mailtokit")
          and "checked" in a11y.states(pyatspi, boxes[0]), f"the handler's check box, checked: {[b.name for b in boxes]}")
    lists = {n.name for n in nodes if n.getRole() == pyatspi.ROLE_LIST}
    check({"Where mail goes", "When to ask"} <= lists, f"two lists named by their headings: {lists}")
    radios = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_RADIO_BUTTON)
    chosen = [r.name for r in radios if "checked" in a11y.states(pyatspi, r)]
    check(chosen == ["Your organization's Roundcube", "Before a link that could do harm (recommended)"],
          f"the current choices are chosen: {chosen}")
    fields = [n for n in a11y.of_role(pyatspi, nodes, pyatspi.ROLE_TEXT) if n.name == field_name]
    check(len(fields) == 1 and fields[0].queryText().getText(0, -1) == "https://mail.example.org/",
          "Roundcube's address is in its field")
    save = a11y.named(a11y.of_role(pyatspi, nodes, pyatspi.ROLE_PUSH_BUTTON), "Save")
    check("sensitive" in a11y.states(pyatspi, save), "Save can be pressed")
    a11y.press(a11y.named(radios, "Gmail, in your browser"))
    a11y.press(a11y.named(radios, "Before every link"))
    a11y.press(boxes[0])
    wait_for(lambda: "checked" not in a11y.states(pyatspi, boxes[0]) or None, 15, "the check box to go off")
    a11y.press(save)
    rc = wait_exit(p, 30, "the Mail links window's Save")
    cfg = config_text(d)
    check(rc == 0 and "target = gmail\n" in cfg and "confirm = always\n" in cfg and cfg.startswith("# my settings\n"),
          f"Save wrote gmail and always, the rest kept: exit {rc}, {cfg!r}")
    check(mailto_default(s) != "mailtokit-handler.desktop", f"mailtokit is no longer the handler: {mailto_default(s)!r}")

    p, log = d.start(["settings"])
    dialog, nodes = read_window(pyatspi, s, SETTINGS_TITLE)
    boxes = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_CHECK_BOX)
    check(boxes and "checked" not in a11y.states(pyatspi, boxes[0]), "the check box shows mailtokit off")
    radios = a11y.of_role(pyatspi, nodes, pyatspi.ROLE_RADIO_BUTTON)
    before = a11y.named(radios, "The mail program you had before, else the first one found")
    # While mailtokit is off the choices are greyed (issue 47): on first, then the choice.
    check("sensitive" not in a11y.states(pyatspi, before), "mailtokit off: the choices are greyed")
    a11y.press(boxes[0])
    wait_for(lambda: "checked" in a11y.states(pyatspi, boxes[0]) or None, 15, "the check box to go on")
    wait_for(lambda: "sensitive" in a11y.states(pyatspi, before) or None, 15, "the choices to be free again")
    a11y.press(before)
    wait_for(lambda: "checked" in a11y.states(pyatspi, before) or None, 15, "the choice to be made")
    a11y.press(a11y.named(a11y.of_role(pyatspi, nodes, pyatspi.ROLE_PUSH_BUTTON), "Save"))
    rc = wait_exit(p, 30, "the Mail links window's Save, again")
    cfg = config_text(d)
    check(rc == 0 and "target" not in cfg and "confirm = always\n" in cfg, f"no target line any more: {cfg!r}")
    check(mailto_default(s) == "mailtokit-handler.desktop", f"mailtokit is the handler again: {mailto_default(s)!r}")

    before = config_text(d)
    p, log = d.start(["settings"])
    read_window(pyatspi, s, SETTINGS_TITLE)
    s.key(None, "Escape")
    rc = wait_exit(p, 30, "the Mail links window's Escape")
    check(rc == 0 and config_text(d) == before and "Nothing was changed." in log.read_text("utf-8", "replace"),
          "Escape changes nothing")

    # ---- in German: the same window in the user's language ----------------------------------
    german = {"LANGUAGE": "de", "LANG": "C.UTF-8", "LC_ALL": "",
              "MAILTOKIT_LOCALEDIR": os.environ["MAILTOKIT_BUILD_DIR"] + "/locale"}
    p, log = d.start(["settings"], env=german)
    dialog, nodes = read_window(pyatspi, s, "Mail-Links")
    s.screenshot(RESULTS / "settings-de.png", window=last_window)
    headings = [h.name for h in a11y.of_role(pyatspi, nodes, pyatspi.ROLE_HEADING)]
    buttons = [b.name for b in a11y.of_role(pyatspi, nodes, pyatspi.ROLE_PUSH_BUTTON)]
    radios = [r.name for r in a11y.of_role(pyatspi, nodes, pyatspi.ROLE_RADIO_BUTTON)]
    check(headings == ["Wie Mail-Links geöffnet werden"] and buttons == ["Abbrechen", "Speichern"]
          and "Gmail, in Ihrem Browser" in radios and "Vor jedem Link" in radios,
          f"the window in German: {headings} {buttons} {radios[-4:]}")
    s.key(None, "Escape")
    rc = wait_exit(p, 30, "the German window's Escape")
    check(rc == 0 and "Nichts wurde geändert." in log.read_text("utf-8", "replace"), "Escape, in German too")

checks.finish()
