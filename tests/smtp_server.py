"""A real SMTP server on loopback (aiosmtpd), turned into a test's witness: every message it
received, and replies scripted per test (421/451 for the next messages, 550 for an address,
a connection dropped after DATA, a refused greeting, AUTH, STARTTLS or implicit TLS with a
throwaway certificate authority made by trustme).

    with running_server(tmp_path, security="starttls", users={"clerk": "secret"}) as server:
        settings = server.settings(username="clerk")
        server.handler.defer_next(2, "451 4.3.0 Try again later")
        ...
        assert [m.message_id for m in server.handler.accepted] == [...]
"""

from __future__ import annotations

import asyncio
import email
import email.policy
import itertools
import ssl
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import trustme
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, AuthResult, Envelope, LoginPassword, Session

from noticeclerk.dispatch.smtp import SmtpSettings

SERVER_NAME = "mail.test.invalid"


@dataclass(frozen=True)
class Received:
    """One message whose DATA the server read to its end."""

    mail_from: str
    rcpt_tos: tuple[str, ...]
    message_id: str | None
    content: bytes
    # The reply the server gave, or None when it dropped the connection instead.
    reply: str | None
    queue_id: str | None


@dataclass
class RecordingHandler:
    """aiosmtpd's handler: records every message and answers as the test scripted it."""

    received: list[Received] = field(default_factory=list)
    # Replies (e.g. "421 ..." or "451 ...") for the next messages' DATA, in order.
    data_replies: list[str] = field(default_factory=list)
    refused_recipients: dict[str, str] = field(default_factory=dict)
    drops_after_data: int = 0
    # Seconds to wait before answering the next messages' DATA, in order.
    stalls_after_data: list[float] = field(default_factory=list)
    refused_greetings: list[str] = field(default_factory=list)
    _queue_numbers: Iterator[int] = field(default_factory=lambda: itertools.count(0xA1000))
    _lock: threading.Lock = field(default_factory=threading.Lock)

    # The script, called from the test's thread.
    def answer_next(self, count: int, reply: str) -> None:
        """Answer the next `count` messages' DATA with `reply` instead of accepting them."""
        with self._lock:
            self.data_replies.extend([reply] * count)

    def defer_next(self, count: int, reply: str = "451 4.3.0 Try again later") -> None:
        """Answer the next `count` messages' DATA with a 4xx such as 421 or 451."""
        self.answer_next(count, reply)

    def refuse_recipient(
        self, address: str, reply: str = "550 5.1.1 Recipient address rejected: User unknown"
    ) -> None:
        with self._lock:
            self.refused_recipients[address.lower()] = reply

    def drop_after_data(self, count: int = 1) -> None:
        """Read the next `count` messages to their end, then close without a reply."""
        with self._lock:
            self.drops_after_data += count

    def stall_after_data(self, seconds: float, count: int = 1) -> None:
        """Read the next `count` messages to their end, then wait `seconds` before replying."""
        with self._lock:
            self.stalls_after_data.extend([seconds] * count)

    def refuse_greeting(
        self, count: int = 1, reply: str = "421 4.3.2 Service not available, try again later"
    ) -> None:
        with self._lock:
            self.refused_greetings.extend([reply] * count)

    # What the test reads.
    @property
    def accepted(self) -> list[Received]:
        return [m for m in self.received if m.reply is not None and m.reply.startswith("250")]

    @property
    def message_ids(self) -> list[str | None]:
        """Every message that reached the end of DATA, accepted, deferred or dropped."""
        return [m.message_id for m in self.received]

    # aiosmtpd's hooks, called in the server's thread.
    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list
    ) -> str:
        with self._lock:
            refusal = self.refused_recipients.get(address.lower())
        if refusal:
            return refusal
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 Ok"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        parsed = email.message_from_bytes(content, policy=email.policy.default)
        message_id = parsed.get("Message-ID")
        with self._lock:
            stall = self.stalls_after_data.pop(0) if self.stalls_after_data else 0.0
        if stall:
            await asyncio.sleep(stall)
        with self._lock:
            if self.drops_after_data:
                self.drops_after_data -= 1
                reply = None
            elif self.data_replies:
                reply = self.data_replies.pop(0)
            else:
                reply = f"250 2.0.0 Ok: queued as {next(self._queue_numbers):X}"
            queue_id = reply.rsplit(" ", 1)[-1] if reply and reply.startswith("250") else None
            self.received.append(
                Received(
                    envelope.mail_from or "",
                    tuple(envelope.rcpt_tos),
                    str(message_id) if message_id else None,
                    content,
                    reply,
                    queue_id,
                )
            )
        if reply is None:
            assert server.transport is not None
            server.transport.close()
            # The reply below goes nowhere: the connection is already closed.
            return "250 2.0.0 never heard"
        return reply

    def take_greeting_refusal(self) -> str | None:
        with self._lock:
            return self.refused_greetings.pop(0) if self.refused_greetings else None


