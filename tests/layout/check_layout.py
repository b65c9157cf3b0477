#!/usr/bin/env python3
"""The layout rules a newcomer relies on, checked on the source tree.

1. Layers: src/<layer>/ holds one layer of the library; the layers are ordered lowest first
   (--layers, the MAILTOKIT_LAYERS list of CMakeLists.txt). A file of a layer may include its own
   layer's headers and those of the layers before it, never one after it. A public header
   include/mailtokit/<name>.hpp belongs to the layer whose folder holds <name>.cpp (or the layer
   named in HEADER_LAYER for headers without a source). Third-party headers appear only in the
   layers that link that dependency (THIRD_PARTY): mimetic only in `mail`.
2. The program's folders: handler/<folder>/ holds one layer of the program; the folders are
   ordered lowest first (--program-layers, MAILTOKIT_PROGRAM_LAYERS of handler/CMakeLists.txt),
   and a file of a folder includes its own folder's headers and those of the folders before it,
   never one after it (only handler/main.cpp, the top, sits outside them). GTK only in ask/.
3. Tests mirror headers: include/mailtokit/<name>.hpp has tests/unit/<name>_test.cpp and
   handler/<folder>/<name>.hpp has tests/handler/<folder>/<name>_test.cpp, and each test file
   mirrors a header, except the ones listed (with the reason) in UNMIRRORED.

usage: check_layout.py ROOT --layers L1 L2 ... --program-layers P1 P2 ...
       (exit 1 and one line per problem on failure)
       check_layout.py --self-test --layers ... --program-layers ...
       (plants violations in a copy; they must be found)
"""
import argparse
import pathlib
import re
import shutil
import sys
import tempfile

# Public headers that have no .cpp of the same name: the layer they belong to.
HEADER_LAYER = {
    "chars.hpp": "text",      # character tables (constexpr), used by every layer
    "export.h": "text",       # MAILTOKIT_API
    "draft.hpp": "mailto",    # the draft a link becomes (types only)
    "mailtokit.h": "c_api",   # the C API, implemented in src/c_api/c_api.cpp
}
# Third-party include prefixes and the layers that may use them (the layers that link them).
THIRD_PARTY = {
    "unicode/": {"unicode", "iri", "handover", "report"},  # ICU
    "idn2.h": {"unicode"},                      # libidn2
    "mimetic/": {"mail"},                       # mimetic: the mail format only
    "libxml/": {"mailto"},                      # libxml2: an HTML body of a link read as text
}
# Headers without a unit test of their own, and tests that mirror no single header.
UNMIRRORED = {
    "handler/cli/cli.hpp": "the command line's output and option helpers; tested through the program (tests/cli)",
    "handler/commands/commands.hpp": "the commands' registration; tested through the program (tests/cli)",
    "handler/ask/answer.hpp": "the answer's types only; tested through the front ends that fill them in "
                              "(tests/handler/ask/terminal_test.cpp, dialog_test.cpp)",
    "handler/ask/text_limits.hpp": "the question's limits only; tested through tests/handler/ask/question_test.cpp "
                                   "and details_test.cpp",
    "handler/clients/common.hpp": "helpers of the clients' files; tested through tests/handler/clients/dispatch_test.cpp",
    "handler/open_link/session.hpp": "reads the session's environment; tested through the program (tests/gui, tests/cli)",
    "handler/xdg/user_files.hpp": "the commands' file steps (configuration, registration paths); tested through the "
                              "program (tests/cli/handler_desktop*.{sh,py})",
    "include/mailtokit/draft.hpp": "types only; tested through mailto_test, json_test, compose_test",
    "include/mailtokit/export.h": "one macro; the consumer test checks what it exports",
    "include/mailtokit/mailtokit.h": "the C API: tests/c",
    "tests/unit/limits_test.cpp": "the configured limits across every entry point",
    "tests/unit/shortcuts_test.cpp": "the parser's fast paths against the full checks",
}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def header_layers(root, layers):
    owner = {}
    for layer in layers:
        for cpp in (root / "src" / layer).glob("*.cpp"):
            owner[cpp.stem] = layer
    result = {}
    for h in (root / "include" / "mailtokit").iterdir():
        if h.name in HEADER_LAYER:
            result[h.name] = HEADER_LAYER[h.name]
        elif h.stem in owner:
            result[h.name] = owner[h.stem]
    return result


