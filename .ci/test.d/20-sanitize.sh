#!/usr/bin/env bash
# Stage: our own code again, built with AddressSanitizer, LeakSanitizer and
# UndefinedBehaviorSanitizer (-DMAILTOKIT_SANITIZE=ON) and with only the scalar reference of every
# fast path (-DMAILTOKIT_NO_SIMD=ON: the URI scan, the run copy of percent decoding, the small-string
# scans, the hostname byte check; SSE2, SSSE3 and SWAR, see src/text/simd.hpp), so that one build
# checks both: the main build runs the SIMD paths (and its unit tests compare each with its scalar
# reference), the fuzz stage runs them under ASan and UBSan. Any report fails the stage.
# The tests: every group but the real desktop programs (label desktop: the mail clients, browsers,
# Roundcube and the dialogs, which the main build runs) and the installed-package consumers (the
# main build, .ci/test.d/30-install.sh and the Debian stage run them): unit, program (cli),
# C API, oracles and the fuzz corpus replays; not the checks of documents against the program
# (man_page.py, readme_examples.py) nor batch_cli.sh, which compares `batch` with `inspect` over
# the whole benchmark link set, one process per sampled link: under the sanitizers these three
# took over ten minutes for no code of ours that the rest does not run (batch's own paths, its
# threads and signals, are in batch_signals.py, the batch unit tests and the cli tests here).
#
# With --build-only it configures and builds, and runs nothing: .ci/test starts it that way, niced,
# while the main build's tests wait on the real desktop programs, and this stage's own run then
# finds the build done.
set -euo pipefail
cd "$(dirname "$0")/../.."
jobs=$(nproc)
build=build/sanitize
# -O1 -g1 (line tables: reports still name file and line), as AddressSanitizer's documentation
# advises: half the compile time of -O2 -g for the same checks.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMAILTOKIT_WERROR=ON -DMAILTOKIT_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DMAILTOKIT_NO_SIMD=ON -DMAILTOKIT_DESKTOP_TESTS=OFF -DMAILTOKIT_BENCH=OFF -DMAILTOKIT_DOCS=OFF >/dev/null
cmake --build "$build" -j"$jobs"
[[ "${1:-}" == --build-only ]] && exit 0
# abort_on_error: a report is a failure even where an exit code is ignored; detect_leaks: LSan.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:disable_coredump=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
# GIO's own process-lifetime caches are not leaks of ours: .ci/lsan.supp says which.
export LSAN_OPTIONS="report_objects=1:print_suppressions=0:suppressions=$PWD/.ci/lsan.supp"
# readme_install.py, like the consumer test, compiles programs against the installed library,
# which a sanitized library cannot serve to a program built without the sanitizers.
ctest --test-dir "$build" --output-on-failure -j"$jobs" -LE 'desktop|consumer' \
  -E '^cli: (man_page\.py|readme_examples\.py|batch_cli\.sh|readme_install\.py)$'
