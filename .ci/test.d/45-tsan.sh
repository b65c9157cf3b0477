#!/usr/bin/env bash
# Stage: ThreadSanitizer. The library, the program and the threads harness (tests/tsan) built
# with clang-14 and -fsanitize=thread (-DMAILTOKIT_TSAN=ON; no unit tests: the harness is the
# test), then:
# 1. tests/tsan/threads.cpp: eight threads over every public entry point, C++ and C API, on the
#    test vectors and fuzz seed corpora (each input run by four of the threads), from a cold
#    start, with shared read-only options, policies and drafts, and fork() while they compose
#    (the children's, the parent's and the threads' Message-IDs must all differ); any
#    ThreadSanitizer report or a result that differs from a single thread's fails the stage.
# 2. The same harness with a planted race (MAILTOKIT_TSAN_PLANTED_RACE: one idna::cache shared by
#    the threads, a real race inside the library's code): ThreadSanitizer must report a data race
#    in src/unicode/idna_cache.cpp, or the stage fails, so that it cannot pass with the library
#    uninstrumented, the reports lost or the threads not overlapping.
# 3. `mailtokit batch` of this build on a mixed input (the links of tests/data and the mailto
#    seed corpus, one per line: good, repaired, refused, too long): --json with -j 8 and -j 1
#    (the same output: input order kept), the text summary with -j 3 and --compose DIR with
#    -j 4; any report fails the stage.
# ICU, libidn2, libxml2, mimetic and GLib are Debian's builds, not instrumented: their own
# accesses are not checked, and .ci/tsan.supp says which of their internals are suppressed, why.
#
# With --build-only it configures and builds, and runs nothing: .ci/test starts it that way,
# niced, while the main build's tests run, and this stage's own run then finds the build done.
set -euo pipefail
cd "$(dirname "$0")/../.."
jobs=$(nproc)
build=build/tsan
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'int main() { return 0; }\n' >"$probe/p.cpp"
if ! command -v clang++-14 >/dev/null || ! clang++-14 -fsanitize=thread "$probe/p.cpp" -o "$probe/p" >/dev/null 2>&1; then
  echo "tsan stage: clang++-14 with its ThreadSanitizer runtime is not available (bash .ci/install-deps --test" \
       "installs clang-14 and libclang-rt-14-dev)" >&2
  exit 1
fi
# -O1 -g1 as in the sanitizer stage: reports name file and line, at half the compile time of -O2 -g.
CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMAILTOKIT_TSAN=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DMAILTOKIT_TESTS=OFF -DMAILTOKIT_BENCH=OFF -DMAILTOKIT_DOCS=OFF -DMAILTOKIT_WERROR=ON >/dev/null
cmake --build "$build" -j"$jobs" --target mailtokit_tsan_all
[[ "${1:-}" == --build-only ]] && exit 0

out="$build/tsan-run"
rm -rf "$out"
mkdir -p "$out"
failed=0
fail() { echo "FAIL: $*" >&2; failed=1; }
# exitcode: a run with any report ends with 66 (the harness's own failures are 1).
tsan_options="exitcode=66 second_deadlock_stack=1 history_size=4 suppressions=$PWD/.ci/tsan.supp"
reported() { grep -q 'WARNING: ThreadSanitizer' "$1"; }

# 1. The harness.
rc=0
TSAN_OPTIONS="$tsan_options halt_on_error=0" "$build"/tests/tsan/mailtokit_tsan_threads --threads 8 --copies 4 \
  >"$out/threads.log" 2>&1 || rc=$?
tail -n 1 "$out/threads.log"
if ((rc != 0)) || reported "$out/threads.log"; then
  grep -A40 'WARNING: ThreadSanitizer\|^FAIL' "$out/threads.log" | head -150 >&2 || true
  fail "the threads harness (exit $rc, log $out/threads.log)"
fi

