"""An issued document and its addressee, turned into the email the outbox sends: headers checked
before anything is queued, the cover text from a template, the frozen PDF attached.

The message is built with the standard library's `email.message.EmailMessage`; every header
value is checked here first (a CR, LF, NUL, U+2028 or U+2029, any other control character, or
an RFC 2047 encoded word that decodes to one, is refused with one sentence), because the Python
on these machines predates the header verification of CVE-2024-6923's fix.
"""

from __future__ import annotations

import binascii
import hashlib
import json
import re
from dataclasses import dataclass
from datetime import datetime
from email.errors import HeaderParseError
from email.header import decode_header
from email.headerregistry import Address
from email.message import EmailMessage
from email.policy import EmailPolicy
from email.utils import format_datetime, parseaddr
from pathlib import Path
from typing import Any

from noticeclerk.content.folders import find_content_file
from noticeclerk.exceptions import InputError, quoted_back
from noticeclerk.generators.html import check_template_name, make_environment, render_html


class _Policy(EmailPolicy):
    """SMTP's policy, except that a Message-ID is never folded: folded onto its own line it
    reads back as " <id>", with the space, and a resend must be recognisable by its id."""

    def fold_binary(self, name: str, value: str) -> bytes:
        if name.lower() == "message-id":
            return f"{name}: {str(value).strip()}{self.linesep}".encode("ascii")
        return super().fold_binary(name, value)


# SMTP's CRLF line ends, and bodies in 7 bits (quoted-printable or base64 where the text is not
# plain ASCII), so any server takes the message, with or without 8BITMIME, and the .eml a dry
# run writes is the very bytes a send hands over.
POLICY = _Policy(linesep="\r\n", cte_type="7bit")

# RFC 5322 2.1.1: no line over 998 characters. The policy folds a header at its spaces; a word
# with none to fold at stays whole, and no name, title or number has a word this long.
LONGEST_WORD = 500
LONGEST_LINE = 998

_NAMED = {
    0x00: "a NUL",
    0x09: "a tab",
    0x0A: "a line feed",
    0x0D: "a carriage return",
    0x2028: "a line separator",
    0x2029: "a paragraph separator",
}
# C0 and C1 controls, DEL, and the two Unicode line breaks.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# RFC 2047's encoded word. The standard library's header parser decodes one wherever it finds
# it, so it is looked for anywhere in a value, not only between spaces as the RFC has it.
_ENCODED_WORD = re.compile(r"=\?([^?\s]*)\?([QqBb])\?([^?\s]*)\?=")
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?"
_DOMAIN = re.compile(rf"{_LABEL}(?:\.{_LABEL})*\Z")
_ATEXT = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LOCAL_PART = re.compile(rf"{_ATEXT}(?:\.{_ATEXT})*\Z")
_MESSAGE_ID = re.compile(r"<[A-Za-z0-9.\-]+@[A-Za-z0-9.\-]+>\Z")
_MEDIA_TYPE = re.compile(r"[a-z]+/[a-z0-9.+\-]+\Z")


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
    # Who signs the cover ("Jane Roe, Village Clerk"); None signs it "Office of the Clerk".
    clerk: str | None = None
    # Where the ordinance allows service by email: its section and its words, which the
    # cover quotes so the resident knows this email is the service.
    service_section: str | None = None
    service_quote: str | None = None


def message_id(document: str, recipient: str, domain: str) -> str:
    """A Message-ID stable per (document, recipient), so a resend is recognisable."""
    if len(domain) > 253 or not _DOMAIN.match(domain):
        raise InputError(
            f"The Message-ID domain {quoted_back(domain)!r} must be a domain name of ASCII "
            "letters, digits, dots and hyphens, such as village.example."
        )
    # JSON keeps the two apart: ("1", "2x@y") and ("12", "x@y") are different keys.
    key = json.dumps([document, recipient.strip().lower()], ensure_ascii=False)
    # 128 bits of the hash: no two documents' ids meet, and the header stays one short line.
    token = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return f"<{token}@{domain.lower()}>"


