#!/usr/bin/env bash
# The protocol handler end to end, with the real xdg-utils and desktop-file-utils: in a temporary
# HOME, register mailtokit over a fake previous handler, let xdg-open run it for a hostile
# mailto: link, check what a stand-in mail client received (argv recorded NUL-separated, parsed
# back by Python's urllib and email packages), then unregister and check the previous handler is
# back. Usage: handler_desktop.sh /path/to/mailtokit
set -euo pipefail
prog=$(readlink -f "$1")
for tool in xdg-mime xdg-open desktop-file-validate python3; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is missing (bash .ci/install-deps --test installs it)"; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# A private desktop: nothing from the machine's own configuration or desktop session leaks in.
export HOME="$tmp/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_DATA_HOME="$HOME/.local/share" XDG_STATE_HOME="$HOME/.local/state"
export XDG_DATA_DIRS="$tmp/system-share" XDG_CONFIG_DIRS="$tmp/system-config"
export XDG_CURRENT_DESKTOP=X-Generic DISPLAY=:99
unset WAYLAND_DISPLAY KDE_FULL_SESSION GNOME_DESKTOP_SESSION_ID MATE_DESKTOP_SESSION_ID DESKTOP_SESSION \
  LXQT_SESSION_CONFIG MAILTOKIT_CONFIG BROWSER || true
mkdir -p "$HOME" "$XDG_DATA_HOME/applications" "$XDG_CONFIG_HOME/mailtokit" "$XDG_DATA_DIRS" "$XDG_CONFIG_DIRS"
cd "$tmp"

# The stand-in mail client: records its arguments, each followed by a NUL byte, then renames the
# record into place so the test never reads half of it. Its directory has a space in it, so the
# configured command needs the Desktop Entry quoting.
tools="$tmp/my tools"
mkdir -p "$tools"
cat >"$tools/recorder" <<'EOF'
#!/bin/sh
out="$MAILTOKIT_TEST_RECORD"
: >"$out.partial"
for a in "$0" "$@"; do printf '%s\0' "$a" >>"$out.partial"; done
mv "$out.partial" "$out"
EOF
chmod +x "$tools/recorder"
export MAILTOKIT_TEST_RECORD="$tmp/record"

wait_record() {
  for _ in $(seq 1 200); do
    [[ -f "$MAILTOKIT_TEST_RECORD" ]] && return 0
    sleep 0.05
  done
  fail "the stand-in client was not started within 10 s"
}

# --- a previous default handler, registered the ordinary way ---
cat >"$XDG_DATA_HOME/applications/previous-mail.desktop" <<'EOF'
[Desktop Entry]
Type=Application
Name=Previous Mail
Exec=false %u
MimeType=x-scheme-handler/mailto;
EOF
desktop-file-validate "$XDG_DATA_HOME/applications/previous-mail.desktop"
xdg-mime default previous-mail.desktop x-scheme-handler/mailto
[[ "$(xdg-mime query default x-scheme-handler/mailto)" == previous-mail.desktop ]] || fail "set-up: previous default"

# --- register ---
"$prog" register >"$tmp/register.out"
cat "$tmp/register.out"
[[ "$(xdg-mime query default x-scheme-handler/mailto)" == mailtokit-handler.desktop ]] ||
  fail "after register, xdg-mime names $(xdg-mime query default x-scheme-handler/mailto)"
installed="$XDG_DATA_HOME/applications/mailtokit-handler.desktop"
desktop-file-validate "$installed" || fail "the installed desktop file does not validate"
grep -qxF "Exec=$prog open %u" "$installed" || fail "Exec does not run this program: $(grep ^Exec= "$installed")"
grep -qxF "MimeType=x-scheme-handler/mailto;" "$installed" || fail "MimeType missing"
grep -qxF "previous-mail.desktop" "$XDG_STATE_HOME/mailtokit/previous-mailto-handler" || fail "previous default not remembered"
# A second register keeps the first remembered handler.
"$prog" register >/dev/null
grep -qxF "previous-mail.desktop" "$XDG_STATE_HOME/mailtokit/previous-mailto-handler" || fail "second register forgot the previous handler"
"$prog" status >"$tmp/status.out"
grep -q "default mailto: handler: mailtokit-handler.desktop (mailtokit)" "$tmp/status.out" || { cat "$tmp/status.out"; fail "status"; }

