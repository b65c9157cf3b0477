#!/usr/bin/env python3
"""mailtokit in the user's language (issue 24, "In the user's language").

Usage: i18n_test.py /path/to/mailtokit   (MAILTOKIT_BUILD_DIR: the build tree, whose locale/
holds the compiled catalogs; the catalogs themselves are read from po/ next to this tree)

With LANGUAGE=de, fr or es and a UTF-8 locale (C.UTF-8: glibc honours LANGUAGE there, so no
generated locale is needed), and MAILTOKIT_LOCALEDIR pointing at the build's catalogs:
- `mailtokit --help` is in that language: the program's description, CLI11's own "Usage" and
  "Options" headings, and an option's help, each the catalog's translation;
- a program error (`open --target nosuchprogram`) is translated while its code stays English
  ("error: usage: ...");
- the failure dialog (a recording zenity on a private PATH and a stand-in DISPLAY) has the
  translated title, reason and "What to do" line, and the failure notification (a recording
  notify-send, no display) the translated summary;
- the question before a risky draft, on a terminal (a pseudo-terminal as stdin, stdout and
  stderr), has the translated headline and prompt, and its keys still work (c cancels);
- the files in the question are in the language (mailtokit send --attach, the question file
  mailtokit-ask is given, answered Open with no file ticked);
- with LANG=C and no LANGUAGE everything stays English; JSON output (inspect --json, preview
  --format json) is byte-identical in every language.
The expected texts are looked up in po/<lang>.po by their English msgid, so the test checks that
the program shows the catalog's text, not a copy of it.
"""
import os
import shlex
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from terminal import run_on_terminal  # noqa: E402
from harness.checks import Checks  # noqa: E402
from harness import titles  # noqa: E402
from harness.desktop import home_env, write_config  # noqa: E402
from harness.links import BCC_INVOICE  # noqa: E402
from harness.record import read, write_recorder  # noqa: E402

PROG = os.path.realpath(sys.argv[1])
BUILD = Path(os.environ.get("MAILTOKIT_BUILD_DIR", Path(PROG).parent.parent))
LOCALEDIR = BUILD / "locale"
PO_DIR = Path(__file__).resolve().parent.parent.parent / "po"
LANGS = ["de", "fr", "es"]
checks = Checks("i18n_test", show_passed=True)
check = checks.check


def catalog(lang):
    """msgid -> msgstr (singular entries) of po/<lang>.po."""
    text = (PO_DIR / f"{lang}.po").read_text(encoding="utf-8")
    out = {}
    for block in text.split("\n\n"):
        if "msgid_plural" in block:
            continue
        m = re.search(r'^msgid ((?:".*"\n?)+)msgstr ((?:".*"\n?)+)', block, re.M)
        if not m:
            continue

        def unq(s):
            text = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', s))
            return re.sub(r"\\(.)", lambda e: {"n": "\n", "t": "\t"}.get(e.group(1), e.group(1)), text)
        out[unq(m.group(1))] = unq(m.group(2))
    return out


def env_for(lang, home, extra=None, path=None):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("LC_") and k not in ("LANG", "LANGUAGE", "DISPLAY", "WAYLAND_DISPLAY",
                                                    "XDG_CURRENT_DESKTOP", "KDE_FULL_SESSION")}
    env.update({**home_env(home), "MAILTOKIT_LOCALEDIR": str(LOCALEDIR)})
    env.pop("MAILTOKIT_CONFIG", None)
    if lang is None:
        env["LANG"] = "C"
    else:
        env["LANG"] = "C.UTF-8"
        env["LANGUAGE"] = lang
    if path is not None:
        env["PATH"] = path
    env.update(extra or {})
    return env


def run(args, env, stdin=subprocess.DEVNULL):
    p = subprocess.run([PROG] + args, env=env, stdin=stdin, capture_output=True, timeout=60)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def recorder(bindir, name, answer_status=0):
    """A stand-in for `name` that writes its arguments (each ended by a NUL byte) to
    <bindir>/<name>.args, atomically, and exits `answer_status`."""
    out = bindir / f"{name}.args"
    write_recorder(bindir / name, shlex.quote(str(out)), status=answer_status, argv0=False)
    return out


