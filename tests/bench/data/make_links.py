#!/usr/bin/env python3
"""Writes the fixed benchmark link set (tests/bench/data/*.txt), one mailto link per line.

Deterministic (fixed seed): rerunning it reproduces the committed files byte for byte. The files,
not this script, are the benchmark's input; the script documents how they were made.
Sets: short ASCII links, encoded subjects with multi-line bodies, IDN domains (a few domains,
repeated, in IRI, percent-encoded UTF-8 and A-label forms), RFC 2047 encoded words, 10 KB bodies,
hostile links, and ref113 (the issue's 113-byte reference link).
"""
import os
import random
import sys
from urllib.parse import quote

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(6068)

USERS = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy",
         "mallory", "niaj", "olivia", "peggy", "rupert", "sybil", "trent", "victor", "walter",
         "info", "sales", "support", "noreply", "jobs", "press", "john.doe", "jane_smith",
         "first.last+tag", "admin", "webmaster"]
DOMAINS = ["example.com", "example.org", "example.net", "mail.example.com", "lists.example.org",
           "company.co.uk", "university.edu", "shop.example.de", "news.example.fr", "corp.example.io"]
WORDS = ["meeting", "report", "invoice", "hello", "question", "feedback", "order", "newsletter",
         "update", "schedule", "proposal", "review", "lunch", "project", "budget", "draft",
         "agenda", "minutes", "contract", "release"]
UTF8_WORDS = ["café", "Grüße", "naïve", "résumé", "Ærø", "Straße", "日本語", "привет", "Ελλάδα",
              "½ price", "€100", "niño", "smörgåsbord", "über", "façade"]
SENTENCES = ["Hi there,", "Thanks for your message.", "Please find the details below.",
             "Let me know if this works for you.", "See you on Monday.", "Best regards,",
             "The meeting is moved to 3 pm.", "Could you review the attached draft?",
             "Prices start at €100 for the café menu.", "Grüße aus München!",
             "Кажется, всё готово.", "よろしくお願いします。", "Cheers, Olivia"]


def enc(text):
    """RFC 6068 hvalue encoding: everything but unreserved characters percent-encoded."""
    return quote(text, safe="-._~!$'()*,;:@/")


def addr():
    return f"{rng.choice(USERS)}@{rng.choice(DOMAINS)}"


def body(lines):
    return "\r\n".join(rng.choice(SENTENCES) for _ in range(lines))


def short():
    out = []
    for i in range(200):
        k = i % 6
        if k == 0:
            out.append(f"mailto:{addr()}")
        elif k == 1:
            out.append(f"mailto:{addr()}?subject={rng.choice(WORDS)}")
        elif k == 2:
            out.append(f"mailto:{addr()},{addr()}")
        elif k == 3:
            out.append(f"mailto:?to={addr()}&cc={addr()}")
        elif k == 4:
            out.append(f"mailto:{addr()}?cc={addr()}&subject=Re:%20{rng.choice(WORDS)}")
        else:
            out.append(f"MAILTO:{addr()}?bcc={addr()}&subject={rng.choice(WORDS)}&body={rng.choice(WORDS)}")
    # RFC 6068 section 6.1 examples.
    out += ["mailto:chris@example.com", "mailto:infobot@example.com?subject=current-issue",
            "mailto:infobot@example.com?body=send%20current-issue",
            "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
            "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
            "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
            "mailto:joe@example.com?cc=bob@example.com&body=hello",
            "mailto:gorby%25kremvax@example.com", "mailto:unlikely%3Faddress@example.com",
            "mailto:Mike%26family@example.org", "mailto:%22not%40me%22@example.org",
            "mailto:%22oh%5C%5Cno%22@example.org",
            "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
            "mailto:user@example.org?subject=caf%C3%A9", "mailto:?to=joe@example.com&cc=bob@example.com&body=hello"]
    return out


