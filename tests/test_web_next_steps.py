"""The desk's links to issue are the case's next steps (register.next_steps), the same answer
`case show`, `due` and `issue` give: a document to each owner is one link that issues them all,
and what may not be issued yet is shown with why and from when."""

from __future__ import annotations

import html
import re

import pytest
from clerk import Clerk, clerk_at
from click.testing import CliRunner
from desk import add_users, form_token, register_rows, signed_in
from test_register_chains import BILL_FACTS

CASE = "VA-C-2026-0001"
OWNERS = ("0301-02-011", "0301-02-004")
# The Village's work of January 14-15, as the register's chain tests record it.
WORK = BILL_FACTS


@pytest.fixture
def office(tmp_path) -> Clerk:
    """Directives to the owners of two properties of A Street, handed over on January 5, 2026;
    the Village's work of January 14-15 recorded."""
    clerk = clerk_at(tmp_path, CliRunner(), "village-a")
    clerk(
        "case", "open", "--village", "village-a",
        *[option for parcel in OWNERS for option in ("--parcel", parcel)],
        "--notice-type", "directive-to-comply",
        "--fact=inspection_date=2026-01-02", "--fact=street_name=A Street (private)",
        "--fact=conditions=Debris blocks the travel lane.", "--fact=corrective_action=Remove it.",
        today="2026-01-02",
    )  # fmt: skip
    clerk("issue", CASE, today="2026-01-05")
    for number in ("VA-D-2026-00001", "VA-D-2026-00002"):
        clerk(
            "serve", number, "--method", "hand_owner", "--by", "R. Ortiz",
            "--at", "2026-01-05T10:00", "--to", "the owner", "--address", "the premises",
            today="2026-01-06",
        )  # fmt: skip
    clerk("case", "record", CASE, *[f"--fact={fact}" for fact in WORK], today="2026-01-06")
    add_users(clerk, ("t.brennan", "clerk"))
    return clerk


def links(page: str) -> list[str]:
    return [html.unescape(href) for href in re.findall(r'href="(/cases/[^"]+/issue/[^"]+)"', page)]


def test_before_the_directive_s_seven_days_have_run_the_bill_is_shown_not_yet_with_why(office):
    page = signed_in(office, "t.brennan", "2026-01-08").get(f"/cases/{CASE}").text
    assert links(page) == []
    # The Village's work, finished January 15, is billed once done: not yet, and from when.
    not_yet = page.split("<h3>Not yet</h3>")[1].split("</ul>")[0]
    assert "The Bill for Private Street Maintenance Performed by the Village" in not_yet
    assert "It may be issued from Thursday, January 15, 2026." in not_yet


def test_a_bill_for_work_begun_within_the_owner_s_time_is_shown_not_to_be_issued(office):
    office("case", "record", CASE, "--fact=work_started=2026-01-09", today="2026-02-02")
    page = signed_in(office, "t.brennan", "2026-02-02").get(f"/cases/{CASE}").text
    assert links(page) == []
    barred = html.unescape(page.split("<h3>Not to be issued on the records as they stand</h3>")[1])
    assert "The Village began the maintenance on Friday, January 9, 2026" in barred


def test_the_bills_to_each_owner_are_one_link_that_issues_both(office):
    client = signed_in(office, "t.brennan", "2026-02-02")
    page = client.get(f"/cases/{CASE}").text
    # One link for both owners' bills, with no document named: issue pairs each owner's.
    assert links(page) == [f"/cases/{CASE}/issue/maintenance-bill"]
    preview = client.get(f"/cases/{CASE}/issue/maintenance-bill").text
    seen = re.search(r'name="seen" value="([^"]+)"', preview)[1]
    answer = client.post(
        f"/cases/{CASE}/issue/maintenance-bill",
        data={"form_token": form_token(preview), "seen": seen},
    )
    assert answer.status_code == 302
    bills = register_rows(
        office, "SELECT follows, parcel_id FROM documents WHERE notice_type = 'maintenance-bill'"
    )
    assert sorted(bills) == [("VA-D-2026-00001", "0301-02-011"), ("VA-D-2026-00002", "0301-02-004")]
    # Given once to each owner (§ 134-45A): no longer offered.
    assert "issue/maintenance-bill" not in client.get(f"/cases/{CASE}").text