# --- a hostile link through xdg-open, the client configured as custom with %u ---
cat >"$XDG_CONFIG_HOME/mailtokit/config" <<EOF
# the stand-in client, started without a shell; no question (DISPLAY names no server here:
# the question is tested in tests/gui/confirm_dialog_test.py)
target = custom
command = "$tools/recorder" --from-mailtokit %u
notify = no
confirm = never
EOF
hostile='mailto:victim@example.org?subject=%22%3B%20touch%20PWNED%3B%20%22%20$(touch%20PWNED2)&body=line1%0D%0A-compose%20attachment=%27/etc/passwd%27%00&attach=/etc/passwd&attachment=file:///etc/shadow&from=ceo@evil.example&X-Injected=1&cc=a@example.com%0D%0ABcc:%20spy@evil.example&bcc=hidden@example.net'
rm -f "$MAILTOKIT_TEST_RECORD"
xdg-open "$hostile" 2>"$tmp/xdg-open.err" || { cat "$tmp/xdg-open.err"; fail "xdg-open failed"; }
wait_record
python3 - "$MAILTOKIT_TEST_RECORD" <<'EOF'
import sys, urllib.parse
args = open(sys.argv[1], "rb").read().split(b"\0")
assert args[-1] == b"", args
args = [a.decode("utf-8") for a in args[:-1]]
assert args[0].endswith("/recorder"), args
assert args[1:-1] == ["--from-mailtokit"], f"extra or missing arguments: {args}"
uri = args[-1]
assert uri.startswith("mailto:"), uri
# RFC 6068 leaves some-delims such as $ ( ) ' , raw; these must be percent-encoded:
for bad in (" ", "\"", ";", "\n", "\r", "\0", "`", "<", ">", "|", "\\"):
    assert bad not in uri, f"{bad!r} raw in the clean URI {uri!r}"
path, _, query = uri[len("mailto:"):].partition("?")
fields = urllib.parse.parse_qs(query, keep_blank_values=True)
names = {k.lower() for k in fields}
for forbidden in ("attach", "attachment", "from", "x-injected"):
    assert forbidden not in names, f"{forbidden} survived: {uri}"
assert urllib.parse.unquote(path) == "victim@example.org", path
assert fields["subject"] == ['"; touch PWNED; " $(touch PWNED2)'], fields.get("subject")
assert "bcc" in names and "hidden@example.net" in fields["bcc"][0], "the kept bcc is missing"
# The CR LF in cc did not become a header: the text was one invalid cc address, which is left
# out of the hand-over (issue 45: only plain addresses are handed over) and never a bcc.
assert all("spy@evil.example" not in v for v in fields["bcc"]), fields["bcc"]
assert "cc" not in names, fields.get("cc")
print("custom %u: argv ok:", args[1:])
EOF
[[ ! -e "$tmp/PWNED" && ! -e "$tmp/PWNED2" && ! -e "$HOME/PWNED" ]] || fail "a shell ran something from the link"

# --- the same through the draft file (%f) ---
cat >"$XDG_CONFIG_HOME/mailtokit/config" <<EOF
target = custom
command = "$tools/recorder" %f
notify = no
confirm = never
EOF
# (An address that is not valid cannot go into a message file, so this link has none; its
# injection attempt is a CR LF in the subject.)
hostile_f='mailto:victim@example.org?subject=hello%0D%0ABcc:%20spy@evil.example%0D%0AX-Injected:%201&body=%22%3B%20rm%20-rf%20~%0D%0A-compose&attach=/etc/passwd&from=ceo@evil.example&X-Injected=1&bcc=hidden@example.net'
rm -f "$MAILTOKIT_TEST_RECORD"
xdg-open "$hostile_f" 2>"$tmp/xdg-open.err" || { cat "$tmp/xdg-open.err"; fail "xdg-open failed (%f)"; }
wait_record
python3 - "$MAILTOKIT_TEST_RECORD" "$XDG_STATE_HOME/mailtokit/drafts" <<'EOF'
import os, stat, sys, email, email.policy
args = open(sys.argv[1], "rb").read().split(b"\0")[:-1]
args = [a.decode("utf-8") for a in args]
assert len(args) == 2, args
path = args[1]
drafts = os.path.realpath(sys.argv[2])
assert os.path.isabs(path) and os.path.dirname(os.path.realpath(path)) == drafts, path
assert stat.S_IMODE(os.stat(drafts).st_mode) == 0o700, oct(os.stat(drafts).st_mode)
assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, oct(os.stat(path).st_mode)
msg = email.message_from_binary_file(open(path, "rb"), policy=email.policy.default)
assert msg["To"] == "victim@example.org", msg["To"]
assert "spy@evil.example" in msg["Subject"] and "\n" not in msg["Subject"], msg["Subject"]
for h in ("X-Injected", "From"):
    assert msg[h] is None, f"{h}: {msg[h]}"
