"""Receipts at the desk (issue 19): green cards scanned one after another into one box, each
recorded as `noticeclerk receipt --scan` records it, a refused card listed with its sentence and
left in the box while the others are recorded."""

from __future__ import annotations

import re

import pytest
from clerk import Clerk, article, clerk_at
from click.testing import CliRunner
from desk import add_users, field_errors, register_rows, send
from desk import signed_in as signed_in_on
from test_chains_luck import street_obstruction_mailed

DAY = "2026-10-20"


@pytest.fixture
def office(tmp_path) -> Clerk:
    """Luck's street obstruction notice, mailed certified on October 14 with article(1)."""
    clerk = clerk_at(tmp_path, CliRunner(), "luck")
    street_obstruction_mailed(clerk, signed=False)
    add_users(clerk, ("t.brennan", "clerk"), ("m.treas", "treasurer"))
    return clerk


def events(clerk: Clerk) -> list[tuple]:
    return register_rows(clerk, "SELECT kind, recorded_by FROM service_events ORDER BY id")


def test_scanned_cards_are_recorded_each_on_its_own_and_a_refused_one_stays_in_the_box(office):
    client = signed_in_on(office, "t.brennan", DAY)
    spaced = " ".join(re.findall(".{1,4}", article(1)))  # as a clerk types it off the card
    answer = send(
        client, "/receipts",
        {"kind": "receipt_signed", "day": "10/19/2026", "signed_by": "M ROSS", "numbers": f"{spaced}\n9400000000000000000000\n"},
    )  # fmt: skip
    assert answer.status_code == 400  # one card was not recorded
    listed = re.findall(r"<li>([^<]+): (.*?)</li>", answer.text, flags=re.S)
    assert listed[0][0] == spaced and listed[0][1].startswith("Recorded for LU-D-2026-00001")
    assert "not recorded" in listed[1][1]
    assert re.search(r'<textarea id="numbers"[^>]*>9400000000000000000000</textarea>', answer.text)
    assert events(office) == [("receipt_signed", "t.brennan")]
    assert "Receipt signed" in office("case", "show", "LU-C-2026-0001", today=DAY).output


def test_what_happened_and_the_day_are_asked_before_any_card_is_recorded(office):
    client = signed_in_on(office, "t.brennan", DAY)
    answer = send(client, "/receipts", {"kind": "", "day": "10/19/26", "numbers": article(1)})
    assert answer.status_code == 400
    assert set(field_errors(answer.text)) == {"kind", "day"}
    wrong = send(
        client,
        "/receipts",
        {
            "kind": "returned_unclaimed",
            "day": "10/19/2026",
            "signed_by": "M ROSS",
            "numbers": article(1),
        },
    )
    assert "signed_by" in field_errors(wrong.text)
    assert events(office) == []


def test_a_treasurer_records_no_receipt(office):
    client = signed_in_on(office, "m.treas", DAY)
    assert client.get("/receipts").status_code == 403
