#!/usr/bin/env bash
# `mailtokit build --eml FILE|-` run as a real process: a link is composed into a draft file, the
# draft is read back into a link, and that link must parse (mailtokit inspect --json, read by
# Python's json module) to the same recipients, subject, body and kept fields as the original.
# Also: MUA fixtures, dropped fields on stderr, exit codes. Usage: message_cli.sh PATH/TO/mailtokit
set -u
prog=${1:?usage: message_cli.sh PATH/TO/mailtokit}
data=${MAILTOKIT_TEST_DATA:?MAILTOKIT_TEST_DATA must point at tests/data}
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# same_draft URI1 URI2: inspect --json of both agree on every field a link carries.
same_draft() {
  "$prog" inspect --json "$1" >"$tmp/a.json" || { fail "inspect $1"; return; }
  "$prog" inspect --json "$2" >"$tmp/b.json" || { fail "inspect $2"; return; }
  python3 - "$tmp/a.json" "$tmp/b.json" <<'EOF' || fail "drafts differ: $1 vs $2"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def view(d):
    addr = lambda l: [(x["ascii"], x["display_name"]) for x in l]
    return (addr(d["to"]), addr(d["cc"]), addr(d["bcc"]), d["subject"], d["body"] or None, d["headers"])
if view(a) != view(b):
    print("  original:", view(a)); print("  from eml:", view(b)); sys.exit(1)
EOF
}

# round_trip URI [build options]: compose URI to a file, build --eml it, compare.
round_trip() {
  local uri=$1
  shift
  "$prog" compose "$uri" --date 'Sun, 22 Nov 2026 10:00:00 +0000' -o "$tmp/d.eml" 2>/dev/null ||
    { fail "compose $uri"; return; }
  local back
  back=$("$prog" build --eml "$tmp/d.eml" "$@" 2>"$tmp/err") || { fail "build --eml for $uri: $(cat "$tmp/err")"; return; }
  # The one warning a clean round trip may give: a display name with a separator ("Smith, John"),
  # which a webmail that splits at every comma misreads (display_name_separators, issue 45).
  grep -qv '^warning: display_name_separators: ' "$tmp/err" && fail "build --eml for $uri wrote to stderr: $(cat "$tmp/err")"
  same_draft "$uri" "$back"
}

uris=(
  'mailto:chris@example.com'
  'mailto:infobot@example.com?subject=current-issue'
  'mailto:joe@example.com?cc=bob@example.com&body=hello'
  'mailto:user@example.org?subject=caf%C3%A9%20%20au%20lait&body=caf%C3%A9%0D%0A.%0D%0AFrom%20me%0D%0A'
  'mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO'
  'mailto:?to=Jos%C3%A9%20M%C3%BCller%20%3Cj@b%C3%BCcher.example%3E,%22Smith,%20John%22%20%3Cs@example.com%3E&bcc=hidden@example.org'
  'mailto:a@example.org?subject=%E7%B4%8D%E8%B1%86%E3%81%AF%E7%BE%8E%E5%91%B3%E3%81%97%E3%81%84%E3%81%A7%E3%81%99%E3%80%82%E6%97%A5%E6%9C%AC%E8%AA%9E%E3%81%AE%E4%BB%B6%E5%90%8D%E3%82%92%E3%83%86%E3%82%B9%E3%83%88%E3%81%97%E3%81%BE%E3%81%99&body=%E6%BC%A2%E5%AD%97%E6%BC%A2%E5%AD%97%E6%BC%A2%E5%AD%97%E6%BC%A2%E5%AD%97%E6%BC%A2%E5%AD%97'
  'mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E&keywords=a,%20b&references=%3Ca@x%3E%20%3Cb@y%3E'
  'mailto:?subject=no%20recipients&body=x%3Dy%20%3D%3Futf-8%3FQ%3Fx%3F%3D'
)
for uri in "${uris[@]}"; do
  round_trip "$uri"
  round_trip "$uri" --iri
  round_trip "$uri" --utf8-escaped
done

