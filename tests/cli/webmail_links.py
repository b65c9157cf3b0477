#!/usr/bin/env python3
"""Every webmail's compose link, read back by an independent reader that follows the service's own
parser (handler/clients/WEBMAIL.md cites each one), for hostile values.

Usage: webmail_links.py /path/to/mailtokit

For each service, `mailtokit open --dry-run --target NAME LINK` (in a private HOME whose default
https handler is a stand-in browser entry) prints what would be started: the browser's entry and
the one URI it gets. The URI is taken apart here as the service takes it apart (PHP's $_GET and
parse_str, where '+' is a space; URLSearchParams, likewise; decodeURIComponent, where it is not;
AngularJS's parseKeyValue for SOGo; RainLoop's double decoding; Nextcloud's undecoded path; the
fragment for Proton, Tuta, SOGo and OX, which the server never sees), and every field it reads
must equal what `mailtokit inspect --json` reads in the link: every To, Cc and Bcc address,
the subject and the body. Values: & # + % = ; ? quotes, non-ASCII, line breaks, a '+' in an
address, a 10 KB body (which a service whose server reads the query refuses: exit 65, the draft
kept, nothing started). Hidden copies SOGo would show as Cc are left out and said. The client
tests' hostile links (issue 45): each reader finds exactly the recipients the user is shown.
"""
import json
import os
import re
import subprocess
import sys
import urllib.parse

from harness.checks import Checks
from harness.desktop import private_home, write_config
from harness.links import LINKS as CLIENT_LINKS
from harness.told import subject_as_told

PROG = os.path.realpath(sys.argv[1])
checks = Checks("webmail_links")
check = checks.check

tmp, home, env = private_home()
apps = os.path.join(env["XDG_DATA_HOME"], "applications")
os.makedirs(apps, exist_ok=True)
with open(os.path.join(apps, "standin-browser.desktop"), "w") as f:
    f.write("[Desktop Entry]\nType=Application\nName=Stand-in Browser\nExec=/bin/true %u\n"
            "MimeType=x-scheme-handler/https;\n")
with open(os.path.join(env["XDG_CONFIG_HOME"], "mimeapps.list"), "w") as f:
    f.write("[Default Applications]\nx-scheme-handler/https=standin-browser.desktop\n")

SPECIALS = "Q&A #1: 1+1=2; 100% \"sure\" & 'x' ?a=b"
LINKS = [
    # To, Cc, Bcc; a '+' and an apostrophe in addresses; specials in the subject and the body.
    "mailto:a@example.org,o'brien%2Btag@example.org?cc=c@example.org&bcc=h@example.org"
    "&subject=" + urllib.parse.quote(SPECIALS, safe="") + "&body=" + urllib.parse.quote(SPECIALS + "\r\nline 2", safe=""),
    # Non-ASCII in the subject, the body and a domain; CRLF line breaks.
    "mailto:info@b%C3%BCcher.example?subject=caf%C3%A9%20%E7%B4%8D%E8%B1%86&body=Gr%C3%BC%C3%9Fe%0D%0A%0D%0A%E2%9C%93",
    # Cc and Bcc only, then a subject with %2B and %25.
    "mailto:?to=t@example.org&cc=c1@example.org,c2@example.org&bcc=b@example.org&subject=%2B%25%2525",
    # A hidden copy and no Cc (SOGo would show it as a Cc: left out there, and said).
    "mailto:a@example.org?bcc=h@example.org&subject=hidden",
]
LONG = "mailto:long@example.org?subject=long&body=" + ("x" * 10240)

ADDRESSES = {"roundcube": "https://mail.example.org/", "sogo": "https://mail.example.org/SOGo/so/me/Mail/",
             "nextcloud": "https://cloud.example.org", "snappymail": "https://mail.example.org/snappy/",
             "rainloop": "https://mail.example.org/", "ox": "https://mail.example.org/appsuite/",
             "horde": "https://mail.example.org/imp/", "webmail": "https://mail.example.org/compose?uri=%s&x=1"}
