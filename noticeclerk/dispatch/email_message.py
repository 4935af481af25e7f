"""An issued document and its addressee, turned into the email the outbox sends: headers checked
before anything is queued, the cover text from a template, the frozen PDF attached.

The message is built with the standard library's `email.message.EmailMessage`; every header
value is checked here first (a CR, LF, NUL, U+2028 or U+2029, or an RFC 2047 encoded word
that decodes to a line break, is refused with one sentence), because the Python on these
machines predates the header verification of CVE-2024-6923's fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Sender:
    """Who the message is from, as the workspace's settings.toml [smtp] gives it."""

    address: str
    name: str | None = None
    reply_to: str | None = None


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes
    # "application/pdf" or the DOCX media type.
    media_type: str


@dataclass(frozen=True)
class Letter:
    """What the cover text and the headers say of the document."""

    document: str
    case: str
    title: str
    village: str
    village_slug: str
    notice_type: str
    document_date: str
    recipient_name: str
    recipient_address: str
    # The notice type's deadline as the document states it, in words, or None.
    deadline_words: str | None = None
    # True when the ordinance does not allow service by email: the cover says it is a copy.
    courtesy: bool = False
    specimen_mark: str | None = None


def message_id(document: str, recipient: str, domain: str) -> str:
    """A Message-ID stable per (document, recipient), so a resend is recognisable."""
    raise NotImplementedError


def check_header(value: str, what: str) -> str:
    """`value` if it may go in a header; else InputError naming `what` and the character."""
    raise NotImplementedError


def build_message(
    letter: Letter,
    sender: Sender,
    attachments: list[Attachment],
    *,
    message_id: str,
    date: datetime,
    workspace: object = None,
) -> bytes:
    """The whole message as bytes (RFC 5322, CRLF line ends), ready for SMTP and for an .eml."""
    raise NotImplementedError
