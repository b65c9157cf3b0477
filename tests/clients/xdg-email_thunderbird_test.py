"""Send by email, for real (issue 23), through Thunderbird: its Debian entry thunderbird.desktop
is the desktop's choice before `mailtokit register`, with the private profile of
tests/clients/thunderbird_test.py; the real `xdg-email --attach` runs, the question is answered by
clicking, Thunderbird gets the files in a `-compose` spec whose values are all percent-encoded
(the document's name holds `',attachment='` and `,to=`: a spliced key would add a file or a
recipient, and the draft is checked for exactly the two files and the one recipient), saves the
draft with Ctrl+S into Local Folders/Drafts, and the attachments are read back byte for byte
(clientlib.run_xdg_email says what is checked). Screenshots:
MAILTOKIT_RESULTS/xdg-email-thunderbird-*.png."""
from harness import titles
from clientlib import main, xdg_email_gui

import thunderbird_test as thunderbird

main(xdg_email_gui("thunderbird", "thunderbird.desktop", titles.THUNDERBIRD, thunderbird.setup, close_key="ctrl+w"))
