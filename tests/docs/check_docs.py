#!/usr/bin/env python3
"""The API reference builds warning-free and documents every public declaration.

Runs Doxygen with the configuration CMake wrote (doxygen_add_docs: build/Doxyfile.docs, over
include/) and fails on:
1. any line Doxygen prints (QUIET is on, so every line is a warning or an error: an undocumented
   function, type, member or macro, a broken reference, an unknown command) or a non-zero exit
   (WARN_AS_ERROR = FAIL_ON_WARNINGS);
2. what Doxygen 1.9.4 does not warn about, read from its XML output and the headers: an
   enumerator without a description (Doxygen leaves undocumented ones out of its output, so the
   enumerators each enum declares in the header are compared with the documented ones; errc's
   are the names of MAILTOKIT_ERRC_LIST, warning_code's those of MAILTOKIT_WARN_LIST), a compound (class, struct, namespace, header file) or
   member without one, a function the headers export (MAILTOKIT_API) or a class or struct they
   define that is missing from the output (a declaration Doxygen's parser lost), a public header
   without a file page;
3. an HTML reference a reader cannot start from: docs/html/index.html must be the main page
   (include/mailtokit.hpp's @mainpage) and link the C API page and the error codes.

usage: check_docs.py DOXYGEN DOXYFILE ROOT             (the real headers)
       check_docs.py DOXYGEN DOXYFILE ROOT --self-test (plants undocumented declarations in a
                                                        copy of include/; both must be found)
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def described(node):
    """True when a compound, member or enumerator has a brief or detailed description."""
    for tag in ("briefdescription", "detaileddescription"):
        d = node.find(tag)
        if d is not None and "".join(d.itertext()).strip():
            return True
    return False


def run_doxygen(doxygen, doxyfile, cwd):
    p = subprocess.run([doxygen, str(doxyfile)], cwd=cwd, capture_output=True, text=True)
    lines = [l for l in (p.stdout + p.stderr).splitlines() if l.strip()]
    problems = [f"doxygen: {l}" for l in lines]
    if p.returncode != 0 and not problems:
        problems.append(f"doxygen exited with status {p.returncode}")
    return problems


def code_only(text):
    """`text` without comments and preprocessor lines."""
    return re.sub(r"//[^\n]*|/\*.*?\*/|^\s*#[^\n]*", "", text, flags=re.S | re.M)


def source_enumerators(include_dir, loc):
    """The enumerators of the enum whose XML location is `loc`, read from the header itself."""
    path = include_dir / loc.get("bodyfile", loc.get("file"))
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()[int(loc.get("bodystart")) - 1:int(loc.get("bodyend"))]
    body = "\n".join(lines)
    for macro in ("MAILTOKIT_ERRC_LIST", "MAILTOKIT_WARN_LIST", "MAILTOKIT_FINDING_LIST"):  # the X-macro lists of codes
        if macro in body:
            listed = text.split(f"#define {macro}(X)", 1)[1].split("\n\n", 1)[0]
            return re.findall(r"^\s*X\((\w+),", listed, re.M)
    body = code_only(body)
    body = body[body.index("{") + 1:body.rindex("}")]
    return [m.group(1) for item in body.split(",") if (m := re.match(r"\s*(\w+)", item))]


def xml_problems(xml_dir, include_dir):
    problems = []
    index = ET.parse(xml_dir / "index.xml").getroot()
    headers = {str(h.relative_to(include_dir)) for h in include_dir.rglob("*") if h.suffix in (".h", ".hpp")}
    file_pages = set()
    enumerators = 0
    seen = set()
    for compound in index.findall("compound"):
        kind = compound.get("kind")
        if kind in ("dir", "page", "example"):
            continue
        root = ET.parse(xml_dir / (compound.get("refid") + ".xml")).getroot()
        cdef = root.find("compounddef")
        loc = cdef.find("location")
        where = loc.get("file") if loc is not None else "?"
        name = cdef.findtext("compoundname")
        if kind == "file":
            file_pages.add(where)
        if not described(cdef):
            problems.append(f"{where}: {kind} {name} has no description")
        for member in cdef.iter("memberdef"):
            if member.get("prot") == "private" or member.get("id") in seen:
                continue  # private members are not the API; a member is listed by its scope and its file
            seen.add(member.get("id"))
            mloc = member.find("location")
            mwhere = f"{mloc.get('file')}:{mloc.get('line')}" if mloc is not None else where
            if not described(member):
                problems.append(f"{mwhere}: {member.get('kind')} {member.findtext('name')} has no description")
            if member.get("kind") != "enum":
                continue
            # Without EXTRACT_ALL an undocumented enumerator is left out of the XML: compare with
            # the enumerators the source declares.
            listed = set()
            for value in member.findall("enumvalue"):
                enumerators += 1
                listed.add(value.findtext("name"))
                if not described(value):
                    problems.append(f"{mwhere}: enumerator {member.findtext('name')}::{value.findtext('name')} "
                                    "has no description")
            for name in source_enumerators(include_dir, mloc):
                if name not in listed:
                    problems.append(f"{mwhere}: enumerator {member.findtext('name')}::{name} has no description")
    # Doxygen can lose a declaration silently (a header its parser gave up on): every function
    # the headers export and every class or struct they define must be in the output, documented.
    names = {m.findtext("name") for m in index.iter("member")} | {c.findtext("name").split("::")[-1] for c in index.findall("compound")}
    checked = 0
    for h in sorted(include_dir.rglob("*")):
        if h.suffix not in (".h", ".hpp"):
            continue
        text = h.read_text(encoding="utf-8")
        text = code_only(text)
        declared = set(re.findall(r"MAILTOKIT_API\b[^;{(]*?(?:\b|~)(\w+|operator\s*\S+?)\s*\(", text))
        declared |= set(re.findall(r"^\s*(?:struct|class)\s+(?:\[\[\w+\]\]\s+)?(\w+)\s*(?:final\s*)?[:{]", text, re.M))
        for name in sorted(declared):
            checked += 1
            name = re.sub(r"\s+", "", name)
            if name not in names:
                problems.append(f"{h.relative_to(include_dir)}: {name} is declared but not in the reference")
    print(f"checked: {enumerators} enumerators, {checked} exported functions and types of the headers")
    for h in sorted(headers - file_pages):
        problems.append(f"{h}: no file page (a header needs a /// @file comment)")
    if enumerators == 0:
        problems.append("the XML output holds no enumerator at all: errc was not expanded")
    return problems


def html_problems(html_dir):
    index = html_dir / "index.html"
    if not index.exists():
        return [f"{index} was not written"]
    text = index.read_text(encoding="utf-8")
    problems = []
    for needle, what in (("mailtokit", "the project name"),
                         ("mailtokit_8h.html", "a link to the C API (mailtokit/mailtokit.h)"),
                         ("errc", "a link to the error codes")):
        if needle not in text:
            problems.append(f"{index}: the main page lacks {what} ({needle!r})")
    return problems


def check(doxygen, doxyfile, root, out_dir):
    include_dir = root / "include"
    problems = run_doxygen(doxygen, doxyfile, root)
    problems += xml_problems(out_dir / "xml", include_dir)
    problems += html_problems(out_dir / "html")
    return problems


def self_test(doxygen, doxyfile, root):
    """Plant an undocumented function and an undocumented enumerator in a copy; both must be found."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        copy = tmp / "root"
        shutil.copytree(root / "include", copy / "include")
        shutil.copytree(root / "tests" / "c", copy / "tests" / "c")
        shutil.copytree(root / "tests" / "consumer" / "cxx", copy / "tests" / "consumer" / "cxx")
        header = copy / "include" / "mailtokit" / "utf8.hpp"
        text = header.read_text(encoding="utf-8")
        plant = ("MAILTOKIT_API bool planted_function(int x);\n"
                 "/// A documented enum with one undocumented enumerator.\n"
                 "enum class planted_enum { documented,  ///< documented\n  planted_value };\n")
        text = text.replace("}  // namespace mailtokit::utf8", plant + "}  // namespace mailtokit::utf8")
        header.write_text(text, encoding="utf-8")
        out = tmp / "out"
        config = tmp / "Doxyfile"
        config.write_text(f"@INCLUDE = {doxyfile}\n"
                          f"INPUT = {copy / 'include'}\n"
                          f"STRIP_FROM_PATH = {copy / 'include'}\n"
                          f"STRIP_FROM_INC_PATH = {copy / 'include'}\n"
                          f"EXAMPLE_PATH = {copy / 'tests' / 'c'} {copy / 'tests' / 'consumer' / 'cxx'}\n"
                          f"OUTPUT_DIRECTORY = {out}\n", encoding="utf-8")
        problems = check(doxygen, config, copy, out)
    failures = []
    if not any("planted_function" in p for p in problems):
        failures.append("an undocumented function was not reported")
    if not any("planted_value" in p for p in problems):
        failures.append("an undocumented enumerator was not reported")
    for p in problems:
        print(f"found (expected): {p}")
    return failures


