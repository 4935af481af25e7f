"""The email outbox attacked as a careless or hostile hand would: settings.toml written wrong or
pointing outside the workspace, a password that must never show, header injections by every
road into a header, two `email send` runs at once, a kill between the server's 250 and the
register's "sent", a document voided after it was queued, and queued bytes altered in the
register. Each must end in one sentence, or in exactly the messages and services the records
can prove."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from clerk import CASEBOOK, VILLAGE_A_DIRECTIVE, Clerk, clerk_at, give_emails, issued_number
from click.testing import CliRunner
from smtp_server import running_server

TODAY = "2026-11-30"
SMITHS = "smiths@example.net"
PASSWORD = "s3cret-Horse-Battery"
ROOT = Path(__file__).resolve().parent.parent


def settings_toml(office: Path, port: int, extra: str = "", username: str | None = None) -> None:
    login = f'username = "{username}"\n' if username else ""
    (office / "settings.toml").write_text(
        "[smtp]\n"
        'host = "127.0.0.1"\n'
        f"port = {port}\n"
        'security = "none"\n'
        f"{login}"
        'from_address = "clerk@village-a.example"\n'
        'from_name = "Village A Clerk"\n'
        "per_minute = 10000\n"
        f"{extra}"
    )


@pytest.fixture
def server(tmp_path):
    with running_server(tmp_path) as running:
        yield running


@pytest.fixture
def clerk(tmp_path, server) -> Clerk:
    clerk = clerk_at(tmp_path, CliRunner(env={"NOTICECLERK_TODAY": TODAY}), "village-a")
    settings_toml(clerk.office, server.port)
    return clerk


def directive(clerk: Clerk) -> str:
    clerk(*VILLAGE_A_DIRECTIVE)
    return issued_number(clerk("issue", "VA-C-2026-0001"))


def status(clerk: Clerk) -> list[dict]:
    return json.loads(clerk("email", "status", "--json").output)


def services(clerk: Clerk) -> list[dict]:
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    return [service for d in shown["documents"] for service in d["services"]]


def refused(clerk: Clerk, *args: str) -> str:
    result = clerk(*args, ok=False)
    assert result.exit_code == 1, result.output
    assert result.output.startswith("Error: "), result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    return result.output


def register_bytes(clerk: Clerk) -> bytes:
    return b"".join(path.read_bytes() for path in clerk.office.glob("noticeclerk.db*"))


def cli_process(office: Path, *args: str, prelude: str = "") -> list[str]:
    """A command line for a separate process, with `prelude` run before the CLI starts."""
    code = textwrap.dedent(prelude) + "\nfrom noticeclerk.cli import main\nmain()\n"
    return [sys.executable, "-c", code, "--workspace", str(office), *args]


def environment() -> dict[str, str]:
    return {**os.environ, "NOTICECLERK_TODAY": TODAY, "PYTHONPATH": str(ROOT)}


# --- 1. settings.toml -------------------------------------------------------------------------


def test_a_password_written_in_settings_is_refused_pointing_at_the_environment_never_read(
    clerk, server
):
    number = directive(clerk)
    settings_toml(clerk.office, server.port, extra=f'password = "{PASSWORD}"\n')
    for args in (("email", "queue", number), ("email", "send"), ("email", "test")):
        said = refused(clerk, *args)
        assert "NOTICECLERK_SMTP_PASSWORD" in said and "password" in said
        assert PASSWORD not in said
    assert status(clerk) == []


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ('port = "587"\n', "port"),
        ("per_minute = 0\n", "per_minute"),
        ("colour = 1\n", "colour"),
    ],
)
def test_settings_of_the_wrong_shape_are_refused_naming_the_key(clerk, server, extra, words):
    number = directive(clerk)
    text = (clerk.office / "settings.toml").read_text()
    key = extra.split(" ")[0]
    text = "\n".join(line for line in text.splitlines() if not line.startswith(key)) + "\n"
    (clerk.office / "settings.toml").write_text(text + extra)
    assert words in refused(clerk, "email", "queue", number)


def test_settings_without_a_host_or_with_a_url_for_one_are_refused(clerk, server):
    number = directive(clerk)
    path = clerk.office / "settings.toml"
    text = path.read_text()
    path.write_text(text.replace('host = "127.0.0.1"\n', ""))
    assert "host" in refused(clerk, "email", "queue", number)
    for host in ("smtp://mail.example.org", "mail example org"):
        path.write_text(text.replace("127.0.0.1", host))
        assert "host" in refused(clerk, "email", "queue", number)


def test_security_none_to_a_lan_address_is_refused_before_anything_is_touched(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    path = clerk.office / "settings.toml"
    path.write_text(path.read_text().replace("127.0.0.1", "192.168.1.20"))
    assert 'security "none" is refused' in refused(clerk, "email", "send")
    assert [row["state"] for row in status(clerk)] == ["queued"]


def test_a_ca_file_outside_the_workspace_is_refused_and_never_read(clerk, server, tmp_path):
    number = directive(clerk)
    (clerk.office / "link-ca.pem").symlink_to("/etc/passwd")
    os.mkfifo(clerk.office / "fifo-ca.pem")
    outside = tmp_path / "elsewhere-ca.pem"
    outside.write_text("not a certificate\n")
    for named in ("/etc/passwd", "link-ca.pem", "../elsewhere-ca.pem", "fifo-ca.pem"):
        settings_toml(clerk.office, server.port, extra=f'ca_file = "{named}"\n')
        said = refused(clerk, "email", "queue", number)
        assert "ca_file" in said, named
        assert "root:" not in said


# --- 2. the password --------------------------------------------------------------------------


def test_the_password_shows_nowhere_after_sends_and_a_refused_login(tmp_path):
    with running_server(tmp_path, users={"clerk": PASSWORD}) as server:
        runner = CliRunner(env={"NOTICECLERK_TODAY": TODAY, "NOTICECLERK_SMTP_PASSWORD": PASSWORD})
        clerk = clerk_at(tmp_path, runner, "village-a")
        settings_toml(clerk.office, server.port, username="clerk")
        number = directive(clerk)
        outputs = [clerk("email", "test").output, clerk("email", "queue", number).output]
        outputs.append(clerk("email", "send", "--dry-run", str(tmp_path / "eml")).output)
        outputs.append(clerk("email", "send").output)
        wrong = CliRunner(
            env={"NOTICECLERK_TODAY": TODAY, "NOTICECLERK_SMTP_PASSWORD": "x" + PASSWORD}
        )
        other = Clerk(clerk.office, wrong)
        outputs.append(refused(other, "email", "test"))
        outputs.append(clerk("email", "status").output)
        assert len(server.handler.accepted) == 1
    everything = "\n".join(outputs).encode() + register_bytes(clerk)
    everything += b"".join(path.read_bytes() for path in (tmp_path / "eml").iterdir())
    assert PASSWORD.encode() not in everything
    assert "refused the login of clerk" in outputs[-2]


# --- 3. header injection ----------------------------------------------------------------------

ENCODED_BREAK = "=?utf-8?q?Ed=0D=0ABcc:_evil@example.org?="


def test_an_owner_name_from_the_roll_hiding_a_line_break_is_refused_before_queueing(
    tmp_path, server
):
    roll = (CASEBOOK / "village-a" / "roll.csv").read_text()
    (tmp_path / "roll.csv").write_text(roll.replace("Ed and Marie Smith", ENCODED_BREAK))
    clerk = Clerk(tmp_path / "office", CliRunner(env={"NOTICECLERK_TODAY": TODAY}))
    clerk("init", str(clerk.office))
    clerk("roll", "import", str(tmp_path / "roll.csv"), "--village", "village-a")
    settings_toml(clerk.office, server.port)
    number = directive(clerk)
    said = refused(clerk, "email", "queue", number)
    assert number in said and "carriage return" in said
    assert status(clerk) == []


def test_a_party_name_hiding_a_line_break_is_refused_before_queueing(clerk):
    clerk(*VILLAGE_A_DIRECTIVE)
    clerk(
        "case",
        "party",
        "VA-C-2026-0001",
        "--role",
        "occupant",
        "--name",
        ENCODED_BREAK,
        "--address",
        "12 A Street|Village A NY 10000",
        "--email",
        "tenant@example.net",
    )
    number = issued_number(clerk("issue", "VA-C-2026-0001", "--to", "occupant"))
    assert "carriage return" in refused(clerk, "email", "queue", number)
    assert status(clerk) == []


def test_a_notice_title_overridden_in_the_workspace_with_a_line_break_is_refused(clerk):
    number = directive(clerk)
    builtin = ROOT / "notices" / "village-a" / "directive-to-comply.toml"
    own = clerk.office / "notices" / "village-a" / "directive-to-comply.toml"
    own.parent.mkdir(parents=True, exist_ok=True)
    text = builtin.read_text()
    title_line = next(line for line in text.splitlines() if line.startswith("title"))
    own.write_text(text.replace(title_line, f'title = "{ENCODED_BREAK}"'))
    assert "carriage return" in refused(clerk, "email", "queue", number)
    assert status(clerk) == []


def test_a_bad_third_document_queues_none_of_the_three(clerk):
    first = directive(clerk)
    clerk(*VILLAGE_A_DIRECTIVE)  # a second case: a directive is given once to its owner
    second = issued_number(clerk("issue", "VA-C-2026-0002"))
    said = refused(clerk, "email", "queue", first, second, "VA-D-2026-09999")
    assert "VA-D-2026-09999" in said
    assert status(clerk) == []
    for typed in ("smiths@example.net\r\nBcc: x@example.org", "a@example.net\u2028b"):
        result = clerk("email", "queue", first, "--to", typed, "--source", "x", ok=False)
        assert result.exit_code != 0 and "Traceback" not in result.output
    assert status(clerk) == []


# --- 4. two sends at once ---------------------------------------------------------------------


def test_two_sends_at_once_never_hand_the_server_the_same_message_twice(clerk, server):
    number = directive(clerk)
    addresses = [f"reader{n:02d}@example.net" for n in range(12)]
    give_emails(clerk, "VA-C-2026-0001", addresses)
    for address in addresses:
        clerk("email", "queue", number, "--to", address)
    # Each message takes the server a fifth of a second: the two runs overlap throughout.
    server.handler.stall_after_data(0.2, count=len(addresses))
    runs = [
        subprocess.Popen(
            cli_process(clerk.office, "email", "send"),
            env=environment(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=120) for run in runs]
    for run, (_out, err) in zip(runs, outputs, strict=True):
        # The later run either finds nothing left or is told the outbox is being sent.
        assert run.returncode == 0 or b"Another 'noticeclerk email send'" in err, err.decode()
    ids = server.handler.message_ids
    assert sorted(set(ids)) == sorted(ids), "a Message-ID went to the server twice"
    assert {m.rcpt_tos[0] for m in server.handler.accepted} == set(addresses)
    assert {row["state"] for row in status(clerk)} == {"sent"}
    assert len(services(clerk)) == len(addresses)


def test_a_send_while_another_run_holds_the_outbox_is_refused_and_touches_nothing(clerk, server):
    from noticeclerk.dispatch.outbox import _only_sender
    from noticeclerk.register.database import make_engine, register_url

    number = directive(clerk)
    clerk("email", "queue", number)
    with _only_sender(make_engine(register_url(clerk.office, None))):
        said = refused(clerk, "email", "send")
    assert "Another 'noticeclerk email send' is sending this outbox now" in said
    assert server.handler.received == []
    assert [row["state"] for row in status(clerk)] == ["queued"]
    assert "Sent 1" in clerk("email", "send").output


POSTGRES = os.environ.get("NOTICECLERK_TEST_POSTGRES_URL")


@pytest.mark.skipif(not POSTGRES, reason="NOTICECLERK_TEST_POSTGRES_URL is not set")
def test_on_postgresql_one_send_run_at_a_time_holds_the_outbox():
    from noticeclerk.dispatch.outbox import _only_sender
    from noticeclerk.exceptions import InputError
    from noticeclerk.register.database import make_engine

    first, second = make_engine(POSTGRES), make_engine(POSTGRES)
    refusal = pytest.raises(InputError, match="Another 'noticeclerk email send'")
    with _only_sender(first), refusal, _only_sender(second):
        pass
    with _only_sender(second):
        pass  # released when the first run ended


# --- 5. a kill between the 250 and "sent" -----------------------------------------------------

KILLED_AFTER_THE_250 = """
import os, signal
from noticeclerk.dispatch import outbox

