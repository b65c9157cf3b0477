"""A private Dovecot's configuration (IMAP on 127.0.0.1, no TLS, plain passwords, a Maildir with
Drafts, Sent and Trash, no system file read), shared by the tests that run one: Geary's
(tests/clients/geary_test.py) and the Roundcube webmail's (harness.roundcube). Each gives its own
passdb and userdb."""

from __future__ import annotations

_CONF = """protocols = imap
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {user}
default_internal_group = {group}
default_login_user = {user}
mail_location = maildir:{root}/mail
{users}namespace inbox {{
  inbox = yes
  separator = /
  mailbox Drafts {{
    special_use = \\Drafts
    auto = subscribe
  }}
  mailbox Sent {{
    special_use = \\Sent
    auto = subscribe
  }}
  mailbox Trash {{
    special_use = \\Trash
    auto = subscribe
  }}
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service anvil {{
  chroot =
}}
"""


def logs_in(port: int, login: str, password: str) -> bool:
    """The server on 127.0.0.1:`port` logs `login` in and opens its Drafts (it is ready)."""
    import imaplib
    try:
        with imaplib.IMAP4("127.0.0.1", port, timeout=5) as m:
            m.login(login, password)
            return m.select("Drafts")[0] == "OK"
    except (OSError, imaplib.IMAP4.error):
        return False


def config(root, user: str, group: str, port: int, users: str) -> str:
    """dovecot.conf for a server in `root` running as `user`:`group` on 127.0.0.1:`port`; `users`
    is the passdb and userdb blocks, as dovecot.conf writes them."""
    return _CONF.format(root=root, user=user, group=group, port=port, users=users)