HOSTED = ["gmail", "outlook", "office365", "yahoo", "proton", "fastmail", "zoho", "tuta", "yandex"]
FRAGMENT = {"proton", "tuta", "sogo", "ox"}


# ---- the parsers, as each service's code reads ----------------------------------------------
def php_query(q):
    """PHP's $_GET / parse_str: split at '&', the first '=', '+' is a space, %XX decoded."""
    return urllib.parse.parse_qs(q, keep_blank_values=True)


def url_search_params(q):
    """URLSearchParams: as application/x-www-form-urlencoded, '+' is a space."""
    return urllib.parse.parse_qs(q, keep_blank_values=True)


def decode_uri_component(s):
    """decodeURIComponent: %XX decoded, '+' stays; a malformed escape throws."""
    if re.search(r"%(?![0-9A-Fa-f]{2})", s):
        raise ValueError(f"URIError: {s!r}")
    return urllib.parse.unquote(s, errors="strict")


def split_list(s):
    return [a.strip() for a in s.split(",") if a.strip()]


def rfc6068(uri, path_decode, query_parse):
    """A mailto URI: the path decoded by `path_decode`, the query by `query_parse` (name -> list)."""
    check(uri.lower().startswith("mailto:"), f"not a mailto URI: {uri!r}")
    path, _, query = uri[len("mailto:"):].partition("?")
    fields = {k.lower(): v for k, v in query_parse(query).items()}
    to = split_list(path_decode(path)) if path else []
    for extra in fields.pop("to", []):
        to += split_list(extra)
    return {"to": to, "cc": [a for v in fields.get("cc", []) for a in split_list(v)],
            "bcc": [a for v in fields.get("bcc", []) for a in split_list(v)],
            "subject": fields.get("subject", [None])[0], "body": fields.get("body", [None])[0],
            "names": set(fields)}


def js_pairs(q):
    """split at '&' and the first '=', decodeURIComponent each (Proton's parseMailtoParams, OX)."""
    out = {}
    for part in q.split("&"):
        if not part:
            continue
        k, _, v = part.partition("=")
        out.setdefault(decode_uri_component(k).lower(), []).append(decode_uri_component(v))
    return out


