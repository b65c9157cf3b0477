#!/usr/bin/env bash
# Runs as root INSIDE the fresh Debian 12 root that .ci/test.d/50-debian.sh makes (mmdebstrap):
# installs the three packages from /tmp/mk/debs with apt, uses them as an ordinary user, then
# purges them and checks that none of their files is left. /tmp/mk/src is the tree the packages
# were built from (for tests/consumer and tests/cli/man_page.py); /tmp/mk/links.txt and
# batch.*.expected are the benchmark's links and the main build's `batch --json` of them. The
# root already holds what the checks themselves need (build-essential, cmake, pkg-config,
# xdg-utils, desktop-file-utils, python3, groff, man-db, libglib2.0-bin for gio), and nothing of
# mailtokit's own dependencies: the packages must bring those.
set -euo pipefail
cd /tmp/mk
export DEBIAN_FRONTEND=noninteractive
pkgs=(mailtokit libmailtokit0 libmailtokit-dev)
failed=0
bad() { echo "FAILED: $*"; failed=1; }
quiet() {  # run a step, showing its output only when it fails
  "$@" >/tmp/mk/step.log 2>&1 || { tail -n 40 /tmp/mk/step.log; return 1; }
}
user=tester
as_user() {  # as_user COMMAND: a login shell of the ordinary user (HOME, no root)
  runuser -l "$user" -c "$1"
}

# /usr/local before the packages: they must add nothing there (Debian's own /usr/local/man link
# and python3's site directories are already there). Empty directories are not counted: Debian
# Policy 9.1.2 lets packages create them ("packages may create empty directories below
# /usr/local so that the local administrator knows where to place site-specific files"), as
# fontconfig-config, which mailtokit-ask's GTK brings, does with /usr/local/share/fonts; what the
# packages themselves ship under /usr/local is checked on their file lists below.
local_entries() { find /usr/local -mindepth 1 ! \( -type d -empty \) | sort; }
local_entries >/tmp/mk/usr-local.before
usr_local_unchanged() {  # usr_local_unchanged WHEN [SNAPSHOT]
  local_entries | diff "${2:-/tmp/mk/usr-local.before}" - || bad "/usr/local changed $1"
}

echo "-- an ordinary user whose mailto: handler is another program"
useradd -m -s /bin/bash "$user"
# Its mail program records the links it is given (~/other-mail.got), for the check after the purge.
as_user 'mkdir -p ~/.local/share/applications ~/bin && printf "%s\n" "#!/bin/sh" "printf \"%s\\\\n\" \"\$1\" >>\"\$HOME/other-mail.got\"" \
  >~/bin/other-mail && chmod +x ~/bin/other-mail && printf "%s\n" "[Desktop Entry]" "Type=Application" \
  "Name=Other mail" "Exec=$HOME/bin/other-mail %u" "MimeType=x-scheme-handler/mailto;" >~/.local/share/applications/other-mail.desktop &&
  xdg-mime default other-mail.desktop x-scheme-handler/mailto'
[[ "$(as_user 'xdg-mime query default x-scheme-handler/mailto')" == other-mail.desktop ]] ||
  bad "the user's default mailto: handler could not be set up before the install"

