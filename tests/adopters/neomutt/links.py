#!/usr/bin/env python3
"""Links for harness.c, and its recipients against `mailtokit inspect --json` (run.sh uses both).

links.py extract OUT TSV...      the first column of each TSV file (TSV escapes \\t \\n \\r \\\\ \\0
                                 \\xHH undone), distinct, NUL-separated into OUT; links holding a NUL
                                 byte are left out (mutt_parse_mailto() takes a C string)
links.py compare MAILTOKIT LINKS ENVELOPES
                                 each harness line (the Envelope's To, Cc, Bcc) against what
                                 `MAILTOKIT inspect --json -- LINK` prints for the same link
"""
import json
import subprocess
import sys

ESCAPES = {ord('t'): b'\t', ord('n'): b'\n', ord('r'): b'\r', ord('0'): b'\0', ord('\\'): b'\\'}


def unescape(field):
    b, out, i = field.encode('utf-8', 'surrogateescape'), bytearray(), 0
    while i < len(b):
        if b[i] != 0x5C or i + 1 == len(b):
            out.append(b[i])
            i += 1
        elif b[i + 1] in ESCAPES:
            out += ESCAPES[b[i + 1]]
            i += 2
        elif b[i + 1] == ord('x') and i + 3 < len(b):
            out.append(int(b[i + 2:i + 4], 16))
            i += 4
        else:
            out += b[i:i + 2]
            i += 2
    return bytes(out)


def extract(out_path, tsv_paths):
    seen, links, with_nul = set(), [], 0
    for path in tsv_paths:
        for line in open(path, encoding='utf-8', errors='surrogateescape'):
            line = line.rstrip('\n').rstrip('\r')
            if not line or line.startswith('#'):
                continue
            link = unescape(line.split('\t', 1)[0])
            if b'\0' in link:
                with_nul += 1
            elif link not in seen:
                seen.add(link)
                links.append(link)
    with open(out_path, 'wb') as f:
        for link in links:
            f.write(link + b'\0')
    print(f"links: {len(links)} distinct ({with_nul} with a NUL byte left out: a C string cannot hold them)")


def mailbox(a):
    """What the patched mutt_parse_mailto() puts in Address.mailbox for one address of the JSON."""
    if not a['valid']:
        return a['address']  # the text, kept for the user to correct
    if a['ascii'] is not None:
        return a['ascii']
    import idna  # python3-idna; only for a non-ASCII local part, which has no "ascii" form
    local, domain = a['address'].rsplit('@', 1)
    return local + '@' + idna.encode(domain, uts46=True).decode('ascii')


def compare(mailtokit, links_path, envelopes_path):
    links = open(links_path, 'rb').read().split(b'\0')[:-1]
    envelopes = [json.loads(l) for l in open(envelopes_path, encoding='utf-8', errors='surrogateescape')]
    if len(envelopes) != len(links):
        sys.exit(f"recipients: {len(links)} links but {len(envelopes)} envelopes")
    same = differ = 0
    for i, (link, env) in enumerate(zip(links, envelopes), 1):
        r = subprocess.run([mailtokit, 'inspect', '--json', '--', link], capture_output=True)
        try:
            j = json.loads(r.stdout.decode('utf-8', 'surrogateescape'))
        except ValueError:
            j = {'ok': False}
        want = {'ok': bool(j.get('ok'))}
        for k in ('to', 'cc', 'bcc'):
            want[k] = [[a['display_name'], mailbox(a)] for a in (j.get(k) or [])]
        have = {k: env[k] for k in ('ok', 'to', 'cc', 'bcc')}
        if have == want:
            same += 1
        else:
            differ += 1
            print(f"link {i} {link!r}:\n  mutt_parse_mailto: {have}\n  mailtokit inspect: {want}", file=sys.stderr)
    print(f"recipients: {same} links give the same To, Cc and Bcc as `mailtokit inspect --json`, {differ} do not")
    return 1 if differ else 0


if __name__ == '__main__':
    if len(sys.argv) >= 3 and sys.argv[1] == 'extract':
        extract(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 5 and sys.argv[1] == 'compare':
        sys.exit(compare(*sys.argv[2:]))
    else:
        sys.exit(__doc__)