def read_link(name, url):
    u = urllib.parse.urlsplit(url)
    if name == "gmail":
        return rfc6068(php_query(u.query)["url"][0], decode_uri_component, js_pairs)
    if name == "yahoo":
        return rfc6068(php_query(u.query)["To"][0], decode_uri_component, js_pairs)
    if name == "zoho":
        return rfc6068(php_query(u.query)["ct"][0], decode_uri_component, js_pairs)
    if name == "yandex":
        return rfc6068(php_query(u.query)["mailto"][0], decode_uri_component, js_pairs)
    if name in ("outlook", "office365", "fastmail"):
        q = php_query(u.query)
        return {"to": split_list(q.get("to", [""])[0]), "cc": split_list(q.get("cc", [""])[0]),
                "bcc": split_list(q.get("bcc", [""])[0]), "subject": q.get("subject", [None])[0],
                "body": q.get("body", [None])[0], "names": set(q)}
    if name == "proton":  # #mailto=, one decodeURIComponent; subject, cc, bcc, body; To in the path
        check(u.fragment.startswith("mailto=mailto%3A"), f"proton: {u.fragment[:40]!r}")
        inner = decode_uri_component(u.fragment[len("mailto="):])
        return rfc6068(inner, lambda p: ",".join(decode_uri_component(a) for a in p.split(",")), js_pairs)
    if name == "tuta":  # #url=, one decodeURIComponent; path items decoded; URLSearchParams
        inner = decode_uri_component(u.fragment[len("url="):])
        return rfc6068(inner, lambda p: ",".join(decode_uri_component(a) for a in p.split(",")), url_search_params)
    if name == "roundcube":  # $_GET, then the path rawurldecode'd and the query through parse_str
        inner = php_query(u.query)["_to"][0]
        return rfc6068(inner, urllib.parse.unquote, php_query)
    if name == "sogo":  # AngularJS parseKeyValue on the hash's query, then $parseMailto's regexps
        q = u.fragment.split("?", 1)[1]
        key = decode_uri_component(q.split("&")[0].split("=")[0].replace("+", "%20"))
        found = {}
        for field in ("subject", "body", "cc", "bcc"):
            m = re.search(field + "=([^&]+)", key)
            found[field] = decode_uri_component(m.group(1)) if m else None
        to = re.match(r"^mailto:([^?]+)", key)
        return {"to": split_list(decode_uri_component(to.group(1))) if to else [],
                "cc": split_list(found["cc"] or ""), "bcc": split_list(found["bcc"] or ""),
                "subject": found["subject"], "body": found["body"], "names": set()}
    if name == "nextcloud":  # $_GET; parse_url: the path raw, the query split, urldecode'd
        inner = php_query(u.query)["uri"][0]
        return rfc6068(inner, lambda p: p, php_query)
    if name == "snappymail":  # ?mailto&to=: $_GET, decodeURIComponent(path), URLSearchParams
        check(u.query.startswith("mailto&to="), f"snappymail: {u.query[:30]!r}")
        inner = php_query(u.query)["to"][0]
        check("@" not in inner, f"snappymail: an '@' in {inner!r} (it lower-cases what follows)")
        return rfc6068(inner, decode_uri_component, url_search_params)
    if name == "rainloop":  # simpleQueryParser (split, decodeURIComponent), then decoded again
        inner = php_query(u.query)["to"][0]
        path, _, query = inner[len("mailto:"):].partition("?")
        pairs = {}
        for part in query.split("&"):
            k, _, v = part.partition("=")
            pairs.setdefault(k, []).append(decode_uri_component(decode_uri_component(v)))
        return rfc6068("mailto:" + path + "?", lambda p: p, lambda _q: pairs)
    if name == "ox":  # the hash split at '&' and '=', decodeURIComponent; the mailto: in the path
        frag = js_pairs(u.fragment)
        return rfc6068(frag["mailto"][0], decode_uri_component, js_pairs)
    if name == "horde":  # $_GET; parse_url + parse_str (the path raw in IMP 6: To is a to= field)
        inner = php_query(u.query)["to"][0]
        return rfc6068(inner, lambda p: p, php_query)
    if name == "webmail":  # the template's %s, read back from the query it stands in
        return rfc6068(php_query(u.query)["uri"][0], decode_uri_component, js_pairs)
    raise AssertionError(name)


# ---- the runs -------------------------------------------------------------------------------
def run(args):
    p = subprocess.run([PROG] + args, env=env, capture_output=True, cwd=tmp)
    return p.returncode, p.stdout.decode(), p.stderr.decode("utf-8", "replace")


def expected(link):
    rc, out, err = run(["inspect", "--json", link])
    check(rc == 0, f"inspect {link!r}: {rc} {err}")
    j = json.loads(out)
    addr = lambda lst: [a["ascii"] or a["address"] for a in lst]  # noqa: E731
    return {"to": addr(j["to"]), "cc": addr(j["cc"]), "bcc": addr(j["bcc"]), "subject": j["subject"], "body": j["body"]}


def opened(name, link):
    lines = [f"target = {name}", "notify = no"]
    if name in ADDRESSES:
        lines.append(f"webmail = {ADDRESSES[name]}")
    write_config(env["XDG_CONFIG_HOME"], lines)
    return run(["open", "--dry-run", link])


def bare(addresses):
    # Where a service keeps display names, "Name" <a@b> reads back as a@b.
    return [re.sub(r'^.*<([^>]*)>$', r"\1", a) for a in addresses]


def less_left_out(want, err):
    """`want` (expected()) less each address mailtokit said it left out ("left out X (To): ..."),
    with the subject as it said it handed it over."""
    for m in re.finditer(r"left out (.+) \((To|Cc|Bcc)\): ", err):
        field = m.group(2).lower()
        if m.group(1) in want[field]:
            want[field].remove(m.group(1))
    want["subject"] = subject_as_told(want["subject"], err)
    return want


