#!/usr/bin/env bash
# Run the libFuzzer targets of tests/fuzz, one after another (or N at a time with --jobs), each
# for a bounded time or number of executions, starting from the seed corpus (and the inputs it
# found before in the build directory). Prints executions and time per target; with --record appends one line per target run
# to tests/fuzz/CAMPAIGNS.md. Exits 1 when any target finds a crash, leak, timeout, out-of-memory
# or property violation (the input is kept under <build>/fuzz-artifacts/<target>/).
#
#   tests/fuzz/run.sh [--build DIR] [--seconds S | --runs N] [--seed N] [--jobs J] [--record]
#                     [--merge] [--no-build | --build-only] [--totals [--commit C]] [TARGET...]
#
#   --build DIR   fuzz build directory (default build-fuzz); configured here with clang-14 and
#                 -DMAILTOKIT_FUZZ=ON -DMAILTOKIT_TESTS=OFF unless --no-build
#   --seconds S   time per target (libFuzzer -max_total_time; default $MAILTOKIT_FUZZ_SECONDS or 60)
#   --runs N      executions per target instead (libFuzzer -runs=N), e.g. --runs 10000000
#   --seed N      libFuzzer -seed=N (default 0: a random seed each run). The CI stage passes a
#                 fixed seed so that a commit's fuzz stage is reproducible: the same commit
#                 explores the same inputs, and a finding there can be replayed locally
#   --jobs J      targets run at the same time (default 1: the machine has 2 cores, shared)
#   --record      append "date | target | executions | seconds | result | commit" to CAMPAIGNS.md
#   --merge       afterwards, merge the inputs that add coverage into tests/fuzz/corpus/<target>/
#   --build-only  configure and build the targets, run none (.ci/test builds them this way while
#                 the desktop tests run)
#   --totals      print the executions and time each target has run without a finding, summed
#                 over CAMPAIGNS.md ("clean" lines; "interrupted" lines count for nothing), and exit
#   --commit C    with --totals: only the lines whose commit column is C (binaries built from C),
#                 e.g. the runs of one campaign on today's code
#   TARGET...     only these targets (default: every target the build has, see targets.txt)
#
# Environment: MAILTOKIT_FUZZ_SECONDS (default time), MAILTOKIT_FUZZ_MAX_LEN (default 4096),
# MAILTOKIT_FUZZ_TIMEOUT (seconds for one input before it counts as a hang, default 25),
# MAILTOKIT_FUZZ_RSS_MB (memory limit per process, default 2048).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build="$root/build-fuzz"
seconds="${MAILTOKIT_FUZZ_SECONDS:-60}"
runs=""
seed=0
jobs=1
record=0
merge=0
do_build=1
build_only=0
totals=0
only_commit=""
targets=()
while (($#)); do
  case "$1" in
    --build) build=$(realpath -m "$2"); shift 2 ;;
    --seconds) seconds="$2"; runs=""; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --record) record=1; shift ;;
    --merge) merge=1; shift ;;
    --no-build) do_build=0; shift ;;
    --build-only) build_only=1; shift ;;
    --totals) totals=1; shift ;;
    --commit) only_commit="$2"; shift 2 ;;
    -h|--help) sed -n '2,31p' "$0"; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 64 ;;
    *) targets+=("$1"); shift ;;
  esac
done
campaigns="$here/CAMPAIGNS.md"

if ((totals)); then
  # Sum the clean runs per target; a finding resets nothing here, it is listed as it happened.
  awk -F'|' -v only="$only_commit" '
    /^\| 20[0-9][0-9]-/ {
      t=$3; gsub(/ /,"",t); e=$4; gsub(/[ ,]/,"",e); s=$5; gsub(/ /,"",s); r=$6; gsub(/ /,"",r)
      c=$7; gsub(/ /,"",c)
      if (only != "" && c != only) next
      if (r=="clean") { ex[t]+=e; sec[t]+=s } else if (r=="finding") { found[t]++ }
      seen[t]=1
    }
    END {
      for (t in seen) printf "%-12s %15d %10d %d\n", t, ex[t], sec[t], found[t]
    }' "$campaigns" | sort | { printf "%-12s %15s %10s %s\n" target executions seconds "findings recorded"; cat; }
  exit 0
fi

if ((do_build)); then
  if ! command -v clang++-14 >/dev/null; then
    echo "run.sh: clang++-14 is needed (apt-get install clang-14 libclang-rt-14-dev)" >&2
    exit 69
  fi
  CC=clang-14 CXX=clang++-14 cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DMAILTOKIT_FUZZ=ON -DMAILTOKIT_TESTS=OFF -DMAILTOKIT_BENCH=OFF -DMAILTOKIT_WERROR=ON >/dev/null
  cmake --build "$build" -j"$(nproc)" --target mailtokit_fuzz_all
  # What the binaries were built from, for --record after a later --no-build run.
  stamp=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
  [[ -z "$(git -C "$root" status --porcelain -- src include tests/fuzz 2>/dev/null)" ]] || stamp="$stamp+changes"
  echo "$stamp" >"$build/built-from"