def main(argv):
    if len(argv) not in (4, 5) or (len(argv) == 5 and argv[4] != "--self-test"):
        print(__doc__, file=sys.stderr)
        return 64
    doxygen, doxyfile, root = argv[1], pathlib.Path(argv[2]).resolve(), pathlib.Path(argv[3]).resolve()
    if len(argv) == 5:
        failures = self_test(doxygen, doxyfile, root)
        for f in failures:
            print(f"FAILED: {f}")
        print("self-test: " + ("ok" if not failures else "FAILED"))
        return 1 if failures else 0
    out_dir = None
    for line in doxyfile.read_text(encoding="utf-8").splitlines():
        m = re.match(r'\s*OUTPUT_DIRECTORY\s*=\s*"?([^"]+?)"?\s*$', line)
        if m:
            out_dir = pathlib.Path(m.group(1))
    if out_dir is None:
        print(f"FAILED: {doxyfile} names no OUTPUT_DIRECTORY")
        return 1
    problems = check(doxygen, doxyfile, root, out_dir)
    for p in problems:
        print(f"FAILED: {p}")
    print(f"checked: doxygen warnings, descriptions in {out_dir / 'xml'}, {out_dir / 'html' / 'index.html'}")
    print("docs: " + ("ok" if not problems else f"{len(problems)} problem(s)"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