# The links above, and (issue 45) the client tests' hostile links: HTML references, compatibility
# characters, group names, backslashes and commas in names, invalid addresses, encoded words. Each
# service's reader must find exactly the recipients the user is shown: inspect's, less each one
# mailtokit said it left out (Proton's, OX's and Tuta's readers split at every comma, quotes or not).
HOSTILE = [link for key, (link, _cells) in CLIENT_LINKS.items() if key.startswith("hostile-")]
for name in HOSTED + list(ADDRESSES):
    for link in LINKS + HOSTILE:
        rc, out, err = opened(name, link)
        want = less_left_out(expected(link), err)
        if not check(rc == 0, f"{name}: exit {rc}: {err}"):
            continue
        start = json.loads(out)
        check((start.get("desktop_entry") or {}).get("id") == "standin-browser.desktop", f"{name}: {start!r}")
        uris = start.get("uris", [])
        if not check(len(uris) == 1 and uris[0].startswith(("https://", "http://")), f"{name}: {uris!r}"):
            continue
        url = uris[0]
        for raw in (" ", "\n", "\r", '"', "<", ">", "\\"):
            check(raw not in url, f"{name}: raw {raw!r} in {url!r}")
        got = read_link(name, url)
        for field in ("to", "cc", "subject", "body"):
            g = bare(got[field]) if field in ("to", "cc") else got[field]
            check(g == want[field], f"{name} {field}: {g!r}, expected {want[field]!r} ({link!r})")
        if name == "sogo" and want["bcc"] and not want["cc"]:
            check(got["bcc"] == [] and "hidden copy" in err, f"sogo: bcc {got['bcc']!r} without Cc; {err!r}")
        else:
            check(bare(got["bcc"]) == want["bcc"], f"{name} bcc: {got['bcc']!r}, expected {want['bcc']!r}")
    # A 10 KB body: the fragment carries it; a server's query line does not (refused, kept, said).
    rc, out, err = opened(name, LONG)
    if name in FRAGMENT:
        check(rc == 0 and read_link(name, json.loads(out)["uris"][0])["body"] == "x" * 10240, f"{name}: long: {rc} {err}")
    else:
        check(rc == 65 and "too long" in err and out == "", f"{name}: long body: exit {rc}, {err!r}")

# The readers can fail: the link a naive script writes (the mailto URI pasted in raw, as the
# scripts people pass around do) reads back changed: its '+' is a space, its '&' splits the URI.
naive = read_link("gmail", "https://mail.google.com/mail/?extsrc=mailto&url=mailto:a@example.org?subject=1+1&body=x")
check(naive["subject"] == "1 1" and naive["body"] is None, f"the readers cannot tell a naive link: {naive!r}")

# Bad addresses are refused with the value named and what to use instead.
for name, address, words in (("roundcube", "http://mail.example.org/", "https://"),
                             ("roundcube", "mail.example.org", "https://"),
                             ("webmail", "https://mail.example.org/compose", "%s"),
                             ("webmail", "https://m.example.org/?a=%s&b=%s", "more than one")):
    write_config(env["XDG_CONFIG_HOME"], [f"target = {name}", f"webmail = {address}", "notify = no"])
    rc, out, err = run(["open", "--dry-run", LINKS[0]])
    check(rc == 78 and words in err and "line 2" in err, f"{name} {address!r}: exit {rc}, {err!r}")
write_config(env["XDG_CONFIG_HOME"], ["target = roundcube", "notify = no"])
rc, out, err = run(["open", "--dry-run", LINKS[0]])
check(rc == 78 and "mailtokit use roundcube" in err, f"roundcube without an address: {rc}, {err!r}")

sys.exit(checks.report("webmail_links", f"{len(HOSTED) + len(ADDRESSES)} services, {len(LINKS)} links and "
                                          f"{len(HOSTILE)} hostile ones each"))
