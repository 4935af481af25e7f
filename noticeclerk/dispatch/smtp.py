"""A message and an SMTP server, turned into what the server answered: sent with its queue id,
deferred (try again later) or failed with the server's own words.

Uses the standard library's smtplib. Security is STARTTLS, implicit TLS, or none (only to a
server on this machine). The password comes from NOTICECLERK_SMTP_PASSWORD (or the system
keyring where the keyring package is installed), never from a file.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int
    # "starttls", "tls" or "none"
    security: str
    username: str | None = None
    # A PEM file of the certificate authorities to trust besides the system's (an office's
    # own server); None for the system's.
    ca_file: str | None = None
    timeout: float = 30.0


@dataclass(frozen=True)
class Outcome:
    """What the server did with one message to one recipient."""

    # "sent", "deferred" (4xx, dropped connection, timeout) or "failed" (5xx)
    state: str
    # The server's reply in its own words ("250 2.0.0 Ok: queued as 4Bx...").
    reply: str
    code: int | None = None
    queue_id: str | None = None
    extra: dict[str, str] = field(default_factory=dict)


class Connection:
    """One SMTP session, opened and logged in, for many messages (a context manager)."""

    def __init__(self, settings: SmtpSettings, password: str | None) -> None:
        raise NotImplementedError

    def __enter__(self) -> Connection:
        raise NotImplementedError

    def __exit__(self, *exc: object) -> None:
        raise NotImplementedError

    def send(self, message: bytes, sender: str, recipient: str) -> Outcome:
        raise NotImplementedError


def smtp_password() -> str | None:
    """NOTICECLERK_SMTP_PASSWORD, else the keyring's entry, else None."""
    raise NotImplementedError


def test_connection(settings: SmtpSettings, password: str | None) -> list[str]:
    """Connect, say EHLO, secure and log in as the settings say; the server's answers, each
    a line the clerk reads. A failure is InputError in one sentence."""
    raise NotImplementedError
