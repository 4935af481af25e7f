"""The email outbox at the desk (issue 19): what `email status` lists, for any role to read;
documents queued and the outbox sent by a job, against a real SMTP server on loopback."""

from __future__ import annotations

import pytest
from clerk import VILLAGE_A_DIRECTIVE, clerk_at, issued_number
from click.testing import CliRunner
from desk import add_users, field_errors, form_token, register_rows
from desk import signed_in as signed_in_on
from smtp_server import running_server
from test_email_outbox import SMITHS, settings_toml

DAY = "2026-12-01"


def test_the_outbox_lists_each_queued_message_and_filters_by_state(tmp_path):
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    settings_toml(clerk.office, 2525)
    clerk(*VILLAGE_A_DIRECTIVE, today="2026-12-01")
    number = issued_number(clerk("issue", "VA-C-2026-0001", today="2026-12-01"))
    clerk("email", "queue", number, today="2026-12-01")
    add_users(clerk, ("a.counsel", "attorney"))
    client = signed_in_on(clerk, "a.counsel", "2026-12-01")
    page = client.get("/outbox").text
    assert f'<th scope="row">{number}' in page
    assert f"<td>{SMITHS}</td>" in page and "<td>queued</td>" in page
    assert "No message is failed." in client.get("/outbox?state=failed").text
    assert number in client.get("/outbox?state=nonsense").text  # an unknown state lists all


@pytest.fixture
def server(tmp_path):  # type: ignore[no-untyped-def]
    with running_server(tmp_path) as running:
        yield running


@pytest.fixture
def directive(tmp_path, server):  # type: ignore[no-untyped-def]
    """Village A's directive issued, the office's mail server the test's own, a clerk and an
    attorney able to sign in."""
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    settings_toml(clerk.office, server.port)
    clerk(*VILLAGE_A_DIRECTIVE, today=DAY)
    number = issued_number(clerk("issue", "VA-C-2026-0001", today=DAY))
    add_users(clerk, ("t.brennan", "clerk"), ("a.counsel", "attorney"))
    return clerk, number


def test_a_clerk_queues_a_directive_and_sends_the_outbox_whose_job_lists_the_servers_answer(
    directive, server
):
    clerk, number = directive
    client = signed_in_on(clerk, "t.brennan", DAY)
    page = client.get("/outbox").text
    answer = client.post(
        "/outbox/queue", data={"form_token": form_token(page), "documents": number}
    )
    assert answer.status_code == 302
    assert f"Queued {number} to {SMITHS}: service by email." in client.get("/outbox").text
    sent = client.post("/outbox/send", data={"form_token": form_token(page)})
    client.application.extensions["noticeclerk.jobs"].wait(timeout=60)
    job = client.get(sent.headers["Location"]).text
    assert "Sent 1, deferred 0, failed 0." in job
    assert f"[1/1] {number} to {SMITHS}: sent (service recorded); 250" in job
    (received,) = server.handler.accepted
    assert received.rcpt_tos == (SMITHS,)
    (service,) = register_rows(clerk, "SELECT method, email, recorded_by FROM services")
    assert service == ("email", SMITHS, "t.brennan")


def test_an_address_not_on_file_needs_where_it_came_from_next_to_its_field(directive):
    clerk, number = directive
    client = signed_in_on(clerk, "t.brennan", DAY)
    token = form_token(client.get("/outbox").text)
    fields = {"form_token": token, "documents": number, "to": "ed@other.example"}
    refused = client.post("/outbox/queue", data=fields)
    assert refused.status_code == 400
    assert field_errors(refused.text)["source"].startswith("Say where the Village got")
    bad = client.post("/outbox/queue", data=fields | {"to": "not an address", "source": "a letter"})
    assert bad.status_code == 400 and "“Another address to send to”" in bad.text
    assert "--to" not in bad.text
    assert register_rows(clerk, "SELECT count(*) FROM outbox") == [(0,)]


def test_an_outbox_sent_without_a_mail_server_says_what_to_set(directive):
    clerk, _ = directive
    (clerk.office / "settings.toml").unlink()
    client = signed_in_on(clerk, "t.brennan", DAY)
    sent = client.post("/outbox/send", data={"form_token": form_token(client.get("/outbox").text)})
    client.application.extensions["noticeclerk.jobs"].wait(timeout=60)
    job = client.get(sent.headers["Location"]).text
    assert "Not done:" in job and "settings.toml" in job


def test_an_attorney_reads_the_outbox_but_neither_queues_nor_sends(directive):
    clerk, number = directive
    client = signed_in_on(clerk, "a.counsel", DAY)
    page = client.get("/outbox").text
    assert "Send what waits" not in page
    for path in ("/outbox/queue", "/outbox/send"):
        assert (
            client.post(
                path, data={"form_token": form_token(page), "documents": number}
            ).status_code
            == 403
        )