def check_header(value: str, what: str) -> str:
    """`value` if it may go in a header; else InputError naming `what` and the character."""
    _check_text(value, what, value, inside=None)
    for word in re.split(r"\s+", value):
        if len(word) > LONGEST_WORD:
            raise InputError(
                f"{_capital(what)} {quoted_back(value)!r} has a word of {len(word):,} letters "
                "without a space, longer than an email header line may carry; shorten it."
            )
    return value


def check_address(value: str, what: str) -> str:
    """`value` if it is one plain email address (name@example.org, ASCII, no display name);
    else InputError naming `what`."""
    check_header(value, what)
    if not value.isascii():
        raise InputError(
            f"{_capital(what)} {quoted_back(value)!r} has letters outside ASCII, which this "
            "outbox cannot send to; give the address in plain ASCII letters."
        )
    if any(mark in value for mark in ',;<>"()[]\\') or _ENCODED_WORD.search(value):
        raise InputError(
            f"{_capital(what)} {quoted_back(value)!r} must be one address alone, without a "
            "name, a comma, angle brackets or quotes, such as name@example.org."
        )
    local, at, domain = value.rpartition("@")
    if (
        not at
        or len(value) > 254
        or not _LOCAL_PART.match(local)
        or not _DOMAIN.match(domain)
        or parseaddr(value) != ("", value)
    ):
        raise InputError(
            f"{_capital(what)} {quoted_back(value)!r} is not an email address such as "
            "name@example.org."
        )
    return value


def build_message(
    letter: Letter,
    sender: Sender,
    attachments: list[Attachment],
    *,
    message_id: str,
    date: datetime,
    workspace: Path | str | None = None,
) -> bytes:
    """The whole message as bytes (RFC 5322, CRLF line ends), ready for SMTP and for an .eml."""
    if date.tzinfo is None or date.utcoffset() is None:
        raise ValueError("build_message needs a date with its time zone")
    headers = _checked_headers(letter, sender, attachments, message_id)
    place = Path(workspace) if workspace is not None else None
    context = _cover_context(letter, sender, attachments)
    html_environment = make_environment(place)
    # The plain text is not HTML: escaping it would show a resident "&amp;" for "&". The same
    # sandbox and StrictUndefined, autoescape off, set before any template is compiled in it.
    text_environment = make_environment(place)
    text_environment.autoescape = False
    text = render_html(_template_name(letter, "txt", place), context, environment=text_environment)
    html = render_html(_template_name(letter, "html", place), context, environment=html_environment)

    message = EmailMessage(policy=POLICY)
    message["From"] = Address(display_name=sender.name or "", addr_spec=sender.address)
    message["To"] = Address(display_name=letter.recipient_name, addr_spec=letter.recipient_address)
    if sender.reply_to:
        message["Reply-To"] = Address(addr_spec=sender.reply_to)
    message["Subject"] = headers["subject"]
    message["Date"] = format_datetime(date)
    message["Message-ID"] = message_id
    # RFC 3834 5: "auto-generated" is for a message made by an automatic process and not a
    # reply to another message. This one is: the program writes it from a template, and the
    # clerk's command only starts the program; a person wrote none of its words ("no" would
    # say one had). It also asks vacation responders (RFC 3834 2) not to answer it.
    message["Auto-Submitted"] = "auto-generated"
    message["X-Noticeclerk-Document"] = letter.document
    message.set_content(text, subtype="plain")
    message.add_alternative(html, subtype="html")
    for attachment in attachments:
        maintype, subtype = attachment.media_type.split("/")
        message.add_attachment(
            attachment.data, maintype=maintype, subtype=subtype, filename=attachment.filename
        )
    data = message.as_bytes()
    longest = max(len(line) for line in data.split(b"\r\n"))
    if longest > LONGEST_LINE:
        # The checks above keep every header foldable; a line this long is a bug here.
        raise ValueError(f"the message has a line of {longest} characters")
    return data