def check_layers(root, layers):
    problems = []
    rank = {layer: i for i, layer in enumerate(layers)}
    public = header_layers(root, layers)
    for h in sorted((root / "include" / "mailtokit").iterdir()):
        if h.name not in public:
            problems.append(f"include/mailtokit/{h.name}: belongs to no layer (no src/<layer>/{h.stem}.cpp; "
                            "add it to HEADER_LAYER in tests/layout/check_layout.py)")
    files = [(f"include/mailtokit/{h.name}", public[h.name], h)
             for h in sorted((root / "include" / "mailtokit").iterdir()) if h.name in public]
    for layer in layers:
        folder = root / "src" / layer
        if not folder.is_dir():
            problems.append(f"src/{layer}/: the layer's folder is missing")
            continue
        files += [(f"src/{layer}/{f.name}", layer, f) for f in sorted(folder.iterdir()) if f.suffix in (".cpp", ".hpp")]
    for sub in sorted((root / "src").iterdir()):
        if sub.is_dir() and sub.name not in rank:
            problems.append(f"src/{sub.name}/: a folder that is not a layer (MAILTOKIT_LAYERS)")
        if sub.is_file() and sub.suffix in (".cpp", ".hpp", ".h"):
            problems.append(f"src/{sub.name}: a source outside the layer folders")
    for name, layer, path in files:
        text = path.read_text(encoding="utf-8")
        for m in INCLUDE.finditer(text):
            kind, inc = m.group(1), m.group(2)
            line = text.count("\n", 0, m.start()) + 1
            where = f"{name}:{line}: layer {layer} includes {kind}{inc}{'>' if kind == '<' else kind}"
            if kind == "<":
                for prefix, allowed in THIRD_PARTY.items():
                    if inc.startswith(prefix) and layer not in allowed:
                        problems.append(f"{where}, a dependency only layers {sorted(allowed)} may use")
                continue
            if inc.startswith("mailtokit/"):
                target = public.get(inc[len("mailtokit/"):])
            else:
                target = inc.split("/")[0] if "/" in inc and inc.split("/")[0] in rank else None
            if target is None:
                problems.append(f"{where}, which is neither a public header nor src/<layer>/<file>")
            elif rank[target] > rank[layer]:
                problems.append(f"{where}, of the higher layer {target}")
    return problems


# Third-party headers the program's folders may include: GTK only in the question's window.
PROGRAM_THIRD_PARTY = {"gtk/": {"ask"}}


def check_program(root, layers):
    """The program's folders: each file includes only its own folder and lower ones."""
    problems = []
    rank = {layer: i for i, layer in enumerate(layers)}
    handler = root / "handler"
    for sub in sorted(handler.iterdir()):
        sources = [f for f in sub.rglob("*") if f.suffix in (".cpp", ".hpp", ".h")] if sub.is_dir() else []
        if sub.is_dir() and sources and sub.name not in rank:
            problems.append(f"handler/{sub.name}/: a folder of sources that is not a layer (MAILTOKIT_PROGRAM_LAYERS)")
        if sub.is_file() and sub.suffix in (".cpp", ".hpp", ".h") and sub.name != "main.cpp":
            problems.append(f"handler/{sub.name}: a source outside the folders (only main.cpp is the top)")
    for layer in layers:
        folder = handler / layer
        if not folder.is_dir():
            problems.append(f"handler/{layer}/: the folder is missing")
            continue
        for path in sorted(f for f in folder.iterdir() if f.suffix in (".cpp", ".hpp")):
            text = path.read_text(encoding="utf-8")
            for m in INCLUDE.finditer(text):
                kind, inc = m.group(1), m.group(2)
                line = text.count("\n", 0, m.start()) + 1
                where = f"handler/{layer}/{path.name}:{line}: folder {layer} includes {kind}{inc}{'>' if kind == '<' else kind}"
                if kind == "<":
                    for prefix, allowed in PROGRAM_THIRD_PARTY.items():
                        if inc.startswith(prefix) and layer not in allowed:
                            problems.append(f"{where}, a dependency only folders {sorted(allowed)} may use")
                    continue
                if inc.startswith("mailtokit/"):
                    continue  # the library's public headers sit below the whole program
                top = inc.split("/")[0] if "/" in inc else None
                if top not in rank:
                    problems.append(f"{where}, which is neither a public header nor handler/<folder>/<file>")
                elif rank[top] > rank[layer]:
                    problems.append(f"{where}, of the higher folder {top}")
    return problems