def killed(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)

outbox._answered = killed
"""


def test_a_kill_after_the_servers_250_resends_the_same_message_and_records_one_service(
    clerk, server
):
    number = directive(clerk)
    clerk("email", "queue", number)
    run = subprocess.run(
        cli_process(clerk.office, "email", "send", prelude=KILLED_AFTER_THE_250),
        env=environment(),
        capture_output=True,
        timeout=60,
    )
    assert run.returncode == -9
    assert [row["state"] for row in status(clerk)] == ["sending"]
    assert services(clerk) == []
    assert "Sent 1" in clerk("email", "send").output
    first, second = server.handler.accepted
    assert first.message_id == second.message_id and first.content == second.content
    (service,) = services(clerk)
    assert second.queue_id in service["note"]
    assert "Nothing waits" in clerk("email", "send").output


# --- 6. voided or closed between queue and send -----------------------------------------------


def test_a_document_voided_after_it_was_queued_is_not_sent_and_the_outbox_says_why(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    clerk("void", number, "--reason", "wrong parcel")
    result = clerk("email", "send")
    assert server.handler.received == []
    assert "failed 1" in result.output
    (row,) = status(clerk)
    assert row["state"] == "failed" and row["attempts"] == 0
    assert f"{number} was voided (wrong parcel)" in row["last_reply"]
    assert "not sent" in row["last_reply"]
    assert services(clerk) == []
    assert "not sent" in clerk("email", "status").output


def test_a_document_whose_case_was_closed_after_it_was_queued_is_not_sent(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    clerk("case", "close", "VA-C-2026-0001", "--reason", "complied")
    assert "failed 1" in clerk("email", "send").output
    assert server.handler.received == []
    (row,) = status(clerk)
    assert row["state"] == "failed" and "VA-C-2026-0001 was closed" in row["last_reply"]


# --- 7. altered bytes, the last retry, --limit ------------------------------------------------


def alter(clerk: Clerk, sql: str, *parameters: object) -> None:
    with sqlite3.connect(clerk.office / "noticeclerk.db") as connection:
        connection.execute(sql, parameters)


def test_a_queued_message_altered_in_the_register_is_refused_not_sent(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    with sqlite3.connect(clerk.office / "noticeclerk.db") as connection:
        (data,) = connection.execute("SELECT message FROM outbox").fetchone()
    altered = bytes(data).replace(b"Subject: ", b"Subject: PAY NOW ", 1)
    assert altered != bytes(data)
    alter(clerk, "UPDATE outbox SET message = ?", altered)
    result = clerk("email", "send")
    assert "failed 1" in result.output
    assert server.handler.received == []
    (row,) = status(clerk)
    assert row["state"] == "failed" and "SHA-256" in row["last_reply"]


def test_a_deferral_on_the_last_try_fails_the_message_and_due_lists_it(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    alter(clerk, "UPDATE outbox SET attempts = 9")
    server.handler.defer_next(1)
    assert "failed 1" in clerk("email", "send").output
    (row,) = status(clerk)
    assert row["state"] == "failed" and row["attempts"] == 10 and "451" in row["last_reply"]
    due = json.loads(clerk("due", "--json").output)
    assert [item["status"] for item in due if item["status"] == "email_failed"] == ["email_failed"]


def test_limit_sends_only_that_many_and_leaves_the_rest_queued(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    give_emails(clerk, "VA-C-2026-0001", ["b@example.net"])
    clerk("email", "queue", number, "--to", "b@example.net")
    assert "Sent 1, deferred 0, failed 0." in clerk("email", "send", "--limit", "1").output
    assert [row["state"] for row in status(clerk)] == ["sent", "queued"]
