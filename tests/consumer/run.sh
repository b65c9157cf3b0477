#!/usr/bin/env bash
# Build and run the consumer projects against an INSTALLED mailtokit, never the source tree:
#   run.sh --install BUILD_DIR WORK_DIR   `cmake --install BUILD_DIR --prefix WORK_DIR/prefix`, then test it
#   run.sh --prefix PREFIX WORK_DIR       test an existing install (e.g. a DESTDIR staging of /usr)
# Checks the exported symbols (nm -D: only the API that MAILTOKIT_API marks) and the installed
# layout (headers, libmailtokit.so.0.1.0 with SONAME libmailtokit.so.0, libmailtokit.a, CMake
# package with version file, mailtokit.pc, program, man pages, desktop file), then builds
#   cxx/  with CMake: find_package(mailtokit) -> the C++ consumer against the shared and the static
#         library, and tests/c/example.c compiled as C against the shared library;
#   c_cmake/ with CMake in a C-only project (project(app C)): tests/c/example.c against both libraries;
#   c/    with make + pkg-config: tests/c/example.c against the shared and the static library;
# and runs them. Env: CC, CXX (default cc, c++); MAILTOKIT_CONSUMER_FLAGS, extra compile and link
# flags (the sanitizer flags when the installed library was built with MAILTOKIT_SANITIZE).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
example_src="$here/../c/example.c"

mode="${1:-}"; arg="${2:-}"; work="${3:-}"
if [[ -z "$mode" || -z "$arg" || -z "$work" ]]; then
  echo "usage: $0 --install BUILD_DIR WORK_DIR | --prefix PREFIX WORK_DIR" >&2
  exit 64
fi
rm -rf "$work"
mkdir -p "$work"
work="$(cd "$work" && pwd)"
case "$mode" in
  --install)
    prefix="$work/prefix"
    cmake --install "$arg" --prefix "$prefix" >"$work/install.log"
    ;;
  --prefix) prefix="$(cd "$arg" && pwd)" ;;
  *) echo "unknown mode $mode" >&2; exit 64 ;;
esac
export CC="${CC:-cc}" CXX="${CXX:-c++}"
flags="${MAILTOKIT_CONSUMER_FLAGS:-}"

passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAILED: $*" >&2; }
expect() {  # expect DESCRIPTION COMMAND...: the command succeeds
  local what="$1"; shift
  if "$@"; then ok; else bad "$what"; fi
}
has() {  # has FILE TEXT: FILE contains the fixed string TEXT
  grep -qF -- "$2" "$1"
}

