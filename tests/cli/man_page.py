#!/usr/bin/env python3
"""The man pages (handler/man) are the CLI reference: they cover the program, and only it.

The pages, in the manner of git's: mailtokit(1) (overview, the commands in one line each, files,
environment, error codes, exit statuses, examples), mailtokit-COMMAND(1) for the commands
(register and unregister share mailtokit-register(1), status and targets mailtokit-status(1), the
iri commands mailtokit-iri(1)), mailtokit.conf(5) for the configuration file. Each renders without
warnings and stays under 1,200 lines; every mailtokit-COMMAND page names a real command and is
listed in mailtokit(1)'s COMMANDS, and what each check below reads is in the page named for it.

Checked in both directions, against the program and the code, never against a list kept here:
- each page renders without warnings (`groff -ww -man -z`, `man --warnings`);
- subcommands: every subcommand that `mailtokit [CMD] --help` lists has its page's DESCRIPTION
  (mailtokit-CMD(1)), or a `.SS` section there where a page holds several commands (`version`: under
  COMMANDS of mailtokit(1)), and every such page and section names a real subcommand;
- options: every option of `mailtokit CMD [SUB] --help` is a tagged entry (`.TP`) of that
  command's description, and every option tagged there is one the command's --help lists;
- exit statuses: each command page's EXIT STATUS has the statuses its commands' --help lists;
- error codes (ERRORS of mailtokit(1)): every code of MAILTOKIT_ERRC_LIST (include/mailtokit/result.hpp, the name table
  of `errc`) and of MAILTOKIT_PROGRAM_ERRC_LIST (handler/base/errors.hpp, the program's
  own) is an entry of the ERRORS section, and every entry there is such a code;
- warning codes: every code of MAILTOKIT_WARN_LIST (include/mailtokit/warning.hpp, the name
  table of `warning_code`) is an entry of WARNINGS in mailtokit-inspect(1), every other preview
  finding the sources push as `{"code", ...}` an entry of FINDINGS in mailtokit-preview(1), and
  every entry there is such a code; the codes the program
  really prints (`inspect --json` and `preview --format json` over the link tables in
  tests/data) must all be among them, so the extraction from the sources cannot miss one;
- configuration keys: every key the parser compares against (`key == "name"` in
  handler/xdg/config.cpp) is an entry of mailtokit.conf(5)'s DESCRIPTION, and every entry
  there is a key the program accepts (a configuration line `KEY = x` is not refused at the key,
  while an unknown key is);
- environment variables: every name the program's sources read with getenv is an entry of the
  ENVIRONMENT section of mailtokit(1), and every entry there is one of them;
- examples: every `$ ` command in an EXAMPLES section runs (bash, an empty directory, a private
  HOME, the program first in PATH) and prints what the man page shows after it (`...` lines and
  `TEXT...` prefixes as wildcards), with the exit status `# exit N` names (default 0).

usage: man_page.py /path/to/mailtokit [MAN_DIR]
MAN_DIR holds the pages (default handler/man), flat or in man1/ and man5/, each maybe gzipped (the
installed pages, $prefix/share/man, are checked this way by tests/consumer/run.sh).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from harness.checks import Checks
from harness.desktop import home_env
from harness.help_pages import config_keys, listed_subcommands

SOURCE = Path(__file__).resolve().parents[2]

checks = Checks("man_page", out=sys.stderr)
check, failures = checks.check, checks.failures


GLYPHS = {"\\-": "-", "\\(dq": '"', "\\(aq": "'", "\\('e": "\u00e9", "\\(:u": "\u00fc", "\\t": "\t",
          "\\|": "", "\\e": "\\"}


def both_ways(real: set[str], documented: set[str], undocumented: str, unreal: str) -> None:
    """Each of `real` is documented and each documented one is real; the messages name `{}`."""
    for x in sorted(real - documented):
        check(False, undocumented.format(x))
    for x in sorted(documented - real):
        check(False, unreal.format(x))


def plain(roff: str) -> str:
    """A roff line's text: escapes resolved to the characters they print, font changes dropped."""
    s = re.sub(r"\\f[BIRP]|\\f\(..|\\&|\\c", "", roff)
    for escape, text in GLYPHS.items():  # in this order: "\\e" last, so "\\et" stays "\\t"
        s = s.replace(escape, text)
    return s


