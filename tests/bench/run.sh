#!/usr/bin/env bash
# The benchmark run behind the README's performance section: builds mailtokit_bench and the
# program (Release), runs the benchmark with fixed repetitions, the Python peer on the same links,
# `mailtokit batch` on 100,000 and 1,000,000 lines and, process against process, against the Python
# pipeline (peer_batch.py) on 200,000, one call of `mailtokit open` as a process (bench_open.py),
# and prints the Markdown tables with the machine described. About 6 minutes after the build on a
# 2-core machine.
# usage: tests/bench/run.sh [BUILD_DIR]   (default build/bench; results in BUILD_DIR/bench-results)
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
build=$(mkdir -p "${1:-$src/build/bench}" && cd "${1:-$src/build/bench}" && pwd)
out="$build/bench-results"
mkdir -p "$out"
here="$src/tests/bench"
start=$SECONDS

cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DMAILTOKIT_BENCH=ON >/dev/null
cmake --build "$build" -j"$(nproc)" --target mailtokit_bench mailtokit_cli >/dev/null
prog="$build/handler/mailtokit"
built=$SECONDS
load=$(cut -d" " -f1-3 /proc/loadavg)

# Ten short repetitions; the report keeps the best of each (CPU time, single-threaded).
# Random interleaving: the repetitions of all benchmarks run in a shuffled order, so a busy machine
# slows ours and the peers alike instead of skewing the ratios of benchmarks run one after another.
"$build/tests/bench/mailtokit_bench" --benchmark_repetitions=10 --benchmark_min_time=0.1 \
  --benchmark_enable_random_interleaving=true \
  --benchmark_out="$out/bench.json" --benchmark_out_format=json > "$out/bench.txt"
sed -n '/^Ratios/,$p' "$out/bench.txt" >&2
python3 "$here/peer_python.py" "$here/data" --min-time 0.3 > "$out/python.json"
python3 "$here/bench_batch.py" "$prog" "$here/data" --lines 100000 --jobs 1 > "$out/batch-100k.json"
# batch --json against the Python pipeline (peer_batch.py), process against process, alternated.
python3 "$here/bench_batch.py" "$prog" "$here/data" --lines 200000 --jobs 1 --python 3 > "$out/batch-python.json"
python3 "$here/bench_batch.py" "$prog" "$here/data" --lines 1000000 --jobs "1,$(nproc)" > "$out/batch-1m.json"
python3 "$here/bench_open.py" "$prog" "$here/data" --runs 200 > "$out/open.json"

cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
hv=$(lscpu | sed -n 's/^Hypervisor vendor: *//p')
machine="$(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores${hv:+ (virtualized: $hv)}, \
$(free -g | awk '/^Mem:/ {print $2 " GB RAM"}'), Linux $(uname -r), $("$cxx" --version | head -1) -O3 (Release), \
Boost $(sed -n 's/^#define BOOST_LIB_VERSION "\(.*\)"/\1/p' /usr/include/boost/version.hpp | tr _ .), \
GMime $(pkg-config --modversion gmime-3.0), Python $(python3 -c 'import platform; print(platform.python_version())'), \
$(date -u +%Y-%m-%d), load average before the run ${load}"
python3 "$here/report.py" "$out/bench.json" "$out/python.json" "$out/batch-100k.json" "$out/batch-1m.json" "$out/batch-python.json" \
  --open "$out/open.json" --machine "$machine" | tee "$out/report.md"
echo "build $((built - start)) s, measurements $((SECONDS - built)) s; results in $out" >&2
