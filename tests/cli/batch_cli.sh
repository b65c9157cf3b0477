#!/usr/bin/env bash
# `mailtokit batch` against `mailtokit inspect --json`, line by line, on the benchmark link set
# (short, encoded, IDN, encoded-word, 10 KB and hostile links); --jobs keeps the order; bad lines
# are data (exit 0); I/O errors exit 74; too-long lines; --compose files checked by Python's email
# package. Usage: batch_cli.sh /path/to/mailtokit
set -euo pipefail
prog=$(readlink -f "$1")
here=$(cd "$(dirname "$0")" && pwd)
data="$here/../bench/data"
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cat "$data"/{ref113,short,subject_body,idn,encoded_words,long_body,hostile}.txt > "$tmp/links.txt"
n=$(wc -l < "$tmp/links.txt")
[[ $n -gt 1000 ]] || fail "link set too small ($n)"

# 1. Every line's JSON is byte-identical to `inspect --json` for the same link (a sample of one
#    line in 7, each through its own process; inspect exits 65 for refused links and still prints).
"$prog" batch --json < "$tmp/links.txt" > "$tmp/batch.jsonl" || fail "batch exited $?"
[[ $(wc -l < "$tmp/batch.jsonl") -eq $n ]] || fail "batch printed $(wc -l < "$tmp/batch.jsonl") lines for $n"
checked=0
i=0
while IFS= read -r link; do
  i=$((i + 1))
  (( i % 7 == 1 )) || continue
  want=$("$prog" inspect --json "$link" || true)
  got=$(sed -n "${i}p" "$tmp/batch.jsonl")
  [[ "$got" == "$want" ]] || fail "line $i differs from inspect --json:\n link: $link\n batch:   $got\n inspect: $want"
  checked=$((checked + 1))
done < "$tmp/links.txt"
[[ $checked -ge 140 ]] || fail "only $checked lines compared"

# 1b. The same with inspect's parsing options, on the hostile and encoded links.
cat "$data"/{hostile,encoded_words}.txt | awk 'NR % 9 == 1' > "$tmp/opt_links.txt"
for opts in "--strict-utf8" "--charset windows-1252" "--drop subject --keep x-custom" "--max-hfields 5 --max-recipients 3"; do
  # shellcheck disable=SC2086
  "$prog" batch --json $opts < "$tmp/opt_links.txt" > "$tmp/opt.jsonl" || fail "batch $opts exited $?"
  i=0
  while IFS= read -r link; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    want=$("$prog" inspect --json $opts "$link" || true)
    [[ "$(sed -n "${i}p" "$tmp/opt.jsonl")" == "$want" ]] || fail "batch $opts line $i differs from inspect: $link"
  done < "$tmp/opt_links.txt"
done

# 2. Threads keep the output order; CRLF line ends give the same results as LF.
for jobs in 2 3 0; do
  "$prog" batch --json --jobs "$jobs" < "$tmp/links.txt" | cmp -s - "$tmp/batch.jsonl" || fail "--jobs $jobs changed the output"
done
sed 's/$/\r/' "$tmp/links.txt" | "$prog" batch --json | cmp -s - "$tmp/batch.jsonl" || fail "CRLF input changed the output"

# 3. The output is valid JSON, one object per line, with ok/error as inspect defines them;
#    bad lines do not stop the run and the exit status is 0.
# With --strict the links the default reading repairs are refused (today's errors); every one of
# them is read with a warning by default.
"$prog" batch --json --strict < "$tmp/links.txt" > "$tmp/strict.jsonl" || fail "batch --strict exited $?"
python3 - "$tmp/batch.jsonl" "$tmp/strict.jsonl" <<'PY' || fail "JSON lines check"
import json, sys
strict = [json.loads(l) for l in open(sys.argv[2], encoding="utf-8")]
lenient = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
assert len(strict) == len(lenient)
assert sum(not o["ok"] for o in strict) > 30
for s, l in zip(strict, lenient):
    assert s["ok"] or not l["ok"] or l["warnings"], (s, l)
    assert l["ok"] or not s["ok"], (s, l)