def wait_file(path, timeout=30):
    """The lines of `path` once it exists (the recorders are started detached)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if path.exists():
            return read(path)
        time.sleep(0.05)
    return None


def on_terminal(args, env, answer, prompt, timeout=20):
    """Run mailtokit on a pseudo-terminal; type `answer` once `prompt` is shown. Returns (exit
    code, everything the terminal showed); None for a program still running after `timeout`."""
    rc, shown, timed_out = run_on_terminal([PROG] + args, env, prompt.encode(), [answer], timeout)
    return (None if timed_out else rc), shown


for d in LANGS:
    check((LOCALEDIR / d / "LC_MESSAGES" / "mailtokit.mo").is_file(), f"{d}: the build compiled the catalog")

with tempfile.TemporaryDirectory() as tmp:
    home = Path(tmp) / "home"
    home.mkdir()

    # ---- English: LANG=C and no LANGUAGE ----
    rc, out, _ = run(["--help"], env_for(None, home))
    check(rc == 0 and "Usage: mailtokit" in out and "Options:" in out and
          "turn mailto: links into safe, correct draft emails" in out, "C: --help is English")
    rc, _, err = run(["open", "--no-notify", "--target", "nosuchprogram", "mailto:a@b.org"], env_for(None, home))
    check(rc == 64 and err.startswith("error: usage: unknown target 'nosuchprogram' for --target"),
          f"C: the error is English ({err[:80]!r})")

    json_outputs = {}
    link = "mailto:admin@example.org?subject=Invoice&bcc=x@evil.example&body=Hello%20there"
    json_outputs[None] = [run(["inspect", "--json", link], env_for(None, home))[1],
                          run(["preview", "--format", "json", link], env_for(None, home))[1]]
    check(all(j.startswith("{") for j in json_outputs[None]), "C: inspect --json and preview json print JSON")

    for lang in LANGS:
        cat = catalog(lang)
        env = env_for(lang, home)

        # ---- --help ----
        rc, out, _ = run(["--help"], env)
        desc = cat["mailtokit: turn mailto: links into safe, correct draft emails, and back.\n"
                   "A bare `mailtokit URI` is `mailtokit open URI`."].split("\n")[0]
        usage = cat["Usage"] + ": mailtokit"
        options = "\n" + cat["Options"] + ":\n"
        check(rc == 0 and desc in out and usage in out and options in out and "Usage:" not in out,
              f"{lang}: --help is translated (description, '{cat['Usage']}', '{cat['Options']}')")
        rc, out, _ = run(["open", "--help"], env)
        check(rc == 0 and cat["wait for the client to exit (and return 69 if it fails)"] in out and
              "wait for the client to exit" not in out, f"{lang}: open --help gives the options' help translated")

        # ---- a program error: the sentence translated, the code English ----
        rc, _, err = run(["open", "--no-notify", "--target", "nosuchprogram", "mailto:a@b.org"], env)
        want = cat["unknown target '{0}' for --target"].replace("{0}", "nosuchprogram")
        check(rc == 64 and err.startswith("error: usage: " + want),
              f"{lang}: the error is translated, its code English ({err[:100]!r})")
        rc, _, err = run(["batch", "-j"], env)
        check(rc == 64 and err.startswith("error: usage: " + cat["{0} needs a value"].replace("{0}", "--jobs") + "\n"),
              f"{lang}: a parse error of the command line is said in {lang} ({err[:100]!r})")
        rc, _, err = run(["frobnicate"], env)
        check(rc == 64 and err.startswith("error: unknown_command: " +
                                          cat["unknown command '{0}'"].replace("{0}", "frobnicate")),
              f"{lang}: an unknown command is said in {lang} ({err[:100]!r})")

        # ---- the failure dialog (zenity on a stand-in display) ----
        bindir = Path(tmp) / f"bin-{lang}"
        bindir.mkdir()
        zen = recorder(bindir, "zenity")
        path = f"{bindir}:/usr/bin:/bin"
        rc, _, err = run(["open", "--no-notify", "--target", "nosuchprogram", "mailto:a@b.org"],
                         env_for(lang, home, {"DISPLAY": ":97", "XDG_CURRENT_DESKTOP": "GNOME"}, path))
        args = wait_file(zen)
        title = "--title=" + cat[titles.FAILURE_TEXT]
        text = next((a for a in (args or []) if a.startswith("--text=")), "")
        what_to_do = cat["What to do: {0}"].replace("{0}", "")
        check(rc == 64 and args is not None and "--error" in args and title in args and want in text and
              what_to_do in text, f"{lang}: the failure dialog is translated ({args})")
        zen.unlink(missing_ok=True)

        # ---- the failure notification (no display) ----
        ns = recorder(bindir, "notify-send")
        # A session bus, as a desktop has (nothing listens there; the stand-in needs none).
        rc, _, _ = run(["open", "--target", "nosuchprogram", "mailto:a@b.org"],
                       env_for(lang, home, {"DBUS_SESSION_BUS_ADDRESS": f"unix:path={tmp}/bus"}, path))
        args = wait_file(ns)
        check(rc == 64 and args is not None and cat[titles.FAILURE_TEXT] in args and
              any(want in a for a in args), f"{lang}: the failure notification is translated ({args})")

        # ---- a repaired link's notification: plain words in the language, no code or RFC ----
        ns.unlink(missing_ok=True)
        nhome = Path(tmp) / f"home-notice-{lang}"
        write_config(nhome / ".config", "target = custom\ncommand = /bin/true %u\n")
        rc, _, _ = run(["open", "--wait", "mailto:a@b.org?subject=100%&x-custom=1&body=a%0Ab%01"],
                       env_for(lang, nhome, {"DBUS_SESSION_BUS_ADDRESS": f"unix:path={tmp}/bus"}, path))
        args = wait_file(ns)
        body = args[-1] if args else ""
        want_lines = [cat["The link was not written quite correctly; mailtokit read it the way it was evidently meant."],
                      cat["{0}: control characters were removed."].replace("{0}", cat["Message text"])]
        check(rc == 0 and args is not None and cat["mailtokit changed or flagged this link"] in args and
              all(w in body for w in want_lines) and
              not any(w in body for w in ("RFC", "note:", "percent", "CRLF", "written %25")),
              f"{lang}: a repaired link's notification is in plain {lang} ({body!r})")

        # ---- the files in the question (mailtokit-ask's input; answered Open, no file ticked) ----
        doc = home / "report.txt"
        doc.write_text("report\n")
        rc, _, err = run(["send", "--dry-run", "--no-notify", "--target", "eml", "--attach", str(doc), "a@b.org"],
                         env_for(lang, home, {"DISPLAY": ":97", "XDG_CURRENT_DESKTOP": "GNOME"}, path))
        # --dry-run attaches nothing and asks nothing: the refusal is said in the user's language.
        check(cat["--dry-run attaches nothing"] in err, f"{lang}: a file not attached is said in {lang} ({err[-160:]!r})")
        recorder(bindir, "xdg-open")  # the eml target's opener: recorded, nothing opens
        window = bindir / "ask-window"  # keeps the question it is given, answers Open
        write_recorder(window, shlex.quote(str(bindir / "ask")), copy="first", answer="open\n")  # the question: ask.text
        rc, _, err = run(["send", "--no-notify", "--target", "eml", "--attach", str(doc), "a@b.org"],
                         env_for(lang, home, {"DISPLAY": ":97", "XDG_CURRENT_DESKTOP": "GNOME",
                                              "MAILTOKIT_ASK": str(window)}, path))
        question = (bindir / "ask.text").read_text("utf-8") if wait_file(bindir / "ask") is not None else ""
        advice = cat["A link in a web page or a message must never send your files: choose a file only if you asked "
                     "to send it yourself. A file you do not choose is not attached."]
        check(bool(question) and advice in question and "\n" + cat["Open"] + "\n" in question and
              cat["in {0}, {1}, {2}"].split("{0}")[0] in question,
              f"{lang}: the files in the question are said in {lang} ({(question or '')[:300]!r})")
        check(rc == 0 and cat["you did not choose to attach it"] in err,
              f"{lang}: a file left unticked is told in {lang} ({err[-200:]!r})")

        # ---- the question on a terminal: headline, prompt, keys ----
        qhome = Path(tmp) / f"q-{lang}"
        rec = recorder(bindir, "mua")
        write_config(qhome / ".config", f'target = custom\ncommand = "{bindir}/mua" %u\nnotify = no\n')
        qenv = env_for(lang, qhome, {"TERM": "dumb"})
        prompt = cat["Your answer ({0}, d for details, Enter for {1}): "].split("{0}")[0]
        rc, shown = on_terminal(["open", BCC_INVOICE], qenv, b"c\n",
                                prompt)
        plural = re.search(r'msgid "This link would send a hidden copy to \{1\}"\nmsgid_plural "[^"]*"\n'
                           r'msgstr\[0\] "([^"]*)"', (PO_DIR / f"{lang}.po").read_text(encoding="utf-8"))
        headline = plural.group(1).replace("{1}", "x@evil.example") if plural else "(not in the catalog)"
        check(rc == 0 and headline in shown and prompt in shown and not rec.exists() and
              "This link would send" not in shown,
              f"{lang}: the question on a terminal is in {lang}, and c cancels ({shown[-300:]!r})")

        # ---- status: each label ends in one colon, even one that ends in "mailto:" (issue 47) ----
        rc, out, _ = run(["status"], env)
        doubled = [line for line in out.splitlines() if "::" in line.split("  ")[0]]
        check(rc == 0 and out and not doubled, f"{lang}: status labels end in one colon: {doubled}")
        # ... and every value starts in one column, however long the translated labels are.
        # (a label may hold a colon of its own, "mailto:", and a value too: a column every line may
        # start its value at, after a colon and spaces)
        lines = [line for line in out.splitlines() if line.strip()]
        starts = set.intersection(*({m.end() for m in re.finditer(r":\s+", line)} for line in lines)) if lines else set()
        check(len(starts) >= 1, f"{lang}: status values start in one column: {lines}")

        # ---- JSON is the same in every language ----
        json_outputs[lang] = [run(["inspect", "--json", link], env)[1],
                              run(["preview", "--format", "json", link], env)[1]]
        check(json_outputs[lang] == json_outputs[None], f"{lang}: inspect --json and preview json are unchanged")

checks.finish()