def _checked_headers(
    letter: Letter, sender: Sender, attachments: list[Attachment], message_id: str
) -> dict[str, str]:
    """Every value that goes into a header, checked, before the message is begun."""
    document = check_header(letter.document, "the document number")
    on = f"on document {quoted_back(document)}"
    check_header(letter.title, f"the title {on}")
    check_header(letter.recipient_name, f"the recipient's name {on}")
    check_address(letter.recipient_address, f"the recipient's email address {on}")
    if sender.name:
        check_header(sender.name, "the sender's name in settings.toml [smtp]")
    check_address(sender.address, "the from address in settings.toml [smtp]")
    if sender.reply_to:
        check_address(sender.reply_to, "the reply-to address in settings.toml [smtp]")
    if letter.specimen_mark:
        check_header(letter.specimen_mark, "the village's specimen mark")
    check_header(message_id, f"the Message-ID {on}")
    if not _MESSAGE_ID.match(message_id):
        raise InputError(
            f"The Message-ID {quoted_back(message_id)!r} {on} must look like "
            "<token@village.example>."
        )
    for attachment in attachments:
        check_header(attachment.filename, f"the attachment's file name {on}")
        if not _MEDIA_TYPE.match(attachment.media_type):
            raise InputError(
                f"The attachment {quoted_back(attachment.filename)!r} {on} has the media type "
                f"{quoted_back(attachment.media_type)!r}; give one such as application/pdf."
            )
    subject = f"{letter.title} — Document No. {document}"
    if letter.courtesy:
        subject += " (copy)"
    if letter.specimen_mark:
        subject = f"{letter.specimen_mark}: {subject}"
    return {"subject": check_header(subject, f"the subject {on}")}


def _template_name(letter: Letter, kind: str, workspace: Path | None) -> str:
    """The notice type's own cover (the workspace's, else the built-in one), else the default."""
    own = check_template_name(f"email/{letter.village_slug}/{letter.notice_type}.{kind}.j2")
    if find_content_file("templates", own, workspace) is not None:
        return own
    return f"email/cover.{kind}.j2"


def _cover_context(letter: Letter, sender: Sender, attachments: list[Attachment]) -> dict[str, Any]:
    pdfs = [a.filename for a in attachments if a.media_type == "application/pdf"]
    others = [a.filename for a in attachments if a.media_type != "application/pdf"]
    return {
        "document": letter.document,
        "case": letter.case,
        "title": letter.title,
        "village": letter.village,
        "notice_type": letter.notice_type,
        "document_date": letter.document_date,
        "recipient_name": letter.recipient_name,
        "recipient_address": letter.recipient_address,
        "deadline_words": letter.deadline_words,
        "courtesy": letter.courtesy,
        "specimen_mark": letter.specimen_mark,
        "clerk": letter.clerk,
        "service_section": letter.service_section,
        "service_quote": letter.service_quote,
        "sender_name": sender.name,
        "reply_address": sender.reply_to or sender.address,
        "pdf_name": pdfs[0] if pdfs else None,
        "other_files": others,
    }


def _check_text(text: str, what: str, original: str, inside: str | None) -> None:
    found = _CONTROL.search(text)
    if found:
        point = ord(found.group())
        name = _NAMED.get(point, "a control character")
        where = f" inside the encoded word {inside!r}" if inside else ""
        raise InputError(
            f"{_capital(what)} {quoted_back(original)!r} contains U+{point:04X} ({name})"
            f"{where}, which an email header may not carry; remove it."
        )
    for match in _ENCODED_WORD.finditer(text):
        word = match.group()
        # An encoded word inside an encoded word is checked too, though the parser decodes once.
        _check_text(_decoded(word, what, original), what, original, inside=word)


def _decoded(word: str, what: str, original: str) -> str:
    """An encoded word's text, decoded as the header parser would; a charset Python does not
    know is read as Latin-1, so every byte still shows as the character it could become."""
    charset = _ENCODED_WORD.match(word).group(1).split("*")[0]  # type: ignore[union-attr]
    try:
        [(data, _)] = decode_header(word)
    except (HeaderParseError, binascii.Error, ValueError):
        raise InputError(
            f"{_capital(what)} {quoted_back(original)!r} holds the encoded word {word!r}, "
            "which cannot be decoded; write the text itself."
        ) from None
    if isinstance(data, str):
        return data
    try:
        return data.decode(charset, errors="replace")
    except LookupError:
        return data.decode("latin-1")


def _capital(what: str) -> str:
    return what[:1].upper() + what[1:]
