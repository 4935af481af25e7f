"""Luck's return of the costs of removing an obstruction from a lawfully obstructed sidewalk to
the Village Clerk-Treasurer (§ 496-9F, inferred), walked at the command line after the street
privilege permit and its revocation with the 24-hour notice, with a fixed clock: what the
register gives it (the notice's number, delivery and the moment its 24 hours ran out), and each
refusal with its sentence and no number taken: no removal before the 24 hours ran out, and no
return for goods the permit never covered (those go by the bill of § 496-8F, inferred)."""

from __future__ import annotations

import pytest
from clerk import Clerk, clerk_at, issued_number
from test_chains_luck import PRIVILEGE_REVOCATION, exported_text, facts, privilege_permit

CASE = "LU-C-2026-0001"
NOTICE = "LU-D-2026-00001"
RETURN = "LU-D-2026-00002"
REMOVAL = (
    "--fact=removal_work=A crew carried the lumber to the Village garage.",
    "--fact=tax_roll=the 2026 tax roll",
    "--fact=costs=Labor, two employees, 2 hours each|148.00",
    "--fact=costs=Village dump truck with operator, 2 hours|130.00",
)


def noticed(clerk: Clerk, *, covered: bool = True, serve: bool = True) -> None:
    """The permit of May 4, 2026; its revocation with the 24-hour notice, handed to the owner on
    Thursday, June 11 at 8:30 a.m.: the 24 hours run out at 8:30 a.m. on Friday, June 12."""
    privilege_permit(clerk)
    revocation = [f for f in PRIVILEGE_REVOCATION if not f.startswith("covered_by_permit=")]
    clerk(
        "case",
        "record",
        CASE,
        *facts(
            *revocation, f"covered_by_permit={str(covered).lower()}", "found_at=2026-06-11T06:15"
        ),
        today="2026-06-11",
    )
    clerk("issue", CASE, "street-privilege-revocation", today="2026-06-11")
    if serve:
        clerk(
            "serve",
            NOTICE,
            "--method",
            "hand_owner",
            "--by",
            "Pat Lindqvist",
            "--at",
            "2026-06-11T08:30",
            "--to",
            "the owner",
            "--address",
            "the premises",
            today="2026-06-12",
        )


def removed(clerk: Clerk, at: str) -> None:
    clerk("case", "record", CASE, f"--fact=removed_at={at}", *REMOVAL, today="2026-06-12")


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path / "office", runner, "luck")


def test_the_return_repeats_the_notice_and_the_end_of_its_24_hours_from_the_register(
    clerk, tmp_path
):
    noticed(clerk)
    removed(clerk, "2026-06-12T15:40")
    issued = clerk("issue", CASE, "street-privilege-cost-return", today="2026-06-15")
    assert issued_number(issued) == RETURN
    text = exported_text(clerk, RETURN, tmp_path)
    assert f"24-hour notice: {NOTICE}, delivered June 11, 2026" in text
    assert "those 24 hours ran out at 8:30 a.m. CDT on Friday, June 12, 2026" in text
    assert "Costs and expenses returned $278.00" in text
    assert "on the 2026 tax roll as a special charge against the property abutting" in text
    typed = clerk("case", "record", CASE, f"--fact=notice_number={NOTICE}", ok=False)
    assert "'notice_number' is not recorded" in typed.output


def test_a_removal_before_the_24_hours_ran_out_is_refused_and_takes_no_number(clerk):
    noticed(clerk)
    removed(clerk, "2026-06-12T08:00")
    early = clerk("issue", CASE, "street-privilege-cost-return", today="2026-06-12", ok=False)
    assert early.exit_code == 1
    assert "before the 24 hours after the notice" in early.output
    assert "ran out at Friday, June 12, 2026 at 8:30 a.m. CDT" in early.output
    removed(clerk, "2026-06-12T08:31")
    assert (
        issued_number(clerk("issue", CASE, "street-privilege-cost-return", today="2026-06-12"))
        == RETURN
    )


def test_no_return_is_made_before_the_notice_is_delivered(clerk):
    noticed(clerk, serve=False)
    removed(clerk, "2026-06-12T15:40")
    refused = clerk("issue", CASE, "street-privilege-cost-return", today="2026-06-15", ok=False)
    assert refused.exit_code == 1
    assert f"{NOTICE} has not been served" in refused.output


def test_goods_the_permit_never_covered_go_by_the_bill_of_496_8f_not_this_return(clerk):
    noticed(clerk, covered=False)
    removed(clerk, "2026-06-12T15:40")
    refused = clerk("issue", CASE, "street-privilege-cost-return", today="2026-06-15", ok=False)
    assert refused.exit_code == 1
    assert "the sidewalk was not lawfully obstructed" in refused.output
    assert "§ 496-8F (inferred)" in refused.output


def test_the_return_needs_the_24_hour_notice_first(clerk):
    privilege_permit(clerk)
    refused = clerk("issue", CASE, "street-privilege-cost-return", today="2026-06-15", ok=False)
    assert "follows a 'street-privilege-revocation' issued in case" in refused.output


def test_one_return_is_made_for_each_notice(clerk):
    noticed(clerk)
    removed(clerk, "2026-06-12T15:40")
    clerk("issue", CASE, "street-privilege-cost-return", today="2026-06-15")
    second = clerk("issue", CASE, "street-privilege-cost-return", today="2026-06-16", ok=False)
    assert second.exit_code == 1
    assert f"{RETURN} is already the Return of Costs" in second.output
