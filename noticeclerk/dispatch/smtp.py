"""A message and an SMTP server, turned into what the server answered: sent with its queue id,
deferred (try again later) or failed with the server's own words.

Uses the standard library's smtplib. Security is STARTTLS, implicit TLS, or none (only to a
server on this machine). The certificate and the host name are always verified, against the
system's authorities or the settings' ca_file. The password comes from NOTICECLERK_SMTP_PASSWORD
(or the system keyring where the keyring package is installed), never from a file.

How the caller learns what happened:
- Opening a `Connection` (its `__enter__`) raises `ServerUnavailable` when the server could not
  be reached for now (refused, timed out, a 4xx such as 421 at the greeting, a name server that
  did not answer): nothing was sent, try the whole run later. It raises a plain `InputError`
  when the settings must change first (a host name that does not exist, a certificate not
  trusted, a login refused with 535, a server without STARTTLS). Either way, one sentence
  naming host:port and what the server or the system said.
- `Connection.send` never raises for the server's doing: it returns an `Outcome`. After a
  dropped connection or a 421 the connection is `broken`; the next `send` reconnects on its
  own, and if that reconnection fails the message is "deferred" with `extra["stage"] ==
  "connect"` and `broken` stays True, so a caller sending many messages can stop there.
"""

from __future__ import annotations

import os
import re
import smtplib
import socket
import ssl
from dataclasses import dataclass, field
from types import TracebackType

from noticeclerk.exceptions import InputError, first_line

PASSWORD_VARIABLE = "NOTICECLERK_SMTP_PASSWORD"
KEYRING_SERVICE = "noticeclerk-smtp"
SECURITIES = ("starttls", "tls", "none")
# "none" sends the password and the notices in clear, so only to a server on this machine.
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
_LINE_BREAK = re.compile("[\r\n\0\u2028\u2029]")


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
    # The name this machine gives in EHLO; None for its fully qualified domain name.
    local_hostname: str | None = None


def settings_for(server) -> SmtpSettings:  # type: ignore[no-untyped-def]
    """The connection settings of the workspace's [smtp] table (content.settings.MailServer)."""
    return SmtpSettings(
        host=server.host,
        port=server.port,
        security=server.security,
        username=server.username,
        ca_file=None if server.ca_file is None else str(server.ca_file),
    )


@dataclass(frozen=True)
class Outcome:
    """What the server did with one message to one recipient."""

    # "sent", "deferred" (4xx, dropped connection, timeout) or "failed" (5xx)
    state: str
    # The server's reply in its own words ("250 2.0.0 Ok: queued as 4Bx...").
    reply: str
    code: int | None = None
    queue_id: str | None = None
    # "stage": where the transaction ended ("connect", "MAIL FROM", "RCPT TO", "DATA").
    extra: dict[str, str] = field(default_factory=dict)


class ServerUnavailable(InputError):
    """The SMTP server could not be reached or said to come back later (refused, timed out,
    421): nothing was sent, and the same run may succeed later without any change."""


