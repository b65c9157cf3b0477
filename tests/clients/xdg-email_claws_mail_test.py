"""Send by email, for real (issue 23), through Claws Mail: its Debian entry claws-mail.desktop is
the desktop's choice before `mailtokit register`; the real `xdg-email --attach` runs, the question
is answered by clicking, Claws Mail (`--attach`) saves the draft with Ctrl+S into its MH draft
folder, and the attachments are read back byte for byte (clientlib.run_xdg_email says what is
checked). Screenshots: MAILTOKIT_RESULTS/xdg-email-claws-mail-*.png."""
from harness import titles
from clientlib import main, xdg_email_gui

import claws_mail_test as claws

main(xdg_email_gui("claws-mail", "claws-mail.desktop", titles.CLAWS_MAIL, claws.setup, close_key="ctrl+w"))
