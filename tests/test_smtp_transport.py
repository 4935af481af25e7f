"""The SMTP transport against a real server on loopback: what a message becomes (sent with its
queue id, deferred, failed), TLS verified against a throwaway authority, and one sentence for
each way a session cannot be opened."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from smtp_server import RunningServer, running_server

from noticeclerk.dispatch.smtp import (
    Connection,
    ServerUnavailable,
    SmtpSettings,
    queue_id,
    smtp_password,
    test_connection,
)
from noticeclerk.exceptions import InputError

SENDER = "clerk@village-a.test"


def message(number: int, to: str = "owner@example.test") -> bytes:
    mail = EmailMessage()
    mail["From"] = SENDER
    mail["To"] = to
    mail["Subject"] = f"Notice {number}"
    mail["Message-ID"] = f"<notice-{number}@village-a.test>"
    mail.set_content(f"Notice {number} is attached.\n.a line that starts with a dot\n")
    return bytes(mail)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RunningServer]:
    with running_server(tmp_path) as running:
        yield running


@pytest.fixture
def starttls_server(tmp_path: Path) -> Iterator[RunningServer]:
    with running_server(tmp_path, security="starttls", users={"clerk": "s3cret"}) as running:
        yield running


@pytest.fixture
def tls_server(tmp_path: Path) -> Iterator[RunningServer]:
    with running_server(tmp_path, security="tls", users={"clerk": "s3cret"}) as running:
        yield running


def test_a_message_is_sent_with_the_servers_reply_and_its_queue_id(server: RunningServer) -> None:
    with Connection(server.settings(), None) as connection:
        outcome = connection.send(message(1), SENDER, "owner@example.test")

    [received] = server.handler.received
    assert outcome.state == "sent"
    assert outcome.code == 250
    assert outcome.reply == f"250 2.0.0 Ok: queued as {received.queue_id}"
    assert outcome.queue_id == received.queue_id
    assert received.message_id == "<notice-1@village-a.test>"
    assert received.rcpt_tos == ("owner@example.test",)
    assert b"\r\n.a line that starts with a dot\r\n" in received.content


def test_a_message_with_bare_line_feeds_arrives_with_crlf_line_endings(
    server: RunningServer,
) -> None:
    with Connection(server.settings(), None) as connection:
        connection.send(b"Subject: x\n\nline one\nline two\n", SENDER, "owner@example.test")

    assert server.handler.received[0].content == b"Subject: x\r\n\r\nline one\r\nline two\r\n"


def test_starttls_verifies_the_certificate_against_the_given_authority_and_logs_in(
    starttls_server: RunningServer,
) -> None:
    settings = starttls_server.settings(username="clerk")
    with Connection(settings, "s3cret") as connection:
        outcome = connection.send(message(1), SENDER, "owner@example.test")

    assert outcome.state == "sent"
    assert outcome.queue_id == starttls_server.handler.received[0].queue_id
    assert connection.tls_line.startswith("STARTTLS: TLSv1.")
    assert connection.tls_line.endswith("certificate for 127.0.0.1 verified")


def test_a_certificate_from_an_authority_not_trusted_is_refused_in_one_sentence(
    starttls_server: RunningServer,
) -> None:
    settings = starttls_server.settings(username="clerk", ca_file=None)
    with pytest.raises(InputError) as refusal, Connection(settings, "s3cret"):
        pass

    sentence = str(refusal.value)
    assert not isinstance(refusal.value, ServerUnavailable)
    assert sentence.startswith(f"The SMTP server 127.0.0.1:{starttls_server.port}'s certificate")
    assert "is not trusted (" in sentence and "\n" not in sentence
    assert "ca_file" in sentence
    assert starttls_server.handler.received == []


def test_a_certificate_for_another_name_is_refused(tmp_path: Path) -> None:
    names = ("mail.village-a.test",)
    with (
        running_server(tmp_path, security="starttls", certificate_names=names) as running,
        pytest.raises(InputError) as refusal,
        Connection(running.settings(), None),
    ):
        pass

    assert "certificate is not trusted (" in str(refusal.value)
    assert "127.0.0.1" in str(refusal.value).split("(", 1)[1]
    assert running.handler.received == []


# aiosmtpd counts only STARTTLS as TLS, so its AUTH over implicit TLS warns of a clear login.
@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_implicit_tls_sends_after_verifying_the_certificate(tls_server: RunningServer) -> None:
    with Connection(tls_server.settings(username="clerk"), "s3cret") as connection:
        outcome = connection.send(message(1), SENDER, "owner@example.test")

    assert outcome.state == "sent"
    assert connection.tls_line.startswith("TLS: TLSv1.")
    assert len(tls_server.handler.accepted) == 1


def test_421_and_451_defer_the_message_and_the_third_try_is_sent(server: RunningServer) -> None:
    server.handler.defer_next(1, "421 4.3.2 Service shutting down")
    server.handler.defer_next(1, "451 4.3.0 Local error in processing")
    with Connection(server.settings(), None) as connection:
        first = connection.send(message(1), SENDER, "owner@example.test")
        broken_after_421 = connection.broken
        second = connection.send(message(1), SENDER, "owner@example.test")
        third = connection.send(message(1), SENDER, "owner@example.test")

    assert (first.state, first.code, first.reply) == (
        "deferred",
        421,
        "421 4.3.2 Service shutting down",
    )
    assert broken_after_421
    assert (second.state, second.code, second.reply) == (
        "deferred",
        451,
        "451 4.3.0 Local error in processing",
    )
    assert third.state == "sent"
    assert [m.reply[:3] for m in server.handler.received] == ["421", "451", "250"]
    assert len(server.handler.accepted) == 1


def test_a_5xx_after_data_fails_the_message_with_the_servers_words(server: RunningServer) -> None:
    server.handler.answer_next(1, "554 5.7.1 Message rejected as spam")
    with Connection(server.settings(), None) as connection:
        outcome = connection.send(message(1), SENDER, "owner@example.test")

    assert (outcome.state, outcome.code, outcome.reply) == (
        "failed",
        554,
        "554 5.7.1 Message rejected as spam",
    )


def test_550_for_one_of_two_recipients_fails_only_that_message(server: RunningServer) -> None:
    server.handler.refuse_recipient("moved@example.test")
    with Connection(server.settings(), None) as connection:
        refused = connection.send(message(1, "moved@example.test"), SENDER, "moved@example.test")
        still_open = not connection.broken
        sent = connection.send(message(2), SENDER, "owner@example.test")

    assert refused.state == "failed"
    assert refused.reply == "550 5.1.1 Recipient address rejected: User unknown"
    assert refused.extra["stage"] == "RCPT TO"
    assert still_open
    assert sent.state == "sent"
    assert [m.message_id for m in server.handler.received] == ["<notice-2@village-a.test>"]


def test_a_server_that_drops_the_connection_after_data_defers_and_the_next_send_reconnects(
    server: RunningServer,
) -> None:
    server.handler.drop_after_data()
    with Connection(server.settings(), None) as connection:
        dropped = connection.send(message(1), SENDER, "owner@example.test")
        broken = connection.broken
        next_one = connection.send(message(2), SENDER, "owner@example.test")

    assert dropped.state == "deferred"
    assert dropped.reply.startswith(
        f"the server 127.0.0.1:{server.port} dropped the connection after DATA: "
    )
    assert broken
    assert next_one.state == "sent"
    # The server did read the dropped message: a resend carries the same Message-ID.
    assert server.handler.message_ids == ["<notice-1@village-a.test>", "<notice-2@village-a.test>"]
    assert server.handler.received[0].reply is None


def test_a_failed_reconnection_defers_the_message_and_leaves_the_connection_broken(
    tmp_path: Path,
) -> None:
    with running_server(tmp_path) as running:
        running.handler.drop_after_data()
        connection = Connection(running.settings(), None).__enter__()
        connection.send(message(1), SENDER, "owner@example.test")
        running.handler.refuse_greeting()
        outcome = connection.send(message(2), SENDER, "owner@example.test")
        connection.__exit__(None, None, None)

    assert outcome.state == "deferred"
    assert outcome.extra["stage"] == "connect"
    assert "421 4.3.2 Service not available" in outcome.reply
    assert connection.broken


def test_a_421_greeting_is_server_unavailable(server: RunningServer) -> None:
    server.handler.refuse_greeting()
    with pytest.raises(ServerUnavailable) as refusal, Connection(server.settings(), None):
        pass

    assert str(refusal.value) == (
        f"The SMTP server 127.0.0.1:{server.port} is not taking mail now: "
        "421 4.3.2 Service not available, try again later."
    )


def test_a_refused_connection_is_server_unavailable(tmp_path: Path) -> None:
    with running_server(tmp_path) as running:
        settings = running.settings()
    with pytest.raises(ServerUnavailable) as refusal, Connection(settings, None):
        pass

    assert (
        str(refusal.value) == f"The SMTP server 127.0.0.1:{settings.port} refused the connection."
    )


def test_security_none_is_refused_for_a_server_on_the_network() -> None:
    settings = SmtpSettings("smtp.example.org", 25, "none")
    with pytest.raises(InputError) as refusal:
        Connection(settings, None)

    assert str(refusal.value).startswith(
        'SMTP security "none" is refused for smtp.example.org:25: it would send a password or '
        "notices in clear over a network"
    )


def test_an_unknown_security_is_refused_naming_the_choices() -> None:
    with pytest.raises(
        InputError, match=r"'ssl' for mail\.example\.org:465 is not one of starttls"
    ):
        Connection(SmtpSettings("mail.example.org", 465, "ssl"), None)


def test_a_wrong_password_is_refused_in_one_sentence_without_the_password(
    starttls_server: RunningServer,
) -> None:
    settings = starttls_server.settings(username="clerk")
    with pytest.raises(InputError) as refusal, Connection(settings, "wrong-guess"):
        pass

    sentence = str(refusal.value)
    assert not isinstance(refusal.value, ServerUnavailable)
    assert sentence.startswith(
        f"The SMTP server 127.0.0.1:{starttls_server.port} refused the login of clerk: 535 "
    )
    assert "NOTICECLERK_SMTP_PASSWORD" in sentence
    assert "wrong-guess" not in sentence and "\n" not in sentence


def test_a_username_without_a_password_names_the_environment_variable() -> None:
    settings = SmtpSettings("mail.example.org", 587, "starttls", username="clerk")
    with pytest.raises(InputError, match="needs the password of clerk: set NOTICECLERK_SMTP"):
        Connection(settings, None)


def test_a_missing_certificate_authority_file_is_named(tmp_path: Path) -> None:
    settings = SmtpSettings("127.0.0.1", 587, "starttls", ca_file=str(tmp_path / "none.pem"))
    expected = r"certificate authority file .*none\.pem .*could not be"
    with pytest.raises(InputError, match=expected), Connection(settings, None):
        pass


def test_test_connection_says_what_the_server_answered_at_each_step(
    starttls_server: RunningServer,
) -> None:
    lines = test_connection(starttls_server.settings(username="clerk"), "s3cret")

    assert lines[0] == (
        f"Connected to 127.0.0.1:{starttls_server.port}: 220 mail.test.invalid Python SMTP 1.4.6"
    )
    assert lines[1].startswith("The server offers: ") and "AUTH LOGIN PLAIN" in lines[1]
    assert lines[2].startswith("STARTTLS: TLSv1.")
    assert lines[2].endswith(", certificate for 127.0.0.1 verified")
    assert lines[3] == "Logged in as clerk: 235 2.7.0 Authentication successful"
    assert lines[4:] == ["NOOP: 250 OK", "QUIT: 221 Bye"]
    assert all("s3cret" not in line for line in lines)


def test_test_connection_without_a_username_says_there_was_no_login(
    server: RunningServer,
) -> None:
    lines = test_connection(server.settings(), None)

    assert 'No encryption: the server is on this machine (security = "none")' in lines
    assert "No login: the settings give no username" in lines


def test_the_password_comes_from_the_environment_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOTICECLERK_SMTP_PASSWORD", "from-env")
    _install_keyring(monkeypatch, "from-keyring")

    assert smtp_password("clerk") == "from-env"


def test_the_password_comes_from_the_keyring_when_the_environment_has_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NOTICECLERK_SMTP_PASSWORD", raising=False)
    _install_keyring(monkeypatch, "from-keyring")

    assert smtp_password("clerk") == "from-keyring"


def test_without_the_keyring_package_there_is_no_password(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTICECLERK_SMTP_PASSWORD", raising=False)
    # None in sys.modules makes the import fail as if the package were not installed.
    monkeypatch.setitem(sys.modules, "keyring", None)

    assert smtp_password("clerk") is None


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("250 2.0.0 Ok: queued as 4Bx7Yz1QmLz9", "4Bx7Yz1QmLz9"),
        ("250 OK id=1t2Uvw-0004Ab-Cd", "1t2Uvw-0004Ab-Cd"),
        ("250 2.0.0 5B1HqG0a012345 Message accepted for delivery", "5B1HqG0a012345"),
        ("250 2.0.0 OK 1733030400 a1si123gsmtp", "250 2.0.0 OK 1733030400 a1si123gsmtp"),
    ],
)
def test_the_queue_id_is_read_from_the_reply_or_is_the_whole_reply(
    reply: str, expected: str
) -> None:
    assert queue_id(reply) == expected


def _install_keyring(monkeypatch: pytest.MonkeyPatch, password: str) -> None:
    """A stand-in for the keyring package holding one password for clerk."""
    errors = types.ModuleType("keyring.errors")
    errors.KeyringError = type("KeyringError", (Exception,), {})  # type: ignore[attr-defined]
    keyring = types.ModuleType("keyring")
    keyring.errors = errors  # type: ignore[attr-defined]
    keyring.get_password = lambda service, username: (  # type: ignore[attr-defined]
        password if (service, username) == ("noticeclerk-smtp", "clerk") else None
    )
    monkeypatch.setitem(sys.modules, "keyring", keyring)
    monkeypatch.setitem(sys.modules, "keyring.errors", errors)


def test_a_server_that_does_not_answer_after_data_in_time_defers_the_message(
    server: RunningServer,
) -> None:
    server.handler.stall_after_data(1.0)
    with Connection(server.settings(timeout=0.3), None) as connection:
        outcome = connection.send(message(1), SENDER, "owner@example.test")
        broken = connection.broken

    assert outcome.state == "deferred"
    assert outcome.reply == (
        f"the server 127.0.0.1:{server.port} did not answer within 0.3 seconds after DATA"
    )
    assert broken


def test_a_session_the_server_closed_while_idle_is_reopened_and_the_message_sent(
    server: RunningServer,
) -> None:
    with Connection(server.settings(), None) as connection:
        connection.send(message(1), SENDER, "owner@example.test")
        # As a server's idle timeout would: the socket is gone before the next MAIL FROM.
        assert connection._smtp is not None
        connection._smtp.sock.close()
        outcome = connection.send(message(2), SENDER, "owner@example.test")

    assert outcome.state == "sent"
    assert server.handler.message_ids == ["<notice-1@village-a.test>", "<notice-2@village-a.test>"]