def subject_body():
    out = []
    for i in range(200):
        subj = f"{rng.choice(WORDS).capitalize()} {rng.choice(UTF8_WORDS)} {rng.choice(WORDS)}"
        lines = 2 + i % 4
        b = body(lines)
        if i % 7 == 3:
            b = b.replace("\r\n", "\n")  # bare LF line breaks, as many pages write them
        out.append(f"mailto:{addr()}?subject={enc(subj)}&body={enc(b)}")
    return out


IDN = ["bücher.de", "納豆.example.org", "münchen.de", "пример.испытание", "例え.テスト",
       "παράδειγμα.δοκιμή", "straße.de", "köln-bonn.example"]


def idn_form(domain, form):
    if form == 0:
        return domain  # IRI: raw UTF-8
    if form == 1:
        return quote(domain, safe=".-")  # RFC 6068: percent-encoded UTF-8
    return domain.encode("idna").decode("ascii") if domain != "straße.de" else "xn--strae-oqa.de"


def idn():
    out = []
    for i in range(200):
        d = idn_form(IDN[i % len(IDN)], i % 3)
        u = rng.choice(USERS)
        if i % 4 == 0:
            out.append(f"mailto:{u}@{d}?subject={enc(rng.choice(UTF8_WORDS))}")
        else:
            out.append(f"mailto:{u}@{d}")
    return out


def ew(text, charset="utf-8", mode="Q"):
    raw = text.encode(charset)
    if mode == "B":
        import base64
        return f"=?{charset}?B?{base64.b64encode(raw).decode()}?="
    q = "".join(chr(c) if (48 <= c <= 57 or 65 <= c <= 90 or 97 <= c <= 122) else
                "_" if c == 32 else f"={c:02X}" for c in raw)
    return f"=?{charset}?Q?{q}?="


def encoded_words():
    out = []
    names = ["Jörg Müller", "François Pérez", "Zoë Ångström", "José Núñez", "Søren Kierkegaard"]
    for i in range(200):
        k = i % 5
        name = rng.choice(names)
        if k == 0:
            s = ew(f"{rng.choice(UTF8_WORDS)} {rng.choice(WORDS)}")
            out.append(f"mailto:{addr()}?subject={enc(s)}")
        elif k == 1:
            s = ew(f"{rng.choice(WORDS)} {rng.choice(UTF8_WORDS)}", mode="B")
            out.append(f"mailto:{addr()}?subject={enc(s)}")
        elif k == 2:
            s = ew(name, "iso-8859-1") + " " + ew(" sagt hallo", "iso-8859-1")
            out.append(f"mailto:{addr()}?subject={enc(s)}")
        elif k == 3:
            to = f"{ew(name)} <{addr()}>"
            out.append(f"mailto:?to={enc(to)}&subject={enc(rng.choice(WORDS))}")
        else:
            s = f"Re: {ew('€ invoice', 'windows-1252')} for {rng.choice(WORDS)}"
            out.append(f"mailto:{addr()}?subject={enc(s)}&body={enc(body(2))}")
    return out


def long_body():
    out = []
    for _ in range(32):
        lines = []
        size = 0
        while size < 10000:
            s = rng.choice(SENTENCES)
            lines.append(s)
            size += len(enc(s)) + 6
        out.append(f"mailto:{addr()}?subject={enc('Long ' + rng.choice(WORDS))}&body={enc(chr(13).join(lines).replace(chr(13), chr(13) + chr(10)))}")
    return out