def sections(man: str) -> dict[str, list[str]]:
    """The lines of each `.SH` section, by section name."""
    out: dict[str, list[str]] = {}
    name = ""
    for line in man.split("\n"):
        m = re.match(r'^\.SH\s+"?([^"]*)"?\s*$', line)
        if m:
            name = m.group(1).strip()
            out[name] = []
        elif name:
            out[name].append(line)
    return out


def subsections(lines: list[str]) -> dict[str, list[str]]:
    """The lines of each `.SS` subsection, by its title (roff resolved, e.g. "iri to-uri IRI")."""
    out: dict[str, list[str]] = {}
    title = None
    for line in lines:
        m = re.match(r"^\.SS\s+(.*)$", line)
        if m:
            title = " ".join(plain(m.group(1)).strip('"').split())
            out[title] = []
        elif title is not None:
            out[title].append(line)
    return out


def tags(lines: list[str]) -> list[str]:
    """The tag line of each `.TP` entry, roff resolved."""
    return [re.sub(r"^\.[A-Z]+\s+", "", plain(lines[i + 1]))  # without the macro name (.B, .BR, ...)
            for i, line in enumerate(lines[:-1]) if line.strip() == ".TP"]


def tag_words(lines: list[str], pattern: str) -> set[str]:
    out: set[str] = set()
    for tag in tags(lines):
        out.update(re.findall(pattern, tag))
    return out


CODE = r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+\b"