echo "-- apt install ./*.deb"
quiet apt-get install -y --no-install-recommends ./debs/*.deb
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" | grep -q 'install ok installed' || bad "$p is not installed"
  dpkg -L "$p" >"/tmp/mk/$p.list"
done
cat /tmp/mk/*.list | grep '^/usr/local' && bad "a package installs under /usr/local"
for f in /usr/bin/mailtokit /usr/libexec/mailtokit/mailtokit-ask /usr/share/applications/mailtokit.desktop \
         /usr/share/metainfo/io.github.mailtokit.mailtokit.metainfo.xml /usr/share/man/man1/mailtokit.1.gz \
         /usr/share/man/man1/mailtokit-open.1.gz /usr/share/man/man5/mailtokit.conf.5.gz \
         /usr/include/mailtokit.hpp /usr/share/doc/libmailtokit-dev/html/index.html; do
  [[ -f "$f" ]] || bad "$f is not installed"
done
usr_local_unchanged "by the install"

echo "-- the program, as the ordinary user"
# Installing changed nothing of the user's choice: no maintainer script calls xdg-mime.
got=$(as_user 'xdg-mime query default x-scheme-handler/mailto')
[[ "$got" == other-mail.desktop ]] || bad "the install changed the user's mailto: handler to '$got'"
as_user 'mailtokit --help' >/tmp/mk/help.out 2>&1 || bad "mailtokit --help"
# The question's window runs (its libraries are there) and refuses what is not a question: exit 2.
st=0
as_user '/usr/libexec/mailtokit/mailtokit-ask /dev/null' >/tmp/mk/ask.out 2>&1 || st=$?
[[ $st -eq 2 ]] || bad "mailtokit-ask on an empty file exited $st, not 2: $(cat /tmp/mk/ask.out)"
if grep -q -- '--version' /tmp/mk/help.out; then
  v=$(as_user 'mailtokit --version' 2>&1) || bad "mailtokit --version"
  [[ "$v" == *"$(dpkg-query -W -f='${Version}' mailtokit)"* ]] || bad "mailtokit --version says '$v'"
  echo "mailtokit --version: $v"
else
  # --version is issue 26's work; until the program has it, --help is what shows it runs.
  echo "NOTE: mailtokit has no --version yet (issue 26): checked 'mailtokit --help' instead"
fi
link='mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=caf%C3%A9&body=Hi%0D%0Athere&attach=/etc/passwd'
out=$(as_user "mailtokit inspect '$link'" 2>&1) || bad "mailtokit inspect exits $?"
for want in $'To:      user@\xE7\xB4\x8D\xE8\xB1\x86.example.org  (ascii: user@xn--99zt52a.example.org)' \
            $'Subject: caf\xC3\xA9' '  | there' '  attach=/etc/passwd'; do
  grep -qxF -- "$want" <<<"$out" || bad "mailtokit inspect does not print '$want':"$'\n'"$out"
done
as_user 'mailtokit register' >/tmp/mk/register.out 2>&1 || { bad "mailtokit register"; cat /tmp/mk/register.out; }
status=$(as_user 'mailtokit status' 2>&1) || bad "mailtokit status"
[[ "$(head -n 1 <<<"$status")" == 'default mailto: handler: mailtokit-handler.desktop (mailtokit)' ]] ||
  bad "after register, mailtokit status says:"$'\n'"$status"
grep -q '^user desktop file: .*mailtokit-handler.desktop$' <<<"$status" || bad "status does not show the user desktop file"
as_user 'mailtokit unregister' >/dev/null 2>&1 || bad "mailtokit unregister"
got=$(as_user 'xdg-mime query default x-scheme-handler/mailto')
[[ "$got" == other-mail.desktop ]] || bad "unregister gave the link type to '$got', not other-mail.desktop back"
((failed == 0)) && echo "program, register, status, unregister: ok"

echo "-- the package's batch --json against the main build's, the benchmark's links"
# The packages' library is profile-guided (debian/rules), the main build that ran every test is
# not (.ci/test): the same links must give the same bytes, in the default and the strict mode.
for mode in default strict; do
  flag=""
  [[ $mode == strict ]] && flag=--strict
  as_user "LC_ALL=C.UTF-8 mailtokit batch --json $flag </tmp/mk/links.txt" >"/tmp/mk/batch.$mode" 2>/tmp/mk/batch.err ||
    { bad "mailtokit batch --json $flag exits $?: $(head -c 400 /tmp/mk/batch.err)"; continue; }
  cmp -s "/tmp/mk/batch.$mode" "/tmp/mk/batch.$mode.expected" ||
    bad "the package's batch --json $flag differs from the main build's: $(diff "/tmp/mk/batch.$mode.expected" "/tmp/mk/batch.$mode" | head -n 4)"
done
((failed == 0)) && echo "batch --json, default and strict, $(wc -l </tmp/mk/links.txt) links: as the main build's"

echo "-- C (pkg-config) and C++ (CMake) consumers against /usr, as the ordinary user"
chown -R "$user:" /tmp/mk/src
as_user 'bash /tmp/mk/src/tests/consumer/run.sh --prefix /usr ~/consumer' || bad "tests/consumer/run.sh --prefix /usr"

echo "-- apt purge"
# Registered when the packages go, with no unregister first: mail links must still reach the
# user's previous program, through xdg-open and through GIO (mailtokit-register(1)).
as_user 'mailtokit register' >/tmp/mk/register.out 2>&1 || { bad "mailtokit register"; cat /tmp/mk/register.out; }
quiet apt-get purge -y "${pkgs[@]}"
got=$(as_user 'xdg-mime query default x-scheme-handler/mailto')
[[ "$got" == other-mail.desktop ]] || bad "after the purge, xdg-mime names '$got', not other-mail.desktop"
as_user 'DISPLAY=:99 xdg-open mailto:a@example.org?subject=xdg-open' >/tmp/mk/open.out 2>&1 ||
  { bad "after the purge, xdg-open fails"; cat /tmp/mk/open.out; }
as_user 'gio open mailto:a@example.org?subject=gio' >/tmp/mk/open.out 2>&1 ||
  { bad "after the purge, gio open fails"; cat /tmp/mk/open.out; }
for _ in $(seq 1 100); do  # gio open does not wait for the program it starts
  [[ $(as_user 'cat ~/other-mail.got 2>/dev/null' | wc -l) -ge 2 ]] && break
  sleep 0.1
done
got=$(as_user 'cat ~/other-mail.got 2>/dev/null' || true)
[[ "$got" == $'mailto:a@example.org?subject=xdg-open\nmailto:a@example.org?subject=gio' ]] ||
  bad "after the purge, the previous mail program got '$got' from xdg-open and gio open"
((failed == 0)) && echo "after the purge, xdg-open and gio open reach the previous mail program: ok"
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' && bad "$p is still installed"
done
# Every file of the packages is gone; a directory of theirs is left only when another package
# owns it too or it holds someone else's files.
while IFS= read -r f; do
  [[ "$f" == /. ]] && continue
  if [[ -L "$f" || (-e "$f" && ! -d "$f") ]]; then
    bad "left after purge: $f"
  elif [[ -d "$f" ]] && [[ -z "$(ls -A "$f")" ]] && ! dpkg -S "$f" >/dev/null 2>&1; then
    bad "left after purge: the empty directory $f"
  fi
done < <(sort -u /tmp/mk/*.list)
usr_local_unchanged "after the purge"
((failed == 0)) && echo "purge: no file of the packages left ($(sort -u /tmp/mk/*.list | wc -l) paths checked)"

echo "-- the README's set-up lines as written, by a user with sudo, with only the demo's packages"
# The same root after the purge: the packages' dependencies brought by apt are still there, the
# test packages never were. The user runs `bash .ci/demo` (its install-deps calls sudo apt-get),
# the per-user lines through tests/cli/readme_install.py (which reads them from the README), then
# the system install and uninstall lines exactly as the README prints them.
echo "$user ALL=(ALL) NOPASSWD: ALL" >/etc/sudoers.d/mailtokit-test
chmod 0440 /etc/sudoers.d/mailtokit-test
as_user 'cd /tmp/mk/src && bash .ci/demo' >/tmp/mk/demo.out 2>&1 || { bad ".ci/demo"; tail -n 40 /tmp/mk/demo.out; }
grep -qxF $'Subject: caf\xC3\xA9' /tmp/mk/demo.out || bad ".ci/demo did not print the link's subject: $(tail -n 20 /tmp/mk/demo.out)"
for p in catch2 nlohmann-json3-dev libgmime-3.0-dev; do  # .ci/install-deps --test's, not the demo's
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' && bad "the demo installed $p"
done
as_user 'cd /tmp/mk/src && PYTHONPATH=tests MAILTOKIT_BUILD_DIR=/tmp/mk/src/build/release \
  python3 tests/cli/readme_install.py build/release/handler/mailtokit README.md' >/tmp/mk/readme.out 2>&1 ||
  { bad "the README's per-user lines (tests/cli/readme_install.py)"; tail -n 40 /tmp/mk/readme.out; }
# The demo's packages may add to /usr/local themselves (sgml-base: /usr/local/share/sgml).
local_entries >/tmp/mk/usr-local.demo
install_line=$(grep -m1 '^sudo cmake --install build/release ' /tmp/mk/src/README.md) || bad "no system install line in the README"
uninstall_line=$(grep -m1 '^mailtokit unregister --remove-data && sudo ' /tmp/mk/src/README.md) || bad "no system uninstall line"
as_user "cd /tmp/mk/src && $install_line" >/tmp/mk/sys.out 2>&1 || { bad "$install_line"; tail -n 20 /tmp/mk/sys.out; }
[[ -x /usr/local/bin/mailtokit && -f /usr/local/share/man/man1/mailtokit.1 ]] || bad "the system install put no /usr/local/bin/mailtokit"
[[ "$(as_user 'command -v mailtokit')" == /usr/local/bin/mailtokit ]] || bad "a login shell does not find /usr/local/bin/mailtokit"
as_user 'mailtokit register && mailtokit use gmail' >/tmp/mk/sys.out 2>&1 || { bad "the system install's register"; cat /tmp/mk/sys.out; }
as_user "cd /tmp/mk/src && $uninstall_line" >/tmp/mk/sys.out 2>&1 || { bad "$uninstall_line"; tail -n 20 /tmp/mk/sys.out; }
got=$(as_user 'xdg-mime query default x-scheme-handler/mailto')
[[ "$got" == other-mail.desktop ]] || bad "after the README's system uninstall, xdg-mime names '$got', not other-mail.desktop"
left=$(as_user 'find ~/.config ~/.local -path "*mailtokit*"' 2>/dev/null || true)
[[ -z "$left" ]] || bad "the README's system uninstall left in HOME: $left"
usr_local_unchanged "after the README's system install and uninstall" /tmp/mk/usr-local.demo
rm -f /etc/sudoers.d/mailtokit-test
((failed == 0)) && echo "README set-up: .ci/demo, the per-user and the system lines: ok"
exit "$failed"
