"""Tuckahoe § 19-34(b): a snow removal bill is "presented to the owner or left at his residence,
or, if a nonresident, mailed to his last known place of residence"; the roll says which the
owner is, and service the section does not allow for that owner is refused."""

from __future__ import annotations

import pytest
from clerk import CASEBOOK, clerk_at, issued_number


@pytest.fixture
def bill(tmp_path, runner):
    """A snow removal bill to the owner of 62 Columbus Avenue, whom the roll shows living in
    Stamford, Connecticut (resident = no)."""
    clerk = clerk_at(tmp_path, runner, "tuckahoe")
    clerk("case", "open", "--from", str(CASEBOOK / "tuckahoe" / "snow-removal-bill.toml"))
    number = issued_number(clerk("issue", "TU-C-2026-0001", "--date", "2026-11-30"))
    return clerk, number


def test_a_nonresident_s_bill_is_not_left_at_a_residence(bill):
    clerk, number = bill
    left = clerk(
        "serve",
        number,
        "--method",
        "leave_at_residence",
        "--by",
        "J. Russo",
        "--at",
        "2026-11-30T10:00",
        "--address",
        "the premises",
        ok=False,
    )
    assert left.exit_code == 1
    assert "The roll shows the owner of parcel 205 as not resident" in left.output
    assert "--method mail_nonresident" in left.output
    clerk(
        "serve",
        number,
        "--method",
        "mail_nonresident",
        "--by",
        "J. Russo",
        "--at",
        "2026-11-30T10:00",
        today="2026-12-01",
    )


def test_a_resident_s_bill_is_not_mailed_as_if_to_a_nonresident(bill, tmp_path):
    clerk, number = bill
    roll = (CASEBOOK / "tuckahoe" / "roll.csv").read_text(encoding="utf-8")
    moved_in = tmp_path / "roll.csv"
    moved_in.write_text(roll.replace(",5,no", ",5,yes"), encoding="utf-8")
    clerk("roll", "import", str(moved_in), "--village", "tuckahoe", today="2026-12-01")
    mailed = clerk(
        "serve",
        number,
        "--method",
        "mail_nonresident",
        "--by",
        "J. Russo",
        "--at",
        "2026-12-01T10:00",
        ok=False,
    )
    assert mailed.exit_code == 1
    assert "The roll shows the owner of parcel 205 as resident" in mailed.output
