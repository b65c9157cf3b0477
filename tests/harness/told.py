"""What `mailtokit open` said on stderr it changed before the hand-over, applied to what inspect
reads in a link: the draft a program or webmail must then hold (tests/clients, tests/cli)."""

from __future__ import annotations

import re


def subject_as_told(subject: str | None, told: str) -> str | None:
    """The subject as handed over: defused ("put spaces into the Subject field ...; it reads:
    TEXT") or shortened ("shortened the Subject field to N characters") when stderr says so."""
    for line in told.splitlines():
        m = re.search(r"put spaces into the Subject field, .*; it reads: (.*)$", line)
        if m:
            subject = m.group(1)
            continue
        m = re.search(r"shortened the Subject field to (\d+) characters", line)
        if m and subject is not None:
            subject = subject[:int(m.group(1))]
    return subject