class Connection:
    """One SMTP session, opened and logged in, for many messages (a context manager).

    `__enter__` raises ServerUnavailable (try later) or InputError (fix the settings); `send`
    returns an Outcome and reconnects by itself after the server dropped the connection.
    """

    def __init__(self, settings: SmtpSettings, password: str | None) -> None:
        _check_settings(settings, password)
        self.settings = settings
        self._password = password
        self._smtp: smtplib.SMTP | None = None
        self._broken = False
        # What test_connection reads back: the greeting, TLS, login.
        self.greeting = ""
        self.tls_line = ""
        self.login_line = ""

    @property
    def broken(self) -> bool:
        """True when the session is gone (dropped, 421, or a reconnection that failed)."""
        return self._broken or self._smtp is None

    def __enter__(self) -> Connection:
        self._open()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """QUIT politely when the session is still up; close the socket either way."""
        smtp, self._smtp = self._smtp, None
        if smtp is None:
            return
        try:
            if not self._broken:
                smtp.quit()
        except (smtplib.SMTPException, OSError):
            pass
        finally:
            smtp.close()

    def send(self, message: bytes, sender: str, recipient: str) -> Outcome:
        """Send one message to one recipient: "sent" on 250 with the reply and its queue id,
        "deferred" on a 4xx or a dropped connection, "failed" on a 5xx, each with the server's
        words. Raises nothing for what the server does.

        A broken session is reopened first. A session the server closed while it sat idle
        (found out at MAIL FROM, before any of the message went) is reopened once and the
        message tried again, so an idle timeout defers nothing."""
        if any(_LINE_BREAK.search(address) for address in (sender, recipient)):
            # smtplib would put the rest of the line on the wire as a command of its own.
            return Outcome(
                "failed",
                "an address holds a line break or a NUL, so it was not given to the server",
                None,
                None,
                {"stage": "MAIL FROM"},
            )
        fresh = self.broken
        if fresh:
            refusal = self._reopen()
            if refusal:
                return refusal
        outcome = self._transaction(message, sender, recipient)
        idle_drop = outcome.code is None and outcome.extra.get("stage") == "MAIL FROM"
        if idle_drop and self.broken and not fresh:
            outcome = self._reopen() or self._transaction(message, sender, recipient)
        return outcome

    def _reopen(self) -> Outcome | None:
        """Open the session again; a deferral saying why when it cannot be opened."""
        self.close()
        try:
            self._open()
        except InputError as error:
            self._broken = True
            return Outcome("deferred", str(error), None, None, {"stage": "connect"})
        return None

    def _transaction(self, message: bytes, sender: str, recipient: str) -> Outcome:
        smtp = self._smtp
        assert smtp is not None
        stage = "MAIL FROM"
        try:
            mail_options, rcpt_options = self._options(smtp, message, sender, recipient)
            if mail_options is None:
                return Outcome(
                    "failed",
                    f"the server {self._where} does not accept addresses with letters "
                    "outside ASCII (it does not offer SMTPUTF8)",
                    None,
                    None,
                    {"stage": stage},
                )
            code, text = smtp.mail(sender, mail_options)
            if code != 250:
                return self._refused(smtp, stage, code, text)
            stage = "RCPT TO"
            code, text = smtp.rcpt(recipient, rcpt_options)
            if code not in (250, 251):
                return self._refused(smtp, stage, code, text)
            stage = "DATA"
            try:
                code, text = smtp.data(_crlf(message))
            except smtplib.SMTPDataError as error:
                return self._refused(smtp, stage, error.smtp_code, error.smtp_error)
            if not 200 <= code < 300:
                return self._refused(smtp, stage, code, text)
        except (smtplib.SMTPServerDisconnected, OSError) as error:
            # OSError covers a reset, a timeout and an ssl error: the message may or may not
            # have been taken (after DATA), so it is deferred, never failed.
            self._broken = True
            self.close()
            # smtplib turns a timeout into SMTPServerDisconnected; the timeout is its context.
            if isinstance(error, TimeoutError) or isinstance(error.__context__, TimeoutError):
                words = (
                    f"the server {self._where} did not answer within "
                    f"{self.settings.timeout:g} seconds after {stage}"
                )
            else:
                words = f"the server {self._where} dropped the connection after {stage}: "
                words += _said(error)
            return Outcome("deferred", words, None, None, {"stage": stage})
        reply = _reply(code, text)
        return Outcome("sent", reply, code, queue_id(reply), {"stage": stage})

    @property
    def _where(self) -> str:
        return _host_port(self.settings)

    def _options(
        self, smtp: smtplib.SMTP, message: bytes, sender: str, recipient: str
    ) -> tuple[list[str] | None, list[str]]:
        """MAIL FROM's and RCPT TO's options, as sendmail would give them; None when the
        addresses need SMTPUTF8 and the server does not offer it."""
        options: list[str] = []
        if smtp.has_extn("size"):
            options.append(f"SIZE={len(message)}")
        if not (sender.isascii() and recipient.isascii()):
            if not smtp.has_extn("smtputf8"):
                return None, []
            options.append("SMTPUTF8")
        if smtp.has_extn("8bitmime") and not message.isascii():
            options.append("BODY=8BITMIME")
        return options, []

    def _refused(self, smtp: smtplib.SMTP, stage: str, code: int, text: bytes | str) -> Outcome:
        reply = _reply(code, text)
        state = "failed" if 500 <= code < 600 else "deferred"
        if code == 421 or code < 0:
            # 421: the server is closing the channel; a reply that is no reply: start over.
            self._broken = True
            self.close()
        else:
            try:
                smtp.rset()
            except (smtplib.SMTPException, OSError):
                self._broken = True
                self.close()
        return Outcome(state, reply, code if code > 0 else None, None, {"stage": stage})

    def _open(self) -> None:
        settings = self.settings
        where = self._where
        self._broken = False
        context: ssl.SSLContext | None = None
        if settings.security != "none":
            try:
                # create_default_context verifies the certificate and the host name; never
                # loosened.
                context = ssl.create_default_context(cafile=settings.ca_file)
            except OSError as error:
                raise InputError(_ca_file_problem(settings, error)) from error
        smtp: smtplib.SMTP
        if settings.security == "tls":
            smtp = smtplib.SMTP_SSL(
                local_hostname=settings.local_hostname, timeout=settings.timeout, context=context
            )
        else:
            smtp = smtplib.SMTP(local_hostname=settings.local_hostname, timeout=settings.timeout)
        # smtplib checks the certificate against the host given to its constructor, which
        # would also connect there before a greeting could be read back; connect() does not
        # set it, so it is set here.
        smtp._host = settings.host
        try:
            code, text = smtp.connect(settings.host, settings.port)
            if code != 220:
                # Only smtplib's constructor checks the greeting; connect() hands it back.
                raise smtplib.SMTPConnectError(code, text)
            self.greeting = _reply(code, text)
            _say_hello(smtp)
            if settings.security == "starttls":
                if not smtp.has_extn("starttls"):
                    raise InputError(
                        f"The SMTP server {where} does not offer STARTTLS, so notices would go "
                        'in clear; ask for its TLS port (security = "tls") or a server that does.'
                    )
                code, text = smtp.starttls(context=context)
                _say_hello(smtp)
                self.tls_line = f"STARTTLS: {_tls_description(smtp, settings)}"
            elif settings.security == "tls":
                self.tls_line = f"TLS: {_tls_description(smtp, settings)}"
            else:
                self.tls_line = 'No encryption: the server is on this machine (security = "none")'
            if settings.username:
                assert self._password is not None
                code, text = smtp.login(settings.username, self._password)
                self.login_line = f"Logged in as {settings.username}: {_reply(code, text)}"
            else:
                self.login_line = "No login: the settings give no username"
        except BaseException as error:
            smtp.close()
            if isinstance(error, InputError):
                raise
            if isinstance(error, (smtplib.SMTPException, OSError)):
                raise _connection_error(settings, error) from error
            raise
        self._smtp = smtp


