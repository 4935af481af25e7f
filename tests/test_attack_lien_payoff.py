"""Attacks on Village A's lien payoff statement and satisfaction (§ 134-45D-E, inferred), at the
command line with a fixed clock: each test is a sequence a hostile or careless clerk could type,
and states what the register should do. Every one fails on the commit that added the payoff.

The sample is tests/test_chains_village_a_payoff.py's (14 A Street, $3,025.85 billed, $500.00
paid, the sworn statement filed March 3, 2026) and tests/test_village_a_liens.py's shared case
(10, 12 and 16 A Street, $3,000.00 split $1,000.00 each, the work completed February 3).
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from clerk import clerk_at, issued_number
from test_chains_village_a_payoff import BILL, CASE, amount_due, lien_filed, payoff_asked
from test_village_a_liens import (
    ABC,
    JOHN,
    SHARED,
    interest,
    liens_of_the_village,
    list_case_opened,
)


@pytest.fixture
def clerk(tmp_path, runner):
    return clerk_at(tmp_path, runner, "village-a")


def paid_in_full(clerk, payoff: str, on: str) -> None:
    clerk("pay", payoff, "--amount", amount_due(clerk, payoff), "--on", on, today=on)


def document(clerk, case: str, number: str) -> dict:
    shown = json.loads(clerk("case", "show", case, "--json").output)
    return next(d for d in shown["documents"] if d["number"] == number)


def shared_payoff(clerk, statement: str, ok: bool = True):
    clerk(
        "case",
        "record",
        SHARED,
        "--fact=payoff_on=2026-05-15",
        "--fact=collection_costs=none",
        today="2026-05-11",
    )
    return clerk(
        "issue", SHARED, "lien-payoff-statement", "--follows", statement, today="2026-05-11", ok=ok
    )


# --- Three properties sharing one bill (§ 134-45F, inferred) ---------------------------------


def test_a_payoff_in_a_shared_case_pays_off_the_owners_portion_not_the_whole_cost(clerk):
    found = liens_of_the_village(clerk)
    payoff = issued_number(shared_payoff(clerk, found["john"]))
    assert document(clerk, SHARED, payoff)["parcel_id"] == "0301-02-009"
    # John Smith's lien is his third of $3,000.00, unpaid, with interest from February 3 to
    # May 15 (101 days); the payoff printed $3,074.71, the whole cost of the three properties.
    expected = Decimal("1000.00") + interest("1000.00", 101)
    assert amount_due(clerk, payoff) == str(expected)


def test_a_payoff_is_refused_for_a_shared_property_whose_portion_is_paid_in_full(clerk):
    found = liens_of_the_village(clerk)
    # ABC LLC paid its $1,000.00 portion in full on March 20; the payoff still asked $2,060.91.
    refused = shared_payoff(clerk, found["abc"], ok=False)
    assert refused.exit_code == 1, refused.output
    assert "is paid in full" in refused.output
    assert "Issued" not in refused.output
    assert document(clerk, SHARED, ABC)["paid"] == "1000.00"
    assert document(clerk, SHARED, JOHN)["paid"] == "0.00"


# --- The lien collected twice ----------------------------------------------------------------


def test_a_second_payoff_is_refused_once_a_payoff_of_the_lien_is_paid_in_full(clerk):
    lien_filed(clerk)
    first = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15"))
    paid_in_full(clerk, first, "2026-05-12")
    # Nothing is left to pay off, yet a second payoff asked $2,744.41 again (and took it).
    again = payoff_asked(clerk, "2026-05-13", "2026-05-20", ok=False)
    assert again.exit_code == 1, again.output
    assert f"{first}, a payoff of this lien, was paid in full; the lien is paid" in again.output
    assert "Issued" not in again.output


def test_a_payoff_takes_its_whole_amount_and_a_part_goes_on_the_bill_for_the_next_one(clerk):
    lien_filed(clerk)
    first = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15", costs="none"))
    # A payoff states the one amount that pays the lien: a part of it, recorded there, was
    # forgotten by the next payoff. The part is refused on the payoff ...
    part = clerk(
        "pay", first, "--amount", "1,000.00", "--on", "2026-05-12", today="2026-05-12", ok=False
    )
    assert part.exit_code == 1
    assert "record a part payment on the bill itself" in part.output
    assert document(clerk, CASE, first)["paid"] == "0.00"
    # ... and recorded on the bill, where the next payoff counts it.
    clerk("pay", BILL, "--amount", "1,000.00", "--on", "2026-05-12", today="2026-05-12")
    second = issued_number(payoff_asked(clerk, "2026-05-13", "2026-05-20", costs="none"))
    assert Decimal(amount_due(clerk, second)) < Decimal("1700.00")


def test_a_payment_on_the_bill_is_refused_once_its_lien_is_paid_off(clerk):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15"))
    paid_in_full(clerk, payoff, "2026-05-12")
    more = clerk(
        "pay", BILL, "--amount", "2,525.85", "--on", "2026-05-13", today="2026-05-13", ok=False
    )
    assert more.exit_code == 1, more.output
    assert f"{payoff}, a payoff of what {BILL} charges, was paid in full" in more.output
    assert document(clerk, CASE, BILL)["paid"] == "500.00"


def test_a_payoff_is_not_paid_again_after_the_bill_it_pays_off_was_paid(clerk):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15"))
    clerk("pay", BILL, "--amount", "2,525.85", "--on", "2026-05-12", today="2026-05-12")
    # The payoff still counts $2,525.85 of principal the bill has since received: paying it in
    # full collects that principal twice, and a satisfaction followed.
    stale = clerk(
        "pay", payoff, "--amount", "2,741.30", "--on", "2026-05-13", today="2026-05-13", ok=False
    )
    assert stale.exit_code == 1, stale.output
    assert "the amount paid is now $3,025.85, where it printed $500.00" in stale.output
    assert document(clerk, CASE, payoff)["paid"] == "0.00"


def test_voiding_a_paid_payoff_does_not_leave_the_lien_to_be_paid_again(clerk):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15"))
    paid_in_full(clerk, payoff, "2026-05-12")
    voided = clerk("void", payoff, "--reason", "misprint", today="2026-05-12", ok=False)
    again = payoff_asked(clerk, "2026-05-13", "2026-05-20", ok=False)
    # Either the void is refused while money is recorded on it, or the money still counts:
    # the register accepted the void and issued a payoff of the whole lien again.
    assert voided.exit_code == 1 or again.exit_code == 1, (voided.output, again.output)


def test_a_satisfied_lien_is_not_gathered_for_the_roll_after_its_payoff_is_voided(clerk):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-03-20", "2026-03-25"))
    listed = list_case_opened(clerk)
    paid_in_full(clerk, payoff, "2026-03-24")
    clerk("issue", CASE, "lien-satisfaction", today="2026-03-25")
    voided = clerk("void", payoff, "--reason", "misprint", today="2026-03-26", ok=False)
    gathered = clerk("issue", listed, today="2026-04-01", ok=False)
    # The satisfaction stands, yet the lien went on the list for the assessment roll.
    assert voided.exit_code == 1 or (
        gathered.exit_code == 1 and "would list nothing" in gathered.output
    ), (voided.output, gathered.output)


def test_a_payoff_is_refused_once_the_lien_is_listed_for_the_assessment_roll(clerk):
    lien_filed(clerk)
    listed = list_case_opened(clerk)
    assert "Issued" in clerk("issue", listed, today="2026-04-01").output
    # § 134-45E (inferred): the lien is now collected as the Village's real property taxes; a
    # payoff paid to the Clerk collects it a second time, and nothing says so.
    late = payoff_asked(clerk, "2026-04-10", "2026-04-15", ok=False)
    assert late.exit_code == 1, late.output
    assert "The lien is on the list of unpaid liens VA-D-2026-00003 for the assessment roll" in (
        late.output
    )
    assert "Issued" not in late.output


def test_a_payment_dated_after_today_is_refused(clerk):
    lien_filed(clerk)
    payoff = issued_number(payoff_asked(clerk, "2026-05-11", "2026-05-15"))
    early = clerk(
        "pay",
        payoff,
        "--amount",
        amount_due(clerk, payoff),
        "--on",
        "2026-05-14",
        today="2026-05-12",
        ok=False,
    )
    assert early.exit_code == 1
    assert "Thursday, May 14, 2026 is after today, Tuesday, May 12, 2026" in early.output
    assert document(clerk, CASE, payoff)["paid"] == "0.00"
