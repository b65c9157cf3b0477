#!/usr/bin/env bash
# Stage: bounded libFuzzer runs of every fuzz target (tests/fuzz), MAILTOKIT_FUZZ_SECONDS each
# (default 20: the stage takes about 6 minutes on 2 cores), two at a time on two cores, with a fixed seed (MAILTOKIT_FUZZ_SEED, default 1;
# 0 picks a random one) so that the stage is reproducible: a commit explores the same inputs here
# as on a developer's machine. Open-ended search runs separately (tests/fuzz/CAMPAIGNS.md). Needs clang-14 with its libFuzzer runtime
# (libclang-rt-14-dev, installed by .ci/install-deps --test): without it the stage fails, unless
# MAILTOKIT_FUZZ_SECONDS=0 turns it off explicitly. The clang build has warnings as errors
# (MAILTOKIT_WERROR): the library and the fuzz targets stay warning-free with clang 14 too.
# With --build-only it builds the targets and runs none: .ci/test starts it that way in the
# background, after the sanitizer build, and this stage's own run then finds the build done.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ "${MAILTOKIT_FUZZ_SECONDS:-20}" == 0 ]]; then
  echo "fuzz stage turned off (MAILTOKIT_FUZZ_SECONDS=0)"
  exit 0
fi
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' >"$probe/p.cpp"
if ! command -v clang++-14 >/dev/null ||
   ! clang++-14 -fsanitize=fuzzer,address,undefined "$probe/p.cpp" -o "$probe/p" >/dev/null 2>&1; then
  echo "fuzz stage: clang++-14 with libFuzzer is not available (bash .ci/install-deps --test installs" \
       "clang-14 and libclang-rt-14-dev; MAILTOKIT_FUZZ_SECONDS=0 turns the stage off)" >&2
  exit 1
fi
if [[ "${1:-}" == --build-only ]]; then
  exec bash tests/fuzz/run.sh --build build/fuzz --build-only
fi
bash tests/fuzz/run.sh --build build/fuzz --seconds "${MAILTOKIT_FUZZ_SECONDS:-20}" \
  --seed "${MAILTOKIT_FUZZ_SEED:-1}" \
  --jobs "${MAILTOKIT_FUZZ_JOBS:-$(nproc)}"
