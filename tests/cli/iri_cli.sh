#!/usr/bin/env bash
# `mailtokit iri ...` run as a real process: stdout, the stderr error format and exit codes.
# Usage: iri_cli.sh PATH/TO/mailtokit
set -u
prog=${1:?usage: iri_cli.sh PATH/TO/mailtokit}
failures=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# expect WANT_RC WANT_STDOUT WANT_STDERR_REGEX -- ARGS...   (bash ERE over the whole stderr; '' = empty)
expect() {
  local want_rc=$1 want_out=$2 want_err=$3
  shift 4
  "$prog" "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  local out err
  out=$(cat "$tmp/out")
  err=$(cat "$tmp/err")
  if [[ $rc -ne $want_rc ]]; then
    echo "FAIL: mailtokit $*: exit $rc, want $want_rc (stderr: $err)"
    failures=$((failures + 1))
    return
  fi
  if [[ "$out" != "$want_out" ]]; then
    echo "FAIL: mailtokit $*: stdout [$out], want [$want_out]"
    failures=$((failures + 1))
    return
  fi
  if [[ -z "$want_err" ]]; then
    if [[ -n "$err" ]]; then
      echo "FAIL: mailtokit $*: unexpected stderr [$err]"
      failures=$((failures + 1))
    fi
  elif ! [[ "$err" =~ $want_err ]]; then
    echo "FAIL: mailtokit $*: stderr [$err] does not match /$want_err/"
    failures=$((failures + 1))
  fi
}

# The three examples of the issue.
expect 0 'http://r%C3%A9sum%C3%A9.example.org' '' -- iri to-uri 'http://résumé.example.org'
expect 0 'http://xn--rsum-bpad.example.org' '' -- iri to-uri --idna 'http://résumé.example.org'
expect 0 'http://www.example.org/D%FCrst' '' -- iri to-iri 'http://www.example.org/D%FCrst'
expect 0 'http://xn--99zt52a.example.org/%E2%80%AE' '' -- iri to-iri 'http://xn--99zt52a.example.org/%e2%80%ae'
expect 0 'http://納豆.example.org/%E2%80%AE' '' -- iri to-iri --idna 'http://xn--99zt52a.example.org/%e2%80%ae'
expect 0 'http://www.example.org/Dürst' '' -- iri to-iri 'http://www.example.org/D%C3%BCrst'

# Pre-processing: leading and trailing ASCII white space is trimmed; offsets count it.
expect 0 'http://r%C3%A9sum%C3%A9.example.org' '' -- iri to-uri $' \t http://résumé.example.org \n'
expect 65 '' '^error: iri_bad_char: the IRI at byte 10 \(' -- iri to-uri '  http://a b'

# Legacy charset input (RFC 3987 section 3.1 step 1 b): the bytes of windows-1258, then NFC.
expect 0 'http://example.org/Vi%E1%BB%87t' '' -- iri to-uri --charset windows-1258 "$(printf 'http://example.org/Vi\xea\xf2t')"
expect 0 'http://example.org/caf%C3%A9' '' -- iri to-uri --charset ISO-8859-1 "$(printf 'http://example.org/caf\xe9')"
expect 65 '' '^error: unknown_charset: the IRI at byte 0 \(' -- iri to-uri --charset no-such-charset 'http://a/'
expect 65 '' '^error: charset_conversion: the IRI at byte 9 \(' -- iri to-uri --charset iso-8859-7 "$(printf 'http://a/\xae')"

# Bad input: exit 65 and the error line format.
expect 65 '' '^error: iri_private_outside_query: the IRI at byte 19 \(private-use character outside the query\)$' -- iri to-uri "$(printf 'http://example.org/\xee\x80\x80')"
expect 65 '' '^error: utf8_overlong: the IRI at byte 9 \(' -- iri to-uri "$(printf 'http://a/\xc0\xaf')"
expect 65 '' '^error: percent_bad_hex: the IRI at byte 9 \(' -- iri to-iri 'http://a/%G0'
expect 65 '' '^error: idna_disallowed: the IRI at byte 7 \(' -- iri to-iri --idna 'http://xn--a.example.org/'
expect 65 '' '^error: idna_disallowed: the IRI at byte 7 \(' -- iri to-uri --idna "$(printf 'http://a\xe2\x80\xaeb.example/')"
expect 65 '' '^error: iri_bad_scheme: the IRI at byte 0 \(' -- iri check '1a:b'

# check: components on success; the bidi rules of section 4.2 with the component named.
expect 0 $'scheme\thttp\nuserinfo\tuser\nhost\trésumé.example.org\nhost-type\treg-name\nport\t8080\npath\t/p\nquery\tq\nfragment\tf' '' \
  -- iri check 'http://user@résumé.example.org:8080/p?q#f'
expect 0 $'scheme\thttp\nhost\t[::1]\nhost-type\tip-literal\npath\t' '' -- iri check 'http://[::1]'
expect 0 $'scheme\thttp\nhost\tab.גדהוזח.ij\nhost-type\treg-name\npath\t/kl/mn/op.html' '' -- iri check 'http://ab.גדהוזח.ij/kl/mn/op.html'
expect 65 '' '^error: iri_bidi: the IRI at byte 16 .*'$'\n''note: isegment at bytes 16-21 uses right-to-left characters but does not start and end with one' \
  -- iri check 'http://ab.cd.ef/זח1/2טי/כל.html'
expect 65 '' '^error: iri_bidi: the IRI at byte 10 .*'$'\n''note: ireg-name label at bytes 10-16 mixes right-to-left and left-to-right' -- iri check 'http://ab.cdהו.ij/'
expect 65 '' 'note: isegment at bytes 9-14 has a bidi formatting character .* at byte 10' -- iri check "$(printf 'http://a/x\xe2\x80\x8ey')"

# equal: exit 0 when equivalent, 1 when not; the deciding rung on stdout.
expect 0 'equivalent: simple string comparison (RFC 3987 section 5.3.1)' '' -- iri equal 'http://a/b' 'http://a/b'
expect 0 'equivalent: syntax-based normalization (RFC 3987 section 5.3.2)' '' -- iri equal 'example://a/b/c/%7Bfoo%7D/rosé' 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9'
expect 0 'equivalent: scheme-based normalization (RFC 3987 section 5.3.3)' '' -- iri equal 'http://example.com' 'http://example.com:80/'
expect 1 'different: still different after scheme-based normalization (RFC 3987 section 5.3.3)' '' -- iri equal 'http://example.com/data' 'http://example.com/data/'
expect 65 '' '^error: iri_bad_char: the second IRI at byte 8 \(' -- iri equal 'http://a' 'http://a b'

# Bad usage: exit 64.
expect 64 '' '^error: usage: no iri command given \(the iri commands are to-uri, to-iri, check, equal\)' -- iri
expect 64 '' '^error: usage: the IRI \(UTF-8, or bytes in --charset\) is missing' -- iri to-uri
expect 64 '' '^error: usage: the second IRI is missing' -- iri equal 'http://a'
expect 64 '' "^error: usage: unknown option '--no-such-option'" -- iri to-uri --no-such-option 'http://a'
expect 64 '' "^error: usage: unknown option '--charst' \(did you mean '--charset'\?\)" -- iri to-uri --charst latin1 'http://a'
expect 64 '' "^error: usage: unexpected argument 'http://b'" -- iri to-uri 'http://a' 'http://b'
expect 64 '' "^error: usage: '--charset' comes before to-uri \(options go after the command they belong to\)" -- iri --charset latin1 to-uri 'http://a'

if [[ $failures -ne 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "iri_cli: all passed"