ok = bad = 0
for line in open(sys.argv[1], encoding="utf-8"):
    o = json.loads(line)
    assert isinstance(o["ok"], bool)
    if o["ok"]:
        ok += 1
        assert o["error"] is None
    else:
        bad += 1
        assert o["error"]["code"] and isinstance(o["error"]["offset"], int)
assert ok > 900 and bad > 5, (ok, bad)
PY

# 4. --stats summary on stderr; text mode: "<n>\tok\t<to>\t<cc>\t<bcc>\t<subject>\t<dropped>\t<warnings>"
#    or "<n>\terror\t<code>\t<offset>\t<message>".
printf 'mailto:a@example.com?subject=Caf%%C3%%A9&cc=b@example.org\nnot a link\n\nmailto:x@example.com?subject=a%%09b\n' > "$tmp/small.txt"
"$prog" batch --stats < "$tmp/small.txt" > "$tmp/small.out" 2> "$tmp/small.err" || fail "text mode exit $?"
printf '1\tok\ta@example.com\tb@example.org\t\tCaf\xc3\xa9\t0\t0\n2\terror\tnot_mailto\t0\tnot a mailto URI\n3\terror\tempty_input\t0\tinput is empty\n' > "$tmp/small.want"
head -3 "$tmp/small.out" | cmp -s - "$tmp/small.want" || fail "text mode output: $(cat -A "$tmp/small.out")"
grep -q '^batch: 4 lines, 2 ok, 2 errors, .* lines/s' "$tmp/small.err" || fail "stats: $(cat "$tmp/small.err")"
: | "$prog" batch --json > "$tmp/empty.out" || fail "empty input exit $?"
[[ ! -s "$tmp/empty.out" ]] || fail "empty input gave output"
printf 'mailto:last@example.com' | "$prog" batch --json | grep -q '"last@example.com"' || fail "last line without newline"

# 4b. The counts of dropped fields and warnings (issue 26: a scanner must see that attach= went),
#     in text mode and with --compose (the file, then the counts).
printf '%s\n' 'mailto:b@example.org?attach=/etc/passwd' 'mailto:a@x.org?subject=%3D%3Fbogus-cs%3FQ%3FJ%3DF6rg%3F%3D' > "$tmp/counts.txt"
"$prog" batch < "$tmp/counts.txt" > "$tmp/counts.out" || fail "counts exit $?"
printf '1\tok\tb@example.org\t\t\t\t1\t0\n2\tok\ta@x.org\t\t\t=?bogus-cs?Q?J=F6rg?=\t0\t1\n' | cmp -s - "$tmp/counts.out" \
  || fail "dropped and warning counts: $(cat -A "$tmp/counts.out")"
"$prog" batch --compose "$tmp/counts.d" < "$tmp/counts.txt" > "$tmp/counts.out" || fail "counts --compose exit $?"
printf '1\tok\t%s\t1\t0\n2\tok\t%s\t0\t1\n' "$tmp/counts.d/000000001.eml" "$tmp/counts.d/000000002.eml" | cmp -s - "$tmp/counts.out" \
  || fail "counts with --compose: $(cat -A "$tmp/counts.out")"

# 4c. -j: 0 to 64; anything else is exit 64 naming the option and the range, before any work.
set +e
for j in -1 -2 18446744073709551615 99999999999999999999999 65 65536 '' x 1x ' 1' 0x10; do
  printf 'mailto:a@example.com\n' | "$prog" batch -j "$j" > "$tmp/j.out" 2> "$tmp/j.err"; rc=$?
  [[ $rc -eq 64 && ! -s "$tmp/j.out" ]] || fail "-j '$j': exit $rc, stdout $(cat "$tmp/j.out")"
  grep -q "^error: usage: --jobs takes 0 to 64 (" "$tmp/j.err" || fail "-j '$j': $(cat "$tmp/j.err")"
