"""The harness of the Python tests that run mailtokit on a desktop or in a private HOME
(tests/gui, tests/clients, tests/browsers, tests/cli). tests/CMakeLists.txt puts tests/ on
PYTHONPATH, so a test writes `from harness.session import Session`. Modules:

- session: a private desktop (Xvfb, D-Bus, HOME) and what a person does there (windows, keys,
  clicks, screenshots), the dialog buttons found on the screen, the question's check boxes.
- desktop: a private HOME without a display (private_home), mailtokit's configuration file
  (write_config), and Desktop: a Session's HOME with a fake bin of recorders.
- record: the one recorder program (argv to a file, NUL-separated, atomically) and its reader.
- checks: Checks, the counted checks and the report of a test.
- links: the links more than one test opens.
- titles: the window titles the tests wait for (mailtokit's windows, each mail client's composer).
- dovecot: a private Dovecot's configuration (the Geary and Roundcube tests' IMAP server).
- roundcube: a private Roundcube webmail (Debian's) with its own Dovecot on loopback, Chromium
  driven over DevTools, and the compose form read back from the page (tests/webmail).
"""