assert not msg.is_multipart() and msg.get_content_disposition() is None, "an attachment survived"
assert msg["Bcc"] is None or "spy@evil.example" not in msg["Bcc"], msg["Bcc"]
assert msg.get_content().startswith('"; rm -rf ~'), msg.get_content()
print("custom %f: draft ok:", path)
EOF

# --- unregister restores the previous handler ---
"$prog" unregister
[[ "$(xdg-mime query default x-scheme-handler/mailto)" == previous-mail.desktop ]] ||
  fail "after unregister, xdg-mime names $(xdg-mime query default x-scheme-handler/mailto)"
[[ ! -e "$installed" ]] || fail "the desktop file is still installed"
"$prog" unregister | grep -q "not registered" || fail "a second unregister should have nothing to do"

# --- with no previous handler, unregister leaves none ---
rm -f "$XDG_CONFIG_HOME/mimeapps.list" "$XDG_DATA_HOME/applications/mimeapps.list" \
  "$XDG_DATA_HOME/applications/previous-mail.desktop" "$XDG_DATA_HOME/applications/mimeinfo.cache"
[[ -z "$(xdg-mime query default x-scheme-handler/mailto)" ]] || fail "set-up: expected no handler"
"$prog" register >/dev/null
[[ "$(xdg-mime query default x-scheme-handler/mailto)" == mailtokit-handler.desktop ]] || fail "register (no previous)"
"$prog" unregister >/dev/null
now=$(xdg-mime query default x-scheme-handler/mailto)
[[ -z "$now" ]] || fail "after unregister with no previous handler, xdg-mime names $now"

# --- several mail programs and nobody's choice: the desktop's first pick is not "the program used
# before" (issue 47); an administrator's mimeapps.list line is a choice ---
rm -f "$XDG_CONFIG_HOME/mailtokit/config"  # nothing chosen in mailtokit either
mkdir -p "$XDG_DATA_DIRS/applications"
for id in aaa-mail zzz-mail; do
  printf '[Desktop Entry]\nType=Application\nName=%s\nExec=false %%u\nMimeType=x-scheme-handler/mailto;\n' "$id" \
    >"$XDG_DATA_DIRS/applications/$id.desktop"
done
update-desktop-database "$XDG_DATA_DIRS/applications"
[[ "$(xdg-mime query default x-scheme-handler/mailto)" == aaa-mail.desktop ]] || fail "set-up: the cache's first pick"
"$prog" status >"$tmp/status.out"
grep -qF "chosen because:        the first mail program this desktop found: nobody chose it" "$tmp/status.out" ||
  { cat "$tmp/status.out"; fail "status calls the desktop's pick a choice"; }
"$prog" register >"$tmp/register.out"
grep -qF "previous:     (none)" "$tmp/register.out" || { cat "$tmp/register.out"; fail "the first pick taken for a choice"; }
grep -qF "aaa-mail.desktop was only your desktop's first pick, not a choice: the next mail link asks where mail goes" \
  "$tmp/register.out" || { cat "$tmp/register.out"; fail "register does not say the pick is no choice"; }
"$prog" status >"$tmp/status.out"
grep -qF "the next mail link asks where mail goes" "$tmp/status.out" || { cat "$tmp/status.out"; fail "status: next click asks"; }
"$prog" unregister >"$tmp/unregister.out"
grep -qF "restored: (there was no previous handler)" "$tmp/unregister.out" || { cat "$tmp/unregister.out"; fail "unregister restored"; }
[[ "$(xdg-mime query default x-scheme-handler/mailto)" == aaa-mail.desktop ]] || fail "after unregister: the desktop's pick again"
printf '[Default Applications]\nx-scheme-handler/mailto=zzz-mail.desktop;\n' >"$XDG_CONFIG_DIRS/mimeapps.list"
[[ "$(xdg-mime query default x-scheme-handler/mailto)" == zzz-mail.desktop ]] || fail "set-up: the administrator's choice"
"$prog" status >"$tmp/status.out"
grep -qF "chosen because:        your desktop's choice for mail links" "$tmp/status.out" ||
  { cat "$tmp/status.out"; fail "status: the administrator's choice"; }
"$prog" register >"$tmp/register.out"
grep -qF "previous:     zzz-mail.desktop" "$tmp/register.out" || { cat "$tmp/register.out"; fail "the administrator's choice"; }
"$prog" unregister >/dev/null
echo "handler_desktop: all checks passed"