# Standard input, and --html.
"$prog" compose 'mailto:a@example.org?subject=x&body=1%262' --date 'Sun, 22 Nov 2026 10:00:00 +0000' -o "$tmp/d.eml"
out=$("$prog" build --eml - <"$tmp/d.eml") || fail "build --eml - failed"
[[ $out == 'mailto:a@example.org?subject=x&body=1%262' ]] || fail "build --eml - gave [$out]"
out=$("$prog" build --eml "$tmp/d.eml" --html)
[[ $out == 'mailto:a@example.org?subject=x&amp;body=1%262' ]] || fail "build --eml --html gave [$out]"

# A Thunderbird draft with an attachment: the link, and the dropped parts on stderr.
out=$("$prog" build --eml "$data/eml/multipart_attachment.eml" 2>"$tmp/err") || fail "multipart fixture refused"
grep -q "^warning: dropped MIME attachment 'application/pdf; filename=Rechnung März.pdf': attachment/part not representable in a mailto link" "$tmp/err" ||
  fail "attachment not reported: $(cat "$tmp/err")"
grep -q "^warning: dropped MIME part 'text/html'" "$tmp/err" || fail "html part not reported"
python3 - "$out" <<'EOF' || fail "multipart link: $out"
import sys, urllib.parse
uri = sys.argv[1]
assert uri.startswith("mailto:?to=") or uri.startswith("mailto:"), uri
q = urllib.parse.parse_qs(urllib.parse.urlsplit(uri).query)
assert q["subject"] == ["Rechnung für März"], q
assert q["body"][0].startswith("Sehr geehrte Damen und Herren,\r\n\r\nanbei die Rechnung für März."), q
assert "attach" not in uri.lower(), uri
EOF

# Hostile fields: dropped with reasons, never in the link.
out=$("$prog" build --eml "$data/eml/hostile.eml" 2>"$tmp/err") || fail "hostile fixture refused"
for name in return-path received reply-to sender x-attach-file attach disposition-notification-to body; do
  grep -q "^warning: dropped header field '$name': " "$tmp/err" || fail "'$name' not reported dropped"
done
grep -q "^warning: the sender (From) is not part of a mailto link" "$tmp/err" || fail "From not reported"
python3 - "$out" <<'EOF' || fail "hostile link: $out"
import sys, urllib.parse
uri = sys.argv[1]
names = [k.lower() for k, _ in urllib.parse.parse_qsl(urllib.parse.urlsplit(uri).query)]
assert sorted(names) == ["bcc", "body", "in-reply-to", "subject"], names
q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(uri).query))
assert q["subject"] == "hi Bcc: spy2@example.com", q
assert q["body"] == "Hello\r\n", q
EOF

# Exit codes: 65 for a message that is not one, 66 for a missing file, 64 for mixed options.
printf 'Subject: x\r\nnot a field\r\n\r\nbody' >"$tmp/bad.eml"
"$prog" build --eml "$tmp/bad.eml" >/dev/null 2>"$tmp/err"
rc=$?
[[ $rc -eq 65 ]] || fail "malformed message: exit $rc, want 65"
grep -q '^error: message_malformed: --eml .*bad.eml at byte 12 (' "$tmp/err" || fail "malformed message error: $(cat "$tmp/err")"
"$prog" build --eml "$tmp/missing.eml" >/dev/null 2>&1
rc=$?
[[ $rc -eq 66 ]] || fail "missing file: exit $rc, want 66"
"$prog" build --eml "$tmp/d.eml" --to a@example.org >/dev/null 2>&1
rc=$?
[[ $rc -eq 64 ]] || fail "--eml with --to: exit $rc, want 64"
head -c 11000000 /dev/zero | tr '\0' 'a' | "$prog" build --eml - >/dev/null 2>"$tmp/err"
rc=$?
[[ $rc -eq 65 ]] || fail "11 MB message: exit $rc, want 65"
grep -q '^error: input_too_long: --eml - at byte 10485760 (' "$tmp/err" || fail "too long: $(cat "$tmp/err")"

if [[ $failures -ne 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "message_cli: all checks passed"
