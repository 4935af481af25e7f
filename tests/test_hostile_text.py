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