def hostile():
    many_to = ",".join(f"user{i}@example.com" for i in range(500))
    many_hf = "&".join(f"x-h{i}=v{i}" for i in range(300))
    ews = enc("".join(ew("x" * 20) + " " for _ in range(200)))
    base = [
        "mailto:victim@example.com?subject=Hello%0D%0ABcc:%20spy@evil.example",
        "mailto:victim@example.com?subject=Hi%0ABcc:spy@evil.example&body=x",
        "mailto:a@example.com?attach=/etc/passwd",
        "mailto:a@example.com?attachment=file:///etc/shadow&subject=invoice",
        "mailto:a@example.com?Attach=%2Fhome%2Fuser%2F.ssh%2Fid_rsa",
        "mailto:a@example.com?insert=/etc/passwd",
        "mailto:a@example.com?from=ceo@bank.example&reply-to=phish@evil.example",
        "mailto:a@example.com?sender=x@evil.example&return-path=x@evil.example",
        "mailto:a@example.com?content-type=text/html&body=%3Cscript%3Ealert(1)%3C/script%3E",
        "mailto:a@example.com?subject=%G1",
        "mailto:a@example.com?subject=abc%",
        "mailto:a@example.com?subject=abc%4",
        "mailto:a@example.com?subject=%C3%28",
        "mailto:a@example.com?subject=%ED%A0%80",
        "mailto:a@example.com?subject=%C0%AF",
        "mailto:a@example.com?subject=%F5%80%80%80",
        "mailto:a@example.com?subject=x?y",
        "mailto:a%40b@example.com",
        "mailto:a@exa%00mple.com",
        "mailto:a@example.com?subject=nul%00byte",
        "mailto:a@example.com?subject=%E2%80%AEtxt.exe",
        "mailto:%E2%80%AEmoc.elpmaxe@example.com",
        "mailto:a@xn--a.example",
        "mailto:a@" + "a" * 300 + ".example",
        "mailto:" + "l" * 300 + "@example.com",
        "mailto:a@" + ".".join(["x"] * 150) + ".example",
        "javascript:alert(1)",
        "http://example.com/?to=a@example.com",
        "mailto:",
        "mailto:?",
        "mailto:?&&&",
        "mailto:a@example.com#fragment",
        "mailto:a@example.com?=value",
        "mailto:a@example.com?subject",
        "mailto:a@[127.0.0.1]",
        "mailto:a@[IPv6:::1]?subject=literal",
        "mailto:a@example.com?subject=" + enc(ew("=?utf-8?Q?x?=")),
        "mailto:a@example.com?subject=" + enc("=?utf-8?Q?broken"),
        "mailto:a@example.com?subject=" + enc("=?x-unknown?Q?abc?="),
        "mailto:?to=" + many_to,
        "mailto:a@example.com?" + many_hf,
        "mailto:a@example.com?subject=" + ews,
        "mailto:a@example.com?to=b@example.com&to=c@example.com&cc=d@example.com&bcc=e@example.com",
        "mailto:a@example.com?body=" + "%0D" * 200 + "x" + "%0A" * 200,
        "mailto:a@example.com?subject=" + "%20" * 500,
        "mailto:" + "%" * 40,
        " \t mailto:trim@example.com \t ",
        "mailto:a@example.com?subject=Tab%09in%09subject&body=ctl%1B[31mred",
        "mailto:%22quoted%20%5C%22local%5C%22%22@example.com",
        "mailto:a@-bad-.example",
    ]
    out = []
    while len(out) < 200:
        out.extend(base)
    return out[:200]


REF113 = ("mailto:alice@example.com?subject=Quarterly%20report%3A%20caf%C3%A9%20plan"
          "&body=Hi%20Alice%2C%0D%0ASee%20you%20now")


def main():
    sets = {"short": short(), "subject_body": subject_body(), "idn": idn(),
            "encoded_words": encoded_words(), "long_body": long_body(), "hostile": hostile(),
            "ref113": [REF113]}
    if len(REF113.encode()) != 113:
        sys.exit(f"ref113 is {len(REF113.encode())} bytes, not 113")
    for name, links in sets.items():
        for link in links:
            assert "\n" not in link and "\r" not in link, link
        with open(os.path.join(HERE, f"{name}.txt"), "w", encoding="utf-8", newline="\n") as f:
            f.write("\n".join(links) + "\n")
        print(f"{name}: {len(links)} links, {sum(len(l.encode()) for l in links)} bytes")


if __name__ == "__main__":
    main()
