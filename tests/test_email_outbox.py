"""The email outbox at the command line against a real SMTP server on loopback (aiosmtpd): queue
a document to the address on file, send, see the service recorded at the server's 250; defer
and retry on 4xx; fail on 5xx; a courtesy copy where the ordinance allows no email; and a
kill -9 in the middle of a send that loses nothing and repeats no Message-ID but the one in
flight.

Village A allows service by email to an address the owner gave the Village (§ 134-43C); the
sample roll has one for Ed and Marie Smith of 12 A Street. Its bills go by certified mail only,
so an emailed bill is a courtesy copy."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from email import message_from_bytes
from email.policy import default
from pathlib import Path

import pytest
from clerk import (
    VILLAGE_A_DIRECTIVE,
    Clerk,
    clerk_at,
    give_emails,
    issued_number,
    keep_writing,
    pdf_text,
)
from click.testing import CliRunner
from smtp_server import running_server

TODAY = "2026-11-30"
SMITHS = "smiths@example.net"


def settings_toml(office: Path, port: int, per_minute: int = 10_000) -> None:
    (office / "settings.toml").write_text(
        "[smtp]\n"
        'host = "127.0.0.1"\n'
        f"port = {port}\n"
        'security = "none"\n'
        'from_address = "clerk@village-a.example"\n'
        'from_name = "Village A Clerk"\n'
        'reply_to = "clerk@village-a.example"\n'
        f"per_minute = {per_minute}\n"
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


def services(clerk: Clerk, today: str = TODAY) -> list[dict]:
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json", today=today).output)
    return [service for d in shown["documents"] for service in d["services"]]


def test_a_queued_directive_is_sent_and_its_service_recorded_at_the_servers_reply(clerk, server):
    number = directive(clerk)
    queued = clerk("email", "queue", number)
    assert f"Queued {number} to {SMITHS}: service by email." in queued.output
    assert "queued" in clerk("email", "status").output
    sent = clerk("email", "send")
    assert "Sent 1, deferred 0, failed 0." in sent.output
    (received,) = server.handler.accepted
    assert received.rcpt_tos == (SMITHS,)
    message = message_from_bytes(received.content, policy=default)
    assert message["X-Noticeclerk-Document"] == number
    assert message["Auto-Submitted"] == "auto-generated"
    assert [part.get_filename() for part in message.iter_attachments()] == [f"{number}.pdf"]
    (service,) = services(clerk)
    assert service["method"] == "email" and service["email"] == SMITHS
    assert received.queue_id in service["note"]
    status = json.loads(clerk("email", "status", "--json").output)
    assert [(row["state"], row["service"]) for row in status] == [("sent", True)]
    # Nothing more to send, and the same document to the same address is not queued twice.
    assert "Nothing waits in the outbox." in clerk("email", "send").output
    again = clerk("email", "queue", number, ok=False)
    assert again.exit_code == 1 and "already in the outbox (sent)" in again.output


def test_a_serving_email_goes_only_to_an_address_on_file_or_given_in_writing(clerk, server):
    number = directive(clerk)
    refused = clerk("email", "queue", number, "--to", "ed@other.example", ok=False)
    assert refused.exit_code == 1
    assert "is not an email address on file" in refused.output
    assert "record first who gave it" in refused.output
    # A source in free text ("the owner's letter") no longer makes it service (§ 134-43C).
    loose = clerk("email", "queue", number, "--to", "ed@other.example", "--source", "a letter",
                  ok=False)  # fmt: skip
    assert loose.exit_code == 1 and "is not an email address on file" in loose.output
    assert "The outbox is empty." in clerk("email", "status").output
    item = keep_writing(clerk, "VA-C-2026-0001")
    clerk(
        "case", "email-address", "VA-C-2026-0001", "--email", "ed@other.example",
        "--given-by", "Ed Smith", "--department", "Building Department",
        "--given-on", "2026-11-20", "--writing", str(item),
    )  # fmt: skip
    clerk("email", "queue", number, "--to", "ed@other.example")
    clerk("email", "send")
    (service,) = services(clerk)
    assert service["email"] == "ed@other.example"
    assert service["email_source"] is None
    assert service["email_given"] == {
        "given_by": "Ed Smith",
        "given_as": "owner of record of parcel 0301-02-001",
        "department": "Building Department",
        "given_on": "2026-11-20",
        "writing_item": item,
    }


def test_a_header_injection_in_the_address_is_refused_before_anything_is_queued(clerk):
    number = directive(clerk)
    for typed in ("=?utf-8?q?a=0D=0ABcc:x@y?=@example.net", "a@example.net, b@example.net"):
        result = clerk("email", "queue", number, "--to", typed, ok=False)
        assert result.exit_code == 1, typed
        assert "Traceback" not in result.output
    assert "The outbox is empty." in clerk("email", "status").output


def test_a_4xx_defers_the_message_and_a_later_send_delivers_it(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    server.handler.defer_next(1, "451 4.3.0 Try again later")
    first = clerk("email", "send", today="2026-11-30T12:00")
    assert "Sent 0, deferred 1, failed 0." in first.output
    row = json.loads(clerk("email", "status", "--json").output)[0]
    assert row["state"] == "deferred" and "451" in row["last_reply"]
    # Not before its time: the first retry waits a minute.
    assert "Nothing waits" in clerk("email", "send", today="2026-11-30T12:00").output
    later = clerk("email", "send", today="2026-11-30T12:05")
    assert "Sent 1" in later.output
    assert [m.reply[:3] for m in server.handler.received] == ["451", "250"]
    # The resend carries the same Message-ID.
    assert len(set(server.handler.message_ids)) == 1


def test_a_5xx_fails_with_the_servers_words_and_due_lists_it(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    server.handler.refuse_recipient(SMITHS)
    result = clerk("email", "send")
    assert "failed 1" in result.output
    row = json.loads(clerk("email", "status", "--json").output)[0]
    assert row["state"] == "failed" and "550" in row["last_reply"]
    due = json.loads(clerk("due", "--json").output)
    (failed,) = [item for item in due if item["status"] == "email_failed"]
    assert SMITHS in failed["words"] and "550" in failed["words"]
    assert services(clerk) == []


def test_a_bill_the_ordinance_sends_by_certified_mail_goes_as_a_courtesy_copy(clerk, server):
    number = directive(clerk)
    # The directive's ordinance allows email; make the recipient's copy of a bill instead:
    # any notice type without "email" among its methods is a courtesy copy.
    clerk(
        "case",
        "open",
        "--from",
        str(Path(__file__).parent.parent / "casebook/village-a/maintenance-bill.toml"),
    )
    bill = issued_number(clerk("issue", "VA-C-2026-0002"))
    queued = clerk(
        "email", "queue", bill, "--to", "max@example.net", "--source", "his call of 2026-11-29"
    )
    assert "a courtesy copy" in queued.output
    clerk("email", "send")
    (received,) = server.handler.accepted
    message = message_from_bytes(received.content, policy=default)
    assert "(copy)" in message["Subject"]
    assert "not service" in message.get_body(("plain",)).get_content()
    shown = json.loads(clerk("case", "show", "VA-C-2026-0002", "--json").output)
    assert [d["services"] for d in shown["documents"]] == [[]]
    assert number  # the directive stays unsent


def test_dry_run_writes_eml_files_and_sends_nothing(clerk, server, tmp_path):
    number = directive(clerk)
    clerk("email", "queue", number)
    clerk("email", "send", "--dry-run", str(tmp_path / "eml"))
    (written,) = list((tmp_path / "eml").glob("*.eml"))
    assert message_from_bytes(written.read_bytes(), policy=default)["To"].addresses[0].username
    assert server.handler.received == []
    assert json.loads(clerk("email", "status", "--json").output)[0]["state"] == "queued"


def test_a_kill_in_the_middle_of_fifty_messages_loses_none_and_repeats_only_the_one_in_flight(
    clerk, server
):
    number = directive(clerk)
    addresses = [f"reader{n:02d}@example.net" for n in range(50)]
    give_emails(clerk, "VA-C-2026-0001", addresses)
    for address in addresses:
        clerk("email", "queue", number, "--to", address)
    # A tenth of a second between messages: the kill lands in the middle of the run.
    settings_toml(clerk.office, server.port, per_minute=600)
    env = {**os.environ, "NOTICECLERK_TODAY": TODAY}
    command = [
        sys.executable,
        "-c",
        "from noticeclerk.cli import main; main()",
        "--workspace",
        str(clerk.office),
        "email",
        "send",
    ]
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while len(server.handler.received) < 10 and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    before = len(server.handler.received)
    assert 0 < before < 50
    settings_toml(clerk.office, server.port)
    clerk("email", "send")
    ids = server.handler.message_ids
    assert {m.rcpt_tos[0] for m in server.handler.accepted} == set(addresses)
    repeated = {identifier for identifier in ids if ids.count(identifier) > 1}
    assert len(repeated) <= 1  # only the message in flight when the process died
    states = {row["state"] for row in json.loads(clerk("email", "status", "--json").output)}
    assert states == {"sent"}


def test_due_says_a_queued_document_waits_in_the_outbox(clerk):
    number = directive(clerk)
    clerk("email", "queue", number)
    (item,) = json.loads(clerk("due", "--json").output)
    assert item["status"] == "not_served"
    assert f"Waiting in the email outbox for {SMITHS}" in item["words"]


def test_one_of_two_recipients_refused_leaves_the_other_sent(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    give_emails(clerk, "VA-C-2026-0001", ["tenant@example.net"])
    clerk("email", "queue", number, "--to", "tenant@example.net")
    server.handler.refuse_recipient("tenant@example.net")
    assert "Sent 1, deferred 0, failed 1." in clerk("email", "send").output
    rows = json.loads(clerk("email", "status", "--json").output)
    assert {(row["recipient"], row["state"]) for row in rows} == {
        (SMITHS, "sent"),
        ("tenant@example.net", "failed"),
    }
    (service,) = services(clerk)
    assert service["email"] == SMITHS


def test_a_server_that_cannot_be_reached_stops_the_run_and_leaves_the_outbox_as_it_was(
    clerk, tmp_path
):
    number = directive(clerk)
    clerk("email", "queue", number)
    with running_server(tmp_path / "gone") as gone:
        port = gone.port  # a port nothing listens on once the block ends
    settings_toml(clerk.office, port)
    result = clerk("email", "send", ok=False)
    assert result.exit_code == 1
    assert result.output.startswith("Error: ") and "127.0.0.1" in result.output
    assert "Traceback" not in result.output
    assert json.loads(clerk("email", "status", "--json").output)[0]["state"] == "queued"


def test_without_settings_the_clerk_is_told_what_to_write(clerk):
    (clerk.office / "settings.toml").unlink()
    number = directive(clerk)
    result = clerk("email", "queue", number, ok=False)
    assert result.exit_code == 1 and "settings.toml" in result.output and "[smtp]" in result.output


def test_email_test_says_what_the_server_answered(clerk):
    lines = clerk("email", "test").output.splitlines()
    assert lines[0].startswith("Connected to 127.0.0.1:") and "220" in lines[0]
    assert any(line.startswith("QUIT: 221") for line in lines)


def test_the_affidavit_swears_to_the_email_and_the_servers_reply(clerk, server, tmp_path):
    number = directive(clerk)
    clerk("email", "queue", number)
    clerk("email", "send")
    (received,) = server.handler.accepted
    out = tmp_path / "proof"
    clerk("proof", number, "--out", str(out))
    text = " ".join(pdf_text(next(out.rglob("*.pdf"))).split())
    assert f"by email, sending it to {SMITHS}, the address on file with the Village" in text
    assert received.queue_id in text


def test_the_cover_of_a_served_directive_quotes_the_section_that_allows_email(clerk, server):
    number = directive(clerk)
    clerk("email", "queue", number)
    clerk("email", "send")
    (received,) = server.handler.accepted
    text = message_from_bytes(received.content, policy=default).get_body(("plain",)).get_content()
    assert "This email serves the document on you as § 134-43C (inferred)" in " ".join(text.split())
    assert "provided to any department of the Village by an owner or resident" in " ".join(
        text.split()
    )