# 2. The planted race must be found, in the library's own code.
rc=0
TSAN_OPTIONS="$tsan_options halt_on_error=1" "$build"/tests/tsan/mailtokit_tsan_planted --threads 8 \
  >"$out/planted.log" 2>&1 || rc=$?
if ((rc == 66)) && grep -q 'WARNING: ThreadSanitizer: data race' "$out/planted.log" &&
   grep -q 'src/unicode/idna_cache.cpp' "$out/planted.log"; then
  echo "planted race: ThreadSanitizer reported it in src/unicode/idna_cache.cpp (exit $rc)"
else
  head -n 60 "$out/planted.log" >&2
  fail "the planted race in the shared idna::cache was not reported (exit $rc, log $out/planted.log)"
fi

# 3. `mailtokit batch -j` on a mixed input: the links of the test vectors (first columns), the
# mailto seed corpus (one file a line, or several when it holds line breaks), a line over
# --max-input; twenty times over (38,000 lines, 75 chunks of work) for the threads, once for
# --compose.
links="$out/links.txt"
for tsv in rfc6068_examples corpus_real_links lenient_links hostile_inputs hostile_links; do
  grep -v '^#' "tests/data/$tsv.tsv" | cut -f1
done >"$links"
awk 1 tests/fuzz/corpus/mailto/* >>"$links"
printf 'mailto:long@example.org?body=%s\n' "$(head -c 70000 /dev/zero | tr '\0' x)" >>"$links"
for _ in $(seq 20); do cat "$links"; done >"$out/many.txt"
home="$out/home"
mkdir -p "$home"
prog="$build/handler/mailtokit"
# The program must be instrumented, or this part would pass having checked nothing.
nm "$prog" | grep ' T __tsan_init$' >/dev/null || fail "$prog is not built with ThreadSanitizer"
batch() {  # batch NAME INPUT ARGS...: `mailtokit batch ARGS` on INPUT, output to $out/NAME.out
  local name=$1 input=$2 rc=0
  shift 2
  env -i PATH=/usr/bin:/bin HOME="$home" XDG_CONFIG_HOME="$home/.config" LC_ALL=C.UTF-8 \
    TSAN_OPTIONS="$tsan_options halt_on_error=0" "$prog" batch --max-input 65536 "$@" \
    <"$input" >"$out/$name.out" 2>"$out/$name.log" || rc=$?
  if ((rc != 0)) || reported "$out/$name.log"; then
    grep -A40 'WARNING: ThreadSanitizer' "$out/$name.log" | head -150 >&2 || tail -n 20 "$out/$name.log" >&2
    fail "mailtokit batch $* (exit $rc, log $out/$name.log)"
  fi
}
batch json8 "$out/many.txt" --json -j 8 --stats
batch json1 "$out/many.txt" --json -j 1
batch text3 "$out/many.txt" -j 3
batch compose4 "$links" -j 4 --compose "$out/drafts" --date "Sun, 22 Nov 2026 10:00:00 +0000"
lines=$(wc -l <"$out/many.txt")
cmp -s "$out/json8.out" "$out/json1.out" || fail "batch --json -j 8 and -j 1 wrote different outputs"
[[ $(wc -l <"$out/json8.out") == "$lines" ]] || fail "batch --json -j 8: not one output line per input line"
[[ $(wc -l <"$out/text3.out") == "$lines" ]] || fail "batch -j 3: not one output line per input line"
drafts=$(find "$out/drafts" -name '*.eml' | wc -l)
good=$(grep -c $'\tok\t' "$out/compose4.out" || true)
((drafts == good && good > 0)) || fail "batch --compose -j 4 wrote $drafts drafts for $good good lines"
echo "batch -j 8, 1, 3 and 4 (--compose: $drafts drafts) under ThreadSanitizer: $(tail -n 1 "$out/json8.log")"

((failed == 0)) || exit 1
echo "tsan stage: no data race in the library or batch, and the planted race was found"
