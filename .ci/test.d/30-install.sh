#!/usr/bin/env bash
# Stage: the installed package, as a packager meets it.
# 1. A staged install (DESTDIR, prefix /usr) of the main build (build/ci, the packager's Release
#    build with warnings as errors) puts every file under DESTDIR, and mailtokit.pc names the
#    install-time prefix. (The main build's ctest already built and ran the consumer projects,
#    tests/consumer: C++ with find_package(mailtokit), C with pkg-config, against the shared and
#    the static library, installed to a temporary prefix; the Debian stage runs them against the
#    packages in a fresh Debian 12 root.)
# 2. The C API tests (tests/c) under AddressSanitizer, LeakSanitizer and UBSan: the ones the
#    sanitizer stage built in build/sanitize when it ran, else a small sanitized build of just them.
set -euo pipefail
cd "$(dirname "$0")/../.."
jobs=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
quiet() {  # run a build step, showing its output only when it fails
  "$@" >"$tmp/step.log" 2>&1 || { tail -n 60 "$tmp/step.log"; return 1; }
}

build=build/ci
[[ -f "$build/CMakeCache.txt" ]] || { echo "FAILED: no main build in $build (run .ci/test)"; exit 1; }

echo "-- staged install (DESTDIR) to /usr"
DESTDIR="$tmp/stage" cmake --install "$build" --prefix /usr >/dev/null
fail=0
for f in usr/bin/mailtokit usr/libexec/mailtokit/mailtokit-ask usr/include/mailtokit/mailtokit.h \
         usr/share/man/man1/mailtokit.1 usr/share/man/man1/mailtokit-open.1 usr/share/man/man5/mailtokit.conf.5 \
         usr/share/locale/{de,fr,es}/LC_MESSAGES/mailtokit.mo; do
  [[ -e "$tmp/stage/$f" ]] || { echo "FAILED: staged install lacks /$f"; fail=1; }
done
if [[ -n "$(find "$tmp/stage" -mindepth 1 -maxdepth 1 ! -name usr)" ]]; then
  echo "FAILED: staged install wrote outside DESTDIR/usr"
  fail=1
fi
for f in mailtokit.pc mailtokit-static.pc; do
  grep -qx 'prefix=/usr' "$(find "$tmp/stage" -name "$f")" || { echo "FAILED: staged $f does not say prefix=/usr"; fail=1; }
done
# The README's uninstall removes every installed file and the folders left empty (here: all of
# DESTDIR/usr's but the prefix itself).
cmake --build "$build" --target uninstall >/dev/null
left=$(find "$tmp/stage" -mindepth 1 ! -path "$tmp/stage/usr")
[[ -z "$left" ]] || { echo "FAILED: the uninstall target left:"; echo "$left" | head -20; fail=1; }
((fail == 0)) || exit 1
echo "staged install and uninstall: ok"

echo "-- C API tests under ASan/LSan/UBSan"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:disable_coredump=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
# The same suppressions as the sanitizer stage: GIO's caches, and mimetic's tree left unfreed
# only when memory runs out inside it (.ci/lsan.supp says why).
export LSAN_OPTIONS="report_objects=1:print_suppressions=0:suppressions=$PWD/.ci/lsan.supp"
san=build/sanitize
if ! [[ -f "$san/CMakeCache.txt" ]] || ! grep -q '^MAILTOKIT_SANITIZE:BOOL=ON' "$san/CMakeCache.txt" ||
   ! [[ -x "$san/tests/c/c_parse_test" ]]; then
  san=build/c-sanitize
  quiet cmake -S . -B "$san" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMAILTOKIT_WERROR=ON -DMAILTOKIT_SANITIZE=ON \
    -DMAILTOKIT_BENCH=OFF
  # The targets of tests/c/CMakeLists.txt: c_<name> for each <name>.c test, the map test, the example.
  targets="$(for t in tests/c/*_test.c; do t=${t##*/}; printf 'c_%s ' "${t%.c}"; done) c_error_map_test c_example"
  # shellcheck disable=SC2086
  quiet cmake --build "$san" -j"$jobs" --target $targets
fi
ctest --test-dir "$san" -L c_api --output-on-failure -j"$jobs"
