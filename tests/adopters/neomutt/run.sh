#!/bin/sh
# NeoMutt on libmailtokit: apply neomutt-*-mailtokit.patch to a copy of a clean NeoMutt clone,
# build it against the libmailtokit of this tree, run NeoMutt's own test suite with and without
# the patch, then feed our attack and wild links to the patched mutt_parse_mailto() (harness.c)
# and compare its recipients with `mailtokit inspect --json`. See README.md here.
#
#   tests/adopters/neomutt/run.sh NEOMUTT_SOURCE_DIR NEOMUTT_TEST_FILES_DIR
#
#   NEOMUTT_SOURCE_DIR      a git clone of github.com/neomutt/neomutt at the release the patch
#                           names (it is copied, never changed)
#   NEOMUTT_TEST_FILES_DIR  a clone of github.com/neomutt/neomutt-test-files (copied too)
#
# Environment: WORK_DIR (default: a new temporary directory, kept for inspection), JOBS (make -j,
# default 2), MAILTOKIT_PREFIX (an existing install of libmailtokit to use instead of building
# this tree). Needs what NeoMutt's build needs (cc, make, ncurses, pkg-config; on Debian 12:
# build-essential libncurses-dev pkg-config), python3 and python3-idna.
# Exit status 0 only when both test suites and the harness pass.
set -eu

