"""Text no document can print (a bell, a terminal escape, a NUL) refused where the clerk types
it, with one sentence, before it reaches the register or a Word file that cannot hold it."""

from __future__ import annotations

import json

import pytest
from clerk import CASEBOOK, clerk_at

BELL = "John\x07 Smith"
ESCAPE = "Admin\x1b[31m"


@pytest.fixture
def clerk(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner, "village-a")
    clerk(
        "case",
        "open",
        "--village",
        "village-a",
        "--parcel",
        "0301-02-009",
        "--notice-type",
        "directive-to-comply",
        "--fact=inspection_date=2026-01-02",
        "--fact=street_name=A St",
        "--fact=conditions=Debris.",
        "--fact=corrective_action=Remove it.",
    )
    return clerk


def test_a_control_character_in_a_fact_is_refused_at_the_counter(clerk):
    result = clerk("case", "record", "VA-C-2026-0001", "--fact", f"street_name={BELL}", ok=False)
    assert result.exit_code == 1
    assert "The fact 'street_name' contains a control character (U+0007)" in result.output
    assert "Traceback" not in result.output


def test_a_control_character_in_a_recipient_is_refused_and_takes_no_number(clerk):
    result = clerk(
        "issue",
        "VA-C-2026-0001",
        "--recipient-name",
        BELL,
        "--recipient-address",
        "88 Harbor View Road|STAMFORD CT 06902",
        ok=False,
    )
    assert result.exit_code == 1
    assert "the recipient's name contains a control character (U+0007)" in result.output
    party = clerk(
        "case",
        "party",
        "VA-C-2026-0001",
        "--role",
        "officer",
        "--name",
        ESCAPE,
        "--address",
        "Village Hall|VILLAGE A NY 10000",
        ok=False,
    )
    assert "contains a control character (U+001B)" in party.output
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert shown["documents"] == [] and shown["parties"] == []


def test_a_roll_with_a_control_character_is_refused_whole(tmp_path, runner):
    clerk = clerk_at(tmp_path, runner)
    roll = (CASEBOOK / "village-a" / "roll.csv").read_text(encoding="utf-8")
    hostile = tmp_path / "roll.csv"
    hostile.write_text(roll.replace("Max Ross", "Max\x1b[2J Ross"), encoding="utf-8")
    result = clerk("roll", "import", str(hostile), "--village", "village-a", ok=False)
    assert result.exit_code == 1
    assert "contains a control character" in result.output


@pytest.mark.parametrize(
    ("option", "named"),
    [
        ("--by", "The server's name (--by)"),
        ("--to", "The person it was left with (--to)"),
        ("--note", "The note (--note)"),
        ("--address", "The address (--address)"),
    ],
)
def test_a_control_character_in_a_service_is_refused_before_the_affidavit_prints_it(
    clerk, option, named
):
    clerk("issue", "VA-C-2026-0001")
    given = {"--by": "R. Ortiz", "--to": "Ann Doe", "--note": "At the door.", "--address": "x"}
    given[option] = ESCAPE
    args = [item for pair in given.items() for item in pair]
    result = clerk(
        "serve", "VA-D-2026-00001", "--method", "hand_suitable_age", "--at",
        "2026-01-05T10:00", *args, ok=False,
    )  # fmt: skip
    assert result.exit_code == 1
    assert f"{named} contains a control character (U+001B)" in result.output
    shown = json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)
    assert shown["documents"][0]["services"] == []


def test_control_characters_in_a_payment_a_void_and_a_closing_are_refused(clerk):
    clerk("issue", "VA-C-2026-0001")
    voided = clerk("void", "VA-D-2026-00001", "--reason", BELL, ok=False)
    assert "The reason (--reason) contains a control character (U+0007)" in voided.output
    closed = clerk(
        "case", "close", "VA-C-2026-0001", "--reason", "complied", "--note", BELL, ok=False
    )
    assert "The note (--note) contains a control character (U+0007)" in closed.output
    assert (
        json.loads(clerk("case", "show", "VA-C-2026-0001", "--json").output)["documents"][0][
            "status"
        ]
        == "issued"
    )