def smtp_password(username: str | None = None) -> str | None:
    """NOTICECLERK_SMTP_PASSWORD, else the keyring's entry, else None.

    The keyring entry is the service "noticeclerk-smtp" under the username. The keyring
    package is not a dependency of noticeclerk: it is asked only when it is installed and a
    username is given, and a keyring without a usable backend counts as no entry.
    """
    password = os.environ.get(PASSWORD_VARIABLE)
    if password:
        return password
    if not username:
        return None
    try:
        import keyring  # type: ignore[import-not-found]
        import keyring.errors  # type: ignore[import-not-found]
    except ImportError:
        return None
    try:
        return keyring.get_password(KEYRING_SERVICE, username) or None
    except keyring.errors.KeyringError:
        return None


def test_connection(settings: SmtpSettings, password: str | None) -> list[str]:
    """Connect, say EHLO, secure and log in as the settings say; the server's answers, each
    a line the clerk reads. A failure is InputError in one sentence."""
    where = _host_port(settings)
    connection = Connection(settings, password)
    with connection:
        smtp = connection._smtp
        assert smtp is not None
        lines = [f"Connected to {where}: {connection.greeting}"]
        features = ", ".join(
            f"{name.upper()} {value.strip()}".strip() for name, value in smtp.esmtp_features.items()
        )
        lines.append(f"The server offers: {features or 'nothing beyond plain SMTP'}")
        lines.append(connection.tls_line)
        lines.append(connection.login_line)
        try:
            code, text = smtp.noop()
            lines.append(f"NOOP: {_reply(code, text)}")
            code, text = smtp.docmd("QUIT")
            lines.append(f"QUIT: {_reply(code, text)}")
        except (smtplib.SMTPException, OSError) as error:
            raise _connection_error(settings, error) from error
        finally:
            # QUIT was said (or the session is gone): only the socket is left to close.
            connection._broken = True
    return lines


# Keep pytest from collecting test_connection as a test where a test module imports it.
test_connection.__test__ = False  # type: ignore[attr-defined]


def queue_id(reply: str) -> str:
    """The queue id in a 250 reply to DATA (Postfix "queued as X", Exim "id=X", sendmail "X
    Message accepted"), else the whole reply, which is then the proof."""
    patterns = (
        r"queued as\s+<?([^\s>]+)>?",
        r"\bid=([^\s]+)",
        r"^\d{3}\s+(?:\d\.\d\.\d\s+)?(\S+)\s+Message accepted",
    )
    for pattern in patterns:
        found = re.search(pattern, reply, re.IGNORECASE)
        if found:
            return found.group(1).rstrip(".,;)")
    return reply