def run(argv: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def help_text(program: str, *cmd: str) -> str:
    return run([program, *cmd, "--help"]).stdout


def subcommands(program: str, *cmd: str) -> list[str]:
    return listed_subcommands(help_text(program, *cmd))


def options(help_out: str) -> set[str]:
    part = help_out.split("Options:", 1)[1] if "Options:" in help_out else ""
    opts = set(re.findall(r"^\s+((?:-[a-z],)?--[a-z][a-z0-9-]*)", part, re.M))
    out: set[str] = set()
    for o in opts:
        out.update(o.split(","))
    out -= {"-h", "--help"}
    return out


def check_render(man_path: Path, name: str) -> None:
    r = run(["groff", "-ww", "-man", "-Tutf8", "-z", str(man_path)])
    check(r.returncode == 0 and not r.stderr.strip(), f"{name}: groff -ww renders without warnings: {r.stderr.strip()}")
    r = run(["man", "--warnings", "-l", str(man_path)], env={**os.environ, "MANWIDTH": "80", "MANPAGER": "cat"})
    check(r.returncode == 0 and not r.stderr.strip() and r.stdout.strip() != "",
          f"{name}: man --warnings renders without warnings: {r.stderr.strip()}")


def command_docs(pages: dict[str, str]) -> dict[tuple[str, ...], tuple[str, list[str]]]:
    """Where each command is described: (page, lines), by its command words. A `.SS` in the
    DESCRIPTION of a mailtokit-CMD page (or in COMMANDS of mailtokit(1)) is one command, titled with
    its words and operands in upper case ("iri to-uri IRI"); a page without one is its command's."""
    out: dict[tuple[str, ...], tuple[str, list[str]]] = {}
    for name, man in pages.items():
        secs = sections(man)
        if name == "mailtokit.1":
            lines = secs.get("COMMANDS", [])
        elif name.startswith("mailtokit-") and name.endswith(".1"):
            lines = secs.get("DESCRIPTION", [])
        else:
            continue
        subs = subsections(lines)
        for title, sub in subs.items():
            out[tuple(w for w in title.split() if not w.isupper())] = (name, sub)
        if not subs and name != "mailtokit.1":
            out[(name[len("mailtokit-"):-2],)] = (name, lines)
    return out


def check_commands(program: str, pages: dict[str, str]) -> None:
    """Subcommands and their options, both directions; each command page is listed in mailtokit(1)."""
    real: list[tuple[str, ...]] = []
    for cmd in subcommands(program):
        subs = subcommands(program, cmd)
        real.extend([(cmd, s) for s in subs] if subs else [(cmd,)])
    check(len(real) >= 10, f"the program lists its subcommands ({len(real)} found)")
    docs = command_docs(pages)
    for cmd in real:
        name = " ".join(cmd)
        check(cmd in docs, f"a man page describes '{name}' (mailtokit-{cmd[0]}(1), or a .SS section)")
        if cmd not in docs:
            continue
        page, lines = docs[cmd]
        documented = tag_words(lines, r"(?<![\w-])(--?[a-z][a-z0-9-]*)")
        offered = options(help_text(program, *cmd))
        both_ways(offered, documented, f"'{name} {{}}' (in --help) is an entry of {page} for '{name}'",
                  f"'{name} {{}}' (in {page}) is an option of '{name} --help'")
        check(True, f"'{name}': {len(offered)} options, each documented")
    for key, (page, _) in docs.items():
        check(key in real, f"{page}: its description of '{' '.join(key)}' names a subcommand of the program")
    # Each command page's EXIT STATUS lists what its commands' --help lists (`Exit status: 0 ok; ...`).
    statuses: dict[str, set[str]] = {}
    for cmd in real:
        if cmd in docs and docs[cmd][0] != "mailtokit.1":
            listed = help_text(program, *cmd).split("Exit status: ", 1)[-1].split(".\n", 1)[0]
            statuses.setdefault(docs[cmd][0], set()).update(item.split(" ", 1)[0] for item in listed.split("; "))
    for page, codes in statuses.items():
        documented = {t.replace(" ", "") for t in tags(sections(pages[page]).get("EXIT STATUS", []))}
        check(documented == codes, f"{page}: EXIT STATUS lists {sorted(documented)}, --help {sorted(codes)}")
    listed = set(re.findall(r"^\.BR (mailtokit\\-[a-z]+) \(1\)", "\n".join(sections(pages["mailtokit.1"]).get("COMMANDS", [])), re.M))
    for name in pages:
        if name.startswith("mailtokit-"):
            check(name[:-2].replace("-", "\\-") in listed,
                  f"mailtokit(1) lists {name} under COMMANDS")


def errc_names() -> set[str]:
    """The library's codes (MAILTOKIT_ERRC_LIST) and the program's own (MAILTOKIT_PROGRAM_ERRC_LIST)."""
    out: set[str] = set()
    for header, macro in [("include/mailtokit/result.hpp", "MAILTOKIT_ERRC_LIST"),
                          ("handler/base/errors.hpp", "MAILTOKIT_PROGRAM_ERRC_LIST")]:
        text = (SOURCE / header).read_text()
        body = text.split(f"#define {macro}(X)", 1)[1].split("\n\n", 1)[0]
        out.update(re.findall(r"\bX\(([a-z][a-z0-9_]*),", body))
    return out


WARNING_PATTERNS = [
    r"\.push_back\(\s*\{\s*\"([a-z][a-z0-9_]*)\"",  # findings spelt as strings (none now: finding_code)
]


def warning_codes() -> set[str]:
    text = (SOURCE / "include/mailtokit/warning.hpp").read_text()
    body = text.split("#define MAILTOKIT_WARN_LIST(X)", 1)[1].split("\n\n", 1)[0]
    out = set(re.findall(r"\bX\(([a-z][a-z0-9_]*),", body))
    # The preview's findings and the hand-over's changes: MAILTOKIT_FINDING_LIST.
    text = (SOURCE / "include/mailtokit/finding_code.hpp").read_text()
    body = text.split("#define MAILTOKIT_FINDING_LIST(X)", 1)[1].split("\n\n", 1)[0]
    out.update(re.findall(r"\bX\(([a-z][a-z0-9_]*),", body))
    for path in sorted((SOURCE / "src").rglob("*.cpp")):
        text = path.read_text()
        for p in WARNING_PATTERNS:
            out.update(re.findall(p, text))
    return out


def environment_names() -> tuple[set[str], list[str]]:
    """The environment variables the program reads: std::getenv("NAME"), the configuration's
    get("NAME") wrapper, and `for (const char* v : {"A", "B"}) ... std::getenv(v)` loops; and the
    places where getenv takes a name none of these forms shows (the test fails on those)."""
    names: set[str] = set()
    unexplained: list[str] = []
    for path in sorted((SOURCE / "handler").rglob("*.cpp")) + sorted((SOURCE / "src").rglob("*.cpp")):
        text = path.read_text()
        names.update(re.findall(r'\b(?:std::getenv|get)\("([A-Z][A-Z0-9_]*)"\)', text))
        loops = re.findall(r'for \(const char\* (\w+) : \{([^}]*)\}\)\s*if \(const char\* \w+ = std::getenv\(\1\)', text)
        for _, listed in loops:
            names.update(re.findall(r'"([A-Z][A-Z0-9_]*)"', listed))
        # setlocale(LC_X, ""): the C library reads LC_ALL, LC_X and LANG (and, for messages through
        # gettext, LANGUAGE) for the program.
        for cat in re.findall(r'std::setlocale\((LC_[A-Z]+), ""\)', text):
            names.update({"LC_ALL", cat, "LANG"} | ({"LANGUAGE"} if cat == "LC_MESSAGES" else set()))
        for m in re.finditer(r"std::getenv\((\w+)\)", text):
            wrapper = re.search(r"std::optional<std::string> get\(const char\* " + m.group(1) + r"\)", text)
            if not wrapper and m.group(1) not in [v for v, _ in loops]:
                unexplained.append(f"{path.relative_to(SOURCE)}: std::getenv({m.group(1)})")
    return names, unexplained


def check_environment(secs: dict[str, list[str]]) -> None:
    names, unexplained = environment_names()
    check(len(names) >= 8, f"environment variables read from the sources ({len(names)})")
    for place in unexplained:
        check(False, f"{place}: a variable name this test cannot read; name it literally or extend environment_names()")
    both_ways(names, tag_words(secs.get("ENVIRONMENT", []), r"\b[A-Z][A-Z0-9_]+\b"),
              "environment variable '{}' (read by the program) is an entry of ENVIRONMENT",
              "ENVIRONMENT entry '{}' is a variable the program reads")


def links() -> list[str]:
    """The links of the tables in tests/data that hold mailto links (first column)."""
    out = []
    for name in ["lenient_links.tsv", "hostile_links.tsv", "corpus_real_links.tsv", "preview.tsv",
                 "rfc6068_examples.tsv"]:
        for line in (SOURCE / "tests/data" / name).read_text(encoding="utf-8", errors="replace").split("\n"):
            if not line or line.startswith("#"):
                continue
            link = line.split("\t", 1)[0]
            if link.lower().startswith("mailto:") and "\0" not in link:
                out.append(link)
    return out


def emitted_codes(program: str, env: dict[str, str]) -> tuple[set[str], set[str]]:
    """(warning and finding codes, error codes) that the program prints for the links in tests/data."""
    warnings: set[str] = set()
    errors: set[str] = set()
    batch = run([program, "batch", "--json"], input="\n".join(links()) + "\n", env=env)
    check(batch.returncode == 0, f"batch --json over tests/data links exits 0 ({batch.stderr.strip()[:200]})")
    for line in batch.stdout.splitlines():
        obj = json.loads(line)
        warnings.update(w["code"] for w in obj["warnings"])
        if obj["error"]:
            errors.add(obj["error"]["code"])
    for link in links():
        r = run([program, "preview", "--format", "json", link], env=env)
        if r.stdout.strip():
            obj = json.loads(r.stdout)
            warnings.update(w["code"] for w in obj.get("warnings", []))
            warnings.update(f["code"] for f in obj.get("findings", []))
    for link in links():
        r = run([program, "compose", "--date", "Sun, 22 Nov 2026 10:00:00 +0000", link], env=env)
        warnings.update(re.findall(r"^warning: ([a-z][a-z0-9_]*): ", r.stderr, re.M))
    for eml in sorted((SOURCE / "tests/data/eml").glob("*.eml")):
        r = run([program, "build", "--eml", str(eml)], env=env)
        warnings.update(re.findall(r"^warning: ([a-z][a-z0-9_]*): ", r.stderr, re.M))
    return warnings, errors


def check_code_section(secs: dict[str, list[str]], section: str, codes: set[str], source: str, least: int) -> None:
    """The entries of `section` are exactly `codes`, read from `source` (at least `least` of them)."""
    check(len(codes) >= least, f"codes read from {source} ({len(codes)})")
    both_ways(codes, tag_words(secs.get(section, []), CODE),
              f"code '{{}}' (in {source}) is an entry of the man page's {section} section",
              f"{section} entry '{{}}' is a code in {source}")


def warn_list() -> set[str]:
    text = (SOURCE / "include/mailtokit/warning.hpp").read_text()
    body = text.split("#define MAILTOKIT_WARN_LIST(X)", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"\bX\(([a-z][a-z0-9_]*),", body))


