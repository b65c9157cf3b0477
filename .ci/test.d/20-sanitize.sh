#!/usr/bin/env bash
# Stage: the whole test suite again, built with AddressSanitizer, LeakSanitizer and
# UndefinedBehaviorSanitizer (-DMAILTOKIT_SANITIZE=ON). Any report fails the stage.
set -euo pipefail
cd "$(dirname "$0")/../.."
jobs=$(nproc)
build=build/sanitize
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMAILTOKIT_WERROR=ON -DMAILTOKIT_SANITIZE=ON \
  -DMAILTOKIT_BENCH=OFF -DMAILTOKIT_DOCS=OFF >/dev/null
cmake --build "$build" -j"$jobs"
# abort_on_error: a report is a failure even where an exit code is ignored; detect_leaks: LSan.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:disable_coredump=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
# GIO's own process-lifetime caches are not leaks of ours: .ci/lsan.supp says which.
export LSAN_OPTIONS="report_objects=1:print_suppressions=0:suppressions=$PWD/.ci/lsan.supp"
# The real mail clients and browsers are tested by the main run; here only our own code matters.
ctest --test-dir "$build" --output-on-failure -j"$jobs" -LE 'clients|browsers'
