"""The email outbox at the desk (issue 19): what `email status` lists, for any role to read."""

from __future__ import annotations

from clerk import VILLAGE_A_DIRECTIVE, clerk_at, issued_number
from click.testing import CliRunner
from desk import add_users
from desk import signed_in as signed_in_on
from test_email_outbox import SMITHS, settings_toml


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