def check_mirror(root, program_layers=()):
    problems = []
    pairs = [(root / "include" / "mailtokit", root / "tests" / "unit")]
    pairs += [(root / "handler" / layer, root / "tests" / "handler" / layer) for layer in program_layers]
    for headers, tests in pairs:
        stems = set()
        for h in sorted(headers.iterdir()) if headers.is_dir() else []:
            if h.suffix not in (".hpp", ".h"):
                continue
            stems.add(h.stem)
            rel = h.relative_to(root).as_posix()
            if rel not in UNMIRRORED and not (tests / f"{h.stem}_test.cpp").exists():
                problems.append(f"{rel}: no {tests.relative_to(root).as_posix()}/{h.stem}_test.cpp")
        for t in sorted(tests.glob("*_test.cpp")):
            rel = t.relative_to(root).as_posix()
            if rel not in UNMIRRORED and t.stem[: -len("_test")] not in stems:
                problems.append(f"{rel}: mirrors no header of {headers.relative_to(root).as_posix()}/")
    if program_layers:
        for t in sorted((root / "tests" / "handler").rglob("*_test.cpp")):
            if t.parent.name not in program_layers or t.parent.parent != root / "tests" / "handler":
                problems.append(f"{t.relative_to(root).as_posix()}: not in tests/handler/<folder>/ of a program folder")
    return problems


def self_test(layers, program_layers):
    """Plant one violation of each kind in a copy of the tree: each must be reported."""
    root = pathlib.Path(__file__).resolve().parents[2]
    ok = True

    def check(tree):
        return check_layers(tree, layers) + check_program(tree, program_layers) + check_mirror(tree, program_layers)

    with tempfile.TemporaryDirectory() as tmp:
        copy = pathlib.Path(tmp) / "tree"
        for sub in ("src", "include", "handler", "tests/unit", "tests/handler"):
            shutil.copytree(root / sub, copy / sub)
        if check(copy):
            print("self-test: the unchanged copy already fails")
            return False
        plants = [
            (copy / "src" / layers[0] / "planted.hpp", '#include "mailtokit/mailto.hpp"\n', "of the higher layer mailto"),
            (copy / "src" / "iri" / "planted.hpp", "#include <mimetic/mimetic.h>\n", "a dependency only layers ['mail']"),
            (copy / "src" / "header" / "planted.hpp", '#include "report/planted.hpp"\n', "of the higher layer report"),
            (copy / "include" / "mailtokit" / "orphan.hpp", "#pragma once\n", "belongs to no layer"),
            (copy / "tests" / "unit" / "stray_test.cpp", "\n", "mirrors no header"),
            (copy / "handler" / program_layers[0] / "planted.hpp", f'#include "{program_layers[-1]}/commands.hpp"\n',
             f"of the higher folder {program_layers[-1]}"),
            (copy / "handler" / program_layers[0] / "planted.cpp", "#include <gtk/gtk.h>\n", "a dependency only folders"),
            (copy / "handler" / "stray.cpp", "\n", "a source outside the folders"),
            (copy / "tests" / "handler" / program_layers[0] / "stray_test.cpp", "\n", "mirrors no header"),
        ]
        for path, text, expected in plants:
            path.write_text(text)
            found = [p for p in check(copy) if expected in p]
            print(f"self-test: planted {path.relative_to(copy)} -> {'found' if found else 'NOT FOUND'}: "
                  f"{found[0] if found else expected}")
            ok = ok and bool(found)
            path.unlink()
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("root", nargs="?")
    ap.add_argument("--layers", nargs="+", required=True)
    ap.add_argument("--program-layers", nargs="+", required=True)
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    if args.self_test:
        return 0 if self_test(args.layers, args.program_layers) else 1
    root = pathlib.Path(args.root)
    problems = (check_layers(root, args.layers) + check_program(root, args.program_layers) +
                check_mirror(root, args.program_layers))
    for p in problems:
        print(p)
    print(f"layers {' < '.join(args.layers)}; program folders {' < '.join(args.program_layers)}: "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