# --- the installed layout ---
libdir=""
for d in "$prefix"/lib "$prefix"/lib64 "$prefix"/lib/*-linux-gnu*; do
  [[ -f "$d/pkgconfig/mailtokit.pc" ]] && libdir="$d"
done
if [[ -z "$libdir" ]]; then
  echo "FAILED: no mailtokit.pc under $prefix" >&2
  exit 1
fi
for f in include/mailtokit.hpp include/mailtokit/mailtokit.h include/mailtokit/result.hpp bin/mailtokit; do
  expect "installed $f" test -f "$prefix/$f"
done
# The man pages: as CMake installs them, or compressed as Debian's packages install them
# (dh_compress); `man` finds mailtokit(1), a command's page and mailtokit.conf(5) by name.
man_dir="$prefix/share/man"
for page in man1/mailtokit.1 man1/mailtokit-open.1 man1/mailtokit-inspect.1 man5/mailtokit.conf.5; do
  expect "installed share/man/$page (or $page.gz)" test -f "$man_dir/$page" -o -f "$man_dir/$page.gz"
done
for page in mailtokit mailtokit-open mailtokit.conf; do
  expect "man $page (MANPATH=$man_dir)" has <(MANPATH="$man_dir" MANWIDTH=80 MANPAGER=cat man "$page" 2>&1) "${page^^}"
done
for f in libmailtokit.so.0.1.0 libmailtokit.a cmake/mailtokit/mailtokit-config.cmake \
         cmake/mailtokit/mailtokit-config-version.cmake cmake/mailtokit/mailtokit-targets.cmake; do
  expect "installed lib/$f" test -f "$libdir/$f"
done
expect "libmailtokit.so.0 -> libmailtokit.so.0.1.0" test "$(readlink "$libdir/libmailtokit.so.0")" = libmailtokit.so.0.1.0
expect "libmailtokit.so -> libmailtokit.so.0" test "$(readlink "$libdir/libmailtokit.so")" = libmailtokit.so.0
expect "SONAME libmailtokit.so.0" has <(readelf -d "$libdir/libmailtokit.so.0.1.0") "Library soname: [libmailtokit.so.0]"
# --- the exported symbols: the API marked MAILTOKIT_API, nothing else (no detail::, no helpers of
# src/, no template code of the standard library or the dependencies, no program machinery) ---
so="$libdir/libmailtokit.so.0.1.0"
nm -D --defined-only -C "$so" | sed -E 's/^[0-9a-f]+ [A-Za-z] //; s/\[abi:[a-z0-9]+\]//g' | sort -u >"$work/exports.txt"
headers=("$prefix"/include/mailtokit.hpp "$prefix"/include/mailtokit/*)
api_namespaces=" $(sed -n 's/^namespace mailtokit::\([a-z0-9_]*\) {.*/\1/p' "${headers[@]}" | grep -vx detail | sort -u | tr '\n' ' ')"
non_api() {  # non_api SYMBOL: succeeds (and says why) when SYMBOL is not part of the installed API
  local sym="$1" name parts part
  case "$sym" in
    mailtokit_*) grep -q "\b${sym}(" "$prefix/include/mailtokit/mailtokit.h" && return 1
                 echo "C symbol not declared in mailtokit.h"; return 0 ;;
    mailtokit::*) ;;
    *) echo "outside the mailtokit namespace"; return 0 ;;
  esac
  [[ "$sym" == *"(anonymous namespace)"* ]] && { echo "internal namespace"; return 0; }
  name=${sym%%(*}
  IFS=: read -r -a parts <<<"${name//::/:}"
  for part in "${parts[@]}"; do
    [[ "$part" == detail || "$part" == *anonymous* ]] && { echo "internal namespace"; return 0; }
  done
  # mailtokit::<namespace of an installed header or a name declared there>::...::<declared name>
  part=${parts[1]}
  if [[ "$api_namespaces" != *" $part "* ]] && ! grep -qw -- "$part" "${headers[@]}"; then
    echo "'$part' is not a namespace or name of the installed headers"; return 0
  fi
  part=${parts[${#parts[@]}-1]}; part=${part#\~}; part=${part%%[ <]*}
  if ! grep -qw -- "$part" "${headers[@]}"; then echo "'$part' is not declared in the installed headers"; return 0; fi
  return 1
}
leaks=0
while IFS= read -r sym; do
  if why=$(non_api "$sym"); then echo "exported but not API ($why): $sym" >&2; leaks=$((leaks + 1)); fi
done <"$work/exports.txt"
expect "libmailtokit.so exports only the API ($leaks other symbols; nm -D)" test "$leaks" = 0
expect "libmailtokit.so exports the C API (mailtokit_parse)" grep -qx 'mailtokit_parse' "$work/exports.txt"
expect "libmailtokit.so exports the C++ API (mailtokit::parse_mailto)" grep -q '^mailtokit::parse_mailto(' "$work/exports.txt"

# The tools these checks need are test dependencies (.ci/install-deps --test): missing is a failure.
for tool in desktop-file-validate groff man readelf; do
  command -v "$tool" >/dev/null || bad "$tool is missing (bash .ci/install-deps --test installs it)"
done
expect "installed share/applications/mailtokit.desktop" test -f "$prefix/share/applications/mailtokit.desktop"
expect "desktop-file-validate" desktop-file-validate "$prefix/share/applications/mailtokit.desktop"
expect "installed share/applications/mailtokit-settings.desktop (the Mail links menu entry)" \
  desktop-file-validate "$prefix/share/applications/mailtokit-settings.desktop"
expect "installed program runs (--help)" "$prefix/bin/mailtokit" --help >/dev/null
# The installed man pages render without warnings and document every subcommand, option, error
# and warning code and configuration key of the installed program, and nothing else.
if PYTHONPATH="$here/..${PYTHONPATH:+:$PYTHONPATH}" python3 "$here/../cli/man_page.py" "$prefix/bin/mailtokit" "$man_dir" >"$work/man.log" 2>&1; then
  ok
else
  bad "installed man pages cover the installed program (tests/cli/man_page.py)"
  cat "$work/man.log" >&2
fi

natto='mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO'
# What the example must print for RFC 6068's natto link (section 6): the domain in U-labels
# (U+7D0D U+8C46) and A-labels, subject and body, and "To: user@xn--99zt52a.example.org".
check_example() {  # check_example NAME PROGRAM
  local out="$work/$1.out"
  if ! "$2" "$natto" >"$out" 2>&1; then bad "$1 runs"; cat "$out" >&2; return; fi
  ok
  expect "$1: recipient" has "$out" $'to: user@\xE7\xB4\x8D\xE8\xB1\x86.example.org (ascii domain xn--99zt52a.example.org)'
  expect "$1: subject" has "$out" "subject: Test"
  expect "$1: body" has "$out" "body: NATTO"
  expect "$1: composed To" has "$out" "To: user@xn--99zt52a.example.org"
  expect "$1: no error" bash -c "! grep -q ': error ' '$out'"
  # A refused link: the exit code and the error name with its byte offset (a raw control character,
  # which no repair makes safe, at byte 32).
  "$2" $'mailto:user@example.org?subject=\x01' >"$out.bad" 2>&1 && bad "$1: a raw control refused"
  expect "$1: a raw control refused with offset" has "$out.bad" "refused: mailto_bad_char at byte 32"
}
needed() { readelf -d "$1" | grep -c 'Shared library: \[libmailtokit.so.0\]' || true; }

# --- C++ (and C) through find_package(mailtokit), only the prefix on the search path ---
cmake_args=(-DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
            -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX"
            -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags")
if cmake -S "$here/cxx" -B "$work/cxx" "${cmake_args[@]}" >"$work/cxx-configure.log" 2>&1 &&
   cmake --build "$work/cxx" -j2 >"$work/cxx-build.log" 2>&1; then
  ok
  for exe in consumer_shared consumer_static; do
    if "$work/cxx/$exe" >"$work/$exe.out" 2>&1; then ok; else bad "$exe"; cat "$work/$exe.out" >&2; fi
  done
  expect "consumer_shared needs libmailtokit.so.0" test "$(needed "$work/cxx/consumer_shared")" = 1
  expect "consumer_static does not need libmailtokit.so.0" test "$(needed "$work/cxx/consumer_static")" = 0
  check_example consumer_c_cmake "$work/cxx/consumer_c_cmake"
else
  bad "CMake consumer configures and builds"
  cat "$work"/cxx-*.log >&2
fi
# --- C only (project(app C), no C++ enabled) through find_package(mailtokit): both libraries ---
if cmake -S "$here/c_cmake" -B "$work/c_cmake" "${cmake_args[@]}" >"$work/c_cmake-configure.log" 2>&1 &&
   cmake --build "$work/c_cmake" -j2 >"$work/c_cmake-build.log" 2>&1; then
  ok
  check_example consumer_c_cmake_shared "$work/c_cmake/consumer_c_shared"
  check_example consumer_c_cmake_static "$work/c_cmake/consumer_c_static"
  expect "C-only consumer_c_static does not need libmailtokit.so.0" test "$(needed "$work/c_cmake/consumer_c_static")" = 0
else
  bad "C-only CMake consumer (project(app C)) configures and builds against both libraries"
  cat "$work"/c_cmake-*.log >&2
fi
# The version file: an incompatible request is refused.
if cmake -S "$here/cxx" -B "$work/cxx-v9" "${cmake_args[@]}" -DMAILTOKIT_CONSUMER_VERSION=9.0 >"$work/cxx-v9.log" 2>&1; then
  bad "find_package(mailtokit 9.0) must fail"
else
  expect "find_package(mailtokit 9.0) refused by the version file" has "$work/cxx-v9.log" "compatible with requested version \"9.0\""
fi

# The API reference comes with the -dev files when the build made it (MAILTOKIT_DOCS, on with the
# tests and in the Debian package).
if [[ "$mode" == --prefix ]] || grep -qx 'MAILTOKIT_DOCS:BOOL=ON' "$arg/CMakeCache.txt"; then
  expect "the API reference is installed" test -f "$prefix/share/doc/libmailtokit-dev/html/index.html"
fi

# --- C through pkg-config, only the prefix's .pc on the search path ---
mkdir -p "$work/c"
export PKG_CONFIG_PATH="$libdir/pkgconfig"
expect "pkg-config --modversion" test "$(pkg-config --modversion mailtokit)" = 0.1.0
# The headers need nothing but their own folder (no libxml2, ICU or libidn2 flags).
cflags="$(pkg-config --cflags mailtokit | xargs)"
expect "pkg-config --cflags names only the include folder ($cflags)" \
  test "$cflags" = "-I$(pkg-config --variable=includedir mailtokit)" -o -z "$cflags"
# The static module names the archive itself, so the linker cannot take the .so beside it; with
# --static it gives the same (its dependencies are in Libs already).
static_libs="$(pkg-config --libs mailtokit-static | xargs)"
expect "pkg-config --libs mailtokit-static names libmailtokit.a ($static_libs)" \
  test "${static_libs%% *}" = "$(pkg-config --variable=libdir mailtokit-static)/libmailtokit.a"
expect "pkg-config --static --libs mailtokit-static gives the same" \
  test "$(pkg-config --static --libs mailtokit-static | xargs)" = "$static_libs"
if make -C "$work/c" -f "$here/c/Makefile" SRC="$example_src" CFLAGS="-O2 $flags" LDFLAGS="$flags" all static \
     >"$work/c-build.log" 2>&1; then
  ok
  check_example consumer_c "$work/c/consumer_c"
  check_example consumer_c_static "$work/c/consumer_c_static"
  expect "consumer_c needs libmailtokit.so.0" test "$(needed "$work/c/consumer_c")" = 1
  expect "consumer_c_static does not need libmailtokit.so.0" test "$(needed "$work/c/consumer_c_static")" = 0
else
  bad "pkg-config consumer builds"
  cat "$work/c-build.log" >&2
fi

echo "consumer: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