class _ScriptedSMTP(SMTP):
    async def _handle_client(self) -> None:
        refusal = self.event_handler.take_greeting_refusal()
        if refusal:
            await self.push(refusal)
            assert self.transport is not None
            self.transport.close()
            return
        await super()._handle_client()


class _LoopbackController(Controller):
    """A Controller on a free port of 127.0.0.1 chosen by the system, not a guessed one."""

    def factory(self) -> SMTP:
        return _ScriptedSMTP(self.handler, **self.SMTP_kwargs)

    def _trigger_server(self) -> None:
        assert self.server is not None
        self.port = self.server.sockets[0].getsockname()[1]
        super()._trigger_server()


@dataclass(frozen=True)
class Certificates:
    """A throwaway certificate authority and a server certificate for localhost/127.0.0.1."""

    ca_file: Path
    server_context: ssl.SSLContext


def make_certificates(
    folder: Path, names: tuple[str, ...] = ("127.0.0.1", "localhost", "::1")
) -> Certificates:
    authority = trustme.CA()
    certificate = authority.issue_cert(*names)
    server_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    certificate.configure_cert(server_context)
    ca_file = folder / "smtp-test-ca.pem"
    authority.cert_pem.write_to_path(str(ca_file))
    return Certificates(ca_file, server_context)


@dataclass
class RunningServer:
    handler: RecordingHandler
    host: str
    port: int
    security: str
    ca_file: Path | None

    def settings(self, **changes: Any) -> SmtpSettings:
        """Settings that reach this server (with the throwaway CA trusted); `changes` override
        any field, e.g. username= or ca_file=None."""
        settings = SmtpSettings(
            host=self.host,
            port=self.port,
            security=self.security,
            ca_file=str(self.ca_file) if self.ca_file else None,
            timeout=5.0,
            local_hostname="clerk.test.invalid",
        )
        return replace(settings, **changes)


@contextmanager
def running_server(
    folder: Path,
    *,
    security: str = "none",
    users: dict[str, str] | None = None,
    handler: RecordingHandler | None = None,
    certificate_names: tuple[str, ...] = ("127.0.0.1", "localhost", "::1"),
) -> Iterator[RunningServer]:
    """An SMTP server on 127.0.0.1 for the length of the block: security "none", "starttls"
    (STARTTLS offered and required) or "tls" (implicit TLS); with `users`, AUTH is required
    (over TLS, or in clear when security is "none"). The server's certificate names
    `certificate_names`."""
    handler = handler or RecordingHandler()
    certificates = make_certificates(folder, certificate_names) if security != "none" else None
    options: dict[str, Any] = {"server_hostname": SERVER_NAME, "ready_timeout": 5.0}
    if security == "starttls":
        assert certificates is not None
        options.update(tls_context=certificates.server_context, require_starttls=True)
    elif security == "tls":
        assert certificates is not None
        options.update(ssl_context=certificates.server_context)
    if users is not None:
        options.update(
            authenticator=_authenticator(users),
            auth_required=True,
            # aiosmtpd counts only STARTTLS as TLS, not an implicit-TLS socket.
            auth_require_tls=security == "starttls",
        )
    controller = _LoopbackController(handler, hostname="127.0.0.1", port=0, **options)
    controller.start()
    try:
        yield RunningServer(
            handler,
            "127.0.0.1",
            controller.port,
            security,
            certificates.ca_file if certificates else None,
        )
    finally:
        controller.stop()


def _authenticator(users: dict[str, str]) -> Any:
    def authenticate(
        server: SMTP, session: Session, envelope: Envelope, mechanism: str, auth_data: Any
    ) -> AuthResult:
        if isinstance(auth_data, LoginPassword):
            login = auth_data.login.decode()
            if users.get(login) == auth_data.password.decode():
                return AuthResult(success=True)
        return AuthResult(success=False, handled=False)

    return authenticate
