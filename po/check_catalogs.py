#!/usr/bin/env python3
"""The message catalogs' check (run by the build and by ctest "po: ...").

  check_catalogs.py [--msgfmt M] [--msgcmp C] [--source-dir DIR] TEMPLATE.pot LANG.po...
      fails (exit 1, each problem on stderr) when a catalog misses a message of the template, has
      an untranslated or fuzzy one (msgcmp), fails `msgfmt --check`, lacks a header (Language,
      Plural-Forms, UTF-8), or when a translation drops or invents a {N} placeholder; with
      --source-dir also when a program source calling tr()/ntr()/N_() is not in po/POTFILES.
      Prints `msgfmt --statistics` of each catalog.
  check_catalogs.py --update-pot NEW.pot SOURCE.pot
      copies the freshly extracted NEW.pot over SOURCE.pot when a message changed (the
      POT-Creation-Date alone does not count).
  check_catalogs.py --self-test TEMPLATE.pot LANG.po
      plants a missing, a fuzzy, an untranslated message and a lost placeholder into copies of
      LANG.po and fails unless the check finds each.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

PLACEHOLDER = re.compile(r"(?<!\{)\{(\d+)\}")


ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def unquote(lines):
    """The text of a PO string continued over `lines` ('"..."' each), escapes resolved."""
    text = "".join(line.strip()[1:-1] for line in lines)
    return re.sub(r"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(1)), text)


def parse_po(path):
    """Entries as dicts: msgid, msgid_plural, msgstr (list), fuzzy, obsolete."""
    entries = []
    cur = None
    field = None
    parts = {}

    def flush():
        nonlocal cur
        if cur is not None:
            for k, v in parts.items():
                if k.startswith("msgstr["):
                    cur["msgstr"].append(unquote(v))
                elif k == "msgstr":
                    cur["msgstr"] = [unquote(v)]
                else:
                    cur[k] = unquote(v)
            entries.append(cur)
        cur = None
        parts.clear()

    with open(path, encoding="utf-8") as f:
        flags = []
        for raw in f:
            line = raw.rstrip("\n")
            if not line.strip():
                flush()
                flags = []
                continue
            if line.startswith("#~"):
                continue
            if line.startswith("#,"):
                flags += [x.strip() for x in line[2:].split(",")]
                continue
            if line.startswith("#"):
                continue
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr\[\d+\]|msgstr)\s+(".*")$', line)
            if m:
                if m.group(1) in ("msgid", "msgctxt") and cur is not None and "msgstr" in "".join(parts):
                    flush()
                if cur is None:
                    cur = {"msgid": "", "msgstr": [], "fuzzy": "fuzzy" in flags}
                field = m.group(1)
                parts[field] = [m.group(2)]
            elif line.startswith('"') and field:
                parts[field].append(line)
        flush()
    return entries


def check_catalog(po, pot, msgfmt, msgcmp):
    problems = []
    r = subprocess.run([msgcmp, po, pot], capture_output=True, text=True)
    if r.returncode != 0:
        problems.append(f"{po}: messages of the template missing, untranslated or fuzzy:\n{r.stderr.strip()}")
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([msgfmt, "--check", "--statistics", "-o", os.path.join(tmp, "x.mo"), po],
                           capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
        if r.returncode != 0:
            problems.append(f"{po}: msgfmt --check fails:\n{r.stderr.strip()}")
        stats = r.stderr.strip()
        if "fuzzy" in stats or "untranslated" in stats:
            problems.append(f"{po}: {stats}")
    entries = parse_po(po)
    header = next((e for e in entries if e["msgid"] == ""), None)
    if header is None:
        problems.append(f"{po}: no header")
    else:
        fields = (header["msgstr"][0] if header["msgstr"] else "").split("\n")
        for needed in ("Language: ", "Plural-Forms: nplurals=", "Content-Type: text/plain; charset=UTF-8"):
            if not any(f.startswith(needed) for f in fields):
                problems.append(f"{po}: the header has no {needed.strip()}")
    for e in entries:
        if e["msgid"] == "" or e["fuzzy"]:
            continue
        wanted = set(PLACEHOLDER.findall(e["msgid"]) + PLACEHOLDER.findall(e.get("msgid_plural", "")))
        for i, s in enumerate(e["msgstr"]):
            if not s:
                continue
            got = set(PLACEHOLDER.findall(s))
            # Each form keeps the placeholders of its English form: the singular those of msgid
            # (it may leave out {0}, the count, as "one"), the others those of msgid_plural.
            need = set(PLACEHOLDER.findall(e["msgid"] if i == 0 or not e.get("msgid_plural") else e["msgid_plural"]))
            if e.get("msgid_plural") and i == 0:
                need.discard("0")
            if need - got or got - wanted:
                problems.append(f"{po}: placeholders {sorted(need)} of {e['msgid']!r} are {sorted(got)} in {s!r}")
    return problems, stats


def sources_with_messages(source_dir):
    found = []
    for root, _dirs, files in os.walk(os.path.join(source_dir, "handler")):
        for name in files:
            if name.endswith((".cpp", ".hpp")) and name not in ("i18n.cpp", "i18n.hpp"):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as f:
                    if re.search(r"\b(tr|ntr|N_)\(\"", f.read()):
                        found.append(os.path.relpath(path, source_dir))
    return sorted(found)


def check(args):
    problems = []
    if args.source_dir:
        with open(os.path.join(args.source_dir, "po", "POTFILES"), encoding="utf-8") as f:
            listed = {l.strip() for l in f if l.strip() and not l.startswith("#")}
        for src in sources_with_messages(args.source_dir):
            if src not in listed:
                problems.append(f"po/POTFILES: {src} has messages (tr, ntr, N_) but is not listed")
    for po in args.catalogs:
        p, stats = check_catalog(po, args.template, args.msgfmt, args.msgcmp)
        print(f"{os.path.basename(po)}: {stats}")
        problems += p
    for p in problems:
        print("error: " + p, file=sys.stderr)
    if problems:
        print("error: the catalogs do not match po/mailtokit.pot: update them (msgmerge --update po/LANG.po "
              "build/.../po/mailtokit.pot) and translate every new or fuzzy message", file=sys.stderr)
    return 1 if problems else 0


def body_without_date(path):
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as f:
        return [l for l in f if not l.startswith('"POT-Creation-Date:')]


def update_pot(new, kept):
    if body_without_date(new) != body_without_date(kept):
        try:
            shutil.copyfile(new, kept)
            print(f"updated {kept}")
        except OSError as e:  # a read-only source tree: the check below still uses the new template
            print(f"warning: {kept} is out of date and cannot be updated ({e.strerror})", file=sys.stderr)
    return 0


def self_test(args):
    with open(args.catalogs[0], encoding="utf-8") as f:
        text = f.read()
    entries = [e for e in parse_po(args.catalogs[0]) if e["msgid"] and PLACEHOLDER.search(e["msgid"])
               and not e.get("msgid_plural") and len(e["msgid"]) < 60 and "\n" not in e["msgid"]]
    assert entries, "no message with a placeholder to plant a fault in"
    victim = entries[0]
    first_msgid_line = 'msgid "' + victim["msgid"].replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    plants = {
        "a message missing": lambda t: t.replace(first_msgid_line, 'msgid "not a message of the template', 1),
        "a fuzzy message": lambda t: t.replace("\n" + first_msgid_line, "\n#, fuzzy\n" + first_msgid_line, 1),
        "a lost placeholder": lambda t: re.sub(r'(msgstr ".*?)\{0\}', r"\1", t, count=1),
        "no Plural-Forms": lambda t: t.replace('"Plural-Forms:', '"X-Plural-Forms:', 1),
    }
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, plant in plants.items():
            broken = plant(text)
            if broken == text:
                print(f"self-test: could not plant {name}", file=sys.stderr)
                failures += 1
                continue
            po = os.path.join(tmp, "xx.po")
            with open(po, "w", encoding="utf-8") as f:
                f.write(broken)
            problems, _ = check_catalog(po, args.template, args.msgfmt, args.msgcmp)
            print(f"self-test: {name}: {'found' if problems else 'NOT FOUND'}")
            failures += not problems
        problems, _ = check_catalog(args.catalogs[0], args.template, args.msgfmt, args.msgcmp)
        if problems:
            print("self-test: the unchanged catalog fails:\n" + "\n".join(problems), file=sys.stderr)
            failures += 1
    return 1 if failures else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--msgfmt", default="msgfmt")
    ap.add_argument("--msgcmp", default="msgcmp")
    ap.add_argument("--source-dir")
    ap.add_argument("--update-pot", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("template")
    ap.add_argument("catalogs", nargs="*")
    args = ap.parse_args()
    if args.update_pot:
        return update_pot(args.template, args.catalogs[0])
    if args.self_test:
        return self_test(args)
    return check(args)


if __name__ == "__main__":
    sys.exit(main())