def check_codes(program: str, secs: dict[str, list[str]], env: dict[str, str], pages: dict[str, str]) -> None:
    errs = errc_names()
    check_code_section(secs, "ERRORS", errs, "MAILTOKIT_ERRC_LIST of result.hpp", 40)
    warns = warning_codes()
    check_code_section(secs, "WARNINGS", warns, "the warnings and findings src/ emits", 30)
    # The warning codes are in mailtokit-inspect(1), the findings that are no warning code in
    # mailtokit-preview(1).
    listed = warn_list()
    in_inspect = tag_words(sections(pages.get("mailtokit-inspect.1", "")).get("WARNINGS", []), CODE)
    in_preview = tag_words(sections(pages.get("mailtokit-preview.1", "")).get("FINDINGS", []), CODE)
    for c in sorted(listed - in_inspect):
        check(False, f"warning code '{c}' (MAILTOKIT_WARN_LIST) is an entry of WARNINGS in mailtokit-inspect(1)")
    for c in sorted(warns - listed - in_preview):
        check(False, f"finding '{c}' is an entry of FINDINGS in mailtokit-preview(1)")
    seen_warnings, seen_errors = emitted_codes(program, env)
    check(len(seen_warnings) >= 20, f"the program printed warning codes for tests/data links ({len(seen_warnings)})")
    for c in sorted(seen_warnings - warns):
        check(False, f"warning code '{c}' printed by the program was found in src/ (extend WARNING_PATTERNS)")
    for c in sorted(seen_errors - errs):
        check(False, f"error code '{c}' printed by the program is in MAILTOKIT_ERRC_LIST")