fi
((build_only)) && exit 0
list="$build/tests/fuzz/targets.txt"
[[ -f "$list" ]] || { echo "run.sh: no $list: configure $build with -DMAILTOKIT_FUZZ=ON first" >&2; exit 66; }
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(grep -v '^$' "$list")
fi
# The commit recorded is the one the binaries were built from (written by the build step above),
# not the one checked out now, which may be newer when --no-build reuses an older build.
if [[ -s "$build/built-from" ]]; then
  commit=$(<"$build/built-from")
else
  commit="$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)?"
fi
logs="$build/fuzz-logs"
mkdir -p "$logs"

# One target: fuzz, then print and optionally record "target executions seconds result".
run_one() {
  local t="$1" exe="$build/tests/fuzz/fuzz_$1"
  [[ -x "$exe" ]] || { echo "run.sh: $exe not built" >&2; return 2; }
  # Each run writes a log of its own ($BASHPID: --jobs runs this in subshells), so that two runs
  # of one target on one build (two campaign chunks side by side) cannot write over each other's
  # statistics; a clean run's log then becomes <target>.log, a finding's keeps its own name.
  local work="$build/fuzz-corpus/$t" art="$build/fuzz-artifacts/$t/" log="$logs/$t.$BASHPID.log"
  mkdir -p "$work" "$art"
  local bound=(-max_total_time="$seconds")
  [[ -n "$runs" ]] && bound=(-runs="$runs")
  # The seeds only: regression/<target>/ (past findings) is replayed by ctest in the normal and
  # sanitizer builds, so an open finding fails the suite without stopping the search for others.
  local dirs=("$work" "$here/corpus/$t")
  local start end rc=0
  start=$(date +%s)
  # The first directory receives new inputs; the seeds and regressions are read only.
  "$exe" "${bound[@]}" -seed="$seed" -print_final_stats=1 \
    -timeout="${MAILTOKIT_FUZZ_TIMEOUT:-25}" -rss_limit_mb="${MAILTOKIT_FUZZ_RSS_MB:-2048}" \
    -max_len="${MAILTOKIT_FUZZ_MAX_LEN:-4096}" -dict="$here/mailtokit.dict" -artifact_prefix="$art" \
    "${dirs[@]}" >"$log" 2>&1 || rc=$?
  end=$(date +%s)
  local execs result
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [[ -n "$execs" ]] || execs=$(grep -o 'Done [0-9]* runs' "$log" | grep -o '[0-9]*' | tail -1)
  [[ -n "$execs" ]] || execs=0
  if ((rc == 0)); then
    result=clean
  else
    result=finding
    echo "== $t: FINDING (exit $rc), log $log, inputs in $art" >&2
    grep -E -A12 '==mailtokit-fuzz==|ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|runtime error' "$log" | head -40 >&2 || true
  fi
  printf '%-12s %12s executions %6s s  %s\n' "$t" "$execs" "$((end - start))" "$result"
  if ((record)); then
    (
      flock 9
      [[ -s "$campaigns" ]] || printf '# Fuzz campaigns\n\nOne line per target run (tests/fuzz/run.sh --record).\n\n| date | target | executions | seconds | result | commit |\n|---|---|---|---|---|---|\n' >"$campaigns"
      printf '| %s | %s | %s | %s | %s | %s |\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$t" "$execs" "$((end - start))" "$result" "$commit" >>"$campaigns"
    ) 9>"$logs/.record.lock"
  fi
  if ((merge)) && [[ "$result" == clean ]]; then
    "$exe" -merge=1 -max_len="${MAILTOKIT_FUZZ_MAX_LEN:-4096}" "$here/corpus/$t" "$work" >>"$log" 2>&1 || true
  fi
  [[ "$result" == clean ]] && mv -f "$log" "$logs/$t.log"
  [[ "$result" == clean ]]
}

failed=0
pids=()
names=()
for t in "${targets[@]}"; do
  if ((jobs <= 1)); then
    run_one "$t" || failed=1
    continue
  fi
  run_one "$t" &
  pids+=($!)
  names+=("$t")
  if ((${#pids[@]} >= jobs)); then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
    names=("${names[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || failed=1; done
if ((failed)); then
  echo "fuzzing found problems (see above)" >&2
  exit 1
fi
echo "fuzzing: ${#targets[@]} targets, no finding"