done
for j in 0 1 64; do
  printf 'mailto:a@example.com\n' | "$prog" batch -j "$j" > "$tmp/j.out" 2> "$tmp/j.err"; rc=$?
  [[ $rc -eq 0 && $(cut -f2 "$tmp/j.out") == ok ]] || fail "-j $j: exit $rc $(cat "$tmp/j.err")"
done
"$prog" batch --max-input 99999999999 < /dev/null > /dev/null 2> "$tmp/j.err"; rc=$?
[[ $rc -eq 64 ]] && grep -q "^error: usage: --max-input takes 1 to 67108864 (" "$tmp/j.err" || fail "--max-input bound: $rc $(cat "$tmp/j.err")"
# --date is checked before any line is read.
"$prog" batch --compose "$tmp/never" --date yesterday < /dev/null > /dev/null 2> "$tmp/j.err"; rc=$?
[[ $rc -eq 64 ]] && grep -q "^error: usage: --date 'yesterday' is not a valid date-time" "$tmp/j.err" || fail "--date: $rc $(cat "$tmp/j.err")"
# Output lost on a full disk: exit 74 with the reason, for both drivers.
for j in 1 2; do
  "$prog" batch -j $j < "$tmp/small.txt" > /dev/full 2> "$tmp/j.err"; rc=$?
  [[ $rc -eq 74 ]] && grep -q "^error: io_error: .*(No space left on device)" "$tmp/j.err" || fail "/dev/full -j $j: $rc $(cat "$tmp/j.err")"
done
set -e

# 5. Too-long lines: an error object equal to inspect's, at the limit plus leading white space,
#    both for lines the parser sees and lines longer than max-input + 4096 (never held whole).
long=$(python3 -c 'print("mailto:a@example.com?body=" + "x" * 300)')
huge=$(python3 -c 'print("  mailto:a@example.com?body=" + "y" * 20000)')
printf '%s\n%s\nmailto:after@example.com\n' "$long" "$huge" | "$prog" batch --json --max-input 100 > "$tmp/long.out"
[[ "$(sed -n 1p "$tmp/long.out")" == "$("$prog" inspect --json --max-input 100 "$long" || true)" ]] || fail "too long line"
[[ "$(sed -n 2p "$tmp/long.out")" == "$("$prog" inspect --json --max-input 100 "$huge" || true)" ]] || fail "huge line: $(sed -n 2p "$tmp/long.out")"
sed -n 2p "$tmp/long.out" | grep -q '"code":"input_too_long","offset":102' || fail "huge line offset"
sed -n 3p "$tmp/long.out" | grep -q '"ok":true' || fail "the line after a huge line"

# 6. I/O errors exit 74: unreadable input, unwritable output.
set +e
"$prog" batch --json < / > /dev/null 2> "$tmp/err"; rc=$?
[[ $rc -eq 74 ]] || fail "reading a directory: exit $rc"
"$prog" batch --json < "$tmp/links.txt" >&- 2> "$tmp/err"; rc=$?
[[ $rc -eq 74 ]] || fail "closed stdout: exit $rc"
"$prog" batch --bogus < /dev/null > /dev/null 2>&1; rc=$?
[[ $rc -eq 64 ]] || fail "bad option: exit $rc"
set -e