def _check_settings(settings: SmtpSettings, password: str | None) -> None:
    where = _host_port(settings)
    if settings.security not in SECURITIES:
        raise InputError(
            f"The SMTP security '{settings.security}' for {where} is not one of starttls, tls, "
            "none; write one of them in settings.toml's [smtp]."
        )
    if settings.security == "none" and settings.host.strip("[]").lower() not in LOCAL_HOSTS:
        raise InputError(
            f'SMTP security "none" is refused for {where}: it would send a password or '
            "notices in clear over a network; use starttls or tls (none is only for a server "
            "on this machine)."
        )
    if settings.username and not password:
        raise InputError(
            f"The SMTP server {where} needs the password of {settings.username}: set "
            f"{PASSWORD_VARIABLE} (or store it in the system keyring as service "
            f"'{KEYRING_SERVICE}')."
        )


def _say_hello(smtp: smtplib.SMTP) -> None:
    code, text = smtp.ehlo()
    if code != 250:
        code, text = smtp.helo()
        if code != 250:
            raise smtplib.SMTPHeloError(code, text)


def _tls_description(smtp: smtplib.SMTP, settings: SmtpSettings) -> str:
    sock = smtp.sock
    version = sock.version() if isinstance(sock, ssl.SSLSocket) else "TLS"
    return f"{version}, certificate for {settings.host} verified"


def _connection_error(settings: SmtpSettings, error: BaseException) -> InputError:
    """One sentence for a session that could not be opened: ServerUnavailable when trying
    later may work, InputError when the settings must change."""
    where = _host_port(settings)
    if isinstance(error, ssl.SSLCertVerificationError):
        why = error.verify_message or first_line(error)
        return InputError(
            f"The SMTP server {where}'s certificate is not trusted ({why}); check the host "
            "name, or give its certificate authority's PEM file as ca_file in settings.toml's "
            "[smtp]."
        )
    if isinstance(error, smtplib.SMTPAuthenticationError):
        said = _reply(error.smtp_code, error.smtp_error)
        if 400 <= error.smtp_code < 500:
            return ServerUnavailable(
                f"The SMTP server {where} could not log in {settings.username} for now: {said}."
            )
        return InputError(
            f"The SMTP server {where} refused the login of {settings.username}: {said}; check "
            f"the username and {PASSWORD_VARIABLE}."
        )
    if isinstance(error, smtplib.SMTPNotSupportedError):
        return InputError(
            f"The SMTP server {where} does not offer what the settings ask: {first_line(error)}."
        )
    if isinstance(error, smtplib.SMTPResponseException):
        said = _reply(error.smtp_code, error.smtp_error)
        if error.smtp_code >= 500:
            return InputError(f"The SMTP server {where} refused the session: {said}.")
        return ServerUnavailable(f"The SMTP server {where} is not taking mail now: {said}.")
    if isinstance(error, socket.gaierror):
        if error.errno == socket.EAI_AGAIN:
            return ServerUnavailable(
                f"The name of the SMTP server {where} could not be looked up now: {_said(error)}."
            )
        return InputError(
            f"The SMTP server {where} was not found: {_said(error)}; check the host in "
            "settings.toml's [smtp]."
        )
    if isinstance(error, ssl.SSLError):
        return InputError(
            f"The SMTP server {where} could not agree on TLS: {first_line(error)}; check the "
            "port and the security in settings.toml's [smtp]."
        )
    if isinstance(error, ConnectionRefusedError):
        return ServerUnavailable(f"The SMTP server {where} refused the connection.")
    if isinstance(error, TimeoutError):
        return ServerUnavailable(
            f"The SMTP server {where} did not answer within {settings.timeout:g} seconds."
        )
    return ServerUnavailable(f"The SMTP server {where} could not be reached: {_said(error)}.")


def _said(error: BaseException) -> str:
    """What the system said, without the "[Errno -2]" a clerk cannot use."""
    if isinstance(error, OSError) and error.strerror and not isinstance(error, ssl.SSLError):
        return error.strerror.rstrip(".")
    return first_line(error)


def _ca_file_problem(settings: SmtpSettings, error: BaseException) -> str:
    return (
        f"The certificate authority file {settings.ca_file} for the SMTP server "
        f"{_host_port(settings)} could not be read: {_said(error)}."
    )


def _host_port(settings: SmtpSettings) -> str:
    host = f"[{settings.host}]" if ":" in settings.host else settings.host
    return f"{host}:{settings.port}"


def _reply(code: int, text: bytes | str) -> str:
    """The server's reply on one line, code first, as the clerk reads it."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    words = " ".join(line.strip() for line in text.splitlines() if line.strip())
    return f"{code} {words}".strip() if code and code > 0 else words


def _crlf(message: bytes) -> bytes:
    # SMTP lines end in CRLF; a bare LF or CR is refused by some servers and is the stuff of
    # SMTP smuggling, so every line ending becomes CRLF.
    return re.sub(rb"\r\n|\r|\n", b"\r\n", message)
