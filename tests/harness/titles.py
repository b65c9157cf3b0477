"""The window titles the tests wait for, as regular expressions for Session.windows() and
Session.wait_window() (xdotool search --name)."""

import re

# mailtokit's own windows.
QUESTION_TEXT = "mailtokit: check this link before it opens"  # the question's title
QUESTION = "^" + QUESTION_TEXT + "$"  # mailtokit-ask's window
# The question in mailtokit-ask or a dialog program (zenity, yad, kdialog), which may add to the title.
QUESTION_ANY = "^" + QUESTION_TEXT
FAILURE_TEXT = "mailtokit: the link was not opened"  # the failure report's title and notification summary
FAILURE = "^" + FAILURE_TEXT + "$"  # the failure report (zenity)
FAILURE_ANY = "^" + FAILURE_TEXT  # also where a dialog program adds to the title (kdialog)
DETAILS = r"^Details$"  # the question's Details, where a dialog program shows them in a window

# The mail programs' composers.
THUNDERBIRD = r"^Write: "
CLAWS_MAIL = r"Compose message"
SYLPHEED = r" - Compose$"
BALSA = r"^New message to "
MUTT = r"-- (Neo)?Mutt: Compose|Compose +\["  # the compose screen's status line (mutt, NeoMutt), on a terminal


def exactly(title: str) -> str:
    """A window titled exactly `title`."""
    return "^" + re.escape(title) + "$"


def evolution(subject: str) -> str:
    """Evolution's composer is titled by the subject."""
    return exactly(subject)


def kmail(subject: str) -> str:
    """KMail's composer: "SUBJECT — KMail"."""
    return subject + " \u2014 KMail"


def geary(subject: str) -> str:
    """Geary's composer window: the subject, "New Message" without one."""
    return subject.strip() or "New Message"