if [ $# -ne 2 ]; then
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
src=$(cd "$1" && pwd)
testfiles=$(cd "$2" && pwd)
jobs=${JOBS:-2}
work=${WORK_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/mailtokit-neomutt.XXXXXX")}
mkdir -p "$work"
patch_file=$(ls "$here"/neomutt-*-mailtokit.patch)
configure_flags="--disable-doc --disable-nls --disable-pgp --disable-smime --disable-idn"
say() { printf '== %s\n' "$*"; }

# --- the NeoMutt release the patch is made against ---------------------------------------------
base=$(sed -n 's/^base-commit: //p' "$patch_file")
have=$(git -C "$src" rev-parse HEAD)
say "NeoMutt: $src at $have ($(git -C "$src" describe --tags --always HEAD))"
if [ "$have" != "$base" ]; then
  echo "run.sh: the patch is made against $base; check it out first (git -C $src checkout $base)" >&2
  exit 65
fi

# --- libmailtokit from this tree ---------------------------------------------------------------
if [ -n "${MAILTOKIT_PREFIX:-}" ]; then
  prefix=$MAILTOKIT_PREFIX
  say "libmailtokit: using $prefix"
else
  prefix=$work/mailtokit-prefix
  say "libmailtokit: building $root, installing into $prefix"
  cmake -S "$root" -B "$work/mailtokit-build" -DCMAKE_BUILD_TYPE=Release -DMAILTOKIT_TESTS=OFF \
    -DMAILTOKIT_DOCS=OFF > "$work/mailtokit-build.log" 2>&1
  cmake --build "$work/mailtokit-build" -j "$jobs" >> "$work/mailtokit-build.log" 2>&1 ||
    { tail -20 "$work/mailtokit-build.log"; exit 1; }
  cmake --install "$work/mailtokit-build" --prefix "$prefix" >> "$work/mailtokit-build.log" 2>&1
fi
pc=$(find "$prefix" -name mailtokit.pc | head -n 1)
[ -n "$pc" ] || { echo "run.sh: no mailtokit.pc under $prefix" >&2; exit 1; }
PKG_CONFIG_PATH=$(dirname "$pc")${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}  # LIBDIR/pkgconfig
LD_LIBRARY_PATH=$(dirname "$(dirname "$pc")")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export PKG_CONFIG_PATH LD_LIBRARY_PATH
mailtokit=$prefix/bin/mailtokit

# --- NeoMutt's test files (setup.sh changes modes and times: run it on a copy) ------------------
rm -rf "$work/neomutt-test-files"
cp -a "$testfiles" "$work/neomutt-test-files"
(cd "$work/neomutt-test-files" && ./setup.sh)
NEOMUTT_TEST_DIR=$work/neomutt-test-files
export NEOMUTT_TEST_DIR

# Print the totals of one `make test` log (acutest: a "Test name..." line per test, "[ FAILED ]"
# for each that fails, a SUCCESS or FAILED line at the end), and fail unless every test passed.
totals() {
  run=$(grep -c '^Test test_' "$1" || true)
  failed=$(grep -c '\[ FAILED \]' "$1" || true)
  verdict=$(grep -E '^(SUCCESS|FAILED):' "$1" | tail -n 1)
  echo "$2: $run tests, $((run - failed)) passed, $failed failed ($verdict)"
  [ "$run" -gt 0 ] && [ "$failed" -eq 0 ] && [ "${verdict#SUCCESS}" != "$verdict" ]
}

# One copy of the clone: configure, build NeoMutt and its tests, run them.
build() {  # build DIR LABEL [configure flags...]
  dir=$1 label=$2
  shift 2
  rm -rf "$dir"
  git -c advice.detachedHead=false clone -q "$src" "$dir"
  git -C "$dir" -c advice.detachedHead=false checkout -q "$base"
  if [ "$label" = patched ]; then
    git -C "$dir" apply --index "$patch_file"
    say "patched: $(git -C "$dir" diff --cached --stat | tail -n 1)"
  fi
  (cd "$dir" && ./configure "$@" > configure.log 2>&1) || { tail -20 "$dir/configure.log"; exit 1; }
  make -C "$dir" -j "$jobs" > "$dir/build.log" 2>&1 || { tail -20 "$dir/build.log"; exit 1; }
  make -C "$dir" -j "$jobs" test > "$dir/test.log" 2>&1 || true
}

say "NeoMutt unpatched: ./configure $configure_flags; make; make test"
# shellcheck disable=SC2086 # the flags are words
build "$work/neomutt-plain" unpatched $configure_flags
status=0
totals "$work/neomutt-plain/test.log" "NeoMutt unpatched" || status=1

say "NeoMutt patched: ./configure $configure_flags --mailtokit; make; make test"
# shellcheck disable=SC2086
build "$work/neomutt-mailtokit" patched $configure_flags --mailtokit
nm=$work/neomutt-mailtokit
"$nm/neomutt" -v | grep -q '+mailtokit' || { echo "run.sh: neomutt -v does not list +mailtokit" >&2; exit 1; }
ldd "$nm/neomutt" | grep -q libmailtokit || { echo "run.sh: neomutt is not linked with libmailtokit" >&2; exit 1; }
totals "$nm/test.log" "NeoMutt patched" || status=1

# --- the harness: our attack and wild links through the patched mutt_parse_mailto() --------------
say "harness: attack and wild links through the patched mutt_parse_mailto()"
cp "$here/harness.c" "$nm/test/mailto_harness.c"
cat > "$nm/harness.mk" <<'EOF'
include Makefile
HARNESS_OBJS = test/mailto_harness.o $(filter-out test/main.o,$(TEST_OBJS))
test/mailto-harness: $(HARNESS_OBJS) $(MUTTLIBS)
	$(CC) -o $@ $(HARNESS_OBJS) $(MUTTLIBS) $(LDFLAGS) $(LIBS)
EOF
make -C "$nm" -f harness.mk -j "$jobs" test/mailto-harness > "$nm/harness-build.log" 2>&1 ||
  { tail -20 "$nm/harness-build.log"; exit 1; }
data=$root/tests/data
python3 "$here/links.py" extract "$work/links.bin" "$here/links.tsv" "$data/hostile_inputs.tsv" \
  "$data/hostile_links.tsv" "$data/lenient_links.tsv" "$data/rfc6068_examples.tsv" \
  "$data/corpus_real_links.tsv"
MAILTO_LINKS=$work/links.bin MAILTO_OUT=$work/envelopes.jsonl "$nm/test/mailto-harness" \
  > "$work/harness.log" 2> "$work/harness-failures.log" || status=1
grep -o 'harness: .*' "$work/harness.log" || { cat "$work/harness.log"; status=1; }
head -n 20 "$work/harness-failures.log"
python3 "$here/links.py" compare "$mailtokit" "$work/links.bin" "$work/envelopes.jsonl" \
  2> "$work/recipients-differ.log" || { head -n 20 "$work/recipients-differ.log"; status=1; }

if [ $status -eq 0 ]; then
  say "all passed (logs and builds in $work)"
else
  say "FAILED (logs and builds in $work)"
fi
exit $status