# 7. --compose DIR: one .eml per good line, named by line number, mode 0600 in a 0700 directory,
#    written atomically (no .tmp left); Python's email package reads them back and finds the
#    recipients and subject inspect reports. Bad lines give no file.
date='Sun, 22 Nov 2026 12:00:00 +0000'
"$prog" batch --json --compose "$tmp/drafts" --date "$date" < "$tmp/links.txt" > "$tmp/compose.jsonl" || fail "compose exit $?"
# The files are what `mailtokit compose` writes for the same link (but the random Message-ID).
i=0
compared=0
while IFS= read -r link; do
  i=$((i + 1))
  (( i % 7 == 2 )) || continue
  f="$tmp/drafts/$(printf '%09d' "$i").eml"
  [[ -f "$f" ]] || continue
  "$prog" compose --date "$date" "$link" 2>/dev/null | grep -av '^Message-ID:' > "$tmp/want.eml" || fail "compose of line $i"
  grep -av '^Message-ID:' "$f" | cmp -s - "$tmp/want.eml" || fail "line $i: batch --compose differs from compose"
  compared=$((compared + 1))
done < "$tmp/links.txt"
[[ $compared -ge 100 ]] || fail "only $compared drafts compared with mailtokit compose"
[[ $(stat -c %a "$tmp/drafts") == 700 ]] || fail "draft directory mode $(stat -c %a "$tmp/drafts")"
! ls "$tmp/drafts" | grep -q '\.tmp$' || fail "temporary files left"
python3 - "$tmp/compose.jsonl" "$tmp/drafts" "$tmp/batch.jsonl" <<'PY' || fail "compose check"
import email, email.policy, json, os, stat, sys
from email.headerregistry import Address
raw = open(sys.argv[1], encoding="utf-8").read().splitlines()
plain = open(sys.argv[3], encoding="utf-8").read().splitlines()
lines = [json.loads(l) for l in raw]
d = sys.argv[2]
# The JSON lines are inspect's, except where the draft parsed but compose() refused it: then the
# line is compose's error object (and there is no file).
refused = 0
for a, b in zip(raw, plain):
    if a != b:
        o, p = json.loads(a), json.loads(b)
        assert p["ok"] and not o["ok"], (a, b)
        assert o["error"]["code"] in ("invalid_address", "needs_smtputf8", "no_recipients", "header_injection",
                                      "header_not_allowed"), a
        refused += 1
assert len(raw) == len(plain) and refused < 100, refused
files = sorted(os.listdir(d))
expected = []
for i, o in enumerate(lines, 1):
    name = f"{i:09d}.eml"
    path = os.path.join(d, name)
    if not o["ok"]:
        assert not os.path.exists(path), name
        continue
    expected.append(name)
    mode = stat.S_IMODE(os.stat(path).st_mode)
    assert mode == 0o600, (name, oct(mode))
    msg = email.message_from_bytes(open(path, "rb").read(), policy=email.policy.default)
    if o["subject"] is not None:
        assert msg["Subject"] == " ".join(o["subject"].split()) or msg["Subject"] == o["subject"], (name, msg["Subject"], o["subject"])
    want_to = [a["ascii"] or a["address"] for a in o["to"] if a["valid"]]
    got_to = [a.addr_spec.lower() for a in msg["To"].addresses] if msg["To"] else []
    for w in want_to:
        # Python writes quoted local parts in its canonical form ("\ " becomes " ").
        w = Address(addr_spec=w).addr_spec.lower()
        assert w in got_to, (name, w, got_to)
assert files == expected, (len(files), len(expected))
assert len(files) > 900
PY
mkdir -p "$tmp/ro" && chmod 500 "$tmp/ro"
if [[ $(id -u) -ne 0 ]]; then
  set +e
  printf 'mailto:a@example.com\n' | "$prog" batch --compose "$tmp/ro" > /dev/null 2>&1; rc=$?
  set -e
  [[ $rc -eq 74 ]] || fail "unwritable draft directory: exit $rc"
fi
set +e
printf 'mailto:a@example.com\n' | "$prog" batch --compose "$tmp/links.txt/x" > /dev/null 2>&1; rc=$?
set -e
[[ $rc -eq 73 ]] || fail "draft directory that cannot be created: exit $rc"
echo "batch_cli: ok ($n links, $checked compared with inspect --json)"