def check_config(program: str, conf: list[str], env: dict[str, str], work: Path) -> None:
    """`conf`: the DESCRIPTION of mailtokit.conf(5), where each key is an entry."""
    keys = config_keys()
    check(len(keys) >= 8, f"configuration keys read from handler_config.cpp ({len(keys)})")
    documented = tag_words(conf, r"\b[a-z][a-z0-9_]*\b")

    def refused_at_key(key: str) -> bool:
        cfg = work / "config"
        cfg.write_text(f"{key} = x\n")
        r = run([program, "preview", "mailto:a@example.org"], env={**env, "MAILTOKIT_CONFIG": str(cfg)})
        return r.returncode == 78 and "line 1, column 1:" in r.stderr

    check(refused_at_key("no_such_key"), "an unknown configuration key is refused at the key (column 1)")
    for k in sorted(keys - documented):
        check(False, f"configuration key '{k}' (parsed in handler_config.cpp) is an entry of mailtokit.conf(5)")
    for k in sorted(documented):
        check(not refused_at_key(k), f"mailtokit.conf(5) entry '{k}' is a key the program accepts")
    check(True, f"mailtokit.conf(5) documents the {len(keys)} keys")


def examples(lines: list[str]):
    """(command, expected output lines, expected exit) for each `$ ` command of the EXAMPLES blocks."""
    block: list[str] | None = None
    for line in lines:
        if line == ".nf":
            block = []
        elif line == ".fi" and block is not None:
            text = [plain(b) for b in block]
            block = None
            j = 0
            while j < len(text) and text[0].startswith("$ "):
                command = text[j][2:]
                j += 1
                while command.endswith("\\") and j < len(text):
                    command += "\n" + text[j]  # bash reads backslash-newline as a continuation
                    j += 1
                output = []
                while j < len(text) and not text[j].startswith("$ "):
                    output.append(text[j].rstrip())
                    j += 1
                m = re.search(r"#\s*exit\s+(\d+)\s*$", command)
                yield command, output, int(m.group(1)) if m else 0
        elif block is not None:
            block.append(line)


