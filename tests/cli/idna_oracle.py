#!/usr/bin/env python3
"""Oracle test: `mailtokit iri to-uri --idna` and `to-iri --idna` against Python's `idna` package
(an independent IDNA2008 + UTS #46 implementation, Debian package python3-idna).

For each domain, both must agree on the A-label form (or both refuse it), and the U-label form
shown by to-iri must be what idna.decode gives. Usage: idna_oracle.py PATH/TO/mailtokit
"""
import subprocess
import sys

try:
    import idna
except ImportError:
    print("FAIL: the oracle needs Python's idna package (Debian: python3-idna)")
    sys.exit(1)

prog = sys.argv[1]

DOMAINS = [
    "納豆.example.org", "faß.de", "résumé.example.org", "RÉSUMÉ.Example.ORG", "bücher.example",
    "пример.испытание", "παράδειγμα.δοκιμή", "ὀδυσσεύς.gr", "σίσυφος.gr", "例え.テスト", "例子.测试",
    "실례.테스트", "उदाहरण.परीक्षा", "ตัวอย่าง.ไทย", "שלום.com", "مثال.إختبار", "a۱۲.com",
    "ﬁle.example", "ＡＢＣ.example", "a。bé", "straße.de", "ǅ.example", "öbb.at",
    "xn--99zt52a.example.org", "xn--fa-hia.de", "www.xn--rsum-bpad.example.org",
    # refused by IDNA2008
    "a\u202eb.example", "-bad.café", "bad-.café", "aשלום.com", "☕.example", "a\u200db.example",
    "xn--a.example", "xn--.example",
]


def oracle_ascii(domain):
    try:
        return idna.encode(domain, uts46=True, transitional=False).decode("ascii")
    except idna.IDNAError:
        return None


def run(args):
    p = subprocess.run([prog, "iri"] + args, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


failures = 0
checked = 0
for domain in DOMAINS:
    want = oracle_ascii(domain)
    rc, out, err = run(["to-uri", "--idna", "http://" + domain + "/"])
    if domain.isascii():
        # ASCII hosts are URI hosts already: to-uri leaves them alone; to-iri --idna validates.
        rc, out, err = run(["to-iri", "--idna", "http://" + domain + "/"])
        if want is None:
            ok = rc == 65 and err.startswith("error: idna_")
        else:
            ok = rc == 0 and out == "http://" + idna.decode(want) + "/\n"
        got = (rc, out.strip(), err.strip())
    else:
        if want is None:
            ok = rc == 65 and err.startswith("error: idna_")
        else:
            ok = rc == 0 and out == "http://" + want + "/\n"
            if ok:
                rc2, out2, _ = run(["to-iri", "--idna", "http://" + want + "/"])
                ok = rc2 == 0 and out2 == "http://" + idna.decode(want) + "/\n"
        got = (rc, out.strip(), err.strip())
    checked += 1
    if not ok:
        failures += 1
        print("FAIL: %r: oracle %r, mailtokit %r" % (domain, want, got))

if failures:
    print("%d of %d domains disagree" % (failures, checked))
    sys.exit(1)
print("idna_oracle: %d domains agree with Python idna %s" % (checked, idna.__version__))
