#!/usr/bin/env bash
# Stage: the Debian packages (debian/), checked as Debian checks packages.
# 1. dpkg-buildpackage -b -us -uc on a clean copy of HEAD (git archive: no build directory of
#    the checkout leaks in; uncommitted changes are not in it).
# 2. lintian on the .changes: no error, no warning, and every info tag listed with its reason in
#    debian/README.source.
# 3. appstreamcli validate --no-net on the metainfo (and validate-tree on the package's files) and
#    desktop-file-validate on the desktop entry, both as the package installs them.
# 4. A fresh Debian 12 root (mmdebstrap, bookworm, from Debian's mirror) where
#    .ci/debian-root.sh installs the packages with `apt install ./*.deb`, runs the program, its
#    registration as an ordinary user, its `batch --json` of the benchmark's links against the main
#    build's (build/ci: the packages' library is profile-guided, the main build's is not), the C
#    and C++ consumers (tests/consumer/run.sh) against /usr, then purges the packages and checks
#    that none of their files is left.
# Needs root (mmdebstrap's root mode, chroot). MAILTOKIT_DEBIAN_MIRROR and
# MAILTOKIT_DEBIAN_SECURITY change the mirrors (default: deb.debian.org, as /etc/apt/sources.list*).
# With --build-only it does step 1 alone, into build/debian/ with the commit it was built from;
# a later run checks those packages if they are of the same commit, or builds them again.
# .ci/test runs the whole stage in the background while the desktop tests run (most of its time
# is the network and the disk), and shows its output afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS
if [[ $(id -u) -ne 0 ]]; then
  echo "FAILED: the Debian stage needs root (mmdebstrap makes and enters a Debian 12 root)" >&2
  exit 1
fi
tmp=$(mktemp -d /var/tmp/mailtokit-debian.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
quiet() {  # run a step, showing its output only when it fails
  "$@" >"$tmp/step.log" 2>&1 || { tail -n 60 "$tmp/step.log"; return 1; }
}
elapsed() { echo "($((SECONDS - start)) s)"; }

head=$(git rev-parse HEAD)
pkgs=$PWD/build/debian  # src/ (the clean copy), the packages beside it, built-from (the commit)
echo "-- dpkg-buildpackage -b -us -uc on a clean copy of HEAD ($(git rev-parse --short HEAD))"
[[ -z "$(git status --porcelain --untracked-files=no)" ]] || echo "NOTE: uncommitted changes are not in this build"
if [[ "${1:-}" != --build-only && -f "$pkgs/built-from" && "$(<"$pkgs/built-from")" == "$head" ]]; then
  echo "built before, in the background of the tests"
else
  rm -rf "$pkgs"
  mkdir -p "$pkgs/src"
  git archive HEAD | tar -x -C "$pkgs/src"
  (cd "$pkgs/src" && DEB_BUILD_OPTIONS="parallel=$(nproc)" quiet dpkg-buildpackage -b -us -uc)
  echo "$head" >"$pkgs/built-from"
fi
debs=()
for p in mailtokit libmailtokit0 libmailtokit-dev; do
  debs+=("$(echo "$pkgs/${p}_"*_*.deb)")
  [[ -f "${debs[-1]}" ]] || { echo "FAILED: no $p package built"; exit 1; }
done
echo "built: ${debs[*]##*/} $(elapsed)"
[[ "${1:-}" == --build-only ]] && exit 0

echo "-- lintian"
changes=$(echo "$pkgs"/mailtokit_*.changes)
fail=0
lintian --display-info --fail-on error,warning "$changes" >"$tmp/lintian.txt" 2>"$tmp/lintian.err" || fail=1
cat "$tmp/lintian.txt"
grep -v '^running with root privileges is not recommended!$' "$tmp/lintian.err" || true
((fail == 0)) || { echo "FAILED: lintian reports errors or warnings (E:, W: above)"; exit 1; }
# An info tag may stay only with its reason in debian/README.source (tag, context as lintian
# prints it).
while IFS= read -r line; do
  tag=${line#I: *: }
  grep -qF -- "$tag" "$pkgs/src/debian/README.source" ||
    { echo "FAILED: lintian info tag not listed with its reason in debian/README.source: $tag"; fail=1; }
done < <(grep '^I: ' "$tmp/lintian.txt" || true)
((fail == 0)) || exit 1
echo "lintian: no error, no warning, $(grep -c '^I: ' "$tmp/lintian.txt" || true) listed info tags $(elapsed)"

echo "-- appstreamcli validate, desktop-file-validate (as installed)"
dpkg-deb -x "${debs[0]}" "$tmp/installed"
appstreamcli validate --no-net "$tmp/installed/usr/share/metainfo/io.github.mailtokit.mailtokit.metainfo.xml"
# The tree as a whole: the metainfo's launchable is the installed desktop entry.
appstreamcli validate-tree --no-net "$tmp/installed"
desktop-file-validate "$tmp/installed/usr/share/applications/mailtokit.desktop"
desktop-file-validate "$tmp/installed/usr/share/applications/mailtokit-settings.desktop"

echo "-- a fresh Debian 12 root: apt install ./*.deb, use, apt purge"
mirror=${MAILTOKIT_DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${MAILTOKIT_DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
mkdir -p "$tmp/mk/debs" "$tmp/mk/src"
cp "${debs[@]}" "$tmp/mk/debs/"
git archive HEAD | tar -x -C "$tmp/mk/src"
cp .ci/debian-root.sh "$tmp/mk/"
# What the main build (build/ci, not profile-guided) makes of the benchmark's links, for the
# root to compare with the packages' (profile-guided) program.
main=build/ci/handler/mailtokit
[[ -x "$main" ]] || { echo "FAILED: no main build in build/ci to compare the packages with (run .ci/test)"; exit 1; }
cat tests/bench/data/*.txt >"$tmp/mk/links.txt"
LC_ALL=C.UTF-8 "$main" batch --json <"$tmp/mk/links.txt" >"$tmp/mk/batch.default.expected"
LC_ALL=C.UTF-8 "$main" batch --json --strict <"$tmp/mk/links.txt" >"$tmp/mk/batch.strict.expected"
# The tools the checks use are in the root before the packages come; mailtokit's own run-time
# and -dev dependencies are not: apt must bring them with the packages.
mmdebstrap --variant=apt --quiet \
  --include=build-essential,cmake,pkg-config,xdg-utils,desktop-file-utils,python3,groff-base,man-db,libglib2.0-bin,sudo \
  --customize-hook="cp -a '$tmp/mk' \"\$1/tmp/mk\"" \
  --customize-hook='chroot "$1" bash /tmp/mk/debian-root.sh' \
  bookworm /dev/null \
  "deb $mirror bookworm main" "deb $mirror bookworm-updates main" "deb $security bookworm-security main"
echo "debian packages: ok $(elapsed)"
