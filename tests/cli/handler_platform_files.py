#!/usr/bin/env python3
"""The registration files that cannot run here, checked as what they are.

desktop/mailtokit.desktop: desktop-file-validate. desktop/macos/Info.plist: xmllint (well-formed)
and Python's plistlib (a real property-list parser): it declares the mailto URL scheme.
desktop/windows/mailtokit.reg: the regedit text format (header, CRLF, sections, string escapes)
parsed here, every key under HKEY_CURRENT_USER, and the open command split with the Windows
command-line rules (CommandLineToArgvW) into exactly [mailtokit.exe, "open", "%1"].
Usage: handler_platform_files.py /path/to/mailtokit (unused).
"""
import os
import plistlib
import subprocess

from harness.checks import Checks  # noqa: E402

root = os.path.join(os.environ["MAILTOKIT_TEST_DATA"], "..", "..", "desktop")
checks = Checks("handler_platform_files")
check = checks.check


# --- the freedesktop entries: the handler, and the "Mail links" menu entry ---
for name in ("mailtokit.desktop", "mailtokit-settings.desktop"):
    p = subprocess.run(["desktop-file-validate", os.path.join(root, name)], capture_output=True, text=True)
    check(p.returncode == 0 and not p.stdout.strip(), f"desktop-file-validate {name}: {p.stdout}{p.stderr}")
# The menu entry starts the window, and is named in the languages the program speaks.
with open(os.path.join(root, "mailtokit-settings.desktop"), encoding="utf-8") as f:
    entry = f.read()
check("\nExec=mailtokit settings\n" in entry, "mailtokit-settings.desktop: Exec=mailtokit settings")
# Its action opens the list of mail links that waited (mailtokit-waiting(1)).
check("\nActions=waiting;\n" in entry and "\n[Desktop Action waiting]\n" in entry
      and "\nExec=mailtokit waiting --window\n" in entry, "mailtokit-settings.desktop: the action Mail links that waited")
for lang in ("de", "es", "fr"):
    check(f"\nName[{lang}]=" in entry and f"\nComment[{lang}]=" in entry, f"mailtokit-settings.desktop: Name[{lang}], Comment[{lang}]")

# --- macOS ---
plist_path = os.path.join(root, "macos", "Info.plist")
p = subprocess.run(["xmllint", "--noout", plist_path], capture_output=True, text=True)
check(p.returncode == 0, f"xmllint: {p.stderr}")
with open(plist_path, "rb") as f:
    info = plistlib.load(f)
check(info.get("CFBundlePackageType") == "APPL", "CFBundlePackageType")
check(info.get("CFBundleIdentifier", "").count(".") >= 2, "CFBundleIdentifier")
check(bool(info.get("CFBundleExecutable")), "CFBundleExecutable")
types = info.get("CFBundleURLTypes", [])
check(len(types) == 1 and types[0].get("CFBundleURLSchemes") == ["mailto"], f"CFBundleURLTypes: {types}")
check(types and types[0].get("CFBundleTypeRole") in ("Viewer", "Editor"), "CFBundleTypeRole")

# --- Windows ---
with open(os.path.join(root, "windows", "mailtokit.reg"), "rb") as f:
    raw = f.read()
check(raw.isascii(), "the .reg file is not ASCII")
check(raw.startswith(b"Windows Registry Editor Version 5.00\r\n"), "the .reg header")
check(b"\n" not in raw.replace(b"\r\n", b""), "a line end that is not CRLF")
text = raw.decode("ascii")


def reg_string(s, where):
    # "..." with \\ and \" escapes (regedit's REG_SZ syntax).
    check(len(s) >= 2 and s[0] == '"' and s[-1] == '"', f"{where}: not a quoted string: {s!r}")
    out, i, body = [], 0, s[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\":
            check(i + 1 < len(body) and body[i + 1] in '\\"', f"{where}: bad escape in {s!r}")
            out.append(body[i + 1])
            i += 2
            continue
        check(c != '"', f"{where}: unescaped quote in {s!r}")
        out.append(c)
        i += 1
    return "".join(out)


keys = {}
section = None
for n, line in enumerate(text.split("\r\n")[1:], start=2):
    if not line or line.startswith(";"):
        continue
    if line.startswith("["):
        check(line.endswith("]"), f"line {n}: {line!r}")
        section = line[1:-1]
        check(section.startswith("HKEY_CURRENT_USER\\"), f"line {n}: not under HKCU: {section}")
        keys.setdefault(section, {})
        continue
    check(section is not None, f"line {n}: a value outside a key")
    name, eq, value = line.partition("=")
    check(eq == "=", f"line {n}: {line!r}")
    name = "@" if name == "@" else reg_string(name, f"line {n}")
    keys[section][name] = reg_string(value, f"line {n}")


def command_line_to_argv(cmd):
    # CommandLineToArgvW: 2n backslashes + quote -> n backslashes, quote toggles; 2n+1 -> n and a
    # literal quote; other backslashes are literal; spaces outside quotes separate.
    args, cur, quoted, i, have = [], [], False, 0, False
    while i < len(cmd):
        c = cmd[i]
        if c == "\\":
            j = i
            while j < len(cmd) and cmd[j] == "\\":
                j += 1
            if j < len(cmd) and cmd[j] == '"':
                cur.append("\\" * ((j - i) // 2))
                if (j - i) % 2:
                    cur.append('"')
                else:
                    quoted = not quoted
                i = j + 1
            else:
                cur.append(cmd[i:j])
                i = j
            have = True
            continue
        if c == '"':
            quoted = not quoted
            have = True
        elif c in " \t" and not quoted:
            if have:
                args.append("".join(cur))
            cur, have = [], False
        else:
            cur.append(c)
            have = True
        i += 1
    if have:
        args.append("".join(cur))
    return args


exe = "C:\\Program Files\\mailtokit\\mailtokit.exe"
for base in ("HKEY_CURRENT_USER\\Software\\Classes\\mailto", "HKEY_CURRENT_USER\\Software\\Classes\\mailtokit.mailto"):
    check(keys.get(base, {}).get("URL Protocol") == "", f"{base}: URL Protocol")
    cmd = keys.get(base + "\\shell\\open\\command", {}).get("@", "")
    check(command_line_to_argv(cmd) == [exe, "open", "%1"], f"{base}: command {cmd!r} -> {command_line_to_argv(cmd)}")
# A link with spaces still arrives as one argument.
check(command_line_to_argv(cmd.replace("%1", "mailto:a@b.c?subject=x y z")) == [exe, "open", "mailto:a@b.c?subject=x y z"],
      "quoting of %1")
caps = "HKEY_CURRENT_USER\\Software\\mailtokit\\Capabilities"
check(keys.get(caps + "\\URLAssociations", {}).get("mailto") == "mailtokit.mailto", "URLAssociations")
check(keys.get("HKEY_CURRENT_USER\\Software\\RegisteredApplications", {}).get("mailtokit") == "Software\\mailtokit\\Capabilities",
      "RegisteredApplications")

checks.finish()