def line_matches(expected: list[str], got: list[str]) -> bool:
    """A line `...` matches any run of lines, a line `TEXT...` any line that starts with TEXT."""
    if not expected:
        return not got
    e = expected[0]
    if e == "...":
        return any(line_matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    if not got:
        return False
    same = got[0].startswith(e[:-3]) if e.endswith("...") else got[0] == e
    return same and line_matches(expected[1:], got[1:])


def check_examples(program: str, lines: list[str], work: Path) -> None:
    found = list(examples(lines))
    check(len(found) >= 15, f"EXAMPLES has runnable examples ({len(found)})")
    home = work / "examples"
    (home / "bin").mkdir(parents=True)
    (home / "bin" / "mailtokit").symlink_to(Path(program).resolve())
    env = {k: v for k, v in os.environ.items() if k.endswith("SAN_OPTIONS")}
    env.update({"PATH": f"{home / 'bin'}:{os.environ.get('PATH', '/usr/bin:/bin')}", **home_env(home),
                "LANG": "C.UTF-8"})
    for command, expected, exit_code in found:
        r = subprocess.run(["bash", "-c", command], cwd=home, env=env, capture_output=True, text=True,
                           timeout=60, stdin=subprocess.DEVNULL)
        got = [g.rstrip() for g in r.stdout.rstrip("\r\n").split("\n")] if r.stdout.strip() else []
        while expected and expected[-1] == "":
            expected.pop()
        what = f"EXAMPLES: $ {command.splitlines()[0]}"
        check(r.returncode == exit_code, f"{what}: exit {r.returncode}, the man page says {exit_code} ({r.stderr.strip()[:300]})")
        check(line_matches(expected, got), f"{what}: prints what the man page shows\n  man page:\n    " +
              "\n    ".join(expected) + "\n  program:\n    " + "\n    ".join(got))


def read_pages(folder: Path) -> dict[str, str]:
    """The pages under `folder` by file name ("mailtokit-open.1"), gzipped ones uncompressed."""
    pages: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        name = path.name[:-3] if path.name.endswith(".gz") else path.name
        if not path.is_file() or not re.fullmatch(r"mailtokit[a-z.-]*\.[15]", name):
            continue
        data = path.read_bytes()
        pages[name] = (gzip.decompress(data) if path.name.endswith(".gz") else data).decode("utf-8")
    return pages


def check_page(name: str, man: str) -> None:
    """One page: renders without warnings, under 1,200 lines, named as its file is."""
    with tempfile.NamedTemporaryFile("w", suffix="." + name.rsplit(".", 1)[1], encoding="utf-8") as f:
        f.write(man)
        f.flush()
        check_render(Path(f.name), name)
    lines = man.count("\n")
    check(lines < 1200, f"{name} has {lines} lines, under 1,200")
    title, section = name.rsplit(".", 1)
    check(re.match(r'^\.TH "?' + re.escape(title.upper().replace("-", "\\-")) + r'"? ' + section + " ", man) is not None,
          f"{name}: .TH names the page and section {section}")
    secs = sections(man)
    for s in ["NAME", "SYNOPSIS", "DESCRIPTION", "SEE ALSO"]:
        check(s in secs, f"{name} has a {s} section")


# The one page each kind of entry lives in (and no other page has that section).
HOMES = {"ERRORS": "mailtokit.1", "ENVIRONMENT": "mailtokit.1", "FILES": "mailtokit.1", "EXAMPLES": "mailtokit.1",
         "WARNINGS": "mailtokit-inspect.1", "FINDINGS": "mailtokit-preview.1", "CONFIGURATION": None}


def main() -> int:
    if len(sys.argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 64
    program = sys.argv[1]
    man_dir = Path(sys.argv[2]) if len(sys.argv) == 3 else SOURCE / "handler/man"
    pages = read_pages(man_dir)
    for need in ["mailtokit.1", "mailtokit.conf.5", "mailtokit-open.1", "mailtokit-inspect.1", "mailtokit-preview.1"]:
        check(need in pages, f"{man_dir} holds {need}")
    if "mailtokit.1" not in pages or "mailtokit.conf.5" not in pages:
        print(f"man pages {man_dir}: {checks.passed} checks passed, {len(failures)} failed")
        return 1
    for name, man in pages.items():
        check_page(name, man)
        for sec, home in HOMES.items():
            check(sec not in sections(man) or name == home, f"{name}: {sec} is in {home or 'no page'} only")
    secs = {}
    for name in ["mailtokit.1", "mailtokit-inspect.1", "mailtokit-preview.1"]:
        secs.update({k: v for k, v in sections(pages.get(name, "")).items() if k in HOMES})
    secs["WARNINGS"] = secs.get("WARNINGS", []) + secs.get("FINDINGS", [])
    conf = sections(pages["mailtokit.conf.5"]).get("DESCRIPTION", [])
    for name in ["SYNOPSIS", "COMMANDS", "FILES", "ENVIRONMENT", "ERRORS", "EXIT STATUS", "EXAMPLES"]:
        check(name in sections(pages["mailtokit.1"]), f"mailtokit(1) has a {name} section")
    check_commands(program, pages)
    check_environment(secs)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "MAILTOKIT_", "DISPLAY", "WAYLAND"))}
        env["HOME"] = str(work)
        check_codes(program, secs, env, pages)
        check_config(program, conf, env, work)
        check_examples(program, secs.get("EXAMPLES", []), work)
    print(f"man pages {man_dir} ({len(pages)}): {checks.passed} checks passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
